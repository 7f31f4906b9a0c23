import CLMDB
import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Opening a file that is not a Geode store is an error that says why, and the
/// file (and its directory) are left exactly as they were.
@Suite struct BadFileTests {
    private func expectRefused(_ path: String, in directory: TemporaryDirectory, saying reason: String) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let filesBefore = directory.fileNames
        do {
            _ = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            Issue.record("opened a file that is not a Geode store")
        } catch let error as StoreError {
            #expect(String(describing: error).contains(reason), "\(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file was changed")
        #expect(directory.fileNames == filesBefore, "files appeared: \(directory.fileNames)")
    }

    @Test func anEmptyFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.geode")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        try expectRefused(path, in: directory, saying: "the file is empty")
    }

    @Test func randomBytesAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("random.geode")
        var random = SeededGenerator(seed: 3)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data((0 ..< 100_000).map { _ in UInt8.random(in: 0 ... 255, using: &random) }))
        try expectRefused(path, in: directory, saying: "not an LMDB file")
    }

    @Test func aJSONFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cities.json")
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(#"{"type": "FeatureCollection", "features": []}"#.utf8))
        try expectRefused(path, in: directory, saying: "not an LMDB file")
    }

    @Test func aTruncatedStoreIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("whole.geode")
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            try store.write { txn in
                for i in 0 ..< 2000 { try txn.insert(RecordSchema.row(batch: 0, index: i), into: table) }
            }
        }
        try FileManager.default.removeItem(atPath: Environment.lockPath(for: path))
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let truncated = directory.path("truncated.geode")
        _ = FileManager.default.createFile(atPath: truncated, contents: whole.prefix(whole.count / 2))
        try expectRefused(truncated, in: directory, saying: "truncated")
        _ = FileManager.default.createFile(atPath: truncated, contents: whole.prefix(5000))
        try expectRefused(truncated, in: directory, saying: "truncated")
    }

    @Test func aHeaderWhoseLastPageLiesFarPastTheFileIsRefusedNotMapped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("whole.geode")
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            _ = try store.write { txn in try txn.insert(RecordSchema.row(batch: 0, index: 0), into: table) }
        }
        try FileManager.default.removeItem(atPath: Environment.lockPath(for: path))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The last page of both headers (offset 136 of each 4 KiB meta page) set past any map a machine has:
        // LMDB would try to map that far and fail with ENOMEM.
        for meta in [0, 4096] { bytes[meta + 136 + 6] = 0x40 }
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        try expectRefused(path, in: directory, saying: "its header is damaged")
    }

    @Test func anotherProgramsLMDBFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.mdb")
        // Another program's LMDB environment: a named database that is not Geode's.
        do {
            let env = try Environment.open(path: path, options: .init())
            defer { env.release() }
            try env.write { txn in
                let db = try txn.openDatabase("accounts")
                try txn.put(db, key: Array("alice".utf8), value: Array("100".utf8))
            }
        }
        try FileManager.default.removeItem(atPath: Environment.lockPath(for: path))
        try expectRefused(path, in: directory, saying: "holds no Geode metadata")
    }

    @Test func aStoreOfANewerFormatIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("future.geode")
        _ = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        do {
            let env = try Environment.open(path: path, options: .init())
            defer { env.release() }
            try env.write { txn in
                let meta = try txn.openDatabase("meta")
                try txn.put(meta, key: Array("format".utf8), value: Array("GEODE\0".utf8) + [0, 0, 0, 99])
            }
        }
        try FileManager.default.removeItem(atPath: Environment.lockPath(for: path))
        do {
            _ = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            Issue.record("opened a store of format 99")
        } catch let error as StoreError {
            #expect(error == .unsupportedFormat(path: path, found: 99, supported: Store.formatVersion))
        }
    }

    @Test func aMissingFileOpenedReadOnlyIsAnError() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration(path: directory.path("absent.geode"))
        configuration.readOnly = true
        #expect(throws: StoreError.self) { _ = try Store.open(configuration) }
        #expect(directory.fileNames.isEmpty)
    }
}
