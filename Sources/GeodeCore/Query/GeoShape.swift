/// A shape for `geoWithin`, as plain coordinates (longitude, latitude in
/// degrees). The engine does not evaluate shapes itself: the layer above turns
/// each into a ``GeoRegion`` (through GEOS and spherical math) before a query runs.
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
        case let .polygon(rings):
            let text = rings.map { "{" + $0.map { "[\($0.longitude), \($0.latitude)]" }.joined(separator: ", ") + "}" }
            return "geoPolygon(" + text.joined(separator: ", ") + suffix + ")"
        case let .multiPolygon(polygons):
            let points = polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
            return "geoMultiPolygon(\(polygons.count) polygons, \(points) points\(suffix))"
        }
    }
}

/// A longitude/latitude pair in degrees.
package struct GeoCoordinate: Sendable, Hashable {
    package var longitude: Double
    package var latitude: Double

    package init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// A longitude/latitude rectangle (west ≤ east: it never crosses the antimeridian).
package struct GeoRect: Sendable, Hashable {
    package var west: Double
    package var south: Double
    package var east: Double
    package var north: Double

    package init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    package static let world = GeoRect(west: -180, south: -90, east: 180, north: 90)
}

/// The rectangles whose union contains a region: none, one, or two (a region
/// that crosses the antimeridian is split there). Kept inline, so that a
/// query's region hands them to the spatial index without an allocation.
///
/// ```swift
/// var bounds = GeoBounds(GeoRect(west: 170, south: -10, east: 180, north: 10))
/// bounds.append(GeoRect(west: -180, south: -10, east: -170, north: 10))
/// print(bounds.count)   // 2
/// ```
package struct GeoBounds: RandomAccessCollection, Sendable {
    private var first = GeoRect.world
    private var second = GeoRect.world
    package private(set) var endIndex = 0

    /// No rectangle.
    package init() {}

    /// One rectangle.
    package init(_ rect: GeoRect) {
        append(rect)
    }

    /// Adds a rectangle; a region has at most two.
    package mutating func append(_ rect: GeoRect) {
        precondition(endIndex < 2, "Geode: a region's bounds are at most two rectangles")
        if endIndex == 0 { first = rect } else { second = rect }
        endIndex += 1
    }

    package var startIndex: Int { 0 }

    package subscript(position: Int) -> GeoRect {
        precondition(position >= 0 && position < endIndex, "Geode: bounds index \(position) out of range")
        return position == 0 ? first : second
    }
}

/// A shape ready to test points: built once per query, used for every candidate.
package protocol GeoRegion: AnyObject {
    /// Whether the point lies in the region (boundary included).
    func contains(longitude: Double, latitude: Double) -> Bool
    /// Rectangles whose union contains the region: what the spatial index scans.
    var bounds: GeoBounds { get }
    /// A test of whether every point of a rectangle lies outside the region
    /// (true only when certain), so the spatial index need not scan it; nil
    /// for shapes whose bounds are tight already.
    var exclusion: ((GeoRect) -> Bool)? { get }
    /// The most cells the spatial index may cover the region with; nil to
    /// let the index choose by the region's size.
    var coverCells: Int? { get }
}

extension GeoRegion {
    package var exclusion: ((GeoRect) -> Bool)? { nil }
    package var coverCells: Int? { nil }
}

/// Turns shapes into regions; supplied by the layer that owns the geometry code.
package typealias GeoRegionBuilder = (GeoShape) throws -> any GeoRegion
