import CS2

/// A polygon on the sphere: geodesic edges between its vertices, tested
/// exactly, through S2 Geometry (`libs2`, wrapped by the `CS2` target).
///
/// It is built as Realm builds a query polygon — each ring an `S2Loop`
/// normalized to cover at most half the sphere, the loops nested by
/// containment — and answers in S2's semi-open boundary model: of polygons
/// that share an edge or a vertex, exactly one contains a point on it. Realm's
/// own answers for points on edges and corners follow from that model, which
/// no planar test reproduces.
///
/// ```swift
/// let square = try SpherePolygon(rings: [[(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]])
/// square.contains(longitude: 0.5, latitude: 0.5)   // true
/// square.contains(longitude: 1, latitude: 1)       // false: that corner belongs to a neighbour
/// ```
package final class SpherePolygon: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Builds the polygon from rings of (longitude, latitude) pairs in degrees,
    /// the first the shell, the others holes; a ring may repeat its first pair
    /// at the end. Throws S2's reason for a ring or polygon it finds invalid.
    package init(rings: [[(Double, Double)]]) throws {
        let coordinates = rings.flatMap { $0.flatMap { [$0.0, $0.1] } }
        let sizes = rings.map { Int32($0.count) }
        var error = [CChar](repeating: 0, count: 256)
        let made = coordinates.withUnsafeBufferPointer { c in
            sizes.withUnsafeBufferPointer { s in
                geode_s2_polygon_new(c.baseAddress, s.baseAddress, Int32(sizes.count), &error, error.count)
            }
        }
        guard let made else {
            throw GeometryError.s2(
                operation: "build a polygon on the sphere",
                message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = made
    }

    deinit { geode_s2_polygon_free(handle) }

    /// Whether the point lies inside, in S2's semi-open model. Thread-safe.
    package func contains(longitude: Double, latitude: Double) -> Bool {
        geode_s2_polygon_contains(handle, longitude, latitude)
    }
}
