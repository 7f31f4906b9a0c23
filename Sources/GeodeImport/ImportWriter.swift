import GeodeCore

/// Where an import's batches go: it opens, commits or discards one write
/// transaction per batch. A `Realm` is one (its commits refresh its objects);
/// ``StoreImportWriter`` writes to a bare store.
package protocol ImportWriter: AnyObject {
    /// Opens the next batch's write transaction.
    func beginBatch() throws -> StoreWriteTransaction
    /// Throws the first error a write of the open batch recorded instead of throwing.
    func checkBatch() throws
    /// Commits the open batch.
    func commitBatch() throws
    /// Discards the open batch, if one is open.
    func cancelBatch()
}
