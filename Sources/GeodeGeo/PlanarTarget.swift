import Foundation

/// A query shape on the plane as GEOS relates stored geometries to it, built
/// on its first test: a query whose candidates are all points (decided on the
/// spatial index's numbers) or all decided on their envelopes never builds it.
/// Tests run one at a time: GEOS prepared geometries build their indexes lazily.
///
/// ```swift
/// let box = PlanarTarget(.polygon([[corner1, corner2, corner3, corner4, corner1]]))
/// box.test { try $0.intersects($0.geometry.context.geometry(stored)) }
/// ```
final class PlanarTarget: @unchecked Sendable {
    private let value: GeometryValue
    /// The envelope of the shape's positions: straight edges stay inside it.
    let envelope: GeoRect?
    private let lock = NSLock()
    /// Built by the first test; `.some(nil)` when GEOS cannot build the shape (it then relates to nothing).
    private var prepared: PreparedGeometry??

    init(_ value: GeometryValue) {
        self.value = value
        let positions = value.positions
        envelope = positions.first.map { first in
            positions.reduce(
                GeoRect(west: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
            ) { $0.union(GeoRect(west: $1.longitude, south: $1.latitude, east: $1.longitude, north: $1.latitude)) }
        }
    }

    /// `body`'s answer for the prepared shape, built first if need be; false
    /// when the shape cannot be built or `body` throws.
    func test(_ body: (PreparedGeometry) throws -> Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if prepared == nil { prepared = .some(try? GEOSContext().geometry(value).prepared()) }
        guard let target = prepared ?? nil else { return false }
        return (try? body(target)) ?? false
    }
}
