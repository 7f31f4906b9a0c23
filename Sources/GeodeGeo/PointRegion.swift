/// One position: a point is in it when it is that position.
final class PointRegion: GeoRegion {
    let point: GeoCoordinate

    init(_ point: GeoCoordinate) {
        self.point = point
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        longitude == point.longitude && latitude == point.latitude
    }

    var bounds: GeoBounds {
        GeoBounds(GeoRect(west: point.longitude, south: point.latitude, east: point.longitude, north: point.latitude))
    }
}
