/// The bytes a class takes in its store's file: its documents, its
/// primary-key index, and the index of each indexed property (both trees of a
/// spatial index). Free pages belong to no class.
///
/// ```swift
/// let space = try store.read { try $0.space(of: try store.table("GeoFeature")) }
/// print(space.documents, space.indexes["geometry"] ?? 0)
/// ```
package struct TableSpace: Sendable, Equatable {
    /// The documents' tree (`obj/<Class>`).
    package var documents = 0
    /// The primary-key index (`pk/<Class>`); 0 when the object keys are the primary keys.
    package var primaryKeys = 0
    /// Each indexed property's index, by property name.
    package var indexes: [String: Int] = [:]
    /// The indexes a bulk load is filling (``BulkLoad``), by
    /// property name: whether the process that runs it is still running
    /// (when not, the next opening of the store for writing finishes it).
    package var bulkLoads: [String: Bool] = [:]
}

extension StoreTransaction {
    /// The bytes `table`'s trees take in the file, as `mdb_stat` counts their pages.
    package func space(of table: Table) throws -> TableSpace {
        var space = TableSpace()
        if let objects = table.objects { space.documents = try transaction.bytes(of: objects) }
        if let keys = table.primaryKeys { space.primaryKeys = try transaction.bytes(of: keys) }
        for index in table.valueIndexes {
            space.indexes[index.property, default: 0] += try transaction.bytes(of: index.database)
            if let load = try index.bulkLoad(transaction) { space.bulkLoads[index.property] = load.owner.isRunning }
        }
        for index in table.geoIndexes {
            for tree in index.trees { space.indexes[index.property, default: 0] += try transaction.bytes(of: tree) }
            if let load = try index.bulkLoad(transaction) { space.bulkLoads[index.property] = load.owner.isRunning }
        }
        return space
    }
}
