import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The spatial index against brute force: random points, random shapes of
/// every size (planar boxes, some across the antimeridian; circles, some over a
/// pole; planar triangles), each answered from the index and by evaluators
/// written here independently of Geode's own geometry code.
@Suite struct GeoDifferentialTests {
    static let pointCount = 20_000
    static let shapeCount = 300

    /// Great-circle angle between two points from the cross and dot products
    /// (not the haversine Geode uses).
    static func angle(_ lon1: Double, _ lat1: Double, _ lon2: Double, _ lat2: Double) -> Double {
        func unit(_ lon: Double, _ lat: Double) -> (Double, Double, Double) {
            let l = lon * .pi / 180, p = lat * .pi / 180
            return (cos(p) * cos(l), cos(p) * sin(l), sin(p))
        }
        let a = unit(lon1, lat1), b = unit(lon2, lat2)
        let cross = (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        let crossLength = (cross.0 * cross.0 + cross.1 * cross.1 + cross.2 * cross.2).squareRoot()
        return atan2(crossLength, a.0 * b.0 + a.1 * b.1 + a.2 * b.2)
    }

    /// Even-odd ray casting in lon/lat.
    static func inTriangle(_ x: Double, _ y: Double, _ t: [(Double, Double)]) -> Bool {
        var inside = false
        var j = t.count - 1
        for i in 0 ..< t.count {
            let (xi, yi) = t[i], (xj, yj) = t[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }

    @Test func indexedAnswersEqualBruteForce() throws {
        var random = SeededGenerator(seed: 20_261_122)
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("d.geode"),
                objectTypes: [GPlace.self, GeoJSONPoint.self]))
        var points: [(Int, Double, Double)] = []
        try realm.write {
            for id in 0 ..< Self.pointCount {
                let lon = Double.random(in: -180 ... 180, using: &random)
                let lat = asin(Double.random(in: -1 ... 1, using: &random)) * 180 / .pi
                points.append((id, lon, lat))
                realm.add(GPlace(value: ["id": id, "location": GeoJSONPoint(longitude: lon, latitude: lat)]))
            }
        }
        let places = realm.objects(GPlace.self)
        var nonEmpty = 0
        for n in 0 ..< Self.shapeCount {
            let expected: [Int]
            let found: [Int]
            let what: String
            switch n % 3 {
            case 0:
                let width = Double.random(in: 0.5 ... 90, using: &random),
                    height = Double.random(in: 0.5 ... 60, using: &random)
                let west = Double.random(in: -180 ... 180, using: &random)
                var east = west + width
                if east > 180 { east -= 360 }  // across the antimeridian
                let south = Double.random(in: -90 ... (90 - height), using: &random), north = south + height
                let box = try #require(GeoBox(bottomLeft: (south, west), topRight: (north, east))).with(edges: .planar)
                expected = points.filter { p in
                    p.2 >= south && p.2 <= north
                        && (west <= east ? p.1 >= west && p.1 <= east : p.1 >= west || p.1 <= east)
                }.map(\.0)
                found = places.where { $0.location.geoWithin(box) }.map(\.id)
                what = "box \(west) \(south) \(east) \(north)"
            case 1:
                let lon = Double.random(in: -180 ... 180, using: &random)
                let lat =
                    n % 7 == 1
                    ? Double.random(in: 80 ... 90, using: &random) : Double.random(in: -85 ... 85, using: &random)
                let radius = Double.random(in: 0.005 ... 0.6, using: &random)
                let circle = try #require(GeoCircle(center: (lat, lon), radiusInRadians: radius))
                expected = points.filter { Self.angle(lon, lat, $0.1, $0.2) <= radius }.map(\.0)
                found = places.where { $0.location.geoWithin(circle) }.map(\.id)
                what = "circle \(lon) \(lat) \(radius)"
            default:
                let cx = Double.random(in: -150 ... 150, using: &random),
                    cy = Double.random(in: -60 ... 60, using: &random)
                let size = Double.random(in: 1 ... 30, using: &random)
                var triangle: [(Double, Double)] = []
                for k in 0 ..< 3 {
                    let angle: Double = Double(k) * 2.1 + 0.3
                    let x: Double = cx + size * cos(angle)
                    let y: Double = cy + size * 0.8 * sin(angle)
                    triangle.append((x, y))
                }
                let ring = (triangle + [triangle[0]]).compactMap { GeoPoint(latitude: $0.1, longitude: $0.0) }
                let polygon = try GeoPolygon(validating: ring, edges: .planar)
                expected = points.filter { Self.inTriangle($0.1, $0.2, triangle) }.map(\.0)
                found = places.where { $0.location.geoWithin(polygon) }.map(\.id)
                what = "triangle around \(cx) \(cy) size \(size)"
            }
            if !expected.isEmpty { nonEmpty += 1 }
            #expect(found.sorted() == expected.sorted(), "\(what)")
        }
        #expect(nonEmpty > Self.shapeCount / 2, "most shapes must hold points for the comparison to mean something")
    }

    @Test func nearestAndDistanceSortAgreeWithBruteForce() throws {
        var random = SeededGenerator(seed: 77)
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("n.geode"),
                objectTypes: [GPlace.self, GeoJSONPoint.self]))
        var points: [(Int, Double, Double)] = []
        try realm.write {
            for id in 0 ..< 2_000 {
                let lon = Double.random(in: -180 ... 180, using: &random),
                    lat = Double.random(in: -80 ... 80, using: &random)
                points.append((id, lon, lat))
                realm.add(GPlace(value: ["id": id, "location": GeoJSONPoint(longitude: lon, latitude: lat)]))
            }
            realm.add(GPlace(value: ["id": 9_999]))  // no point: never near, sorted last
        }
        let places = realm.objects(GPlace.self)
        for _ in 0 ..< 20 {
            let center = try #require(
                GeoPoint(
                    latitude: Double.random(in: -80 ... 80, using: &random),
                    longitude: Double.random(in: -180 ... 180, using: &random)))
            let k = Int.random(in: 1 ... 25, using: &random)
            let expected = points.sorted {
                Self.angle(center.longitude, center.latitude, $0.1, $0.2)
                    < Self.angle(center.longitude, center.latitude, $1.1, $1.2)
            }
            .prefix(k).map(\.0)
            #expect(
                places.nearest(to: center, count: k, on: "location").map(\.id) == Array(expected), "\(center) k=\(k)")
            let sorted = places.sorted(byDistanceFrom: center, on: "location").map(\.id)
            #expect(Array(sorted.prefix(k)) == Array(expected))
            #expect(sorted.last == 9_999)
        }
        #expect(
            places.nearest(to: try #require(GeoPoint(latitude: 0, longitude: 0)), count: 5_000, on: "location").count
                == 2_000)
    }
}
