import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

/// `GeoFeature` as format 4 stores hold it: a point in `geometry`, any other
/// geometry as GeoJSON in `otherGeometry`.
final class Format4Feature: Object {
    override class func _realmObjectName() -> String? { "GeoFeature" }
    @Persisted(indexed: true) var id: AnyRealmValue
    @Persisted var geometry: GeoJSONPoint?
    @Persisted var otherGeometry: AnyRealmValue
    @Persisted var properties: AnyRealmValue
}

/// A store of format 4 opened for writing becomes format 5: its features keep
/// every geometry in `geometry`, spatially indexed, and nothing else changes.
@Suite struct FeatureFormatUpgradeTests {
    @Test func format4FeaturesGetTheirGeometriesIndexedInOneProperty() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("world.geode")
        do {
            let old = try Realm(
                configuration: Realm.Configuration(fileURL: url, objectTypes: [Format4Feature.self, GeoJSONPoint.self]))
            try old.write {
                let rome = Format4Feature()
                rome.id = .int(1)
                rome.geometry = GeoJSONPoint(longitude: 12.5, latitude: 41.9, altitude: 21)
                rome.properties = try AnyRealmValue(json: #"{"name": "Rome"}"#)
                let square = Format4Feature()
                square.id = .string("square")
                square.otherGeometry = try AnyRealmValue(
                    json: #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]}"#)
                square.properties = try AnyRealmValue(json: #"{"name": "Square", "tags": ["a", "b"]}"#)
                let none = Format4Feature()
                none.id = .int(3)
                old.add([rome, square, none])
            }
        }
        // Mark it format 4, as a store written before any geometry could be stored.
        do {
            let environment = try Environment.open(path: url.path, options: .init())
            defer { environment.release() }
            try environment.write { txn in
                let meta = try #require(try txn.existingDatabase("meta"))
                try txn.put(meta, key: Array("format".utf8), value: Array("GEODE\0".utf8) + [0, 0, 0, 4])
            }
        }
        unlink(Environment.lockPath(for: url.path))

        let realm = try Realm(
            configuration: Realm.Configuration(fileURL: url, objectTypes: [GeoFeature.self, GeoJSONGeometry.self]))
        let features = realm.objects(GeoFeature.self)
        #expect(features.count == 3)
        let rome = try #require(features.where { $0.id == .int(1) }.first)
        #expect(
            rome.geometry?.geometry == .point(try #require(GeoPoint(latitude: 41.9, longitude: 12.5, altitude: 21))))
        #expect(rome.properties.dictionaryValue?["name"] == .string("Rome"))
        let square = try #require(features.where { $0.id == .string("square") }.first)
        #expect(square.geometry?.type == "Polygon")
        #expect(square.properties.dictionaryValue?["tags"]?.listValue?.count == 2)
        #expect(try #require(features.where { $0.id == .int(3) }.first).geometry == nil)

        let holding = features.filter("geometry geoContains geoPoint([0.5, 0.5])")
        #expect(holding.map(\.id) == [.string("square")])
        #expect(holding.explain().contains("spatial index"))
        #expect(features.filter("geometry geoWithin geoBox([12, 41], [13, 42])").map(\.id) == [.int(1)])
        let report = try StoreCheck.run(path: url.path)
        #expect(report.isSound, "\(report.problems)")
    }
}
