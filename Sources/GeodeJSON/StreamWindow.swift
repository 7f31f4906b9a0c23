import Foundation

/// The part of a pipe or other unmappable input that is still needed: bytes
/// read from a file descriptor into a buffer that drops what the reader is
/// done with, so that memory stays bounded however long the stream runs.
/// ``JSONRecordStream`` asks for more (``fill(keepingFrom:)``) when a record
/// does not end inside the window.
///
/// ```swift
/// let window = StreamWindow(descriptor: STDIN_FILENO, name: "stdin")
/// var stream = JSONRecordStream(window: window, source: "stdin", framing: .sequence)
/// while let record = try stream.next() { print(record.value) }
/// ```
package final class StreamWindow {
    /// The largest record a stream may hold by default: a window never grows past twice that.
    package static let defaultMaximumRecordBytes = 256 << 20
    /// How much one read asks for.
    static let readSize = 1 << 20

    private let descriptor: Int32
    private let name: String
    private let maximumRecordBytes: Int
    private var storage: UnsafeMutableRawBufferPointer
    private var count = 0
    /// The input offset of the window's first byte.
    package private(set) var base = 0
    /// Whether the input has ended (everything left is in the window).
    package private(set) var isAtEnd = false

    /// Reads `descriptor` (which the caller keeps open until the window is done);
    /// a record longer than `maximumRecordBytes` is a syntax error.
    package init(descriptor: Int32, name: String, maximumRecordBytes: Int = defaultMaximumRecordBytes) {
        self.descriptor = descriptor
        self.name = name
        self.maximumRecordBytes = maximumRecordBytes
        storage = .allocate(byteCount: Self.readSize, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// The bytes of the window.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0 ..< count]) }

    /// Bytes read from the input so far.
    package var bytesRead: Int { base + count }

    /// Drops the window's bytes before `keep` and reads more after the rest.
    /// Returns how many bytes were dropped (window offsets shift down by that
    /// much) and whether any new byte arrived (false at the end of the input).
    package func fill(keepingFrom keep: Int) throws -> (dropped: Int, grew: Bool) {
        let dropped = min(max(keep, 0), count)
        if dropped > 0, let start = storage.baseAddress {
            memmove(start, start + dropped, count - dropped)
            count -= dropped
            base += dropped
        }
        guard !isAtEnd else { return (dropped, false) }
        if storage.count - count < Self.readSize / 2 {
            guard count < maximumRecordBytes else {
                throw JSONError.syntax(
                    message: "a record runs past \(maximumRecordBytes) bytes without ending", source: name,
                    line: 0, column: 0, position: base + count)
            }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
            if let target = larger.baseAddress, let source = storage.baseAddress { memcpy(target, source, count) }
            storage.deallocate()
            storage = larger
        }
        while true {
            let n = read(descriptor, storage.baseAddress.map { $0 + count }, storage.count - count)
            if n > 0 {
                count += n
                return (dropped, true)
            }
            if n == 0 {
                isAtEnd = true
                return (dropped, false)
            }
            if errno == EINTR { continue }
            throw JSONError.syntax(
                message: "cannot read: \(String(cString: strerror(errno)))", source: name,
                line: 0, column: 0, position: base + count)
        }
    }
}
