import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// `StoreTransaction.forEach` walks a class's objects in key order, forward
/// or backward, within `from ..< before`: what scans, `first` and `last` read.
@Suite struct ObjectWalkTests {
    static let item = ClassSchema(name: "Item", properties: [PropertySchema(name: "n", type: .int)])

    @Test func aWalkVisitsTheKeysInItsBoundsInOrderEitherWay() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(
            StoreConfiguration(path: directory.path("walk.geode"), schema: Schema(classes: [Self.item], version: 1)))
        let table = try store.table("Item")
        let keys = try store.write { txn in try (0 ..< 50).map { try txn.insert([.int(Int64($0))], into: table) } }
        // Every other object deleted, so bounds fall both on keys and between them.
        try store.write { txn in for key in keys where key.rawValue % 2 == 1 { try txn.delete(key, in: table) } }
        let kept = keys.filter { $0.rawValue % 2 == 0 }
        let beyond = ObjectKey(keys[49].rawValue + 100)
        let bounds: [(ObjectKey?, ObjectKey?)] = [
            (nil, nil), (keys[10], nil), (keys[11], nil), (nil, keys[20]), (nil, keys[21]), (keys[7], keys[30]),
            (keys[12], keys[13]), (nil, keys[0]), (beyond, nil), (nil, beyond),
        ]
        try store.read { txn throws in
            for (from, before) in bounds {
                let expected = kept.filter { key in from.map { key >= $0 } ?? true && before.map { key < $0 } ?? true }
                for backward in [false, true] {
                    var visited: [ObjectKey] = []
                    try txn.forEach(in: table, from: from, before: before, backward: backward) { key, _ in
                        visited.append(key)
                        return true
                    }
                    #expect(
                        visited == (backward ? expected.reversed() : expected),
                        "from \(String(describing: from)) before \(String(describing: before)), backward \(backward)")
                }
            }
            // A walk stops when its body says so.
            var last: [ObjectKey] = []
            try txn.forEach(in: table, backward: true) { key, _ in
                last.append(key)
                return false
            }
            #expect(last == [kept[kept.count - 1]])
        }
    }
}
