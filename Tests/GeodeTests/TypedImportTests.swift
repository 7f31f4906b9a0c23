import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The imports into a Swift class: each record goes through `create(value:)`'s
/// rules, so nested objects become linked and embedded objects and the Swift
/// property types are respected.
@Suite struct TypedImportTests {
    final class Address: EmbeddedObject {
        @Persisted var city = ""
        @Persisted var street = ""
    }

    final class Pet: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
    }

    final class Owner: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var level: Int8 = 0
        @Persisted var address: Address?
        @Persisted var dogs: List<Pet>
        @Persisted var best: Pet?
        @Persisted var tags: Map<String, String>
    }

    /// A point class whose properties come in the other order from GeoJSON's.
    final class Location: EmbeddedObject {
        @Persisted var coordinates: List<Double>
        @Persisted var type = "Point"
    }

    final class Site: Object {
        @Persisted(primaryKey: true) var code = ""
        @Persisted var name = ""
        @Persisted var population = 0
        @Persisted var location: Location?
        @Persisted var opened: Date?
        @Persisted var properties: AnyRealmValue
    }

    static let types: [ObjectBase.Type] = [Owner.self, Pet.self, Address.self, Site.self, Location.self]

    static func input(_ name: String) -> URL {
        Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/typed/\(name)")
    }

    @Test func nestedObjectsBecomeLinkedAndEmbeddedObjects() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let report = try realm.importJSON(Owner.self, from: Self.input("owners.ndjson"))
            #expect(report.written == 2)
            let ann = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
            #expect(ann.level == 3)
            #expect(ann.address?.city == "Oslo")
            #expect(ann.dogs.map(\.name) == ["Rex", "Fido"])
            #expect(ann.best?.name == "Max")
            #expect(realm.objects(Pet.self).count == 3)
            #expect(ann.tags["a"] == "one" && ann.tags["b"] == "two")
            // An array gives an embedded object's properties in declaration order.
            let bob = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 2))
            #expect(bob.address?.street == "Bryggen 2")
            #expect(bob.best == nil && bob.dogs.isEmpty)
        }
    }

    @Test func aValueBeyondANarrowIntegerStopsTheImportAtItsRecord() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect {
                try realm.importJSON(Owner.self, from: Self.input("owners-level-too-large.ndjson"))
            } throws: { error in
                let text = String(describing: error)
                return text.contains("Owner.level") && text.contains("owners-level-too-large.ndjson:2:1")
            }
            // One batch: the record before the bad one goes with it.
            #expect(realm.object(ofType: Owner.self, forPrimaryKey: 4) == nil)
            #expect(realm.objects(Owner.self).count == 0)
        }
    }

    @Test func anUpdatingImportChangesTheObjectsItNamesAndKeepsTheRest() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.importJSON(Owner.self, from: Self.input("owners.ndjson"))
            var options = ImportOptions()
            options.update = .modified
            try realm.importJSON(Owner.self, from: Self.input("owners-update.ndjson"), options: options)
            let ann = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
            #expect(ann.name == "Ann B.")
            #expect(ann.level == 3)
            #expect(ann.address?.city == "Oslo")
            // The nested object is updated with the policy of the import.
            #expect(realm.object(ofType: Pet.self, forPrimaryKey: 10)?.name == "Rex II")
            #expect(ann.dogs.map(\.id) == [10])
        }
    }

    @Test func featuresFillTheClassAndItsOwnPointClass() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            var options = ImportOptions()
            options.idProperty = "code"
            let report = try realm.importGeoJSON(Site.self, from: Self.input("sites.geojson"), options: options)
            #expect(report.written == 2)
            let oslo = try #require(realm.object(ofType: Site.self, forPrimaryKey: "oslo"))
            #expect(oslo.population == 709037)
            #expect(oslo.location?.type == "Point")
            #expect(Array(oslo.location?.coordinates ?? List()) == [10.75, 59.91])
            // Members the class does not have are kept in `properties`.
            let rest = try #require(oslo.properties.dictionaryValue)
            #expect(rest["country"] == .string("NO"))
            #expect(rest["founded"] == .int(1040))
            #expect(rest["name"] == nil)
            // Realm's points are (latitude, longitude).
            let box = try #require(GeoBox(bottomLeft: (59, 5), topRight: (60, 11)))
            let near = realm.objects(Site.self).filter("location geoWithin %@", box)
            #expect(near.map(\.code) == ["oslo"])
        }
    }
}

extension TypedImportTests {
    @Test func aNestedObjectWhosePrimaryKeyIsStoredStopsAnImportWithoutUpdate() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.importJSON(Owner.self, from: Self.input("owners.ndjson"))
            // Realm's `.error` policy reaches nested objects: Rex (10) exists.
            #expect {
                try realm.importJSON(Owner.self, from: Self.input("owners-update.ndjson"))
            } throws: { String(describing: $0).contains("duplicate primary key 10") }
            #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.name == "Ann")
        }
    }

    @Test func aBadMemberIsReportedAtItsPlaceInTheFeature() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            var options = ImportOptions()
            options.idProperty = "code"
            options.decodesISODates = true
            #expect {
                try realm.importGeoJSON(Site.self, from: Self.input("sites-bad-date.geojson"), options: options)
            } throws: { error in
                String(describing: error).contains("/features/0/properties/opened")
            }
            #expect(realm.objects(Site.self).isEmpty)
        }
    }
}
