import Foundation
import GeodeCore
import GeodeTestSupport
import OrderedCollections
import Testing

/// A class with one property of every kind the engine stores.
let everyTypeClass = ClassSchema(
    name: "Everything",
    properties: [
        PropertySchema(name: "bool", type: .bool),
        PropertySchema(name: "int", type: .int),
        PropertySchema(name: "float", type: .float),
        PropertySchema(name: "double", type: .double),
        PropertySchema(name: "string", type: .string),
        PropertySchema(name: "data", type: .data),
        PropertySchema(name: "date", type: .date),
        PropertySchema(name: "decimal", type: .decimal128),
        PropertySchema(name: "objectId", type: .objectId),
        PropertySchema(name: "uuid", type: .uuid),
        PropertySchema(name: "optionalInt", type: .int, isOptional: true),
        PropertySchema(name: "mixed", type: .mixed),
        PropertySchema(name: "tags", type: .string, collection: .list),
        PropertySchema(name: "scores", type: .int, collection: .set, isOptional: true),
        PropertySchema(name: "parks", type: .string, collection: .map),
        PropertySchema(name: "address", type: .object, isOptional: true, objectClassName: "Address"),
        PropertySchema(name: "friend", type: .object, isOptional: true, objectClassName: "Everything"),
    ])

let addressClass = ClassSchema(
    name: "Address",
    properties: [
        PropertySchema(name: "street", type: .string, isOptional: true),
        PropertySchema(name: "city", type: .string, isOptional: true),
    ], isEmbedded: true)

let everySchema = Schema(classes: [everyTypeClass, addressClass], version: 1)

func sampleRow(friend: Link? = nil) -> [Value] {
    [
        .bool(true), .int(.min), .float(-0.0), .double(.nan), .string("Ünïcödé"), .binary([1, 2, 3]),
        .timestamp(Timestamp(seconds: -5, nanoseconds: -500)),
        .decimal128(Decimal128Bits(low: 42, high: 0x3040_0000_0000_0000)),
        .objectId(ObjectIdBytes(Array(0 ..< 12))), .uuid(UUID()), .null,
        .map(["nested": .list([.int(1), .map(["deep": .bool(true)])])]),
        .list([.string("a"), .string("b")]), .list([.int(1), .null]), .map(["Ottawa": .string("Bush Park")]),
        .embedded([.string("Main St"), .null]), friend.map(Value.link) ?? .null,
    ]
}

@Suite struct StoreTests {
    @Test func rowsOfEveryTypeSurviveReopening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("every.geode")
        let row = sampleRow()
        var key = ObjectKey(0)
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: everySchema))
            let table = try store.table("Everything")
            key = try store.write { try $0.insert(row, into: table) }
            let friendRow = sampleRow(friend: Link(table: table.schema.table, key: key))
            try store.write { txn in _ = try txn.insert(friendRow, into: table) }
        }
        let store = try Store.open(StoreConfiguration(path: path, schema: everySchema))
        let table = try store.table("Everything")
        let (stored, count) = try store.read { txn in (try txn.row(key, in: table), try txn.count(table)) }
        #expect(stored == row)
        #expect(count == 2)
    }

    @Test func documentsGrowAndShrinkOnUpdate() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("s.geode"), schema: RecordSchema.schema))
        let table = try store.table("Record")
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 1, index: 1, payloadBytes: 10), into: table) }
        for size in [100_000, 3, 5_000_000, 0] {
            try store.write {
                try $0.update(RecordSchema.row(batch: 1, index: 1, payloadBytes: size), key: key, in: table)
            }
            let payload = try store.read { try $0.value(of: "payload", key, in: "Record") }
            #expect(payload == .string(String(repeating: "x", count: size)))
        }
    }

    /// An update is checked before anything is written: a bad row, or one that
    /// changes the primary key, throws and leaves the document and its index
    /// entries as they were, even when the write goes on.
    @Test func aRefusedUpdateLeavesTheObjectAndItsIndexes() throws {
        let directory = try TemporaryDirectory()
        let tag = ClassSchema(
            name: "Tag",
            properties: [
                PropertySchema(name: "id", type: .int, isPrimaryKey: true),
                PropertySchema(name: "label", type: .string, isIndexed: true),
            ])
        let store = try Store.open(
            StoreConfiguration(path: directory.path("u.geode"), schema: Schema(classes: [tag], version: 1)))
        let table = try store.table("Tag")
        let key = try store.write { try $0.insert([.int(1), .string("red")], into: table) }
        try store.write { txn in
            #expect(throws: StoreError.self) { try txn.update([.int(1), .int(7)], key: key, in: table) }
            #expect(throws: StoreError.self) { try txn.update([.int(2), .string("blue")], key: key, in: table) }
        }
        func count(_ text: String) throws -> Int {
            let query = try QueryParser.parse(text)
            return try store.read { try QueryExecutor(query: query, table: table, transaction: $0).count() }
        }
        #expect(try store.read { try $0.row(key, in: table) } == [.int(1), .string("red")])
        #expect(try count("label == 'red'") == 1, "the index entry is still there")
        #expect(try count("label == 'blue'") == 0)
        #expect(try count("id == 1") == 1)
    }

    @Test func objectKeysIncreaseAndAreNeverReused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keys.geode")
        var seen: [ObjectKey] = []
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            try store.write { txn in
                for i in 0 ..< 3 { seen.append(try txn.insert(RecordSchema.row(batch: 0, index: i), into: table)) }
            }
            _ = try store.write { txn in try txn.delete(seen[2], in: table) }
            // An aborted transaction's keys are not consumed either way; a later one continues.
            #expect(throws: StoreError.self) {
                try store.write { txn in
                    _ = try txn.insert(RecordSchema.row(batch: 0, index: 9), into: table)
                    throw StoreError.unknownClass("abort")
                }
            }
        }
        let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        let table = try store.table("Record")
        let next = try store.write { try $0.insert(RecordSchema.row(batch: 0, index: 3), into: table) }
        #expect(seen == [ObjectKey(1), ObjectKey(2), ObjectKey(3)])
        #expect(next == ObjectKey(4), "the deleted key 3 is not handed out again")
    }

    @Test func deleteRemovesTheDocument() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("d.geode"), schema: RecordSchema.schema))
        let table = try store.table("Record")
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 0, index: 0), into: table) }
        #expect(try store.write { try $0.delete(key, in: table) })
        #expect(try store.write { try $0.delete(key, in: table) } == false)
        #expect(try store.read { try $0.row(key, in: table) } == nil)
    }

    /// Each bad value is a thrown error naming class, property and path, and the
    /// store keeps what it had.
    @Test(arguments: [
        BadValue(slot: 12, value: Value.list([.string("ok"), .null]), message: "Everything.tags[1]"),
        BadValue(
            slot: 12,
            value: Value.list([.string("ok"), .string(String(repeating: "a", count: Value.maximumStringBytes + 1))]),
            message: "Everything.tags[1]"),
        BadValue(
            slot: 4, value: Value.string(String(repeating: "a", count: Value.maximumStringBytes + 1)),
            message: "Everything.string"),
        BadValue(
            slot: 5, value: Value.binary([UInt8](repeating: 0, count: Value.maximumDataBytes + 1)),
            message: "Everything.data"),
        BadValue(slot: 14, value: Value.map(["New York.Brooklyn": .string("x")]), message: "New York.Brooklyn"),
        BadValue(slot: 14, value: Value.map(["$where": .string("x")]), message: "$where"),
        BadValue(slot: 14, value: Value.map(["": .string("x")]), message: "Everything.parks"),
        BadValue(
            slot: 11, value: ValueGenerator.nested(levels: Value.maximumNesting + 1), message: "exceeds 100 levels"),
        BadValue(
            slot: 11, value: Value.list([.embedded([.null, .null])]), message: "embedded object inside AnyRealmValue"),
        BadValue(slot: 1, value: Value.string("3"), message: "expected int, found string"),
        BadValue(slot: 0, value: Value.null, message: "missing value for required property at Everything.bool"),
        BadValue(slot: 15, value: Value.link(Link(table: 1, key: ObjectKey(1))), message: "Everything.address"),
    ])
    func badValuesAreRefusedAndTheStoreIsUnchanged(_ bad: BadValue) throws {
        let (slot, value, message) = (bad.slot, bad.value, bad.message)
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("bad.geode"), schema: everySchema))
        let table = try store.table("Everything")
        let good = sampleRow()
        try store.write { _ = try $0.insert(good, into: table) }
        var bad = good
        bad[slot] = value
        do {
            try store.write { txn in
                _ = try txn.insert(good, into: table)
                _ = try txn.insert(bad, into: table)
            }
            Issue.record("a bad value was accepted")
        } catch let error as StoreError {
            #expect(String(describing: error).contains(message), "\(error)")
        }
        #expect(try store.read { try $0.count(table) } == 1, "the failed transaction left nothing")
    }

    @Test func valuesAtTheLimitsAreAccepted() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("limits.geode"), schema: everySchema))
        let table = try store.table("Everything")
        var row = sampleRow()
        row[4] = .string(String(repeating: "a", count: Value.maximumStringBytes))
        row[5] = .binary([UInt8](repeating: 1, count: Value.maximumDataBytes))
        row[11] = ValueGenerator.nested(levels: Value.maximumNesting)
        let key = try store.write { try $0.insert(row, into: table) }
        #expect(try store.read { try $0.row(key, in: table) } == row)
    }

    @Test func inMemoryStoresRemoveTheirFilesWhenClosed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("memory.geode")
        var configuration = StoreConfiguration(path: path, schema: RecordSchema.schema)
        configuration.inMemory = true
        do {
            let store = try Store.open(configuration)
            let second = try Store.open(configuration)
            let table = try store.table("Record")
            try store.write { _ = try $0.insert(RecordSchema.row(batch: 0, index: 0), into: table) }
            #expect(try second.read { try $0.count(table) } == 1, "both instances share one environment")
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(directory.fileNames.isEmpty, "files left: \(directory.fileNames)")
    }

    @Test func readOnlyStoresRefuseWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.geode")
        _ = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        var configuration = StoreConfiguration(path: path)
        configuration.readOnly = true
        let store = try Store.open(configuration)
        let table = try store.table("Record")
        #expect(throws: StoreError.readOnly(path: path)) {
            try store.write { _ = try $0.insert(RecordSchema.row(batch: 0, index: 0), into: table) }
        }
    }
}
