import GeodeGeo
import GeodeCore
import GeodeJSON

/// Several polygons as one shape (beyond Realm): a point in any of them is
/// inside. Read one from GeoJSON to test points against country borders and
/// other shapes drawn on a longitude/latitude map.
///
/// ```swift
/// let switzerland = try GeoMultiPolygon(geoJSON: geometryText)      // planar edges, as GeoJSON means
/// let swiss = realm.objects(GeoFeature.self).where { $0.geometry.geoWithin(switzerland) }
/// ```
public struct GeoMultiPolygon: Hashable, Sendable, GeoShapeConvertible {
    /// Each polygon's rings (outer first, then holes) as given.
    let rings: [[[GeoCoordinate]]]
    /// How the edges run.
    public private(set) var edges: GeoEdges = .geodesic

    /// The number of polygons.
    public var count: Int { rings.count }

    /// A shape made of `polygons` (each valid on its own); edges as the first polygon's.
    public init(polygons: [GeoPolygon]) {
        rings = polygons.map { p in
            ([p.outerRing] + p.holes).map { $0.map { GeoCoordinate(longitude: $0.longitude, latitude: $0.latitude) } }
        }
        edges = polygons.first?.edges ?? .geodesic
    }

    /// A GeoJSON Polygon or MultiPolygon geometry (its JSON text), with planar
    /// edges as RFC 7946 defines them. Throws when the text is not such a
    /// geometry or a ring is malformed (open, fewer than 3 vertices, out of range).
    public init(geoJSON text: String) throws {
        let value = try JSONReader.parse(text, source: "geometry")
        guard case let .map(g) = value, case let .string(type)? = g["type"],
            case let .list(coordinates)? = g["coordinates"]
        else {
            throw GeodeError.invalidGeometry(.other("expected a GeoJSON Polygon or MultiPolygon"))
        }
        let polygonsJSON: [Value]
        switch type {
        case "Polygon": polygonsJSON = [.list(coordinates)]
        case "MultiPolygon": polygonsJSON = coordinates
        default: throw GeodeError.invalidGeometry(.other("expected a Polygon or MultiPolygon, found \(type)"))
        }
        // Planar coordinates are taken exactly as GEOS reads them (Natural Earth has 180.00000000000006).
        var parts: [[[GeoCoordinate]]] = []
        for (p, polygon) in polygonsJSON.enumerated() {
            guard case let .list(ringsJSON) = polygon, !ringsJSON.isEmpty else {
                throw GeodeError.invalidGeometry(.other("polygon \(p) has no rings"))
            }
            var rings: [[GeoCoordinate]] = []
            for (r, ring) in ringsJSON.enumerated() {
                guard case let .list(positions) = ring else {
                    throw GeodeError.invalidGeometry(.other("polygon \(p) ring \(r) is not an array"))
                }
                let coordinates = try positions.map { position -> GeoCoordinate in
                    guard case let .list(pair) = position, pair.count >= 2, let lon = Self.number(pair[0]),
                        let lat = Self.number(pair[1]),
                        lon.isFinite, lat.isFinite
                    else {
                        throw GeodeError.invalidGeometry(
                            .other("polygon \(p) ring \(r): a position must be [longitude, latitude]"))
                    }
                    return GeoCoordinate(longitude: lon, latitude: lat)
                }
                guard coordinates.first == coordinates.last else {
                    throw GeodeError.invalidGeometry(.ringNotClosed(ring: r))
                }
                let distinct = Set(coordinates.map { [$0.longitude, $0.latitude] }).count
                guard distinct >= 3 else { throw GeodeError.invalidGeometry(.tooFewVertices(ring: r, found: distinct)) }
                rings.append(coordinates)
            }
            parts.append(rings)
        }
        rings = parts
        edges = .planar
    }

    private static func number(_ v: Value) -> Double? {
        switch v {
        case let .int(i): return Double(i)
        case let .double(d): return d
        default: return nil
        }
    }

    /// The same shape with `edges`.
    public func with(edges: GeoEdges) -> GeoMultiPolygon {
        var copy = self
        copy.edges = edges
        return copy
    }

    var geoShape: GeoShape {
        GeoShape(.multiPolygon(polygons: rings), edges: edges == .planar ? .planar : .geodesic)
    }
}
