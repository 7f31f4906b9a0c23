import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// A bulk writer's points wait in a bulk load and reach the spatial index in
/// sorted runs: queries find every place before, during and after the runs,
/// writes made meanwhile by others keep the index right, a batch that does not
/// commit leaves no entry, and a load left unfinished is finished by the next
/// opening of the store for writing.
@Suite struct BulkLoadTests {
    static let schema = SpatialIndexUpkeepTests.schema

    /// Inserts the places of `range` (spread by ``SpatialIndexTreesTests/location(_:)``)
    /// through `load`, `batch` a transaction, noting each one's point in `points`.
    static func insert(
        _ range: Range<Int>, batch: Int, through load: BulkLoad, into table: Table, of store: Store,
        _ points: inout [ObjectKey: [Double]]
    ) throws {
        var preparer = RowPreparer(store: store, table: table)
        for start in stride(from: range.lowerBound, to: range.upperBound, by: batch) {
            try store.write { txn in
                for i in start ..< min(start + batch, range.upperBound) {
                    let (lon, lat) = SpatialIndexTreesTests.location(i)
                    let row = try preparer.prepare(SpatialIndexUpkeepTests.point(lon, lat))
                    points[try txn.insert(row, into: table, deferring: &load.held)] = [lon, lat]
                }
                try load.endBatch(txn)
            }
        }
    }

    /// Runs the load's finishing steps, a transaction each; returns how many there were.
    @discardableResult
    static func finish(_ load: BulkLoad, _ store: Store) throws -> Int {
        var steps = 1
        while try store.write({ try load.finishStep($0) }) {
            steps += 1
            try #require(steps < 1000)
        }
        return steps
    }

    static func isLoading(_ store: Store) throws -> Bool {
        let index = try #require(try store.table("Place").geoIndexes.first)
        return try store.read { try index.isBulkLoading($0.transaction) }
    }

    /// A box query finds the same places of `points` whether it may use the index or must read
    /// every document, and the store checks sound.
    static func expectAnswers(_ store: Store, _ points: [ObjectKey: [Double]], _ comment: Comment) throws {
        let (indexed, read) = try SpatialIndexTreesTests.inBox(store)
        #expect(!read.isEmpty && Set(read).isSubset(of: points.keys), comment)
        #expect(indexed == read, comment)
        let report = try StoreCheck.run(store)
        #expect(report.isSound, "\(comment): \(report.problems)")
    }

    @Test func queriesFindEveryPlaceBeforeDuringAndAfterTheRunsOfALoad() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("load.geode"), schema: Self.schema))
        let table = try store.table("Place")
        // Places indexed as any write indexes them, then a load of runs of 300, added 70 a transaction.
        var points = try SpatialIndexTreesTests.insertPlaces(500, into: table, of: store)
        let load = try #require(BulkLoad(table: table, threshold: 300, step: 70))
        for chunk in 0 ..< 6 {
            try Self.insert(
                500 + chunk * 200 ..< 700 + chunk * 200, batch: 45, through: load, into: table, of: store, &points)
            #expect(try Self.isLoading(store), "the load's marker sends queries to the documents")
            try Self.expectAnswers(store, points, "after chunk \(chunk)")
        }
        #expect(try Self.finish(load, store) > 1, "the rest is added a step at a time")
        #expect(try !Self.isLoading(store))
        #expect(try SpatialIndexUpkeepTests.entries(store) == points, "every point has its entry, and no other")
        try Self.expectAnswers(store, points, "after the load")
        // The load ends, and the object starts another when used again.
        try Self.insert(1700 ..< 1800, batch: 30, through: load, into: table, of: store, &points)
        #expect(try Self.isLoading(store))
        try Self.finish(load, store)
        #expect(try SpatialIndexUpkeepTests.entries(store) == points)
    }

    @Test func writesByOthersDuringALoadKeepTheIndexRight() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("others.geode"), schema: Self.schema))
        let table = try store.table("Place")
        var points: [ObjectKey: [Double]] = [:]
        let load = try #require(BulkLoad(table: table, threshold: 250, step: 60))
        try Self.insert(0 ..< 600, batch: 50, through: load, into: table, of: store, &points)
        let keys = points.keys.sorted()
        // Places whose entries are in the index already (the first), and places whose
        // entries the load still holds (the last): moved, deleted, and new places beside them.
        try store.write { txn in
            for key in keys.prefix(20) + keys.suffix(20) {
                let (lon, lat) = SpatialIndexTreesTests.location(Int(key.rawValue) + 700_000)
                try txn.update(SpatialIndexUpkeepTests.point(lon, lat), key: key, in: table)
                points[key] = [lon, lat]
            }
            for key in keys[20 ..< 30] + keys[keys.count - 30 ..< keys.count - 20] {
                #expect(try txn.delete(key, in: table))
                points[key] = nil
            }
            for i in 0 ..< 5 {
                let (lon, lat) = SpatialIndexTreesTests.location(900_000 + i)
                points[try txn.insert(SpatialIndexUpkeepTests.point(lon, lat), into: table)] = [lon, lat]
            }
        }
        try Self.expectAnswers(store, points, "after the other writes")
        // A second load of the class, while the first runs, adds its points as any writer does.
        let second = try #require(BulkLoad(table: table, threshold: 10, step: 10))
        try Self.insert(600 ..< 700, batch: 25, through: second, into: table, of: store, &points)
        try Self.finish(second, store)
        #expect(try Self.isLoading(store), "the first load still runs")
        try Self.insert(700 ..< 900, batch: 50, through: load, into: table, of: store, &points)
        try Self.finish(load, store)
        #expect(try !Self.isLoading(store))
        #expect(try SpatialIndexUpkeepTests.entries(store) == points)
        try Self.expectAnswers(store, points, "after both loads")
    }

    @Test func aBatchThatDoesNotCommitLeavesNoEntry() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("abort.geode"), schema: Self.schema))
        let table = try store.table("Place")
        var points: [ObjectKey: [Double]] = [:]
        let load = try #require(BulkLoad(table: table, threshold: 100, step: 40))
        try Self.insert(0 ..< 300, batch: 60, through: load, into: table, of: store, &points)
        // A batch that fails after its rows, and one that fails after the load's step.
        struct Stop: Error {}
        var rolledBack: [ObjectKey: [Double]] = [:]
        var preparer = RowPreparer(store: store, table: table)
        #expect(throws: Stop.self) {
            try store.write { txn in
                for i in 2000 ..< 2050 {
                    let (lon, lat) = SpatialIndexTreesTests.location(i)
                    let row = try preparer.prepare(SpatialIndexUpkeepTests.point(lon, lat))
                    rolledBack[try txn.insert(row, into: table, deferring: &load.held)] = [lon, lat]
                }
                throw Stop()
            }
        }
        #expect(throws: Stop.self) {
            try store.write { txn in
                for i in 3000 ..< 3050 {
                    let (lon, lat) = SpatialIndexTreesTests.location(i)
                    let row = try preparer.prepare(SpatialIndexUpkeepTests.point(lon, lat))
                    rolledBack[try txn.insert(row, into: table, deferring: &load.held)] = [lon, lat]
                }
                try load.endBatch(txn)
                throw Stop()
            }
        }
        #expect(!rolledBack.isEmpty)
        try Self.finish(load, store)
        #expect(try SpatialIndexUpkeepTests.entries(store) == points, "no entry of a place that was not written")
        try Self.expectAnswers(store, points, "after the failed batches")
    }

    @Test func aLoadWhoseClassIsEmptiedMeanwhileIndexesOnlyWhatIsLeft() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("emptied.geode"), schema: Self.schema))
        let table = try store.table("Place")
        var points: [ObjectKey: [Double]] = [:]
        let load = try #require(BulkLoad(table: table, threshold: 100, step: 40))
        try Self.insert(0 ..< 300, batch: 50, through: load, into: table, of: store, &points)
        // Another write deletes every place, some of whose points the load holds.
        try store.write { try $0.deleteAll(in: table) }
        points = [:]
        try Self.insert(300 ..< 500, batch: 50, through: load, into: table, of: store, &points)
        try Self.finish(load, store)
        #expect(try SpatialIndexUpkeepTests.entries(store) == points, "no entry of a deleted place")
        try Self.expectAnswers(store, points, "after the class was emptied")
    }

    @Test func aLoadLeftUnfinishedIsFinishedWhenTheStoreIsNextOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = directory.path("left.geode")
        var points: [ObjectKey: [Double]] = [:]
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: Self.schema))
            let table = try store.table("Place")
            let load = try #require(BulkLoad(table: table, threshold: 200, step: 50))
            try Self.insert(0 ..< 700, batch: 100, through: load, into: table, of: store, &points)
            // A place the load holds, moved by another write.
            let moved = try #require(points.keys.max())
            try store.write { txn in
                try txn.update(SpatialIndexUpkeepTests.point(10, 10), key: moved, in: table)
            }
            points[moved] = [10, 10]
            #expect(try Self.isLoading(store))
            // The load goes away unfinished, as when its process ends.
        }
        let store = try Store.open(StoreConfiguration(path: path, schema: Self.schema))
        #expect(try !Self.isLoading(store), "opening for writing finished the load")
        #expect(try SpatialIndexUpkeepTests.entries(store) == points)
        try Self.expectAnswers(store, points, "after the load was finished")
    }

    @Test func aRunIntoAnEmptyIndexFillsItsPages() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("full.geode"), schema: Self.schema))
        let table = try store.table("Place")
        let index = try #require(table.geoIndexes.first)
        var points: [ObjectKey: [Double]] = [:]
        let load = try #require(BulkLoad(table: table, threshold: 100_000, step: 500))
        try Self.insert(0 ..< 20_000, batch: 2_000, through: load, into: table, of: store, &points)
        try Self.finish(load, store)
        #expect(try SpatialIndexUpkeepTests.entries(store) == points)
        // An entry takes about 30 bytes of a page. Keys added in order anywhere but at the
        // tree's end (before a marker kept in the tree) leave every page half full, 60 or more.
        let bytes = try store.read { try $0.transaction.bytes(of: index.database) }
        #expect(bytes < points.count * 40, "\(bytes) bytes for \(points.count) entries")
    }

    // MARK: Value indexes

    static let tag = ClassSchema(
        name: "Tag",
        properties: [
            PropertySchema(name: "label", type: .string, isIndexed: true), GeoPointSchema.property("location"),
        ])
    static let tagSchema = Schema(classes: [tag, GeoPointSchema.point], version: 1)

    /// Labels in no order, each shared by a few tags.
    static func label(_ i: Int) -> String { "tag-\((i * 7919) % 97)" }

    static func tagRow(_ i: Int, label: String? = nil) -> [Value] {
        let (lon, lat) = SpatialIndexTreesTests.location(i)
        return [.string(label ?? Self.label(i)), .embedded([.string("Point"), .list([.double(lon), .double(lat)])])]
    }

    /// Inserts tags `range` through `load`, `batch` a transaction; returns their keys.
    @discardableResult
    static func insertTags(_ range: Range<Int>, batch: Int, through load: BulkLoad, into table: Table, of store: Store)
        throws -> [ObjectKey]
    {
        var preparer = RowPreparer(store: store, table: table)
        var keys: [ObjectKey] = []
        for start in stride(from: range.lowerBound, to: range.upperBound, by: batch) {
            try store.write { txn in
                for i in start ..< min(start + batch, range.upperBound) {
                    keys.append(try txn.insert(try preparer.prepare(tagRow(i)), into: table, deferring: &load.held))
                }
                try load.endBatch(txn)
            }
        }
        return keys
    }

    /// The tags labelled `tag-5` through the index and by reading every document, and the plan.
    static func labelled(_ store: Store) throws -> (indexed: [ObjectKey], read: [ObjectKey], plan: String) {
        let table = try store.table("Tag")
        return try store.read { txn in
            let executor = try QueryExecutor(
                query: try QueryParser.parse("label == 'tag-5'"), table: table, transaction: txn)
            let read = try QueryExecutor(
                query: try QueryParser.parse("label == 'tag-5' OR FALSEPREDICATE"), table: table, transaction: txn
            ).run()
            return (try executor.run(), read, executor.explain())
        }
    }

    @Test func valueEntriesWaitInTheLoadAndQueriesOnThemReadDocumentsMeanwhile() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("tags.geode"), schema: Self.tagSchema))
        let table = try store.table("Tag")
        let load = try #require(BulkLoad(table: table, threshold: 150, step: 40))
        let keys = try Self.insertTags(0 ..< 400, batch: 50, through: load, into: table, of: store)
        var during = try Self.labelled(store)
        #expect(during.plan.contains("being bulk-loaded"), "\(during.plan)")
        #expect(!during.read.isEmpty && during.indexed == during.read)
        #expect(try StoreCheck.run(store).isSound)
        // Another writer relabels tags whose entries are in the index, and tags whose entries the
        // load still holds, and deletes some of each.
        try store.write { txn in
            for key in keys.prefix(10) + keys.suffix(10) {
                try txn.update(Self.tagRow(Int(key.rawValue), label: "tag-5"), key: key, in: table)
            }
            for key in keys[10 ..< 15] + keys[keys.count - 15 ..< keys.count - 10] {
                #expect(try txn.delete(key, in: table))
            }
        }
        during = try Self.labelled(store)
        #expect(during.indexed == during.read)
        try Self.insertTags(400 ..< 600, batch: 50, through: load, into: table, of: store)
        try Self.finish(load, store)
        let after = try Self.labelled(store)
        #expect(after.plan.hasPrefix("index Tag.label"), "\(after.plan)")
        #expect(after.read.count >= 20 && after.indexed == after.read)
        let report = try StoreCheck.run(store)
        #expect(report.isSound, "\(report.problems)")
    }

    @Test func valuesThatComeInOrderAreAppendedBatchByBatch() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("ordered.geode"), schema: Self.tagSchema))
        let table = try store.table("Tag")
        let index = try #require(table.valueIndexes.first)
        let load = try #require(BulkLoad(table: table, threshold: 10_000, step: 40))
        var preparer = RowPreparer(store: store, table: table)
        for batch in 0 ..< 4 {
            try store.write { txn in
                for i in batch * 50 ..< (batch + 1) * 50 {
                    let row = try preparer.prepare(Self.tagRow(i, label: String(format: "t-%05d", i)))
                    _ = try txn.insert(row, into: table, deferring: &load.held)
                }
                try load.endBatch(txn)
            }
            // Past the index's last key, each batch's values went in with it; its points wait.
            #expect(try store.read { try $0.transaction.count(index.database) } == (batch + 1) * 50)
        }
        try Self.finish(load, store)
        let report = try StoreCheck.run(store)
        #expect(report.isSound, "\(report.problems)")
    }

    @Test func aValueLoadLeftUnfinishedIsFinishedWhenTheStoreIsNextOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = directory.path("tags-left.geode")
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: Self.tagSchema))
            let table = try store.table("Tag")
            let load = try #require(BulkLoad(table: table, threshold: 100, step: 30))
            let keys = try Self.insertTags(0 ..< 350, batch: 50, through: load, into: table, of: store)
            // A tag the load holds, relabelled by another write.
            let moved = try #require(keys.last)
            try store.write { try $0.update(Self.tagRow(1, label: "tag-5"), key: moved, in: table) }
            #expect(try Self.labelled(store).plan.contains("being bulk-loaded"))
        }
        let store = try Store.open(StoreConfiguration(path: path, schema: Self.tagSchema))
        let after = try Self.labelled(store)
        #expect(after.plan.hasPrefix("index Tag.label"), "\(after.plan)")
        #expect(!after.read.isEmpty && after.indexed == after.read)
        let report = try StoreCheck.run(store)
        #expect(report.isSound, "\(report.problems)")
    }
}
