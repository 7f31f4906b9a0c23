import GeodeGeo
/// Spatial-index entries of inserted objects held back, to be added together
/// in the order of their keys (the cell first).
///
/// Points arrive in no spatial order, so adding each entry as its object is
/// inserted walks the index's B-tree at random; a batch added in key order
/// visits its pages in turn. A bulk writer (the importer) inserts rows with
/// ``StoreWriteTransaction/insert(_:into:deferring:)`` and calls
/// ``StoreWriteTransaction/add(_:)`` before it commits, and before anything
/// in the same transaction reads or changes the index.
///
/// ```swift
/// var deferred = DeferredSpatialEntries()
/// for row in prepared { _ = try txn.insert(row, into: table, deferring: &deferred) }
/// try txn.add(&deferred)
/// ```
package struct DeferredSpatialEntries {
    struct Entry {
        let cell: UInt64
        let key: ObjectKey
        let longitude: Double
        let latitude: Double
        let index: Int
    }

    private var table: Table?
    private var entries: [Entry] = []

    package init() {}

    /// How many entries are held.
    var count: Int { entries.count }

    /// The objects whose entries are held.
    var keys: Set<ObjectKey> { Set(entries.lazy.map(\.key)) }

    /// The lowest object key whose entries are held.
    var lowestKey: ObjectKey? { entries.lazy.map(\.key).min() }

    /// Lets go of the entries held after the first `count`.
    mutating func truncate(to count: Int) {
        if count < entries.count { entries.removeSubrange(count...) }
    }

    /// Holds back the entries of object `key` of `table`: `points[i]` are its points in the table's spatial index `i`.
    mutating func append(_ points: [[(Double, Double)]], of key: ObjectKey, in table: Table) {
        if let held = self.table, held !== table {
            preconditionFailure(
                "Geode: deferred spatial entries of class \(held.schema.name) mixed with \(table.schema.name)'s")
        }
        self.table = table
        for (index, found) in points.enumerated() {
            for (lon, lat) in found {
                entries.append(
                    Entry(
                        cell: SpatialCell.id(longitude: lon, latitude: lat), key: key, longitude: lon, latitude: lat,
                        index: index))
            }
        }
    }

    /// The entries in the order their keys sort in, and none left here.
    mutating func take() -> (Table?, [Entry]) {
        var taken = entries
        entries = []
        taken.sort { ($0.index, $0.cell, $0.key.rawValue) < ($1.index, $1.cell, $1.key.rawValue) }
        defer { table = nil }
        return (table, taken)
    }
}
