import Foundation

/// The store's table of interned map keys: a map key of 1 to 64 bytes is
/// written into documents as a small number instead of its spelling, once the
/// key is in the table (see `DocumentFormat.swift`). GeoJSON `properties` and
/// JSON records repeat the same few keys in every object; spelled out they
/// were a quarter of each document.
///
/// Numbers are handed out in the write transaction only, so two processes can
/// never give one number two spellings: the table is the `keys` database of
/// the store (number, big-endian → UTF-8), mirrored here. A number stays
/// *pending* until the transaction that gave it commits; an abort forgets it.
/// Committed numbers never change, so readers and encoders on other threads
/// use them without locking, and encoders outside the write transaction (the
/// importer's parser threads) use only those, spelling new keys out.
///
/// ```swift
/// let table = MapKeyTable()
/// table.beginWrite(loading: [])
/// let id = table.number(for: "population", interning: true)   // 0, pending
/// table.commitPending()
/// ```
package final class MapKeyTable: @unchecked Sendable {
    /// The most keys a store interns; later keys are spelled out.
    package static let capacity = 4096
    /// The longest key interned, in UTF-8 bytes.
    package static let longestKey = 64

    /// `offset << 8 | length` of each number's spelling in `arena`; 0 when unassigned.
    private let entries: UnsafeMutablePointer<UInt64>
    private let arena: UnsafeMutablePointer<UInt8>
    private var arenaUsed = 0

    private let lock = NSLock()
    private var numbers: [String: UInt32] = [:]
    /// Numbers handed out (committed and pending).
    private var count = 0
    /// Numbers stored by a committed transaction.
    private var committed = 0
    /// The newest store version whose keys are all known here.
    private var syncedVersion = -1

    package init() {
        entries = .allocate(capacity: Self.capacity)
        entries.initialize(repeating: 0, count: Self.capacity)
        arena = .allocate(capacity: Self.capacity * Self.longestKey)
    }

    deinit {
        entries.deallocate()
        arena.deallocate()
    }

    /// The spellings, for readers of documents.
    package var spelling: MapKeySpelling { MapKeySpelling(entries: entries, arena: arena) }

    /// Whether `utf8` may be interned at all.
    @inline(__always)
    static func isInternable(_ utf8: UnsafeRawBufferPointer) -> Bool {
        utf8.count > 0 && utf8.count <= longestKey
    }

    /// The number of `key`: a committed one, or (with `interning`, only in the
    /// write transaction) a pending one handed out now. Nil when the key is not
    /// interned and may not be now, or the table is full.
    package func number(for key: UnsafeRawBufferPointer, interning: Bool) -> UInt32? {
        lookUp(key, interning: interning).number
    }

    /// ``number(for:interning:)``, and whether the key is missing from a full
    /// table (so it will never have a number), under one lock.
    func lookUp(_ key: UnsafeRawBufferPointer, interning: Bool) -> (number: UInt32?, isFull: Bool) {
        guard Self.isInternable(key) else { return (nil, false) }
        let text = String(decoding: key, as: UTF8.self)
        lock.lock()
        defer { lock.unlock() }
        if let found = numbers[text] {
            // A pending key may still be committed: only a key the table lacks meets "full".
            return (interning || Int(found) < committed ? found : nil, false)
        }
        guard interning, count < Self.capacity else { return (nil, count >= Self.capacity) }
        return (append(key, text), count >= Self.capacity)
    }

    /// Convenience for tests and small callers.
    package func number(for key: String, interning: Bool) -> UInt32? {
        var key = key
        return key.withUTF8 { number(for: UnsafeRawBufferPointer($0), interning: interning) }
    }

    /// Whether no more keys can be interned.
    package var isFull: Bool {
        lock.lock()
        defer { lock.unlock() }
        return count >= Self.capacity
    }

    private func append(_ key: UnsafeRawBufferPointer, _ text: String) -> UInt32 {
        let number = UInt32(count)
        if let source = key.baseAddress {
            (arena + arenaUsed).update(from: source.assumingMemoryBound(to: UInt8.self), count: key.count)
        }
        entries[count] = UInt64(arenaUsed) << 8 | UInt64(key.count)
        arenaUsed += key.count
        numbers[text] = number
        count += 1
        return number
    }

    // MARK: - Following the store

    /// At the start of a write transaction: forgets numbers an aborted
    /// transaction handed out, then adds `stored`, the keys numbered from the
    /// committed count on that other processes committed.
    package func beginWrite(loading stored: [[UInt8]]) {
        lock.lock()
        defer { lock.unlock() }
        while count > committed {
            count -= 1
            let entry = entries[count]
            let length = Int(entry & 0xFF)
            let offset = Int(entry >> 8)
            numbers[String(decoding: UnsafeBufferPointer(start: arena + offset, count: length), as: UTF8.self)] = nil
            entries[count] = 0
            arenaUsed = offset
        }
        load(stored)
    }

    /// The committed count, where a load from the store starts.
    package var committedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return committed
    }

    /// Whether keys committed at store `version` may be missing here.
    package func needsSync(at version: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return version > syncedVersion
    }

    /// After a read at `version` found `stored` (numbered from the committed
    /// count on): adds them, unless this process is writing (then nobody else
    /// can have committed any).
    package func sync(loading stored: [[UInt8]], version: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard count == committed else { return }
        load(stored)
        syncedVersion = max(syncedVersion, version)
    }

    private func load(_ stored: [[UInt8]]) {
        for key in stored where count < Self.capacity {
            key.withUnsafeBytes { _ = append($0, String(decoding: $0, as: UTF8.self)) }
        }
        committed = count
    }

    /// The pending keys, in number order from the committed count on, to store
    /// before the commit.
    package func pendingKeys() -> [(number: UInt32, utf8: [UInt8])] {
        lock.lock()
        defer { lock.unlock() }
        return (committed ..< count).map { n in
            let entry = entries[n]
            let bytes = UnsafeBufferPointer(start: arena + Int(entry >> 8), count: Int(entry & 0xFF))
            return (UInt32(n), Array(bytes))
        }
    }

    /// After a commit: the pending numbers are the store's now.
    package func commitPending(version: Int? = nil) {
        lock.lock()
        defer { lock.unlock() }
        committed = count
        if let version { syncedVersion = max(syncedVersion, version) }
    }
}

/// Where interned map keys are spelled out: read by documents' readers with no
/// lock (a committed number's spelling never changes or moves).
package struct MapKeySpelling: @unchecked Sendable {
    let entries: UnsafePointer<UInt64>?
    let arena: UnsafePointer<UInt8>?

    init(entries: UnsafePointer<UInt64>?, arena: UnsafePointer<UInt8>?) {
        self.entries = entries
        self.arena = arena
    }

    /// For documents read outside a store: interned keys are damage there.
    package static let none = MapKeySpelling(entries: nil, arena: nil)

    /// The UTF-8 spelling of key `number`; nil when it has none.
    @inline(__always)
    func key(_ number: Int) -> UnsafeRawBufferPointer? {
        guard let entries, let arena, number < MapKeyTable.capacity else { return nil }
        let entry = entries[number]
        guard entry != 0 else { return nil }
        return UnsafeRawBufferPointer(start: arena + Int(entry >> 8), count: Int(entry & 0xFF))
    }
}
