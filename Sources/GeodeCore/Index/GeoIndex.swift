import GeodeGeo
import Foundation

/// The spatial index of one geo point property: `geo/<Class>/<property>`,
/// key = leaf cell id (8 bytes, big-endian) + object key (1-8 bytes, big-endian),
/// value = the point's longitude and latitude (two little-endian int32
/// multiples of 10⁻⁷ degree when exact, else two doubles), so a query refines
/// candidates exactly without reading their documents.
///
/// A geo point property holds an embedded object with a `type` string equal
/// to "Point" (any case) and a `coordinates` list of doubles,
/// `[longitude, latitude(, altitude)]` — singly or in a list. Malformed
/// points are not indexed (they never match).
package struct GeoIndex: Sendable {
    package let property: String
    let slot: Int
    let typeSlot: Int
    let coordinatesSlot: Int
    let isList: Bool
    let database: Database

    /// The geo point properties of `cls` in `schema`, with their database names.
    static func properties(of cls: ClassSchema, in schema: Schema) -> [(
        property: PropertySchema, typeSlot: Int, coordinatesSlot: Int
    )] {
        cls.storedProperties.compactMap { p in
            guard p.type == .object, p.collection == .single || p.collection == .list,
                let target = schema[p.objectClassName ?? ""], target.isEmbedded, let slots = target.geoPointSlots
            else { return nil }
            return (p, slots.type, slots.coordinates)
        }
    }

    static func databaseName(_ cls: String, _ property: String) -> String { "geo/\(cls)/\(property)" }

    // MARK: Points

    /// The points of this property in a document being written.
    func points(in slots: [Value]) -> [(Double, Double)] {
        guard slot < slots.count else { return [] }
        switch slots[slot] {
        case let .embedded(fields): return point(fields).map { [$0] } ?? []
        case let .list(items):
            return items.compactMap { if case let .embedded(fields) = $0 { return point(fields) } else { return nil } }
        default: return []
        }
    }

    private func point(_ fields: [Value]) -> (Double, Double)? {
        guard typeSlot < fields.count, coordinatesSlot < fields.count,
            case let .string(type) = fields[typeSlot], Self.isPointType(type),
            case let .list(coordinates) = fields[coordinatesSlot], coordinates.count >= 2,
            case let .double(lon) = coordinates[0], case let .double(lat) = coordinates[1]
        else { return nil }
        return Self.valid(lon, lat) ? (lon, lat) : nil
    }

    /// Whether a `type` value says "Point", in any letter case (compared on
    /// the bytes: this runs for every point written and every candidate tested).
    static func isPointType(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 5 else { return false }
        for (byte, wanted) in zip(bytes, "point".utf8) where byte | 0x20 != wanted { return false }
        return true
    }

    static func isPointType(_ type: String) -> Bool {
        var type = type
        return type.withUTF8 { isPointType(UnsafeRawBufferPointer($0)) }
    }

    static func valid(_ lon: Double, _ lat: Double) -> Bool {
        lon.isFinite && lat.isFinite && abs(lon) <= 180 && abs(lat) <= 90
    }

    /// The points of this property in a stored document.
    func points(in document: ContainerView) throws -> [(Double, Double)] {
        guard let value = try document.value(at: slot), let container = try value.container() else { return [] }
        if container.kind == .embedded { return try point(container).map { [$0] } ?? [] }
        var found: [(Double, Double)] = []
        for i in 0 ..< container.count {
            if let element = try container.value(at: i)?.container(), let p = try point(element) { found.append(p) }
        }
        return found
    }

    private func point(_ embedded: ContainerView) throws -> (Double, Double)? {
        try Self.point(in: embedded, GeoPointSlots(type: typeSlot, coordinates: coordinatesSlot))
    }

    /// The longitude and latitude of a stored GeoJSON point; nil when malformed.
    static func point(in embedded: ContainerView, _ slots: GeoPointSlots) throws -> (Double, Double)? {
        guard embedded.kind == .embedded,
            let type = try embedded.value(at: slots.type)?.stringBytes(), isPointType(type),
            let coordinates = try embedded.value(at: slots.coordinates)?.container(), coordinates.count >= 2,
            let lon = try coordinates.value(at: 0)?.double(), let lat = try coordinates.value(at: 1)?.double(),
            valid(lon, lat)
        else { return nil }
        return (lon, lat)
    }

    // MARK: Entries

    /// An entry's key: the point's cell (8 bytes, big-endian), then the object
    /// key in as few big-endian bytes as hold it (entries of one cell need no order).
    static func entryKey(_ lon: Double, _ lat: Double, _ key: ObjectKey) -> [UInt8] {
        entryKey(cell: SpatialCell.id(longitude: lon, latitude: lat), key)
    }

    static func entryKey(cell: UInt64, _ key: ObjectKey) -> [UInt8] {
        var bytes = withUnsafeBytes(of: cell.bigEndian, Array.init)
        key.appendShortBigEndian(to: &bytes)
        return bytes
    }

    /// An entry's value: the point, as two 32-bit multiples of 10⁻⁷ degree
    /// when that is exact (coordinates written with up to 7 decimals, as
    /// GeoJSON usually has them), otherwise as two doubles.
    static func entryValue(_ lon: Double, _ lat: Double) -> [UInt8] {
        if let x = ScaledDouble.multiple(of: lon), let y = ScaledDouble.multiple(of: lat) {
            return withUnsafeBytes(of: x.littleEndian, Array.init) + withUnsafeBytes(of: y.littleEndian, Array.init)
        }
        return withUnsafeBytes(of: lon.bitPattern.littleEndian, Array.init)
            + withUnsafeBytes(of: lat.bitPattern.littleEndian, Array.init)
    }

    func add(_ points: [(Double, Double)], _ key: ObjectKey, _ txn: WriteTransaction) throws {
        for (lon, lat) in points {
            try add(cell: SpatialCell.id(longitude: lon, latitude: lat), lon, lat, key, txn)
        }
    }

    /// Adds the entry of point (`lon`, `lat`) of object `key`, whose cell is `cell`.
    func add(cell: UInt64, _ lon: Double, _ lat: Double, _ key: ObjectKey, _ txn: WriteTransaction) throws {
        try txn.put(database, key: Self.entryKey(cell: cell, key), value: Self.entryValue(lon, lat))
    }

    func remove(_ points: [(Double, Double)], _ key: ObjectKey, _ txn: WriteTransaction) throws {
        for (lon, lat) in points { _ = try txn.delete(database, key: Self.entryKey(lon, lat, key)) }
    }

    /// The leaf ranges a query of `region` scans.
    static func cover(_ region: any GeoRegion) -> [ClosedRange<UInt64>] {
        SpatialCell.cover(region.bounds, maxCells: region.coverCells, excludes: region.exclusion)
    }

    /// Calls `body` with the key and point of every entry in the cells covering
    /// `region`, until it returns false. The cursor seeks only when the entry it
    /// stands on lies before the next range (ranges are sorted and disjoint).
    func scan(_ region: any GeoRegion, _ txn: Transaction, _ body: (ObjectKey, Double, Double) throws -> Bool) throws {
        let cursor = try txn.cursor(database)
        try SpatialCell.withCover(region.bounds, maxCells: region.coverCells, excludes: region.exclusion) { ranges in
            var entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)?
            var positioned = false
            for range in ranges {
                if positioned {
                    // A few steps are cheaper than a seek when the gap holds few entries.
                    var steps = 0
                    while let e = entry, Self.cell(of: e.key) < range.lowerBound, steps < Self.stepsBeforeSeek {
                        entry = try cursor.next()
                        steps += 1
                    }
                }
                if !positioned || entry.map({ Self.cell(of: $0.key) < range.lowerBound }) == true {
                    entry = try withUnsafeBytes(of: range.lowerBound.bigEndian) { try cursor.seek(atLeast: $0) }
                    positioned = true
                }
                while let (k, v) = entry {
                    guard k.count > 8, k.count <= 16, v.count == 8 || v.count == 16 else {
                        throw StoreError.corruptDocument(
                            detail: "geo index entry of \(k.count)/\(v.count) bytes", offset: 0)
                    }
                    if Self.cell(of: k) > range.upperBound { break }
                    let objectKey = ObjectKey(shortBigEndian: UnsafeRawBufferPointer(rebasing: k[8...]))
                    let lon: Double, lat: Double
                    if v.count == 8 {
                        lon = ScaledDouble.double(Int32(littleEndian: v.loadUnaligned(as: Int32.self)))
                        lat = ScaledDouble.double(
                            Int32(littleEndian: v.loadUnaligned(fromByteOffset: 4, as: Int32.self)))
                    } else {
                        lon = Double(bitPattern: UInt64(littleEndian: v.loadUnaligned(as: UInt64.self)))
                        lat = Double(
                            bitPattern: UInt64(littleEndian: v.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                    }
                    if try !body(objectKey, lon, lat) { return }
                    entry = try cursor.next()
                }
                if entry == nil { return }
            }
        }
    }

    /// Entries stepped over before the cursor seeks to the next range instead.
    static let stepsBeforeSeek = 8

    /// The cell of an entry key (its first 8 bytes; callers check the length).
    private static func cell(of key: UnsafeRawBufferPointer) -> UInt64 {
        key.count >= 8 ? UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)) : 0
    }
}
