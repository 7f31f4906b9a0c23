import CLMDB
import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// A spatial index keeps recent entries in a small tree of their own and
/// merges it into the large one as it grows: every entry stays findable
/// through merges, updates and deletes in either tree, and `geode check`
/// finds the index sound.
@Suite struct SpatialIndexTreesTests {
    static let schema = SpatialIndexUpkeepTests.schema

    /// A point spread over the sphere by `i`.
    static func location(_ i: Int) -> (Double, Double) {
        (Double((i * 7919) % 36_000) / 100 - 180, Double((i * 104_729) % 17_000) / 100 - 85)
    }

    /// Inserts `count` places spread by ``location(_:)``, 250 a transaction
    /// (so that merges start and go on); returns each one's point by key.
    static func insertPlaces(_ count: Int, into table: Table, of store: Store) throws -> [ObjectKey: [Double]] {
        var points: [ObjectKey: [Double]] = [:]
        for start in stride(from: 0, to: count, by: 250) {
            try store.write { txn in
                for i in start ..< min(start + 250, count) {
                    let (lon, lat) = location(i)
                    points[try txn.insert(SpatialIndexUpkeepTests.point(lon, lat), into: table)] = [lon, lat]
                }
            }
        }
        return points
    }

    /// The entry count of each tree of `Place`'s index: merged, recent.
    static func treeCounts(_ store: Store) throws -> [Int] {
        let index = try #require(try store.table("Place").geoIndexes.first)
        return try store.read { txn in try index.trees.map { try txn.transaction.count($0) } }
    }

    /// The keys of the places in a box: through the index, and by a scan of every document
    /// (`OR FALSEPREDICATE` keeps the index out).
    static func inBox(_ store: Store) throws -> (indexed: [ObjectKey], read: [ObjectKey]) {
        let table = try store.table("Place")
        let box = "location geoWithin geoBox([-40, -30], [60, 45])"
        let (indexed, read) = try store.read { txn in
            (
                try QueryExecutor(query: try QueryParser.parse(box), table: table, transaction: txn).run(),
                try QueryExecutor(
                    query: try QueryParser.parse("(\(box)) OR FALSEPREDICATE"), table: table, transaction: txn
                ).run()
            )
        }
        return (indexed, read)
    }

    @Test func entriesStayFindableThroughMergesUpdatesAndDeletesInEitherTree() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("trees.geode"), schema: Self.schema))
        let table = try store.table("Place")
        let index = try #require(table.geoIndexes.first)
        var expected: [ObjectKey: [Double]] = [:]
        var order: [ObjectKey] = []
        var mergesUnderWay = 0
        // Several merges' worth, a transaction of 250 at a time; each merge moves an eighth a transaction.
        for batch in 0 ..< 40 {
            try store.write { txn in
                for i in batch * 250 ..< (batch + 1) * 250 {
                    let (lon, lat) = Self.location(i)
                    let key = try txn.insert(SpatialIndexUpkeepTests.point(lon, lat), into: table)
                    expected[key] = [lon, lat]
                    order.append(key)
                }
            }
            if try store.read({ try $0.transaction.get(index.database, key: GeoIndex.mergePositionKey) }) != nil {
                mergesUnderWay += 1
                // Between two steps of a merge, every entry is in one tree or the other.
                #expect(try SpatialIndexUpkeepTests.entries(store) == expected, "after batch \(batch)")
            }
        }
        #expect(mergesUnderWay >= 8, "merges went on across transactions")
        let counts = try Self.treeCounts(store)
        #expect(counts.count == 2 && counts[0] > GeoIndex.mergeFloor && counts[1] > 0, "both trees hold entries")
        // The merged tree also holds where a merge under way goes on from.
        let underWay = try store.read { try $0.transaction.get(index.database, key: GeoIndex.mergePositionKey) } != nil
        #expect(counts.reduce(0, +) - (underWay ? 1 : 0) == expected.count)
        // The oldest objects' entries are in the merged tree, the newest in the recent one.
        try store.write { txn in
            for key in order.prefix(50) + order.suffix(50) {
                let (lon, lat) = Self.location(Int(key.rawValue) + 500_000)
                try txn.update(SpatialIndexUpkeepTests.point(lon, lat), key: key, in: table)
                expected[key] = [lon, lat]
            }
            for key in order[50 ..< 80] + order[order.count - 80 ..< order.count - 50] {
                #expect(try txn.delete(key, in: table))
                expected[key] = nil
            }
        }
        #expect(try SpatialIndexUpkeepTests.entries(store) == expected)
        let (indexed, read) = try Self.inBox(store)
        #expect(!read.isEmpty && indexed == read)
        let report = try StoreCheck.run(store)
        #expect(report.isSound, "\(report.problems)")

        // A bulk writer done writing merges the rest, a step a transaction, leaving one tree.
        var steps = 0
        while try store.write({ try $0.finishSpatialMerges(of: table) }), steps < 100 { steps += 1 }
        #expect(try Self.treeCounts(store)[1] == 0)
        #expect(try store.read { try $0.transaction.get(index.database, key: GeoIndex.mergePositionKey) } == nil)
        #expect(try SpatialIndexUpkeepTests.entries(store) == expected)
        #expect(try Self.inBox(store).indexed == read)
    }

    @Test func aFinishingMergeThatReleasesTheMappedPagesAsItGoesKeepsEveryEntry() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("release.geode"), schema: Self.schema))
        let table = try store.table("Place")
        let index = try #require(table.geoIndexes.first)
        let expected = try Self.insertPlaces(6000, into: table, of: store)
        #expect(try Self.treeCounts(store)[1] > 200, "the recent tree holds enough to release within a step")
        // The pages read are released every 7 entries moved, while the cursor and the
        // entries it found point into them.
        var steps = 0
        while try store.write({ try index.mergeIfGrown($0.writeTransaction, finishing: true, releasingEvery: 7) }), steps < 100 {
            steps += 1
        }
        #expect(try Self.treeCounts(store)[1] == 0)
        #expect(try SpatialIndexUpkeepTests.entries(store) == expected)
        let (indexed, read) = try Self.inBox(store)
        #expect(!read.isEmpty && indexed == read)
        #expect(try StoreCheck.run(store).isSound)
    }

    @Test func aClassSpaceCountsItsDocumentsAndBothTreesOfItsSpatialIndex() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("space.geode"), schema: Self.schema))
        let table = try store.table("Place")
        let index = try #require(table.geoIndexes.first)
        func space() throws -> TableSpace { try store.read { try $0.space(of: table) } }
        let empty = try space()
        #expect(empty.documents == 0 && empty.indexes.values.allSatisfy { $0 == 0 }, "an empty class takes no pages")
        _ = try Self.insertPlaces(6000, into: table, of: store)
        let counts = try Self.treeCounts(store)
        #expect(counts[0] > 0 && counts[1] > 0, "both trees hold entries")
        let both = try store.read { txn in try index.trees.reduce(0) { $0 + (try txn.transaction.bytes(of: $1)) } }
        let measured = try space()
        #expect(measured.indexes == [index.property: both])
        #expect(measured.documents >= 6000 * 20, "6,000 documents of at least 20 bytes")
        #expect(measured.documents + both < store.fileSize)
    }

    @Test func aStoreOfTheFormatBeforeTheRecentTreeIsReadAndUpgradedWhenWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("format5.geode")
        var expected: [ObjectKey: [Double]] = [:]
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: Self.schema))
            let table = try store.table("Place")
            try store.write { txn in
                for i in 0 ..< 100 {
                    let (lon, lat) = Self.location(i)
                    expected[try txn.insert(SpatialIndexUpkeepTests.point(lon, lat), into: table)] = [lon, lat]
                }
            }
        }
        // As format 5 wrote it: every entry in one tree, and the format mark 5.
        do {
            let environment = try Environment.open(path: path, options: .init())
            defer { environment.release() }
            try environment.write { txn in
                let meta = try #require(try txn.existingDatabase("meta"))
                try txn.put(meta, key: Array("format".utf8), value: Array("GEODE\0".utf8) + [0, 0, 0, 5])
                let merged = try #require(try txn.existingDatabase(GeoIndex.databaseName("Place", "location")))
                let recent = try #require(try txn.existingDatabase(GeoIndex.recentDatabaseName("Place", "location")))
                var entries: [([UInt8], [UInt8])] = []
                let cursor = try txn.cursor(recent)
                var entry = try cursor.first()
                while let (key, value) = entry {
                    entries.append((Array(key), Array(value)))
                    entry = try cursor.next()
                }
                for (key, value) in entries { try txn.put(merged, key: key, value: value) }
                try txn.drop(recent, remove: true)
            }
        }
        unlink(Environment.lockPath(for: path))
        do {
            var configuration = StoreConfiguration(path: path)
            configuration.readOnly = true
            let store = try Store.open(configuration)
            #expect(try store.table("Place").geoIndexes.first?.recent == nil)
            #expect(try SpatialIndexUpkeepTests.entries(store) == expected)
        }
        unlink(Environment.lockPath(for: path))
        let store = try Store.open(StoreConfiguration(path: path, schema: Self.schema))
        let table = try store.table("Place")
        #expect(table.geoIndexes.first?.recent != nil, "opened for writing, the index has its recent tree")
        try store.write { txn in
            let (lon, lat) = Self.location(1000)
            expected[try txn.insert(SpatialIndexUpkeepTests.point(lon, lat), into: table)] = [lon, lat]
        }
        #expect(try SpatialIndexUpkeepTests.entries(store) == expected)
        let format = try store.read { txn in try txn.transaction.get(store.meta, key: Array("format".utf8)).map(Array.init) }
        #expect(format?.suffix(4) == [0, 0, 0, UInt8(Store.formatVersion)])
    }
}
