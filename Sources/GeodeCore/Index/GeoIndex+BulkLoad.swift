/// A spatial index under a bulk load (see ``BulkLoadRecord``).
extension GeoIndex {
    typealias BulkLoadMarker = BulkLoadRecord.Marker

    /// The bulk load under way on this index; nil when none is.
    func bulkLoad(_ txn: Transaction) throws -> BulkLoadMarker? {
        try BulkLoadRecord.marker(database.name, loads, txn)
    }

    /// Whether a bulk load holds entries back, so that the index may lack
    /// some: queries then test documents instead.
    func isBulkLoading(_ txn: Transaction) throws -> Bool {
        try BulkLoadRecord.isLoading(database.name, loads, txn)
    }

    /// Records that `marker`'s owner bulk-loads objects from its first key on.
    func beginBulkLoad(_ marker: BulkLoadMarker, _ txn: WriteTransaction) throws {
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
