import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

/// How one top-level class of a store is laid out as a PostgreSQL table.
///
/// - `_geode_key bigint`: the object's key in the store, which every change
///   names; the table's PRIMARY KEY, or UNIQUE when the class has a primary
///   key of its own, which is then the PRIMARY KEY.
/// - scalar properties as typed columns (`bigint`, `boolean`, `real`,
///   `double precision`, `text`, `timestamptz`, `bytea`, `numeric`, `uuid`;
///   ObjectIds as their 24 hex digits in `text`);
/// - a link as the target's `_geode_key` (`bigint`);
/// - a property holding one geometry (a geo point or any GeoJSON geometry)
///   as `geometry` held to SRID 4326 by a CHECK (2D, or 3D where positions
///   have altitudes) with a GiST index, or on request as `geography`
///   (distances and areas on the sphere);
/// - AnyRealmValue, lists, sets, maps and other embedded objects as `jsonb`;
/// - declared indexes as B-tree indexes.
///
/// Every field travels as the text its column's input function reads
/// (geometries as hex EWKB, ``ExtendedWKB``; times in ISO 8601): a
/// snapshot's rows in COPY's text format straight into the table, a
/// change's rows as JSON arrays in one statement's parameter.
///
/// ```swift
/// let mapping = TableMapping(cls: schema["City"]!, in: schema)
/// try connection.execute(mapping.createTable)
/// ```
struct TableMapping {
    /// A column's PostgreSQL type and how a stored value becomes its text.
    enum Kind: Equatable {
        case bigint, boolean, real, double, text, timestamp, bytea, numeric, uuid, objectId, link, jsonb, geometry
        case geography

        /// The type's own name in PostgreSQL: what a table is created with and
        /// what `information_schema.columns.udt_name` gives back. Geometries
        /// carry no dimension in the type: positions keep their altitudes.
        var typeName: String {
            switch self {
            case .bigint, .link: return "int8"
            case .boolean: return "bool"
            case .real: return "float4"
            case .double: return "float8"
            case .text, .objectId: return "text"
            case .timestamp: return "timestamptz"
            case .bytea: return "bytea"
            case .numeric: return "numeric"
            case .uuid: return "uuid"
            case .jsonb: return "jsonb"
            case .geometry: return "geometry"
            case .geography: return "geography"
            }
        }
    }

    struct Column {
        let name: String
        let kind: Kind
        let property: PropertySchema
        /// For a geometry column: where the geometry object keeps its parts.
        let geometry: GeometrySlots?

        /// The column's definition in `CREATE TABLE` or `ADD COLUMN`: a
        /// geometry column holds SRID 4326 only.
        var definition: String {
            let name = TableMapping.quoted(self.name)
            switch kind {
            case .geometry, .geography: return "\(name) \(kind.typeName) CHECK (ST_SRID(\(name)) = 4326)"
            default: return "\(name) \(kind.typeName)"
            }
        }
    }

    let className: String
    let columns: [Column]
    let primaryKey: String?

    /// The mapping of `cls`; with `geography`, geometries become `geography` columns.
    init(cls: ClassSchema, in schema: Schema, geography: Bool = false) {
        className = cls.name
        primaryKey = cls.primaryKey?.name
        columns = cls.storedProperties.map { p in
            let target = p.objectClassName.flatMap { schema[$0] }
            let kind: Kind
            var geometry: GeometrySlots?
            if p.collection != .single || p.type == .mixed {
                kind = .jsonb
            } else if p.type == .object, let target, target.isEmbedded {
                geometry = target.geometrySlots
                kind = geometry == nil ? .jsonb : geography ? .geography : .geometry
            } else {
                switch p.type {
                case .object: kind = .link
                case .int: kind = .bigint
                case .bool: kind = .boolean
                case .float: kind = .real
                case .double: kind = .double
                case .string: kind = .text
                case .date: kind = .timestamp
                case .data: kind = .bytea
                case .decimal128: kind = .numeric
                case .uuid: kind = .uuid
                case .objectId: kind = .objectId
                case .mixed, .linkingObjects: kind = .jsonb
                }
            }
            return Column(name: p.name, kind: kind, property: p, geometry: geometry)
        }
    }

    /// An object key as the `bigint` column holds it: the same 64 bits, signed
    /// (keys made from primary keys use the top bit).
    static func column(_ key: ObjectKey) -> Int64 { Int64(bitPattern: key.rawValue) }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    var table: String { Self.quoted(className) }

    /// The statement that creates the table, without its secondary indexes
    /// (``createIndexes``: built after a snapshot's rows, not row by row).
    var createTable: String {
        var definitions = [
            "_geode_key bigint \(primaryKey == nil ? "PRIMARY KEY" : "NOT NULL UNIQUE")"
        ]
        for column in columns {
            var definition = column.definition
            if column.name == primaryKey { definition += " PRIMARY KEY" }
            definitions.append(definition)
        }
        return "CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))"
    }

    /// The statements that create the table's GiST and B-tree indexes it lacks.
    var createIndexes: String {
        var sql = ""
        for column in columns {
            let index = Self.quoted("\(className)_\(column.name)_idx")
            if column.kind == .geometry || column.kind == .geography {
                sql += " CREATE INDEX IF NOT EXISTS \(index) ON \(table) USING gist (\(Self.quoted(column.name)));"
            } else if column.property.isIndexed && column.name != primaryKey {
                sql += " CREATE INDEX IF NOT EXISTS \(index) ON \(table) (\(Self.quoted(column.name)));"
            }
        }
        return sql
    }

    /// The statement that loads rows in COPY's text format (``appendRow(_:_:to:)``).
    var copyRows: String { "COPY \(table) (\(columnList)) FROM STDIN" }

    /// The statement that deletes the rows of the objects whose keys `$1`
    /// lists (a `bigint[]` in text).
    var deleteRows: String { "DELETE FROM \(table) WHERE _geode_key = ANY($1::bigint[])" }

    /// The statement that inserts the rows `$1` holds: a JSON array with an
    /// array per row of its fields' texts (``appendJSONRow(_:_:to:)``), each
    /// read by its column's input function as COPY reads it. One statement
    /// for many rows: what a pipeline of changes sends.
    var insertRows: String {
        let fields = (["_geode_key"] + columns.map(\.name)).enumerated().map { i, _ in
            "(v->>\(i))::\(i == 0 ? "int8" : columns[i - 1].kind.typeName)"
        }
        return
            "INSERT INTO \(table) (\(columnList)) SELECT \(fields.joined(separator: ", ")) FROM json_array_elements($1::json) AS r(v)"
    }

    private var columnList: String { (["_geode_key"] + columns.map { Self.quoted($0.name) }).joined(separator: ", ") }

    /// The columns the table must have, in order: name and `udt_name`.
    var expectedColumns: [(String, String)] {
        [("_geode_key", "int8")] + columns.map { ($0.name, $0.kind.typeName) }
    }

    // MARK: - Rows

    /// Appends object `key`'s row (`row`: the values of the class's stored
    /// properties, in order) to `out` in COPY's text format.
    func appendRow(_ key: ObjectKey, _ row: [Value], to out: inout [UInt8]) throws {
        out.append(contentsOf: String(Self.column(key)).utf8)
        for (column, value) in zip(columns, row) {
            out.append(0x09)
            if let text = try fieldText(value, column) {
                Self.appendEscaped(text, to: &out)
            } else {
                out.append(contentsOf: [0x5C, 0x4E])  // \N
            }
        }
        out.append(0x0A)
    }

    /// Appends object `key`'s row to `out` as a JSON array of its fields'
    /// texts (null for NULL), for ``insertRows``.
    func appendJSONRow(_ key: ObjectKey, _ row: [Value], to out: inout [UInt8]) throws {
        out.append(UInt8(ascii: "["))
        try JSONTextEncoder.append(.string(String(Self.column(key))), to: &out)
        for (column, value) in zip(columns, row) {
            out.append(UInt8(ascii: ","))
            try JSONTextEncoder.append(try fieldText(value, column).map(Value.string) ?? .null, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A field's text as its column's input function reads it; nil for NULL.
    private func fieldText(_ value: Value, _ column: Column) throws -> String? {
        switch column.kind {
        case .jsonb:
            if case .null = value, column.property.collection == .single { return nil }
            return try JSONTextEncoder.string(Self.plain(value))
        case .geometry, .geography:
            guard let slots = column.geometry, case let .embedded(fields) = value,
                slots.type < fields.count, slots.coordinates < fields.count, case let .string(type) = fields[slots.type]
            else { return nil }
            var hex: [UInt8] = []
            do {
                try ExtendedWKB.appendHex(
                    type: type, coordinates: fields[slots.coordinates],
                    geometries: slots.geometries.flatMap { $0 < fields.count ? fields[$0] : nil }, to: &hex)
            } catch {
                throw ReplicationError.invalidValue(
                    table: className, column: column.name, message: "\(error.message) at \(error.pointer)")
            }
            return String(decoding: hex, as: UTF8.self)
        default:
            if case .null = value { return nil }
            if let text = Self.scalarText(value) { return text }
            // Only a date the calendar cannot place has no text.
            let seconds = if case let .timestamp(t) = value { t.seconds } else { Int64(0) }
            throw ReplicationError.invalidValue(
                table: className, column: column.name, message: "date \(seconds) s lies outside the calendar")
        }
    }

    /// A scalar's text as PostgreSQL reads it for the column's type; nil for
    /// a date the calendar cannot place (the only value without one).
    static func scalarText(_ value: Value) -> String? {
        switch value {
        case .null: return ""
        case let .bool(b): return b ? "t" : "f"
        case let .int(i): return String(i)
        case let .float(f): return f.isNaN ? "NaN" : f.isInfinite ? (f < 0 ? "-Infinity" : "Infinity") : "\(f)"
        case let .double(d): return d.isNaN ? "NaN" : d.isInfinite ? (d < 0 ? "-Infinity" : "Infinity") : "\(d)"
        case let .string(s): return s
        case let .binary(b): return "\\x" + b.map { String(format: "%02x", $0) }.joined()
        case let .timestamp(t): return isoText(t)
        case let .objectId(id): return id.array.map { String(format: "%02x", $0) }.joined()
        case let .uuid(u): return u.uuidString.lowercased()
        case let .decimal128(d): return d.string
        case let .link(link): return String(column(link.key))
        case .list, .map, .embedded: return ""
        }
    }

    /// A time as `timestamptz` reads it: `YYYY-MM-DD hh:mm:ss.nnnnnnnnn+00`,
    /// ` BC` after years before 1 (PostgreSQL keeps microseconds of it); nil
    /// for a time the calendar cannot place (`gmtime_r` fails).
    static func isoText(_ t: Timestamp) -> String? {
        var seconds = t.seconds
        var nanoseconds = Int64(t.nanoseconds)
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return nil }
        let year = Int(parts.tm_year) + 1900
        let shownYear = year > 0 ? year : 1 - year
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var fraction = String(nanoseconds)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        let yearText = String(shownYear)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
            + "-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)+00"
            + (year > 0 ? "" : " BC")
    }

    /// A value made JSON-friendly for a `jsonb` column: links as the target's
    /// key, embedded objects as arrays of their slots.
    static func plain(_ value: Value) -> Value {
        switch value {
        case let .link(link): return .int(column(link.key))
        case let .list(items): return .list(items.map(plain))
        case let .map(entries): return .map(entries.mapValues(plain))
        case let .embedded(slots): return .list(slots.map(plain))
        default: return value
        }
    }

    /// Appends `text` with COPY's escapes: backslash, tab, newline, carriage return.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            default: out.append(byte)
            }
        }
    }
}
