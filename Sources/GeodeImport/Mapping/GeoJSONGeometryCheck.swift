import GeodeCore
import GeodeGeo
import GeodeJSON

/// The rules RFC 7946 sets for GeoJSON geometries, checked when a feature is
/// imported, each failure naming the JSON pointer of the value at fault and
/// the rule: positions of two or three finite numbers within longitude
/// [-180, 180] and latitude [-90, 90]; a LineString of two positions or more;
/// Polygon rings of four positions or more that end where they start; and, as
/// GEOS checks a polygon in longitude and latitude, rings that do not cross
/// themselves or each other and holes inside their shell.
///
/// ```swift
/// try GeoJSONGeometryCheck.check(geometry, type: "Polygon", at: "/features/3/geometry")
/// ```
enum GeoJSONGeometryCheck {
    /// GeometryCollections nest at most this deep, as values do.
    static let maximumNesting = Value.maximumNesting

    /// How far past ±180° or ±90° a coordinate may lie and still be taken as the
    /// limit (about 0.1 mm): published data has such rounding noise (Natural
    /// Earth's borders reach longitude 180.00000000000006).
    static let tolerance = 1e-9

    /// The longitude and latitude (and altitude, when given) of a position,
    /// brought onto the limit when past it by no more than ``tolerance``.
    static func position(_ node: JSONNode?, at pointer: String) throws -> [Double] {
        guard let node, let count = node.arrayCount, count == 2 || count == 3 else {
            throw ImportProblem(
                pointer: pointer, message: "a position is [longitude, latitude] or [longitude, latitude, altitude]")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for i in 0 ..< count {
            switch node[i]?.value ?? .null {
            case let .int(n): numbers.append(Double(n))
            case let .double(d) where d.isFinite: numbers.append(d)
            case let v:
                throw ImportProblem(
                    pointer: pointer + "/\(i)", message: "a coordinate must be a finite number, not \(v.typeName)")
            }
        }
        guard abs(numbers[0]) <= 180 + tolerance else {
            throw ImportProblem(pointer: pointer + "/0", message: "longitude \(numbers[0]) is outside [-180, 180]")
        }
        guard abs(numbers[1]) <= 90 + tolerance else {
            throw ImportProblem(pointer: pointer + "/1", message: "latitude \(numbers[1]) is outside [-90, 90]")
        }
        // A coordinate past a limit by rounding noise alone is the limit.
        numbers[0] = min(max(numbers[0], -180), 180)
        numbers[1] = min(max(numbers[1], -90), 90)
        return numbers
    }

    /// Throws unless the geometry of type `type` at `pointer` follows the rules.
    static func check(_ geometry: JSONNode, type: String, at pointer: String, depth: Int = 1) throws {
        if type == "GeometryCollection" {
            guard depth <= maximumNesting else {
                throw ImportProblem(
                    pointer: pointer, message: "GeometryCollections nest deeper than \(maximumNesting) levels")
            }
            let members = try array(
                geometry["geometries"], at: pointer + "/geometries", "a GeometryCollection needs a geometries array")
            for (i, member) in members.enumerated() {
                let at = pointer + "/geometries/\(i)"
                guard member.isObject, case let .string(memberType)? = member["type"]?.value,
                    FeatureInput.geometryTypes.contains(memberType)
                else {
                    throw ImportProblem(pointer: at, message: "expected a GeoJSON geometry with a known \"type\"")
                }
                try check(member, type: memberType, at: at, depth: depth + 1)
            }
            return
        }
        let at = pointer + "/coordinates"
        let coordinates = geometry["coordinates"]
        switch type {
        case "Point":
            _ = try position(coordinates, at: at)
        case "MultiPoint":
            for (i, p) in try array(coordinates, at: at, "a MultiPoint needs an array of positions").enumerated() {
                _ = try position(p, at: at + "/\(i)")
            }
        case "LineString":
            try lineString(coordinates, at: at)
        case "MultiLineString":
            for (i, line) in try array(coordinates, at: at, "a MultiLineString needs an array of LineStrings")
                .enumerated()
            {
                try lineString(line, at: at + "/\(i)")
            }
        case "Polygon":
            try polygon(coordinates, at: at)
        case "MultiPolygon":
            for (i, polygon) in try array(coordinates, at: at, "a MultiPolygon needs an array of Polygons").enumerated()
            {
                try self.polygon(polygon, at: at + "/\(i)")
            }
        default:
            throw ImportProblem(pointer: pointer + "/type", message: "\(type) is not a GeoJSON geometry type")
        }
    }

    private static func array(_ node: JSONNode?, at pointer: String, _ message: String) throws -> [JSONNode] {
        guard let node, let count = node.arrayCount else { throw ImportProblem(pointer: pointer, message: message) }
        return (0 ..< count).compactMap { node[$0] }
    }

    private static func lineString(_ node: JSONNode?, at pointer: String) throws {
        let positions = try array(node, at: pointer, "a LineString needs an array of positions")
        guard positions.count >= 2 else {
            throw ImportProblem(
                pointer: pointer, message: "a LineString needs 2 positions or more, not \(positions.count)")
        }
        for (i, p) in positions.enumerated() { _ = try position(p, at: pointer + "/\(i)") }
    }

    private static func polygon(_ node: JSONNode?, at pointer: String) throws {
        let rings = try array(node, at: pointer, "a Polygon needs an array of linear rings")
        guard !rings.isEmpty else {
            throw ImportProblem(pointer: pointer, message: "a Polygon needs at least its outer ring")
        }
        var parts: [[GeoCoordinate]] = []
        for (r, ring) in rings.enumerated() {
            let at = pointer + "/\(r)"
            let positions = try array(ring, at: at, "a linear ring is an array of positions")
            guard positions.count >= 4 else {
                throw ImportProblem(
                    pointer: at, message: "a linear ring needs 4 positions or more, not \(positions.count)")
            }
            parts.append(
                try positions.enumerated().map {
                    let p = try position($1, at: at + "/\($0)")
                    return GeoCoordinate(longitude: p[0], latitude: p[1])
                })
        }
        // Closure, crossing edges, holes outside their shell, nested holes: the
        // polygon rules every shape follows, on RFC 7946's plane of longitude and latitude.
        do {
            try PolygonRules.check(parts, edges: .planar)
        } catch .ringNotClosed(let r) {
            throw ImportProblem(
                pointer: pointer + "/\(r)",
                message: "a linear ring must end where it starts (its last position equal to its first)")
        } catch {
            throw ImportProblem(pointer: pointer, message: "the polygon is not valid: \(error)")
        }
    }
}
