import Foundation
import Geode
import GeodeTestSupport
import GeodeJSON
import Testing

final class Bag: Object {
    @Persisted var value: AnyRealmValue
}

/// AnyRealmValue lists and dictionaries read from a managed object are live
/// at every depth, and assigning them around loses nothing.
@Suite struct MixedCollectionTests {

    private func tree() -> AnyRealmValue {
        .dictionary(
            Map<String, AnyRealmValue>._fromEntries([
                ("name", .string("root")),
                (
                    "a",
                    .list(
                        List<AnyRealmValue>._fromElements([
                            .int(1), .int(2),
                            .dictionary(Map<String, AnyRealmValue>._fromEntries([("b", .string("c"))])),
                        ]))
                ),
            ]))
    }

    @Test func nestedValuesAreReadAndChangedInPlaceAtAnyDepth() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Bag.self])
        let bag = Bag()
        try realm.write {
            realm.add(bag)
            bag.value = tree()
        }
        let a = try #require(bag.value.dictionaryValue?["a"]?.listValue)
        #expect(a.count == 3)
        #expect(a[2].dictionaryValue?["b"] == .string("c"))
        try realm.write {
            a.append(.string("appended"))
            a[2].dictionaryValue?["b"] = .double(2.5)
            bag.value.dictionaryValue?["name"] = .string("renamed")
        }
        let reopened = try directory.realm(of: [Bag.self])
        let stored = try #require(reopened.objects(Bag.self).first)
        let list = try #require(stored.value.dictionaryValue?["a"]?.listValue)
        #expect(Array(list.prefix(2)) == [AnyRealmValue.int(1), .int(2)])
        #expect(list[3] == .string("appended"))
        #expect(list[2].dictionaryValue?["b"] == .double(2.5))
        #expect(stored.value.dictionaryValue?["name"] == .string("renamed"))
    }

    @Test func assigningAManagedValueToItselfOrASiblingLosesNothing() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Bag.self])
        let bag = Bag()
        try realm.write {
            realm.add(bag)
            bag.value = tree()
        }
        try realm.write {
            bag.value = bag.value
            bag.value.dictionaryValue?["copy"] = bag.value.dictionaryValue?["a"] ?? AnyRealmValue.none
        }
        let root = try #require(bag.value.dictionaryValue)
        #expect(root["a"]?.listValue?.count == 3)
        #expect(root["copy"]?.listValue?.count == 3)
        #expect(root["copy"]?.listValue?[2].dictionaryValue?["b"] == .string("c"))
        // The copy is a value of its own: changing it leaves the original alone.
        try realm.write { root["copy"]?.listValue?.removeAll() }
        #expect(root["copy"]?.listValue?.count == 0)
        #expect(root["a"]?.listValue?.count == 3)
    }

    @Test func nestingIsLimitedToOneHundredLevels() throws {
        func nested(_ levels: Int) -> AnyRealmValue {
            var value = AnyRealmValue.string("leaf")
            for _ in 0 ..< levels { value = .list(List<AnyRealmValue>._fromElements([value])) }
            return value
        }
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Bag.self])
        let deep = Bag()
        try realm.write {
            realm.add(deep)
            deep.value = nested(100)
        }
        var level = deep.value
        var depth = 0
        while case let .list(list) = level {
            depth += 1
            level = list[0]
        }
        #expect(depth == 100)
        #expect(level == .string("leaf"))
        do {
            try realm.write { realm.add(Bag(value: ["value": nested(101)])) }
            Issue.record("101 levels were accepted")
        } catch let error as GeodeError {
            #expect(String(describing: error).contains("exceeds 100 levels"), "\(error)")
        }
        #expect(realm.objects(Bag.self).count == 1)
    }
}

extension List where Element == AnyRealmValue {
    static func _fromElements(_ elements: [AnyRealmValue]) -> List<AnyRealmValue> {
        let list = List<AnyRealmValue>()
        list.append(objectsIn: elements)
        return list
    }
}

extension Map where Key == String, Value == AnyRealmValue {
    static func _fromEntries(_ entries: [(String, AnyRealmValue)]) -> Map<String, AnyRealmValue> {
        let map = Map<String, AnyRealmValue>()
        for (key, value) in entries { map[key] = value }
        return map
    }
}

/// Random JSON trees survive AnyRealmValue(json:), a write, reopening and
/// jsonString() unchanged, key order included.
@Suite struct MixedRoundTripTests {
    static func randomJSON(_ random: inout SeededGenerator, depth: Int) -> String {
        let alphabet = Array("abcXYZ 09_-äöü日本🙂\"\\\n\r\t\u{1}\u{1F}/")
        func string() -> String {
            let s = String(
                (0 ..< Int.random(in: 0 ..< 8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            return (try? JSONWriter.string(.string(s))) ?? "\"\""
        }
        switch Int.random(in: 0 ..< (depth > 0 ? 8 : 5), using: &random) {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2: return String(Int64.random(in: .min ... .max, using: &random))
        case 3: return String(Double.random(in: -1e12 ... 1e12, using: &random))
        case 4: return string()
        case 5, 6:
            let items = (0 ..< Int.random(in: 0 ..< 4, using: &random)).map { _ in randomJSON(&random, depth: depth - 1)
            }
            return "[" + items.joined(separator: ",") + "]"
        default:
            // Keys need escaping too: the stored map writes its keys from the document.
            let entries = (0 ..< Int.random(in: 0 ..< 4, using: &random)).map { i in
                let key =
                    "k\(i)"
                    + String(
                        (0 ..< Int.random(in: 0 ..< 4, using: &random)).map { _ in
                            alphabet.randomElement(using: &random)!
                        })
                return ((try? JSONWriter.string(.string(key))) ?? "\"k\(i)\"") + ":"
                    + randomJSON(&random, depth: depth - 1)
            }
            return "{" + entries.joined(separator: ",") + "}"
        }
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomTreesRoundTrip(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("trees.geode")
        var expected: [String] = []
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Bag.self]))
            try realm.write {
                for _ in 0 ..< 100 {
                    let text = Self.randomJSON(&random, depth: 6)
                    let value = try AnyRealmValue(json: text)
                    // The canonical text: jansson's compact form of the same tree.
                    expected.append(try value.jsonString())
                    realm.add(Bag(value: ["value": value]))
                }
            }
        }
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Bag.self]))
        let stored = try realm.objects(Bag.self).map { try $0.value.jsonString() }
        #expect(stored == expected)
    }

    @Test func aStoredNaNCannotBeWrittenAsJSONAndThePathSaysWhere() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("nan.geode"),
                objectTypes: [Bag.self]))
        let bag = Bag()
        bag.value = .fromDictionary(["ok": .int(1), "readings": .fromArray([.double(1.5), .double(.nan)])])
        try realm.write { realm.add(bag) }
        do {
            _ = try bag.value.jsonString()
            Issue.record("a NaN was written as JSON")
        } catch {
            #expect(String(describing: error).contains("[\"readings\"][1]"), "\(error)")
        }
    }

    @Test func jsonNestedPastOneHundredLevelsIsRefusedAsTooDeep() throws {
        let fits = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        _ = try AnyRealmValue(json: fits)
        let deeper = String(repeating: "[", count: 101) + String(repeating: "]", count: 101)
        #expect {
            _ = try AnyRealmValue(json: deeper)
        } throws: { error in
            guard case let GeodeError.invalidValue(failure) = error else { return false }
            return failure.kind == .nestingTooDeep
        }
    }

    @Test func malformedJSONSaysWhere() {
        do {
            _ = try AnyRealmValue(json: "{\"a\": [1, 2,, 3]}")
            Issue.record("malformed JSON was accepted")
        } catch {
            #expect(String(describing: error).contains("1:13"), "\(error)")
        }
    }
}

@Suite struct MixedLinkTests {
    @Test func aLinkInsideAMixedValueBecomesNoneWhenItsTargetIsDeleted() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("l.geode"),
                objectTypes: [Bag.self, Model.Toy.self]))
        let toy = Model.Toy(value: ["name": "ball"])
        let bag = Bag()
        try realm.write {
            realm.add(bag)
            bag.value = .fromArray([.object(toy), .string("keep")])
        }
        #expect(bag.value.listValue?[0].object(Model.Toy.self)?.name == "ball")
        #expect(bag.value.listValue?[0].dynamicObject?["name"] as? String == "ball")
        try realm.write { realm.delete(toy) }
        #expect(bag.value.listValue?.count == 2, "the element stays, as null")
        #expect(bag.value.listValue?[0] == AnyRealmValue.none)
        #expect(bag.value.listValue?[1] == .string("keep"))
    }
}
