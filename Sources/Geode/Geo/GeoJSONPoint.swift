/// A ready-made GeoJSON point to embed in your objects: `type` is "Point" and
/// `coordinates` holds `[longitude, latitude]` (and an altitude when given).
/// Properties of this type (or any embedded class of the same shape) are
/// spatially indexed and answer `geoWithin` queries.
///
/// ```swift
/// class Place: Object {
///     @Persisted var name = ""
///     @Persisted var location: GeoJSONPoint?
/// }
/// let place = Place()
/// place.location = GeoJSONPoint(longitude: 2.3522, latitude: 48.8566)
/// ```
public final class GeoJSONPoint: EmbeddedObject {
    /// The GeoJSON type: "Point".
    @Persisted public var type = "Point"
    /// `[longitude, latitude(, altitude)]`, as GeoJSON orders them.
    @Persisted public var coordinates: List<Double>

    /// A point at a longitude and latitude (and optional altitude), in degrees and meters.
    public convenience init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.init()
        coordinates.append(objectsIn: [longitude, latitude] + (altitude.map { [$0] } ?? []))
    }

    /// A point at a ``GeoPoint``.
    public convenience init(_ point: GeoPoint) {
        self.init(
            longitude: point.longitude, latitude: point.latitude, altitude: point.altitude == 0 ? nil : point.altitude)
    }

    /// The point as a ``GeoPoint``; nil when the coordinates are malformed.
    public var geoPoint: GeoPoint? {
        guard type.lowercased() == "point", coordinates.count >= 2 else { return nil }
        return GeoPoint(
            latitude: coordinates[1], longitude: coordinates[0], altitude: coordinates.count > 2 ? coordinates[2] : 0)
    }
}
