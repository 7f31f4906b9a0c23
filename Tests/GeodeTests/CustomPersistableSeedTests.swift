import Foundation
import Geode
import GeodeTestSupport
import Testing

// The mappings of seed pages 000 and 001. A conformance is global, so each
// mapped type is declared once here and shared by the tests of this target.

// Not all strings are valid URLs, so this uses
// FailableCustomPersistable to handle the case when the data
// in the Realm isn't a valid URL.
extension URL: FailableCustomPersistable {
    public typealias PersistedType = String
    public init?(persistedValue: String) {
        self.init(string: persistedValue)
    }
    public var persistableValue: PersistedType {
        self.absoluteString
    }
}

// Define the mapping. This mapping isn't failable, as the
// data stored in the Realm can always be interpreted as a
// CGPoint.
extension CGPoint: CustomPersistable {
    public typealias PersistedType = Seed001.CGPointObject
    public init(persistedValue: Seed001.CGPointObject) {
        self.init(x: persistedValue.x, y: persistedValue.y)
    }
    public var persistableValue: PersistedType {
        Seed001.CGPointObject(value: [x, y])
    }
}

/// Linux has no CoreLocation: a struct of the same shape stands in for it.
public struct CLLocationCoordinate2D: Equatable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

// Extend a type as a CustomPersistable if if is impossible for
// conversion between the mapped type and the persisted type to fail.
extension CLLocationCoordinate2D: CustomPersistable {
    // Define the storage object that is persisted to the database.
    // The `PersistedType` must be a type that Realm supports.
    // In this example, the PersistedType is an embedded object.
    public typealias PersistedType = Seed000Projection.Location
    // Construct an instance of the mapped type from the persisted type.
    // When reading from the database, this converts the persisted type to the mapped type.
    public init(persistedValue: PersistedType) {
        self.init(latitude: persistedValue.latitude, longitude: persistedValue.longitude)
    }
    // Construct an instance of the persisted type from the mapped type.
    // When writing to the database, this converts the mapped type to a persistable type.
    public var persistableValue: PersistedType {
        Seed000Projection.Location(value: [self.latitude, self.longitude])
    }
}

/// The models of seed page 001 (CustomPersistable).
public enum Seed001 {
    class MyModel: Object {
        @Persisted var url: URL
        @Persisted var mapOfUrls: Map<String, URL>
    }

    // Define the storage object. A type used for custom mappings
    // does not have to be used exclusively for custom mappings,
    // and more than one type can map to a single embedded object
    // type. (The page writes `@Persisted var double: x`, which is not
    // Swift; the properties are `x` and `y` of type Double.)
    public class CGPointObject: EmbeddedObject {
        @Persisted var x: Double
        @Persisted var y: Double
    }

    class PointModel: Object {
        // Note that types which are mapped to embedded objects do
        // not have to be optional (but can be).
        @Persisted var point: CGPoint
        @Persisted var line: List<CGPoint>
    }
}

/// The type-projection models of seed page 000.
public enum Seed000Projection {
    class Club: Object {
        @Persisted var id: ObjectId
        @Persisted var name: String
        // Since we declared the URL as a FailableCustomPersistable,
        // it must be optional.
        @Persisted var url: URL?
        // Here, the `location` property maps to an embedded object.
        // We can declare the property as required.
        // If the underlying field contains nil, this becomes
        // a default-constructed instance of CLLocationCoordinate
        // with field values of `0`.
        @Persisted var location: CLLocationCoordinate2D
    }

    public class Location: EmbeddedObject {
        @Persisted var latitude: Double
        @Persisted var longitude: Double
    }

    /// The same class with its properties declared as their persisted types.
    class PlainClub: Object {
        @Persisted var id: ObjectId
        @Persisted var name: String
        @Persisted var url: String?
        @Persisted var location: Location?
    }
}

@Suite struct CustomPersistableSeedTests {
    private func realm(_ types: [ObjectBase.Type]) throws -> (Realm, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(fileURL: directory.url.appendingPathComponent("custom.geode"), objectTypes: types))
        return (realm, directory)
    }

    @Test func urlPropertiesAndMapsOfURLsRoundTrip() throws {
        let (realm, directory) = try realm([Seed001.MyModel.self])
        let model = Seed001.MyModel()
        model.url = try #require(URL(string: "https://www.mongodb.com/docs/realm/"))
        model.mapOfUrls["docs"] = URL(string: "https://example.com/docs")
        model.mapOfUrls["home"] = URL(string: "https://example.com/")
        try realm.write { realm.add(model) }

        let reopened = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("custom.geode"),
                objectTypes: [Seed001.MyModel.self]))
        let stored = try #require(reopened.objects(Seed001.MyModel.self).first)
        #expect(stored.url.absoluteString == "https://www.mongodb.com/docs/realm/")
        #expect(stored.mapOfUrls["docs"]?.host == "example.com")
        #expect(stored.mapOfUrls.keys.sorted() == ["docs", "home"])
        try reopened.write { stored.mapOfUrls["docs"] = URL(string: "https://example.org/") }
        #expect(stored.mapOfUrls["docs"]?.absoluteString == "https://example.org/")
    }

    @Test func theSchemaShowsThePersistedType() throws {
        let (realm, _) = try realm([Seed001.MyModel.self, Seed001.PointModel.self])
        let model = try #require(realm.schema["Seed001.MyModel"])
        #expect(model["url"]?.typeDescription == "string")
        #expect(model["mapOfUrls"]?.typeDescription == "Map<String, string>")
        let points = try #require(realm.schema["Seed001.PointModel"])
        #expect(points["point"]?.objectClassName == "Seed001.CGPointObject")
        #expect(points["point"]?.isOptional == true)
        #expect(points["line"]?.isCollection == true)
    }

    @Test func switchingBetweenMappedAndPersistedTypesNeedsNoMigration() throws {
        let mapped = Seed000Projection.Club().objectSchema.properties
        let plain = Seed000Projection.PlainClub().objectSchema.properties
        #expect(mapped.map(\.name) == plain.map(\.name))
        #expect(mapped.map(\.typeDescription) == plain.map(\.typeDescription))
        #expect(mapped.map(\.isOptional) == plain.map(\.isOptional))
    }

    @Test func pointsMappedToEmbeddedObjectsRoundTrip() throws {
        let (realm, _) = try realm([Seed001.PointModel.self])
        let model = Seed001.PointModel()
        model.point = CGPoint(x: 1, y: 2)
        model.line.append(objectsIn: [CGPoint(x: 0, y: 0), CGPoint(x: 3.5, y: -1)])
        try realm.write { realm.add(model) }
        #expect(model.point == CGPoint(x: 1, y: 2))
        #expect(Array(model.line) == [CGPoint(x: 0, y: 0), CGPoint(x: 3.5, y: -1)])
        try realm.write {
            model.point = CGPoint(x: 7, y: 8)
            model.line[1] = CGPoint(x: 9, y: 9)
        }
        #expect(model.point == CGPoint(x: 7, y: 8))
        #expect(model.line[1] == CGPoint(x: 9, y: 9))
    }

    @Test func queriesCompareEmbeddedMappingsMemberByMember() throws {
        let (realm, _) = try realm([Seed001.PointModel.self])
        try realm.write {
            for (x, y) in [(1.0, 2.0), (1.0, 3.0), (2.0, 2.0)] {
                let model = Seed001.PointModel()
                model.point = CGPoint(x: x, y: y)
                realm.add(model)
            }
        }
        let models = realm.objects(Seed001.PointModel.self)
        let typed = models.where { $0.point == CGPoint(x: 1, y: 2) }
        let text = models.filter("point.x == 1 AND point.y == 2")
        #expect(typed.map(\.point) == [CGPoint(x: 1, y: 2)])
        #expect(typed.map(\.point) == text.map(\.point))
        #expect(models.filter("point == %@", CGPoint(x: 1, y: 2)).count == 1)
        #expect(models.where { $0.point != CGPoint(x: 1, y: 2) }.count == 2)
        #expect(models.where { $0.point.persistableValue.x == 1 }.count == 2)
    }

    @Test func clubsTakeMappedOrPersistedValues() throws {
        let (realm, _) = try realm([Seed000Projection.Club.self])
        // Initialize objects and assign values
        let club = Seed000Projection.Club(value: ["name": "American Kennel Club", "url": "https://akc.org"])
        let club2 = Seed000Projection.Club()
        club2.name = "Continental Kennel Club"
        // When assigning the value to a type-projected property, type safety
        // checks for the mapped type - not the persisted type.
        club2.url = URL(string: "https://ckcusa.com/")!
        club2.location = CLLocationCoordinate2D(latitude: 40.7509, longitude: 73.9777)
        try realm.write { realm.add([club, club2]) }

        let clubs = realm.objects(Seed000Projection.Club.self).sorted(byKeyPath: "name")
        #expect(clubs.map { $0.url?.host } == ["akc.org", "ckcusa.com"])
        #expect(clubs[1].location == CLLocationCoordinate2D(latitude: 40.7509, longitude: 73.9777))
        // Never set: read as the mapped value of a default Location.
        #expect(clubs[0].location == CLLocationCoordinate2D(latitude: 0, longitude: 0))

        // Query arguments may be mapped or persisted values.
        let akc = try #require(URL(string: "https://akc.org"))
        #expect(
            realm.objects(Seed000Projection.Club.self).filter("url == %@", akc).first?.name == "American Kennel Club")
        #expect(realm.objects(Seed000Projection.Club.self).filter("url == %@", "https://akc.org").count == 1)
        #expect(realm.objects(Seed000Projection.Club.self).where { $0.url == akc }.count == 1)
        #expect(
            realm.objects(Seed000Projection.Club.self).where { $0.url.persistableValue.contains("ckc") }.first?.name
                == "Continental Kennel Club")
        #expect(
            realm.objects(Seed000Projection.Club.self).where {
                $0.location == CLLocationCoordinate2D(latitude: 0, longitude: 0)
            }
            .map(\.name) == ["American Kennel Club"])
    }

    @Test func createValueTakesPersistedValues() throws {
        let (realm, _) = try realm([Seed000Projection.Club.self])
        try realm.write {
            realm.create(
                Seed000Projection.Club.self,
                value: [
                    "name": "Kennel", "url": "https://kennel.example", "location": ["latitude": 1.5, "longitude": 2.5],
                ])
            realm.create(
                Seed000Projection.Club.self,
                value: [
                    "name": "Mapped", "url": try #require(URL(string: "https://mapped.example")),
                    "location": CLLocationCoordinate2D(latitude: 3, longitude: 4),
                ])
        }
        let clubs = realm.objects(Seed000Projection.Club.self).sorted(byKeyPath: "name")
        #expect(
            clubs.map(\.location) == [
                CLLocationCoordinate2D(latitude: 1.5, longitude: 2.5),
                CLLocationCoordinate2D(latitude: 3, longitude: 4),
            ])
        #expect(clubs.map { $0.url?.absoluteString } == ["https://kennel.example", "https://mapped.example"])
    }

    @Test func aStoredValueThatDoesNotConvertReadsAsNilWhenOptional() throws {
        let (realm, _) = try realm([Seed000Projection.Club.self])
        try realm.write {
            // Written through the dynamic API, which stores any string.
            realm.dynamicCreate("Seed000Projection.Club", value: ["name": "Broken", "url": "http://[::1"])
        }
        let club = try #require(realm.objects(Seed000Projection.Club.self).first)
        #expect(club.name == "Broken")
        #expect(club.url == nil)
        #expect(realm.objects(Seed000Projection.Club.self).filter("url == %@", "http://[::1").count == 1)
    }

    /// realm-swift's `testCreateFailable`: `create(value:)` stores a persisted
    /// value that does not convert, and an optional property reads it as nil.
    @Test func createStoresAPersistedValueThatDoesNotConvertAndItReadsAsNil() throws {
        let (realm, _) = try realm([Seed000Projection.Club.self])
        try realm.write {
            realm.create(Seed000Projection.Club.self, value: ["name": "Bad", "url": "http://[::1"])
        }
        let club = try #require(realm.objects(Seed000Projection.Club.self).first)
        #expect(club.name == "Bad")
        #expect(club.url == nil)
        #expect(realm.objects(Seed000Projection.Club.self).filter("url == %@", "http://[::1").count == 1)
    }
}
