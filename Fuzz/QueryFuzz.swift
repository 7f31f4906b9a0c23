import Foundation
import Geode

/// Query text, as a user could type it, against a store whose class has a
/// property of every kind: it parses, binds and runs, or throws. Bytes after
/// a NUL are a string argument (`$0`, `%@`), which the query may read as a
/// value or, after `geoWithin`, as a shape written as text.
enum QueryFuzz {
    final class Item: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(indexed: true) var name = ""
        @Persisted var score = 0.0
        @Persisted var ratio: Float = 0
        @Persisted var flag = false
        @Persisted var when = Date(timeIntervalSince1970: 0)
        @Persisted var blob = Data()
        @Persisted var amount = Decimal128(0)
        @Persisted var oid = ObjectId()
        @Persisted var uuid = UUID()
        @Persisted var anything: AnyRealmValue
        @Persisted var numbers: List<Int>
        @Persisted var words: MutableSet<String>
        @Persisted var meta: Map<String, AnyRealmValue>
        @Persisted var next: Item?
        @Persisted var location: GeoJSONPoint?
        @Persisted(originProperty: "next") var previous: LinkingObjects<Item>
    }

    nonisolated(unsafe) static let realm: Realm? = {
        guard let realm = FuzzTarget.scratchRealm("query", [Item.self, GeoJSONPoint.self]) else { return nil }
        try? realm.write {
            var last: Item?
            for i in 0 ..< 40 {
                let mixed: [AnyRealmValue] = [
                    .int(i), .string("s\(i)"), .double(Double(i) / 3), .none,
                    .fromDictionary(["k": .int(i), "l": .fromArray([.bool(i % 2 == 0), .string("x")])]),
                ]
                let item = realm.create(
                    Item.self,
                    value: [
                        "id": i, "name": "item \(i)", "score": Double(i) * 1.5, "ratio": Float(i) / 4,
                        "flag": i % 3 == 0,
                        "when": Date(timeIntervalSince1970: Double(i) * 86_400), "blob": Data([UInt8(i), 1, 2]),
                        "amount": Decimal128(floatLiteral: Double(i) / 8), "anything": mixed[i % mixed.count],
                        "numbers": Array(0 ..< i % 5), "words": ["w\(i % 4)", "common"],
                        "meta": ["rank": AnyRealmValue.int(i), "tag": .string(i % 2 == 0 ? "even" : "odd")],
                        "location": ["type": "Point", "coordinates": [Double(i) - 20, Double(i % 30) - 15]],
                    ])
                item.next = last
                last = item
            }
        }
        return realm
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let realm, input.count <= 4_096 else { return }
        let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: parts[0]), as: UTF8.self)
        let items = realm.objects(Item.self)
        let query =
            parts.count > 1
            ? try? items.query(text, String(decoding: UnsafeRawBufferPointer(rebasing: parts[1]), as: UTF8.self))
            : try? items.query(text)
        guard let results = query else { return }
        _ = results.count
        for item in results.prefix(3) { _ = item.name }
        _ = try? realm.throwDeferredError()
    }
}
