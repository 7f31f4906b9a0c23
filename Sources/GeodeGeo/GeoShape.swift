/// A shape for `geoWithin`, as plain coordinates (longitude, latitude in
/// degrees). The query binder turns each into a ``GeoRegion`` once per query
/// (``region()``: GEOS on the plane, S2 and spherical math on the sphere).
///
/// ```swift
/// let box = GeoShape(.box(west: 5.9, south: 45.8, east: 10.5, north: 47.8), edges: .planar)
/// ```
package struct GeoShape: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        case box(west: Double, south: Double, east: Double, north: Double)
        /// A spherical cap: every point at most `radians` of great-circle arc from the centre.
        case circle(longitude: Double, latitude: Double, radians: Double)
        /// The outer ring first, then the holes; each ring closed or not, as given.
        case polygon(rings: [[GeoCoordinate]])
        /// Several polygons (each: outer ring, then holes); a point in any of them is inside.
        case multiPolygon(polygons: [[[GeoCoordinate]]])
        /// One position (for `geoContains`: "which shapes hold this point").
        case point(GeoCoordinate)
        /// A line through two or more positions.
        case lineString([GeoCoordinate])
        /// Any other geometry (a MultiPoint, a MultiLineString, a
        /// GeometryCollection), such as another object's stored geometry.
        case geometry(GeometryValue)
    }

    /// How the edges of boxes and polygons run between their vertices.
    package enum Edges: String, Sendable, Hashable {
        /// Great-circle arcs (Realm's semantics).
        case geodesic
        /// Straight lines in longitude/latitude (GeoJSON, GEOS, PostGIS geometry).
        case planar
    }

    package var kind: Kind
    package var edges: Edges

    package init(_ kind: Kind, edges: Edges = .geodesic) {
        self.kind = kind
        self.edges = edges
    }

    package var description: String {
        let suffix = edges == .planar ? ", planar" : ""
        switch kind {
        case let .box(w, s, e, n): return "geoBox([\(w), \(s)], [\(e), \(n)]\(suffix))"
        case let .circle(lon, lat, r): return "geoCircle([\(lon), \(lat)], \(r))"
        case let .polygon(rings) where rings.reduce(0, { $0 + $1.count }) > 16:
            // A border read from data: its size, not its thousands of coordinates.
            return "geoPolygon(\(rings.count) rings, \(rings.reduce(0) { $0 + $1.count }) points\(suffix))"
        case let .polygon(rings):
            let text = rings.map { "{" + $0.map { "[\($0.longitude), \($0.latitude)]" }.joined(separator: ", ") + "}" }
            return "geoPolygon(" + text.joined(separator: ", ") + suffix + ")"
        case let .multiPolygon(polygons):
            let points = polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
            return "geoMultiPolygon(\(polygons.count) polygons, \(points) points\(suffix))"
        case let .point(p): return "geoPoint([\(p.longitude), \(p.latitude)]\(suffix))"
        case let .lineString(points):
            return "geoLineString(" + points.map { "[\($0.longitude), \($0.latitude)]" }.joined(separator: ", ")
                + suffix + ")"
        case let .geometry(value):
            return "a \(value.typeName) of \(value.positions.count) positions\(suffix)"
        }
    }

    /// The shape as a geometry: a box as its polygon; nil for a circle, which
    /// is tested by distance.
    package var geometryValue: GeometryValue? {
        switch kind {
        case let .box(first, firstLatitude, second, secondLatitude):
            func rectangle(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> [[GeoCoordinate]] {
                [[(w, s), (e, s), (e, n), (w, n), (w, s)].map { GeoCoordinate(longitude: $0.0, latitude: $0.1) }]
            }
            let (south, north) = (min(firstLatitude, secondLatitude), max(firstLatitude, secondLatitude))
            if edges == .geodesic {
                return .polygon(rectangle(min(first, second), south, max(first, second), north))
            }
            // A planar box whose west corner is east of its east corner crosses the antimeridian.
            if first <= second { return .polygon(rectangle(first, south, second, north)) }
            return .multiPolygon([rectangle(first, south, 180, north), rectangle(-180, south, second, north)])
        case .circle: return nil
        case let .polygon(rings): return .polygon(rings)
        case let .multiPolygon(polygons): return .multiPolygon(polygons)
        case let .point(p): return .point(p)
        case let .lineString(points): return .lineString(points)
        case let .geometry(value): return value
        }
    }
}
