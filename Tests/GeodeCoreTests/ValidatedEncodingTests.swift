import Foundation
@testable import GeodeCore
import GeodeTestSupport
import OrderedCollections
import Testing

/// A write checks each value while it encodes it, and hands the values it
/// cannot decide at a glance (embedded objects, AnyRealmValue, maps, lists
/// with such elements) to the full validator part-way through a document or a
/// list. Whatever the mix, the stored bytes are those of encoding alone.
@Suite struct ValidatedEncodingTests {
    static let place = ClassSchema(
        name: "Place",
        properties: [
            PropertySchema(name: "anything", type: .mixed, collection: .list),
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "stops", type: .object, collection: .list, objectClassName: "Address"),
            PropertySchema(name: "rank", type: .int, isOptional: true),
            PropertySchema(name: "meta", type: .mixed, collection: .map),
            PropertySchema(name: "tags", type: .string, collection: .list),
            PropertySchema(name: "home", type: .object, isOptional: true, objectClassName: "Address"),
            PropertySchema(name: "weight", type: .double),
        ])
    static let schema = Schema(classes: [place, addressClass], version: 1)

    @Test func checkingWhileEncodingStoresTheBytesOfEncodingAlone() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("mix.geode"), schema: Self.schema))
        let table = try store.table("Place")
        var random = SeededGenerator(seed: 2026_11_24)
        let rows = (0 ..< 400).map { _ in Self.row(&random) }
        let keys = try store.write { txn in try rows.map { try txn.insert($0, into: table) } }
        // Keys were interned by the write; a writer that may not intern spells nothing out now.
        var plain = DocumentWriter(keys: store.mapKeys, interning: false)
        try store.read { txn in
            for (key, row) in zip(keys, rows) {
                let stored = try #require(try txn.document(key, in: table))
                #expect(Array(stored.bytes) == plain.encodeDocument(row), "row \(row)")
                #expect(try stored.decodeAll() == row)
            }
        }
    }

    /// A bad value after values already written, or inside a list after good
    /// elements, is refused with its path, and the transaction leaves nothing.
    @Test(arguments: [
        BadValue(
            slot: 5,
            value: Value.list([
                .string("short"), .string(String(repeating: "é", count: Value.maximumStringBytes / 2 + 1)),
            ]), message: "Place.tags[1]"),
        BadValue(
            slot: 0, value: Value.list([.null, .int(1), .embedded([.null, .null])]), message: "Place.anything[2]"),
        BadValue(slot: 2, value: Value.list([.embedded([.string("a"), .null]), .null]), message: "Place.stops[1]"),
        BadValue(slot: 7, value: Value.int(3), message: "expected double, found int"),
        BadValue(slot: 4, value: Value.map(["ok": .int(1), "bad.key": .int(2)]), message: "bad.key"),
        BadValue(slot: 6, value: Value.embedded([.string("a"), .int(3)]), message: "Place.home.city"),
        BadValue(
            slot: 6,
            value: Value.embedded([.string(String(repeating: "é", count: Value.maximumStringBytes / 2 + 1)), .null]),
            message: "Place.home.street"),
        BadValue(slot: 6, value: Value.embedded([.null]), message: "2 slots of Address"),
    ])
    func aBadValueAfterGoodOnesIsRefusedWithItsPath(_ bad: BadValue) throws {
        let (slot, value, message) = (bad.slot, bad.value, bad.message)
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("bad.geode"), schema: Self.schema))
        let table = try store.table("Place")
        var random = SeededGenerator(seed: 7)
        var bad = Self.row(&random)
        bad[slot] = value
        do {
            try store.write { txn in
                _ = try txn.insert(Self.row(&random), into: table)
                _ = try txn.insert(bad, into: table)
            }
            Issue.record("a bad value was accepted")
        } catch let error as StoreError {
            #expect(String(describing: error).contains(message), "\(error)")
        }
        #expect(try store.read { try $0.count(table) } == 0)
    }

    /// A random valid row: plain values, and values only the full check can
    /// accept, in every slot and at every position of a list.
    static func row(_ random: inout SeededGenerator) -> [Value] {
        func pick(_ n: Int) -> Int { Int.random(in: 0 ..< n, using: &random) }
        func text() -> String { String(repeating: "ab€", count: pick(12)) }
        func address() -> Value { .embedded([pick(2) == 0 ? .null : .string(text()), .string(text())]) }
        func mixed() -> Value {
            switch pick(6) {
            case 0, 1: return .null
            case 2: return .int(Int64(pick(1_000_000)) - 500_000)
            case 3: return .string(text())
            case 4: return .list((0 ..< pick(3)).map { _ in .double(Double(pick(1000)) / 8) })
            default:
                return .map(
                    OrderedDictionary(uniqueKeysWithValues: (0 ..< pick(3)).map { ("k\($0)", Value.bool($0 == 1)) }))
            }
        }
        return [
            .list((0 ..< pick(4)).map { _ in mixed() }),
            .string(text()),
            .list((0 ..< pick(3)).map { _ in address() }),
            pick(3) == 0 ? .null : .int(Int64(pick(300))),
            .map(OrderedDictionary(uniqueKeysWithValues: (0 ..< pick(3)).map { ("m\($0)", mixed()) })),
            .list((0 ..< pick(4)).map { _ in .string(text()) }),
            pick(2) == 0 ? .null : address(),
            .double(pick(2) == 0 ? Double(pick(3_600_000)) / 1e4 : .pi * Double(pick(100))),
        ]
    }
}
