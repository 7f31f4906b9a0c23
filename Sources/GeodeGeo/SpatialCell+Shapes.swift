extension SpatialCell {
    /// A quadtree cell as a shape's index entry keeps it: its first leaf id
    /// (every leaf of the cell lies in `start ..< start + leafCount`) and its level.
    package struct Block: Hashable, Sendable {
        package let start: UInt64
        package let level: Int

        package init(start: UInt64, level: Int) {
            self.start = start
            self.level = level
        }

        /// The number of leaves in the cell.
        package var leafCount: UInt64 { UInt64(1) << UInt64(2 * (SpatialCell.level - level)) }

        /// The cell of `level` holding leaf `leaf`.
        package static func containing(_ leaf: UInt64, at level: Int) -> Block {
            let size = UInt64(1) << UInt64(2 * (SpatialCell.level - level))
            return Block(start: leaf & ~(size - 1), level: level)
        }
    }

    /// The cells a small shape within `rect` is indexed by: the one cell that
    /// holds the whole rectangle when it is at most eight times as wide and
    /// high as the cells of the deepest level at least as large as the
    /// rectangle; else the (at most four) cells of that level its corners fall
    /// in. A shape of tens of metres gets one or two entries this way, where a
    /// cover of its Z-order ranges split into aligned cells gives it six or more.
    ///
    /// ```swift
    /// let cells = SpatialCell.blocks(holding: GeoRect(west: 2.3500, south: 48.8500, east: 2.3504, north: 48.8503))
    /// ```
    package static func blocks(holding rect: GeoRect) -> [Block] {
        let (width, height) = (rect.east - rect.west, rect.north - rect.south)
        var fitting = level
        while fitting > 0, 360 / Double(UInt64(1) << UInt64(fitting)) < width
            || 180 / Double(UInt64(1) << UInt64(fitting)) < height
        {
            fitting -= 1
        }
        let southWest = id(longitude: rect.west, latitude: rect.south)
        let northEast = id(longitude: rect.east, latitude: rect.north)
        // Leaf ids use the low 2 × level bits; the levels both corners share are the common pairs above.
        let shared = min(level, ((southWest ^ northEast).leadingZeroBitCount - (64 - 2 * level)) / 2)
        if shared >= fitting - 3 { return [Block.containing(southWest, at: shared)] }
        let corners = [
            southWest, id(longitude: rect.east, latitude: rect.south), id(longitude: rect.west, latitude: rect.north),
            northEast,
        ]
        return Set(corners.map { Block.containing($0, at: fitting) }).sorted { $0.start < $1.start }
    }

    /// The cells a shape within `bounds` is indexed by: a cover of at most
    /// about `maxCells` cells (each range split into the largest aligned
    /// quadtree cells it holds), as S2 and MongoDB's 2dsphere cover a shape.
    ///
    /// ```swift
    /// let cells = SpatialCell.blocks(covering: [GeoRect(west: 5.9, south: 45.8, east: 10.5, north: 47.8)])
    /// ```
    package static func blocks(covering geoRects: some Collection<GeoRect>, maxCells: Int = 16) -> [Block] {
        var blocks: [Block] = []
        for range in cover(geoRects, maxCells: maxCells) {
            var start = range.lowerBound
            while start <= range.upperBound {
                // The largest aligned cell starting here and ending within the range.
                var depth = 0  // levels above the leaves
                while depth < level {
                    let size = UInt64(1) << UInt64(2 * (depth + 1))
                    guard start & (size - 1) == 0, start + (size - 1) <= range.upperBound else { break }
                    depth += 1
                }
                blocks.append(Block(start: start, level: level - depth))
                let (next, overflow) = start.addingReportingOverflow(UInt64(1) << UInt64(2 * depth))
                if overflow { break }
                start = next
            }
        }
        return blocks
    }
}
