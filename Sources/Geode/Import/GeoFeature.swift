/// The class GeoJSON features go into when no class is named: the feature's
/// `id` (indexed), its geometry of any type (spatially indexed), its
/// `properties` as nested AnyRealmValue, and any other member it has.
///
/// ```swift
/// let report = try realm.importGeoJSON(from: URL(fileURLWithPath: "countries.geojson"))
/// let big = realm.objects(GeoFeature.self).filter("properties.population > 1000000")
/// let home = realm.objects(GeoFeature.self).filter("geometry geoContains geoPoint([2.35, 48.85])")
/// ```
public final class GeoFeature: Object {
    /// The feature's `id` member (a number or a string; `.none` when absent).
    @Persisted(indexed: true) public var id: AnyRealmValue
    /// The feature's geometry (a Point, a LineString, a Polygon, a MultiPolygon…); nil when it has none.
    @Persisted public var geometry: GeoJSONGeometry?
    /// The feature's `properties` member, nested lists and maps included.
    @Persisted public var properties: AnyRealmValue
    /// The feature's other members, as a map — RFC 7946's foreign members (`title`, `style`…) and `bbox` —
    /// so that an export writes the feature back as it came; `.none` when it has none.
    @Persisted public var foreignMembers: AnyRealmValue
}
