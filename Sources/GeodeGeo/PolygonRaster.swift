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

    private let minX, minY: Double
    private let cellWidth, cellHeight: Double
    private let columns, rows: Int
    private let cells: [Cell]

    /// Cells along the envelope's longer side.
    package static let resolution = 128

    /// A raster of the polygon bounded by `rings` (every ring of every part,
    /// shells and holes alike, as closed or open point lists). `covers`
    /// answers the exact test at cell centres; nil when the rings have no
    /// extent or `covers` throws.
    package init?(rings: [[(Double, Double)]], resolution: Int = PolygonRaster.resolution,
                  covers: (Double, Double) throws -> Bool) {
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
        columns = Swift.max(1, Swift.min(resolution, Int(((maxX - minX) / side).rounded(.up))))
        rows = Swift.max(1, Swift.min(resolution, Int(((maxY - minY) / side).rounded(.up))))
        (self.minX, self.minY) = (minX, minY)
        cellWidth = (maxX - minX) / Double(columns)
        cellHeight = (maxY - minY) / Double(rows)

        let (ncol, nrow, width, height) = (columns, rows, cellWidth, cellHeight)
        var grid = [Cell](repeating: .outside, count: ncol * nrow)
        // 1. Boundary cells: every cell an edge passes within `margin` of.
        let marginX = Swift.max(width * 1e-6, magnitude * 1e-12), marginY = Swift.max(height * 1e-6, magnitude * 1e-12)
        func column(_ x: Double) -> Int { Swift.max(0, Swift.min(ncol - 1, Int(((x - minX) / width).rounded(.down)))) }
        func row(_ y: Double) -> Int { Swift.max(0, Swift.min(nrow - 1, Int(((y - minY) / height).rounded(.down)))) }
        for ring in rings where !ring.isEmpty {
            for i in ring.indices {
                let p = ring[i], q = ring[(i + 1) % ring.count]
                let (x0, x1) = (Swift.min(p.0, q.0), Swift.max(p.0, q.0))
                for c in column(x0 - marginX) ... column(x1 + marginX) {
                    // The part of the edge over this column (widened by the margin).
                    let left = Swift.max(x0, minX + Double(c) * width - marginX)
                    let right = Swift.min(x1, minX + Double(c + 1) * width + marginX)
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
                    for r in row(low - marginY) ... row(high + marginY) { grid[r * ncol + c] = .boundary }
                }
            }
        }
        // 2. Runs of other cells, row by row: a run takes the class of a
        //    non-boundary cell below it, else of one exact test at its first cell.
        for r in 0 ..< nrow {
            var c = 0
            while c < ncol {
                guard grid[r * ncol + c] != .boundary else { c += 1; continue }
                var end = c
                while end + 1 < ncol, grid[r * ncol + end + 1] != .boundary { end += 1 }
                var value: Cell?
                if r > 0 {
                    for k in c ... end where grid[(r - 1) * ncol + k] != .boundary {
                        value = grid[(r - 1) * ncol + k]
                        break
                    }
                }
                if value == nil {
                    let x = minX + (Double(c) + 0.5) * width, y = minY + (Double(r) + 0.5) * height
                    guard let inside = try? covers(x, y) else { return nil }
                    value = inside ? .inside : .outside
                }
                for k in c ... end { grid[r * ncol + k] = value ?? .boundary }
                c = end + 1
            }
        }
        cells = grid
    }

    /// Whether every point of the rectangle (widened by a rounding margin)
    /// lies outside the polygon.
    package func isOutside(west: Double, south: Double, east: Double, north: Double) -> Bool {
        let marginX = cellWidth * 1e-6 + 1e-9, marginY = cellHeight * 1e-6 + 1e-9
        let x0 = (west - marginX - minX) / cellWidth, x1 = (east + marginX - minX) / cellWidth
        let y0 = (south - marginY - minY) / cellHeight, y1 = (north + marginY - minY) / cellHeight
        guard x1 >= 0, y1 >= 0, x0 <= Double(columns), y0 <= Double(rows) else { return true }
        let c0 = Swift.max(0, Int(x0.rounded(.down))), c1 = Swift.min(columns - 1, Int(x1.rounded(.down)))
        let r0 = Swift.max(0, Int(y0.rounded(.down))), r1 = Swift.min(rows - 1, Int(y1.rounded(.down)))
        guard c0 <= c1, r0 <= r1 else { return true }
        for r in r0 ... r1 {
            for c in c0 ... c1 where cells[r * columns + c] != .outside { return false }
        }
        return true
    }

    /// What the raster knows of the point (x, y); `.outside` beyond the envelope.
    package func cell(x: Double, y: Double) -> Cell {
        let fx = (x - minX) / cellWidth, fy = (y - minY) / cellHeight
        // Points on the envelope's far edges can land a rounding error beyond it.
        let slack = 1e-6
        guard fx >= -slack, fy >= -slack, fx <= Double(columns) + slack, fy <= Double(rows) + slack else { return .outside }
        let c = Swift.max(0, Swift.min(columns - 1, Int(fx))), r = Swift.max(0, Swift.min(rows - 1, Int(fy)))
        return cells[r * columns + c]
    }
}
