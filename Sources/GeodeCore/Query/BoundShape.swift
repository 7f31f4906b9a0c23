import GeodeGeo

/// A query's shape, bound once per query: the region points are tested
/// against (and the spatial index covers), and, when the property may hold
/// other geometries or the relation is `geoContains`, the shape built for
/// S2 or GEOS to relate whole geometries to.
struct BoundShape {
    let region: any GeoRegion
    let target: GeoTarget?

    /// Whether a stored geometry stands in `relation` to the shape: a point
    /// within or intersecting it when the region holds the point (Realm's
    /// test, the same with or without the index); anything else through S2
    /// or GEOS.
    func relates(_ geometry: GeometryValue, _ relation: GeoRelation) -> Bool {
        if relation != .contains, let p = geometry.onePoint {
            return region.contains(longitude: p.longitude, latitude: p.latitude)
        }
        return target?.relates(geometry, relation) ?? false
    }

    /// ``relates(_:_:)`` for a point given as numbers (an index entry's).
    func relates(longitude: Double, latitude: Double, _ relation: GeoRelation) -> Bool {
        if relation != .contains { return region.contains(longitude: longitude, latitude: latitude) }
        return target?.relates(.point(GeoCoordinate(longitude: longitude, latitude: latitude)), .contains) ?? false
    }
}
