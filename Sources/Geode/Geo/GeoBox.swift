import GeodeGeo
import GeodeCore

/// A box between two corners, for `geoWithin` queries.
///
/// Its edges are great-circle arcs, as in Realm (the top and bottom edges bow
/// towards the poles); ``with(edges:)`` makes them straight lines in
/// longitude/latitude instead.
///
/// ```swift
/// let box = GeoBox(bottomLeft: (40.7, -74.1), topRight: (40.9, -73.9))!   // (latitude, longitude)
/// let inBox = realm.objects(Place.self).where { $0.location.geoWithin(box) }
/// ```
public struct GeoBox: Hashable, Sendable, GeoShapeConvertible {
    /// The corner given as the bottom left (south-west).
    public let bottomLeft: GeoPoint
    /// The corner given as the top right (north-east).
    public let topRight: GeoPoint
    /// How the edges run; `.geodesic` unless set.
    public private(set) var edges: GeoEdges = .geodesic

    /// A box between two corners.
    public init(bottomLeft: GeoPoint, topRight: GeoPoint) {
        self.bottomLeft = bottomLeft
        self.topRight = topRight
    }

    /// A box between two `(latitude, longitude)` corners; nil when a corner is out of range.
    public init?(bottomLeft: (Double, Double), topRight: (Double, Double)) {
        guard let bl = GeoPoint(latitude: bottomLeft.0, longitude: bottomLeft.1),
            let tr = GeoPoint(latitude: topRight.0, longitude: topRight.1)
        else { return nil }
        self.init(bottomLeft: bl, topRight: tr)
    }

    /// The same box with `edges`.
    public func with(edges: GeoEdges) -> GeoBox {
        var copy = self
        copy.edges = edges
        return copy
    }

    var geoShape: GeoShape {
        GeoShape(
            .box(
                west: bottomLeft.longitude, south: bottomLeft.latitude, east: topRight.longitude,
                north: topRight.latitude),
            edges: edges == .planar ? .planar : .geodesic)
    }
}
