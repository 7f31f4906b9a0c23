@testable import GeodeGeo
import Testing

/// A region's bounds: one or two rectangles kept inline, read back in the
/// order given, and covered exactly as the same rectangles in an array.
@Suite struct GeoBoundsTests {
    @Test func boundsKeepOneOrTwoRectanglesInTheOrderGiven() {
        let east = GeoRect(west: 170, south: -10, east: 180, north: 10)
        let west = GeoRect(west: -180, south: -10, east: -170, north: 10)
        #expect(GeoBounds().isEmpty)
        var bounds = GeoBounds(east)
        #expect(Array(bounds) == [east])
        bounds.append(west)
        #expect(bounds.count == 2 && bounds[0] == east && bounds[1] == west)
        #expect(Array(bounds) == [east, west])
    }

    @Test func boundsAreCoveredAsTheSameRectanglesInAnArray() {
        let east = GeoRect(west: 179.99, south: 51.2, east: 180, north: 51.21)
        let west = GeoRect(west: -180, south: 51.2, east: -179.99, north: 51.21)
        var bounds = GeoBounds(east)
        bounds.append(west)
        #expect(SpatialCell.cover(bounds) == SpatialCell.cover([east, west]))
        #expect(SpatialCell.cover(GeoBounds(west)) == SpatialCell.cover([west]))
    }
}
