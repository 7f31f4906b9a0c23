import GeodeGeo

/// The spatial conjunct a plan answers through the spatial index: its
/// relation and shape (to decide points on their index entries) and the
/// conjunct itself (to decide other geometries on their documents).
struct SpatialTest {
    let relation: GeoRelation
    let shape: BoundShape
    let conjunct: BoundPredicate
}
