import CSV
import Foundation
import GeodeCore
import GeodeGeo
import GeodeJSON
import OrderedCollections

extension Results where Element: RealmFetchable {
    /// Writes the objects as CSV or TSV (``ExportFormat/csv``, ``ExportFormat/tsv``)
    /// through CSV.swift: a header, then one row per object. The geometry comes
    /// first, as Well-Known Text in a column named `WKT` (as ogr2ogr writes it,
    /// and as ``Realm/importCSV(from:into:options:)`` reads it back); a
    /// feature's `properties` give one column each, other nested values are
    /// compact JSON, null is an empty field. The columns are those of every
    /// object (one pass to learn them, one to write), or `fields`.
    func exportCSV(to handle: FileHandle, delimiter: String, fields: [String]?, keys: ArraySlice<ObjectKey>) throws
        -> Int
    {
        let table = cls.table
        let schema = realmOfResults.store.schema
        let geoProperty = schema.firstGeoPointProperty(of: table.schema)?.name
        let shape = GenericClass(of: table.schema)
        let paths = fields.map(PlainKeyPath.parse)
        let context = GEOSContext()

        /// The object's geometry and its other columns, by name.
        func columns(_ members: OrderedDictionary<String, Value>) -> (
            geometry: Value, cells: OrderedDictionary<String, Value>
        ) {
            var geometry = Value.null
            switch shape {
            case .feature?:
                geometry = members["geometry"] ?? .null
            default:
                geometry = geoProperty.flatMap { members[$0] } ?? .null
            }
            if let paths { return (geometry, PlainKeyPath.select(paths, from: members)) }
            var cells = OrderedDictionary<String, Value>()
            switch shape {
            case .feature?:
                cells["id"] = members["id"] ?? .null
                if case let .map(properties)? = members["properties"] {
                    for (name, value) in properties { cells[name] = value }
                }
            case .document?:
                if case let .map(content)? = members["content"] {
                    cells = content
                } else {
                    cells["content"] = members["content"] ?? .null
                }
            case nil:
                cells = members
                if let geoProperty { cells[geoProperty] = nil }
            }
            return (geometry, cells)
        }

        let hasGeometry = shape == .feature || geoProperty != nil
        var header = OrderedDictionary<String, Void>()
        try realmOfResults.withTransaction { txn in
            if let fields {
                for field in fields { header[field] = () }
                return
            }
            for key in keys {
                guard let members = try Self.members(of: key, in: table, schema, txn) else { continue }
                for name in columns(members).cells.keys { header[name] = () }
            }
        }
        let names = (hasGeometry ? ["WKT"] : []) + Array(header.keys)

        var written = 0
        var pending: [[String]] = [names]
        func flush(force: Bool = false) throws {
            guard force || pending.count >= 1024, !pending.isEmpty else { return }
            let stream = OutputStream.toMemory()
            stream.open()
            let writer = try CSVWriter(stream: stream, delimiter: delimiter)
            for row in pending { try writer.write(row: row) }
            stream.close()
            guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return }
            handle.write(data + Data("\n".utf8))
            pending.removeAll(keepingCapacity: true)
        }
        try realmOfResults.withTransaction { txn in
            for key in keys {
                guard let members = try Self.members(of: key, in: table, schema, txn) else { continue }
                let (geometry, cells) = columns(members)
                var fieldsOfRow: [String] = []
                if hasGeometry {
                    fieldsOfRow.append(
                        geometry == .null
                            ? "" : try context.geometry(geoJSON: try JSONTextEncoder.string(geometry)).wkt())
                }
                for name in header.keys { fieldsOfRow.append(try Self.cell(cells[name] ?? .null)) }
                pending.append(fieldsOfRow)
                written += 1
                try flush()
            }
        }
        try flush(force: true)
        return written
    }

    /// A value as a CSV field: text as it is, null empty, numbers and booleans
    /// as JSON writes them, dates in ISO 8601, anything nested as compact JSON.
    private static func cell(_ value: Value) throws -> String {
        switch value {
        case .null: return ""
        case let .string(text): return text
        case .timestamp:
            // JSON writes a date as a quoted ISO 8601 string.
            return try String(JSONTextEncoder.string(value).dropFirst().dropLast())
        default: return try JSONTextEncoder.string(value)
        }
    }
}
