/// What the store's `meta` database keeps for a spatial index while a bulk
/// load (``SpatialBulkLoad``) holds entries back:
///
/// - ``bulkLoadKey`` → the first object key the load holds entries for
///   (8 bytes, big-endian) and its owner (``BulkLoadOwner``). While it is
///   there, queries read documents instead of the index, which may lack entries.
/// - ``changedMarkPrefix`` + an object key (8 bytes, big-endian) → nothing:
///   the object changed in another write after the load began (it was updated
///   or deleted, its entries kept right as any write keeps them), so the
///   entries the load holds for it are stale and left out.
///
/// They live outside the index's trees so that the last key of a tree of
/// points is an entry. A page split by a key added at the end of the tree
/// keeps the old page full; one split by a key added anywhere else (before a
/// marker) is halved, and a run added in order into an empty index left every
/// page half full.
extension GeoIndex {
    /// The key of a bulk load's marker: `geo-load/` and the index's database name.
    var bulkLoadKey: [UInt8] { Self.bulkLoadKey(database.name) }

    /// The first bytes of a changed object's mark.
    var changedMarkPrefix: [UInt8] { bulkLoadKey + [UInt8(ascii: "/")] }

    static func bulkLoadKey(_ treeName: String) -> [UInt8] { Array("geo-load/\(treeName)".utf8) }

    /// Forgets the bulk load of the index whose merged tree, `treeName`, is
    /// being emptied or removed (a class's objects all deleted, an index
    /// dropped or rebuilt): the load then finds its marker gone and takes its
    /// held entries again from the documents that are left.
    static func forgetBulkLoad(ofTree treeName: String, _ txn: WriteTransaction) throws {
        guard treeName.hasPrefix("geo/"), let meta = try txn.existingDatabase("meta") else { return }
        let key = bulkLoadKey(treeName)
        guard try txn.delete(meta, key: key) else { return }
        txn.remember(treeName, .max)
        let prefix = key + [UInt8(ascii: "/")]
        let cursor = try txn.cursor(meta)
        var entry = try cursor.seek(atLeast: prefix)
        while let (found, _) = entry, found.starts(with: prefix) {
            try cursor.deleteCurrent()
            entry = try cursor.next()
        }
    }

    /// A bulk load under way.
    struct BulkLoadMarker: Equatable {
        /// No object below it has entries held back.
        let first: ObjectKey
        let owner: BulkLoadOwner
    }

    /// The bulk load under way on this index; nil when none is.
    func bulkLoad(_ txn: Transaction) throws -> BulkLoadMarker? {
        guard let loads, let bytes = try txn.get(loads, key: bulkLoadKey) else { return nil }
        guard bytes.count == 8 + BulkLoadOwner.byteCount,
            let owner = BulkLoadOwner(UnsafeRawBufferPointer(rebasing: bytes[8...]))
        else {
            throw StoreError.corruptDocument(detail: "geo index bulk-load marker of \(bytes.count) bytes", offset: 0)
        }
        return BulkLoadMarker(first: ObjectKey(UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))), owner: owner)
    }

    /// Whether a bulk load holds entries back, so that the index may lack
    /// some: queries then test documents instead.
    func isBulkLoading(_ txn: Transaction) throws -> Bool {
        guard let loads else { return false }
        return try txn.get(loads, key: bulkLoadKey) != nil
    }

    /// The first object key of the bulk load under way (`UInt64.max` when
    /// none is), read once per transaction: every write of an indexed object asks.
    private func bulkLoadStart(_ txn: WriteTransaction) throws -> UInt64 {
        try txn.remembered(database.name) { try bulkLoad(txn)?.first.rawValue ?? .max }
    }

    /// Records that `owner` bulk-loads objects from key `first` on.
    func beginBulkLoad(_ marker: BulkLoadMarker, _ txn: WriteTransaction) throws {
        guard let loads else { preconditionFailure("Geode: a bulk load of an index opened without the meta database") }
        try txn.put(
            loads, key: bulkLoadKey,
            value: withUnsafeBytes(of: marker.first.rawValue.bigEndian, Array.init) + marker.owner.bytes)
        txn.remember(database.name, marker.first.rawValue)
    }

    /// Removes the marker of the bulk load under way and its marks of changed objects.
    func endBulkLoad(_ txn: WriteTransaction) throws {
        try Self.forgetBulkLoad(ofTree: database.name, txn)
    }

    /// Marks object `key` as changed when a bulk load may hold entries for it,
    /// so that the load leaves them out: the write changing it keeps its
    /// entries right, from its documents.
    func noteChange(of key: ObjectKey, _ txn: WriteTransaction) throws {
        guard key.rawValue >= (try bulkLoadStart(txn)), let loads else { return }
        try txn.put(loads, key: changedMarkPrefix + withUnsafeBytes(of: key.rawValue.bigEndian, Array.init), value: [])
    }

    /// The objects marked as changed since the bulk load began.
    func changedDuringBulkLoad(_ txn: Transaction) throws -> Set<ObjectKey> {
        guard let loads else { return [] }
        var found = Set<ObjectKey>()
        let prefix = changedMarkPrefix
        let cursor = try txn.cursor(loads)
        var entry = try cursor.seek(atLeast: prefix)
        while let (key, _) = entry, key.starts(with: prefix) {
            guard key.count == prefix.count + 8 else {
                throw StoreError.corruptDocument(detail: "geo index change mark of \(key.count) bytes", offset: 0)
            }
            found.insert(
                ObjectKey(UInt64(bigEndian: key.loadUnaligned(fromByteOffset: prefix.count, as: UInt64.self))))
            entry = try cursor.next()
        }
        return found
    }

    /// Removes from both trees every entry of an object whose key is `first`
    /// or above: what a load whose owner is gone may have left, stale or not.
    func removeEntries(from first: ObjectKey, _ txn: WriteTransaction) throws {
        for tree in trees {
            let cursor = try txn.cursor(tree)
            var entry = try cursor.first()
            while let (key, _) = entry, key.count > 8, key.count <= 16, key[0] != 0xFF {
                if ObjectKey(shortBigEndian: UnsafeRawBufferPointer(rebasing: key[8...])) >= first {
                    try cursor.deleteCurrent()
                }
                entry = try cursor.next()
            }
        }
    }
}
