import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts from realm-swift's `RealmSwift/Tests/MapTests.swift` (testFilter,
// testKeyedSortable, testKeyedAggregatable, testAllKeysQuery, testAllValuesQuery):
// a map of objects is queried, sorted and aggregated over the objects its values
// link to, and a class is queried through the keys and values of its maps.

/// One string (Realm's `SwiftStringObject`).
final class MQWord: Object {
    @Persisted var text = ""
}

/// One number (Realm's `SwiftIntObject`).
final class MQCounter: Object {
    @Persisted var value = 0
}

/// Maps of objects and of numbers (Realm's `SwiftMapPropertyObject`).
final class MQHolder: Object {
    @Persisted var words: Map<String, MQWord?>
    @Persisted var counters: Map<String, MQCounter?>
    @Persisted var ints: Map<String, Int>
}

@Suite struct MapObjectQueryTests {
    static let types: [ObjectBase.Type] = [MQWord.self, MQCounter.self, MQHolder.self]

    /// A holder whose words map "key", "key2" and "key3" to three words, out of alphabetical order.
    static func holderOfWords(in realm: Realm) throws -> MQHolder {
        try realm.write {
            let holder = realm.create(MQHolder.self)
            holder.words["key"] = MQWord(value: ["cockroach"])
            holder.words["key2"] = MQWord(value: ["apples"])
            holder.words["key3"] = MQWord(value: ["bananas"])
            return holder
        }
    }

    @Test func aManagedMapOfObjectsIsFilteredByItsObjectsProperties() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let holder = try Self.holderOfWords(in: realm)
        let found: Results<MQWord?> = holder.words.where { $0.text == "apples" }
        #expect(found.count == 1)
        #expect(found.first??.text == "apples")
        #expect(holder.words.filter("text BEGINSWITH %@", "b").map { $0?.text } == ["bananas"])
        #expect(holder.words.filter("text == 'pears'").isEmpty)
    }

    @Test func aManagedMapOfObjectsIsSortedByAKeyPathOrByName() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let holder = try Self.holderOfWords(in: realm)
        let byKeyPath: Results<MQWord?> = holder.words.sorted(by: \.text, ascending: true)
        #expect(byKeyPath.map { $0?.text } == ["apples", "bananas", "cockroach"])
        #expect(
            holder.words.sorted(byKeyPath: "text", ascending: false).map { $0?.text } == [
                "cockroach", "bananas", "apples",
            ])
        #expect(
            holder.words.sorted(by: [SortDescriptor(keyPath: "text")]).map { $0?.text } == [
                "apples", "bananas", "cockroach",
            ])
        // The results follow the map: a word added later is sorted in.
        try realm.write { holder.words["key4"] = MQWord(value: ["aardvark"]) }
        #expect(byKeyPath.first??.text == "aardvark")
    }

    @Test func aggregatesOverAMapsObjectsAreTheSameUnmanagedAndManaged() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let holder = MQHolder()
        holder.counters["key"] = MQCounter(value: [1])
        holder.counters["key2"] = MQCounter(value: [2])
        holder.counters["key3"] = MQCounter(value: [3])
        func expectOneToThree(_ state: Comment) {
            #expect(holder.counters.min(of: \.value) == 1, state)
            #expect(holder.counters.max(of: \.value) == 3, state)
            #expect(holder.counters.sum(of: \.value) == 6, state)
            #expect(holder.counters.average(of: \.value) == 2, state)
            #expect(holder.counters.min(ofProperty: "value") == 1, state)
            #expect(holder.counters.sum(ofProperty: "value") == 6, state)
        }
        expectOneToThree("unmanaged")
        try realm.write { realm.add(holder) }
        expectOneToThree("managed")
        let empty = try realm.write { realm.create(MQHolder.self) }
        #expect(empty.counters.min(of: \.value) == nil)
        #expect(empty.counters.sum(of: \.value) == 0)
        #expect(empty.counters.average(of: \.value) == nil)
    }

    @Test func anyKeyOfAMapMatchesAndNotEqualMatchesAMapWithAnotherKey() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let holders = realm.objects(MQHolder.self)
        #expect(holders.filter("ANY ints.@allKeys = 'aKey'").isEmpty)
        try realm.write {
            for keys in [["aKey"], ["aKey2"], ["aKey3"], ["aKey", "aKey4"]] {
                let holder = realm.create(MQHolder.self)
                for key in keys { holder.ints[key] = 123 }
            }
        }
        #expect(holders.filter("ANY ints.@allKeys = 'aKey'").count == 2)
        #expect(holders.filter("ANY ints.@allKeys != 'aKey'").count == 3)
        #expect(holders.filter("ANY ints.@allKeys =[c] 'akey'").count == 2)
        #expect(holders.filter("ANY ints.@allKeys !=[c] 'akey'").count == 3)
        #expect(holders.filter("ANY ints.@allKeys =[cd] 'akéy'").count == 2)
        #expect(holders.filter("ANY ints.@allKeys !=[cd] 'akéy'").count == 3)
    }

    @Test func anyValueOfAMapOfObjectsIsComparedWithAnObject() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            for (key, text) in [("aKey", "hello"), ("aKey2", "there"), ("aKey3", "bye")] {
                let holder = realm.create(MQHolder.self)
                holder.words[key] = MQWord(value: [text])
            }
        }
        let hello = try #require(realm.objects(MQWord.self).filter("text == 'hello'").first)
        let holders = realm.objects(MQHolder.self)
        #expect(holders.filter("ANY words.@allValues = %@", hello).count == 1)
        #expect(holders.filter("ANY words.@allValues != %@", hello).count == 2)
    }
}
