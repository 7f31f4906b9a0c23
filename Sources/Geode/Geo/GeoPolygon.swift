import GeodeCore
import GeodeGeo

/// A polygon for `geoWithin` queries: an outer ring and optional holes, each
/// ring closed (its last point equal to its first).
///
/// Edges are great-circle arcs, as in Realm; a ring means the smaller of the
/// two regions it bounds, whatever its orientation, and may cross the
/// antimeridian or surround a pole. ``with(edges:)`` selects straight lines in
/// longitude/latitude instead (GeoJSON's and GEOS's planar polygons).
///
/// ```swift
/// let ring = [(0.0, 0.0), (0, 10), (10, 10), (10, 0), (0, 0)].compactMap { GeoPoint(latitude: $0.0, longitude: $0.1) }
/// let square = try GeoPolygon(validating: ring)      // throws, naming the rule a bad ring breaks
/// let inside = realm.objects(Place.self).filter("location geoWithin %@", square)
/// ```
public struct GeoPolygon: Hashable, Sendable, GeoShapeConvertible {
    /// The outer boundary, closed: its last point is its first.
    public let outerRing: [GeoPoint]
    /// The holes, each a closed ring inside the outer one.
    public let holes: [[GeoPoint]]
    /// How the edges run; `.geodesic` unless set.
    public private(set) var edges: GeoEdges = .geodesic

    /// A polygon; nil when a ring has fewer than 4 points or does not end
    /// where it starts, as Realm's initializer checks. The shape rules
    /// (crossing edges, holes outside the shell, nested holes) are checked
    /// where a query uses the polygon, as Realm checks them, or at once by
    /// ``init(validating:holes:edges:)``.
    public init?(outerRing: [GeoPoint], holes: [[GeoPoint]] = []) {
        self.outerRing = outerRing
        self.holes = holes
        for ring in [outerRing] + holes {
            guard ring.count >= 4, let first = ring.first, let last = ring.last,
                first.latitude == last.latitude, first.longitude == last.longitude
            else { return nil }
        }
    }

    /// A polygon taken as given; ``validate()`` says whether it follows the rules.
    init(unchecked outerRing: [GeoPoint], holes: [[GeoPoint]], edges: GeoEdges) {
        self.outerRing = outerRing
        self.holes = holes
        self.edges = edges
    }

    /// A polygon from `(latitude, longitude)` pairs; nil when a point is out of
    /// range or a ring breaks the initializer's rules.
    public init?(outerRing: [(Double, Double)], holes: [[(Double, Double)]] = []) {
        func points(_ ring: [(Double, Double)]) -> [GeoPoint]? {
            let made = ring.compactMap { GeoPoint(latitude: $0.0, longitude: $0.1) }
            return made.count == ring.count ? made : nil
        }
        guard let outer = points(outerRing) else { return nil }
        var inner: [[GeoPoint]] = []
        for hole in holes {
            guard let h = points(hole) else { return nil }
            inner.append(h)
        }
        self.init(outerRing: outer, holes: inner)
    }

    /// A polygon from `(latitude, longitude)` pairs, its holes given one after another.
    ///
    /// ```swift
    /// let square = GeoPolygon(outerRing: [(0, 0), (0, 4), (4, 4), (4, 0), (0, 0)],
    ///                         holes: [(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)])
    /// ```
    public init?(outerRing: [(Double, Double)], holes: [(Double, Double)]...) {
        self.init(outerRing: outerRing, holes: holes)
    }

    /// A polygon whose holes may be nil (no holes), as Realm spells it.
    public init?(outerRing: [GeoPoint], holes: [[GeoPoint]]?) {
        self.init(outerRing: outerRing, holes: holes ?? [])
    }

    /// A polygon, or a thrown ``GeodeError/invalidGeometry(_:)`` that says
    /// which rule it breaks: ring not closed, fewer than 3 distinct vertices,
    /// self-intersection, a hole outside the shell, nested holes.
    public init(validating outerRing: [GeoPoint], holes: [[GeoPoint]] = [], edges: GeoEdges = .geodesic) throws {
        self.outerRing = outerRing
        self.holes = holes
        self.edges = edges
        try validate()
    }

    /// The same polygon with `edges`.
    public func with(edges: GeoEdges) -> GeoPolygon {
        var copy = self
        copy.edges = edges
        return copy
    }

    /// Checks the rules a polygon must follow; throws ``GeodeError/invalidGeometry(_:)``
    /// naming the first rule broken.
    public func validate() throws {
        do {
            try PolygonRules.check(rings, edges: edges == .planar ? .planar : .geodesic)
        } catch {
            throw GeodeError.invalidGeometry(GeometryIssue(error))
        }
    }

    /// The outer ring, then the holes, as the engine's coordinates.
    private var rings: [[GeoCoordinate]] {
        ([outerRing] + holes).map { $0.map { GeoCoordinate(longitude: $0.longitude, latitude: $0.latitude) } }
    }

    var geoShape: GeoShape {
        GeoShape(.polygon(rings: rings), edges: edges == .planar ? .planar : .geodesic)
    }
}

/// Which rule a shape breaks.
///
/// ```swift
/// catch GeodeError.invalidGeometry(.ringNotClosed(let ring)) { print("ring \(ring) is open") }
/// ```
public enum GeometryIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// Ring `ring` (0 = outer, 1… = holes) does not end where it starts.
    case ringNotClosed(ring: Int)
    /// Ring `ring` has fewer than 3 distinct vertices.
    case tooFewVertices(ring: Int, found: Int)
    /// An edge crosses another (GEOS's detail names the point).
    case selfIntersection(detail: String)
    /// A hole is not inside the outer ring.
    case holeOutsideShell(detail: String)
    /// A hole lies inside another hole.
    case nestedHoles(detail: String)
    /// Another reason, in GEOS's words.
    case other(String)
    /// A GeoJSON geometry breaks a rule of RFC 7946 at `pointer` (a JSON
    /// pointer below the geometry object, such as `/coordinates/0/3`).
    case malformed(pointer: String, rule: String)

    init(_ fault: PolygonFault) {
        switch fault {
        case let .ringNotClosed(ring): self = .ringNotClosed(ring: ring)
        case let .tooFewVertices(ring, found): self = .tooFewVertices(ring: ring, found: found)
        case let .selfIntersection(detail): self = .selfIntersection(detail: detail)
        case let .holeOutsideShell(detail): self = .holeOutsideShell(detail: detail)
        case let .nestedHoles(detail): self = .nestedHoles(detail: detail)
        case let .other(reason): self = .other(reason)
        }
    }

    /// The same rule as GeodeGeo names it (its description is the one text for both).
    private var fault: PolygonFault {
        switch self {
        case let .malformed(pointer, rule): return .other(GeometryFault(pointer: pointer, message: rule).description)
        case let .ringNotClosed(ring): return .ringNotClosed(ring: ring)
        case let .tooFewVertices(ring, found): return .tooFewVertices(ring: ring, found: found)
        case let .selfIntersection(detail): return .selfIntersection(detail: detail)
        case let .holeOutsideShell(detail): return .holeOutsideShell(detail: detail)
        case let .nestedHoles(detail): return .nestedHoles(detail: detail)
        case let .other(reason): return .other(reason)
        }
    }

    public var description: String {
        if case let .malformed(pointer, rule) = self {
            return GeometryFault(pointer: pointer, message: rule).description
        }
        return fault.description
    }
}
