import GeodeGeo

/// A sort by great-circle distance from a point: `SORT(DISTANCE(location,
/// [lon, lat]) ASC)` in the query language, `sorted(byDistanceFrom:on:)` and
/// `nearest(to:count:on:)` in the library. Nearest first unless
/// `descending`; objects without a well-formed point come last either way.
/// Followed by a `LIMIT`, a nearest-first sort is answered through the
/// spatial index of the point property, when it has one.
///
/// ```swift
/// var query = try QueryParser.parse("TRUEPREDICATE")
/// query.distanceOrdering = DistanceOrdering(path: try QueryParser.parseKeyPath("location"), longitude: 2.35, latitude: 48.85)
/// ```
package struct DistanceOrdering: Sendable, CustomStringConvertible {
    /// The geo point property measured (a list of points: its nearest point).
    package var path: QueryKeyPath
    /// The point distances are measured from, in degrees.
    package var longitude: Double
    package var latitude: Double
    /// Farthest first.
    package var descending: Bool

    package init(path: QueryKeyPath, longitude: Double, latitude: Double, descending: Bool = false) {
        self.path = path
        self.longitude = longitude
        self.latitude = latitude
        self.descending = descending
    }

    /// The sort key of a point: its distance in radians, negated when descending.
    func key(longitude: Double, latitude: Double) -> Double {
        let d = Spherical.distance(
            longitude1: self.longitude, latitude1: self.latitude, longitude2: longitude, latitude2: latitude)
        return descending ? -d : d
    }

    package var description: String {
        "SORT(DISTANCE(\(path), [\(longitude), \(latitude)]) \(descending ? "DESC" : "ASC"))"
    }
}
