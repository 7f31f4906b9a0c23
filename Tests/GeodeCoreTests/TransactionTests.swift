import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Transactions: all or nothing, readers isolated from writers, one writer at a
/// time across threads and processes, and a map that grows by itself.
@Suite struct TransactionTests {
    private func makeStore(_ directory: TemporaryDirectory, mapSize: Int? = nil) throws -> (Store, Table) {
        try RecordSchema.makeStore(in: directory, named: "t.geode", mapSize: mapSize)
    }

    @Test func anAbortedWriteLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            _ = try store.write { txn in
                for i in 0 ..< 1000 { try txn.insert(RecordSchema.row(batch: 1, index: i), into: table) }
                throw Stop()
            }
        }
        #expect(try store.read { try $0.count(table) } == 0)
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 2, index: 0), into: table) }
        #expect(key == ObjectKey(1), "keys drawn by the aborted transaction were not consumed")
    }

    @Test func aPinnedReaderKeepsItsVersionWhileAWriterCommits() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        _ = try store.write { txn in
            for i in 0 ..< 10 { try txn.insert(RecordSchema.row(batch: 1, index: i), into: table) }
        }
        let pinned = try store.pin()
        defer { pinned.close() }
        _ = try store.write { txn in
            for i in 0 ..< 10 { try txn.insert(RecordSchema.row(batch: 2, index: i), into: table) }
            try txn.delete(ObjectKey(1), in: table)
        }
        #expect(
            try store.read(pinned) { try $0.count(table) } == 10, "the pinned version does not see the later commit")
        #expect(try store.read { try $0.count(table) } == 19)
        // The pinned version can be read from another thread.
        let count = try DispatchQueue.global().sync { try store.read(pinned) { try $0.count(table) } }
        #expect(count == 10)
    }

    @Test func aReaderIsNeverBlockedByAnOpenWriter() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        _ = try store.write { txn in try txn.insert(RecordSchema.row(batch: 0, index: 0), into: table) }
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writer = Thread {
            try? store.write { txn in
                try txn.insert(RecordSchema.row(batch: 1, index: 0), into: table)
                started.signal()
                // Bounded, so that a broken test cannot hold the writer for ever.
                _ = release.wait(timeout: .now() + 30)
            }
        }
        writer.start()
        defer { release.signal() }
        try #require(started.wait(timeout: .now() + 10) == .success, "the writer began its transaction")
        // The writer holds the write lock; a read on another thread still completes, at once,
        // and sees the last commit. A reader that blocked would fail here after 10 s, not hang.
        let count = Locked<Int?>(nil)
        let read = DispatchSemaphore(value: 0)
        Thread {
            count.withLock { $0 = try? store.read { try $0.count(table) } }
            read.signal()
        }.start()
        try #require(read.wait(timeout: .now() + 10) == .success, "a read completes while a write transaction is open")
        #expect(count.withLock { $0 } == 1)
    }

    @Test func threadsWritingConcurrentlyAllLand() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let threads = 8, batches = 25, size = 20
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for b in 0 ..< batches {
                try? store.write { txn in
                    for i in 0 ..< size {
                        try txn.insert(RecordSchema.row(batch: thread * 1000 + b, index: i), into: table)
                    }
                }
            }
        }
        let counts = try RecordSchema.batches(at: store.path)
        #expect(counts.count == threads * batches)
        #expect(counts.values.allSatisfy { $0 == size })
    }

    @Test func aSecondProcessWritesTheSameFile() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let child = try Subprocess.start("GeodeTestWorker", ["write", store.path, "1000", "40", "50"])
        for b in 0 ..< 40 {
            _ = try store.write { txn in
                for i in 0 ..< 50 { try txn.insert(RecordSchema.row(batch: b, index: i), into: table) }
            }
        }
        let outcome = child.finish()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let counts = try RecordSchema.batches(at: store.path)
        #expect(counts.count == 80)
        #expect(counts.values.allSatisfy { $0 == 50 })
        #expect(try store.read { try $0.count(table) } == 4000, "this process sees the other's commits")
    }

    @Test func theMapGrowsByItselfWhenFull() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory, mapSize: 64 * 1024)
        // 30 MB in one transaction into a 64 KiB map: it hits MDB_MAP_FULL and grows.
        _ = try store.write { txn in
            for i in 0 ..< 300 {
                try txn.insert(RecordSchema.row(batch: 0, index: i, payloadBytes: 100_000), into: table)
            }
        }
        // And grows ahead of time across many smaller ones.
        for b in 1 ... 20 {
            _ = try store.write { txn in
                for i in 0 ..< 10 {
                    try txn.insert(RecordSchema.row(batch: b, index: i, payloadBytes: 50_000), into: table)
                }
            }
        }
        #expect(try store.read { try $0.count(table) } == 500)
        #expect(store.fileSize > 30_000_000)
    }
}
