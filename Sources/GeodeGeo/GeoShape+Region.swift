import Foundation

/// Regions the engine tests points against, one per shape per query.
///
/// Semantics (also in the Geospatial Queries article):
/// - Circles hold every point whose great-circle distance (haversine, in
///   double precision) from the centre is at most the radius.
/// - Planar boxes and polygons are ranges and GEOS polygons in longitude/latitude;
///   a planar box whose west edge is east of its east edge crosses the antimeridian.
/// - Geodesic boxes and polygons have great-circle edges. GEOS evaluates them
///   on rings densified along the great circles until every straight piece lies
///   within ``GeodesicRings/toleranceMeters`` of its arc; rings are unwrapped
///   across the antimeridian, and a ring that goes around a pole is closed over
///   that pole (the pole on the side of the ring's mean latitude), so a ring
///   always means the smaller region it bounds.
extension GeoShape {
    /// The region this shape bounds, ready to test points; throws
    /// ``GeometryError/invalidShape(_:)`` naming the shape and the rule broken.
    ///
    /// ```swift
    /// let region = try GeoShape(.circle(longitude: 2.35, latitude: 48.85, radians: 0.001)).region()
    /// region.contains(longitude: 2.35, latitude: 48.85)   // true
    /// ```
    package func region() throws -> any GeoRegion {
        try checkCoordinates()
        switch kind {
        case let .box(west, south, east, north) where edges == .planar:
            guard south <= north else {
                throw GeometryError.invalidShape(
                    "geoBox: the bottom-left corner (latitude \(south)) is north of the top-right corner (latitude \(north))"
                )
            }
            // A planar box whose west corner is east of its east corner crosses the antimeridian.
            return PlanarBoxRegion(west: west, south: south, east: east, north: north)
        case let .box(first, firstLatitude, second, secondLatitude):
            // As in Realm, a geodesic box is the quadrilateral of its two corners'
            // longitudes and latitudes, whichever corners are given in whichever order.
            let (west, east) = (min(first, second), max(first, second))
            let (south, north) = (min(firstLatitude, secondLatitude), max(firstLatitude, secondLatitude))
            let corners = [
                GeoCoordinate(longitude: west, latitude: south), GeoCoordinate(longitude: east, latitude: south),
                GeoCoordinate(longitude: east, latitude: north), GeoCoordinate(longitude: west, latitude: north),
                GeoCoordinate(longitude: west, latitude: south),
            ]
            return try PolygonRegion(geodesic: [[corners]], shape: "geoBox")
        case let .circle(longitude, latitude, radians):
            guard radians >= 0, radians.isFinite else {
                throw GeometryError.invalidShape(
                    "geoCircle: the radius must be a finite angle of 0 radians or more, not \(radians)")
            }
            return CapRegion(longitude: longitude, latitude: latitude, radians: radians)
        case let .polygon(rings):
            do {
                try PolygonRules.check(rings, edges: edges)
            } catch {
                throw GeometryError.invalidShape("geoPolygon: \(error)")
            }
            if edges == .geodesic { return try PolygonRegion(geodesic: [rings], shape: "geoPolygon") }
            return try PolygonRegion(parts: [GeodesicRings.pairs(rings)], shape: "geoPolygon")
        case let .multiPolygon(polygons):
            if edges == .geodesic { return try PolygonRegion(geodesic: polygons, shape: "geoPolygon") }
            return try PolygonRegion(parts: polygons.map(GeodesicRings.pairs), shape: "geoPolygon")
        case let .point(p):
            return PointRegion(p)
        case let .lineString(points):
            guard Set(points).count >= 2 else {
                throw GeometryError.invalidShape("geoLineString: a line needs at least 2 distinct positions")
            }
            return try GeometryRegion(self, shape: "geoLineString")
        case .geometry:
            return try GeometryRegion(self, shape: "geometry")
        }
    }

    /// Throws when a coordinate is not a longitude in [-180, 180] and a
    /// latitude in [-90, 90] (planar polygons excepted: GEOS takes any).
    private func checkCoordinates() throws {
        func check(_ what: String, _ lon: Double, _ lat: Double) throws {
            guard lon.isFinite, lon >= -180, lon <= 180 else {
                throw GeometryError.invalidShape("\(what): longitude \(lon) is outside [-180, 180]")
            }
            guard lat.isFinite, lat >= -90, lat <= 90 else {
                throw GeometryError.invalidShape("\(what): latitude \(lat) is outside [-90, 90]")
            }
        }
        switch kind {
        case let .box(west, south, east, north):
            try check("geoBox", west, south)
            try check("geoBox", east, north)
        case let .circle(lon, lat, _):
            try check("geoCircle", lon, lat)
        case let .polygon(rings) where edges == .geodesic:
            for point in rings.joined() { try check("geoPolygon", point.longitude, point.latitude) }
        case let .multiPolygon(polygons) where edges == .geodesic:
            for point in polygons.joined().joined() { try check("geoPolygon", point.longitude, point.latitude) }
        case let .point(p):
            try check("geoPoint", p.longitude, p.latitude)
        case let .lineString(points) where edges == .geodesic:
            for point in points { try check("geoLineString", point.longitude, point.latitude) }
        case let .geometry(value) where edges == .geodesic:
            for point in value.positions { try check(value.typeName, point.longitude, point.latitude) }
        default:
            break
        }
    }
}
