/// A longitude/latitude box with straight edges, boundary included.
final class PlanarBoxRegion: GeoRegion {
    let west, south, east, north: Double

    init(west: Double, south: Double, east: Double, north: Double) {
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        guard latitude >= south, latitude <= north else { return false }
        if west <= east { return longitude >= west && longitude <= east }
        return longitude >= west || longitude <= east  // across the antimeridian
    }

    var bounds: GeoBounds {
        if west <= east { return GeoBounds(GeoRect(west: west, south: south, east: east, north: north)) }
        var bounds = GeoBounds(GeoRect(west: west, south: south, east: 180, north: north))
        bounds.append(GeoRect(west: -180, south: south, east: east, north: north))
        return bounds
    }
}
