import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// A read transaction hands a scan a cursor an earlier scan let go of (opening
/// one costs LMDB an allocation). A reused cursor must behave as a new one: at
/// no position, and never shared with a scan still running.
@Suite struct CursorReuseTests {
    private func withNumbers(_ count: Int, _ body: (Transaction, Database) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        let env = try Environment.open(path: directory.path("cursors.mdb"), options: .init())
        defer { env.release() }
        try env.write { txn in
            let db = try txn.openDatabase("numbers")
            for i in 0 ..< count { try txn.put(db, key: [UInt8(i)], value: [UInt8(i)]) }
        }
        try env.read { txn in try body(txn, try #require(try txn.existingDatabase("numbers"))) }
    }

    /// The key `cursor.next()` reaches first.
    private func firstStep(_ cursor: Cursor) throws -> UInt8? {
        try cursor.next().flatMap { $0.key.first }
    }

    @Test func aCursorLetGoIsReusedFromNoPosition() throws {
        try withNumbers(20) { txn, db in
            var earlier: ObjectIdentifier?
            do {
                let cursor = try txn.cursor(db)
                _ = try cursor.seek(atLeast: [15])
                earlier = ObjectIdentifier(cursor)
            }
            let cursor = try txn.cursor(db)
            #expect(ObjectIdentifier(cursor) == earlier, "the released cursor is handed out again")
            // A fresh cursor's first `next` is the first entry, not the one after 15.
            #expect(try firstStep(cursor) == 0)
        }
    }

    @Test func aCursorStillHeldIsNeverHandedOutTwice() throws {
        try withNumbers(20) { txn, db in
            let outer = try txn.cursor(db)
            _ = try outer.seek(atLeast: [10])
            // A nested scan of the same database (a subquery, a link) while the outer one runs.
            let inner = try txn.cursor(db)
            #expect(inner !== outer)
            #expect(try firstStep(inner) == 0)
            _ = try inner.seek(atLeast: [18])
            #expect(try outer.next().flatMap { $0.key.first } == 11, "the outer scan kept its place")
        }
    }
}
