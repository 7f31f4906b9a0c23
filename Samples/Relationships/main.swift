// The Swift samples of "Model relationships" (seed page 002), with `import Geode`
// in place of `import RealmSwift`. Run: swift run SampleRelationships
import Foundation
import Geode

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

class Person: Object {
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

class Dog: Object {
    @Persisted var name: String = ""
    @Persisted var age: Int = 0
    @Persisted var breed: String?
    // No backlink to person -- one-directional relationship
}

class DogClub: Object {
    @Persisted var name = ""
    @Persisted var members: List<Person>
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

try? FileManager.default.removeItem(at: Realm.Configuration.defaultFileURL)
let realm = try! Realm()

let frodo = User(value: ["_id": ObjectId.generate(), "name": "Frodo"])
let ring = Task(value: ["_id": ObjectId.generate(), "text": "Take the ring to Mount Doom"])
try! realm.write {
    realm.add(frodo)
    frodo.tasks.append(ring)
}
print("'\(ring.text)' is assigned to \(ring.assignee.map(\.name))")

let home = Address(value: ["street": "Bagshot Row", "city": "Hobbiton"])
let sam = Person(name: "Sam", address: home)
sam.dogs.append(Dog(value: ["name": "Grip", "age": 4]))
let club = DogClub(
    name: "Shire Dog Club", addresses: [Address(value: ["city": "Bree"]), Address(value: ["city": "Michel Delving"])])
club.members.append(sam)
try! realm.write { realm.add(club) }
print(
    "\(sam.name) lives in \(sam.address?.city ?? "?"), has \(sam.dogs.count) dog(s), belongs to \(sam.clubs.map(\.name))"
)
print("club offices: \(club.regionalOfficeAddresses.compactMap(\.city))")

try! realm.write { realm.delete(club) }
print(
    "after deleting the club: \(sam.name) belongs to \(sam.clubs.count) club(s); \(realm.objects(DogClub.self).count) clubs left"
)
