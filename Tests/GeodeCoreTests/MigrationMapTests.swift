import Foundation
import GeodeCore
import GeodeTestSupport
import Synchronization
import Testing

/// A migration is one write transaction, and a write transaction that fills
/// LMDB's map is run again from the start once the map has grown; a
/// migration must not be, since its block is the user's code.
@Suite struct MigrationMapTests {
    @Test func aMigrationThatOutgrowsTheMapRunsItsBlockOnce() throws {
        let directory = try TemporaryDirectory()
        do {
            let (store, table) = try RecordSchema.makeStore(in: directory, named: "m.geode", mapSize: 64 * 1024)
            for b in 0 ..< 20 {
                _ = try store.write { txn in
                    for i in 0 ..< 10 {
                        try txn.insert(RecordSchema.row(batch: b, index: i, payloadBytes: 20_000), into: table)
                    }
                }
            }
        }
        var record = RecordSchema.record
        record.properties.append(PropertySchema(name: "note", type: .string))
        var configuration = StoreConfiguration(
            path: directory.path("m.geode"), schema: Schema(classes: [record], version: 2))
        configuration.initialMapSize = 64 * 1024
        let runs = Atomic<Int>(0)
        configuration.migration = { migration in
            runs.add(1, ordering: .relaxed)
            // Far more than the map the file opened with (about twice its 4 MB).
            let table = try migration.store.table("Record")
            for i in 0 ..< 400 {
                try migration.transaction.insert(
                    [.int(99), .int(Int64(i)), .string(String(repeating: "y", count: 50_000)), .string("added")],
                    into: table)
            }
        }
        let store = try Store.open(configuration)
        #expect(runs.load(ordering: .relaxed) == 1)
        let table = try store.table("Record")
        #expect(try store.read { try $0.count(table) } == 600)
    }
}
