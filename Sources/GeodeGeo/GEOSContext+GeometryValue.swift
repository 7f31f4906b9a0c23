import CGEOS

extension GEOSContext {
    /// The GEOS geometry of a ``GeometryValue``, in longitude/latitude as
    /// planar x/y (GeoJSON's and PostGIS geometry's model).
    ///
    /// ```swift
    /// let line = try context.geometry(.lineString([a, b]))
    /// ```
    package func geometry(_ value: GeometryValue) throws -> Geometry {
        Geometry(try make(value), context: self)
    }

    /// A new GEOS geometry the caller owns.
    private func make(_ value: GeometryValue) throws -> OpaquePointer {
        switch value {
        case let .point(p):
            guard let point = GEOSGeom_createPointFromXY_r(handle, p.longitude, p.latitude) else {
                throw failure("build a point")
            }
            return point
        case let .multiPoint(points):
            return try collection(GEOS_MULTIPOINT, points.map { .point($0) })
        case let .lineString(points):
            guard let sequence = GEOSCoordSeq_create_r(handle, UInt32(points.count), 2) else {
                throw failure("build a line")
            }
            for (i, p) in points.enumerated() {
                GEOSCoordSeq_setXY_r(handle, sequence, UInt32(i), p.longitude, p.latitude)
            }
            // The line takes ownership of the sequence.
            guard let line = GEOSGeom_createLineString_r(handle, sequence) else { throw failure("build a line") }
            return line
        case let .multiLineString(lines):
            return try collection(GEOS_MULTILINESTRING, lines.map { .lineString($0) })
        case let .polygon(rings):
            return try polygonHandle(parts: [rings.map { $0.map { ($0.longitude, $0.latitude) } }])
        case let .multiPolygon(polygons):
            return try collection(GEOS_MULTIPOLYGON, polygons.map { .polygon($0) })
        case let .collection(members):
            return try collection(GEOS_GEOMETRYCOLLECTION, members)
        }
    }

    private func collection(_ type: GEOSGeomTypes, _ members: [GeometryValue]) throws -> OpaquePointer {
        var made: [OpaquePointer?] = []
        var owned = true
        defer { if owned { for m in made { GEOSGeom_destroy_r(handle, m) } } }
        for member in members { made.append(try make(member)) }
        guard
            let result = made.withUnsafeMutableBufferPointer({
                GEOSGeom_createCollection_r(handle, Int32(type.rawValue), $0.baseAddress, UInt32($0.count))
            })
        else { throw failure("build a collection") }
        owned = false  // the collection owns its members now
        return result
    }
}

extension PreparedGeometry {
    /// Whether the two share a point, boundaries included (`GEOSPreparedIntersects_r`).
    package func intersects(_ other: Geometry) throws -> Bool {
        try answer(GEOSPreparedIntersects_r(geometry.context.handle, handle, other.handle), "intersect")
    }

    /// Whether every point of `other` lies in this geometry, boundary included (`GEOSPreparedCovers_r`).
    package func covers(_ other: Geometry) throws -> Bool {
        try answer(GEOSPreparedCovers_r(geometry.context.handle, handle, other.handle), "test coverage")
    }

    /// Whether every point of this geometry lies in `other`, boundary included (`GEOSPreparedCoveredBy_r`).
    package func isCovered(by other: Geometry) throws -> Bool {
        try answer(GEOSPreparedCoveredBy_r(geometry.context.handle, handle, other.handle), "test coverage")
    }

    private func answer(_ code: CChar, _ operation: String) throws -> Bool {
        switch code {
        case 1: return true
        case 0: return false
        default: throw geometry.context.failure(operation)
        }
    }
}
