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
