/// What the indexes of a class take from one object: its footprint in each
/// spatial index and the value of each secondary index, in the table's order.
struct IndexEntries: Sendable {
    let footprints: [GeoIndex.Footprint]
    let values: [Value]

    /// The entries of an object whose document holds `slots` (none, at no
    /// cost, for a class without indexes).
    init(_ slots: [Value], of table: Table) {
        guard table.hasIndexes else {
            (footprints, values) = ([], [])
            return
        }
        footprints = table.geoIndexes.map { $0.footprint(in: slots) }
        values = table.valueIndexes.map { $0.slot < slots.count ? slots[$0.slot] : .null }
    }

    /// Adds the entries for object `key`.
    func add(_ key: ObjectKey, to table: Table, _ txn: WriteTransaction) throws {
        for (index, found) in zip(table.geoIndexes, footprints) { try index.add(found, key, txn) }
        for (index, value) in zip(table.valueIndexes, values) { try index.add(value, key, txn) }
    }

    /// Adds the shape cells for object `key` and holds its points and value
    /// entries back in `deferred`.
    func add(
        _ key: ObjectKey, to table: Table, _ txn: WriteTransaction, deferring deferred: inout DeferredIndexEntries
    ) throws {
        guard table.hasIndexes else { return }
        deferred.append(
            footprints.map(\.points), zip(table.valueIndexes, values).map { $0.encode($1) }, of: key, in: table)
        for (index, found) in zip(table.geoIndexes, footprints) { try index.addShapes(of: found, key, txn) }
    }
}
