import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// A class whose primary key is a required `Int` keeps its objects under that
/// key; other primary keys keep the `pk/` index.
@Suite struct PrimaryKeyLayoutTests {
    static let counter = ClassSchema(
        name: "Counter",
        properties: [
            PropertySchema(name: "id", type: .int, isPrimaryKey: true),
            PropertySchema(name: "label", type: .string, isIndexed: true),
        ])
    static let tag = ClassSchema(
        name: "Tag",
        properties: [
            PropertySchema(name: "id", type: .int, isOptional: true, isPrimaryKey: true)
        ])

    @Test func requiredIntPrimaryKeysAreTheObjectKeys() {
        #expect(Self.counter.isKeyedByPrimaryKey)
        #expect(!Self.tag.isKeyedByPrimaryKey)
        let named = ClassSchema(
            name: "Named", properties: [PropertySchema(name: "name", type: .string, isPrimaryKey: true)])
        #expect(!named.isKeyedByPrimaryKey)
    }

    @Test func intPrimaryKeysOfEveryRangeAreFoundAndSortAsNumbers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pk.geode")
        let store = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.counter, Self.tag], version: 1)))
        let table = try store.table("Counter")
        let ids: [Int64] = [.max, 0, -1, .min, 1, 1 << 40, -(1 << 40), 255, 256]
        let keys = try store.write { txn in try ids.map { try txn.insert([.int($0), .string("n\($0)")], into: table) } }
        #expect(Set(keys).count == ids.count)
        try store.read { txn throws in
            for (id, key) in zip(ids, keys) {
                #expect(try txn.object(withPrimaryKey: .int(id), in: table) == key)
                #expect(try txn.row(key, in: table) == [.int(id), .string("n\(id)")])
            }
            #expect(try txn.object(withPrimaryKey: .int(2), in: table) == nil)
            #expect(try txn.object(withPrimaryKey: .string("0"), in: table) == nil)
            var order: [Int64] = []
            try txn.forEach(in: table) { _, document in
                if case let .int(id)? = try document.value(at: 0)?.decode() { order.append(id) }
                return true
            }
            #expect(order == ids.sorted())
        }
        // The keyed class has no `pk/` database; the other one keeps its index.
        let env = try Environment.open(path: path, options: .init())
        defer { env.release() }
        try env.read { txn throws in
            #expect(try txn.existingDatabase("pk/Counter") == nil)
            #expect(try txn.existingDatabase("pk/Tag") != nil)
        }
    }

    @Test func aTakenIntPrimaryKeyIsRefusedAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(
            StoreConfiguration(path: directory.path("dup.geode"), schema: Schema(classes: [Self.counter], version: 1)))
        let table = try store.table("Counter")
        let first = try store.write { try $0.insert([.int(7), .string("first")], into: table) }
        #expect(throws: StoreError.self) {
            try store.write { txn in
                try txn.insert([.int(8), .string("eight")], into: table)
                try txn.insert([.int(7), .string("second")], into: table)
            }
        }
        try store.read { txn throws in
            #expect(try txn.count(table) == 1)
            #expect(try txn.row(first, in: table) == [.int(7), .string("first")])
            #expect(try txn.objects(whereIndexed: "label", equals: .string("second"), in: table) == [])
        }
        // Deleted, the key is free again.
        let again = try store.write { txn in
            try txn.delete(first, in: table)
            return try txn.insert([.int(7), .string("again")], into: table)
        }
        #expect(again == first)
        #expect(
            try store.read { try $0.objects(whereIndexed: "label", equals: .string("again"), in: table) } == [again])
        #expect(try store.read { try $0.objects(whereIndexed: "label", equals: .string("first"), in: table) } == [])
    }
}
