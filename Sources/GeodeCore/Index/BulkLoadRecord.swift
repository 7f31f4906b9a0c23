/// What the store's `meta` database keeps for an index tree while a bulk
/// load (``BulkLoad``) holds entries back from it:
///
/// - `geo-load/` + the tree's name → the first object key the load holds
///   entries for (8 bytes, big-endian) and its owner (``BulkLoadOwner``).
///   While it is there, queries read documents instead of the index, which
///   may lack entries.
/// - the same key, `/` and an object key (8 bytes, big-endian) → nothing: the
///   object changed in another write after the load began (updated or
///   deleted, its entries kept right as any write keeps them), so the
///   entries the load holds for it are stale and left out.
///
/// They live outside the index's trees so that the last key of a tree is an
/// entry. A page split by a key added at the end of a tree keeps the old page
/// full; one split by a key added anywhere else (before a marker) is halved,
/// and a run added in order into an empty index left every page half full.
enum BulkLoadRecord {
    /// A bulk load under way.
    struct Marker: Equatable {
        /// No object below it has entries held back.
        let first: ObjectKey
        let owner: BulkLoadOwner
    }

    /// The key of the marker of tree `tree`.
    static func key(_ tree: String) -> [UInt8] { keyPrefix + Array(tree.utf8) }

    /// The first bytes of the marks of objects changed during the load into `tree`.
    static func markPrefix(_ tree: String) -> [UInt8] { key(tree) + [UInt8(ascii: "/")] }

    /// The load under way into `tree`; nil when none is (or `loads` is nil).
    static func marker(_ tree: String, _ loads: Database?, _ txn: Transaction) throws -> Marker? {
        guard let loads, let bytes = try txn.get(loads, key: key(tree)) else { return nil }
        guard bytes.count == 8 + BulkLoadOwner.byteCount,
            let owner = BulkLoadOwner(UnsafeRawBufferPointer(rebasing: bytes[8...]))
        else {
            throw StoreError.corruptDocument(
                detail: "a bulk-load marker of \(bytes.count) bytes for \(tree)", offset: 0)
        }
        return Marker(first: ObjectKey(UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))), owner: owner)
    }

    /// Whether a load holds entries back from `tree`.
    static func isLoading(_ tree: String, _ loads: Database?, _ txn: Transaction) throws -> Bool {
        guard let loads else { return false }
        // Asked by every query that could use an index: the key is put
        // together on the stack, not as a string and an array each time.
        var tree = tree
        return try tree.withUTF8 { name in
            try withUnsafeTemporaryAllocation(byteCount: keyPrefix.count + name.count, alignment: 1) { key in
                key.copyBytes(from: keyPrefix)
                UnsafeMutableRawBufferPointer(rebasing: key[keyPrefix.count...]).copyBytes(from: name)
                return try txn.get(loads, key: UnsafeRawBufferPointer(key)) != nil
            }
        }
    }

    /// The bytes every marker's key starts with.
    private static let keyPrefix = Array("geo-load/".utf8)

    /// Records `marker` for `tree`.
    static func begin(_ tree: String, _ marker: Marker, _ loads: Database?, _ txn: WriteTransaction) throws {
        guard let loads else { preconditionFailure("Geode: a bulk load of \(tree), opened without the meta database") }
        try txn.put(
            loads, key: key(tree),
            value: withUnsafeBytes(of: marker.first.rawValue.bigEndian, Array.init) + marker.owner.bytes)
        txn.remember(tree, marker.first.rawValue)
    }

    /// Forgets the load into `tree`, an index tree being emptied or removed (a
    /// class's objects all deleted, an index dropped or rebuilt), or whose
    /// load ended: its marker and marks go. A load still running then finds
    /// its marker gone and takes its held entries again from the documents left.
    static func forget(_ tree: String, _ txn: WriteTransaction) throws {
        guard tree.hasPrefix("geo/") || tree.hasPrefix("ix/"), let meta = try txn.existingDatabase("meta") else {
            return
        }
        guard try txn.delete(meta, key: key(tree)) else { return }
        txn.remember(tree, .max)
        let prefix = markPrefix(tree)
        let cursor = try txn.cursor(meta)
        var entry = try cursor.seek(atLeast: prefix)
        while let (found, _) = entry, found.starts(with: prefix) {
            try cursor.deleteCurrent()
            entry = try cursor.next()
        }
    }

    /// Marks object `key` as changed when a load into `tree` may hold entries
    /// for it. The first key of the load under way is read once per transaction:
    /// every write of an indexed object asks.
    static func noteChange(of key: ObjectKey, _ tree: String, _ loads: Database?, _ txn: WriteTransaction) throws {
        guard let loads else { return }
        let first = try txn.remembered(tree) { try marker(tree, loads, txn)?.first.rawValue ?? .max }
        guard key.rawValue >= first else { return }
        try txn.put(loads, key: markPrefix(tree) + withUnsafeBytes(of: key.rawValue.bigEndian, Array.init), value: [])
    }

    /// The objects marked as changed since the load into `tree` began.
    static func changed(_ tree: String, _ loads: Database?, _ txn: Transaction) throws -> Set<ObjectKey> {
        guard let loads else { return [] }
        var found = Set<ObjectKey>()
        let prefix = markPrefix(tree)
        let cursor = try txn.cursor(loads)
        var entry = try cursor.seek(atLeast: prefix)
        while let (key, _) = entry, key.starts(with: prefix) {
            guard key.count == prefix.count + 8 else {
                throw StoreError.corruptDocument(detail: "a change mark of \(key.count) bytes for \(tree)", offset: 0)
            }
            found.insert(ObjectKey(UInt64(bigEndian: key.loadUnaligned(fromByteOffset: prefix.count, as: UInt64.self))))
            entry = try cursor.next()
        }
        return found
    }
}

/// An index a bulk load fills: its tree (the merged tree of a spatial index)
/// and the `meta` database where the load is recorded.
protocol BulkLoadedIndex {
    var database: Database { get }
    var loads: Database? { get }
    /// Finishes in `txn` the load `marker` names, whose process ended before
    /// it did: removes the entries of the objects from its first key on, and
    /// indexes those objects of `objects` again from their documents.
    func recoverBulkLoad(
        _ marker: BulkLoadRecord.Marker, _ objects: Database, _ txn: WriteTransaction, _ keys: MapKeySpelling
    ) throws
}

extension BulkLoadedIndex {
    /// The bulk load under way on this index; nil when none is.
    func bulkLoad(_ txn: Transaction) throws -> BulkLoadRecord.Marker? {
        try BulkLoadRecord.marker(database.name, loads, txn)
    }

    /// Whether a bulk load holds entries back, so that the index may lack
    /// some: queries then test documents instead.
    func isBulkLoading(_ txn: Transaction) throws -> Bool {
        try BulkLoadRecord.isLoading(database.name, loads, txn)
    }

    /// Records that `marker`'s owner bulk-loads objects from its first key on.
    func beginBulkLoad(_ marker: BulkLoadRecord.Marker, _ txn: WriteTransaction) throws {
        try BulkLoadRecord.begin(database.name, marker, loads, txn)
    }

    /// Removes the marker of the bulk load under way and its marks of changed objects.
    func endBulkLoad(_ txn: WriteTransaction) throws {
        try BulkLoadRecord.forget(database.name, txn)
    }

    /// Marks object `key` as changed when a bulk load may hold entries for it,
    /// so that the load leaves them out: the write changing it keeps its
    /// entries right, from its documents.
    func noteChange(of key: ObjectKey, _ txn: WriteTransaction) throws {
        try BulkLoadRecord.noteChange(of: key, database.name, loads, txn)
    }

    /// The objects marked as changed since the bulk load began.
    func changedDuringBulkLoad(_ txn: Transaction) throws -> Set<ObjectKey> {
        try BulkLoadRecord.changed(database.name, loads, txn)
    }
}
