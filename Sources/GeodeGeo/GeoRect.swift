/// A longitude/latitude rectangle (west ≤ east: it never crosses the antimeridian).
package struct GeoRect: Sendable, Hashable {
    package var west: Double
    package var south: Double
    package var east: Double
    package var north: Double

    package init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    package static let world = GeoRect(west: -180, south: -90, east: 180, north: 90)
}
