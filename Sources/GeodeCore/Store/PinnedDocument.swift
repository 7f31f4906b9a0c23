/// A document found through a pinned transaction and kept, so that an
/// object's properties can be read one after another with a single lookup.
///
/// The view points into the memory map. It stays good while the version it
/// was found in is pinned (LMDB does not reuse that version's pages) and the
/// map has not moved; ``read(pinnedAt:_:)`` checks both and answers false
/// when either changed, and the caller looks the document up again.
///
/// ```swift
/// let pinned = try store.pin()
/// if let document = try store.pinnedDocument(key, in: table, pinned) {
///     var name: Value?
///     let wasGood = try document.read(pinnedAt: pinned.serial) { name = try $0.value(at: 1)?.decode() }
/// }
/// ```
package struct PinnedDocument {
    /// The document's bytes in the map. The view is made at each read (a
    /// header of a few bytes) rather than kept: the document is copied into
    /// every accessor the iteration points at it, and a small one copies fast.
    private let bytes: UnsafeRawBufferPointer
    private let keys: MapKeySpelling
    /// Whether the document failed its check when found: every read of it
    /// throws, while the objects around it stay readable.
    private let isDamaged: Bool
    /// The ``PinnedTransaction/serial`` of the version it was found in.
    let pin: Int
    /// Where the map stood when the document was found.
    let map: MapLatch.Stamp

    /// The document stored under `key` as `stored` in `db`, its check
    /// verified here rather than by the cursor, so that a damaged document
    /// spoils its own reads only, not the batch it was found in.
    init(
        key: UnsafeRawBufferPointer, stored: UnsafeRawBufferPointer, in db: Database, keys: MapKeySpelling,
        pin: Int, map: MapLatch.Stamp
    ) {
        let verified = EntrySeal.verified(key: key, stored: stored)
        self.bytes = verified ?? UnsafeRawBufferPointer(start: nil, count: 0)
        self.isDamaged = verified == nil
        self.keys = keys
        self.pin = pin
        self.map = map
    }

    /// Runs `body` on the document when it is still good: `serial` is the
    /// ``PinnedTransaction/serial`` of a version the caller holds pinned (the
    /// one it reads at), and the map has not moved. False when either fails.
    /// Takes no reference: a property read of a kept document costs one
    /// shared lock and the decoding.
    package func read(pinnedAt serial: Int, _ body: (ContainerView) throws -> Void) throws -> Bool {
        guard pin == serial else { return false }
        guard !isDamaged else { throw Self.damage }
        return try map.withUnmoved { try body(try ContainerView(document: bytes, keys: keys)) }
    }

    /// Runs `body` on the value in slot `slot` (nil past the slots the
    /// document has), under the conditions of ``read(pinnedAt:_:)``: what a
    /// property read of a top-level object needs, with the container parsed
    /// and the slot found here rather than across the module boundary. (Not
    /// written through ``read(pinnedAt:_:)``: the nested closure cost about
    /// 40 instructions a read.)
    package func read(slot: Int, pinnedAt serial: Int, _ body: (ValueView?) throws -> Void) throws -> Bool {
        guard pin == serial else { return false }
        guard !isDamaged else { throw Self.damage }
        return try map.withUnmoved { try body(try ContainerView(document: bytes, keys: keys).value(at: slot)) }
    }

    private static let damage = StoreError.corruptDocument(detail: "its bytes do not match their checksum", offset: 0)
}

extension Store {
    /// Object `key`'s document in the version `pinned` holds, kept for reading
    /// again; nil when there is no such object.
    package func pinnedDocument(_ key: ObjectKey, in table: Table, _ pinned: PinnedTransaction) throws
        -> PinnedDocument?
    {
        guard let db = table.objects else { return nil }
        return try pinned.readLocating { txn, stamp in
            try Self.syncKeys(mapKeys, txn, keysDatabase)
            return try withUnsafeBytes(of: key.rawValue.bigEndian) { k in
                guard let stored = try txn.get(db.unsealed, key: k) else { return nil }
                return PinnedDocument(
                    key: k, stored: stored, in: db, keys: mapKeys.spelling, pin: pinned.serial, map: stamp)
            }
        }
    }

    /// The documents of `keys` in the version `pinned` holds (nil where an
    /// object is missing), found with one cursor: keys in ascending order cost
    /// a step each, not a lookup from the root.
    package func pinnedDocuments(_ keys: ArraySlice<ObjectKey>, in table: Table, _ pinned: PinnedTransaction) throws
        -> [PinnedDocument?]
    {
        guard let db = table.objects else { return Array(repeating: nil, count: keys.count) }
        return try pinned.readLocating { txn, stamp in
            try Self.syncKeys(mapKeys, txn, keysDatabase)
            let cursor = try txn.cursor(db.unsealed)
            var found: [PinnedDocument?] = []
            found.reserveCapacity(keys.count)
            // The key the cursor stands on: the next wanted key, when larger, is
            // usually the next entry (one step), else the cursor seeks.
            var standing: UInt64?
            for key in keys {
                let wanted = key.rawValue
                var entry: Cursor.Entry?
                if let standing, standing < wanted {
                    entry = try cursor.next()
                    if let current = entry, Self.objectKey(current.key) < wanted {
                        entry = try Self.seek(cursor, wanted)
                    }
                } else {
                    entry = try Self.seek(cursor, wanted)
                }
                standing = entry.map { Self.objectKey($0.key) }
                guard let (entryKey, bytes) = entry, Self.objectKey(entryKey) == wanted else {
                    found.append(nil)
                    continue
                }
                found.append(
                    PinnedDocument(
                        key: entryKey, stored: bytes, in: db, keys: mapKeys.spelling,
                        pin: pinned.serial, map: stamp))
            }
            return found
        }
    }

    /// At most `limit` objects of `table` whose keys follow `after` (from the
    /// first when nil), with their documents, in the version `pinned` holds:
    /// a walk over the class's objects in key order, a batch at a time, that
    /// finds keys and documents in one pass.
    package func pinnedObjects(
        after: ObjectKey?, limit: Int, in table: Table,
        _ pinned: PinnedTransaction
    ) throws -> (keys: [ObjectKey], documents: [PinnedDocument?]) {
        guard let db = table.objects, limit > 0, after?.rawValue != .max else { return ([], []) }
        return try pinned.readLocating { txn, stamp in
            try Self.syncKeys(mapKeys, txn, keysDatabase)
            let cursor = try txn.cursor(db.unsealed)
            var entry = try after.map { try Self.seek(cursor, $0.rawValue + 1) } ?? cursor.first()
            var keys: [ObjectKey] = []
            var documents: [PinnedDocument?] = []
            keys.reserveCapacity(limit)
            documents.reserveCapacity(limit)
            while let (key, bytes) = entry, key.count == 8 {
                keys.append(ObjectKey(Self.objectKey(key)))
                documents.append(
                    PinnedDocument(
                        key: key, stored: bytes, in: db, keys: mapKeys.spelling,
                        pin: pinned.serial, map: stamp))
                guard keys.count < limit else { break }
                entry = try cursor.next()
            }
            return (keys, documents)
        }
    }

    private static func seek(_ cursor: Cursor, _ key: UInt64) throws -> Cursor.Entry? {
        try withUnsafeBytes(of: key.bigEndian) { try cursor.seek(atLeast: $0) }
    }

    private static func objectKey(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        bytes.count == 8 ? UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)) : 0
    }
}
