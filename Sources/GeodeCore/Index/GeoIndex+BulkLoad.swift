/// A spatial index under a bulk load (see ``BulkLoadRecord``).
extension GeoIndex: BulkLoadedIndex {
    func recoverBulkLoad(
        _ marker: BulkLoadRecord.Marker, _ objects: Database, _ txn: WriteTransaction, _ keys: MapKeySpelling
    ) throws {
        try Store.recoverBulkLoad(self, marker, objects, txn, keys)
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
