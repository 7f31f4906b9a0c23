import CGEOS

/// One GEOS context (the reentrant `_r` API): geometries made through it belong
/// to it. A context is used by one thread at a time; make one per thread.
///
/// GEOS reports errors through a message handler; the context keeps the last
/// message so that a failed call throws ``GeometryError`` with it.
///
/// ```swift
/// let context = GEOSContext()
/// let square = try context.geometry(wkt: "POLYGON((0 0, 10 0, 10 10, 0 10, 0 0))")
/// let prepared = try square.prepared()
/// try prepared.covers(x: 10, y: 5)    // true: the boundary counts
/// ```
package final class GEOSContext {
    /// Receives GEOS's messages; a class so the C callback can reach it.
    private final class MessageSink {
        var last: String?
    }

    let handle: GEOSContextHandle_t
    private let sink = MessageSink()

    package init() {
        handle = GEOS_init_r()
        GEOSContext_setErrorMessageHandler_r(
            handle,
            { message, userdata in
                guard let message, let userdata else { return }
                Unmanaged<MessageSink>.fromOpaque(userdata).takeUnretainedValue().last = String(cString: message)
            }, Unmanaged.passUnretained(sink).toOpaque())
    }

    deinit { GEOS_finish_r(handle) }

    /// The GEOS library version, e.g. `3.11.1-CAPI-1.17.1`.
    package static var version: String { String(cString: GEOSversion()) }

    /// Reads a geometry from Well-Known Text (`GEOSWKTReader_read_r`).
    package func geometry(wkt: String) throws -> Geometry {
        guard let reader = GEOSWKTReader_create_r(handle) else { throw failure("create a WKT reader") }
        defer { GEOSWKTReader_destroy_r(handle, reader) }
        sink.last = nil
        guard let geometry = GEOSWKTReader_read_r(handle, reader, wkt) else { throw failure("read WKT") }
        return Geometry(geometry, context: self)
    }

    /// An error carrying GEOS's last message.
    func failure(_ operation: String) -> GeometryError {
        defer { sink.last = nil }
        return .geos(operation: operation, message: sink.last ?? "no message")
    }
}

/// A GEOS geometry, destroyed with this object.
package final class Geometry {
    let handle: OpaquePointer
    let context: GEOSContext

    init(_ handle: OpaquePointer, context: GEOSContext) {
        self.handle = handle
        self.context = context
    }

    deinit { GEOSGeom_destroy_r(context.handle, handle) }

    /// The geometry as GeoJSON text (`GEOSGeoJSONWriter_writeGeometry_r`), as a
    /// WKT column of a CSV file becomes a feature's geometry.
    ///
    /// ```swift
    /// try context.geometry(wkt: "POINT (2.35 48.85)").geoJSON()   // {"type":"Point","coordinates":[2.35,48.85]}
    /// ```
    package func geoJSON() throws -> String {
        guard let writer = GEOSGeoJSONWriter_create_r(context.handle) else {
            throw context.failure("create a GeoJSON writer")
        }
        defer { GEOSGeoJSONWriter_destroy_r(context.handle, writer) }
        guard let text = GEOSGeoJSONWriter_writeGeometry_r(context.handle, writer, handle, -1) else {
            throw context.failure("write GeoJSON")
        }
        defer { GEOSFree_r(context.handle, text) }
        return String(cString: text)
    }

    /// The geometry as Well-Known Text, trimmed (`POINT (2.35 48.85)`), as
    /// `GEOSWKTWriter_write_r` writes it with every digit the value has.
    package func wkt() throws -> String {
        guard let writer = GEOSWKTWriter_create_r(context.handle) else { throw context.failure("create a WKT writer") }
        defer { GEOSWKTWriter_destroy_r(context.handle, writer) }
        GEOSWKTWriter_setTrim_r(context.handle, writer, 1)
        GEOSWKTWriter_setRoundingPrecision_r(context.handle, writer, -1)
        guard let text = GEOSWKTWriter_write_r(context.handle, writer, handle) else {
            throw context.failure("write WKT")
        }
        defer { GEOSFree_r(context.handle, text) }
        return String(cString: text)
    }

    /// Whether GEOS finds the geometry valid (OGC rules).
    package var isValid: Bool { GEOSisValid_r(context.handle, handle) == 1 }

    /// Why the geometry is invalid, in GEOS's words ("Valid Geometry" when it is not).
    package var validityReason: String {
        guard let text = GEOSisValidReason_r(context.handle, handle) else { return "unknown" }
        defer { GEOSFree_r(context.handle, text) }
        return String(cString: text)
    }

    /// Prepares the geometry for many predicate calls (`GEOSPrepare_r`).
    package func prepared() throws -> PreparedGeometry {
        guard let prepared = GEOSPrepare_r(context.handle, handle) else { throw context.failure("prepare a geometry") }
        return PreparedGeometry(prepared, geometry: self)
    }
}

/// A prepared geometry: indexed once, then tested against many points.
package final class PreparedGeometry {
    let handle: OpaquePointer
    /// The prepared geometry refers to this one, which must outlive it.
    let geometry: Geometry

    init(_ handle: OpaquePointer, geometry: Geometry) {
        self.handle = handle
        self.geometry = geometry
    }

    deinit { GEOSPreparedGeom_destroy_r(geometry.context.handle, handle) }

    /// Whether the geometry covers the point (interior or boundary), as GEOS
    /// `covers` and PostGIS `ST_Covers` define it.
    package func covers(x: Double, y: Double) throws -> Bool {
        switch geode_prepared_covers_xy(geometry.context.handle, handle, x, y) {
        case 1: return true
        case 0: return false
        default: throw geometry.context.failure("test a point")
        }
    }
}
