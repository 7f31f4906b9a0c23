import GeodeGeo
import GeodeCore

/// A circle on the sphere: every point whose great-circle distance from the
/// centre is at most the radius.
///
/// ```swift
/// let near = GeoCircle(center: GeoPoint(latitude: 48.85, longitude: 2.35)!, radius: .kilometers(5)!)
/// let cafes = realm.objects(Cafe.self).where { $0.location.geoWithin(near) }
/// ```
public struct GeoCircle: Hashable, Sendable, GeoShapeConvertible {
    /// The centre of the circle.
    public let center: GeoPoint
    /// The radius as an angle at the Earth's centre, in radians (Realm's name).
    public let radians: Double
    /// The radius as an angle at the Earth's centre, in radians (as ``radians``).
    public var radiusInRadians: Double { radians }

    /// A circle; nil when the radius is negative or NaN.
    public init?(center: GeoPoint, radiusInRadians: Double) {
        guard radiusInRadians >= 0 else { return nil }
        self.center = center
        radians = radiusInRadians
    }

    /// A circle around a `(latitude, longitude)` centre.
    public init?(center: (Double, Double), radiusInRadians: Double) {
        guard let point = GeoPoint(latitude: center.0, longitude: center.1) else { return nil }
        self.init(center: point, radiusInRadians: radiusInRadians)
    }

    /// A circle with a radius given as a ``Distance`` (never negative, so the circle always exists).
    public init(center: GeoPoint, radius: Distance) {
        self.center = center
        radians = radius.asRadians
    }

    /// A circle around a `(latitude, longitude)` centre with a ``Distance`` radius.
    public init?(center: (Double, Double), radius: Distance) {
        self.init(center: center, radiusInRadians: radius.asRadians)
    }

    var geoShape: GeoShape {
        GeoShape(.circle(longitude: center.longitude, latitude: center.latitude, radians: radians))
    }
}

/// A distance on the Earth's surface, kept as an angle at its centre; Realm's
/// Earth radius of 6,378,100 m converts lengths.
///
/// ```swift
/// let d = Distance.kilometers(10)!   // nil for negative distances
/// print(d.radians, d.asMiles())
/// ```
public struct Distance: Hashable, Sendable {
    /// The Earth radius used to convert lengths to angles, in meters.
    public static let earthRadiusMeters = DistanceUnit.earthRadiusMeters

    /// The distance as an angle in radians.
    public let asRadians: Double

    private init?(radians: Double) {
        guard radians >= 0 else { return nil }
        asRadians = radians
    }

    /// A distance in kilometers.
    public static func kilometers(_ km: Double) -> Distance? { Distance(radians: DistanceUnit.kilometers.radians(km)) }
    /// A distance in statute miles.
    public static func miles(_ miles: Double) -> Distance? { Distance(radians: DistanceUnit.miles.radians(miles)) }
    /// A distance in degrees of arc.
    public static func degrees(_ degrees: Double) -> Distance? {
        Distance(radians: DistanceUnit.degrees.radians(degrees))
    }
    /// A distance in radians of arc.
    public static func radians(_ radians: Double) -> Distance? { Distance(radians: radians) }

    /// The distance as an angle in radians (as `asRadians`; Realm's name).
    public var radians: Double { asRadians }
    /// The distance in kilometers (a method, as in Realm).
    public func asKilometers() -> Double { asRadians * Self.earthRadiusMeters / 1000 }
    /// The distance in statute miles.
    public func asMiles() -> Double { asRadians * Self.earthRadiusMeters / DistanceUnit.metersPerMile }
    /// The distance as an angle in degrees of arc.
    public func asDegrees() -> Double { asRadians * 180 / .pi }
}
