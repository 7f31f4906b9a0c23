import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// Queries bound once per shape: a query asked again with other constants
/// answers with its own constants and plans with them, a constant is checked
/// every time, and what has no shape is bound afresh.
@Suite struct BoundQueryCacheTests {
    private func makeStore(_ directory: TemporaryDirectory) throws -> (Store, Table) {
        let (store, table) = try RecordSchema.makeStore(in: directory, named: "q.geode")
        _ = try store.write { txn in
            for i in 0 ..< 50 { try txn.insert(RecordSchema.row(batch: i % 5, index: i, payloadBytes: 3), into: table) }
        }
        return (store, table)
    }

    private func executor(_ text: String, _ args: [Value] = [], in table: Table, _ txn: StoreTransaction) throws
        -> QueryExecutor
    {
        try QueryExecutor(query: try QueryParser.parse(text, args.map { .value($0) }), table: table, transaction: txn)
    }

    private func count(_ text: String, _ args: [Value] = [], in store: Store, _ table: Table) throws -> Int {
        try store.read { txn in try executor(text, args, in: table, txn).count() }
    }

    private func shape(_ text: String, _ args: [Value] = []) throws -> QueryShape? {
        QueryShape(try QueryParser.parse(text, args.map { .value($0) }))
    }

    @Test func queriesThatDifferOnlyInTheirConstantsHaveOneShape() throws {
        #expect(try shape("batch == 1") == shape("batch == 2"))
        #expect(try shape("batch == %@", [.int(1)]) == shape("batch == 7"))
        #expect(try shape("batch IN {1, 2}") == shape("batch IN {3, 4}"))
        #expect(
            try shape("batch == 1 AND index > 3 SORT(index DESC)") == shape("batch == 4 AND index > 9 SORT(index DESC)")
        )

        #expect(try shape("batch == 1") != shape("batch == 'one'"), "another type of constant")
        #expect(try shape("batch == 1") != shape("index == 1"), "another property")
        #expect(try shape("batch == 1") != shape("batch != 1"), "another operator")
        #expect(try shape("batch IN {1, 2}") != shape("batch IN {1, 2, 3}"), "another number of constants")
        #expect(try shape("batch == 1 LIMIT(2)") != shape("batch == 1 LIMIT(3)"), "another clause")
        #expect(try shape("payload ==[c] 'a'") != shape("payload == 'a'"), "another string option")
    }

    @Test func geometryListConstantsAndSubqueriesHaveNoShape() throws {
        #expect(try shape("location geoWithin geoBox([0.0, 0.0], [1.0, 1.0])") == nil)
        #expect(try shape("SUBQUERY(items, $x, $x.n > 1).@count > 0") == nil)
        #expect(try shape("batch == %@", [.list([.int(1)])]) == nil)
        #expect(try shape("batch == 1") != nil)
    }

    @Test func aQueryAskedAgainWithOtherConstantsAnswersWithItsOwn() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let cache = store.current.boundQueries
        #expect(cache.count == 0)
        for batch in 0 ..< 5 {
            #expect(try count("batch == %@", [.int(Int64(batch))], in: store, table) == 10)
            let keys = try store.read { txn in try executor("batch == \(batch)", in: table, txn).run() }
            let batches = try store.read { txn in
                try keys.map { key in try txn.document(key, in: table)?.value(at: 0)?.int() }
            }
            #expect(batches.allSatisfy { $0 == Int64(batch) })
        }
        #expect(cache.count == 1, "one shape, bound once")
        #expect(try count("batch == 9", in: store, table) == 0)
        #expect(try count("batch IN {1, 3}", in: store, table) == 20)
        #expect(try count("batch IN {0, 4}", in: store, table) == 20)
        #expect(try count("index BETWEEN {10, 19}", in: store, table) == 10)
        #expect(try count("index BETWEEN {40, 100}", in: store, table) == 10)
        #expect(try count("batch == 2 AND index < 20", in: store, table) == 4)
        #expect(try count("batch == 3 AND index < 40", in: store, table) == 8)
        #expect(cache.count == 4)
    }

    @Test func theIndexIsPlannedWithEachQuerysOwnConstant() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        for batch in [1, 3] {
            let plan = try store.read { txn in try executor("batch == \(batch)", in: table, txn).explain() }
            #expect(plan == "index Record.batch (1 key, exact): batch == \(batch)")
        }
        let keys = try store.read { txn in try executor("batch IN {1, 2, 3}", in: table, txn).explain() }
        #expect(keys.hasPrefix("index Record.batch (3 keys"))
    }

    @Test func aConstantIsCheckedEveryTimeItsShapeIsBound() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        #expect(try count("batch == %@", [.double(2.0)], in: store, table) == 10)
        // Same shape (a double), but an integer property is never infinite: refused as the first time would.
        #expect(throws: StoreError.self) { try count("batch == %@", [.double(.infinity)], in: store, table) }
        #expect(try count("batch == %@", [.double(3.0)], in: store, table) == 10)
        #expect(throws: StoreError.self) { try count("batch == 'two'", in: store, table) }
        #expect(try count("payload == 'xxx'", in: store, table) == 50)
        #expect(throws: StoreError.self) { try count("payload == 3", in: store, table) }
    }

    @Test func addingAClassStartsFromAnEmptyCache() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        #expect(try count("batch == 1", in: store, table) == 10)
        let before = store.current
        #expect(before.boundQueries.count == 1)
        let note = ClassSchema(name: "Note", properties: [PropertySchema(name: "text", type: .string)])
        _ = try store.write { try $0.addClasses([note]) }
        #expect(store.current.boundQueries.count == 0)
        #expect(try count("batch == 2", in: store, table) == 10)
        #expect(store.current.boundQueries.count == 1)
    }

    @Test func threadsShareBindingsAndEachGetsItsOwnAnswers() async throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0 ..< 4 {
                group.addTask {
                    var wrong = 0
                    for i in 0 ..< 200 {
                        let batch = (worker + i) % 7
                        let expected = batch < 5 ? 10 : 0
                        if try count("batch == %@", [.int(Int64(batch))], in: store, table) != expected { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
        #expect(store.current.boundQueries.count == 1)
    }
}
