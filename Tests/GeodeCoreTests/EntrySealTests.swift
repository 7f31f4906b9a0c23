import CLMDB
import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Every entry carries a checksum of its key and value: damage that leaves
/// LMDB's structures intact is an error, never a different answer; stores
/// written before there were checksums get theirs when first opened for writing.
@Suite struct EntrySealTests {
    /// A store of 300 records; the path and the rows as written.
    private func makeRecords(_ directory: TemporaryDirectory) throws -> String {
        let (store, table) = try RecordSchema.makeStore(in: directory, named: "records.geode")
        try store.write { txn in
            for i in 0 ..< 300 {
                _ = try txn.insert(RecordSchema.row(batch: i % 7, index: i, payloadBytes: 60), into: table)
            }
        }
        return directory.path("records.geode")
    }

    private func rows(at path: String, readOnly: Bool = false) throws -> [[Value]] {
        var configuration = StoreConfiguration(path: path, schema: RecordSchema.schema)
        configuration.readOnly = readOnly
        let store = try Store.open(configuration)
        let table = try store.table("Record")
        return try store.read { txn in
            var rows: [[Value]] = []
            try txn.forEach(in: table) { key, _ in
                if let row = try txn.row(key, in: table) { rows.append(row) }
                return true
            }
            return rows
        }
    }

    @Test func aValueChangedInPlaceIsADamagedObjectNotADifferentAnswer() throws {
        let directory = try TemporaryDirectory()
        let path = try makeRecords(directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // One "x" of one payload becomes "y": the document still decodes, to another value.
        let run = [UInt8](repeating: UInt8(ascii: "x"), count: 60)
        let at = try #require((0 ..< bytes.count - run.count).first { Array(bytes[$0 ..< $0 + run.count]) == run })
        bytes[at + 30] = UInt8(ascii: "y")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        unlink(Environment.lockPath(for: path))

        #expect {
            _ = try rows(at: path)
        } throws: { error in
            guard case let StoreError.damagedObject(className, _, _, detail, _) = error else { return false }
            return className == "Record" && detail.contains("checksum")
        }
        // `geode check` names the object (its index entry then has no document: listed too).
        let report = try StoreCheck.run(path: path)
        #expect(report.problems.first?.database == "obj/Record", "\(report.problems)")
        #expect(report.problems.first?.detail.contains("checksum") == true)
        #expect(report.problems.first?.objectKey != nil)
    }

    @Test func aStoreOfFormat3GetsItsChecksumsWhenFirstOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        let path = try makeRecords(directory)
        let written = try rows(at: path)
        #expect(written.count == 300)

        // Make it a format-3 store: every entry without its last four bytes, a bare format mark.
        do {
            let environment = try Environment.open(path: path, options: .init())
            defer { environment.release() }
            try environment.write { txn in
                for name in try txn.databaseNames() {
                    let db = try #require(try txn.existingDatabase(name))
                    let cursor = try txn.cursor(db.unsealed)
                    var entries: [([UInt8], [UInt8])] = []
                    var entry = try cursor.first()
                    while let (key, value) = entry {
                        entries.append((Array(key), Array(value.dropLast(4))))
                        entry = try cursor.next()
                    }
                    for (key, value) in entries { try txn.put(db.unsealed, key: key, value: value) }
                }
                let meta = try #require(try txn.existingDatabase("meta"))
                try txn.put(meta.unsealed, key: Array("format".utf8), value: Array("GEODE\0".utf8) + [0, 0, 0, 3])
            }
        }
        unlink(Environment.lockPath(for: path))
        #expect(throws: StoreError.unsupportedFormat(path: path, found: 3, supported: Store.formatVersion)) {
            _ = try rows(at: path, readOnly: true)
        }
        unlink(Environment.lockPath(for: path))

        #expect(try rows(at: path) == written, "the upgrade keeps every row")
        #expect(try rows(at: path, readOnly: true) == written, "and a read-only open reads format 4")
        let report = try StoreCheck.run(path: path)
        #expect(report.isSound, "\(report.problems)")
        #expect(report.indexEntries == 300, "the batch index, sealed too")
    }
}
