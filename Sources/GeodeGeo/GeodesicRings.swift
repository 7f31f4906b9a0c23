/// Rings as GEOS should see them: planar rings as given, geodesic rings
/// densified along their great circles and unwrapped, so that a planar
/// polygon of them bounds the region the geodesic one does.
///
/// ```swift
/// let rings = GeodesicRings.planar(polygon, edges: .geodesic)   // [[(lon, lat)]]
/// ```
package enum GeodesicRings {
    /// The largest distance between a geodesic edge and the straight pieces that stand for it.
    package static let toleranceMeters = 0.5

    /// `rings` as GEOS should see them, for edges of either kind.
    package static func planar(_ rings: [[GeoCoordinate]], edges: GeoShape.Edges) -> [[(Double, Double)]] {
        edges == .planar ? pairs(rings) : densified(rings)
    }

    /// `rings` as (longitude, latitude) pairs, unchanged.
    package static func pairs(_ rings: [[GeoCoordinate]]) -> [[(Double, Double)]] {
        rings.map { $0.map { ($0.longitude, $0.latitude) } }
    }

    /// Densified, unwrapped rings whose planar interior is the geodesic polygon.
    package static func densified(_ rings: [[GeoCoordinate]]) -> [[(Double, Double)]] {
        var result: [[(Double, Double)]] = []
        for (index, ring) in rings.enumerated() {
            var points = Spherical.densify(
                ring.map { ($0.longitude, $0.latitude) }, toleranceMeters: toleranceMeters,
                earthRadiusMeters: DistanceUnit.earthRadiusMeters)
            guard let first = points.first, let last = points.last else { continue }
            if abs(last.0 - first.0) > 180 {
                // The ring winds around a pole: close it over the pole.
                let meanLatitude = points.map(\.1).reduce(0, +) / Double(points.count)
                let pole = meanLatitude >= 0 ? 90.0 : -90.0
                points += [(last.0, pole), (first.0, pole), first]
            }
            if index > 0, let outerStart = result.first?.first {
                // Holes sit in the same unwrapped longitude range as the shell.
                let shift = Spherical.unwrap(points[0].0, near: outerStart.0) - points[0].0
                points = points.map { ($0.0 + shift, $0.1) }
            }
            result.append(points)
        }
        return result
    }
}
