import GeodeCore
import GeodeImport

/// An import writes through the realm's own write transactions, so that each
/// committed batch refreshes the realm as any write does.
extension Realm: ImportWriter {
    package func beginBatch() throws -> StoreWriteTransaction {
        try openWrite()
    }

    package func checkBatch() throws {
        if let pendingWriteError { throw GeodeError.from(pendingWriteError) }
    }

    package func commitBatch() throws {
        try commitWrite()
    }

    package func cancelBatch() {
        if isInWriteTransaction { cancelWrite() }
    }
}
