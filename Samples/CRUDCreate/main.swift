// The Swift samples of "CRUD - Create" (seed page 003), with `import Geode`
// in place of `import RealmSwift`. Run: swift run SampleCRUDCreate
// It writes default.geode in the current directory (or in $GEODE_HOME).
import Foundation
import Geode

class DogToy: Object {
    @Persisted var name = ""
}

class Dog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var color = ""
    @Persisted var currentCity = ""
    @Persisted var citiesVisited: MutableSet<String>
    @Persisted var companion: AnyRealmValue
    // To-one relationship
    @Persisted var favoriteToy: DogToy?
    // Map of city name -> favorite park in that city
    @Persisted var favoriteParksByCity: Map<String, String>
}

class Person: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    // To-many relationship - a person can have many dogs
    @Persisted var dogs: List<Dog>
    // Embed a single object.
    // Embedded object properties must be marked optional.
    @Persisted var address: Address?
    convenience init(name: String, address: Address) {
        self.init()
        self.name = name
        self.address = address
    }
}

class Address: EmbeddedObject {
    @Persisted var street: String?
    @Persisted var city: String?
    @Persisted var country: String?
    @Persisted var postalCode: String?
}

// Start from an empty default realm.
try? FileManager.default.removeItem(at: Realm.Configuration.defaultFileURL)

do {
    // Instantiate the class and set its values.
    let dog = Dog()
    dog.name = "Rex"
    dog.age = 10
    // Get the default realm. You only need to do this once per thread.
    let realm = try! Realm()
    // Open a thread-safe transaction.
    try! realm.write {
        // Add the instance to the realm.
        realm.add(dog)
    }
    print("added \(dog.name), age \(dog.age)")
}

do {
    // (1) Create a Dog object from a dictionary
    let myDog = Dog(value: ["name": "Pluto", "age": 3])
    // (2) Create a Dog object from an array
    let myOtherDog = Dog(value: ["Fido", 5])
    let realm = try! Realm()
    // Add to the realm inside a transaction
    try! realm.write {
        realm.add([myDog, myOtherDog])
    }
    print("dogs: \(realm.objects(Dog.self).map(\.name).joined(separator: ", "))")
}

do {
    let aDog = Dog(value: ["name": "Buster", "age": 5])
    let anotherDog = Dog(value: ["name": "Buddy", "age": 6])
    // Instead of using pre-existing dogs...
    let aPerson = Person(value: [123, "Jane", [aDog, anotherDog]])
    // ...we can create them inline
    let anotherPerson = Person(value: [124, "Jane", [["Buster", 5], ["Buddy", 6]]])
    let realm = try! Realm()
    try! realm.write { realm.add([aPerson, anotherPerson]) }
    print("person 124 has dogs: \(realm.object(ofType: Person.self, forPrimaryKey: 124)?.dogs.map(\.name) ?? [])")
}

do {
    // Specify a dog toy in JSON
    let data = "{\"name\": \"Tennis ball\"}".data(using: .utf8)!
    let realm = try! Realm()
    // Insert from data containing JSON
    try! realm.write {
        let json = try! JSONSerialization.jsonObject(with: data, options: [])
        realm.create(DogToy.self, value: json)
    }
    print("toy from JSON: \(realm.objects(DogToy.self).first?.name ?? "none")")
}

do {
    // Open the default realm
    let realm = try! Realm()
    try! realm.write {
        let address = Address()
        address.street = "123 Fake St"
        address.city = "Springfield"
        address.country = "USA"
        address.postalCode = "90710"
        let contact = Person(name: "Nick Riviera", address: address)
        realm.add(contact)
    }
    let contact = realm.objects(Person.self).first { $0.name == "Nick Riviera" }
    print("contact lives in \(contact?.address?.city ?? "?")")
}

do {
    let realm = try! Realm()
    // Record a dog's name and current city
    let dog = Dog()
    dog.name = "Wolfie"
    dog.currentCity = "New York"
    // Set map values
    dog.favoriteParksByCity["New York"] = "Domino Park"
    // Store the data in a realm
    try! realm.write {
        realm.add(dog)
        // You can also set map values inside a write transaction
        dog.favoriteParksByCity["Chicago"] = "Wiggly Field"
        dog.favoriteParksByCity.setValue("Bush Park", forKey: "Ottawa")
    }
    print("favorite parks: \(dog.favoriteParksByCity.map { "\($0.key): \($0.value)" }.joined(separator: ", "))")
}

do {
    let realm = try! Realm()
    // Record a dog's name and current city
    let dog = Dog()
    dog.name = "Maui"
    dog.currentCity = "New York"
    // Store the data in a realm. Add the dog's current city
    // to the citiesVisited MutableSet
    try! realm.write {
        realm.add(dog)
        // You can only mutate the MutableSet in a write transaction.
        // This means you can't set values at initialization, but must do it during a write.
        dog.citiesVisited.insert(dog.currentCity)
    }
    // You can also add multiple items to the set.
    try! realm.write {
        dog.citiesVisited.insert(objectsIn: ["Boston", "Chicago"])
    }
    print("\(dog.name) has visited: \(dog.citiesVisited.sorted().joined(separator: ", "))")
}

do {
    // Create a Dog object and then set its properties
    let myDog = Dog()
    myDog.name = "Rex"
    // This dog has no companion.
    // You can set the field's type to "none", which represents `nil`
    myDog.companion = .none
    // Create another Dog whose companion is a cat.
    // We don't have a Cat object, so we'll use a string to describe the companion.
    let theirDog = Dog()
    theirDog.name = "Wolfie"
    theirDog.companion = .string("Fluffy the Cat")
    // Another dog might have a dog as a companion.
    // We do have an object that can represent that, so we can specify the
    // type is a Dog object, and even set the object's value.
    let anotherDog = Dog()
    anotherDog.name = "Fido"
    // Note: this sets Spot as a companion of Fido, but does not set
    // Fido as a companion of Spot. Spot has no companion in this instance.
    anotherDog.companion = .object(Dog(value: ["name": "Spot"]))
    // Add the dogs to the realm
    let realm = try! Realm()
    let before = realm.objects(Dog.self).count
    try! realm.write {
        realm.add([myDog, theirDog, anotherDog])
    }
    // After adding these dogs to the realm, we now have 4 more dog objects.
    print("companions added \(realm.objects(Dog.self).count - before) dogs")
}

do {
    let realm = try! Realm(configuration: Realm.Configuration(inMemoryIdentifier: "first realm"))
    try! realm.write {
        let dog = Dog()
        dog.name = "Wolfie"
        dog.age = 1
        realm.add(dog)
    }
    // Later, fetch the instance we want to copy
    let wolfie = realm.objects(Dog.self).first(where: { $0.name == "Wolfie" })!
    // Open the other realm
    let otherRealm = try! Realm(configuration: Realm.Configuration(inMemoryIdentifier: "second realm"))
    try! otherRealm.write {
        // Copy to the other realm
        let wolfieCopy = otherRealm.create(type(of: wolfie), value: wolfie)
        wolfieCopy.age = 2
        // Verify that the copy is separate from the original
        precondition(wolfie.age != wolfieCopy.age)
    }
    print("copied Wolfie: original age \(wolfie.age), copy age \(otherRealm.objects(Dog.self).first?.age ?? -1)")
}
