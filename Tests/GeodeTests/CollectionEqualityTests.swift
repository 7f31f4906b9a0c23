import Foundation
import Geode
import GeodeTestSupport
import Testing

// realm-swift's `MapTests.swift` (testUnmanagedMapComparison) and the rule behind it:
// Realm's collections compare as Objective-C objects do, so an unmanaged one equals
// another holding equal elements, and a managed one equals only itself.

@Suite struct CollectionEqualityTests {
    @Test func unmanagedMapsAreEqualWhenTheyHoldTheSameValuesUnderTheSameKeys() {
        let (a, b, c) = (MQCounter(value: [5]), MQCounter(value: [6]), MQCounter(value: [8]))
        let (first, second, third) = (Map<String, MQCounter?>(), Map<String, MQCounter?>(), Map<String, MQCounter?>())
        #expect(first == second, "two empty maps")
        first.merge(["a": a, "b": b, "c": c] as [String: MQCounter?]) { old, _ in old }
        second.merge(["a": a, "b": b, "c": c] as [String: MQCounter?]) { old, _ in old }
        third.merge(["a": a, "b": b] as [String: MQCounter?]) { old, _ in old }
        #expect(first !== second)
        #expect(first == second)
        #expect(first != third)
        third["c"] = c
        #expect(first == third)
        third["c"] = b
        #expect(first != third, "the same keys, another object under one")
    }

    @Test func unmanagedListsAreEqualInOrderAndSetsWhateverTheOrder() {
        let (one, two) = (List<Int>(), List<Int>())
        one.append(objectsIn: [1, 2, 3])
        two.append(objectsIn: [1, 2, 3])
        #expect(one == two)
        two.swapAt(0, 2)
        #expect(one != two)
        let (left, right) = (MutableSet<String>(), MutableSet<String>())
        left.insert(objectsIn: ["x", "y"])
        right.insert(objectsIn: ["y", "x"])
        #expect(left == right)
        right.insert("z")
        #expect(left != right)
    }

    @Test func aManagedCollectionEqualsOnlyItselfReadThroughAnyRealm() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: MapObjectQueryTests.types)
        let (first, second) = try realm.write {
            let first = realm.create(MQHolder.self, value: ["ints": ["a": 1]])
            let second = realm.create(MQHolder.self, value: ["ints": ["a": 1]])
            return (first, second)
        }
        #expect(first.ints == first.ints)
        #expect(first.ints != second.ints, "equal contents, two objects' maps")
        let again = try #require(Realm(configuration: realm.configuration).objects(MQHolder.self).first)
        #expect(again.ints == first.ints, "the same map read through another realm")
        let unmanaged = Map<String, Int>()
        unmanaged["a"] = 1
        #expect(unmanaged != first.ints, "an unmanaged map never equals a managed one")
    }
}
