/// Where a geo point keeps its parts in its embedded class.
struct GeoPointSlots {
    var type: Int
    var coordinates: Int
}
