/// A point on the Earth: latitude and longitude in degrees, altitude in meters.
///
/// ```swift
/// let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522)      // nil if out of range
/// ```
public struct GeoPoint: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north, in [-90, 90].
    public let latitude: Double
    /// Degrees east, in [-180, 180].
    public let longitude: Double
    /// Meters above the surface; 0 or more.
    public let altitude: Double

    /// A point; nil when latitude is outside [-90, 90], longitude outside
    /// [-180, 180], altitude negative, or any of them NaN.
    public init?(latitude: Double, longitude: Double, altitude: Double = 0) {
        guard (-90 ... 90).contains(latitude), (-180 ... 180).contains(longitude), altitude >= 0 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    public var description: String { "GeoPoint(latitude: \(latitude), longitude: \(longitude))" }
}

/// How the edges of a box or polygon run between its corners.
///
/// ```swift
/// let country = GeoPolygon(outerRing: ring)?.with(edges: .planar)
/// ```
public enum GeoEdges: String, Sendable, Hashable {
    /// Great-circle arcs, as Realm defines its shapes (the default).
    case geodesic
    /// Straight lines in longitude/latitude, as GeoJSON (RFC 7946), GEOS and
    /// PostGIS `geometry` define them: for polygons drawn on a lon/lat map.
    case planar
}
