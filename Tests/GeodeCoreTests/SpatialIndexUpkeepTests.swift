import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// A store opened with its spatial indexes off (to time an import without
/// their upkeep) never leaves a stale index behind: it drops them, and the
/// next ordinary open rebuilds each one from the documents.
@Suite struct SpatialIndexUpkeepTests {
    static let schema = Schema(classes: [GeoIndexEntryTests.place, GeoIndexEntryTests.point], version: 1)

    static func point(_ lon: Double, _ lat: Double) -> [Value] {
        [.embedded([.string("Point"), .list([.double(lon), .double(lat)])])]
    }

    /// Every entry of the first spatial index of `Place`: key → point.
    static func entries(_ store: Store) throws -> [ObjectKey: [Double]] {
        let table = try store.table("Place")
        var found: [ObjectKey: [Double]] = [:]
        try store.read { txn in
            try table.geoIndexes.first?.scan(World(), txn.transaction) { key, lon, lat in
                found[key] = [lon, lat]
                return true
            }
        }
        return found
    }

    @Test func theNextOrdinaryOpenRebuildsTheIndexesFromTheDocuments() throws {
        let directory = try TemporaryDirectory()
        // Kept to the end: the stores come and go in its directory.
        defer { withExtendedLifetime(directory) {} }
        let path = directory.path("upkeep.geode")
        var expected: [ObjectKey: [Double]] = [:]
        var dropped: ObjectKey?
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: Self.schema))
            let table = try store.table("Place")
            try store.write { txn in
                for i in 0 ..< 20 {
                    let (lon, lat) = (Double(i) * 7.5 - 70, Double(i) * 4 - 40)
                    expected[try txn.insert(Self.point(lon, lat), into: table)] = [lon, lat]
                }
            }
            #expect(try Self.entries(store) == expected)
        }
        do {
            var configuration = StoreConfiguration(path: path, schema: Self.schema)
            configuration.maintainsSpatialIndexes = false
            let store = try Store.open(configuration)
            let table = try store.table("Place")
            #expect(table.geoIndexes.isEmpty, "no index is kept while upkeep is off")
            try store.write { txn in
                for i in 0 ..< 20 {
                    let (lon, lat) = (Double(i) * -6.25 + 100, Double(i) * -3.5 + 60)
                    expected[try txn.insert(Self.point(lon, lat), into: table)] = [lon, lat]
                }
                dropped = expected.keys.min()
                if let dropped {
                    #expect(try txn.delete(dropped, in: table))
                    expected[dropped] = nil
                }
            }
        }
        let store = try Store.open(StoreConfiguration(path: path, schema: Self.schema))
        #expect(try store.table("Place").geoIndexes.count == 1)
        let rebuilt = try Self.entries(store)
        #expect(rebuilt == expected, "the rebuilt index holds every point written, and not the deleted one")
        #expect(dropped.map { rebuilt[$0] == nil } == true)
    }
}
