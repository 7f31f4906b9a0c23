/// The class GeoJSON features go into when no class is named: the feature's
/// `id` (indexed), its point geometry (spatially indexed), any other geometry
/// kept as GeoJSON, and its `properties` as nested AnyRealmValue.
///
/// ```swift
/// let report = try realm.importGeoJSON(from: URL(fileURLWithPath: "cities.geojson"))
/// let big = realm.objects(GeoFeature.self).filter("properties.population > 1000000")
/// let paris = realm.objects(GeoFeature.self).where { $0.id == .int(2988507) }.first
/// ```
public final class GeoFeature: Object {
    /// The feature's `id` member (a number or a string; `.none` when absent).
    @Persisted(indexed: true) public var id: AnyRealmValue
    /// The geometry when it is a Point.
    @Persisted public var geometry: GeoJSONPoint?
    /// Any other geometry (LineString, Polygon, MultiPolygon…), kept as its GeoJSON object.
    @Persisted public var otherGeometry: AnyRealmValue
    /// The feature's `properties` member, nested lists and maps included.
    @Persisted public var properties: AnyRealmValue
}
