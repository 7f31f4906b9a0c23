import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// An index declared on a class that already holds objects is built from
/// their documents in batches (``Store/backfillBatch``), so that a class of
/// millions is indexed in bounded memory; every object is indexed, those past
/// the first batch included.
@Suite struct IndexBackfillTests {
    @Test func anIndexAddedToALargeClassFindsEveryObjectAcrossBatches() throws {
        let directory = try TemporaryDirectory()
        let count = Store.backfillBatch + 5_000
        do {
            let (store, table) = try RecordSchema.makeStore(in: directory, named: "b.geode")
            _ = try store.write { txn in
                for i in 0 ..< count {
                    try txn.insert(RecordSchema.row(batch: 0, index: i, payloadBytes: 1), into: table)
                }
            }
        }
        var record = RecordSchema.record
        record.properties[1].isIndexed = true  // `index`
        let store = try Store.open(
            StoreConfiguration(path: directory.path("b.geode"), schema: Schema(classes: [record], version: 1)))
        let table = try store.table("Record")
        try store.read { txn in
            for i in [0, 1, Store.backfillBatch - 1, Store.backfillBatch, Store.backfillBatch + 1, count - 1] {
                let found = try txn.objects(whereIndexed: "index", equals: .int(Int64(i)), in: table)
                #expect(found?.count == 1, "index \(i)")
            }
            #expect(try txn.objects(whereIndexed: "index", equals: .int(Int64(count)), in: table)?.isEmpty == true)
        }
    }
}
