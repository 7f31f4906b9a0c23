// The Swift samples of "CustomPersistable" (seed page 001) and the type
// projection part of "Supported types" (seed page 000), with `import Geode` in
// place of `import RealmSwift`. Run: swift run SampleCustomPersistable
//
// A few spots differ from page 001, whose code is not valid Swift as written:
// `@Persisted var double: x` is written `@Persisted var x: Double`; and Swift
// requires the members that make a public type (URL, CGPoint) conform to a
// public protocol to be public, so they are (as page 000 writes them), and so
// is CGPointObject, which a public type alias names. Linux has no CoreLocation,
// so CLLocationCoordinate2D is a struct declared here.
import Foundation
import Geode

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

class MyModel: Object {
    @Persisted var url: URL
    @Persisted var mapOfUrls: Map<String, URL>
}

// Define the storage object. A type used for custom mappings
// does not have to be used exclusively for custom mappings,
// and more than one type can map to a single embedded object
// type.
public class CGPointObject: EmbeddedObject {
    @Persisted var x: Double
    @Persisted var y: Double
}

// Define the mapping. This mapping isn't failable, as the
// data stored in the Realm can always be interpreted as a
// CGPoint.
extension CGPoint: CustomPersistable {
    public typealias PersistedType = CGPointObject
    public init(persistedValue: CGPointObject) {
        self.init(x: persistedValue.x, y: persistedValue.y)
    }
    public var persistableValue: PersistedType {
        CGPointObject(value: [x, y])
    }
}

class PointModel: Object {
    // Note that types which are mapped to embedded objects do
    // not have to be optional (but can be).
    @Persisted var point: CGPoint
    @Persisted var line: List<CGPoint>
}

/// Linux has no CoreLocation: the same shape, declared here.
public struct CLLocationCoordinate2D {
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
    public typealias PersistedType = Location
    // Construct an instance of the mapped type from the persisted type.
    // When reading from the database, this converts the persisted type to the mapped type.
    public init(persistedValue: PersistedType) {
        self.init(latitude: persistedValue.latitude, longitude: persistedValue.longitude)
    }
    // Construct an instance of the persisted type from the mapped type.
    // When writing to the database, this converts the mapped type to a persistable type.
    public var persistableValue: PersistedType {
        Location(value: [self.latitude, self.longitude])
    }
}

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

let file = URL(fileURLWithPath: "custom-persistable.geode")
try? FileManager.default.removeItem(at: file)
let realm = try Realm(configuration: Realm.Configuration(fileURL: file))

// Page 001: URLs and points.
let model = MyModel()
model.url = URL(string: "https://www.mongodb.com/docs/realm/sdk/swift/")!
model.mapOfUrls["home"] = URL(string: "https://example.com/")!
let points = PointModel()
points.point = CGPoint(x: 1, y: 2)
points.line.append(objectsIn: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 5)])
let other = PointModel()
other.point = CGPoint(x: 4, y: 2)
try realm.write { realm.add([model, points, other]) }

let stored = realm.objects(MyModel.self)[0]
print("url host: \(stored.url.host ?? "?"), home: \(stored.mapOfUrls["home"]?.absoluteString ?? "?")")
print(
    "schema: url is \(realm.schema["MyModel"]?["url"]?.typeDescription ?? "?"), point is \(realm.schema["PointModel"]?["point"]?.typeDescription ?? "?")"
)
// Queries run on the persisted type; a type mapped to an embedded object compares member by member.
let matching = realm.objects(PointModel.self).where { $0.point == CGPoint(x: 1, y: 2) }
let same = realm.objects(PointModel.self).filter("point.x == 1 AND point.y == 2")
print(
    "points at (1, 2): \(matching.count), by members: \(same.count), line: \(matching[0].line.map { "(\($0.x), \($0.y))" }.joined(separator: " "))"
)

// Page 000: initialize objects and assign values.
let club = Club(value: ["name": "American Kennel Club", "url": "https://akc.org"])
let club2 = Club()
club2.name = "Continental Kennel Club"
// When assigning the value to a type-projected property, type safety
// checks for the mapped type - not the persisted type.
club2.url = URL(string: "https://ckcusa.com/")!
club2.location = CLLocationCoordinate2D(latitude: 40.7509, longitude: 73.9777)
try realm.write { realm.add([club, club2]) }

for club in realm.objects(Club.self).sorted(byKeyPath: "name") {
    print(
        "\(club.name): \(club.url?.absoluteString ?? "no url") at \(club.location.latitude), \(club.location.longitude)"
    )
}
let akc = realm.objects(Club.self).filter("url == %@", URL(string: "https://akc.org")!)
print("clubs found by URL: \(akc.map(\.name))")
