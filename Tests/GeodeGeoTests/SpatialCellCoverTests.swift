import Foundation
@testable import GeodeGeo
import GeodeTestSupport
import Testing

/// A cover is what the spatial index scans: every point of the rectangles
/// must have its leaf in one of the ranges, whatever the rectangles' size.
@Suite struct SpatialCellCoverTests {
    @Test func everyPointOfTheRectanglesLiesInTheCover() {
        var generator = SeededGenerator(seed: 11)
        for trial in 0 ..< 400 {
            // Sides from about a metre to the whole world, at random places.
            let width = pow(10, Double.random(in: -5 ... 2.5, using: &generator))
            let height = pow(10, Double.random(in: -5 ... 2.2, using: &generator))
            let west = Double.random(in: -180 ... 180 - min(width, 360), using: &generator)
            let south = Double.random(in: -90 ... 90 - min(height, 180), using: &generator)
            var rects = [
                GeoRect(west: west, south: south, east: min(180, west + width), north: min(90, south + height))
            ]
            if trial % 5 == 0 {
                rects.append(GeoRect(west: -180, south: south, east: -180 + width / 2, north: min(90, south + height)))
            }
            let ranges = SpatialCell.cover(rects)
            #expect(!ranges.isEmpty)
            #expect(
                zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound },
                "ranges sorted and disjoint")
            for r in rects {
                // Corners, edges and inner points, boundaries included.
                var points = [(r.west, r.south), (r.east, r.north), (r.west, r.north), (r.east, r.south)]
                for _ in 0 ..< 40 {
                    points.append(
                        (
                            Double.random(in: r.west ... r.east, using: &generator),
                            Double.random(in: r.south ... r.north, using: &generator)
                        ))
                }
                for (lon, lat) in points {
                    let id = SpatialCell.id(longitude: lon, latitude: lat)
                    #expect(ranges.contains { $0.contains(id) }, "(\(lon), \(lat)) of \(r) is outside the cover")
                }
            }
        }
    }

    @Test func smallShapesGetTightCoversAndLargeOnesFewRanges() {
        // A 1 km square: the cover spans little more than the square.
        let small = [GeoRect(west: 2.35, south: 48.85, east: 2.3636, north: 48.859)]
        let cells = SpatialCell.cover(small).reduce(0.0) { $0 + Double($1.upperBound - $1.lowerBound + 1) }
        let leafArea = (360.0 / Double(1 << SpatialCell.level)) * (180.0 / Double(1 << SpatialCell.level))
        #expect(cells * leafArea < 16 * 0.0136 * 0.009, "the cover of a 1 km square is at most 16 times its area")
        #expect(SpatialCell.cover([GeoRect.world]).count == 1)
        #expect(SpatialCell.cover([GeoRect(west: -170, south: -80, east: 170, north: 80)]).count <= 64)
    }

    /// The cell budget grows with the shape (a seek per range pays off only
    /// when the cells it avoids hold many points) and stays within 8 to 64;
    /// a cover never uses more ranges than its budget.
    @Test func theCellBudgetGrowsWithTheShapeWithinItsBounds() {
        let budgets = (0 ... SpatialCell.level).map { SpatialCell.cellBudget(extent: $0) }
        #expect(budgets.first == 8 && budgets.last == 64)
        #expect(zip(budgets, budgets.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(
            SpatialCell.cellBudget(extent: 13) == 8 && SpatialCell.cellBudget(extent: 15) == 16
                && SpatialCell.cellBudget(extent: 17) == 32)
        var generator = SeededGenerator(seed: 12)
        for _ in 0 ..< 200 {
            let side = pow(10, Double.random(in: -4 ... 1.5, using: &generator))
            let west = Double.random(in: -170 ... 140, using: &generator),
                south = Double.random(in: -80 ... 40, using: &generator)
            let rect = GeoRect(west: west, south: south, east: west + side, north: south + side)
            #expect(SpatialCell.cover([rect]).count <= 64)
            #expect(SpatialCell.cover([rect], maxCells: 8).count <= 8)
        }
    }
}
