/// The UTF-8 bytes of JSON text being written, in one buffer that doubles
/// when full. Written by hand rather than as an `Array`: appending to an
/// array checked its uniqueness and capacity at every byte, a third of the
/// time it took to write a small map.
///
/// ```swift
/// var bytes = JSONBytes(capacity: 256)
/// bytes.append(UInt8(ascii: "{"))
/// let text = bytes.string()
/// ```
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// The bytes written, as text.
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Runs `body` with the bytes written.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
