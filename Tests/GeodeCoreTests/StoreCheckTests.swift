import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// `StoreCheck` reads a whole store and lists what disagrees: documents that
/// do not decode and index entries that do not match the documents.
@Suite struct StoreCheckTests {
    static func makeRecords(_ directory: TemporaryDirectory) throws -> String {
        let (store, table) = try RecordSchema.makeStore(in: directory, named: "records.geode")
        try store.write { txn in
            for i in 0 ..< 500 {
                _ = try txn.insert(RecordSchema.row(batch: i / 50, index: i, payloadBytes: 20), into: table)
            }
        }
        return store.path
    }

    @Test func aSoundStoreHasNoProblemAndEveryEntryIsCounted() throws {
        let directory = try TemporaryDirectory()
        let report = try StoreCheck.run(path: try Self.makeRecords(directory))
        #expect(report.isSound, "\(report.problems)")
        #expect(report.objects["Record"] == 500)
        #expect(report.indexEntries == 500, "one entry of the batch index per record")
    }

    @Test func aMissingAndAStrayIndexEntryAreBothListed() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.makeRecords(directory)
        // Tamper below the engine: drop one entry of the index, add one no record makes.
        let environment = try Environment.open(path: path, options: .init())
        try environment.write { txn in
            let index = try txn.openDatabase("ix/Record/batch")
            let cursor = try txn.cursor(index)
            guard let (first, _) = try cursor.first() else { return }
            let key = Array(first)
            _ = try txn.delete(index, key: key)
            var stray = key
            stray[stray.count - 1] ^= 0x7F
            try txn.put(index, key: stray, value: [])
        }
        environment.release()
        let report = try StoreCheck.run(path: path)
        #expect(
            report.problems.map(\.detail).sorted() == [
                "an entry no object's value makes", "an object's entry is missing",
            ])
        #expect(report.problems.allSatisfy { $0.database == "ix/Record/batch" })
    }

    @Test func aDocumentThatDoesNotDecodeIsNamedByItsKey() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.makeRecords(directory)
        let environment = try Environment.open(path: path, options: .init())
        let damagedKey = try environment.write { txn -> UInt64 in
            let objects = try txn.openDatabase("obj/Record")
            let cursor = try txn.cursor(objects)
            guard let (key, _) = try cursor.first() else { return 0 }
            let objectKey = UInt64(bigEndian: key.loadUnaligned(as: UInt64.self))
            // A container whose offset table claims more entries than it has bytes.
            try txn.put(objects, key: Array(key), value: [0, 0x7F, 1, 2])
            return objectKey
        }
        environment.release()
        let report = try StoreCheck.run(path: path)
        let damaged = report.problems.filter { $0.database == "obj/Record" }
        #expect(damaged.count == 1)
        #expect(damaged.first?.objectKey == damagedKey)
        #expect(
            report.problems.contains { $0.database == "ix/Record/batch" },
            "its index entry no longer matches a document")
    }
}
