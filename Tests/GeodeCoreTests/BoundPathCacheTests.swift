import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// Key paths bound once per catalog: a query asked again answers as the first
/// time, a path that does not bind is never kept, and a schema change starts
/// from an empty cache.
@Suite struct BoundPathCacheTests {
    private func count(_ text: String, _ store: Store, _ table: Table) throws -> Int {
        let query = try QueryParser.parse(text)
        return try store.read { txn in try QueryExecutor(query: query, table: table, transaction: txn).count() }
    }

    @Test func aRepeatedQueryReusesItsBoundPathsAndAnswersTheSame() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try RecordSchema.makeStore(in: directory, named: "c.geode")
        _ = try store.write { txn in
            for i in 0 ..< 50 { try txn.insert(RecordSchema.row(batch: i % 5, index: i, payloadBytes: 3), into: table) }
        }
        let cache = store.current.boundPaths
        #expect(cache.count == 0)
        #expect(try count("batch == 2", store, table) == 10)
        #expect(cache.count == 1)
        for batch in 0 ..< 5 { #expect(try count("batch == \(batch) AND index >= 25", store, table) == 5) }
        #expect(cache.count == 2, "batch and index, each bound once")

        #expect(throws: StoreError.self) { try count("missing == 1", store, table) }
        #expect(cache.count == 2, "a path that does not bind is not kept")
    }

    @Test func addingAClassStartsFromAnEmptyCache() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try RecordSchema.makeStore(in: directory, named: "c.geode")
        _ = try store.write { try $0.insert(RecordSchema.row(batch: 1, index: 1, payloadBytes: 3), into: table) }
        #expect(try count("batch == 1", store, table) == 1)
        let before = store.current
        #expect(before.boundPaths.count == 1)
        let note = ClassSchema(name: "Note", properties: [PropertySchema(name: "text", type: .string)])
        _ = try store.write { try $0.addClasses([note]) }
        #expect(store.current !== before)
        #expect(store.current.boundPaths.count == 0)
        let notes = try store.table("Note")
        _ = try store.write { try $0.insert([.string("hello")], into: notes) }
        #expect(try count("text BEGINSWITH 'he'", store, notes) == 1)
        #expect(try count("batch == 1", store, table) == 1)
        #expect(store.current.boundPaths.count == 2)
    }
}
