import Foundation
@testable import GeodeCore
import GeodeTestSupport
import OrderedCollections
import Testing

/// Map keys written as numbers of the store's key table: smaller documents
/// that read back the same, numbers that only committed transactions keep,
/// and the same bytes for equal documents however they were encoded.
@Suite struct MapKeyInterningTests {
    static let doc = ClassSchema(
        name: "Doc",
        properties: [
            PropertySchema(name: "n", type: .int),
            PropertySchema(name: "content", type: .mixed),
        ])

    private func open(_ directory: TemporaryDirectory) throws -> (Store, Table) {
        let store = try Store.open(
            StoreConfiguration(path: directory.path("k.geode"), schema: Schema(classes: [Self.doc], version: 1)))
        return (store, try store.table("Doc"))
    }

    private func map(_ pairs: [(String, Value)]) -> Value {
        .map(OrderedDictionary(uniqueKeysWithValues: pairs))
    }

    /// The stored bytes of object `key`.
    private func bytes(_ store: Store, _ table: Table, _ key: ObjectKey) throws -> [UInt8] {
        try store.read { txn in
            guard let document = try txn.document(key, in: table) else { return [] }
            return Array(document.bytes)
        }
    }

    @Test func keysAreWrittenAsNumbersAndReadBackSpelledOut() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try open(directory)
        let long = String(repeating: "k", count: MapKeyTable.longestKey + 1)
        let content = map([("population", .int(5)), ("nested", map([("population", .int(6)), (long, .bool(true))]))])
        let key = try store.write { try $0.insert([.int(1), content], into: table) }
        #expect(try store.read { try $0.row(key, in: table) } == [.int(1), content])
        #expect(store.mapKeys.number(for: "population", interning: false) == 0)
        #expect(store.mapKeys.number(for: "nested", interning: false) == 1)
        #expect(store.mapKeys.number(for: long, interning: false) == nil, "keys past 64 bytes stay spelled out")
        let stored = try bytes(store, table, key)
        #expect(!stored.containsSubsequence(Array("population".utf8)), "an interned key is not spelled out")
        #expect(stored.containsSubsequence(Array(long.utf8)))
        // Queries and paths find interned keys.
        let found = try store.read { txn in
            try txn.document(key, in: table)?.value(atPath: [.index(1), .key("nested"), .key("population")])?.int()
        }
        #expect(found == 6)
    }

    @Test func anAbortedWriteKeepsNoNumbersAndAReopenedStoreKnowsTheCommittedOnes() throws {
        let directory = try TemporaryDirectory()
        do {
            let (store, table) = try open(directory)
            struct Stop: Error {}
            #expect(throws: Stop.self) {
                _ = try store.write { txn in
                    try txn.insert([.int(1), map([("lost", .int(1))])], into: table)
                    throw Stop()
                }
            }
            #expect(store.mapKeys.number(for: "lost", interning: false) == nil)
            _ = try store.write { try $0.insert([.int(2), map([("kept", .int(2)), ("also", .int(3))])], into: table) }
            #expect(
                store.mapKeys.number(for: "kept", interning: false) == 0,
                "the aborted transaction's number was given again")
        }
        let (store, table) = try open(directory)
        #expect(
            try store.read { txn in try txn.row(ObjectKey(1), in: table) } == [
                .int(2), map([("kept", .int(2)), ("also", .int(3))]),
            ])
        #expect(store.mapKeys.number(for: "also", interning: false) == 1)
    }

    @Test func documentsEncodedAwayFromTheWriterGetTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try open(directory)
        let content = map([("fresh", .int(1)), ("inner", map([("deeper", .string("x"))]))])
        var preparer = RowPreparer(store: store, table: table)
        // Prepared before any transaction knew these keys: spelled out, then interned by the writer.
        let prepared = try preparer.prepare([.int(1), content])
        #expect(prepared.spellsOutNewKey)
        let first = try store.write { try $0.insert(prepared, into: table) }
        let second = try store.write { try $0.insert([.int(1), content], into: table) }
        let again = try preparer.prepare([.int(1), content])
        #expect(!again.spellsOutNewKey, "committed numbers are used outside the writer")
        let third = try store.write { try $0.insert(again, into: table) }
        let expected = try bytes(store, table, second)
        #expect(try bytes(store, table, first) == expected)
        #expect(try bytes(store, table, third) == expected)
        #expect(try store.read { try $0.row(first, in: table) } == [.int(1), content])
    }

    @Test func keysPastTheTablesCapacityAreSpelledOut() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try open(directory)
        let count = MapKeyTable.capacity + 10
        let content = map((0 ..< count).map { ("key\($0)", .int(Int64($0))) })
        let key = try store.write { try $0.insert([.int(1), content], into: table) }
        #expect(try store.read { try $0.row(key, in: table) } == [.int(1), content])
        #expect(store.mapKeys.isFull)
        #expect(store.mapKeys.number(for: "key\(MapKeyTable.capacity - 1)", interning: false) != nil)
        #expect(store.mapKeys.number(for: "key\(MapKeyTable.capacity)", interning: false) == nil)
    }

    @Test func queriesFindKeysWhetherNumberedOrSpelledOut() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try open(directory)
        let long = String(repeating: "k", count: MapKeyTable.longestKey + 1)
        func count(_ text: String) throws -> Int {
            let query = try QueryParser.parse(text)
            return try store.read { txn in try QueryExecutor(query: query, table: table, transaction: txn).count() }
        }
        // "rank" numbered; the long key spelled out; "late" not known to the table yet.
        _ = try store.write { txn in
            for i in 0 ..< 6 {
                try txn.insert(
                    [
                        .int(Int64(i)),
                        map([("rank", .int(Int64(i % 3))), (long, .int(Int64(i))), ("inner", map([("rank", .int(9))]))]
                        ),
                    ], into: table)
            }
        }
        #expect(try count("content.rank == 1") == 2)
        #expect(try count("content.inner.rank == 9") == 6)
        #expect(try count("content.\(long) >= 4") == 2)
        #expect(try count("content.late == 1") == 0)
        // A key numbered after the first query: the same query text now finds it by number.
        _ = try store.write { try $0.insert([.int(7), map([("late", .int(1)), ("rank", .int(1))])], into: table) }
        #expect(store.mapKeys.number(for: "late", interning: false) != nil)
        #expect(try count("content.late == 1") == 1)
        #expect(try count("content.rank == 1") == 3)
        // Inside the write that numbers a key, its documents are found before the number is committed.
        let inside = try store.write { txn in
            try txn.insert([.int(8), map([("fresh", .string("x"))])], into: table)
            return try QueryExecutor(
                query: try QueryParser.parse("content.fresh == 'x'"), table: table, transaction: txn
            ).count()
        }
        #expect(inside == 1)
        #expect(try count("content.fresh == 'x'") == 1)
        // Keys at a different place in every other document (a scan first looks where the last one had it).
        _ = try store.write { txn in
            for i in 0 ..< 10 {
                let pairs: [(String, Value)] = [("first", .int(1)), ("second", .int(Int64(i)))]
                try txn.insert([.int(100), map(i % 2 == 0 ? pairs : pairs.reversed())], into: table)
            }
        }
        #expect(try count("content.second >= 5") == 5)
        #expect(try count("content.first == 1 AND content.second < 3") == 3)
    }

    @Test func aDocumentNamingAKeyTheTableLacksIsDamageNotACrash() throws {
        // Reference 2·7+1: key number 7, read with no key table.
        let bytes: [UInt8] = [0, 1, 0, ValueTag.map.rawValue, 5, 0, 1, 0, 15, ValueTag.null.rawValue]
        #expect(throws: StoreError.self) {
            try bytes.withUnsafeBytes { try ContainerView(document: $0).decodeAll() }
        }
    }
}

private extension Array where Element == UInt8 {
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0 ... count - needle.count).contains { self[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }
}

/// Damaged maps: an entry whose key runs to the end of its map has no value.
@Suite struct DamagedMapTests {
    /// A document of one slot holding a map whose only entry is the key "ab", and no value.
    static let keyWithoutValue: [UInt8] = [0, 1, 0, ValueTag.map.rawValue, 6, 0, 1, 0, 4, 97, 98]

    @Test func anEntryWithoutAValueIsDamageWhenLookedUpByKey() {
        #expect(throws: StoreError.self) {
            try Self.keyWithoutValue.withUnsafeBytes {
                try ContainerView(document: $0).value(atPath: [.index(0), .key("ab")])?.decode()
            }
        }
    }

    @Test func anEntryWithoutAValueIsDamageWhenReadByPosition() {
        #expect(throws: StoreError.self) {
            try Self.keyWithoutValue.withUnsafeBytes {
                try ContainerView(document: $0).value(at: 0)?.container()?.value(at: 0)?.decode()
            }
        }
    }
}
