/// The rectangles whose union contains a region: none, one, or two (a region
/// that crosses the antimeridian is split there). Kept inline, so that a
/// query's region hands them to the spatial index without an allocation.
///
/// ```swift
/// var bounds = GeoBounds(GeoRect(west: 170, south: -10, east: 180, north: 10))
/// bounds.append(GeoRect(west: -180, south: -10, east: -170, north: 10))
/// print(bounds.count)   // 2
/// ```
package struct GeoBounds: RandomAccessCollection, Sendable {
    private var first = GeoRect.world
    private var second = GeoRect.world
    package private(set) var endIndex = 0

    /// No rectangle.
    package init() {}

    /// One rectangle.
    package init(_ rect: GeoRect) {
        append(rect)
    }

    /// Adds a rectangle; a region has at most two.
    package mutating func append(_ rect: GeoRect) {
        precondition(endIndex < 2, "Geode: a region's bounds are at most two rectangles")
        if endIndex == 0 { first = rect } else { second = rect }
        endIndex += 1
    }

    package var startIndex: Int { 0 }

    package subscript(position: Int) -> GeoRect {
        precondition(position >= 0 && position < endIndex, "Geode: bounds index \(position) out of range")
        return position == 0 ? first : second
    }
}
