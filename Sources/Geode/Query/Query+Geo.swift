import Foundation
import GeodeCore
import GeodeGeo

/// Embedded objects and optional embedded objects (and lists of them), for
/// the geo predicates: a geo point (Realm's shape) or any GeoJSON geometry
/// (``GeoJSONGeometry``'s shape).
public protocol _QueryGeoPoint {}
extension Optional: _QueryGeoPoint where Wrapped: EmbeddedObject {}
extension EmbeddedObject: _QueryGeoPoint {}
extension List: _QueryGeoPoint where Element: EmbeddedObject {}

extension Query where T: _QueryGeoPoint {
    private func relation(_ relation: GeoRelation, _ shape: GeoShape) -> Query<Bool> {
        Query<Bool>(.predicate(.geo(relation, QueryKeyPath(components), shape, quantifier)))
    }

    /// The point (or every point of the geometry) lies in `box`.
    ///
    /// ```swift
    /// realm.objects(Place.self).where { $0.location.geoWithin(box) }
    /// ```
    public func geoWithin(_ box: GeoBox) -> Query<Bool> { relation(.within, box.geoShape) }
    /// The point (or every point of the geometry) lies in `circle`.
    public func geoWithin(_ circle: GeoCircle) -> Query<Bool> { relation(.within, circle.geoShape) }
    /// The point (or every point of the geometry) lies in `polygon`.
    public func geoWithin(_ polygon: GeoPolygon) -> Query<Bool> { relation(.within, polygon.geoShape) }
    /// The point (or every point of the geometry) lies in one of `shape`'s polygons.
    public func geoWithin(_ shape: GeoMultiPolygon) -> Query<Bool> { relation(.within, shape.geoShape) }
    /// The point (or every point of the geometry) lies in `geometry`, whose
    /// edges run as `edges` says (great circles unless told).
    ///
    /// ```swift
    /// let border = try GeoGeometry(geoJSON: franceGeoJSON)
    /// realm.objects(Parcel.self).where { $0.outline.geoWithin(border, edges: .planar) }
    /// ```
    public func geoWithin(_ geometry: GeoGeometry, edges: GeoEdges = .geodesic) -> Query<Bool> {
        relation(.within, geometry.shape(edges: edges))
    }

    /// The geometry (or point) and `box` share a point, boundaries included.
    ///
    /// ```swift
    /// realm.objects(Parcel.self).where { $0.outline.geoIntersects(box) }
    /// ```
    public func geoIntersects(_ box: GeoBox) -> Query<Bool> { relation(.intersects, box.geoShape) }
    /// The geometry comes within `circle`'s radius of its centre.
    public func geoIntersects(_ circle: GeoCircle) -> Query<Bool> { relation(.intersects, circle.geoShape) }
    /// The geometry and `polygon` share a point, boundaries included.
    public func geoIntersects(_ polygon: GeoPolygon) -> Query<Bool> { relation(.intersects, polygon.geoShape) }
    /// The geometry and one of `shape`'s polygons share a point, boundaries included.
    public func geoIntersects(_ shape: GeoMultiPolygon) -> Query<Bool> { relation(.intersects, shape.geoShape) }
    /// The geometry and `geometry` share a point, boundaries included.
    public func geoIntersects(_ geometry: GeoGeometry, edges: GeoEdges = .geodesic) -> Query<Bool> {
        relation(.intersects, geometry.shape(edges: edges))
    }

    /// The stored geometry contains `point`: "which country is this point in".
    ///
    /// ```swift
    /// realm.objects(Country.self).where { $0.border.geoContains(paris) }
    /// ```
    public func geoContains(_ point: GeoPoint) -> Query<Bool> { relation(.contains, GeoGeometry.point(point).geoShape) }
    /// The stored geometry contains all of `box`.
    public func geoContains(_ box: GeoBox) -> Query<Bool> { relation(.contains, box.geoShape) }
    /// The stored geometry contains all of `polygon`.
    public func geoContains(_ polygon: GeoPolygon) -> Query<Bool> { relation(.contains, polygon.geoShape) }
    /// The stored geometry contains all of `geometry`.
    public func geoContains(_ geometry: GeoGeometry, edges: GeoEdges = .geodesic) -> Query<Bool> {
        relation(.contains, geometry.shape(edges: edges))
    }
}
