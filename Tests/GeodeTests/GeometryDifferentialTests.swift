import Foundation
import Geode
import GeodeGeo
import GeodeTestSupport
import Testing

/// Stored geometries of every GeoJSON type against many random query shapes,
/// answered by Geode through the spatial index and compared with answers
/// computed here: on the plane by GEOS itself (geometries read from the same
/// GeoJSON text by GEOS's reader, not built by Geode), on the sphere by vector
/// geometry written in this file (no S2, no Geode code).
///
/// Set `GEODE_GEOMETRY_SEED` to replay another seed; every mismatch names the
/// seed, the query and the shapes that differ.
@Suite struct GeometryDifferentialTests {
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["GEODE_GEOMETRY_SEED"].flatMap { UInt64($0) } ?? 20_261_127
    }

    /// xorshift64*: a few lines, so the sequence (and so every case) is the same on every platform.
    struct Xorshift: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
    }

    struct LonLat: Hashable {
        var lon: Double
        var lat: Double

        /// Rounded to 1e-4 degrees, so that the query text and the GeoJSON carry exactly the numbers tested.
        init(_ lon: Double, _ lat: Double) {
            self.lon = (lon * 10_000).rounded() / 10_000
            self.lat = (lat * 10_000).rounded() / 10_000
        }

        var text: String { "[\(lon), \(lat)]" }
    }

    /// A stored geometry as the test draws it.
    indirect enum Figure {
        case point(LonLat)
        case multiPoint([LonLat])
        case lineString([LonLat])
        case multiLineString([[LonLat]])
        /// Closed rings: the shell, then the holes.
        case polygon([[LonLat]])
        case multiPolygon([[[LonLat]]])
        case collection([Figure])

        var geoJSON: String {
            func positions(_ points: [LonLat]) -> String { "[" + points.map(\.text).joined(separator: ", ") + "]" }
            func rings(_ rings: [[LonLat]]) -> String { "[" + rings.map(positions).joined(separator: ", ") + "]" }
            switch self {
            case let .point(p): return #"{"type": "Point", "coordinates": \#(p.text)}"#
            case let .multiPoint(points): return #"{"type": "MultiPoint", "coordinates": \#(positions(points))}"#
            case let .lineString(points): return #"{"type": "LineString", "coordinates": \#(positions(points))}"#
            case let .multiLineString(lines):
                return #"{"type": "MultiLineString", "coordinates": \#(rings(lines))}"#
            case let .polygon(r): return #"{"type": "Polygon", "coordinates": \#(rings(r))}"#
            case let .multiPolygon(polygons):
                let text = "[" + polygons.map(rings).joined(separator: ", ") + "]"
                return #"{"type": "MultiPolygon", "coordinates": \#(text)}"#
            case let .collection(members):
                let text = members.map(\.geoJSON).joined(separator: ", ")
                return #"{"type": "GeometryCollection", "geometries": [\#(text)]}"#
            }
        }

        /// Isolated points, lines, and polygons (rings) it is made of.
        var parts: (points: [LonLat], lines: [[LonLat]], polygons: [[[LonLat]]]) {
            switch self {
            case let .point(p): return ([p], [], [])
            case let .multiPoint(points): return (points, [], [])
            case let .lineString(line): return ([], [line], [])
            case let .multiLineString(lines): return ([], lines, [])
            case let .polygon(rings): return ([], [], [rings])
            case let .multiPolygon(polygons): return ([], [], polygons)
            case let .collection(members):
                var points: [LonLat] = [], lines: [[LonLat]] = [], polygons: [[[LonLat]]] = []
                for member in members {
                    let parts = member.parts
                    points += parts.points
                    lines += parts.lines
                    polygons += parts.polygons
                }
                return (points, lines, polygons)
            }
        }
    }

    /// A query shape.
    enum Probe {
        case box(west: Double, south: Double, east: Double, north: Double)
        /// A closed ring.
        case polygon([LonLat])
        case line([LonLat])
        case point(LonLat)
        case circle(LonLat, radians: Double)

        func text(planar: Bool) -> String {
            let edges = planar ? ", planar" : ""
            switch self {
            case let .box(w, s, e, n): return "geoBox([\(w), \(s)], [\(e), \(n)]\(edges))"
            case let .polygon(ring): return "geoPolygon({" + ring.map(\.text).joined(separator: ", ") + "}\(edges))"
            case let .line(points): return "geoLineString(" + points.map(\.text).joined(separator: ", ") + "\(edges))"
            case let .point(p): return "geoPoint(\(p.text)\(edges))"
            case let .circle(c, r): return "geoCircle(\(c.text), \(r))"
            }
        }

        /// The shape as a geometry; nil for a circle.
        var figure: Figure? {
            switch self {
            case let .box(w, s, e, n):
                return .polygon([[LonLat(w, s), LonLat(e, s), LonLat(e, n), LonLat(w, n), LonLat(w, s)]])
            case let .polygon(ring): return .polygon([ring])
            case let .line(points): return .lineString(points)
            case let .point(p): return .point(p)
            case .circle: return nil
            }
        }

        /// The relations the test asks of this shape: a stored shape lies within a
        /// line or a point only by coincidence, and nothing contains a circle.
        var relations: [String] {
            switch self {
            case .box, .polygon: return ["geoWithin", "geoIntersects", "geoContains"]
            case .line, .point: return ["geoIntersects", "geoContains"]
            case .circle: return ["geoWithin", "geoIntersects"]
            }
        }
    }

    // MARK: - Drawing

    /// A star-shaped ring of `count` vertices around the origin of a local (x, y)
    /// frame: one vertex per sector, so the ring never crosses itself; convex when
    /// every radius is the same. `inner` is the least radius as a share of `radius`.
    static func star(
        radius: Double, count: Int, inner: Double, using random: inout Xorshift
    ) -> [(Double, Double)] {
        let sector = 2 * Double.pi / Double(count)
        let start = Double.random(in: 0 ..< sector, using: &random)
        var ring: [(Double, Double)] = (0 ..< count).map { k in
            let angle = start + sector * (Double(k) + Double.random(in: -0.3 ... 0.3, using: &random))
            let r = radius * Double.random(in: inner ... 1, using: &random)
            return (r * cos(angle), r * sin(angle))
        }
        ring.append(ring[0])
        return ring
    }

    /// A figure of kind `kind % 8` (point, multipoint, line, multiline, polygon,
    /// polygon with a hole, multipolygon, collection) of size about `size`,
    /// drawn in a local frame that `place` maps to longitude and latitude.
    static func figure(
        kind: Int, size: Double, using random: inout Xorshift, place: ((Double, Double)) -> LonLat
    ) -> Figure {
        func jitter(_ scale: Double) -> (Double, Double) {
            (Double.random(in: -scale ... scale, using: &random), Double.random(in: -scale ... scale, using: &random))
        }
        func walk(_ count: Int, from start: (Double, Double)) -> [LonLat] {
            var at = start
            var points = [place(at)]
            for _ in 1 ..< count {
                let step = jitter(size)
                at = (at.0 + step.0, at.1 + step.1)
                points.append(place(at))
            }
            return points
        }
        func shifted(_ ring: [(Double, Double)], by offset: (Double, Double)) -> [LonLat] {
            ring.map { place(($0.0 + offset.0, $0.1 + offset.1)) }
        }
        func polygon(at offset: (Double, Double), convex: Bool) -> [[LonLat]] {
            let count = Int.random(in: 5 ... 9, using: &random)
            return [shifted(star(radius: size, count: count, inner: convex ? 1 : 0.3, using: &random), by: offset)]
        }
        switch kind % 8 {
        case 0: return .point(place((0, 0)))
        case 1: return .multiPoint((0 ..< Int.random(in: 2 ... 4, using: &random)).map { _ in place(jitter(size)) })
        case 2: return .lineString(walk(Int.random(in: 2 ... 4, using: &random), from: jitter(size / 2)))
        case 3:
            return .multiLineString([walk(2, from: (-size, 0)), walk(3, from: (size, size / 2))])
        case 4: return .polygon(polygon(at: (0, 0), convex: Bool.random(using: &random)))
        case 5:
            // Shell radii of at least 0.6 and sectors under 100 degrees keep every shell
            // edge 0.4 from the centre, so a hole of radius 0.2 lies inside the shell.
            let shell = star(radius: size, count: Int.random(in: 6 ... 9, using: &random), inner: 0.6, using: &random)
            let hole = star(radius: size * 0.2, count: 4, inner: 1, using: &random)
            return .polygon([shifted(shell, by: (0, 0)), shifted(Array(hole.reversed()), by: (0, 0))])
        case 6:
            // Centres 2.5 sizes apart: the two parts never touch.
            return .multiPolygon([
                polygon(at: (-1.25 * size, 0), convex: true), polygon(at: (1.25 * size, 0), convex: false),
            ])
        default:
            return .collection([
                .point(place((-1.5 * size, -1.5 * size))), .lineString(walk(2, from: (1.5 * size, -1.5 * size))),
                .polygon(polygon(at: (0, size), convex: false)),
            ])
        }
    }

    /// A point inside the polygon of a figure of kind `kind % 8` drawn by
    /// ``figure(kind:size:using:place:)`` (in its local frame, half way between
    /// hole and shell for a polygon with a hole); nil for kinds without a polygon.
    static func interior(kind: Int, size: Double) -> (Double, Double)? {
        switch kind % 8 {
        case 4: return (0, 0)
        case 5: return (0.3 * size, 0)
        case 6: return (-1.25 * size, 0)
        case 7: return (0, size)
        default: return nil
        }
    }

    // MARK: - Storing and asking

    /// Stores the figures (ids are their indexes) in a new realm in `directory`.
    static func store(_ figures: [Figure], in directory: TemporaryDirectory) throws -> Realm {
        let realm = try GeometryFixtureTests.realm(directory)
        try realm.write {
            for (id, figure) in figures.enumerated() {
                let geometry = try GeoGeometry(geoJSON: figure.geoJSON)
                realm.add(GShape(value: ["id": id, "shape": GeoJSONGeometry(geometry)]))
            }
        }
        return realm
    }

    /// Compares Geode's answer to `query` with `expected` (nil: the reference
    /// cannot tell, the figure is left out); returns the number of figures compared.
    static func compare(
        _ query: String, in realm: Realm, expected: [Bool?], figures: [Figure], label: String
    ) throws -> Int {
        let results = try realm.objects(GShape.self).query(query)
        let found = Set(results.map(\.id))
        #expect(results.explain().contains("spatial index"), "\(label) \(query): \(results.explain())")
        var compared = 0
        for (id, answer) in expected.enumerated() {
            guard let answer else { continue }
            compared += 1
            if answer != found.contains(id) {
                Issue.record(
                    """
                    \(label), seed \(seed): \(query)
                    figure \(id) \(figures[id].geoJSON)
                    expected \(answer ? "a match" : "no match"), Geode says \(answer ? "no match" : "a match")
                    """)
            }
        }
        return compared
    }

    // MARK: - The plane

    @Test func planarRelationsAgreeWithGEOS() throws {
        var random = Xorshift(seed: Self.seed)
        // Twenty figures of each kind, centred in longitude and latitude -10…10.
        var interiors: [LonLat] = []
        let figures = (0 ..< 160).map { n -> Figure in
            let size = exp(Double.random(in: log(0.3) ... log(2.5), using: &random))
            let centre = (Double.random(in: -10 ... 10, using: &random), Double.random(in: -10 ... 10, using: &random))
            if let inside = Self.interior(kind: n, size: size) {
                interiors.append(LonLat(centre.0 + inside.0, centre.1 + inside.1))
            }
            return Self.figure(kind: n, size: size, using: &random) { LonLat(centre.0 + $0.0, centre.1 + $0.1) }
        }
        let directory = try TemporaryDirectory()
        let realm = try Self.store(figures, in: directory)
        let context = GEOSContext()
        let stored = try figures.map { try context.geometry(geoJSON: $0.geoJSON) }

        var probes: [Probe] = []
        for n in 0 ..< 100 {
            // A third of the probes are small and inside a stored polygon, for geoContains to find;
            // the others from 1 to 15 degrees, to hold or meet several figures.
            let inside = (n / 4) % 3 == 0
            let size = exp(Double.random(in: inside ? log(0.05) ... log(1) : log(1) ... log(15), using: &random))
            let near = interiors[Int.random(in: 0 ..< interiors.count, using: &random)]
            let centre =
                inside
                ? LonLat(
                    near.lon + Double.random(in: -0.05 ... 0.05, using: &random),
                    near.lat + Double.random(in: -0.05 ... 0.05, using: &random))
                : LonLat(Double.random(in: -12 ... 12, using: &random), Double.random(in: -12 ... 12, using: &random))
            switch n % 4 {
            case 0:
                let w = LonLat(centre.lon - size * Double.random(in: 0.3 ... 1, using: &random), 0).lon
                let s = LonLat(0, centre.lat - size * Double.random(in: 0.3 ... 1, using: &random)).lat
                probes.append(.box(west: w, south: s, east: centre.lon, north: centre.lat))
            case 1:
                let convex = n % 8 == 1
                let ring = Self.star(
                    radius: size, count: Int.random(in: 4 ... 10, using: &random), inner: convex ? 1 : 0.3,
                    using: &random)
                probes.append(.polygon(ring.map { LonLat(centre.lon + $0.0, centre.lat + $0.1) }))
            case 2:
                var points = [centre]
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
                    let last = points[points.count - 1]
                    points.append(
                        LonLat(
                            last.lon + Double.random(in: -size ... size, using: &random),
                            last.lat + Double.random(in: -size ... size, using: &random)))
                }
                probes.append(.line(points))
            default:
                probes.append(.point(centre))
            }
        }

        // Probes that touch stored figures exactly, where the boundary rule decides (a stored
        // geometry within a shape may touch its boundary, as GEOS covers has it): a stored
        // vertex, a figure's bounding box, a polygon's own shell, a line or a polygon edge itself.
        for n in 0 ..< 28 {
            let parts = figures[Int.random(in: 0 ..< figures.count, using: &random)].parts
            let vertices = parts.points + parts.lines.joined() + parts.polygons.joined().joined()
            let vertex = vertices[Int.random(in: 0 ..< vertices.count, using: &random)]
            let (lons, lats) = (vertices.map(\.lon), vertices.map(\.lat))
            let edge =
                parts.lines.first.map { Array($0.prefix(2)) } ?? parts.polygons.first.map { Array($0[0].prefix(2)) }
            switch n % 4 {
            case 1 where lons.min() != lons.max() && lats.min() != lats.max():
                probes.append(
                    .box(
                        west: lons.min() ?? 0, south: lats.min() ?? 0, east: lons.max() ?? 0, north: lats.max() ?? 0))
            case 2 where !parts.polygons.isEmpty:
                probes.append(.polygon(parts.polygons[0][0]))
            case 3 where edge != nil:
                probes.append(.line(edge ?? []))
            default:
                probes.append(.point(vertex))
            }
        }

        var compared = 0
        var nonEmpty: [String: Int] = [:]
        for (n, probe) in probes.enumerated() {
            let figure = try #require(probe.figure)
            let target = try context.geometry(geoJSON: figure.geoJSON).prepared()
            for relation in probe.relations {
                // Geode's documented planar semantics: within and contains include the
                // boundary (GEOS covers / coveredBy), intersects is GEOS intersects.
                let expected = try stored.map { geometry -> Bool? in
                    switch relation {
                    case "geoWithin": return try target.covers(geometry)
                    case "geoIntersects": return try target.intersects(geometry)
                    default: return try target.isCovered(by: geometry)
                    }
                }
                if expected.contains(true) { nonEmpty[relation, default: 0] += 1 }
                compared += try Self.compare(
                    "shape \(relation) \(probe.text(planar: true))", in: realm, expected: expected, figures: figures,
                    label: "planar probe \(n)")
            }
        }
        print("GeometryDifferentialTests: plane, \(probes.count) shapes, \(compared) comparisons, \(nonEmpty)")
        // The comparisons mean something only when the answers are not all empty.
        for relation in ["geoWithin", "geoIntersects", "geoContains"] {
            #expect(nonEmpty[relation, default: 0] >= 10, "\(relation) matched too rarely: \(nonEmpty)")
        }
    }

    // MARK: - The sphere

    /// Spherical geometry on unit vectors, written for this test: great-circle
    /// edges, winding numbers, side-of-great-circle signs. Answers are nil when a
    /// point lies within `margin` radians (about 6 mm) of an edge it is tested
    /// against, or an edge passes that close to another's vertex: the true
    /// answer then hangs on rounding, and those pairs are left out.
    enum Sphere {
        /// A point of 3-space; a plain struct, not SIMD3, which is slow in a debug build.
        struct Vector {
            var x = 0.0, y = 0.0, z = 0.0

            static func + (a: Vector, b: Vector) -> Vector { Vector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
            static func - (a: Vector, b: Vector) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
            static func * (a: Vector, k: Double) -> Vector { Vector(x: a.x * k, y: a.y * k, z: a.z * k) }
            static func / (a: Vector, k: Double) -> Vector { Vector(x: a.x / k, y: a.y / k, z: a.z / k) }
        }
        static let margin = 1e-9

        static func vector(_ p: LonLat) -> Vector {
            let lon = p.lon * .pi / 180, lat = p.lat * .pi / 180
            return Vector(x: cos(lat) * cos(lon), y: cos(lat) * sin(lon), z: sin(lat))
        }

        static func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }

        static func cross(_ a: Vector, _ b: Vector) -> Vector {
            Vector(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
        }

        static func length(_ a: Vector) -> Double { dot(a, a).squareRoot() }

        static func angle(_ a: Vector, _ b: Vector) -> Double { atan2(length(cross(a, b)), dot(a, b)) }

        /// The sine of `p`'s angular distance from the great circle through `a` and `b`, signed by side.
        static func side(_ a: Vector, _ b: Vector, _ p: Vector) -> Double {
            let normal = cross(a, b)
            return dot(normal, p) / length(normal)
        }

        /// The least angle from `p` to the minor arc `ab`.
        static func distance(_ p: Vector, toArc a: Vector, _ b: Vector) -> Double {
            let normal = cross(a, b)
            let n = normal / length(normal)
            let foot = p - n * dot(p, n)
            if length(foot) > 1e-15 {
                let q = foot / length(foot)
                // The foot lies on the arc when it is between a and b going the arc's way.
                if dot(cross(a, q), n) >= 0, dot(cross(q, b), n) >= 0 { return angle(p, q) }
            }
            return min(angle(p, a), angle(p, b))
        }

        /// Whether the minor arcs `ab` and `cd` cross.
        static func crosses(_ a: Vector, _ b: Vector, _ c: Vector, _ d: Vector) -> Bool? {
            let sc = side(a, b, c), sd = side(a, b, d)
            if (sc > margin && sd > margin) || (sc < -margin && sd < -margin) { return false }
            let sa = side(c, d, a), sb = side(c, d, b)
            if (sa > margin && sb > margin) || (sa < -margin && sb < -margin) { return false }
            if [sc, sd, sa, sb].contains(where: { abs($0) <= margin }) { return nil }
            // Each arc meets the other's great circle once: at the same point, or at antipodes.
            let meeting = cross(cross(a, b), cross(c, d))
            return (dot(meeting, a + b) > 0) == (dot(meeting, c + d) > 0)
        }

        /// Whether `p` lies inside the ring (closed, smaller than a hemisphere): the
        /// angles the edges subtend at `p` sum to ±2π inside and to 0 outside.
        static func inside(_ p: Vector, ring: [Vector]) -> Bool? {
            let centre = ring.dropLast().reduce(Vector(), +)
            // Outside the hemisphere around the ring: the winding would count the antipode.
            if dot(p, centre) <= 0 { return false }
            var sum = 0.0
            for i in 0 ..< ring.count - 1 {
                let a = ring[i], b = ring[i + 1]
                if distance(p, toArc: a, b) <= margin { return nil }
                sum += atan2(dot(p, cross(a, b)), dot(a, b) - dot(p, a) * dot(p, b))
            }
            return abs(sum) > .pi
        }

        /// Inside the shell and outside every hole.
        static func inside(_ p: Vector, polygon: [[Vector]]) -> Bool? {
            all([inside(p, ring: polygon[0])] + polygon.dropFirst().map { hole in inside(p, ring: hole).map(!) })
        }

        static func edges(_ line: [Vector]) -> [(Vector, Vector)] {
            (0 ..< line.count - 1).map { (line[$0], line[$0 + 1]) }
        }

        /// Whether any edge of `first` crosses any edge of `second`.
        static func anyCrossing(_ first: [Vector], _ second: [Vector]) -> Bool? {
            any(edges(first).flatMap { e in edges(second).map { f in crosses(e.0, e.1, f.0, f.1) } })
        }

        /// True when any is true, false when all are false, else unknown.
        static func any(_ values: [Bool?]) -> Bool? {
            values.contains(true) ? true : values.contains(nil) ? nil : false
        }

        /// False when any is false, true when all are true, else unknown.
        static func all(_ values: [Bool?]) -> Bool? {
            values.contains(false) ? false : values.contains(nil) ? nil : true
        }

        /// Whether the cap of `radius` around `centre` holds the angle `value`.
        static func within(_ value: Double, _ radius: Double) -> Bool? {
            abs(value - radius) <= margin ? nil : value < radius
        }
    }

    /// A figure's parts as unit vectors, and a cap around it to skip far pairs.
    struct SphereParts {
        let points: [Sphere.Vector]
        let lines: [[Sphere.Vector]]
        let polygons: [[[Sphere.Vector]]]
        let centre: Sphere.Vector
        let radius: Double
        /// Every vertex: points, line vertices, rings (whose last repeats the first).
        let vertices: [Sphere.Vector]
        /// Lines and polygon shells: a polygon lies within a simple region when its shell does.
        let outlines: [[Sphere.Vector]]
        /// Lines and every ring, holes included: where a boundary can cross another.
        let boundaries: [[Sphere.Vector]]

        init(_ figure: Figure) {
            let parts = figure.parts
            points = parts.points.map(Sphere.vector)
            lines = parts.lines.map { $0.map(Sphere.vector) }
            polygons = parts.polygons.map { $0.map { $0.map(Sphere.vector) } }
            let all = points + lines.joined() + polygons.joined().joined()
            vertices = all
            outlines = lines + polygons.map { $0[0] }
            boundaries = lines + polygons.flatMap { $0 }
            let sum = all.reduce(Sphere.Vector(), +)
            let middle = sum / Sphere.length(sum)
            centre = middle
            // Edges are minor arcs between vertices in this cap, which is far smaller than a
            // hemisphere, so the whole figure lies in it.
            radius = all.map { Sphere.angle(middle, $0) }.max() ?? 0
        }

    }

    /// The reference answer on the sphere for a stored figure and a probe.
    static func sphereAnswer(_ relation: String, _ s: SphereParts, _ probe: Probe) -> Bool? {
        typealias S = Sphere
        switch probe {
        case let .circle(c, radius):
            let centre = S.vector(c)
            if relation == "geoWithin" { return S.all(s.vertices.map { S.within(S.angle(centre, $0), radius) }) }
            let near =
                s.points.map { S.within(S.angle(centre, $0), radius) }
                + s.boundaries.flatMap { line in
                    S.edges(line).map { S.within(S.distance(centre, toArc: $0.0, $0.1), radius) }
                }
            return S.any(near + s.polygons.map { S.inside(centre, polygon: $0) })
        case .box, .polygon:
            guard case let .polygon(rings)? = probe.figure else { return nil }
            let ring = rings[0].map(S.vector)
            // Caps around the figure and the probe that do not meet: no relation holds.
            let middle = ring.dropLast().reduce(S.Vector(), +)
            let reach = ring.map { S.angle(middle / S.length(middle), $0) }.max() ?? 0
            if S.angle(s.centre, middle / S.length(middle)) > s.radius + reach + 1e-6 { return false }
            switch relation {
            case "geoWithin":
                return S.all(
                    s.vertices.map { S.inside($0, ring: ring) } + s.outlines.map { S.anyCrossing($0, ring).map(!) })
            case "geoIntersects":
                return S.any(
                    s.vertices.map { S.inside($0, ring: ring) } + s.boundaries.map { S.anyCrossing($0, ring) }
                        + s.polygons.flatMap { polygon in ring.map { S.inside($0, polygon: polygon) } })
            default:
                // Inside one polygon (the parts of a multipolygon never touch), crossing none
                // of its rings, and no hole of it inside the probe.
                return S.any(
                    s.polygons.map { polygon in
                        S.all(
                            ring.map { S.inside($0, polygon: polygon) } + polygon.map { S.anyCrossing($0, ring).map(!) }
                                + polygon.dropFirst().map { hole in S.inside(hole[0], ring: ring).map(!) })
                    })
            }
        case let .line(points):
            let line = points.map(S.vector)
            if relation == "geoIntersects" {
                // A stored point lies exactly on a random great-circle arc only by coincidence.
                return S.any(
                    s.boundaries.map { S.anyCrossing($0, line) }
                        + s.polygons.flatMap { polygon in line.map { S.inside($0, polygon: polygon) } })
            }
            return S.any(
                s.polygons.map { polygon in
                    S.all(line.map { S.inside($0, polygon: polygon) } + polygon.map { S.anyCrossing($0, line).map(!) })
                })
        case let .point(p):
            // Points and lines hold a random point only by coincidence; polygons hold it
            // for both relations.
            let v = S.vector(p)
            return S.any(s.polygons.map { S.inside(v, polygon: $0) })
        }
    }

    @Test func geodesicRelationsAgreeWithSphericalGeometry() throws {
        var random = Xorshift(seed: Self.seed ^ 0x5EED)
        // Neighbourhoods at several latitudes, one astride the antimeridian.
        let neighbourhoods = [LonLat(10, 50), LonLat(-100, 20), LonLat(179, -15), LonLat(-60, -45)]
        let antimeridian = 2
        /// The point at (x, y) of the plane tangent to the sphere at `centre`
        /// (gnomonic: great circles are straight lines in it).
        func place(_ centre: LonLat, _ xy: (Double, Double)) -> LonLat {
            let c = Sphere.vector(centre)
            let axis = Sphere.cross(Sphere.Vector(x: 0, y: 0, z: 1), c)
            let east = axis / Sphere.length(axis)
            let north = Sphere.cross(c, east)
            let v = c + east * xy.0 + north * xy.1
            return LonLat(atan2(v.y, v.x) * 180 / .pi, asin(v.z / Sphere.length(v)) * 180 / .pi)
        }
        func offset(_ scale: Double) -> (Double, Double) {
            (Double.random(in: -scale ... scale, using: &random), Double.random(in: -scale ... scale, using: &random))
        }
        let context = GEOSContext()
        var figures: [Figure] = []
        var interiors: [[LonLat]] = neighbourhoods.map { _ in [] }
        for n in 0 ..< 160 {
            let home = neighbourhoods[n % neighbourhoods.count]
            // Stored geometries must also be valid polygons on the plane of longitude and
            // latitude (RFC 7946): a star astride the antimeridian is not, so it is drawn again.
            var figure: Figure
            var centre: LonLat
            var size: Double
            repeat {
                centre = place(home, offset(0.08))
                size = exp(Double.random(in: log(0.004) ... log(0.04), using: &random))
                figure = Self.figure(kind: n / neighbourhoods.count, size: size, using: &random) { place(centre, $0) }
            } while !(try context.geometry(geoJSON: figure.geoJSON).isValid)
            figures.append(figure)
            if let inside = Self.interior(kind: n / neighbourhoods.count, size: size) {
                interiors[n % neighbourhoods.count].append(place(centre, inside))
            }
        }
        // Polygons astride the antimeridian that are valid on the plane too: two vertices each side.
        for _ in 0 ..< 8 {
            let south = Double.random(in: -20 ... -14, using: &random)
            let north = south + Double.random(in: 1 ... 4, using: &random)
            let west = Double.random(in: 176 ... 179.8, using: &random)
            let east = Double.random(in: -179.8 ... -176, using: &random)
            let ring = [
                LonLat(west, south + Double.random(in: -0.5 ... 0.5, using: &random)), LonLat(east, south),
                LonLat(east, north), LonLat(west, north + Double.random(in: -0.5 ... 0.5, using: &random)),
            ]
            figures.append(.polygon([ring + [ring[0]]]))
        }
        let directory = try TemporaryDirectory()
        let realm = try Self.store(figures, in: directory)
        let parts = figures.map(SphereParts.init)

        var probes: [Probe] = []
        for n in 0 ..< 120 {
            let index = n % neighbourhoods.count
            // Half the probes are small and inside a stored polygon, for geoContains to find.
            let inside = (n / neighbourhoods.count / 5) % 2 == 0
            let nearby = interiors[index]
            let near = nearby[Int.random(in: 0 ..< nearby.count, using: &random)]
            let centre = inside ? place(near, offset(0.0005)) : place(neighbourhoods[index], offset(0.08))
            let size = exp(
                Double.random(in: inside ? log(0.0005) ... log(0.01) : log(0.01) ... log(0.5), using: &random))
            switch (n / neighbourhoods.count) % 5 {
            case 0 where index != antimeridian:
                // A geodesic box: great-circle edges between its corners' longitudes and latitudes.
                let corner = place(centre, (size, size))
                let (w, e) = (min(centre.lon, corner.lon), max(centre.lon, corner.lon))
                let (s, n) = (min(centre.lat, corner.lat), max(centre.lat, corner.lat))
                if w < e, s < n { probes.append(.box(west: w, south: s, east: e, north: n)) }
            case 0, 1:
                let ring = Self.star(
                    radius: size, count: Int.random(in: 4 ... 10, using: &random), inner: n % 2 == 0 ? 1 : 0.3,
                    using: &random)
                probes.append(.polygon(ring.map { place(centre, $0) }))
            case 2:
                var at = (0.0, 0.0)
                var points = [place(centre, at)]
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &random) {
                    let step = offset(size)
                    at = (at.0 + step.0, at.1 + step.1)
                    points.append(place(centre, at))
                }
                if Set(points).count == points.count { probes.append(.line(points)) }
            case 3:
                probes.append(.point(centre))
            default:
                probes.append(.circle(centre, radians: size))
            }
        }

        // The same coordinates read on the plane, to count the answers that only great-circle
        // edges get right: an implementation with straight edges would fail on each of them.
        let flat = try figures.map { try context.geometry(geoJSON: $0.geoJSON) }
        var compared = 0
        var skipped = 0
        var curved = 0
        var nonEmpty: [String: Int] = [:]
        for (n, probe) in probes.enumerated() {
            let target = try probe.figure.map { try context.geometry(geoJSON: $0.geoJSON).prepared() }
            for relation in probe.relations {
                let expected = parts.map { Self.sphereAnswer(relation, $0, probe) }
                skipped += expected.filter { $0 == nil }.count
                if expected.contains(true) { nonEmpty[relation, default: 0] += 1 }
                if let target {
                    for (answer, geometry) in zip(expected, flat) {
                        let planar =
                            switch relation {
                            case "geoWithin": try target.covers(geometry)
                            case "geoIntersects": try target.intersects(geometry)
                            default: try target.isCovered(by: geometry)
                            }
                        if let answer, answer != planar { curved += 1 }
                    }
                }
                compared += try Self.compare(
                    "shape \(relation) \(probe.text(planar: false))", in: realm, expected: expected, figures: figures,
                    label: "geodesic probe \(n)")
            }
        }
        print(
            "GeometryDifferentialTests: sphere, \(probes.count) shapes, \(compared) comparisons (\(curved) that "
                + "straight edges would answer otherwise), \(skipped) too close to call, \(nonEmpty)")
        #expect(curved >= 10, "too few answers depend on the edges being great circles")
        for relation in ["geoWithin", "geoIntersects", "geoContains"] {
            #expect(nonEmpty[relation, default: 0] >= 10, "\(relation) matched too rarely: \(nonEmpty)")
        }
    }
}
