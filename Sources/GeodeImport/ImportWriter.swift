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

/// Batches written straight to a store, for code below the object model.
///
/// ```swift
/// let tally = try RowImport(url: url, settings: settings).features(into: table, store: store, writer: StoreImportWriter(store))
/// ```
package final class StoreImportWriter: ImportWriter {
    private let store: Store
    private var open: StoreWriteTransaction?

    package init(_ store: Store) { self.store = store }

    package func beginBatch() throws -> StoreWriteTransaction {
        let txn = try store.beginWrite()
        open = txn
        return txn
    }

    package func checkBatch() throws {}

    package func commitBatch() throws {
        let txn = open
        open = nil
        try txn?.commit()
    }

    package func cancelBatch() {
        open?.abort()
        open = nil
    }
}
