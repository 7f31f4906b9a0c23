import GeodeCore

/// A stored geometry as hex-encoded extended WKB (PostGIS's EWKB): the text
/// that both `geometry` and `geography` columns take as input as it is, with
/// no JSON to parse on the server.
///
/// The layout: byte order (`01`, little-endian), a `UInt32` type code
/// (1 Point … 7 GeometryCollection; `0x80000000` when positions have an
/// altitude, `0x20000000` when an SRID follows, on the outermost geometry
/// only), then counts and `Double`s; members of multi-geometries and
/// collections are whole geometries of their own.
///
/// ```swift
/// var out: [UInt8] = []
/// try ExtendedWKB.appendHex(type: "Point", coordinates: .list([.double(1), .double(2)]), to: &out)
/// // "0101000020E6100000000000000000F03F0000000000000040"
/// ```
///
/// Written here rather than through GEOS's WKB writer: that writer takes a
/// GEOS geometry, which a snapshot would build for every row only to
/// serialize it, at several times the cost of writing these few fields; and
/// GEOS's geometries from ``GeometryRules`` keep no altitudes, which the
/// replica keeps.
enum ExtendedWKB {
    /// Appends the geometry of GeoJSON type `type` (any case), with its
    /// `coordinates` or, for a GeometryCollection, its `geometries` (GeoJSON
    /// objects as maps), as hex EWKB with `srid`. Throws where the stored
    /// value is not such a geometry.
    static func appendHex(
        type: String, coordinates: Value?, geometries: Value? = nil, srid: UInt32 = 4326, to out: inout [UInt8]
    ) throws(GeometryFault) {
        var writer = Writer(out: out, hasAltitude: false)
        out = []
        writer.hasAltitude = hasAltitude(coordinates) || hasAltitude(inMembers: geometries)
        try writer.geometry(type: type, coordinates: coordinates, geometries: geometries, srid: srid, depth: 1)
        out = writer.out
    }

    private static let codes: [String: UInt32] = [
        "point": 1, "linestring": 2, "polygon": 3, "multipoint": 4, "multilinestring": 5, "multipolygon": 6,
        "geometrycollection": 7,
    ]

    /// Whether a position anywhere in `coordinates` has three numbers.
    private static func hasAltitude(_ coordinates: Value?) -> Bool {
        guard case let .list(items)? = coordinates else { return false }
        let isPosition = !items.contains { item in
            if case .list = item { return true }
            return false
        }
        if isPosition { return items.count == 3 }
        return items.contains { hasAltitude($0) }
    }

    private static func hasAltitude(inMembers geometries: Value?) -> Bool {
        guard case let .list(members)? = geometries else { return false }
        return members.contains { member in
            guard case let .map(fields) = member else { return false }
            return hasAltitude(fields["coordinates"]) || hasAltitude(inMembers: fields["geometries"])
        }
    }

    private struct Writer {
        var out: [UInt8]
        var hasAltitude: Bool

        mutating func geometry(type: String, coordinates: Value?, geometries: Value?, srid: UInt32?, depth: Int)
            throws(GeometryFault)
        {
            guard let code = ExtendedWKB.codes[type.lowercased()] else {
                throw GeometryFault(pointer: "/type", message: "'\(type)' is not a GeoJSON geometry type")
            }
            guard depth <= Value.maximumNesting else {
                throw GeometryFault(pointer: "/geometries", message: "geometry collections nest too deep")
            }
            header(code, srid: srid)
            switch code {
            case 1: try position(coordinates, at: "/coordinates")
            case 2: try positions(coordinates, at: "/coordinates")
            case 3: try rings(coordinates, at: "/coordinates")
            case 4, 5, 6:
                let parts = try list(coordinates, at: "/coordinates")
                word(UInt32(parts.count))
                for (i, part) in parts.enumerated() {
                    header(code - 3, srid: nil)
                    let at = "/coordinates/\(i)"
                    switch code {
                    case 4: try position(part, at: at)
                    case 5: try positions(part, at: at)
                    default: try rings(part, at: at)
                    }
                }
            default:
                let members = try list(geometries, at: "/geometries")
                word(UInt32(members.count))
                for (i, member) in members.enumerated() {
                    guard case let .map(fields) = member, case let .string(memberType)? = fields["type"] else {
                        throw GeometryFault(pointer: "/geometries/\(i)", message: "a member is a GeoJSON geometry")
                    }
                    try geometry(
                        type: memberType, coordinates: fields["coordinates"], geometries: fields["geometries"],
                        srid: nil, depth: depth + 1)
                }
            }
        }

        private mutating func header(_ code: UInt32, srid: UInt32?) {
            out.append(contentsOf: [0x30, 0x31])  // "01": little-endian
            var flags = code
            if hasAltitude { flags |= 0x8000_0000 }
            if srid != nil { flags |= 0x2000_0000 }
            word(flags)
            if let srid { word(srid) }
        }

        private mutating func rings(_ value: Value?, at pointer: String) throws(GeometryFault) {
            let rings = try list(value, at: pointer)
            word(UInt32(rings.count))
            for (i, ring) in rings.enumerated() { try positions(ring, at: pointer + "/\(i)") }
        }

        private mutating func positions(_ value: Value?, at pointer: String) throws(GeometryFault) {
            let items = try list(value, at: pointer)
            word(UInt32(items.count))
            for (i, item) in items.enumerated() { try position(item, at: pointer + "/\(i)") }
        }

        private mutating func position(_ value: Value?, at pointer: String) throws(GeometryFault) {
            let numbers = try GeometryRules.positionNumbers(value, at: pointer)
            double(numbers[0])
            double(numbers[1])
            if hasAltitude { double(numbers.count > 2 ? numbers[2] : 0) }
        }

        private func list(_ value: Value?, at pointer: String) throws(GeometryFault) -> [Value] {
            guard case let .list(items)? = value else { throw GeometryFault(pointer: pointer, message: "an array") }
            return items
        }

        private mutating func word(_ value: UInt32) {
            withUnsafeBytes(of: value.littleEndian) { for byte in $0 { hex(byte) } }
        }

        private mutating func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { for byte in $0 { hex(byte) } }
        }

        private mutating func hex(_ byte: UInt8) {
            out.append(Self.digits[Int(byte >> 4)])
            out.append(Self.digits[Int(byte & 0x0F)])
        }

        private static let digits = Array("0123456789ABCDEF".utf8)
    }
}
