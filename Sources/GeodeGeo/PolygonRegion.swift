import Foundation

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
            sphere = try polygons.map { rings in
                try SpherePolygon(rings: rings.map { $0.map { ($0.longitude, $0.latitude) } })
            }
        } catch {
            throw GeometryError.invalidShape("\(shape): \(error)")
        }
        // The densified rings stray up to the tolerance from the true edges: no
        // raster cell that near them is taken as wholly inside or outside.
        let latitudes = polygons.joined().joined().map { abs($0.latitude) }
        let widest = 1 / max(cos((latitudes.max() ?? 0) * .pi / 180), 0.01)
        let margin = 2 * GeodesicRings.toleranceMeters / DistanceUnit.earthRadiusMeters * 180 / .pi * widest
        try self.init(parts: polygons.map { GeodesicRings.densified($0) }, shape: shape, sphere: sphere, margin: margin)
    }

    /// `shape` names the query's shape in errors (`geoBox`, `geoPolygon`).
    init(parts: [[[(Double, Double)]]], shape: String, sphere: [SpherePolygon]? = nil, margin: Double = 0) throws {
        self.sphere = sphere
        do {
            geometry = try context.polygon(parts: parts)
            prepared = try geometry.prepared()
        } catch {
            throw GeometryError.invalidShape("\(shape): \(error)")
        }
        guard geometry.isValid else {
            // A box whose corners collapse (both on a pole) has no area either.
            let what = shape == "geoBox" ? "its corners do not bound a region" : "not a valid polygon"
            throw GeometryError.invalidShape("\(shape): \(what): \(geometry.validityReason)")
        }
        guard let envelope = geometry.envelope else { throw GeometryError.invalidShape("\(shape) has no extent") }
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
            shifts.allSatisfy {
                raster.isOutside(west: rect.west + $0, south: rect.south, east: rect.east + $0, north: rect.north)
            }
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
