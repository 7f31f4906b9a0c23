import GeodeCore

/// Batches written straight to a store, for code below the object model.
///
/// ```swift
/// let rows = RowImport(url: url, settings: ImportSettings(), store: store, table: try store.table("City"))
/// let tally = try rows.run(.mappedRecords, into: StoreImportWriter(store))
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
