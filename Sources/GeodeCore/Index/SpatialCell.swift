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
        let max = UInt64(1 << level) - 1
        let x = Swift.min(max, UInt64(Swift.max(0, ((longitude + 180) / 360 * scale).rounded(.down))))
        let y = Swift.min(max, UInt64(Swift.max(0, ((latitude + 90) / 180 * scale).rounded(.down))))
        return spread(x) | (spread(y) << 1)
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

    private struct Cell {
        var level: Int
        var x: UInt64
        var y: UInt64

        var west: Double { Double(x) / Double(1 << level) * 360 - 180 }
        var east: Double { Double(x + 1) / Double(1 << level) * 360 - 180 }
        var south: Double { Double(y) / Double(1 << level) * 180 - 90 }
        var north: Double { Double(y + 1) / Double(1 << level) * 180 - 90 }

        func intersects(_ r: GeoRect) -> Bool { west <= r.east && east >= r.west && south <= r.north && north >= r.south }
        func isInside(_ r: GeoRect) -> Bool { west >= r.west && east <= r.east && south >= r.south && north <= r.north }

        /// The leaf ids under this cell.
        var range: ClosedRange<UInt64> {
            let shift = UInt64(2 * (SpatialCell.level - level))
            let code = SpatialCell.spread(x) | (SpatialCell.spread(y) << 1)
            return (code << shift) ... (((code + 1) << shift) &- 1)
        }

        var children: [Cell] {
            [Cell(level: level + 1, x: 2 * x, y: 2 * y), Cell(level: level + 1, x: 2 * x + 1, y: 2 * y),
             Cell(level: level + 1, x: 2 * x, y: 2 * y + 1), Cell(level: level + 1, x: 2 * x + 1, y: 2 * y + 1)]
        }
    }

    /// Leaf-id ranges whose union holds every point of `rects`: cells are split
    /// level by level while the cover stays within `maxCells` cells, so small
    /// shapes get tight covers and large shapes few ranges.
    package static func cover(_ rects: [GeoRect], maxCells: Int = 32) -> [ClosedRange<UInt64>] {
        var done: [Cell] = []
        var frontier = [Cell(level: 0, x: 0, y: 0)]
        while !frontier.isEmpty {
            var next: [Cell] = []
            var inside: [Cell] = []
            for cell in frontier {
                if rects.contains(where: { cell.isInside($0) }) {
                    inside.append(cell)
                } else if cell.level < level {
                    next += cell.children.filter { child in rects.contains { child.intersects($0) } }
                } else {
                    inside.append(cell)
                }
            }
            if done.count + inside.count + next.count > maxCells {
                // Splitting further would cost too many ranges: keep this level's cells whole.
                done += frontier
                break
            }
            done += inside
            frontier = next
        }
        return merge(done.map(\.range))
    }

    private static func merge(_ ranges: [ClosedRange<UInt64>]) -> [ClosedRange<UInt64>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt64>] = []
        for r in sorted {
            if let last = merged.last, r.lowerBound <= last.upperBound &+ 1, last.upperBound != .max {
                merged[merged.count - 1] = last.lowerBound ... Swift.max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        return merged
    }
}
