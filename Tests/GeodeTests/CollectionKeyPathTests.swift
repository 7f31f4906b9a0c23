import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The collection operations Realm Swift offers with Swift key paths and query
/// closures — `sorted(by: \.age)`, `min(of:)`, `distinct(by: [\.age])`,
/// `SortDescriptor(keyPath: \Dog.age)`, `index(matching:)`, `objects(at:)` —
/// on results, lists and linking objects, restating realm-swift's
/// `RealmCollectionTypeTests` (the `…BySwiftKeyPath` and `…UsingSwiftKeyPaths` tests).
@Suite struct CollectionKeyPathTests {
    final class Owner: Object {
        @Persisted var name = ""
        @Persisted var dogs: List<Dog>
    }

    final class Dog: Object {
        @Persisted var name = ""
        @Persisted var age = 0
        @Persisted var weight = 0.0
        @Persisted var born = Date(timeIntervalSince1970: 0)
        @Persisted var owner: Owner?
        @Persisted(originProperty: "dogs") var keepers: LinkingObjects<Owner>
    }

    /// Three dogs (Rex 3, Ace 7, Max 3) in one owner's list, in that order.
    private func fixture(_ directory: TemporaryDirectory) throws -> (Realm, Owner) {
        let realm = try directory.realm(of: [Owner.self, Dog.self])
        let owner = Owner()
        try realm.write {
            realm.add(owner)
            for (name, age, weight) in [("Rex", 3, 10.5), ("Ace", 7, 20.0), ("Max", 3, 4.5)] {
                let dog = Dog()
                (dog.name, dog.age, dog.weight) = (name, age, weight)
                dog.born = Date(timeIntervalSince1970: Double(age) * 1000)
                owner.dogs.append(dog)
            }
        }
        return (realm, owner)
    }

    // RealmCollectionTypeTests.testSortWithSwiftKeyPath
    @Test func sortingByAKeyPathSortsByThePropertyItNames() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        let dogs = realm.objects(Dog.self)
        #expect(dogs.sorted(by: \.name).map(\.name) == ["Ace", "Max", "Rex"])
        #expect(dogs.sorted(by: \.age, ascending: false).map(\.name) == ["Ace", "Rex", "Max"])
        #expect(owner.dogs.sorted(by: \.weight).map(\.name) == ["Max", "Rex", "Ace"])
    }

    // RealmCollectionTypeTests.testSortWithDescriptorBySwiftKeyPath
    @Test func sortDescriptorsTakeKeyPaths() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        let descriptors = [SortDescriptor(keyPath: \Dog.age), SortDescriptor(keyPath: \Dog.name, ascending: false)]
        #expect(descriptors.map(\.keyPath) == ["age", "name"])
        #expect(realm.objects(Dog.self).sorted(by: descriptors).map(\.name) == ["Rex", "Max", "Ace"])
        #expect(owner.dogs.sorted(by: descriptors).map(\.name) == ["Rex", "Max", "Ace"])
    }

    // RealmCollectionTypeTests.testMinBySwiftKeyPath, testMaxBySwiftKeyPath,
    // testSumBySwiftKeyPath, testAverageBySwiftKeyPath
    @Test func aggregatesTakeKeyPaths() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        let dogs = realm.objects(Dog.self)
        #expect(dogs.min(of: \.age) == 3)
        #expect(dogs.max(of: \.weight) == 20.0)
        #expect(dogs.sum(of: \.age) == 13)
        #expect(dogs.average(of: \.weight) == 35.0 / 3)
        #expect(dogs.max(of: \.born) == Date(timeIntervalSince1970: 7000))
        #expect(owner.dogs.min(of: \.weight) == 4.5)
        #expect(owner.dogs.sum(of: \.weight) == 35.0)
        let none = dogs.where { $0.age > 100 }
        #expect(none.min(of: \.age) == nil)
        #expect(none.sum(of: \.age) == 0)
        #expect(none.average(of: \.weight) == nil)
    }

    // RealmCollectionTypeTests.testDistinctResultsUsingSwiftKeyPaths
    @Test func distinctTakesKeyPaths() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        #expect(realm.objects(Dog.self).distinct(by: [\Dog.age]).map(\.name) == ["Rex", "Ace"])
        #expect(owner.dogs.distinct(by: [\Dog.age, \Dog.name]).count == 3)
        #expect(owner.dogs.distinct(by: ["age"]).map(\.name) == ["Rex", "Ace"])
    }

    // RealmCollectionTypeTests.testIndexOfQuery, testIndexOfObject, testIndexOfFormat
    @Test func indexesAreFoundByObjectByQueryAndByFormat() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        let dogs = realm.objects(Dog.self)
        #expect(dogs.index(matching: { $0.age == 7 }) == 1)
        #expect(dogs.index(matching: { $0.age > 100 }) == nil)
        #expect(owner.dogs.index(matching: { $0.name == "Max" }) == 2)
        let max = try #require(dogs.where { $0.name == "Max" }.first)
        #expect(owner.dogs.index(of: max) == 2)
        #expect(owner.dogs.index(matching: "age == %@", 7) == 1)
        let keeper = try #require(max.keepers.first)
        #expect(max.keepers.index(of: keeper) == 0)
        let unmanaged = Owner()
        let stray = Dog()
        unmanaged.dogs.append(objectsIn: [Dog(), stray])
        #expect(unmanaged.dogs.index(of: stray) == 1)
        #expect(unmanaged.dogs.index(of: max) == nil)
    }

    // RealmCollectionTypeTests.testObjectsAtIndexes
    @Test func objectsAtIndexesComeInIndexOrder() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        #expect(realm.objects(Dog.self).objects(at: [0, 2]).map(\.name) == ["Rex", "Max"])
        #expect(owner.dogs.objects(at: IndexSet(integer: 1)).map(\.name) == ["Ace"])
        #expect(realm.objects(Dog.self).objects(at: []).isEmpty)
    }

    // AnyRealmCollectionTests (testFilterFormat, testSortWithProperty, testMin…testAverage,
    // testIndexOfObject, testIndexOfFormat run on the type-erased collection)
    @Test func anyRealmCollectionQueriesWhatItWraps() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        for dogs in [AnyRealmCollection(realm.objects(Dog.self)), AnyRealmCollection(owner.dogs)] {
            #expect(dogs.filter("age == %@", 3).map(\.name) == ["Rex", "Max"])
            #expect(dogs.where { $0.age > 5 }.map(\.name) == ["Ace"])
            #expect(dogs.sorted(byKeyPath: "name").map(\.name) == ["Ace", "Max", "Rex"])
            #expect(dogs.sorted(by: \.weight, ascending: false).map(\.name) == ["Ace", "Rex", "Max"])
            #expect(dogs.distinct(by: ["age"]).count == 2)
            #expect(dogs.sum(ofProperty: "age") as Int == 13)
            #expect(dogs.max(of: \.age) == 7)
            #expect(dogs.average(of: \.weight) == 35.0 / 3)
            #expect(dogs.index(matching: "name == %@", "Max") == 2)
            #expect(dogs.index(of: dogs[1]) == 1)
        }
        let keepers = AnyRealmCollection(try #require(owner.dogs.first).keepers)
        #expect(keepers.filter("name == ''").count == 1)
    }

    // ListUnmanagedRealmCollectionTests (testMin, testMax, testSum, testAverage, inherited):
    // an unmanaged list's aggregates are read from its objects.
    @Test func anUnmanagedListAggregatesItsObjects() {
        let owner = Owner()
        for (age, weight) in [(3, 10.5), (7, 20.0), (3, 4.5)] {
            let dog = Dog()
            (dog.age, dog.weight) = (age, weight)
            owner.dogs.append(dog)
        }
        #expect(owner.dogs.min(ofProperty: "age") as Int? == 3)
        #expect(owner.dogs.max(of: \.weight) == 20.0)
        #expect(owner.dogs.sum(ofProperty: "age") as Int == 13)
        #expect(owner.dogs.average(of: \.weight) == 35.0 / 3)
        #expect(Owner().dogs.average(of: \.age) == nil)
        #expect(Owner().dogs.sum(of: \.age) == 0)
    }

    // LinkingObjectsCollectionTypeTests.testInvalidated
    @Test func theLinkingObjectsOfADeletedObjectAreInvalidated() throws {
        let directory = try TemporaryDirectory()
        let (realm, owner) = try fixture(directory)
        let keepers = try #require(owner.dogs.first).keepers
        #expect(!keepers.isInvalidated)
        try realm.write { realm.delete(try #require(owner.dogs.first)) }
        #expect(keepers.isInvalidated)
    }
}
