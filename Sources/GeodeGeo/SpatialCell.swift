import Foundation

/// Cells of the spatial index: a quadtree over longitude/latitude, numbered
/// along a Z-order (Morton) curve so that every quadtree cell is one range of
/// leaf ids. A point's leaf id interleaves the bits of its column and row at
/// ``level`` (26 bits each: leaves of about 0.6 m × 0.3 m at the equator).
///
/// Cells are only a prefilter: the index stores each point's exact
/// coordinates and every candidate is tested exactly.
///
/// ```swift
/// let id = SpatialCell.id(longitude: 2.35, latitude: 48.85)
/// let ranges = SpatialCell.cover([GeoRect(west: 2, south: 48, east: 3, north: 49)])
/// ```
package enum SpatialCell {
    /// Bits per axis at the leaves.
    package static let level = 26
    private static let scale = Double(1 << level)

    /// The leaf cell of a point.
    package static func id(longitude: Double, latitude: Double) -> UInt64 {
        spread(column(longitude)) | (spread(row(latitude)) << 1)
    }

    /// The leaf column of a longitude (clamped to the grid; never decreasing as it grows).
    private static func column(_ longitude: Double) -> UInt64 { leaf((longitude + 180) / 360 * scale) }
    /// The leaf row of a latitude (clamped to the grid; never decreasing as it grows).
    private static func row(_ latitude: Double) -> UInt64 { leaf((latitude + 90) / 180 * scale) }

    private static func leaf(_ scaled: Double) -> UInt64 {
        UInt64(Swift.min(scale - 1, Swift.max(0, scaled.rounded(.down))))
    }

    /// Spreads the low 32 bits of `v` to the even bits of the result.
    private static func spread(_ v: UInt64) -> UInt64 {
        var x = v & 0xFFFF_FFFF
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333_3333_3333
        x = (x | (x << 1)) & 0x5555_5555_5555_5555
        return x
    }

    /// A rectangle in leaf columns and rows, bounds included: every point of
    /// the longitude/latitude rectangle has its leaf inside (the leaf of a
    /// coordinate never decreases as the coordinate grows, so the corners'
    /// leaves bound every point's).
    private struct LeafRect {
        var x0, x1, y0, y1: UInt64

        init(_ r: GeoRect) {
            (x0, x1, y0, y1) = (column(r.west), column(r.east), row(r.south), row(r.north))
            (x1, y1) = (Swift.max(x0, x1), Swift.max(y0, y1))
        }

        /// Cells of `level` it meets.
        func cells(at level: Int) -> Int {
            let s = UInt64(SpatialCell.level - level)
            return Int((x1 &>> s) - (x0 &>> s) + 1) * Int((y1 &>> s) - (y0 &>> s) + 1)
        }
    }

    /// A quadtree cell: `level` bits per axis, column `x`, row `y`. Twelve
    /// bytes (every part fits 32 bits), so that a small cover's scratch cells
    /// stay within what Swift puts on the stack.
    private struct Cell {
        private var storedLevel: UInt32
        private var storedX: UInt32
        private var storedY: UInt32

        init(level: Int, x: UInt64, y: UInt64) {
            storedLevel = UInt32(truncatingIfNeeded: level)
            storedX = UInt32(truncatingIfNeeded: x)
            storedY = UInt32(truncatingIfNeeded: y)
        }

        var level: Int { Int(storedLevel) }
        var x: UInt64 { UInt64(storedX) }
        var y: UInt64 { UInt64(storedY) }

        private var shift: UInt64 { UInt64(SpatialCell.level - level) }

        func isInside(_ r: LeafRect) -> Bool {
            // Masking shifts: a shift is at most 26, and Swift's checked ones branch.
            let s = shift
            return x &<< s >= r.x0 && ((x + 1) &<< s) - 1 <= r.x1 && y &<< s >= r.y0 && ((y + 1) &<< s) - 1 <= r.y1
        }

        func isInside(any rects: UnsafeBufferPointer<LeafRect>) -> Bool {
            for r in rects where isInside(r) { return true }
            return false
        }

        /// The cell in degrees (its leaves' extent). Out of line: only covers
        /// with an exclusion test need it, and inlined, its divisions were
        /// computed for every child of every cover.
        @inline(never)
        func rect() -> GeoRect {
            let n = Double(1 << level)
            return GeoRect(
                west: Double(x) / n * 360 - 180, south: Double(y) / n * 180 - 90,
                east: Double(x + 1) / n * 360 - 180, north: Double(y + 1) / n * 180 - 90)
        }

        /// The leaf ids under this cell.
        var range: ClosedRange<UInt64> {
            let shift = 2 * shift
            let code = SpatialCell.spread(x) | (SpatialCell.spread(y) &<< 1)
            return (code &<< shift) ... (((code + 1) &<< shift) &- 1)
        }
    }

    /// Leaf-id ranges whose union holds every point of `rects`: cells are split
    /// level by level while the cover stays within `maxCells` cells (by
    /// default ``cellBudget(extent:)``), so small shapes get tight covers and
    /// large shapes few ranges.
    ///
    /// The split starts at the deepest level where the rectangles meet at most
    /// four cells (every shallower level would keep all its cells), and cells
    /// are tested in integer leaf coordinates, so a small shape's cover costs a
    /// few dozen integer comparisons.
    ///
    /// With `excludes`, cells it says lie wholly outside the shape are dropped
    /// as they are met, so an irregular shape is covered by the cells it touches.
    package static func cover(
        _ geoRects: some Collection<GeoRect>, maxCells: Int? = nil,
        excludes: ((GeoRect) -> Bool)? = nil
    ) -> [ClosedRange<UInt64>] {
        withCover(geoRects, maxCells: maxCells, excludes: excludes) { Array($0) }
    }

    /// Calls `body` with ``cover(_:maxCells:excludes:)``'s ranges, held in a
    /// buffer on the stack: a query's scan needs them only while it runs.
    ///
    /// ```swift
    /// let seeks = SpatialCell.withCover([GeoRect(west: 2, south: 48, east: 3, north: 49)]) { $0.count }
    /// ```
    package static func withCover<R>(
        _ geoRects: some Collection<GeoRect>, maxCells: Int? = nil, excludes: ((GeoRect) -> Bool)? = nil,
        _ body: (UnsafeBufferPointer<ClosedRange<UInt64>>) throws -> R
    ) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: LeafRect.self, capacity: geoRects.count) { rects in
            for (i, r) in geoRects.enumerated() { rects.initializeElement(at: i, to: LeafRect(r)) }
            return try withCover(UnsafeBufferPointer(rects), maxCells: maxCells, excludes: excludes, body)
        }
    }

    /// ``withCover(_:maxCells:excludes:_:)`` of rectangles in leaf coordinates.
    private static func withCover<R>(
        _ rects: UnsafeBufferPointer<LeafRect>, maxCells: Int?, excludes: ((GeoRect) -> Bool)?,
        _ body: (UnsafeBufferPointer<ClosedRange<UInt64>>) throws -> R
    ) rethrows -> R {
        // The deepest level whose cells meeting the rectangles number at most
        // four: the count only grows with the level, so a binary search finds it.
        func cells(at level: Int) -> Int { rects.reduce(0) { $0 + $1.cells(at: level) } }
        var (start, beyond) = (0, level + 1)
        while beyond - start > 1 {
            let middle = (start + beyond) / 2
            if cells(at: middle) <= 4 { start = middle } else { beyond = middle }
        }
        let maxCells = maxCells ?? cellBudgets[level - start]
        // Scratch on the stack (Swift's temporary allocations stay there up
        // to 1 KiB: a kilometre-wide shape's fit): the cells of one level still
        // to split, and of the next. A level holds at most `maxCells` cells (or
        // the first level's), the next four times that; the ranges, at most
        // one level's cells more than `maxCells`.
        let capacity = 4 * Swift.max(maxCells, cells(at: start))
        return try withUnsafeTemporaryAllocation(of: ClosedRange<UInt64>.self, capacity: capacity + maxCells) {
            ranges in
            var rangeCount = 0
            withUnsafeTemporaryAllocation(of: Cell.self, capacity: 2 * capacity) { scratch in
                var frontier = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< capacity])
                var next = UnsafeMutableBufferPointer(rebasing: scratch[capacity...])
                var count = 0
                let s = UInt64(level - start)
                for r in rects {
                    for y in r.y0 &>> s ... r.y1 &>> s {
                        for x in r.x0 &>> s ... r.x1 &>> s
                        where !frontier[..<count].contains(where: { $0.x == x && $0.y == y }) {
                            let cell = Cell(level: start, x: x, y: y)
                            if let excludes, excludes(cell.rect()) { continue }
                            frontier.initializeElement(at: count, to: cell)
                            count += 1
                        }
                    }
                }
                while count > 0 {
                    var nextCount = 0
                    let kept = rangeCount
                    for cell in frontier[..<count] {
                        if cell.level == level || cell.isInside(any: rects) {
                            ranges.initializeElement(at: rangeCount, to: cell.range)
                            rangeCount += 1
                            continue
                        }
                        // The children meeting a rectangle, found by clamping
                        // each rectangle to the cell (instead of testing all
                        // four against each): bit 2·dy + dx of `meeting`.
                        let s = UInt64(level - cell.level - 1)
                        let (left, bottom) = (2 * cell.x, 2 * cell.y)
                        var meeting = 0
                        for r in rects {
                            let x0 = Swift.max(left, r.x0 &>> s), x1 = Swift.min(left + 1, r.x1 &>> s)
                            let y0 = Swift.max(bottom, r.y0 &>> s), y1 = Swift.min(bottom + 1, r.y1 &>> s)
                            guard x0 <= x1, y0 <= y1 else { continue }
                            // Columns x0…x1 as bits 0…1 of a row, in rows y0…y1.
                            let row = (2 &<< Int(x1 - left)) - (1 &<< Int(x0 - left))
                            if y0 == bottom { meeting |= row }
                            if y1 > bottom { meeting |= row &<< 2 }
                        }
                        for bit in 0 ..< 4 where meeting & (1 &<< bit) != 0 {
                            let child = Cell(
                                level: cell.level + 1, x: left + UInt64(bit & 1), y: bottom + UInt64(bit >> 1))
                            if let excludes, excludes(child.rect()) { continue }
                            next.initializeElement(at: nextCount, to: child)
                            nextCount += 1
                        }
                    }
                    if rangeCount + nextCount > maxCells {
                        // Splitting further would cost too many ranges: keep this level's cells whole.
                        rangeCount = kept
                        for cell in frontier[..<count] {
                            ranges.initializeElement(at: rangeCount, to: cell.range)
                            rangeCount += 1
                        }
                        break
                    }
                    swap(&frontier, &next)
                    count = nextCount
                }
            }
            let merged = merge(UnsafeMutableBufferPointer(rebasing: ranges[..<rangeCount]))
            return try body(UnsafeBufferPointer(rebasing: ranges[..<merged]))
        }
    }

    /// The cells a cover may use for a shape about 2^`extent` leaves across
    /// (2^13 leaves: about 2 km), when the shape does not say: 8 for shapes of
    /// a kilometre or so, twice as many each time the shape grows fourfold in
    /// width, at most 64. Each range costs the scan a seek, and each cell's
    /// spare area costs it the points there outside the shape; small shapes
    /// hold few points, so seeks dominate, large ones many, so spare area does
    /// (the places benchmark: 8 cells are best for 1 km circles, 16 for 0.1°
    /// boxes, 32 to 64 from 1° on).
    static func cellBudget(extent: Int) -> Int {
        let budget = 8 * pow(2, Double(extent - 13) / 2)
        return Int(Swift.min(64, Swift.max(8, budget)))
    }

    /// ``cellBudget(extent:)`` for every extent a cover can start at (it is
    /// asked for each query; `pow` cost a tenth of a small one).
    private static let cellBudgets = (0 ... level).map(cellBudget(extent:))

    /// `ranges` sorted and joined where they touch, in place (a cover has
    /// a few dozen, mostly in order already: an insertion sort); returns how
    /// many ranges lead the buffer now.
    private static func merge(_ ranges: UnsafeMutableBufferPointer<ClosedRange<UInt64>>) -> Int {
        for i in ranges.indices.dropFirst() {
            let r = ranges[i]
            var j = i
            while j > 0, ranges[j - 1].lowerBound > r.lowerBound {
                ranges[j] = ranges[j - 1]
                j -= 1
            }
            ranges[j] = r
        }
        var count = 0
        for r in ranges {
            if count > 0, r.lowerBound <= ranges[count - 1].upperBound &+ 1, ranges[count - 1].upperBound != .max {
                ranges[count - 1] =
                    ranges[count - 1].lowerBound ... Swift.max(ranges[count - 1].upperBound, r.upperBound)
            } else {
                ranges[count] = r
                count += 1
            }
        }
        return count
    }
}
