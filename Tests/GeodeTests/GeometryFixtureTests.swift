import Foundation
import Geode
import GeodeCore
import GeodeGeo
import GeodeJSON
import GeodeTestSupport
import OrderedCollections
import Testing

final class GShape: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var shape: GeoJSONGeometry?
}

/// The cases of `Data/Fixtures/geo/geometries.json` and `geometry-matrix.json`:
/// stored geometries of every GeoJSON type related to query shapes by
/// geoWithin, geoIntersects and geoContains, through the spatial index and by a scan.
@Suite struct GeometryFixtureTests {
    static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("g.geode"),
                objectTypes: [GShape.self, GeoJSONGeometry.self]))
    }

    /// The fixture files whose cases the runner answers, each with the fewest
    /// cases it may hold (so that a file emptied by mistake fails).
    static let caseFiles: KeyValuePairs<String, Int> = ["geometries.json": 25, "geometry-matrix.json": 125]

    /// The fixture's geometries, stored.
    static func stored(_ realm: Realm, from name: String = "geometries.json") throws
        -> OrderedDictionary<String, Value>
    {
        let fixture = try GeoFixtureTests.fixture(name)
        guard case let .list(geometries)? = fixture["geometries"] else {
            throw GeodeError.invalidValue("no geometries")
        }
        try realm.write {
            for case let .map(entry) in geometries {
                guard case let .int(id)? = entry["id"], let geometry = entry["geometry"] else { continue }
                let value = try GeoGeometry(geoJSON: try JSONTextEncoder.string(geometry))
                realm.add(GShape(value: ["id": Int(id), "shape": GeoJSONGeometry(value)]))
            }
        }
        return fixture
    }

    @Test(arguments: Self.caseFiles.map(\.key))
    func relationsSelectTheGeometriesTheFixtureSays(file: String) throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let fixture = try Self.stored(realm, from: file)
        let shapes = realm.objects(GShape.self)
        guard case let .list(cases)? = fixture["cases"] else { Issue.record("no cases in \(file)"); return }
        let least = Self.caseFiles.first { $0.key == file }?.value ?? 1
        #expect(cases.count >= least, "\(file) has \(cases.count) cases")
        for case let .map(c) in cases {
            guard case let .string(query)? = c["query"] else { continue }
            // The same predicate ORed with FALSEPREDICATE is answered by a scan.
            for (text, indexed) in [(query, true), ("(\(query)) OR FALSEPREDICATE", false)] {
                do {
                    let results = try shapes.query(text)
                    let ids = results.map(\.id).sorted()
                    guard case let .list(expected)? = c["ids"] else {
                        Issue.record("\(text) should fail but returned \(ids)")
                        continue
                    }
                    #expect(ids == expected.compactMap { GeoFixtureTests.number($0).map(Int.init) }, "\(text)")
                    if indexed, !query.hasPrefix("NOT") {
                        #expect(results.explain().contains("spatial index"), "\(text): \(results.explain())")
                    }
                } catch {
                    guard case let .string(expected)? = c["error"] else {
                        Issue.record("\(text) failed: \(error)")
                        continue
                    }
                    #expect(String(describing: error).contains(expected), "\(text) → \(error)")
                }
            }
        }
    }

    /// What the matrix tells stored geometries apart by: the GeoJSON type, and
    /// for a polygon whether it has a hole.
    static func kind(_ geometry: Value) -> String? {
        guard case let .map(members) = geometry, case let .string(type)? = members["type"] else { return nil }
        guard type == "Polygon" else { return type }
        if case let .list(rings)? = members["coordinates"], rings.count > 1 { return "Polygon with a hole" }
        return "Polygon"
    }

    /// Each fixture case on one relation selects some geometries and leaves the
    /// others out; together the files must do both for every cell of relation ×
    /// stored kind × edge model, so a cell cannot lose its last case unnoticed.
    @Test func theFixturesMatchAndMissEveryKindForEveryRelationAndEdgeModel() throws {
        var matched: [String: Int] = [:]
        var missed: [String: Int] = [:]
        for (file, _) in Self.caseFiles {
            let fixture = try GeoFixtureTests.fixture(file)
            guard case let .list(geometries)? = fixture["geometries"], case let .list(cases)? = fixture["cases"] else {
                Issue.record("\(file) has no geometries or no cases")
                continue
            }
            var kinds: [Int: String] = [:]
            for case let .map(entry) in geometries {
                guard case let .int(id)? = entry["id"], let geometry = entry["geometry"] else { continue }
                kinds[Int(id)] = Self.kind(geometry)
            }
            for case let .map(c) in cases {
                // Only cases that are one relation and nothing else say which cell they test.
                guard case let .string(query)? = c["query"], case let .list(listed)? = c["ids"] else { continue }
                let words = query.split(separator: " ", maxSplits: 2)
                guard words.count == 3, words[0] == "shape", GeoRelation(keyword: String(words[1])) != nil,
                    !query.contains(" AND "), !query.contains(" OR ")
                else { continue }
                let edges = query.contains("planar") ? "planar" : "geodesic"
                let ids = Set(listed.compactMap { GeoFixtureTests.number($0).map(Int.init) })
                for (id, kind) in kinds {
                    let cell = "\(words[1]) \(kind) \(edges)"
                    if ids.contains(id) { matched[cell, default: 0] += 1 } else { missed[cell, default: 0] += 1 }
                }
            }
        }
        let kinds = [
            "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "Polygon with a hole", "MultiPolygon",
            "GeometryCollection",
        ]
        for relation in GeoRelation.allCases {
            for kind in kinds {
                for edges in ["geodesic", "planar"] {
                    let cell = "\(relation.rawValue) \(kind) \(edges)"
                    #expect(matched[cell] != nil, "no case where \(cell) matches")
                    #expect(missed[cell] != nil, "no case where \(cell) does not match")
                }
            }
        }
    }

    @Test func typeSafeQueriesRelateGeometryValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        _ = try Self.stored(realm)
        let shapes = realm.objects(GShape.self)
        let inside = try #require(GeoPoint(latitude: 5, longitude: 22))
        #expect(shapes.where { $0.shape.geoContains(inside) }.map(\.id) == [4])
        let road = GeoGeometry.lineString([
            try #require(GeoPoint(latitude: -7, longitude: -12)), try #require(GeoPoint(latitude: -7, longitude: -3)),
        ])
        #expect(shapes.where { $0.shape.geoIntersects(road) }.map(\.id) == [6])
        let box = try #require(GeoBox(bottomLeft: (-1, -1), topRight: (5, 5)))
        #expect(shapes.where { $0.shape.geoWithin(box) }.map(\.id).sorted() == [1, 2])
        // A stored geometry is itself a query shape.
        let square = try #require(realm.object(ofType: GShape.self, forPrimaryKey: 3)?.shape?.geometry)
        #expect(shapes.where { $0.shape.geoWithin(square) && $0.id != 3 }.map(\.id).sorted() == [1, 2])
        #expect(shapes.filter("shape geoIntersects %@", square).map(\.id).sorted() == [1, 2, 3])
    }

    @Test func geometriesRoundTripThroughTheirObject() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        _ = try Self.stored(realm)
        let fixture = try GeoFixtureTests.fixture("geometries.json")
        guard case let .list(geometries)? = fixture["geometries"] else { Issue.record("no geometries"); return }
        for case let .map(entry) in geometries {
            guard case let .int(id)? = entry["id"], let geometry = entry["geometry"] else { continue }
            let stored = try #require(realm.object(ofType: GShape.self, forPrimaryKey: Int(id))?.shape?.geometry)
            let given = try GeoGeometry(geoJSON: try JSONTextEncoder.string(geometry))
            #expect(stored == given, "geometry \(id)")
            #expect(try GeoGeometry(geoJSON: stored.geoJSON) == given, "geometry \(id) as GeoJSON")
        }
    }

    @Test func anInvalidGeometryIsRefusedNamingTheMemberAndTheRule() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let cases: [(String, String)] = [
            (#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0.5]]]}"#, ".coordinates[0]"),
            (#"{"type": "LineString", "coordinates": [[0, 0]]}"#, ".coordinates"),
            (#"{"type": "Point", "coordinates": [0, 95]}"#, ".coordinates[1]"),
            (#"{"type": "Polygon", "coordinates": [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]]}"#, ".coordinates:"),
        ]
        for (text, path) in cases {
            // Written member by member, as code that builds the nested lists itself would.
            let members = try AnyRealmValue(json: text)
            let shape = GeoJSONGeometry()
            shape.type = members.dictionaryValue?["type"]?.stringValue ?? ""
            shape.coordinates = members.dictionaryValue?["coordinates"] ?? .none
            #expect(shape.geometry == nil, "\(text) is not a valid geometry")
            do {
                try realm.write { realm.add(GShape(value: ["id": 1, "shape": shape])) }
                Issue.record("\(text) was written")
            } catch let GeodeError.invalidValue(failure) {
                #expect(failure.kind == .invalidGeometry, "\(failure)")
                #expect(failure.message.contains("GShape.shape\(path)"), "\(failure.message)")
            }
            #expect(realm.objects(GShape.self).isEmpty)
        }
        #expect(throws: GeodeError.self) {
            _ = try GeoGeometry(geoJSON: #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]}"#)
        }
    }

    @Test func aSpatialJoinPairsEachRegionWithTheObjectsInside() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        _ = try Self.stored(realm)
        let polygons = realm.objects(GShape.self).filter("shape.type == 'Polygon' OR shape.type == 'MultiPolygon'")
        let others = realm.objects(GShape.self).filter("NOT (shape.type == 'Polygon' OR shape.type == 'MultiPolygon')")
        let joined = try others.spatialJoin(within: polygons, on: "shape", regionsOn: "shape")
        var inside: [Int: [Int]] = [:]
        for (region, objects) in joined { inside[region.id] = objects.map(\.id).sorted() }
        // The point and the line lie in the square; nothing else lies in any polygon.
        #expect(inside == [3: [1, 2], 4: [], 7: []])
    }

    /// A border drawn for straight edges can cross itself once its edges are
    /// great circles: the planar join answers, the geodesic one names the region.
    @Test func aSpatialJoinRefusesARegionThatCrossesItselfOnTheSphereNamingIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        // Its bottom edge runs along latitude 60 on the plane; the great circle between (0, 60) and
        // (40, 60) rises to 61.5° at longitude 20, above the notch's tip at (20, 61).
        let notched = #"{"type": "Polygon", "coordinates": [[[0, 60], [40, 60], [40, 70], [20, 61], [0, 70], [0, 60]]]}"#
        try realm.write {
            realm.add(GShape(value: ["id": 1, "shape": GeoJSONGeometry(try GeoGeometry(geoJSON: notched))]))
            let point = #"{"type": "Point", "coordinates": [10, 65]}"#
            realm.add(GShape(value: ["id": 2, "shape": GeoJSONGeometry(try GeoGeometry(geoJSON: point))]))
        }
        let regions = realm.objects(GShape.self).filter("id == 1")
        let points = realm.objects(GShape.self).filter("id == 2")
        let planar = try points.spatialJoin(within: regions, on: "shape", regionsOn: "shape", edges: .planar)
        #expect(planar.map { [$0.region.id] + $0.objects.map(\.id) } == [[1, 2]])
        do {
            _ = try points.spatialJoin(within: regions, on: "shape", regionsOn: "shape", edges: .geodesic)
            Issue.record("the notched border was joined on the sphere")
        } catch let GeodeError.query(message, _) {
            #expect(message.contains("region 0 of GShape (its shape)"), "\(message)")
            #expect(message.contains("intersects itself"), "\(message)")
        }
    }

    @Test func theStoreCheckFindsEveryShapeCellItExpects() throws {
        let directory = try TemporaryDirectory()
        let path: String
        do {
            let realm = try Self.realm(directory)
            _ = try Self.stored(realm)
            try realm.write { realm.delete(try #require(realm.object(ofType: GShape.self, forPrimaryKey: 4))) }
            path = try #require(realm.configuration.fileURL?.path)
        }
        let report = try StoreCheck.run(path: path)
        #expect(report.isSound, "\(report.problems)")
        #expect(report.objects["GShape"] == 9)
        // Two points, seven shapes of at least one cell each, and the set of levels in use.
        #expect(report.indexEntries >= 2 + 7 + 1)
    }

    @Test func editingAStoredGeometryMovesItInTheIndex() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        _ = try Self.stored(realm)
        let here = realm.objects(GShape.self).filter("shape geoContains geoPoint([150, 50])")
        #expect(here.isEmpty)
        let moved = try #require(realm.object(ofType: GShape.self, forPrimaryKey: 3))
        let ring = [(149.0, 49.0), (151, 49), (151, 51), (149, 51), (149, 49)].compactMap {
            GeoPoint(latitude: $0.1, longitude: $0.0)
        }
        try realm.write { moved.shape?.geometry = .polygon([ring]) }
        #expect(here.map(\.id) == [3])
        #expect(realm.objects(GShape.self).filter("shape geoContains geoPoint([5, 5])").isEmpty)
        try realm.write { realm.delete(moved) }
        #expect(here.isEmpty)
    }
}
