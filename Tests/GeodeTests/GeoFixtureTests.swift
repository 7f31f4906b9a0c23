import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import OrderedCollections
import Testing

final class GPlace: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var location: GeoJSONPoint?
}

/// The cases under `Data/Fixtures/geo/`: which stored points a shape holds,
/// and which rule an invalid polygon breaks.
@Suite struct GeoFixtureTests {
    static func fixture(_ name: String) throws -> OrderedDictionary<String, Value> {
        let url = Fixtures.dataDirectory.appendingPathComponent("Fixtures/geo/\(name)")
        guard case let .map(map) = try JSONReader.parse(try String(contentsOf: url, encoding: .utf8), source: name)
        else {
            throw GeodeError.invalidValue("\(name) is not an object")
        }
        return map
    }

    static func number(_ v: Value) -> Double? {
        switch v {
        case let .int(i): return Double(i)
        case let .double(d): return d
        default: return nil
        }
    }

    @Test func shapesHoldThePointsTheFixtureSays() throws {
        let fixture = try Self.fixture("shapes.json")
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("g.geode"),
                objectTypes: [GPlace.self, GeoJSONPoint.self]))
        try realm.write {
            if case let .list(points)? = fixture["points"] {
                for case let .list(p) in points where p.count == 3 {
                    guard case let .int(id) = p[0], let lon = Self.number(p[1]), let lat = Self.number(p[2]) else {
                        continue
                    }
                    realm.add(
                        GPlace(value: [
                            "id": Int(id), "name": "p\(id)", "location": GeoJSONPoint(longitude: lon, latitude: lat),
                        ]))
                }
            }
            if case let .list(objects)? = fixture["malformed"] {
                for object in objects { realm.create(GPlace.self, value: CreateFixtureTests.input(object)) }
            }
        }
        let places = realm.objects(GPlace.self)
        guard case let .list(cases)? = fixture["cases"] else { Issue.record("no cases"); return }
        #expect(cases.count >= 20)
        for case let .map(c) in cases {
            let query: String
            if case let .string(shape)? = c["shape"] {
                query = "location geoWithin \(shape)"
            } else if case let .string(q)? = c["query"] {
                query = q
            } else {
                continue
            }
            do {
                let results = try places.query(query)
                let ids = results.map(\.id).sorted()
                if case let .list(expected)? = c["ordered"] {
                    #expect(results.map(\.id) == expected.compactMap { Self.number($0).map(Int.init) }, "\(query)")
                } else if case let .list(expected)? = c["ids"] {
                    #expect(ids == expected.compactMap { Self.number($0).map(Int.init) }, "\(query)")
                } else {
                    Issue.record("\(query) should fail but returned \(ids)")
                }
                if case let .string(plan)? = c["plan"] {
                    #expect(results.explain().contains(plan), "\(query): \(results.explain())")
                }
            } catch {
                guard case let .string(expected)? = c["error"] else {
                    Issue.record("\(query) failed: \(error)"); continue
                }
                #expect(String(describing: error).contains(expected), "\(query) → \(error)")
            }
        }
    }

    @Test func invalidPolygonsNameTheRuleTheyBreak() throws {
        let fixture = try Self.fixture("polygon-validation.json")
        guard case let .list(cases)? = fixture["cases"] else { Issue.record("no cases"); return }
        func ring(_ v: Value?) -> [GeoPoint] {
            guard case let .list(points)? = v else { return [] }
            return points.compactMap { p in
                guard case let .list(pair) = p, pair.count == 2, let lat = Self.number(pair[0]),
                    let lon = Self.number(pair[1])
                else { return nil }
                return GeoPoint(latitude: lat, longitude: lon)
            }
        }
        for case let .map(c) in cases {
            var holes: [[GeoPoint]] = []
            if case let .list(given)? = c["holes"] { holes = given.map { ring($0) } }
            do {
                _ = try GeoPolygon(validating: ring(c["outer"]), holes: holes)
                if case let .string(expected)? = c["error"] { Issue.record("expected \"\(expected)\"") }
            } catch {
                guard case let .string(expected)? = c["error"] else { Issue.record("unexpected \(error)"); continue }
                #expect(String(describing: error).contains(expected), "\(error)")
            }
        }
    }

    @Test func theSpatialIndexFollowsUpdatesAndDeletes() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("g.geode"),
                objectTypes: [GPlace.self, GeoJSONPoint.self]))
        let box = try #require(GeoBox(bottomLeft: (0, 0), topRight: (1, 1))).with(edges: .planar)
        let inBox = realm.objects(GPlace.self).filter("location geoWithin %@", box)
        try realm.write {
            realm.add(GPlace(value: ["id": 1, "location": GeoJSONPoint(longitude: 0.5, latitude: 0.5)]))
            realm.add(GPlace(value: ["id": 2, "location": GeoJSONPoint(longitude: 5, latitude: 5)]))
        }
        #expect(inBox.map(\.id) == [1])
        #expect(inBox.explain().contains("spatial index"))
        try realm.write {
            let moved = try #require(realm.object(ofType: GPlace.self, forPrimaryKey: 2))
            moved.location = GeoJSONPoint(longitude: 0.25, latitude: 0.75)
        }
        #expect(inBox.map(\.id) == [1, 2])
        try realm.write {
            realm.delete(try #require(realm.object(ofType: GPlace.self, forPrimaryKey: 1)))
        }
        #expect(inBox.map(\.id) == [2])
        try realm.write { realm.deleteAll() }
        #expect(inBox.isEmpty)
    }
}
