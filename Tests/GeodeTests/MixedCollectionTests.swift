import Foundation
import Geode
import GeodeTestSupport
import Testing

final class Bag: Object {
    @Persisted var value: AnyRealmValue
}

/// AnyRealmValue lists and dictionaries read from a managed object are live
/// at every depth, and assigning them around loses nothing.
@Suite struct MixedCollectionTests {
    private func makeRealm(_ directory: TemporaryDirectory) throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: directory.url.appendingPathComponent("mixed.geode"), objectTypes: [Bag.self]))
    }

    private func tree() -> AnyRealmValue {
        .dictionary(Map<String, AnyRealmValue>._fromEntries([
            ("name", .string("root")),
            ("a", .list(List<AnyRealmValue>._fromElements([.int(1), .int(2), .dictionary(Map<String, AnyRealmValue>._fromEntries([("b", .string("c"))]))]))),
        ]))
    }

    @Test func nestedValuesAreReadAndChangedInPlaceAtAnyDepth() throws {
        let directory = try TemporaryDirectory()
        let realm = try makeRealm(directory)
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
        let reopened = try makeRealm(directory)
        let stored = try #require(reopened.objects(Bag.self).first)
        let list = try #require(stored.value.dictionaryValue?["a"]?.listValue)
        #expect(Array(list.prefix(2)) == [AnyRealmValue.int(1), .int(2)])
        #expect(list[3] == .string("appended"))
        #expect(list[2].dictionaryValue?["b"] == .double(2.5))
        #expect(stored.value.dictionaryValue?["name"] == .string("renamed"))
    }

    @Test func assigningAManagedValueToItselfOrASiblingLosesNothing() throws {
        let directory = try TemporaryDirectory()
        let realm = try makeRealm(directory)
        let bag = Bag()
        try realm.write {
            realm.add(bag)
            bag.value = tree()
        }
        try realm.write {
            bag.value = bag.value
            bag.value.dictionaryValue?["copy"] = bag.value.dictionaryValue?["a"] ?? .none
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
        let realm = try makeRealm(directory)
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
