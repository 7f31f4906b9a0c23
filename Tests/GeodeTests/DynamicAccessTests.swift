import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Code without the Swift classes reads and writes a store by class and
/// property name.
@Suite struct DynamicAccessTests {
    @Test func aStoreIsReadAndWrittenByName() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("dynamic.geode")
        do {
            let typed = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Model.Pet.self]))
            try typed.write {
                typed.create(
                    Model.Pet.self,
                    value: ["id": 1, "name": "Rex", "weight": 12.5, "tags": ["a"], "toy": ["name": "ball"]])
            }
        }
        // No classes declared: the realm has whatever the file holds.
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: []))
        #expect(realm.schema.objectSchema.map(\.className).sorted() == ["Model.Pet", "Model.Toy"])
        let petSchema = try #require(realm.schema["Model.Pet"])
        #expect(petSchema.primaryKeyProperty?.name == "id")
        #expect(petSchema["tags"]?.typeDescription == "List<string>")

        let pets = realm.dynamicObjects("Model.Pet")
        #expect(pets.count == 1)
        let rex = try #require(pets.first)
        #expect(rex["name"] as? String == "Rex")
        #expect(rex["weight"] as? Double == 12.5)
        let tags = rex["tags"] as? List<String>
        #expect(tags.map(Array.init) == ["a"], "a list of strings is a live List<String>, as in Realm")
        #expect((rex["toy"] as? DynamicObject)?["name"] as? String == "ball")

        try realm.write {
            rex["name"] = "Max"
            realm.dynamicCreate("Model.Pet", value: ["id": 2, "name": "Fido", "weight": 3])
        }
        #expect(rex["name"] as? String == "Max")
        #expect(realm.dynamicObjects("Model.Pet").map { $0["name"] as? String } == ["Max", "Fido"])
        #expect(realm.dynamicObjects("Model.Pet")[1]["weight"] as? Double == 3.0, "an int fills a double property")

        // A value of the wrong type is refused by the write.
        #expect(throws: GeodeError.self) { try realm.write { rex["name"] = 42 } }
        #expect(rex["name"] as? String == "Max")
    }
}

@Suite struct DataDefinedClassTests {
    /// A store of classes described as data: places with an embedded point and a linked author.
    static func configuration(_ directory: TemporaryDirectory, _ name: String) -> Realm.Configuration {
        var configuration = Realm.Configuration(fileURL: directory.url.appendingPathComponent(name), objectTypes: [])
        configuration.dynamicClasses = [
            ObjectSchema(
                className: "Place",
                properties: [
                    Property(name: "id", type: .int, isPrimary: true),
                    Property(name: "name", type: .string),
                    Property(name: "title", type: .string, isOptional: true),
                    Property(name: "tags", type: .string, collection: .list),
                    Property(name: "meta", type: .mixed),
                    Property(name: "point", type: .object, isOptional: true, objectClassName: "Point"),
                    Property(name: "weight", type: .double),
                    Property(name: "author", type: .object, isOptional: true, objectClassName: "Author"),
                    Property(name: "visitors", type: .object, collection: .list, objectClassName: "Author"),
                    Property(name: "ranks", type: .int, collection: .map, isOptional: true),
                    Property(name: "route", type: .object, collection: .list, objectClassName: "Point"),
                ]),
            ObjectSchema(
                className: "Point",
                properties: [
                    Property(name: "type", type: .string),
                    Property(name: "coordinates", type: .double, collection: .list),
                ], isEmbedded: true),
            ObjectSchema(
                className: "Author",
                properties: [Property(name: "id", type: .int, isPrimary: true), Property(name: "name", type: .string)]),
        ]
        return configuration
    }

    @Test func aClassDescribedAsDataIsCreatedFilledAndRead() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory, "data.geode")
        let realm = try Realm(configuration: configuration)
        try realm.write {
            realm.dynamicCreate(
                "Place",
                value: [
                    "id": 1, "name": "Oslo", "tags": ["capital"], "meta": ["rank": 3],
                    "point": ["type": "Point", "coordinates": [10.75, 59.91]],
                ])
        }
        let reopened = try Realm(configuration: configuration)
        let oslo = try #require(reopened.dynamicObjects("Place").first)
        #expect(oslo["name"] as? String == "Oslo")
        #expect((oslo["meta"] as? [String: Any])?["rank"] as? Int == 3)
        let point = try #require(oslo["point"] as? DynamicObject)
        #expect(point["type"] as? String == "Point")
        #expect((point["coordinates"] as? List<Double>).map(Array.init) == [10.75, 59.91])
        #expect(reopened.schema["Place"]?.primaryKeyProperty?.name == "id")
        // A duplicate primary key is refused as for any class.
        #expect(throws: GeodeError.self) { try reopened.write { reopened.dynamicCreate("Place", value: ["id": 1]) } }
    }

    @Test func aDynamicObjectTakesEveryKindOfValueByNameAndRefusesTheWrongOnes() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory, "notes.geode")
        let realm = try Realm(configuration: configuration)
        let place = try realm.write { realm.dynamicCreate("Place", value: ["id": 1, "title": "first"]) }

        // Every way of saying "no value" clears an optional property.
        let nothing: [Any?] = [nil, NSNull(), String?.none as Any, String??.some(nil) as Any]
        for (index, empty) in nothing.enumerated() {
            try realm.write { place["title"] = "set" }
            try realm.write { place["title"] = empty }
            #expect(place["title"] == nil, "no value number \(index)")
        }

        try realm.write {
            place["title"] = String?.some("second") as Any
            place["tags"] = ["a", "b"]
            place["meta"] = ["rank": 3, "kind": "place"]
            place["point"] = ["type": "Point", "coordinates": [10.75, 59.91]]
            place["weight"] = 3
            place["author"] = ["id": 7, "name": "Ann"]
        }
        #expect(place["title"] as? String == "second", "an optional's value is stored, not the optional")
        #expect((place["tags"] as? List<String>).map(Array.init) == ["a", "b"])
        let meta = try #require(place["meta"] as? [String: Any])
        #expect(meta["rank"] as? Int == 3 && meta["kind"] as? String == "place")
        let coordinates = (place["point"] as? DynamicObject)?["coordinates"] as? List<Double>
        #expect(coordinates.map(Array.init) == [10.75, 59.91])
        #expect(place["weight"] as? Double == 3.0, "an int fills a double property, as in create")
        let author = place["author"] as? DynamicObject
        #expect(author?["name"] as? String == "Ann", "a dictionary makes the linked object")
        #expect(realm.dynamicObjects("Author").count == 1)
        try realm.write { place["meta"] = AnyRealmValue.double(2.5) }
        #expect(place["meta"] as? Double == 2.5, "a value a typed property holds is taken as its plain value")

        // A value the property cannot hold is refused, naming the property, and changes nothing.
        for wrong: Any in [42, ["a", 1] as [Any], ["type": 1] as [String: Any]] {
            let property = wrong is Int ? "title" : wrong is [Any] ? "tags" : "point"
            do {
                try realm.write { place[property] = wrong }
                Issue.record("\(property) took \(wrong)")
            } catch let error as GeodeError {
                #expect("\(error)".contains(property), "\(error)")
            }
        }
        // So is a name the class does not have, as the store's data may name anything.
        #expect {
            try realm.write { place["noSuchProperty"] = 1 }
        } throws: { error in
            guard case let GeodeError.schema(failure) = error else { return false }
            return failure.className == "Place" && failure.property == "noSuchProperty"
        }
        let reopened = try Realm(configuration: configuration)
        let stored = try #require(reopened.dynamicObjects("Place").first)
        #expect(stored["title"] as? String == "second")
        #expect((stored["tags"] as? List<String>).map(Array.init) == ["a", "b"])
        #expect((stored["point"] as? DynamicObject)?["type"] as? String == "Point")
    }

    @Test func aDynamicObjectsCollectionsAreLiveAndTypedByTheirElements() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: Self.configuration(directory, "collections.geode"))
        let place = try realm.write {
            realm.dynamicCreate(
                "Place",
                value: [
                    "id": 1, "tags": ["a"], "ranks": ["x": 1, "y": NSNull()],
                    "route": [
                        ["type": "Point", "coordinates": [1.0, 2.0]], ["type": "Point", "coordinates": [3.0, 4.0]],
                    ],
                ])
        }
        let ann = try realm.write { realm.dynamicCreate("Author", value: ["id": 7, "name": "Ann"]) }

        // Links come as List<DynamicObject>, values as List<String>, Map<String, Int?>…, as Realm's DynamicObject gives them.
        let visitors = try #require(place["visitors"] as? List<DynamicObject>)
        let tags = try #require(place["tags"] as? List<String>)
        let ranks = try #require(place["ranks"] as? Map<String, Int?>)
        #expect(ranks["x"] == .some(1) && ranks["y"] == .some(nil))
        try realm.write {
            visitors.append(ann)
            place.dynamicList("visitors").append(ann)
            tags.append("b")
            ranks["z"] = 3
        }
        // Live: the collections read before the write see it.
        #expect(visitors.count == 2 && place.dynamicList("visitors").count == 2)
        #expect(visitors.map { $0["name"] as? String } == ["Ann", "Ann"])
        #expect(Array(tags) == ["a", "b"])
        #expect(ranks.count == 3 && (place["ranks"] as? Map<String, Int?>)?["z"] == .some(3))

        // Embedded objects too, each bound to its place in the owner.
        let route = try #require(place["route"] as? List<DynamicObject>)
        #expect(route.count == 2 && route[1]["coordinates"].flatMap { $0 as? List<Double> }.map(Array.init) == [3, 4])
        try realm.write { route[0]["type"] = "Start" }
        #expect(place.dynamicList("route").map { $0["type"] as? String } == ["Start", "Point"])

        let reopened = try Realm(configuration: Self.configuration(directory, "collections.geode"))
        let stored = try #require(reopened.dynamicObjects("Place").first)
        #expect(stored.dynamicList("visitors").map { $0["id"] as? Int } == [7, 7])
        #expect(stored.dynamicList("route").first?["type"] as? String == "Start")
    }
}

/// Lists, sets and maps of objects (Realm's `SwiftArrayPropertyObject` and
/// `SwiftMutableSetPropertyObject`, with a map beside them).
final class DABag: Object {
    @Persisted var name = ""
    @Persisted var words: List<MQWord>
    @Persisted var counters: List<MQCounter>
    @Persisted var wordSet: MutableSet<MQWord>
    @Persisted var wordsByKey: Map<String, MQWord?>
}

/// realm-swift's `ObjectTests.swift` (testDynamicList, testDynamicMutableSet): a typed
/// object's collections of objects are read through the dynamic API too.
@Suite struct TypedObjectDynamicCollectionTests {
    @Test func aTypedObjectsCollectionsOfObjectsAreReadAsDynamicObjects() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [DABag.self, MQWord.self, MQCounter.self])
        let (first, second) = (MQWord(value: ["one"]), MQWord(value: ["two"]))
        let bag = DABag()
        bag.words.append(objectsIn: [first, second])
        bag.wordSet.insert(objectsIn: [first, second])
        bag.wordsByKey["k"] = second
        try realm.write { realm.add(bag) }

        let list = bag.dynamicList("words")
        #expect(list.count == 2)
        #expect(list[0].isSameObject(as: first))
        #expect(list[1].isSameObject(as: second))
        #expect(list[1]["text"] as? String == "two")
        #expect(bag.dynamicList("counters").isEmpty)

        let set = bag.dynamicMutableSet("wordSet")
        #expect(set.count == 2)
        #expect(set.contains { $0.isSameObject(as: first) } && set.contains { $0.isSameObject(as: second) })

        let map: Map<String, DynamicObject?> = bag.dynamicMap("wordsByKey")
        #expect(map["k"]??["text"] as? String == "two")

        // The dynamic list is the typed one: a change through it shows there.
        try realm.write { list.remove(at: 0) }
        #expect(bag.words.map(\.text) == ["two"])
    }
}
