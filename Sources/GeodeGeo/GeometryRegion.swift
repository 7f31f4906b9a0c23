/// A line or another geometry used as a query's shape: a point is in it when
/// the geometry holds the point (S2 on the sphere, GEOS on the plane). A
/// point between two vertices lies on a geodesic edge only when it is
/// exactly on the great circle, so for lines this is mostly a test of vertices.
final class GeometryRegion: GeoRegion {
    private let target: GeoTarget
    let bounds: GeoBounds

    /// `shape` names the query's shape in errors.
    init(_ geoShape: GeoShape, shape: String) throws {
        guard let value = geoShape.geometryValue else { throw GeometryError.invalidShape("\(shape) has no geometry") }
        target = try GeoTarget(geoShape, checked: value)
        bounds = target.bounds
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        target.relates(.point(GeoCoordinate(longitude: longitude, latitude: latitude)), .within)
    }
}
