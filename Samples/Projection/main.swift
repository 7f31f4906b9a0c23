// The Swift samples of "Projection" (seed page 004), with `import Geode` in
// place of `import RealmSwift`. Run: swift run SampleProjection
//
// Two spots differ from the page, because its code does not compile as
// written: `address` is optional, so its key path is `\Person.address?.city`;
// and the page's `realm.object(PersonProjection.self)` is `realm.objects(...)`.
import Foundation
import Geode

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

class PersonProjection: Projection<Person> {
    @Projected(\Person.firstName) var firstName
    @Projected(\Person.lastName.localizedUppercase)
    var lastNameCaps
    @Projected(\Person.address?.city) var homeCity
    @Projected(\Person.friends.projectTo.firstName)
    var friendsFirstName: ProjectedCollection<String>
}

let file = URL(fileURLWithPath: "projection.geode")
try? FileManager.default.removeItem(at: file)
let realm = try Realm(configuration: Realm.Configuration(fileURL: file))

var personObject = Person()
try realm.write {
    let ann = realm.create(
        Person.self, value: ["firstName": "Ann", "lastName": "Lee", "address": ["city": "Rome", "country": "Italy"]])
    personObject = realm.create(Person.self)
    personObject.firstName = "John"
    personObject.lastName = "Smith"
    personObject.address = Address(value: ["city": "Paris", "country": "France"])
    personObject.friends.append(ann)
}

let projections = realm.objects(PersonProjection.self)
let singleProjection = PersonProjection(projecting: personObject)
print("projections: \(projections.count)")
print(singleProjection)
// Filter and sort by the root object's property names.
print("Smiths: \(projections.filter("lastName == 'Smith'").map(\.lastNameCaps))")
print("by first name: \(projections.sorted(byKeyPath: "firstName").map(\.firstName))")
// Type-safe queries may name projected properties (Geode goes beyond Realm here).
print("living in Rome: \(projections.where { $0.homeCity == "Rome" }.map(\.firstName))")

// A projection writes through to its root inside a write transaction.
try realm.write { singleProjection.firstName = "Johnny" }
print("root now: \(personObject.firstName); friends: \(Array(singleProjection.friendsFirstName))")
let frozen = singleProjection.freeze()
print("frozen: \(frozen.isFrozen), thawed is the live one: \(frozen.thaw() == singleProjection)")
