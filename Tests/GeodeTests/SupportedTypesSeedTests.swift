import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The Swift samples of seed page 000 (supported types), type projection aside
/// (that part belongs with CustomPersistable).
enum Seed000 {
    class MyModel: Object {
        @Persisted var name = ""
        @Persisted var children: List<MyModel>
    }

    static func operateOn<C: RealmCollection>(collection: C) -> String {
        // Collection could be either Results or List
        "operating on collection containing \(collection.count) objects"
    }

    class ViewController {
        // let collection: RealmCollection
        // ^
        // error: protocol 'RealmCollection' can only be used
        // as a generic constraint because it has Self or
        // associated type requirements
        //
        // init<C: RealmCollection>(collection: C) where C.ElementType == MyModel {
        // self.collection = collection
        // }
        let collection: AnyRealmCollection<MyModel>
        init<C: RealmCollection & _ObjcBridgeable>(collection: C) where C.ElementType == MyModel {
            self.collection = AnyRealmCollection(collection)
        }
    }

    class Dog: Object {
        @Persisted var name = ""
        @Persisted var currentCity = ""
        @Persisted var citiesVisited: MutableSet<String>
        // Map of city name -> favorite park in that city
        @Persisted var favoriteParksByCity: Map<String, String>
        @Persisted var companion: AnyRealmValue
    }

    class CustomGeoPoint: EmbeddedObject {
        @Persisted private var type: String = "Point"
        @Persisted private var coordinates: List<Double>
        public var latitude: Double { return coordinates[1] }
        public var longitude: Double { return coordinates[0] }
        convenience init(_ latitude: Double, _ longitude: Double) {
            self.init()
            // Longitude comes first in the coordinates array of a GeoJson document
            coordinates.append(objectsIn: [longitude, latitude])
        }
    }

    class Place: Object {
        @Persisted var name = ""
        @Persisted var location: CustomGeoPoint?
    }

    /// Every required and optional type of the cheat sheet.
    class CheatSheet: Object {
        @Persisted var boolName: Bool
        @Persisted var optBoolName: Bool?
        @Persisted var intName: Int
        @Persisted var optIntName: Int?
        @Persisted var int8Name: Int8
        @Persisted var int16Name: Int16
        @Persisted var int32Name: Int32
        @Persisted var int64Name: Int64
        @Persisted var floatName: Float
        @Persisted var optFloatName: Float?
        @Persisted var doubleName: Double
        @Persisted var optDoubleName: Double?
        @Persisted var stringName: String
        @Persisted var optStringName: String?
        @Persisted var dataName: Data
        @Persisted var optDataName: Data?
        @Persisted var dateName: Date
        @Persisted var optDateName: Date?
        @Persisted var decimalName: Decimal128
        @Persisted var optDecimalName: Decimal128?
        @Persisted var uuidName: UUID
        @Persisted var optUuidName: UUID?
        @Persisted var objectIdName: ObjectId
        @Persisted var optObjectIdName: ObjectId?
        @Persisted var listName: List<MyModel>
        @Persisted var mutableSetName: MutableSet<String>
        @Persisted var mapName: Map<String, String>
        @Persisted var anyRealmValueName: AnyRealmValue
        @Persisted var optObjectPropertyName: MyModel?
        @Persisted var optEmbeddedObjectPropertyName: CustomGeoPoint?
        @Persisted var enumName: Status
        @Persisted var optEnumName: Status?
        // Both default-value styles.
        @Persisted var listProperty = List<Int>()
        @Persisted var uuidDefault = UUID()
        @Persisted var objectIdDefault = ObjectId()
    }

    enum Status: Int, PersistableEnum {
        case open = 1, closed = 2
    }
}

@Suite struct SupportedTypesSeedTests {
    static let types: [ObjectBase.Type] = [
        Seed000.MyModel.self, Seed000.Dog.self, Seed000.Place.self, Seed000.CheatSheet.self,
    ]

    @Test func genericCodeWorksOnResultsAndLists() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let parent = Seed000.MyModel(value: ["name": "parent", "children": [["name": "a"], ["name": "b"]]])
        try realm.write { realm.add(parent) }
        #expect(
            Seed000.operateOn(collection: realm.objects(Seed000.MyModel.self))
                == "operating on collection containing 3 objects")
        #expect(Seed000.operateOn(collection: parent.children) == "operating on collection containing 2 objects")
        let controller = Seed000.ViewController(collection: parent.children)
        #expect(controller.collection.map(\.name) == ["a", "b"])
        #expect(controller.collection.realm === realm)
        try realm.write { parent.children.append(Seed000.MyModel(value: ["name": "c"])) }
        #expect(controller.collection.count == 3, "AnyRealmCollection stays live")
    }

    @Test func aCustomGeoPointIsStoredAsGeoJSON() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            realm.add(Seed000.Place(value: ["name": "Oslo", "location": Seed000.CustomGeoPoint(59.91, 10.75)]))
        }
        let place = try #require(realm.objects(Seed000.Place.self).first)
        #expect(place.location?.latitude == 59.91)
        #expect(place.location?.longitude == 10.75)
        #expect(place.location?["type"] as? String == "Point")
    }

    @Test func everyCheatSheetTypeHasItsDefaultAndRoundTrips() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = Seed000.CheatSheet()
        object.optIntName = 7
        object.int8Name = -8
        object.optStringName = "set"
        object.enumName = .closed
        object.mapName["k"] = "v"
        object.listProperty.append(objectsIn: [1, 2])
        let uuid = object.uuidDefault
        try realm.write { realm.add(object) }
        let stored = try #require(realm.objects(Seed000.CheatSheet.self).first)
        #expect(stored.boolName == false && stored.optBoolName == nil)
        #expect(stored.intName == 0 && stored.optIntName == 7 && stored.int8Name == -8)
        #expect(stored.stringName == "" && stored.optStringName == "set")
        #expect(stored.dataName == Data() && stored.optDataName == nil)
        // Declared without a default, a date reads the time the object was made, an id a new one.
        #expect(abs(stored.dateName.timeIntervalSinceNow) < 60)
        #expect(stored.decimalName == 0 && stored.optDecimalName == nil)
        #expect(stored.objectIdName != ObjectId() && stored.objectIdDefault == ObjectId())
        #expect(stored.uuidName != UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(stored.uuidDefault == uuid)
        #expect(stored.enumName == .closed && stored.optEnumName == nil)
        #expect(stored.mapName["k"] == "v")
        #expect(Array(stored.listProperty) == [1, 2])
        #expect(stored.anyRealmValueName == .none)
        #expect(stored.objectSchema.properties.count == 35)
        #expect(stored.objectSchema["optIntName"]?.isOptional == true)
        #expect(stored.objectSchema["listName"]?.typeDescription == "List<Seed000.MyModel>")
    }
}
