import GeodeCore
import GeodeGeo
import GeodeJSON
import OrderedCollections

/// A GeoJSON geometry of any type as a Swift value (beyond Realm, which
/// stores points only): store it in a ``GeoJSONGeometry`` property, read it
/// from GeoJSON text, and pass it to `geoWithin`, `geoIntersects` and
/// `geoContains` as a query's shape.
///
/// Positions are ``GeoPoint``s (latitude, longitude, altitude, as Realm
/// orders them); GeoJSON text orders them longitude first.
///
/// ```swift
/// let road = try GeoGeometry(geoJSON: #"{"type":"LineString","coordinates":[[2.29,48.85],[2.35,48.86]]}"#)
/// let parks = realm.objects(Park.self).where { $0.area.geoIntersects(road) }
/// ```
public enum GeoGeometry: Hashable, Sendable {
    case point(GeoPoint)
    case multiPoint([GeoPoint])
    case lineString([GeoPoint])
    case multiLineString([[GeoPoint]])
    /// The outer ring first, then the holes; each ring closed (its last point equal to its first).
    case polygon([[GeoPoint]])
    case multiPolygon([[[GeoPoint]]])
    case geometryCollection([GeoGeometry])

    /// The GeoJSON `type` member ("Point", "LineString", "GeometryCollection"…).
    public var type: String {
        switch self {
        case .point: return "Point"
        case .multiPoint: return "MultiPoint"
        case .lineString: return "LineString"
        case .multiLineString: return "MultiLineString"
        case .polygon: return "Polygon"
        case .multiPolygon: return "MultiPolygon"
        case .geometryCollection: return "GeometryCollection"
        }
    }

    /// Reads a GeoJSON geometry object. Throws ``GeodeError/invalidGeometry(_:)``
    /// with ``GeometryIssue/malformed(pointer:rule:)`` naming the member at
    /// fault and RFC 7946's rule (and a ``GeodeError`` for text that is not JSON).
    public init(geoJSON text: String) throws {
        let value: Value
        do {
            value = try JSONReader.parse(text, source: "geometry")
        } catch {
            throw GeodeError.from(error)
        }
        guard case let .map(members) = value, case let .string(type)? = members["type"] else {
            throw GeodeError.invalidGeometry(
                .malformed(pointer: "", rule: "expected a GeoJSON geometry object with a \"type\""))
        }
        try self.init(type: type, coordinates: members["coordinates"] ?? .null, geometries: members["geometries"])
    }

    /// A geometry from its GeoJSON members as engine values, checked by the rules every stored geometry follows.
    init(type: String, coordinates: Value, geometries: Value?) throws {
        do {
            _ = try GeometryRules.geometry(type: type, coordinates: coordinates, geometries: geometries)
        } catch {
            throw GeodeError.invalidGeometry(.malformed(pointer: error.pointer, rule: error.message))
        }
        // Valid: every position is two or three numbers in range.
        func point(_ v: Value) -> GeoPoint {
            guard case let .list(n) = v else { return GeoPoint.origin }
            let numbers = n.map(Self.number)
            return GeoPoint(
                latitude: min(max(numbers[1], -90), 90), longitude: min(max(numbers[0], -180), 180),
                altitude: numbers.count > 2 ? numbers[2] : 0) ?? .origin
        }
        func points(_ v: Value) -> [GeoPoint] {
            if case let .list(items) = v { return items.map(point) } else { return [] }
        }
        func lines(_ v: Value) -> [[GeoPoint]] {
            if case let .list(items) = v { return items.map(points) } else { return [] }
        }
        switch type {
        case "Point": self = .point(point(coordinates))
        case "MultiPoint": self = .multiPoint(points(coordinates))
        case "LineString": self = .lineString(points(coordinates))
        case "MultiLineString": self = .multiLineString(lines(coordinates))
        case "Polygon": self = .polygon(lines(coordinates))
        case "MultiPolygon":
            guard case let .list(items) = coordinates else {
                throw GeodeError.invalidGeometry(.other("no coordinates"))
            }
            self = .multiPolygon(items.map(lines))
        default:
            guard case let .list(items)? = geometries else { throw GeodeError.invalidGeometry(.other("no geometries")) }
            self = .geometryCollection(
                try items.map { member in
                    guard case let .map(m) = member, case let .string(t)? = m["type"] else {
                        throw GeodeError.invalidGeometry(.other("a member without a type"))
                    }
                    return try GeoGeometry(type: t, coordinates: m["coordinates"] ?? .null, geometries: m["geometries"])
                })
        }
    }

    private static func number(_ v: Value) -> Double {
        switch v {
        case let .int(n): return Double(n)
        case let .double(d): return d
        case let .float(f): return Double(f)
        default: return 0
        }
    }

    /// The geometry as GeoJSON text (`{"type":"Point","coordinates":[2.35,48.85]}`).
    public var geoJSON: String {
        var members: OrderedDictionary<String, Value> = ["type": .string(type)]
        for (key, value) in engineMembers { members[key] = value }
        return (try? JSONTextEncoder.string(.map(members))) ?? "{}"
    }

    /// The `coordinates` member as nested engine lists (null for a collection).
    var coordinatesValue: Value {
        func point(_ p: GeoPoint) -> Value {
            .list([.double(p.longitude), .double(p.latitude)] + (p.altitude == 0 ? [] : [.double(p.altitude)]))
        }
        func points(_ ps: [GeoPoint]) -> Value { .list(ps.map(point)) }
        func lines(_ ls: [[GeoPoint]]) -> Value { .list(ls.map(points)) }
        switch self {
        case let .point(p): return point(p)
        case let .multiPoint(ps), let .lineString(ps): return points(ps)
        case let .multiLineString(ls), let .polygon(ls): return lines(ls)
        case let .multiPolygon(polygons): return .list(polygons.map(lines))
        case .geometryCollection: return .null
        }
    }

    /// The `geometries` member: each member's GeoJSON object (null unless a collection).
    var geometriesValue: Value {
        guard case let .geometryCollection(parts) = self else { return .null }
        return .list(
            parts.map { part in
                var members: OrderedDictionary<String, Value> = ["type": .string(part.type)]
                for (key, value) in part.engineMembers { members[key] = value }
                return .map(members)
            })
    }

    private var engineMembers: OrderedDictionary<String, Value> {
        if case .geometryCollection = self { return ["geometries": geometriesValue] }
        return ["coordinates": coordinatesValue]
    }

    /// The geometry as the engine relates it (longitude and latitude only).
    var geometryValue: GeometryValue {
        func c(_ p: GeoPoint) -> GeoCoordinate { GeoCoordinate(longitude: p.longitude, latitude: p.latitude) }
        switch self {
        case let .point(p): return .point(c(p))
        case let .multiPoint(ps): return .multiPoint(ps.map(c))
        case let .lineString(ps): return .lineString(ps.map(c))
        case let .multiLineString(ls): return .multiLineString(ls.map { $0.map(c) })
        case let .polygon(rings): return .polygon(rings.map { $0.map(c) })
        case let .multiPolygon(polygons): return .multiPolygon(polygons.map { $0.map { $0.map(c) } })
        case let .geometryCollection(parts): return .collection(parts.map(\.geometryValue))
        }
    }

    /// The geometry as a query's shape, with edges as `edges` says.
    func shape(edges: GeoEdges) -> GeoShape {
        let value = geometryValue
        let kind: GeoShape.Kind
        switch value {
        case let .point(p): kind = .point(p)
        case let .lineString(ps): kind = .lineString(ps)
        case let .polygon(rings): kind = .polygon(rings: rings)
        case let .multiPolygon(polygons): kind = .multiPolygon(polygons: polygons)
        default: kind = .geometry(value)
        }
        return GeoShape(kind, edges: edges == .planar ? .planar : .geodesic)
    }
}

extension GeoGeometry: GeoShapeConvertible {
    var geoShape: GeoShape { shape(edges: .geodesic) }

    /// The geometry as a query argument whose edges run as `edges` says (a
    /// geometry alone has great-circle edges, as Realm's shapes do).
    ///
    /// ```swift
    /// let inside = realm.objects(City.self).filter("location geoWithin %@", border.with(edges: .planar))
    /// ```
    public func with(edges: GeoEdges) -> GeoGeometryShape { GeoGeometryShape(geometry: self, edges: edges) }
}

/// A ``GeoGeometry`` with the edges a query should give it: what
/// ``GeoGeometry/with(edges:)`` makes, to pass as a query's shape argument.
public struct GeoGeometryShape: Hashable, Sendable, GeoShapeConvertible {
    /// The geometry.
    public var geometry: GeoGeometry
    /// How its edges run.
    public var edges: GeoEdges

    var geoShape: GeoShape { geometry.shape(edges: edges) }
}

extension GeoPoint {
    /// Latitude and longitude 0: only where a valid geometry's position cannot be read (never, once checked).
    static let origin = GeoPoint(latitude: 0, longitude: 0)!
}
