import Foundation
import GeodeGeo
import Testing

/// Polygons on the sphere through S2: geodesic edges, and S2's semi-open
/// model for points on edges and corners, the model Realm's answers follow.
@Suite struct SpherePolygonTests {
    static let square = [(0.0, 0.0), (1, 0), (1, 1), (0, 1), (0, 0)]

    @Test func aPointOnSharedCornersBelongsToExactlyOneOfTheSquaresAroundIt() throws {
        // Four unit squares meet at (1, 1): the corner belongs to exactly one.
        let squares = try [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { dx, dy in
            try SpherePolygon(rings: [Self.square.map { ($0.0 + dx, $0.1 + dy) }])
        }
        #expect(squares.filter { $0.contains(longitude: 1, latitude: 1) }.count == 1)
        // And a point on an edge two of them share, to exactly one of those.
        #expect(squares.filter { $0.contains(longitude: 1, latitude: 0.5) }.count == 1)
    }

    @Test func aRingMeansTheSmallerRegionWhateverItsWinding() throws {
        let counterClockwise = try SpherePolygon(rings: [Self.square])
        let clockwise = try SpherePolygon(rings: [Self.square.reversed()])
        for point in [(0.5, 0.5), (2.0, 2.0), (0.0, 0.0), (1.0, 1.0), (0.5, 0.0)] {
            #expect(
                counterClockwise.contains(longitude: point.0, latitude: point.1)
                    == clockwise.contains(longitude: point.0, latitude: point.1), "\(point)")
        }
        #expect(counterClockwise.contains(longitude: 0.5, latitude: 0.5))
        #expect(!counterClockwise.contains(longitude: 2, latitude: 2))
    }

    @Test func edgesAreGreatCircleArcs() throws {
        // The top edge from (0, 10) to (10, 10) bows north to about 10.0375° at longitude 5.
        let box = try SpherePolygon(rings: [[(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]])
        #expect(box.contains(longitude: 5, latitude: 10.03))
        #expect(!box.contains(longitude: 5, latitude: 10.05))
    }

    @Test func aHoleTakesItsPointsOut() throws {
        let framed = try SpherePolygon(rings: [
            Self.square, [(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75), (0.25, 0.25)],
        ])
        #expect(!framed.contains(longitude: 0.5, latitude: 0.5))
        #expect(framed.contains(longitude: 0.1, latitude: 0.5))
    }

    @Test func aSelfCrossingRingIsRefusedWithS2sReason() {
        #expect {
            _ = try SpherePolygon(rings: [[(0, 0), (1, 1), (1, 0), (0, 1), (0, 0)]])
        } throws: { error in
            guard case let GeometryError.s2(_, message) = error else { return false }
            return !message.isEmpty
        }
    }

    @Test func manyThreadsMayTestOnePolygonAtOnce() async throws {
        let ring = (0 ..< 400).map { i -> (Double, Double) in
            let angle = Double(i) / 400 * 2 * .pi
            return (10 * cos(angle), 10 * sin(angle))
        }
        let polygon = try SpherePolygon(rings: [ring + [ring[0]]])
        let inside = await withTaskGroup(of: Int.self) { group in
            for t in 0 ..< 4 {
                group.addTask {
                    (0 ..< 2_000).filter { i in polygon.contains(longitude: Double((i + t) % 30) - 15, latitude: 0) }
                        .count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(inside > 0)
    }
}
