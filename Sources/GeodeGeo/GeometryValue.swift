/// A GeoJSON geometry of any type, as plain coordinates (longitude, latitude
/// in degrees; altitudes are not part of any test). The engine reads one from
/// a stored geometry object, relates it to a query's shape
/// (``GeoTarget``), and covers it with cells for the spatial index.
///
/// ```swift
/// let line = GeometryValue.lineString([GeoCoordinate(longitude: 0, latitude: 0),
///                                      GeoCoordinate(longitude: 1, latitude: 1)])
/// line.typeName   // "LineString"
/// ```
package indirect enum GeometryValue: Sendable, Hashable {
    case point(GeoCoordinate)
    case multiPoint([GeoCoordinate])
    case lineString([GeoCoordinate])
    case multiLineString([[GeoCoordinate]])
    /// The outer ring first, then the holes; each ring closed.
    case polygon([[GeoCoordinate]])
    case multiPolygon([[[GeoCoordinate]]])
    case collection([GeometryValue])

    /// The GeoJSON `type` member.
    package var typeName: String {
        switch self {
        case .point: return "Point"
        case .multiPoint: return "MultiPoint"
        case .lineString: return "LineString"
        case .multiLineString: return "MultiLineString"
        case .polygon: return "Polygon"
        case .multiPolygon: return "MultiPolygon"
        case .collection: return "GeometryCollection"
        }
    }

    /// Every position, in order.
    package var positions: [GeoCoordinate] {
        switch self {
        case let .point(p): return [p]
        case let .multiPoint(points), let .lineString(points): return points
        case let .multiLineString(lines), let .polygon(lines): return Array(lines.joined())
        case let .multiPolygon(polygons): return Array(polygons.joined().joined())
        case let .collection(members): return members.flatMap(\.positions)
        }
    }

    /// The one point this geometry is, when it is a Point.
    package var onePoint: GeoCoordinate? {
        if case let .point(p) = self { return p }
        return nil
    }
}
