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
///   as `geometry(Geometry, 4326)` with a GiST index, or on request as
///   `geography(Geometry, 4326)` (distances and areas on the sphere);
/// - AnyRealmValue, lists, sets, maps and other embedded objects as `jsonb`;
/// - declared indexes as B-tree indexes.
///
/// Rows travel in COPY's text format into a staging table of `text` columns,
/// and go to the table with the casts each column needs (PostGIS reads the
/// geometry from GeoJSON): one path for a snapshot and for changes.
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

        var sqlType: String {
            switch self {
            case .bigint, .link: return "bigint"
            case .boolean: return "boolean"
            case .real: return "real"
            case .double: return "double precision"
            case .text, .objectId: return "text"
            case .timestamp: return "timestamp with time zone"
            case .bytea: return "bytea"
            case .numeric: return "numeric"
            case .uuid: return "uuid"
            case .jsonb: return "jsonb"
            case .geometry: return "geometry(Geometry, 4326)"
            case .geography: return "geography(Geometry, 4326)"
            }
        }

        /// The name `information_schema.columns.udt_name` gives the type.
        var udtName: String {
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

        /// The expression turning staged text `column` into the column's value.
        func cast(_ column: String) -> String {
            switch self {
            case .geometry: return "ST_SetSRID(ST_GeomFromGeoJSON(\(column)), 4326)"
            case .geography: return "ST_SetSRID(ST_GeomFromGeoJSON(\(column)), 4326)::geography"
            case .timestamp: return "to_timestamp(\(column)::double precision)"
            case .text, .objectId: return column
            default: return "\(column)::\(sqlType)"
            }
        }
    }

    struct Column {
        let name: String
        let kind: Kind
        let property: PropertySchema
        /// For a geometry column: where the geometry object keeps its parts.
        let geometry: GeometrySlots?
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

    /// The staging table of this class in the session (`text` columns, emptied at each commit).
    var stage: String { Self.quoted("_geode_stage_" + className) }

    /// The statement that creates the table, without its secondary indexes
    /// (``createIndexes``: built after a snapshot's rows, not row by row).
    var createTable: String {
        var definitions = [
            "_geode_key bigint \(primaryKey == nil ? "PRIMARY KEY" : "NOT NULL UNIQUE")"
        ]
        for column in columns {
            var definition = "\(Self.quoted(column.name)) \(column.kind.sqlType)"
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

    /// The statement that creates the staging table when the session has none.
    var createStage: String {
        let definitions = ["_geode_key text"] + columns.map { "\(Self.quoted($0.name)) text" }
        return "CREATE TEMP TABLE IF NOT EXISTS \(stage) (\(definitions.joined(separator: ", "))) ON COMMIT DELETE ROWS"
    }

    /// Moves the staged rows into the table, replacing the rows of the same objects.
    var moveStaged: String {
        let names = ["_geode_key"] + columns.map { Self.quoted($0.name) }
        let values = ["_geode_key::bigint"] + columns.map { $0.kind.cast(Self.quoted($0.name)) }
        return
            "DELETE FROM \(table) WHERE _geode_key IN (SELECT _geode_key::bigint FROM \(stage)); INSERT INTO \(table) (\(names.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM \(stage)"
    }

    /// The columns the table must have, in order: name and `udt_name`.
    var expectedColumns: [(String, String)] {
        [("_geode_key", "int8")] + columns.map { ($0.name, $0.kind.udtName) }
    }

    // MARK: - Rows

    /// Appends object `key`'s row (`row`: the values of the class's stored
    /// properties, in order) to `out` in COPY's text format.
    func appendRow(_ key: ObjectKey, _ row: [Value], to out: inout [UInt8]) throws {
        out.append(contentsOf: String(Self.column(key)).utf8)
        for (column, value) in zip(columns, row) {
            out.append(0x09)
            try appendField(value, column, to: &out)
        }
        out.append(0x0A)
    }

    private func appendField(_ value: Value, _ column: Column, to out: inout [UInt8]) throws {
        if case .null = value, column.kind != .jsonb {
            out.append(contentsOf: [0x5C, 0x4E])  // \N
            return
        }
        switch column.kind {
        case .jsonb:
            if case .null = value, column.property.collection == .single {
                out.append(contentsOf: [0x5C, 0x4E])
                return
            }
            Self.appendEscaped(try JSONTextEncoder.string(Self.plain(value)), to: &out)
        case .geometry, .geography:
            guard let slots = column.geometry, case let .embedded(fields) = value,
                let json = try Self.geoJSON(fields, slots)
            else {
                out.append(contentsOf: [0x5C, 0x4E])
                return
            }
            Self.appendEscaped(json, to: &out)
        default:
            Self.appendEscaped(Self.scalarText(value), to: &out)
        }
    }

    /// A scalar's text as PostgreSQL reads it for the column's type.
    static func scalarText(_ value: Value) -> String {
        switch value {
        case .null: return ""
        case let .bool(b): return b ? "t" : "f"
        case let .int(i): return String(i)
        case let .float(f): return f.isNaN ? "NaN" : f.isInfinite ? (f < 0 ? "-Infinity" : "Infinity") : "\(f)"
        case let .double(d): return d.isNaN ? "NaN" : d.isInfinite ? (d < 0 ? "-Infinity" : "Infinity") : "\(d)"
        case let .string(s): return s
        case let .binary(b): return "\\x" + b.map { String(format: "%02x", $0) }.joined()
        case let .timestamp(t): return String(Double(t.seconds) + Double(t.nanoseconds) / 1e9)
        case let .objectId(id): return id.array.map { String(format: "%02x", $0) }.joined()
        case let .uuid(u): return u.uuidString.lowercased()
        case let .decimal128(d): return d.string
        case let .link(link): return String(column(link.key))
        case .list, .map, .embedded: return ""
        }
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

    /// A stored geometry object as GeoJSON text (nil when it holds none).
    static func geoJSON(_ fields: [Value], _ slots: GeometrySlots) throws -> String? {
        guard slots.type < fields.count, slots.coordinates < fields.count, case let .string(type) = fields[slots.type],
            let canonical = GeometryRules.types.first(where: { $0.caseInsensitiveCompare(type) == .orderedSame })
        else { return nil }
        var map = OrderedDictionary<String, Value>()
        map["type"] = .string(canonical)
        if canonical == "GeometryCollection" {
            guard let members = slots.geometries, members < fields.count else { return nil }
            map["geometries"] = fields[members]
        } else {
            map["coordinates"] = fields[slots.coordinates]
        }
        return try JSONTextEncoder.string(.map(map))
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
