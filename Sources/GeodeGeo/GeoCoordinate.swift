/// A longitude/latitude pair in degrees.
package struct GeoCoordinate: Sendable, Hashable {
    package var longitude: Double
    package var latitude: Double

    package init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}
