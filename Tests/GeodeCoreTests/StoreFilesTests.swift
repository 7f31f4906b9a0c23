import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Compacting and deleting a store happen only while no process uses it: a
/// process that has it open keeps it as it is.
@Suite struct StoreFilesTests {
    /// A store of 20 batches of 200 records, 18 of them deleted again: most of the file is free pages.
    static func storeWithFreePages(_ path: String) throws -> Int {
        let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        let table = try store.table("Record")
        var keys: [ObjectKey] = []
        for batch in 0 ..< 20 {
            try store.write { txn in
                for index in 0 ..< 200 {
                    keys.append(try txn.insert(RecordSchema.row(batch: batch, index: index), into: table))
                }
            }
        }
        try store.write { txn in
            for key in keys.dropFirst(400) { _ = try txn.delete(key, in: table) }
        }
        return 400
    }

    @Test func compactingShrinksTheFileAndKeepsEveryRecord() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("free.geode")
        let kept = try Self.storeWithFreePages(path)
        var seen: (Int, Int)?
        let compacted = try StoreFiles.compact(path) { total, used in
            seen = (total, used)
            return true
        }
        #expect(compacted)
        let (total, used) = try #require(seen)
        #expect(used < total / 2, "most of the file was free: \(used) of \(total) bytes used")
        let after = try StoreFiles.usage(path)
        #expect(
            after.totalBytes < total && after.totalBytes <= used + 4 * 4096,
            "\(after.totalBytes) bytes after, \(used) used before")
        #expect(try RecordSchema.batches(at: path).values.reduce(0, +) == kept)
        #expect(try RecordSchema.batchesTheIndexMisses(at: path).isEmpty)
    }

    @Test func aStoreOpenInThisProcessIsNeitherCompactedNorDeleted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("open.geode")
        _ = try Self.storeWithFreePages(path)
        let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        var asked = false
        #expect(
            try !StoreFiles.compact(path) { _, _ in
                asked = true; return true
            })
        #expect(!asked)
        #expect(throws: StoreError.self) { _ = try StoreFiles.delete(path) }
        #expect(FileManager.default.fileExists(atPath: path))
        withExtendedLifetime(store) {}
    }

    @Test func aStoreOpenInAnotherProcessIsNeitherCompactedNorDeleted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.geode")
        let kept = try Self.storeWithFreePages(path)
        // The reader waits for 200 more records than there are, holding the store open.
        let reader = try Subprocess.start("GeodeTestWorker", ["read", path, "200", "\(kept + 200)"])
        var opened = false
        for _ in 0 ..< 500 where !opened {
            usleep(10_000)
            opened = lockIsHeld(path)
        }
        #expect(opened, "the reader opened the store")
        #expect(try !StoreFiles.compact(path) { _, _ in true })
        #expect(throws: StoreError.self) { _ = try StoreFiles.delete(path) }
        // The records the reader waits for let it finish.
        let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        try store.write { txn in
            for index in 0 ..< 200 {
                _ = try txn.insert(RecordSchema.row(batch: 999, index: index), into: try store.table("Record"))
            }
        }
        let outcome = reader.finish()
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func deletingRemovesTheStoreAndItsLockFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("gone.geode")
        _ = try Self.storeWithFreePages(path)
        #expect(try StoreFiles.delete(path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + "-lock"))
        #expect(try !StoreFiles.delete(path), "nothing left to delete")
    }

    /// Whether another process holds LMDB's lock on the store (it has it open).
    private func lockIsHeld(_ path: String) -> Bool {
        let fd = open(path + "-lock", O_RDWR)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        region.l_len = 1
        return fcntl(fd, F_GETLK, &region) == 0 && region.l_type != Int16(F_UNLCK)
    }
}

/// A transaction that takes pages and frees them again leaves them unwritten:
/// the file may end before the last page its header counts. Such a store is sound.
@Suite struct UnwrittenFreePagesTests {
    @Test func aStoreWhoseLastPagesWereNeverWrittenOpensAndChecks() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deleted.geode")
        let kept = try StoreFilesTests.storeWithFreePages(path)
        // The header of the newer meta page: its last page lies past the end of the file.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func load64(_ offset: Int) -> UInt64 {
            bytes[offset ..< offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        let pageSize = 4096
        let newer = load64(pageSize + 144) > load64(144) ? pageSize : 0
        let lastPage = Int(load64(newer + 136))
        #expect(
            (lastPage + 1) * pageSize > bytes.count,
            "the deletion left unwritten pages at the end (last page \(lastPage), \(bytes.count) bytes)")
        #expect(try RecordSchema.batches(at: path).values.reduce(0, +) == kept)
        let report = try StoreCheck.run(path: path)
        #expect(report.isSound, "\(report.problems)")
    }
}
