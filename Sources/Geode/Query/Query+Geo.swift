import Foundation
import GeodeCore
import GeodeGeo

/// Embedded objects and optional embedded objects, for `geoWithin`.
public protocol _QueryGeoPoint {}
extension Optional: _QueryGeoPoint where Wrapped: EmbeddedObject {}
extension EmbeddedObject: _QueryGeoPoint {}
extension List: _QueryGeoPoint where Element: EmbeddedObject {}

extension Query where T: _QueryGeoPoint {
    private func within(_ shape: GeoShape) -> Query<Bool> {
        Query<Bool>(.predicate(.geoWithin(QueryKeyPath(components), shape, quantifier)))
    }

    /// The point lies in `box`.
    ///
    /// ```swift
    /// realm.objects(Place.self).where { $0.location.geoWithin(box) }
    /// ```
    public func geoWithin(_ box: GeoBox) -> Query<Bool> { within(box.geoShape) }
    /// The point lies in `circle`.
    public func geoWithin(_ circle: GeoCircle) -> Query<Bool> { within(circle.geoShape) }
    /// The point lies in `polygon`.
    public func geoWithin(_ polygon: GeoPolygon) -> Query<Bool> { within(polygon.geoShape) }
}
