import Foundation
import Geode
import GeodeTestSupport
import Testing

enum Model {
    class Toy: Object {
        @Persisted var name = ""
    }

    class Pet: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var age: Int?
        @Persisted var weight: Double = 0
        @Persisted var tags: List<String>
        @Persisted var scores: List<Int?>
        @Persisted var toy: Toy?
        @Persisted var toys: List<Toy>
        @Persisted var toysByRoom: Map<String, Toy?>
        @Persisted var kind = Kind.dog
        @Persisted var born = Date(timeIntervalSince1970: 0)
        @Persisted var photo = Data()
        @Persisted var tag: UUID?
        @Persisted var small: Int8 = 0
        @Persisted var ratio: Float = 0
    }

    enum Kind: String, PersistableEnum {
        case dog, cat
    }

    /// Used only after the realm opened.
    class LateComer: Object {
        @Persisted var note = ""
        @Persisted var toy: Toy?
    }

    class Inside: Object {
        @Persisted var note = ""
    }

    /// Links held inside an embedded object.
    class Kennel: EmbeddedObject {
        @Persisted var favourite: Toy?
        @Persisted var spares: List<Toy>
    }

    class Shelter: Object {
        @Persisted var name = ""
        @Persisted var kennel: Kennel?
        @Persisted var annexes: List<Kennel>
    }

    /// Used only after the realm opened, holding links in a list (a link left
    /// behind there shows as an element; a to-one link to a deleted object reads nil anyway).
    class LateShelf: Object {
        @Persisted var toys: List<Toy>
    }
}

@Suite struct ObjectModelTests {

    @Test func everyPropertyTypeRoundTripsThroughReopening() throws {
        let directory = try TemporaryDirectory()
        let tag = UUID()
        do {
            let realm = try directory.realm(of: [Model.Pet.self])
            try realm.write {
                realm.create(
                    Model.Pet.self,
                    value: [
                        "id": 1, "name": "Rex", "age": 4, "weight": 12.5, "tags": ["a", "b"],
                        "scores": [1, NSNull(), 3],
                        "toy": ["name": "ball"], "toys": [["name": "rope"]], "toysByRoom": ["hall": ["name": "bone"]],
                        "kind": "cat", "born": Date(timeIntervalSince1970: 86400.5), "photo": Data([1, 2, 3]),
                        "tag": tag.uuidString,
                        "small": -8, "ratio": 0.5,
                    ])
            }
        }
        let realm = try directory.realm(of: [Model.Pet.self])
        let pet = try #require(realm.object(ofType: Model.Pet.self, forPrimaryKey: 1))
        #expect(pet.name == "Rex")
        #expect(pet.age == 4)
        #expect(pet.weight == 12.5)
        #expect(Array(pet.tags) == ["a", "b"])
        #expect(Array(pet.scores) == [1, nil, 3])
        #expect(pet.toy?.name == "ball")
        #expect(pet.toys.map(\.name) == ["rope"])
        #expect(pet.toysByRoom["hall"]??.name == "bone")
        #expect(pet.kind == .cat)
        #expect(pet.born == Date(timeIntervalSince1970: 86400.5))
        #expect(pet.photo == Data([1, 2, 3]))
        #expect(pet.tag == tag)
        #expect(pet.small == -8)
        #expect(pet.ratio == 0.5)
        #expect(realm.objects(Model.Toy.self).count == 3)
    }

    @Test func objectsReadTheRealmsCurrentVersionThroughWritesAndRefreshes() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        try realm.write {
            for id in 0 ..< 300 {
                realm.create(Model.Pet.self, value: ["id": id, "name": "pet \(id)", "tags": ["t\(id)"]])
            }
        }
        // Accessors made by iteration, by position and by primary key, read once before any change.
        let pets = Array(realm.objects(Model.Pet.self))
        let byKey = try #require(realm.object(ofType: Model.Pet.self, forPrimaryKey: 299))
        #expect(pets.map(\.name) == (0 ..< 300).map { "pet \($0)" })
        #expect(byKey.name == "pet 299")
        #expect(realm.objects(Model.Pet.self)[7].tags.first == "t7")
        try realm.write {
            pets[5].name = "renamed"
            #expect(pets[5].name == "renamed", "a write reads its own change")
            byKey.tags.append("new")
            realm.delete(pets[6])
        }
        #expect(pets[5].name == "renamed")
        #expect(Array(byKey.tags) == ["t299", "new"])
        #expect(pets[6].isInvalidated)
        #expect(!pets[7].isInvalidated)
        // Another realm on another thread commits; this one sees it after refreshing.
        let url = directory.url.appendingPathComponent("test.geode")
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            guard
                let other = try? Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Model.Pet.self])),
                let pet = other.object(ofType: Model.Pet.self, forPrimaryKey: 8)
            else { return }
            try? other.write { pet.name = "changed elsewhere" }
        }
        group.wait()
        #expect(pets[8].name == "pet 8", "a realm reads its own version until it refreshes")
        realm.refresh()
        #expect(pets[8].name == "changed elsewhere")
        let names = realm.objects(Model.Pet.self).map(\.name)
        #expect(names.count == 299)
        #expect(names.filter { $0.hasPrefix("pet ") }.count == 297)
    }

    @Test func aDuplicatePrimaryKeyIsAnErrorAndNothingIsCommitted() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        try realm.write { realm.add(Model.Pet(value: ["id": 1, "name": "Rex"])) }
        // The impostor links to a new toy: it is added (before the duplicate is
        // found, as the impostor is stored) and rolled back with the rest.
        let impostor = Model.Pet(value: ["id": 1, "name": "Impostor"])
        let toy = Model.Toy(value: ["name": "ball"])
        impostor.toy = toy
        do {
            try realm.write {
                realm.add(Model.Pet(value: ["id": 2, "name": "Fido"]))
                realm.add(impostor)
            }
            Issue.record("a duplicate primary key was accepted")
        } catch let error as GeodeError {
            #expect(String(describing: error).contains("duplicate primary key 1"), "\(error)")
        }
        #expect(realm.objects(Model.Pet.self).map(\.name) == ["Rex"], "the whole write was rolled back")
        #expect(realm.objects(Model.Toy.self).isEmpty)
        #expect(impostor.realm == nil && toy.realm == nil, "the rejected object and what it links to stay unmanaged")
        #expect(impostor.name == "Impostor" && impostor.toy?.name == "ball")
    }

    @Test func optionalPropertiesSetAfterInitWithValueKeepTheirValues() throws {
        let tag = UUID()
        let pet = Model.Pet(value: ["id": 3, "name": "Rex"])
        #expect(pet.age == nil && pet.toy == nil && pet.tag == nil)
        pet.age = 5
        pet.toy = Model.Toy(value: ["name": "ball"])
        pet.tag = tag
        #expect(pet.name == "Rex" && pet.age == 5 && pet.toy?.name == "ball" && pet.tag == tag)
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        try realm.write { realm.add(pet) }
        let stored = try #require(realm.object(ofType: Model.Pet.self, forPrimaryKey: 3))
        #expect(stored.name == "Rex" && stored.age == 5 && stored.toy?.name == "ball" && stored.tag == tag)
    }

    @Test func updatePoliciesChangeOnlyWhatIsGiven() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        try realm.write { realm.create(Model.Pet.self, value: ["id": 7, "name": "Rex", "weight": 10.0]) }
        try realm.write { realm.create(Model.Pet.self, value: ["id": 7, "weight": 11.0], update: .modified) }
        let pet = try #require(realm.object(ofType: Model.Pet.self, forPrimaryKey: 7))
        #expect(pet.name == "Rex", "properties not given keep their values")
        #expect(pet.weight == 11.0)
        try realm.write { realm.add(Model.Pet(value: ["id": 7, "name": "Max"]), update: .all) }
        #expect(pet.name == "Max")
        #expect(pet.weight == 0, "add with .all writes every property of the given object")
        #expect(realm.objects(Model.Pet.self).count == 1)
    }

    @Test func changingAPrimaryKeyIsAnError() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        let pet = Model.Pet(value: ["id": 1])
        try realm.write { realm.add(pet) }
        #expect(throws: GeodeError.self) { try realm.write { pet.id = 2 } }
        #expect(pet.id == 1)
    }

    @Test func aValueOverTheLimitIsRefusedWithItsPlace() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        let pet = Model.Pet(value: ["id": 1])
        try realm.write { realm.add(pet) }
        do {
            try realm.write { pet.name = String(repeating: "x", count: 16_777_200) }
            Issue.record("an oversized string was accepted")
        } catch let error as GeodeError {
            #expect(String(describing: error).contains("Pet.name"), "\(error)")
            #expect(String(describing: error).contains("16777199"), "\(error)")
        }
        #expect(pet.name == "")
    }

    @Test func wrongInputTypesAreRefused() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        for bad: [String: Any] in [
            ["id": 1, "name": 42], ["id": 1, "born": "2024-01-01"], ["id": 1, "age": 2.5], ["id": "one"],
        ] {
            do {
                try realm.write { realm.create(Model.Pet.self, value: bad) }
                Issue.record("\(bad) was accepted")
            } catch let error as GeodeError {
                #expect(String(describing: error).contains("Pet."), "\(error)")
            }
        }
        #expect(realm.objects(Model.Pet.self).isEmpty)
    }

    @Test func deletingAnObjectRemovesEveryLinkToIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        let ball = Model.Toy(value: ["name": "ball"])
        let pet = Model.Pet(value: [
            "id": 1, "toy": ball, "toys": [ball, Model.Toy(value: ["name": "rope"])],
            "toysByRoom": ["hall": ball],
        ])
        try realm.write { realm.add(pet) }
        try realm.write { realm.delete(ball) }
        #expect(ball.isInvalidated)
        #expect(pet.toy == nil)
        #expect(pet.toys.map(\.name) == ["rope"])
        #expect(pet.toysByRoom.count == 1)
        #expect(pet.toysByRoom["hall"] == .some(nil), "a map keeps the key with a null value")
    }

    @Test func deletingAnObjectClearsLinksInsideEmbeddedObjectsAndInClassesAddedLater() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        let ball = Model.Toy(value: ["name": "ball"])
        let rope = Model.Toy(value: ["name": "rope"])
        let shelter = Model.Shelter(value: [
            "name": "north", "kennel": ["favourite": ball, "spares": [ball, rope]],
            "annexes": [["favourite": rope, "spares": [ball]]],
        ])
        try realm.write { realm.add(shelter) }
        // A class first used now: the store's catalog is rebuilt, and must know it can link to toys.
        let late = Model.LateShelf(value: ["toys": [rope, ball]])
        try realm.write { realm.add(late) }
        try realm.write { realm.delete(ball) }
        #expect(ball.isInvalidated)
        #expect(shelter.kennel?.favourite == nil)
        #expect(shelter.kennel?.spares.map(\.name) == ["rope"])
        #expect(shelter.annexes.first?.favourite?.name == "rope")
        #expect(shelter.annexes.first?.spares.isEmpty == true)
        #expect(late.toys.map(\.name) == ["rope"])
        #expect(realm.objects(Model.Toy.self).map(\.name) == ["rope"])
    }

    @Test func aCancelledWriteLeavesObjectsUnmanaged() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        let pet = Model.Pet(value: ["id": 1, "name": "Rex"])
        realm.beginWrite()
        realm.add(pet)
        #expect(realm.isInWriteTransaction)
        #expect(realm.objects(Model.Pet.self).count == 1, "results see the write's own changes")
        realm.cancelWrite()
        #expect(pet.realm == nil)
        #expect(pet.name == "Rex")
        #expect(realm.objects(Model.Pet.self).isEmpty)
    }

    @Test func writeReturnsItsBlocksValueAndRollsBackWhenItThrows() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        let count = try realm.write { () -> Int in
            realm.add(Model.Pet(value: ["id": 1]))
            return realm.objects(Model.Pet.self).count
        }
        #expect(count == 1)
        #expect(throws: Stop.self) {
            try realm.write {
                realm.add(Model.Pet(value: ["id": 2]))
                throw Stop()
            }
        }
        #expect(realm.objects(Model.Pet.self).count == 1)
    }

    @Test func classesFirstUsedAfterOpeningAreAdded() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Model.Pet.self])
        // Outside a write.
        #expect(realm.objects(Model.LateComer.self).isEmpty)
        try realm.write { realm.create(Model.LateComer.self, value: ["note": "hello", "toy": ["name": "ball"]]) }
        // Inside a write, and gone again when the write is cancelled.
        realm.beginWrite()
        realm.create(Model.Inside.self, value: ["note": "x"])
        realm.cancelWrite()
        try realm.write { realm.create(Model.Inside.self, value: ["note": "kept"]) }
        let reopened = try directory.realm(of: [Model.Pet.self])
        #expect(reopened.objects(Model.LateComer.self).first?.toy?.name == "ball")
        #expect(reopened.objects(Model.Inside.self).map(\.note) == ["kept"])
    }
}

/// A model whose own initializer reads and writes its properties.
final class SelfInitializing: Object {
    @Persisted var name = ""
    @Persisted var created = UUID()
    required init() {
        super.init()
        name = "made in init"
        _ = created
    }
}

@Suite struct InitializerTests {
    @Test func aModelWhoseInitTouchesItsPropertiesIsDiscovered() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("i.geode"),
                objectTypes: [SelfInitializing.self]))
        let first = SelfInitializing()
        let second = SelfInitializing()
        try realm.write { realm.add([first, second]) }
        let stored = realm.objects(SelfInitializing.self)
        #expect(stored.map(\.name) == ["made in init", "made in init"])
        #expect(Set(stored.map(\.created)).count == 2, "a per-instance default stays per instance")
    }
}
