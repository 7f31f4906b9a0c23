import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The models of seed page 003 (CRUD - create).
enum Seed003 {
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

    static let types: [ObjectBase.Type] = [DogToy.self, Dog.self, Person.self]
}

/// The samples use `Realm()`: each test points the default configuration at
/// its own file, so the suite runs one test at a time.
@Suite(.serialized) struct CreateSeedTests {
    private func useFreshDefaultRealm(_ directory: TemporaryDirectory) {
        Realm.Configuration.defaultConfiguration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("default.geode"), objectTypes: Seed003.types)
    }

    @Test func createAnObject() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        // Instantiate the class and set its values.
        let dog = Seed003.Dog()
        dog.name = "Rex"
        dog.age = 10
        // Get the default realm. You only need to do this once per thread.
        let realm = try Realm()
        // Open a thread-safe transaction.
        try realm.write {
            // Add the instance to the realm.
            realm.add(dog)
        }
        #expect(realm.objects(Seed003.Dog.self).count == 1)
        #expect(try Realm().objects(Seed003.Dog.self).first?.name == "Rex")
        #expect(dog.realm === realm)
        #expect(dog.age == 10)
    }

    @Test func initializeObjectsWithAValue() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        // (1) Create a Dog object from a dictionary
        let myDog = Seed003.Dog(value: ["name": "Pluto", "age": 3])
        // (2) Create a Dog object from an array
        let myOtherDog = Seed003.Dog(value: ["Fido", 5])
        let realm = try Realm()
        // Add to the realm inside a transaction
        try realm.write {
            realm.add([myDog, myOtherDog])
        }
        let dogs = realm.objects(Seed003.Dog.self)
        #expect(dogs.map(\.name) == ["Pluto", "Fido"])
        #expect(dogs.map(\.age) == [3, 5])
    }

    @Test func nestedValuesCreateRelatedObjects() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        let aDog = Seed003.Dog(value: ["name": "Buster", "age": 5])
        let anotherDog = Seed003.Dog(value: ["name": "Buddy", "age": 6])
        // Instead of using pre-existing dogs...
        let aPerson = Seed003.Person(value: [123, "Jane", [aDog, anotherDog]])
        // ...we can create them inline
        let anotherPerson = Seed003.Person(value: [124, "Jane", [["Buster", 5], ["Buddy", 6]]])
        let realm = try Realm()
        try realm.write { realm.add([aPerson, anotherPerson]) }
        #expect(realm.objects(Seed003.Dog.self).count == 4)
        let stored = try #require(realm.object(ofType: Seed003.Person.self, forPrimaryKey: 124))
        #expect(stored.dogs.map(\.name) == ["Buster", "Buddy"])
        #expect(stored.dogs.map(\.age) == [5, 6])
    }

    @Test func createFromJSON() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        // Specify a dog toy in JSON
        let data = try #require("{\"name\": \"Tennis ball\"}".data(using: .utf8))
        let realm = try Realm()
        // Insert from data containing JSON
        try realm.write {
            let json = try JSONSerialization.jsonObject(with: data, options: [])
            realm.create(Seed003.DogToy.self, value: json)
        }
        #expect(realm.objects(Seed003.DogToy.self).first?.name == "Tennis ball")
    }

    @Test func createAnEmbeddedObject() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        // Open the default realm
        let realm = try Realm()
        try realm.write {
            let address = Seed003.Address()
            address.street = "123 Fake St"
            address.city = "Springfield"
            address.country = "USA"
            address.postalCode = "90710"
            let contact = Seed003.Person(name: "Nick Riviera", address: address)
            realm.add(contact)
        }
        let contact = try #require(realm.objects(Seed003.Person.self).first)
        #expect(contact.address?.city == "Springfield")
        #expect(contact.address?.postalCode == "90710")
    }

    @Test func createAnObjectWithAMapProperty() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        let realm = try Realm()
        // Record a dog's name and current city
        let dog = Seed003.Dog()
        dog.name = "Wolfie"
        dog.currentCity = "New York"
        // Set map values
        dog.favoriteParksByCity["New York"] = "Domino Park"
        // Store the data in a realm
        try realm.write {
            realm.add(dog)
            // You can also set map values inside a write transaction
            dog.favoriteParksByCity["Chicago"] = "Wiggly Field"
            dog.favoriteParksByCity.setValue("Bush Park", forKey: "Ottawa")
        }
        #expect(dog.favoriteParksByCity["New York"] == "Domino Park")
        #expect(dog.favoriteParksByCity["Ottawa"] == "Bush Park")
        #expect(dog.favoriteParksByCity.keys == ["New York", "Chicago", "Ottawa"])
        // Percent encode . or $ characters to use them in map keys
        let encodedMapKey = "New York%2EBrooklyn"
        try realm.write { dog.favoriteParksByCity[encodedMapKey] = "Prospect Park" }
        #expect(dog.favoriteParksByCity.count == 4)
        // A key with '.' is refused and the whole write is rolled back.
        #expect(throws: GeodeError.self) {
            try realm.write {
                dog.favoriteParksByCity["Boston"] = "Common"
                dog.favoriteParksByCity["New York.Brooklyn"] = "Prospect Park"
            }
        }
        #expect(dog.favoriteParksByCity["Boston"] == nil)
    }

    @Test func createAnObjectWithAMutableSetProperty() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        let realm = try Realm()
        // Record a dog's name and current city
        let dog = Seed003.Dog()
        dog.name = "Maui"
        dog.currentCity = "New York"
        // Store the data in a realm. Add the dog's current city
        // to the citiesVisited MutableSet
        try realm.write {
            realm.add(dog)
            // You can only mutate the MutableSet in a write transaction.
            // This means you can't set values at initialization, but must do it during a write.
            dog.citiesVisited.insert(dog.currentCity)
        }
        // You can also add multiple items to the set.
        try realm.write {
            dog.citiesVisited.insert(objectsIn: ["Boston", "Chicago"])
        }
        print("\(dog.name) has visited: \(dog.citiesVisited)")
        #expect(Set(dog.citiesVisited) == ["New York", "Boston", "Chicago"])
        try realm.write { dog.citiesVisited.insert("Boston") }
        #expect(dog.citiesVisited.count == 3, "a set holds each value once")
    }

    @Test func createAnObjectWithAnAnyRealmValueProperty() throws {
        let directory = try TemporaryDirectory()
        useFreshDefaultRealm(directory)
        // Create a Dog object and then set its properties
        let myDog = Seed003.Dog()
        myDog.name = "Rex"
        // This dog has no companion.
        // You can set the field's type to "none", which represents `nil`
        myDog.companion = .none
        // Create another Dog whose companion is a cat.
        // We don't have a Cat object, so we'll use a string to describe the companion.
        let theirDog = Seed003.Dog()
        theirDog.name = "Wolfie"
        theirDog.companion = .string("Fluffy the Cat")
        // Another dog might have a dog as a companion.
        // We do have an object that can represent that, so we can specify the
        // type is a Dog object, and even set the object's value.
        let anotherDog = Seed003.Dog()
        anotherDog.name = "Fido"
        // Note: this sets Spot as a companion of Fido, but does not set
        // Fido as a companion of Spot. Spot has no companion in this instance.
        anotherDog.companion = .object(Seed003.Dog(value: ["name": "Spot"]))
        // Add the dogs to the realm
        let realm = try Realm()
        try realm.write {
            realm.add([myDog, theirDog, anotherDog])
        }
        // After adding these dogs to the realm, we now have 4 dog objects.
        let dogs = realm.objects(Seed003.Dog.self)
        #expect(dogs.count == 4)
        #expect(theirDog.companion == .string("Fluffy the Cat"))
        #expect(anotherDog.companion.object(Seed003.Dog.self)?.name == "Spot")
        #expect(myDog.companion == .none)
    }

    @Test func copyAnObjectToAnotherRealm() throws {
        let realm = try Realm(
            configuration: Realm.Configuration(inMemoryIdentifier: "first realm", objectTypes: Seed003.types))
        try realm.write {
            let dog = Seed003.Dog()
            dog.name = "Wolfie"
            dog.age = 1
            realm.add(dog)
        }
        // Later, fetch the instance we want to copy
        let wolfie = try #require(realm.objects(Seed003.Dog.self).first(where: { $0.name == "Wolfie" }))
        // Open the other realm
        let otherRealm = try Realm(
            configuration: Realm.Configuration(inMemoryIdentifier: "second realm", objectTypes: Seed003.types))
        try otherRealm.write {
            // Copy to the other realm
            let wolfieCopy = otherRealm.create(type(of: wolfie), value: wolfie)
            wolfieCopy.age = 2
            // Verify that the copy is separate from the original
            #expect(wolfie.age != wolfieCopy.age)
        }
        #expect(otherRealm.objects(Seed003.Dog.self).first?.age == 2)
        #expect(realm.objects(Seed003.Dog.self).first?.age == 1)
    }
}
