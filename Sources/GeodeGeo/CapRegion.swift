/// Every point within an angle of a centre, on the sphere.
final class CapRegion: GeoRegion {
    private let cap: Spherical.Cap
    let bounds: GeoBounds

    init(longitude: Double, latitude: Double, radians: Double) {
        cap = Spherical.Cap(longitude: longitude, latitude: latitude, radians: radians)
        var bounds = GeoBounds()
        cap.bounds { bounds.append(GeoRect(west: $0, south: $1, east: $2, north: $3)) }
        self.bounds = bounds
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        cap.contains(longitude: longitude, latitude: latitude)
    }
}
