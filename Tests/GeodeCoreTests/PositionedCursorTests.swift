import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// A write transaction reads and writes each database by key through a cursor
/// it keeps positioned, so that keys met in order skip LMDB's descent from the
/// root. Whatever the order of gets, puts, appends, deletes, drops and scans,
/// the transaction must read what it wrote, and commit it.
@Suite struct PositionedCursorTests {
    private static func key(_ i: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(i).bigEndian) { Array($0) } }

    /// A value of `length` bytes that names `i` and `round` (large ones go to overflow pages).
    private static func value(_ i: Int, _ round: Int, length: Int) -> [UInt8] {
        (0 ..< length).map { UInt8(truncatingIfNeeded: i &* 31 &+ round &* 7 &+ $0) }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aWriteReadsWhatItWroteInAnyOrderOfOperations(seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let env = try Environment.open(path: directory.path("positioned.mdb"), options: .init())
        defer { env.release() }
        var random = SeededGenerator(seed: seed)
        var model: [Int: [UInt8]] = [:]
        var name = "numbers"
        try env.write { txn in
            var db = try txn.openDatabase(name)
            var next = 0
            for round in 0 ..< 2000 {
                let length =
                    Int.random(in: 0 ..< 100, using: &random) < 3 ? 5000 : Int.random(in: 1 ..< 700, using: &random)
                switch Int.random(in: 0 ..< 100, using: &random) {
                case 0 ..< 30:
                    // A run in key order, as a migration rewrites objects.
                    let start = Int.random(in: 0 ..< max(1, next), using: &random)
                    for i in start ..< min(next, start + 50) {
                        let stored = Self.value(i, round, length: length)
                        try txn.put(db, key: Self.key(i), value: stored)
                        model[i] = stored
                    }
                case 30 ..< 50:
                    // Appends after the last key, as an import adds objects.
                    for _ in 0 ..< 20 {
                        let stored = Self.value(next, round, length: length)
                        let claimed = try Self.key(next).withUnsafeBytes { k in
                            try stored.withUnsafeBytes { try txn.putNew(db, key: k, value: $0) }
                        }
                        #expect(claimed, "key \(next) was new")
                        model[next] = stored
                        next += 1
                    }
                case 50 ..< 60 where next > 0:
                    // Below the last key: no append; a key deleted before is new again.
                    let i = Int.random(in: 0 ..< next, using: &random)
                    let stored = Self.value(i, round, length: length)
                    let claimed = try Self.key(i).withUnsafeBytes { k in
                        try stored.withUnsafeBytes { try txn.putNew(db, key: k, value: $0) }
                    }
                    #expect(claimed == (model[i] == nil), "putNew of key \(i)")
                    if claimed { model[i] = stored }
                case 60 ..< 75:
                    // Deletes in order and at random, emptying and merging pages.
                    let start = Int.random(in: 0 ..< max(1, next), using: &random)
                    let step = Int.random(in: 1 ..< 4, using: &random)
                    for i in stride(from: start, to: min(next, start + 60), by: step) {
                        #expect(try txn.delete(db, key: Self.key(i)) == (model.removeValue(forKey: i) != nil))
                    }
                case 75 ..< 95:
                    for _ in 0 ..< 20 {
                        let i = Int.random(in: 0 ..< max(1, next + 5), using: &random)
                        let found = try txn.get(db, key: Self.key(i)).map { Array($0) }
                        #expect(found == model[i], "get of key \(i) in round \(round)")
                    }
                case 95 ..< 98:
                    // A scan through a cursor of its own, between keyed writes.
                    let cursor = try txn.cursor(db)
                    var seen = 0
                    var entry = try cursor.first()
                    while entry != nil {
                        seen += 1
                        entry = try cursor.next()
                    }
                    #expect(seen == model.count)
                case 50 ..< 60:
                    break
                case 98:
                    try txn.drop(db, remove: false)
                    model = [:]
                default:
                    // Removed and opened again under another name: a handle LMDB may reuse.
                    try txn.drop(db, remove: true)
                    model = [:]
                    name = "numbers-\(round)"
                    db = try txn.openDatabase(name)
                }
            }
        }
        // Committed: a new transaction reads every key as the model has it.
        try env.read { txn in
            let db = try #require(try txn.existingDatabase(name))
            #expect(try txn.count(db) == model.count)
            for (i, stored) in model {
                #expect(try txn.get(db, key: Self.key(i)).map { Array($0) } == stored, "committed key \(i)")
            }
        }
        // The next write transaction opens cursors of its own.
        try env.write { txn in
            let db = try txn.openDatabase(name)
            try txn.put(db, key: Self.key(1_000_000), value: [1])
            #expect(try txn.get(db, key: Self.key(1_000_000)).map { Array($0) } == [1])
        }
    }

    @Test func anAbortedWriteLeavesItsCursorsBehind() throws {
        let directory = try TemporaryDirectory()
        let env = try Environment.open(path: directory.path("aborted.mdb"), options: .init())
        defer { env.release() }
        try env.write { txn in
            let db = try txn.openDatabase("numbers")
            for i in 0 ..< 100 { try txn.put(db, key: Self.key(i), value: [UInt8(i)]) }
        }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try env.write { txn in
                let db = try txn.openDatabase("numbers")
                for i in 0 ..< 100 { try txn.put(db, key: Self.key(i), value: [0]) }
                throw Stop()
            }
        }
        try env.write { txn in
            let db = try txn.openDatabase("numbers")
            for i in 0 ..< 100 {
                #expect(try txn.get(db, key: Self.key(i)).map { Array($0) } == [UInt8(i)])
            }
        }
    }
}
