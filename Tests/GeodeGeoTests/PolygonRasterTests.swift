import Foundation
import GeodeGeo
import GeodeTestSupport
import Testing

/// The raster answers point tests for the cells it calls inside or outside,
/// so it must never contradict GEOS there — on the boundary least of all.
@Suite struct PolygonRasterTests {
    /// A star-shaped ring around (cx, cy), closed.
    static func star(_ cx: Double, _ cy: Double, radius: ClosedRange<Double>, vertices: Int, _ g: inout SeededGenerator)
        -> [(Double, Double)]
    {
        let angles = (0 ..< vertices).map { _ in Double.random(in: 0 ..< 2 * .pi, using: &g) }.sorted()
        var ring = angles.map { a in
            let r = Double.random(in: radius, using: &g)
            return (cx + r * cos(a), cy + r * sin(a))
        }
        ring.append(ring[0])
        return ring
    }

    @Test func insideAndOutsideCellsAgreeWithGEOS() throws {
        var g = SeededGenerator(seed: 42)
        let context = GEOSContext()
        var decided = 0, points = 0
        for trial in 0 ..< 60 {
            let scale = pow(10, Double.random(in: -4 ... 2, using: &g))
            let cx = Double.random(in: -170 ... 170, using: &g), cy = Double.random(in: -80 ... 80, using: &g)
            var rings = [
                Self.star(cx, cy, radius: 0.3 * scale ... scale, vertices: Int.random(in: 3 ... 80, using: &g), &g)
            ]
            if trial % 2 == 0 {
                rings.append(
                    Self.star(
                        cx, cy, radius: 0.05 * scale ... 0.2 * scale, vertices: Int.random(in: 3 ... 20, using: &g), &g)
                )
            }
            let geometry = try context.polygon(parts: [rings])
            guard geometry.isValid else { continue }
            let prepared = try geometry.prepared()
            let raster = try #require(PolygonRaster(rings: rings) { x, y in try prepared.covers(x: x, y: y) })
            // Random points near the polygon, and points on its edges and vertices.
            var probes: [(Double, Double)] = (0 ..< 3000).map { _ in
                (
                    cx + Double.random(in: -1.1 ... 1.1, using: &g) * scale,
                    cy + Double.random(in: -1.1 ... 1.1, using: &g) * scale
                )
            }
            for ring in rings {
                for (p, q) in zip(ring, ring.dropFirst()) {
                    let t = Double.random(in: 0 ... 1, using: &g)
                    probes += [p, (p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1))]
                }
            }
            for (x, y) in probes {
                points += 1
                let covered = try prepared.covers(x: x, y: y)
                switch raster.cell(x: x, y: y) {
                case .inside:
                    decided += 1;
                    #expect(covered, "(\(x), \(y)) is in an inside cell but GEOS says outside (trial \(trial))")
                case .outside:
                    decided += 1;
                    #expect(!covered, "(\(x), \(y)) is in an outside cell but GEOS covers it (trial \(trial))")
                case .boundary: break
                }
            }
            // Rectangles the raster excludes hold no covered point.
            for _ in 0 ..< 40 {
                let w = Double.random(in: 0 ... 0.3, using: &g) * scale,
                    h = Double.random(in: 0 ... 0.3, using: &g) * scale
                let x0 = cx + Double.random(in: -1.2 ... 1, using: &g) * scale,
                    y0 = cy + Double.random(in: -1.2 ... 1, using: &g) * scale
                guard raster.isOutside(west: x0, south: y0, east: x0 + w, north: y0 + h) else { continue }
                for _ in 0 ..< 30 {
                    let x = x0 + Double.random(in: 0 ... 1, using: &g) * w,
                        y = y0 + Double.random(in: 0 ... 1, using: &g) * h
                    #expect(
                        try !prepared.covers(x: x, y: y),
                        "(\(x), \(y)) lies in an excluded rectangle but GEOS covers it")
                }
            }
        }
        // The raster must decide most points by itself, or it is no use.
        #expect(Double(decided) > 0.8 * Double(points), "the raster decided \(decided) of \(points) points")
    }

    @Test func flatOrTinyShapesGetNoRaster() {
        #expect(PolygonRaster(rings: [[(0, 0), (1, 0), (2, 0), (0, 0)]]) { _, _ in false } == nil)
        #expect(
            PolygonRaster(rings: [[(10, 10), (10 + 1e-12, 10), (10, 10 + 1e-12), (10, 10)]]) { _, _ in false } == nil)
    }
}
