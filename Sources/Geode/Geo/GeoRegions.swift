import Foundation
import GeodeCore
import GeodeGeo

/// Builds the regions the engine tests points against, one per shape per query.
///
/// Semantics (also in the Geospatial Queries article):
/// - Circles hold every point whose great-circle distance (haversine, in
///   double precision) from the centre is at most the radius.
/// - Planar boxes and polygons are ranges and GEOS polygons in longitude/latitude;
///   a planar box whose west edge is east of its east edge crosses the antimeridian.
/// - Geodesic boxes and polygons have great-circle edges. GEOS evaluates them
///   on rings densified along the great circles until every straight piece lies
///   within ``toleranceMeters`` of its arc; rings are unwrapped across the
///   antimeridian, and a ring that goes around a pole is closed over that pole
///   (the pole on the side of the ring's mean latitude), so a ring always means
///   the smaller region it bounds.
enum GeoRegions {
    /// The largest distance between a geodesic edge and the straight pieces that stand for it.
    static let toleranceMeters = 0.5

    /// Throws when a coordinate of `shape` is not a longitude in [-180, 180]
    /// and a latitude in [-90, 90] (planar polygons excepted: GEOS takes any).
    static func checkCoordinates(_ shape: GeoShape) throws {
        func check(_ what: String, _ lon: Double, _ lat: Double) throws {
            guard lon.isFinite, lon >= -180, lon <= 180 else {
                throw StoreError.invalidQuery(message: "\(what): longitude \(lon) is outside [-180, 180]", column: 0)
            }
            guard lat.isFinite, lat >= -90, lat <= 90 else {
                throw StoreError.invalidQuery(message: "\(what): latitude \(lat) is outside [-90, 90]", column: 0)
            }
        }
        switch shape.kind {
        case let .box(west, south, east, north):
            try check("geoBox", west, south)
            try check("geoBox", east, north)
        case let .circle(lon, lat, _):
            try check("geoCircle", lon, lat)
        case let .polygon(rings) where shape.edges == .geodesic:
            for point in rings.joined() { try check("geoPolygon", point.longitude, point.latitude) }
        case let .multiPolygon(polygons) where shape.edges == .geodesic:
            for point in polygons.joined().joined() { try check("geoPolygon", point.longitude, point.latitude) }
        default:
            break
        }
    }

    static func build(_ shape: GeoShape) throws -> any GeoRegion {
        try checkCoordinates(shape)
        switch shape.kind {
        case let .box(west, south, east, north) where shape.edges == .planar:
            guard south <= north else {
                throw StoreError.invalidQuery(message: "geoBox: the bottom-left corner (latitude \(south)) is north of the top-right corner (latitude \(north))", column: 0)
            }
            // A planar box whose west corner is east of its east corner crosses the antimeridian.
            return PlanarBoxRegion(west: west, south: south, east: east, north: north)
        case let .box(first, firstLatitude, second, secondLatitude):
            // As in Realm, a geodesic box is the quadrilateral of its two corners'
            // longitudes and latitudes, whichever corners are given in whichever order.
            let (west, east) = (min(first, second), max(first, second))
            let (south, north) = (min(firstLatitude, secondLatitude), max(firstLatitude, secondLatitude))
            let corners = [GeoCoordinate(longitude: west, latitude: south), GeoCoordinate(longitude: east, latitude: south),
                           GeoCoordinate(longitude: east, latitude: north), GeoCoordinate(longitude: west, latitude: north),
                           GeoCoordinate(longitude: west, latitude: south)]
            return try PolygonRegion(geodesic: [[corners]], shape: "geoBox")
        case let .circle(longitude, latitude, radians):
            guard radians >= 0, radians.isFinite else {
                throw StoreError.invalidQuery(message: "geoCircle: the radius must be a finite angle of 0 radians or more, not \(radians)", column: 0)
            }
            return CapRegion(longitude: longitude, latitude: latitude, radians: radians)
        case let .polygon(rings):
            try validate(rings, shape.edges)
            if shape.edges == .geodesic { return try PolygonRegion(geodesic: [rings], shape: "geoPolygon") }
            return try PolygonRegion(parts: [rings.map { $0.map { ($0.longitude, $0.latitude) } }], shape: "geoPolygon")
        case let .multiPolygon(polygons):
            if shape.edges == .geodesic { return try PolygonRegion(geodesic: polygons, shape: "geoPolygon") }
            return try PolygonRegion(parts: polygons.map { rings in rings.map { $0.map { ($0.longitude, $0.latitude) } } },
                                     shape: "geoPolygon")
        }
    }

    /// Throws when a polygon breaks one of Realm's rules (``GeoPolygon/validate()``),
    /// checked where a query uses it, as Realm checks it.
    static func validate(_ rings: [[GeoCoordinate]], _ edges: GeoShape.Edges) throws {
        let points = rings.map { $0.compactMap { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) } }
        let polygon = GeoPolygon(unchecked: points.first ?? [], holes: Array(points.dropFirst()), edges: edges == .planar ? .planar : .geodesic)
        do {
            try polygon.validate()
        } catch let GeodeError.invalidGeometry(issue) {
            throw StoreError.invalidQuery(message: "geoPolygon: \(issue)", column: 0)
        }
    }

    /// The rings of `polygon` as GEOS should see them (lon, lat pairs).
    static func planarRings(of polygon: GeoPolygon) -> [[(Double, Double)]] {
        let rings = ([polygon.outerRing] + polygon.holes).map { $0.map { GeoCoordinate(longitude: $0.longitude, latitude: $0.latitude) } }
        if polygon.edges == .planar { return rings.map { $0.map { ($0.longitude, $0.latitude) } } }
        return geodesicRings(rings)
    }

    /// Densified, unwrapped rings whose planar interior is the geodesic polygon.
    static func geodesicRings(_ rings: [[GeoCoordinate]]) -> [[(Double, Double)]] {
        var result: [[(Double, Double)]] = []
        for (index, ring) in rings.enumerated() {
            var points = Spherical.densify(ring.map { ($0.longitude, $0.latitude) }, toleranceMeters: toleranceMeters,
                                           earthRadiusMeters: Distance.earthRadiusMeters)
            guard let first = points.first, let last = points.last else { continue }
            if abs(last.0 - first.0) > 180 {
                // The ring winds around a pole: close it over the pole.
                let meanLatitude = points.map(\.1).reduce(0, +) / Double(points.count)
                let pole = meanLatitude >= 0 ? 90.0 : -90.0
                points += [(last.0, pole), (first.0, pole), first]
            }
            if index > 0, let outerStart = result.first?.first {
                // Holes sit in the same unwrapped longitude range as the shell.
                let shift = Spherical.unwrap(points[0].0, near: outerStart.0) - points[0].0
                points = points.map { ($0.0 + shift, $0.1) }
            }
            result.append(points)
        }
        return result
    }
}

/// A longitude/latitude box with straight edges, boundary included.
final class PlanarBoxRegion: GeoRegion {
    let west, south, east, north: Double

    init(west: Double, south: Double, east: Double, north: Double) {
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        guard latitude >= south, latitude <= north else { return false }
        if west <= east { return longitude >= west && longitude <= east }
        return longitude >= west || longitude <= east   // across the antimeridian
    }

    var bounds: GeoBounds {
        if west <= east { return GeoBounds(GeoRect(west: west, south: south, east: east, north: north)) }
        var bounds = GeoBounds(GeoRect(west: west, south: south, east: 180, north: north))
        bounds.append(GeoRect(west: -180, south: south, east: east, north: north))
        return bounds
    }
}

/// Every point within an angle of a centre, on the sphere.
final class CapRegion: GeoRegion {
    private let cap: Spherical.Cap
    let bounds: GeoBounds

    init(longitude: Double, latitude: Double, radians: Double) {
        cap = Spherical.Cap(longitude: longitude, latitude: latitude, radians: radians)
        var bounds = GeoBounds()
        cap.bounds { bounds.append(GeoRect(west: $0, south: $1, east: $2, north: $3)) }
        self.bounds = bounds
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        cap.contains(longitude: longitude, latitude: latitude)
    }
}

/// A GEOS polygon, prepared once, tested with `covers` (boundary included).
/// Its longitudes may run past ±180 (unwrapped rings): points are tested at
/// their longitude and shifted by 360° as the polygon's extent needs.
///
/// A ``PolygonRaster`` of 128 cells along the longer side answers the points
/// of cells wholly inside or outside the rings, and tells the spatial index
/// which cells it need not scan; GEOS tests only the points of cells that an
/// edge passes through, so answers are GEOS's exactly.
final class PolygonRegion: GeoRegion {
    private let context = GEOSContext()
    private let geometry: Geometry
    private let prepared: PreparedGeometry
    private let minX, minY, maxX, maxY: Double
    private let shifts: [Double]
    /// Answers the points of cells wholly inside or outside; GEOS tests the rest.
    private let raster: PolygonRaster?

    /// Geodesic polygons, tested exactly on the sphere (S2) where the raster
    /// cannot tell; nil for planar ones (GEOS).
    private let sphere: [SpherePolygon]?

    /// A polygon (or several) with geodesic edges: S2 decides every point the
    /// raster of its densified rings leaves open, so points on an edge or a
    /// corner follow S2's semi-open model, as in Realm.
    convenience init(geodesic polygons: [[[GeoCoordinate]]], shape: String) throws {
        let sphere: [SpherePolygon]
        do {
            sphere = try polygons.map { rings in try SpherePolygon(rings: rings.map { $0.map { ($0.longitude, $0.latitude) } }) }
        } catch {
            throw StoreError.invalidQuery(message: "\(shape): \(error)", column: 0)
        }
        // The densified rings stray up to the tolerance from the true edges: no
        // raster cell that near them is taken as wholly inside or outside.
        let latitudes = polygons.joined().joined().map { abs($0.latitude) }
        let widest = 1 / max(cos((latitudes.max() ?? 0) * .pi / 180), 0.01)
        let margin = 2 * GeoRegions.toleranceMeters / Distance.earthRadiusMeters * 180 / .pi * widest
        try self.init(parts: polygons.map { GeoRegions.geodesicRings($0) }, shape: shape, sphere: sphere, margin: margin)
    }

    /// `shape` names the query's shape in errors (`geoBox`, `geoPolygon`).
    init(parts: [[[(Double, Double)]]], shape: String, sphere: [SpherePolygon]? = nil, margin: Double = 0) throws {
        self.sphere = sphere
        do {
            geometry = try context.polygon(parts: parts)
            prepared = try geometry.prepared()
        } catch {
            throw StoreError.invalidQuery(message: "\(shape): \(error)", column: 0)
        }
        guard geometry.isValid else {
            // A box whose corners collapse (both on a pole) has no area either.
            let what = shape == "geoBox" ? "its corners do not bound a region" : "not a valid polygon"
            throw StoreError.invalidQuery(message: "\(shape): \(what): \(geometry.validityReason)", column: 0)
        }
        guard let envelope = geometry.envelope else { throw StoreError.invalidQuery(message: "\(shape) has no extent", column: 0) }
        (minX, minY, maxX, maxY) = envelope
        var shifts = [0.0]
        if maxX > 180 { shifts.append(360) }
        if minX < -180 { shifts.append(-360) }
        self.shifts = shifts
        let prepared = prepared
        raster = PolygonRaster(rings: parts.flatMap { $0 }, margin: margin) { x, y in try prepared.covers(x: x, y: y) }
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        guard latitude >= minY, latitude <= maxY else { return false }
        for shift in shifts {
            let x = longitude + shift
            guard x >= minX, x <= maxX else { continue }
            switch raster?.cell(x: x, y: latitude) ?? .boundary {
            case .inside: return true
            case .outside: continue
            case .boundary:
                if let sphere { return sphere.contains { $0.contains(longitude: longitude, latitude: latitude) } }
                if (try? prepared.covers(x: x, y: latitude)) == true { return true }
            }
        }
        return false
    }

    /// Cells wholly outside the polygon (by its raster) are not scanned.
    var exclusion: ((GeoRect) -> Bool)? {
        guard let raster else { return nil }
        let shifts = shifts
        return { rect in
            shifts.allSatisfy { raster.isOutside(west: rect.west + $0, south: rect.south, east: rect.east + $0, north: rect.north) }
        }
    }

    /// Irregular shapes are covered by more, smaller cells: a seek costs less
    /// than stepping over the points of a cell outside the polygon.
    var coverCells: Int? { raster == nil ? nil : 256 }

    /// The envelope, and its part shifted back across the antimeridian (an
    /// envelope narrower than 360° reaches past one side of ±180 at most).
    var bounds: GeoBounds {
        if maxX - minX >= 360 { return GeoBounds(GeoRect(west: -180, south: minY, east: 180, north: maxY)) }
        var rects = GeoBounds()
        for shift in [0.0, 360, -360] {
            let w = max(-180, minX + shift), e = min(180, maxX + shift)
            if w <= e { rects.append(GeoRect(west: w, south: minY, east: e, north: maxY)) }
        }
        return rects
    }
}
