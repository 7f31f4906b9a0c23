import GeodeCore

/// A ready-made GeoJSON geometry of any type to embed in your objects: Realm's
/// geo point convention (`type` and `coordinates`) extended to every GeoJSON
/// geometry, with `coordinates` as nested lists in an AnyRealmValue and a
/// GeometryCollection's members in `geometries`. Properties of this type (or
/// any embedded class of the same shape) are spatially indexed and answer
/// `geoWithin`, `geoIntersects` and `geoContains`; a geometry that breaks
/// RFC 7946's rules is refused when written, naming the member at fault.
///
/// ```swift
/// class Country: Object {
///     @Persisted var name = ""
///     @Persisted var border: GeoJSONGeometry?
/// }
/// let france = Country()
/// france.border = GeoJSONGeometry(try GeoGeometry(geoJSON: borderText))
/// let home = realm.objects(Country.self).where { $0.border.geoContains(paris) }
/// ```
public final class GeoJSONGeometry: EmbeddedObject {
    /// The GeoJSON type: "Point", "LineString", "Polygon", "MultiPolygon"…
    @Persisted public var type = ""
    /// The `coordinates` member as nested lists of doubles (`.none` for a GeometryCollection).
    @Persisted public var coordinates: AnyRealmValue
    /// A GeometryCollection's members, each a GeoJSON geometry as a dictionary (`.none` otherwise).
    @Persisted public var geometries: AnyRealmValue

    /// The object holding `geometry`.
    public convenience init(_ geometry: GeoGeometry) {
        self.init()
        self.geometry = geometry
    }

    /// The geometry as a Swift value; nil when the members do not make a valid
    /// GeoJSON geometry. Setting it replaces all three members.
    public var geometry: GeoGeometry? {
        get {
            guard let coordinates = try? coordinates.engineValue(), let geometries = try? geometries.engineValue()
            else { return nil }
            return try? GeoGeometry(type: type, coordinates: coordinates, geometries: geometries)
        }
        set {
            guard let newValue else {
                (type, coordinates, geometries) = ("", .none, .none)
                return
            }
            // The type last: an empty type is no geometry, so a managed object
            // passes through no state that mixes two geometries' members.
            type = ""
            coordinates = AnyRealmValue.from(newValue.coordinatesValue, nil) ?? .none
            geometries = AnyRealmValue.from(newValue.geometriesValue, nil) ?? .none
            type = newValue.type
        }
    }
}
