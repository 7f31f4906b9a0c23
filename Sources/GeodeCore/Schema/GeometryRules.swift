import GeodeGeo

/// The rules a GeoJSON geometry follows (RFC 7946), whether it is imported or
/// written to a geometry object: positions of two or three finite numbers
/// within longitude [-180, 180] and latitude [-90, 90]; a LineString of two
/// positions or more; Polygon rings of four positions or more that end where
/// they start; rings that do not cross themselves or each other and holes
/// inside their shell (``PolygonRules``, on the plane of longitude and
/// latitude); GeometryCollections nested at most ``Value/maximumNesting`` deep.
///
/// ```swift
/// let shape = try GeometryRules.geometry(type: "LineString", coordinates: .list([a, b]))
/// ```
package enum GeometryRules {
    /// The GeoJSON geometry types.
    package static let types: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    /// How far past ±180° or ±90° a coordinate may lie and still be taken as the
    /// limit (about 0.1 mm): published data has such rounding noise (Natural
    /// Earth's borders reach longitude 180.00000000000006).
    package static let tolerance = 1e-9

    /// The geometry of type `type`, its positions brought onto the limits when
    /// past them by rounding noise; throws the first rule broken.
    /// `geometries` is a GeometryCollection's members (GeoJSON objects as maps).
    /// Without `checkingPolygons`, polygons are read but not tested for
    /// crossing edges and misplaced holes (a stored geometry passed that test
    /// when it was written, and GEOS's test is the costly one).
    package static func geometry(
        type: String, coordinates: Value?, geometries: Value? = nil, depth: Int = 1, checkingPolygons: Bool = true
    ) throws(GeometryFault) -> GeometryValue {
        let at = "/coordinates"
        switch type {
        case "Point":
            return .point(try position(coordinates, at: at))
        case "MultiPoint":
            return .multiPoint(
                try array(coordinates, at: at, "a MultiPoint needs an array of positions").enumerated().map {
                    (i, p) throws(GeometryFault) in try position(p, at: at + "/\(i)")
                })
        case "LineString":
            return .lineString(try lineString(coordinates, at: at))
        case "MultiLineString":
            return .multiLineString(
                try array(coordinates, at: at, "a MultiLineString needs an array of LineStrings").enumerated().map {
                    (i, line) throws(GeometryFault) in try lineString(line, at: at + "/\(i)")
                })
        case "Polygon":
            return .polygon(try polygon(coordinates, at: at, checking: checkingPolygons))
        case "MultiPolygon":
            return .multiPolygon(
                try array(coordinates, at: at, "a MultiPolygon needs an array of Polygons").enumerated().map {
                    (i, p) throws(GeometryFault) in try polygon(p, at: at + "/\(i)", checking: checkingPolygons)
                })
        case "GeometryCollection":
            guard depth <= Value.maximumNesting else {
                throw GeometryFault(
                    pointer: "", message: "GeometryCollections nest deeper than \(Value.maximumNesting) levels")
            }
            let members = try array(
                geometries, at: "/geometries", "a GeometryCollection needs a geometries array")
            return .collection(
                try members.enumerated().map { (i, member) throws(GeometryFault) in
                    let memberAt = "/geometries/\(i)"
                    guard case let .map(fields) = member, case let .string(memberType)? = fields["type"],
                        types.contains(memberType)
                    else {
                        throw GeometryFault(
                            pointer: memberAt, message: "expected a GeoJSON geometry with a known \"type\"")
                    }
                    do throws(GeometryFault) {
                        return try geometry(
                            type: memberType, coordinates: fields["coordinates"], geometries: fields["geometries"],
                            depth: depth + 1, checkingPolygons: checkingPolygons)
                    } catch {
                        throw GeometryFault(pointer: memberAt + error.pointer, message: error.message)
                    }
                })
        default:
            throw GeometryFault(pointer: "/type", message: "\(type) is not a GeoJSON geometry type")
        }
    }

    /// A position: [longitude, latitude] or [longitude, latitude, altitude].
    static func position(_ value: Value?, at pointer: String) throws(GeometryFault) -> GeoCoordinate {
        let numbers = try positionNumbers(value, at: pointer)
        return GeoCoordinate(longitude: numbers[0], latitude: numbers[1])
    }

    /// A position's two or three numbers, longitude and latitude brought onto
    /// their limits when past them by no more than ``tolerance``.
    package static func positionNumbers(_ value: Value?, at pointer: String) throws(GeometryFault) -> [Double] {
        guard case let .list(items)? = value, items.count == 2 || items.count == 3 else {
            throw GeometryFault(
                pointer: pointer, message: "a position is [longitude, latitude] or [longitude, latitude, altitude]")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            switch item {
            case let .int(n): numbers.append(Double(n))
            case let .double(d) where d.isFinite: numbers.append(d)
            case let .float(f) where f.isFinite: numbers.append(Double(f))
            default:
                throw GeometryFault(
                    pointer: pointer + "/\(i)", message: "a coordinate must be a finite number, not \(item.typeName)")
            }
        }
        guard abs(numbers[0]) <= 180 + tolerance else {
            throw GeometryFault(pointer: pointer + "/0", message: "longitude \(numbers[0]) is outside [-180, 180]")
        }
        guard abs(numbers[1]) <= 90 + tolerance else {
            throw GeometryFault(pointer: pointer + "/1", message: "latitude \(numbers[1]) is outside [-90, 90]")
        }
        // A coordinate past a limit by rounding noise alone is the limit.
        numbers[0] = min(max(numbers[0], -180), 180)
        numbers[1] = min(max(numbers[1], -90), 90)
        return numbers
    }

    private static func array(_ value: Value?, at pointer: String, _ message: String) throws(GeometryFault) -> [Value] {
        guard case let .list(items)? = value else { throw GeometryFault(pointer: pointer, message: message) }
        return items
    }

    private static func lineString(_ value: Value?, at pointer: String) throws(GeometryFault) -> [GeoCoordinate] {
        let positions = try array(value, at: pointer, "a LineString needs an array of positions")
        guard positions.count >= 2 else {
            throw GeometryFault(
                pointer: pointer, message: "a LineString needs 2 positions or more, not \(positions.count)")
        }
        return try positions.enumerated().map { (i, p) throws(GeometryFault) in try position(p, at: pointer + "/\(i)") }
    }

    private static func polygon(_ value: Value?, at pointer: String, checking: Bool) throws(GeometryFault)
        -> [[GeoCoordinate]]
    {
        let rings = try array(value, at: pointer, "a Polygon needs an array of linear rings")
        guard !rings.isEmpty else {
            throw GeometryFault(pointer: pointer, message: "a Polygon needs at least its outer ring")
        }
        var parts: [[GeoCoordinate]] = []
        for (r, ring) in rings.enumerated() {
            let at = pointer + "/\(r)"
            let positions = try array(ring, at: at, "a linear ring is an array of positions")
            guard positions.count >= 4 else {
                throw GeometryFault(
                    pointer: at, message: "a linear ring needs 4 positions or more, not \(positions.count)")
            }
            parts.append(
                try positions.enumerated().map { (i, p) throws(GeometryFault) in try position(p, at: at + "/\(i)") })
        }
        guard checking else { return parts }
        // Closure, crossing edges, holes outside their shell, nested holes: the
        // polygon rules every shape follows, on RFC 7946's plane of longitude and latitude.
        do {
            try PolygonRules.check(parts, edges: .planar)
        } catch .ringNotClosed(let r) {
            throw GeometryFault(
                pointer: pointer + "/\(r)",
                message: "a linear ring must end where it starts (its last position equal to its first)")
        } catch {
            throw GeometryFault(pointer: pointer, message: "the polygon is not valid: \(error)")
        }
        return parts
    }
}
