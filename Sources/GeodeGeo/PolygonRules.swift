/// The rules a polygon must follow (Realm's `GeoPolygon` rules, checked with
/// GEOS on the rings as ``GeodesicRings`` lays them out): every ring closed,
/// at least 3 distinct vertices, no self-intersection, holes inside the shell
/// and not nested.
///
/// ```swift
/// try PolygonRules.check([outer, hole], edges: .geodesic)   // throws PolygonFault
/// ```
package enum PolygonRules {
    /// Throws the first ``PolygonFault`` of `rings` (the outer ring first, then the holes).
    package static func check(_ rings: [[GeoCoordinate]], edges: GeoShape.Edges) throws(PolygonFault) {
        for (index, ring) in rings.enumerated() {
            guard let first = ring.first, let last = ring.last, first == last else {
                throw .ringNotClosed(ring: index)
            }
            let distinct = Set(ring)
            if distinct.count < 3 { throw .tooFewVertices(ring: index, found: distinct.count) }
        }
        let context = GEOSContext()
        let geometry: Geometry
        do {
            geometry = try context.polygon(parts: [GeodesicRings.planar(rings, edges: edges)])
        } catch {
            throw .other(String(describing: error))
        }
        guard !geometry.isValid else { return }
        let reason = geometry.validityReason
        let lower = reason.lowercased()
        if lower.contains("self-intersection") { throw .selfIntersection(detail: reason) }
        if lower.contains("hole lies outside") { throw .holeOutsideShell(detail: reason) }
        if lower.contains("nested") { throw .nestedHoles(detail: reason) }
        throw .other(reason)
    }
}

/// Which rule a polygon breaks (see ``PolygonRules``).
package enum PolygonFault: Error, Hashable, Sendable, CustomStringConvertible {
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

    package var description: String {
        switch self {
        case let .ringNotClosed(ring): return "ring \(ring) is not closed: its last point must equal its first"
        case let .tooFewVertices(ring, found):
            return "ring \(ring) has \(found) distinct vertices; at least 3 are needed"
        case let .selfIntersection(detail): return "the polygon intersects itself (\(detail))"
        case let .holeOutsideShell(detail): return "a hole lies outside the outer ring (\(detail))"
        case let .nestedHoles(detail): return "holes are nested (\(detail))"
        case let .other(reason): return "invalid polygon: \(reason)"
        }
    }
}
