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
