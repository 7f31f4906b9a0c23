import Foundation

/// A query's shape, built once per query, that stored geometries of every
/// GeoJSON type are related to (``GeoRelation``): through S2 on the sphere
/// (geodesic edges, Realm's model), through GEOS prepared geometries on the
/// plane, and through great-circle distances for a circle.
///
/// A stored geometry that cannot be built (it breaks a rule S2 or GEOS
/// enforces) relates to nothing, as a malformed point matches no query.
///
/// ```swift
/// let france = try GeoTarget(GeoShape(.polygon(rings: border)), for: .contains)
/// france.relates(.point(paris), .contains)
/// ```
package final class GeoTarget: @unchecked Sendable {
    private enum Form {
        case sphere(SphereGeometry)
        case planar(PlanarTarget)
        case circle(longitude: Double, latitude: Double, radians: Double)
    }

    private let form: Form
    /// The shape, as the query gave it.
    package let shape: GeoShape
    /// The envelope of the planar shape (nil on the sphere), kept for ``decides(envelope:_:)``.
    private let planarEnvelope: GeoRect?

    /// Builds the shape for `relation`; throws ``GeometryError/invalidShape(_:)``
    /// when the shape breaks a rule or cannot serve the relation.
    package convenience init(_ shape: GeoShape, for relation: GeoRelation) throws {
        _ = try shape.region()  // the shape's own rules, in the words geoWithin uses
        if relation == .contains, case .circle = shape.kind {
            throw GeometryError.invalidShape(
                "geoContains takes a point, line, box or polygon, not a circle (use geoIntersects or geoWithin)")
        }
        try self.init(shape, checked: shape.geometryValue)
    }

    /// Builds a shape whose rules were checked; `value` is its geometry (nil for a circle).
    init(_ shape: GeoShape, checked value: GeometryValue?) throws {
        self.shape = shape
        guard let value else {
            guard case let .circle(lon, lat, radians) = shape.kind else {
                throw GeometryError.invalidShape("\(shape) has no geometry")
            }
            form = .circle(longitude: lon, latitude: lat, radians: radians)
            planarEnvelope = nil
            return
        }
        do {
            if shape.edges == .geodesic {
                form = .sphere(try SphereGeometry(value))
                planarEnvelope = nil
            } else {
                // GEOS builds it on the first whole geometry to relate, if any comes.
                let target = PlanarTarget(value)
                form = .planar(target)
                planarEnvelope = target.envelope
            }
        } catch {
            throw GeometryError.invalidShape("\(shape): \(error)")
        }
    }

    /// What the envelope of a stored geometry's positions decides of
    /// `relation`, without the geometry: true or false when certain, nil when
    /// the geometry must be tested. On the plane only, where straight edges
    /// keep a geometry inside the envelope of its positions: a geometry clear
    /// of the shape's envelope neither lies in it nor meets it, one whose
    /// envelope lies in a box does both, and one whose envelope does not hold
    /// the shape's cannot contain it.
    package func decides(envelope: GeoRect, _ relation: GeoRelation) -> Bool? {
        guard let own = planarEnvelope else { return nil }
        switch relation {
        case .within, .intersects:
            if own.isDisjoint(from: envelope) { return false }
            if case .box = shape.kind, own.contains(envelope) { return true }
            return nil
        case .contains:
            return envelope.contains(own) ? nil : false
        }
    }

    /// Rectangles that bound the shape.
    var bounds: GeoBounds {
        switch form {
        case let .sphere(geometry): return geometry.bounds
        case let .planar(target):
            guard let e = target.envelope else { return GeoBounds() }
            return GeoBounds(
                GeoRect(west: max(-180, e.west), south: max(-90, e.south), east: min(180, e.east), north: min(90, e.north)))
        case let .circle(lon, lat, radians): return CapRegion(longitude: lon, latitude: lat, radians: radians).bounds
        }
    }

    /// Whether `stored` stands in `relation` to this shape.
    package func relates(_ stored: GeometryValue, _ relation: GeoRelation) -> Bool {
        switch form {
        case let .sphere(target):
            guard let geometry = try? SphereGeometry(stored) else { return false }
            // A point on a boundary shared by two polygons belongs to one of them
            // (Realm's semi-open rule); a line or polygon may touch the boundary of
            // what holds it, as PostGIS's ST_Covers and GEOS on the plane allow.
            switch relation {
            case .within: return target.contains(geometry, closed: stored.onePoint == nil)
            case .intersects: return target.intersects(geometry)
            case .contains: return geometry.contains(target, closed: shape.geometryValue?.onePoint == nil)
            }
        case let .planar(target):
            return target.test { prepared in
                let geometry = try prepared.geometry.context.geometry(stored)
                switch relation {
                case .within: return try prepared.covers(geometry)
                case .intersects: return try prepared.intersects(geometry)
                case .contains: return try prepared.isCovered(by: geometry)
                }
            }
        case let .circle(lon, lat, radians):
            guard let geometry = try? SphereGeometry(stored) else { return false }
            let (least, greatest) = geometry.distances(longitude: lon, latitude: lat)
            switch relation {
            case .within: return greatest <= radians
            case .intersects: return least <= radians
            case .contains: return false
            }
        }
    }
}
