import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Key-value coding as Realm offers it on objects and collections:
/// `value(forKey:)`, `value(forKeyPath:)` with links and collection operators,
/// restating realm-swift's `RealmCollectionTypeTests` (testValueForKey,
/// testValueForKeyPath) and `ObjectTests` (testValueForKey).
@Suite struct KeyValueCodingTests {
    final class Walker: Object {
        @Persisted var name = ""
        @Persisted var dogs: List<Dog>
    }

    final class Dog: Object {
        @Persisted var name = ""
        @Persisted var age = 0
        @Persisted var weight = 0.0
        @Persisted var price = Decimal128(0)
        @Persisted var walker: Walker?
    }

    /// Dogs Rex 1, Ace 2 and Max 3 (weights 1.5, 2.5, 5.0), walked by Ann, who holds all three.
    private func fixture(_ directory: TemporaryDirectory) throws -> (Realm, Walker) {
        let realm = try directory.realm(of: [Walker.self, Dog.self])
        let walker = Walker()
        walker.name = "Ann"
        try realm.write {
            realm.add(walker)
            for (name, age, weight) in [("Rex", 1, 1.5), ("Ace", 2, 2.5), ("Max", 3, 5.0)] {
                let dog = Dog()
                (dog.name, dog.age, dog.weight, dog.price) = (name, age, weight, Decimal128(age) / 2)
                dog.walker = walker
                walker.dogs.append(dog)
            }
        }
        return (realm, walker)
    }

    @Test func collectionOperatorsReduceTheValuesOfAKeyPath() throws {
        let directory = try TemporaryDirectory()
        let (realm, walker) = try fixture(directory)
        for dogs in [AnyRealmCollection(realm.objects(Dog.self)), AnyRealmCollection(walker.dogs)] {
            #expect(dogs.value(forKeyPath: "@count") as? Int == 3)
            #expect(dogs.value(forKeyPath: "@max.age") as? Int == 3)
            #expect(dogs.value(forKeyPath: "@min.age") as? Int == 1)
            #expect(dogs.value(forKeyPath: "@sum.age") as? Int == 6)
            #expect(dogs.value(forKeyPath: "@avg.age") as? Double == 2.0)
            #expect(dogs.value(forKeyPath: "@sum.weight") as? Double == 9.0)
            #expect(dogs.value(forKeyPath: "@sum.price") as? Decimal128 == Decimal128(3))
            #expect(dogs.value(forKeyPath: "@unionOfObjects.name") as? [String] == ["Rex", "Ace", "Max"])
            #expect(dogs.value(forKeyPath: "@distinctUnionOfObjects.walker.name") as? [String] == ["Ann"])
        }
        let none = realm.objects(Dog.self).where { $0.age > 10 }
        #expect(none.value(forKeyPath: "@count") as? Int == 0)
        #expect(none.value(forKeyPath: "@max.age") == nil)
        #expect(none.value(forKeyPath: "@avg.age") == nil)
    }

    @Test func aKeyPathFollowsLinksFromObjectsAndCollections() throws {
        let directory = try TemporaryDirectory()
        let (realm, walker) = try fixture(directory)
        let rex = try #require(walker.dogs.first)
        #expect(rex.value(forKeyPath: "walker.name") as? String == "Ann")
        #expect(walker.value(forKeyPath: "dogs.@count") as? Int == 3)
        #expect(walker.value(forKeyPath: "dogs.name") as? [String] == ["Rex", "Ace", "Max"])
        #expect(realm.objects(Dog.self).value(forKeyPath: "walker.name") as? [String] == ["Ann", "Ann", "Ann"])
        #expect(walker.dogs.value(forKey: "age") as? [Int] == [1, 2, 3])
    }

    @Test func selfNamesTheElementsThemselves() throws {
        let directory = try TemporaryDirectory()
        let (realm, walker) = try fixture(directory)
        let dogs = realm.objects(Dog.self)
        #expect(dogs.value(forKey: "self") as? [Dog] == Array(dogs))
        #expect(walker.dogs.value(forKeyPath: "self") as? [Dog] == Array(walker.dogs))
    }
}
