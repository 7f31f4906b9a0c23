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

    /// The smallest rectangle holding both.
    package func union(_ other: GeoRect) -> GeoRect {
        GeoRect(
            west: min(west, other.west), south: min(south, other.south), east: max(east, other.east),
            north: max(north, other.north))
    }

    /// Whether `other` lies wholly in this rectangle, edges included.
    package func contains(_ other: GeoRect) -> Bool {
        other.west >= west && other.east <= east && other.south >= south && other.north <= north
    }

    /// Whether the two share no point.
    package func isDisjoint(from other: GeoRect) -> Bool {
        other.west > east || other.east < west || other.south > north || other.north < south
    }
}
