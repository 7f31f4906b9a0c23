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
