import CGEOS

extension GEOSContext {
    /// A polygon (or, with several `parts`, a multipolygon) from rings of
    /// (x, y) pairs: each part's first ring is its shell, the rest its holes.
    /// Rings are closed when their last point differs from their first.
    ///
    /// ```swift
    /// let square = try context.polygon(parts: [[[(0, 0), (10, 0), (10, 10), (0, 10)]]])
    /// ```
    package func polygon(parts: [[[(Double, Double)]]]) throws -> Geometry {
        Geometry(try polygonHandle(parts: parts), context: self)
    }

    /// The same polygon as a new GEOS handle the caller owns.
    func polygonHandle(parts: [[[(Double, Double)]]]) throws -> OpaquePointer {
        var polygons: [OpaquePointer] = []
        var ok = false
        defer { if !ok { for p in polygons { GEOSGeom_destroy_r(handle, p) } } }
        for rings in parts {
            var made: [OpaquePointer] = []
            var ringsOK = false
            defer { if !ringsOK { for r in made { GEOSGeom_destroy_r(handle, r) } } }
            for ring in rings {
                made.append(try linearRing(ring))
            }
            guard let shell = made.first else {
                throw GeometryError.geos(operation: "build a polygon", message: "a polygon needs a shell")
            }
            var holes: [OpaquePointer?] = made.dropFirst().map { $0 }
            guard
                let polygon = holes.withUnsafeMutableBufferPointer({
                    GEOSGeom_createPolygon_r(handle, shell, $0.baseAddress, UInt32($0.count))
                })
            else {
                throw failure("build a polygon")
            }
            ringsOK = true  // the polygon owns its rings now
            polygons.append(polygon)
        }
        if polygons.count == 1 {
            ok = true
            return polygons[0]
        }
        var members: [OpaquePointer?] = polygons.map { $0 }
        guard
            let multi = members.withUnsafeMutableBufferPointer({
                GEOSGeom_createCollection_r(handle, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress, UInt32($0.count))
            })
        else { throw failure("build a multipolygon") }
        ok = true
        return multi
    }

    private func linearRing(_ ring: [(Double, Double)]) throws -> OpaquePointer {
        var points = ring
        if let first = points.first, let last = points.last, first != last { points.append(first) }
        guard points.count >= 4 else {
            throw GeometryError.geos(operation: "build a ring", message: "a ring needs at least 3 distinct points")
        }
        guard let sequence = GEOSCoordSeq_create_r(handle, UInt32(points.count), 2) else {
            throw failure("build a ring")
        }
        for (i, p) in points.enumerated() {
            GEOSCoordSeq_setXY_r(handle, sequence, UInt32(i), p.0, p.1)
        }
        // The ring takes ownership of the sequence.
        guard let ring = GEOSGeom_createLinearRing_r(handle, sequence) else { throw failure("build a ring") }
        return ring
    }
}

extension Geometry {
    /// The bounding box (`GEOSGeom_getXMin_r` …).
    package var envelope: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        guard GEOSGeom_getXMin_r(context.handle, handle, &minX) == 1,
            GEOSGeom_getYMin_r(context.handle, handle, &minY) == 1,
            GEOSGeom_getXMax_r(context.handle, handle, &maxX) == 1,
            GEOSGeom_getYMax_r(context.handle, handle, &maxY) == 1
        else { return nil }
        return (minX, minY, maxX, maxY)
    }
}

extension GEOSContext {
    /// Reads a geometry from GeoJSON text (`GEOSGeoJSONReader_readGeometry_r`).
    package func geometry(geoJSON: String) throws -> Geometry {
        guard let reader = GEOSGeoJSONReader_create_r(handle) else { throw failure("create a GeoJSON reader") }
        defer { GEOSGeoJSONReader_destroy_r(handle, reader) }
        guard let geometry = GEOSGeoJSONReader_readGeometry_r(handle, reader, geoJSON) else {
            throw failure("read GeoJSON")
        }
        return Geometry(geometry, context: self)
    }
}
