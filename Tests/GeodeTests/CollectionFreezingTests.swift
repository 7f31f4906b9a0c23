import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A frozen list, set, map or set of linking objects keeps the values it had
/// when frozen, whatever is written later, and thaws into the live one.
@Suite struct CollectionFreezingTests {
    final class Kennel: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var dogs: List<Dog>
        @Persisted var names: MutableSet<String>
        @Persisted var ages: Map<String, Int>
    }

    final class Dog: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(originProperty: "dogs") var kennels: LinkingObjects<Kennel>
    }

    static func fill(_ realm: Realm) throws -> (Kennel, Dog) {
        let kennel = Kennel()
        kennel.id = 1
        let dog = Dog()
        dog.id = 1
        try realm.write {
            kennel.dogs.append(dog)
            kennel.names.insert("Rex")
            kennel.ages["Rex"] = 3
            realm.add(kennel)
        }
        return (kennel, dog)
    }

    @Test func frozenCollectionsKeepTheirValuesWhileTheLiveOnesChange() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Kennel.self, Dog.self])
        let (kennel, dog) = try Self.fill(realm)
        let (dogs, names, ages, kennels) = (
            kennel.dogs.freeze(), kennel.names.freeze(), kennel.ages.freeze(), dog.kennels.freeze()
        )
        #expect(dogs.isFrozen && names.isFrozen && ages.isFrozen && kennels.isFrozen)
        #expect(!kennel.dogs.isFrozen && !dog.kennels.isFrozen)
        try realm.write {
            kennel.dogs.append(realm.create(Dog.self, value: ["id": 2]))
            kennel.names.insert("Fido")
            kennel.ages["Fido"] = 5
            realm.create(Kennel.self, value: ["id": 2, "dogs": [dog]])
        }
        #expect(dogs.map(\.id) == [1] && names.count == 1 && ages.count == 1 && kennels.count == 1)
        #expect(kennel.dogs.count == 2 && kennel.names.count == 2 && kennel.ages.count == 2 && dog.kennels.count == 2)
        #expect(dogs.freeze().map(\.id) == [1], "freezing a frozen list gives the same snapshot")
        let count = DispatchQueue(label: "reader").sync { dogs.count + names.count + ages.count + kennels.count }
        #expect(count == 4, "a frozen collection is read on another thread")
    }

    @Test func aFrozenCollectionThawsIntoTheLiveOneUntilItsObjectIsDeleted() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Kennel.self, Dog.self])
        let (kennel, dog) = try Self.fill(realm)
        let (dogs, names, ages, kennels) = (
            kennel.dogs.freeze(), kennel.names.freeze(), kennel.ages.freeze(), dog.kennels.freeze()
        )
        try realm.write { kennel.ages["Fido"] = 5 }
        let thawed = try #require(ages.thaw())
        #expect(!thawed.isFrozen && thawed.count == 2, "the thawed map reads the latest version")
        #expect(dogs.thaw()?.isFrozen == false && names.thaw()?.count == 1 && kennels.thaw()?.count == 1)
        try realm.write { realm.delete(kennel) }
        #expect(dogs.thaw() == nil && names.thaw() == nil && ages.thaw() == nil)
        #expect(dogs.count == 1, "the frozen list still reads its snapshot")
        try realm.write { realm.delete(dog) }
        #expect(kennels.thaw() == nil)
        let unmanaged = List<Int>()
        #expect(unmanaged.thaw() === unmanaged && !unmanaged.isFrozen)
    }

    @Test func aTypeErasedCollectionFreezesAndThawsAsTheOneItWraps() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Kennel.self, Dog.self])
        let (kennel, _) = try Self.fill(realm)
        let erasedDogs = AnyRealmCollection(kennel.dogs)
        let erasedResults = AnyRealmCollection(realm.objects(Dog.self))
        let (frozenDogs, frozenResults) = (erasedDogs.freeze(), realm.freeze(erasedResults))
        #expect(frozenDogs.isFrozen && frozenResults.isFrozen && !erasedDogs.isFrozen)
        try realm.write { kennel.dogs.append(realm.create(Dog.self, value: ["id": 2])) }
        #expect(frozenDogs.map(\.id) == [1] && frozenResults.count == 1)
        #expect(erasedDogs.count == 2 && erasedResults.count == 2)
        let thawed = try #require(frozenResults.thaw())
        #expect(!thawed.isFrozen && thawed.count == 2)
        #expect(frozenDogs.freeze().map(\.id) == [1], "freezing a frozen collection gives the same snapshot")
        #expect(erasedDogs.thaw()?.count == 2, "a live collection thaws into itself")
    }
}
