import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The Swift samples of seed page 002 (model relationships).
enum Seed002 {
    class Person: Object {
        @Persisted var name: String = ""
        @Persisted var birthdate: Date = Date(timeIntervalSince1970: 1)
        // A person can have many dogs
        @Persisted var dogs: List<Dog>
        // A person can have one dog
        @Persisted var dog: Dog?
    }

    class Dog: Object {
        @Persisted var name: String = ""
        @Persisted var age: Int = 0
        @Persisted var breed: String?
        // No backlink to person -- one-directional relationship
    }

    class User: Object {
        @Persisted(primaryKey: true) var _id: ObjectId
        @Persisted var _partition: String = ""
        @Persisted var name: String = ""
        // A user can have many tasks.
        @Persisted var tasks: List<Task>
    }

    class Task: Object {
        @Persisted(primaryKey: true) var _id: ObjectId
        @Persisted var _partition: String = ""
        @Persisted var text: String = ""
        // Backlink to the user. This is automatically updated whenever
        // this task is added to or removed from a user's task list.
        @Persisted(originProperty: "tasks") var assignee: LinkingObjects<User>
    }

    class Member: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        // To-many relationship - a person can have many dogs
        @Persisted var dogs: List<Dog>
        // Inverse relationship - a person can be a member of many clubs
        @Persisted(originProperty: "members") var clubs: LinkingObjects<DogClub>
        // Embed a single object.
        // Embedded object properties must be marked optional.
        @Persisted var address: Address?
        convenience init(name: String, address: Address) {
            self.init()
            self.name = name
            self.address = address
        }
    }

    class DogClub: Object {
        @Persisted var name = ""
        @Persisted var members: List<Member>
        // DogClub has an array of regional office addresses.
        // These are embedded objects.
        @Persisted var regionalOfficeAddresses: List<Address>
        convenience init(name: String, addresses: [Address]) {
            self.init()
            self.name = name
            self.regionalOfficeAddresses.append(objectsIn: addresses)
        }
    }

    class Address: EmbeddedObject {
        @Persisted var street: String?
        @Persisted var city: String?
        @Persisted var country: String?
        @Persisted var postalCode: String?
    }
}

@Suite struct RelationshipSeedTests {

    @Test func toOneAndToManyRelationshipsPersist() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Seed002.Person.self])
        let person = Seed002.Person()
        person.name = "Ann"
        let rex = Seed002.Dog()
        rex.name = "Rex"
        person.dog = rex
        person.dogs.append(objectsIn: [rex, Seed002.Dog(value: ["name": "Buddy", "age": 6])])
        try realm.write { realm.add(person) }

        let reopened = try directory.realm(of: [Seed002.Person.self])
        let stored = try #require(reopened.objects(Seed002.Person.self).first)
        #expect(stored.name == "Ann")
        #expect(stored.birthdate == Date(timeIntervalSince1970: 1))
        #expect(stored.dog?.name == "Rex")
        #expect(stored.dogs.map(\.name) == ["Rex", "Buddy"])
        #expect(stored.dogs[1].age == 6)
        #expect(reopened.objects(Seed002.Dog.self).count == 2, "the shared dog is stored once")
        // Setting the relationship to nil removes the link, not the dog.
        try reopened.write { stored.dog = nil }
        #expect(stored.dog == nil)
        #expect(reopened.objects(Seed002.Dog.self).count == 2)
    }

    @Test func linkingObjectsFollowTheOriginList() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Seed002.User.self])
        let user = Seed002.User(value: ["_id": ObjectId.generate(), "name": "Frodo"])
        let task = Seed002.Task(value: ["_id": ObjectId.generate(), "text": "Take the ring"])
        try realm.write {
            realm.add(user)
            user.tasks.append(task)
        }
        #expect(task.assignee.count == 1)
        #expect(task.assignee.first?.name == "Frodo")
        try realm.write { user.tasks.removeAll() }
        #expect(task.assignee.isEmpty, "LinkingObjects reflect the current links")
    }

    @Test func embeddedObjectsLiveInsideTheirOwnerAndDieWithIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Seed002.DogClub.self])
        let address = Seed002.Address()
        address.city = "Springfield"
        let member = Seed002.Member(name: "Nick", address: address)
        let club = Seed002.DogClub(
            name: "Kennel",
            addresses: [
                Seed002.Address(value: ["city": "Ottawa"]),
                Seed002.Address(value: ["city": "Chicago"]),
            ])
        club.members.append(member)
        try realm.write { realm.add(club) }

        #expect(member.address?.city == "Springfield")
        #expect(club.regionalOfficeAddresses.map { $0.city } == ["Ottawa", "Chicago"])
        #expect(member.clubs.first?.name == "Kennel")
        // Changing an embedded object's property writes through its owner.
        try realm.write { club.regionalOfficeAddresses[1].city = "Boston" }
        #expect(club.regionalOfficeAddresses[1].city == "Boston")
        try realm.write { member.address?.street = "Main St" }
        #expect(member.address?.street == "Main St")
        // Replacing it drops the old one; deleting the owner deletes the embedded objects.
        try realm.write { member.address = Seed002.Address(value: ["city": "Paris"]) }
        #expect(member.address?.city == "Paris")
        #expect(member.address?.street == nil)
        try realm.write { realm.delete(club) }
        #expect(realm.objects(Seed002.DogClub.self).isEmpty)
        #expect(member.clubs.isEmpty)
    }

    @Test func aRequiredToOneRelationshipIsASchemaError() throws {
        class Owner: Object {
            @Persisted var pet: Seed002.Dog
        }
        let directory = try TemporaryDirectory()
        do {
            _ = try directory.realm(of: [Owner.self])
            Issue.record("a required to-one link was accepted")
        } catch let error as GeodeError {
            #expect(String(describing: error).contains("Owner.pet' must be optional"), "\(error)")
        }
    }
}
