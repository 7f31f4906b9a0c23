import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The models of seed page 004 (Projection).
public enum Seed004 {
    public class Person: Object {
        @Persisted var firstName = ""
        @Persisted var lastName = ""
        @Persisted var address: Address?
        @Persisted var friends: List<Person>
        @Persisted var reviews: List<String>
    }

    public class Address: EmbeddedObject {
        @Persisted var city: String = ""
        @Persisted var country = ""
    }

    // The page writes `\Person.address.city`; `address` is optional, so Swift
    // needs `\Person.address?.city`.
    class PersonProjection: Projection<Person> {
        @Projected(\Person.firstName) var firstName
        @Projected(\Person.lastName.localizedUppercase)
        var lastNameCaps
        @Projected(\Person.address?.city) var homeCity
        @Projected(\Person.friends.projectTo.firstName)
        var friendsFirstName: ProjectedCollection<String>
    }

    /// Rename, a second projection of the same class, and a set and a map of
    /// objects projected (maps: beyond Realm).
    class Member: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var clubs: MutableSet<Club>
        @Persisted var petsByName: Map<String, Pet?>
        @Persisted var home: Address?
    }

    class Club: Object {
        @Persisted var title = ""
    }

    class Pet: Object {
        @Persisted var age = 0
    }

    class MemberCard: Projection<Member> {
        @Projected(\Member.name) var displayName
        @Projected(\Member.clubs.projectTo.title) var clubTitles: ProjectedCollection<String>
        @Projected(\Member.petsByName.projectTo.age) var petAges: ProjectedMap<String, Int?>
    }

    class AddressLabel: Projection<Address> {
        @Projected(\Address.city) var town
        @Projected(\Address.country.localizedUppercase) var countryCaps
    }

    static let types: [ObjectBase.Type] = [Person.self, Member.self]
}

@Suite struct ProjectionSeedTests {

    /// John Smith of Paris with friends Ann and Bob; Ann Lee of Rome.
    @discardableResult
    private func addPeople(_ realm: Realm) throws -> Seed004.Person {
        var john = Seed004.Person()
        try realm.write {
            let ann = realm.create(
                Seed004.Person.self,
                value: ["firstName": "Ann", "lastName": "Lee", "address": ["city": "Rome", "country": "Italy"]])
            let bob = realm.create(Seed004.Person.self, value: ["firstName": "Bob", "lastName": "Stone"])
            john = realm.create(
                Seed004.Person.self,
                value: [
                    "firstName": "John", "lastName": "Smith", "address": ["city": "Paris", "country": "France"],
                    "reviews": ["good"],
                ])
            john.friends.append(objectsIn: [ann, bob])
        }
        return john
    }

    @Test func projectionsPassThroughTransformAndMapCollections() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            let projection = Seed004.PersonProjection(projecting: john)
            #expect(projection.firstName == "John")
            #expect(projection.lastNameCaps == "SMITH")
            #expect(projection.homeCity == "Paris")
            #expect(Array(projection.friendsFirstName) == ["Ann", "Bob"])
            #expect(projection.friendsFirstName.realm === realm)

            // Live: a change to the root shows through the projection.
            try realm.write {
                john.lastName = "Smythe"
                john.friends.remove(at: 0)
            }
            #expect(projection.lastNameCaps == "SMYTHE")
            #expect(Array(projection.friendsFirstName) == ["Bob"])
        }
    }

    @Test func realmObjectsReturnsAProjectionPerObject() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            try addPeople(realm)
            let projections = realm.objects(Seed004.PersonProjection.self)
            #expect(projections.count == 3)
            #expect(Set(projections.map(\.firstName)) == ["Ann", "Bob", "John"])
            let singleProjection = Seed004.PersonProjection(projecting: realm.objects(Seed004.Person.self)[0])
            #expect(projections.contains(singleProjection))
        }
    }

    @Test func projectionsFilterAndSortByRootPropertyNames() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            try addPeople(realm)
            let projections = realm.objects(Seed004.PersonProjection.self)
            #expect(projections.filter("lastName == 'Smith'").map(\.firstName) == ["John"])
            #expect(
                projections.sorted(byKeyPath: "lastName", ascending: false).map(\.lastNameCaps) == [
                    "STONE", "SMITH", "LEE",
                ])
            #expect(projections.filter("address.country == %@", "Italy").first?.homeCity == "Rome")
        }
    }

    @Test func typeSafeQueriesNameProjectedProperties() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            try addPeople(realm)
            let projections = realm.objects(Seed004.PersonProjection.self)
            #expect(projections.where { $0.homeCity == "Paris" }.map(\.firstName) == ["John"])
            #expect(projections.where { $0.firstName.starts(with: "B") }.map(\.firstName) == ["Bob"])
            #expect(projections.where { $0.friendsFirstName.contains("Ann") }.map(\.firstName) == ["John"])
            #expect(projections.where { $0.friendsFirstName.count == 0 }.count == 2)
            #expect(projections.where { $0.homeCity == nil }.map(\.firstName) == ["Bob"])
        }
    }

    @Test func writesGoThroughToTheRootObject() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            let projection = Seed004.PersonProjection(projecting: john)
            try realm.write { projection.firstName = "Jonathan" }
            #expect(john.firstName == "Jonathan")
            #expect(realm.objects(Seed004.Person.self).filter("firstName == 'Jonathan'").count == 1)
        }
    }

    @Test func projectionsFollowTheirRootsLifecycle() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            let projection = Seed004.PersonProjection(projecting: john)
            #expect(projection.realm === realm)
            #expect(!projection.isFrozen)

            let frozen = projection.freeze()
            #expect(frozen.isFrozen)
            // A frozen copy is not the live projection (Realm: a frozen object equals no live one).
            #expect(frozen != projection)
            #expect(frozen.thaw() == projection)
            try realm.write { john.firstName = "Jon" }
            #expect(frozen.firstName == "John")
            #expect(frozen.thaw()?.firstName == "Jon")

            #expect(!projection.isInvalidated)
            try realm.write { realm.delete(john) }
            #expect(projection.isInvalidated)
        }
    }

    @Test func projectionsAreEqualAndHashByRootObject() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            let first = Seed004.PersonProjection(projecting: john)
            let second = realm.objects(Seed004.PersonProjection.self).filter("firstName == 'John'")[0]
            #expect(first == second)
            #expect(Set([first, second]).count == 1)
            #expect(first != Seed004.PersonProjection(projecting: john.friends[0]))
        }
    }

    /// realm-swift's `ProjectionTests.testDescription`: the class and root,
    /// the root's address, then each property with the stored path it reads
    /// and its value as Swift prints it (the first line indented twice, as Realm does).
    @Test func aProjectionDescribesItselfInRealmsFormat() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            let text = Seed004.PersonProjection(projecting: john).description
            let address = Unmanaged.passUnretained(john).toOpaque()
            #expect(
                text == """
                    PersonProjection<Person> <\(address)> {
                    \t\tfirstName(\\.firstName) = John;
                    \tlastNameCaps(\\.lastName) = SMITH;
                    \thomeCity(\\.address.city) = Optional("Paris");
                    \tfriendsFirstName(\\.friends) = ProjectedCollection<String> {
                    \t[0] Ann
                    \t[1] Bob
                    };
                    }
                    """)
            #expect(!text.contains("reviews"))
        }
    }

    /// realm-swift's `ProjectedCollectTests.testDescription`.
    @Test func aProjectedCollectionListsItsElementsByPosition() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            #expect(
                Seed004.PersonProjection(projecting: john).friendsFirstName.description
                    == "ProjectedCollection<String> {\n\t[0] Ann\n\t[1] Bob\n}")
        }
    }

    @Test func setsAndMapsOfObjectsProjectToCollections() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            try realm.write {
                let member = realm.create(Seed004.Member.self, value: ["id": 1, "name": "Kim"])
                member.clubs.insert(Seed004.Club(value: ["title": "Chess"]))
                member.clubs.insert(Seed004.Club(value: ["title": "Rowing"]))
                member.petsByName["Rex"] = Seed004.Pet(value: ["age": 3])
                member.petsByName["Tom"] = Seed004.Pet(value: ["age": 7])
                member.petsByName["Ghost"] = .some(nil)
                realm.create(Seed004.Member.self, value: ["id": 2, "name": "Lee"])
            }
            let cards = realm.objects(Seed004.MemberCard.self).sorted(byKeyPath: "id")
            let kim = cards[0]
            #expect(kim.displayName == "Kim")
            #expect(Set(kim.clubTitles) == ["Chess", "Rowing"])
            #expect(kim.petAges["Rex"] == .some(3))
            #expect(kim.petAges["Ghost"] == .some(nil))
            #expect(kim.petAges["Nobody"] == nil)
            #expect(kim.petAges.keys == ["Rex", "Tom", "Ghost"])
            #expect(cards.where { $0.clubTitles.contains("Rowing") }.map(\.displayName) == ["Kim"])
            #expect(cards.where { $0.displayName == "Lee" }.count == 1)
        }
    }

    @Test func embeddedObjectsCanBeProjected() throws {
        try withTemporaryRealm(of: Seed004.types) { realm in
            let john = try addPeople(realm)
            let address = try #require(john.address)
            let label = Seed004.AddressLabel(projecting: address)
            #expect(label.town == "Paris")
            #expect(label.countryCaps == "FRANCE")
            try realm.write { label.town = "Lyon" }
            #expect(john.address?.city == "Lyon")
        }
    }
}
