/// A grid over a polygon's envelope that answers most point-in-polygon tests
/// by itself: each cell is known to lie inside the polygon, outside it, or on
/// its boundary, and only points in boundary cells need the exact test.
///
/// A cell is a boundary cell when an edge of any ring comes within a small
/// margin of it. The other cells hold no boundary, so each run of them in a
/// row — and every run touching it in the next row — lies wholly inside or
/// wholly outside; one exact test (at a cell centre) classifies the run.
///
/// ```swift
/// let raster = PolygonRaster(rings: [[(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]]) { x, y in
///     try prepared.covers(x: x, y: y)
/// }
/// raster?.cell(x: 5, y: 5)     // .inside
/// raster?.cell(x: 0, y: 5)     // .boundary: test exactly
/// ```
package struct PolygonRaster: Sendable {
    /// What a cell says about the points in it.
    package enum Cell: UInt8, Sendable {
        case outside = 0
        case inside = 1
        case boundary = 2
    }

    /// One axis of the grid: where it starts, how wide its cells are, how many.
    private struct Axis: Sendable {
        let origin, step: Double
        let count: Int
        /// The least margin the caller asks for (see `init`).
        var least = 0.0
        /// How near an edge must come to a cell to make it a boundary cell, and
        /// how far a rectangle is widened before it is called outside: well above
        /// the rounding of coordinates, well below a cell.
        var margin: Double { Swift.max(step * 1e-6, 1e-9, least) }

        /// The position of `v` in cells from the origin.
        func position(_ v: Double) -> Double { (v - origin) / step }
        /// The cell holding `v`, clamped to the grid.
        func index(_ v: Double) -> Int { Swift.max(0, Swift.min(count - 1, Int(position(v).rounded(.down)))) }
        /// The lower edge of cell `i`.
        func start(_ i: Int) -> Double { origin + Double(i) * step }
    }

    private let xs, ys: Axis
    private let cells: [Cell]

    /// Cells along the envelope's longer side.
    package static let resolution = 128

    /// A raster of the polygon bounded by `rings` (every ring of every part,
    /// shells and holes alike, as closed or open point lists). `covers`
    /// answers the exact test at cell centres; nil when the rings have no
    /// extent or `covers` throws. `margin` widens the band of boundary cells
    /// when the rings only approximate the true boundary (geodesic edges drawn
    /// as straight pieces): no cell within `margin` of a ring is called inside
    /// or outside.
    package init?(
        rings: [[(Double, Double)]], resolution: Int = PolygonRaster.resolution, margin: Double = 0,
        covers: (Double, Double) throws -> Bool
    ) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for ring in rings {
            for (x, y) in ring {
                minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
            }
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else { return nil }
        let side = Swift.max(maxX - minX, maxY - minY) / Double(resolution)
        // Cells far larger than the rounding of coordinates, so margins hold.
        let magnitude = Swift.max(abs(minX), abs(maxX), abs(minY), abs(maxY), 1)
        guard side > magnitude * 1e-9 else { return nil }
        let columns = Swift.max(1, Swift.min(resolution, Int(((maxX - minX) / side).rounded(.up))))
        let rows = Swift.max(1, Swift.min(resolution, Int(((maxY - minY) / side).rounded(.up))))
        let xs = Axis(origin: minX, step: (maxX - minX) / Double(columns), count: columns, least: margin)
        let ys = Axis(origin: minY, step: (maxY - minY) / Double(rows), count: rows, least: margin)
        (self.xs, self.ys) = (xs, ys)

        var grid = [Cell](repeating: .outside, count: columns * rows)
        // 1. Boundary cells: every cell an edge passes within the margin of.
        for ring in rings where !ring.isEmpty {
            for i in ring.indices {
                let p = ring[i], q = ring[(i + 1) % ring.count]
                let (x0, x1) = (Swift.min(p.0, q.0), Swift.max(p.0, q.0))
                for c in xs.index(x0 - xs.margin) ... xs.index(x1 + xs.margin) {
                    // The part of the edge over this column (widened by the margin).
                    let left = Swift.max(x0, xs.start(c) - xs.margin)
                    let right = Swift.min(x1, xs.start(c + 1) + xs.margin)
                    var (low, high) = (Swift.min(p.1, q.1), Swift.max(p.1, q.1))
                    if q.0 != p.0 {
                        let slope = (q.1 - p.1) / (q.0 - p.0)
                        let a = p.1 + (left - p.0) * slope, b = p.1 + (right - p.0) * slope
                        // Within the edge's own extent (rounding can overshoot); the whole
                        // extent when the slope overflows.
                        if a.isFinite, b.isFinite {
                            (low, high) = (Swift.max(low, Swift.min(a, b)), Swift.min(high, Swift.max(a, b)))
                        }
                    }
                    guard low <= high else { continue }
                    for r in ys.index(low - ys.margin) ... ys.index(high + ys.margin) {
                        grid[r * columns + c] = .boundary
                    }
                }
            }
        }
        // 2. Runs of other cells, row by row: a run takes the class of a
        //    non-boundary cell below it, else of one exact test at its first cell.
        for r in 0 ..< rows {
            var c = 0
            while c < columns {
                guard grid[r * columns + c] != .boundary else { c += 1; continue }
                var end = c
                while end + 1 < columns, grid[r * columns + end + 1] != .boundary { end += 1 }
                var value: Cell?
                if r > 0 {
                    for k in c ... end where grid[(r - 1) * columns + k] != .boundary {
                        value = grid[(r - 1) * columns + k]
                        break
                    }
                }
                if value == nil {
                    guard let inside = try? covers(xs.start(c) + xs.step / 2, ys.start(r) + ys.step / 2) else {
                        return nil
                    }
                    value = inside ? .inside : .outside
                }
                for k in c ... end { grid[r * columns + k] = value ?? .boundary }
                c = end + 1
            }
        }
        cells = grid
    }

    /// Whether every point of the rectangle (widened by the margin) lies
    /// outside the polygon.
    package func isOutside(west: Double, south: Double, east: Double, north: Double) -> Bool {
        guard xs.position(east + xs.margin) >= 0, ys.position(north + ys.margin) >= 0,
            xs.position(west - xs.margin) <= Double(xs.count), ys.position(south - ys.margin) <= Double(ys.count)
        else { return true }
        for r in ys.index(south - ys.margin) ... ys.index(north + ys.margin) {
            for c in xs.index(west - xs.margin) ... xs.index(east + xs.margin) where cells[r * xs.count + c] != .outside
            { return false }
        }
        return true
    }

    /// What the raster knows of the point (x, y); `.outside` beyond the envelope.
    package func cell(x: Double, y: Double) -> Cell {
        let fx = xs.position(x), fy = ys.position(y)
        // Points on the envelope's far edges can land a rounding error beyond it.
        let slack = 1e-6
        guard fx >= -slack, fy >= -slack, fx <= Double(xs.count) + slack, fy <= Double(ys.count) + slack else {
            return .outside
        }
        return cells[ys.index(y) * xs.count + xs.index(x)]
    }
}
