import CS2

/// A geometry of any GeoJSON type on the sphere, with geodesic edges, in one
/// S2 shape index (`libs2`, through the `CS2` target), so that S2's boolean
/// operations relate it to another: the exact geodesic answer for lines and
/// polygons, which no test on vertices or densified rings gives.
///
/// Polygons are built as ``SpherePolygon`` builds them (each ring the smaller
/// region it bounds, holes found by nesting).
///
/// ```swift
/// let square = try SphereGeometry(.polygon([ring]))
/// let road = try SphereGeometry(.lineString([a, b]))
/// square.intersects(road)
/// ```
package final class SphereGeometry: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Builds the geometry; throws S2's reason for a part it finds invalid.
    package init(_ value: GeometryValue) throws {
        guard let made = geode_s2_shape_new() else {
            throw GeometryError.s2(operation: "build a geometry on the sphere", message: "out of memory")
        }
        handle = made
        try Self.add(value, to: made)
        geode_s2_shape_build(made)
    }

    deinit { geode_s2_shape_free(handle) }

    private static func add(_ value: GeometryValue, to shape: OpaquePointer) throws {
        var error = [CChar](repeating: 0, count: 256)
        func fail(_ what: String) -> GeometryError {
            .s2(
                operation: "build \(what) on the sphere",
                message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        func pairs(_ points: [GeoCoordinate]) -> [Double] { points.flatMap { [$0.longitude, $0.latitude] } }
        func addLine(_ points: [GeoCoordinate]) throws {
            let ok = pairs(points).withUnsafeBufferPointer {
                geode_s2_shape_add_line(shape, $0.baseAddress, Int32(points.count), &error, error.count)
            }
            if !ok { throw fail("a line") }
        }
        func addPolygon(_ rings: [[GeoCoordinate]]) throws {
            let coordinates = rings.flatMap(pairs)
            let sizes = rings.map { Int32($0.count) }
            let ok = coordinates.withUnsafeBufferPointer { c in
                sizes.withUnsafeBufferPointer { s in
                    geode_s2_shape_add_polygon(shape, c.baseAddress, s.baseAddress, Int32(s.count), &error, error.count)
                }
            }
            if !ok { throw fail("a polygon") }
        }
        switch value {
        case let .point(p):
            pairs([p]).withUnsafeBufferPointer { geode_s2_shape_add_points(shape, $0.baseAddress, 1) }
        case let .multiPoint(points):
            pairs(points).withUnsafeBufferPointer {
                geode_s2_shape_add_points(shape, $0.baseAddress, Int32(points.count))
            }
        case let .lineString(points): try addLine(points)
        case let .multiLineString(lines): for line in lines { try addLine(line) }
        case let .polygon(rings): try addPolygon(rings)
        case let .multiPolygon(polygons): for rings in polygons { try addPolygon(rings) }
        case let .collection(members): for member in members { try add(member, to: shape) }
        }
    }

    /// Whether the two share a point, boundaries included. Thread-safe.
    package func intersects(_ other: SphereGeometry) -> Bool { geode_s2_shape_intersects(handle, other.handle) }

    /// Whether every point of `other` lies in this geometry: with `closed`,
    /// boundaries included; without, polygons semi-open, as Realm tests
    /// points against them. Thread-safe.
    package func contains(_ other: SphereGeometry, closed: Bool) -> Bool {
        geode_s2_shape_contains(handle, other.handle, closed)
    }

    /// The least and greatest great-circle angle, in radians, from a point to
    /// the geometry (0 for a point inside one of its polygons).
    package func distances(longitude: Double, latitude: Double) -> (least: Double, greatest: Double) {
        var least = 0.0, greatest = 0.0
        geode_s2_shape_distances(handle, longitude, latitude, &least, &greatest)
        return (least, greatest)
    }

    /// The rectangle bounding the geodesic edges that join `positions` in
    /// turn (S2's bound, without building a shape index); nil when it crosses
    /// the antimeridian. It bounds a shape made of those positions when the
    /// shape holds no pole.
    package static func chainBounds(_ positions: [GeoCoordinate]) -> GeoRect? {
        var pairs: [Double] = []
        pairs.reserveCapacity(positions.count * 2)
        for p in positions {
            pairs.append(p.longitude)
            pairs.append(p.latitude)
        }
        var b = [Double](repeating: 0, count: 4)
        pairs.withUnsafeBufferPointer { geode_s2_chain_bounds($0.baseAddress, Int32(positions.count), &b) }
        guard b[0] <= b[2], b[1] <= b[3] else { return nil }
        return GeoRect(west: b[0], south: b[1], east: b[2], north: b[3])
    }

    /// The rectangles bounding the geometry (two when it crosses the antimeridian).
    package var bounds: GeoBounds {
        var b = [Double](repeating: 0, count: 4)
        geode_s2_shape_bounds(handle, &b)
        let (west, south, east, north) = (b[0], b[1], b[2], b[3])
        guard south <= north else { return GeoBounds() }
        if west <= east { return GeoBounds(GeoRect(west: west, south: south, east: east, north: north)) }
        var both = GeoBounds(GeoRect(west: west, south: south, east: 180, north: north))
        both.append(GeoRect(west: -180, south: south, east: east, north: north))
        return both
    }
}
