import GeodeCore
import GeodeImport

/// An import writes through the realm's own write transactions, so that each
/// committed batch refreshes the realm as any write does.
extension Realm: ImportWriter {
    package func beginBatch() throws -> StoreWriteTransaction {
        try openWrite()
        guard let transaction else {
            throw GeodeError.storage(GeodeError.StorageFailure("the import's write transaction did not open"))
        }
        return transaction
    }

    package func checkBatch() throws {
        if let writeError { throw GeodeError.from(writeError) }
    }

    package func commitBatch() throws {
        try commitWrite()
    }

    package func cancelBatch() {
        if isInWriteTransaction { cancelWrite() }
    }
}
