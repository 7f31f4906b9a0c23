import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

/// The text forms ``Results/export(to:format:fields:offset:)`` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// One GeoJSON FeatureCollection.
    case geoJSON = "geojson"
    /// One GeoJSON Feature per line (newline-delimited GeoJSON).
    case geoJSONLines = "geojsonl"
    /// One JSON array of objects.
    case json
    /// One JSON object per line.
    case jsonLines = "ndjson"
    /// A text table for people: one row per object, one column per property
    /// (a feature's properties and a document's content one column each,
    /// named by their paths: `properties.name`); strings bare, points as
    /// `lon lat`, lists and maps as compact JSON, long values cut with `…`.
    /// Columns and widths come from the first rows; on a terminal, the widest
    /// columns narrow until a line fits its width.
    case table
    /// Comma-separated values (RFC 4180): the geometry as WKT in a column named
    /// `WKT`, then one column per property (a feature's properties one each).
    case csv
    /// Tab-separated values, as ``csv`` lays them out.
    case tsv
}

extension Results where Element: RealmFetchable {
    /// Writes the objects to `handle` as GeoJSON or JSON and returns how many
    /// were written. Numbers are written in their shortest exact form, so an
    /// export imports back to identical values and coordinates.
    ///
    /// As JSON, a ``JSONDocument`` is its `content`, the record it was
    /// imported from. As GeoJSON, each object is a Feature: its first geometry property (or a
    /// ``GeoFeature``'s geometry) is the geometry, its primary key (or
    /// `GeoFeature.id`) the id, its other properties the `properties`. A class
    /// an import created under another name (``Realm/importGeoJSON(into:from:options:)``,
    /// ``Realm/importJSON(into:from:options:)``) exports as the built-in class of its shape.
    ///
    /// With `fields`, each object is written as those key paths only, named
    /// as given (`["properties.name", "properties.population"]`; a path an
    /// object lacks is null): as JSON, one member per path; as a table, one
    /// column per path; as GeoJSON, the Feature's `properties`, beside its
    /// geometry. `offset` skips that many objects first.
    ///
    /// ```swift
    /// let handle = try FileHandle(forWritingTo: url)
    /// try realm.objects(GeoFeature.self).filter("properties.cc == 'FR'").export(to: handle, format: .geoJSON)
    /// try results.export(to: .standardOutput, format: .jsonLines, fields: ["properties.name"], offset: 20)
    /// ```
    @discardableResult
    public func export(to handle: FileHandle, format: ExportFormat, fields: [String]? = nil, offset: Int = 0) throws
        -> Int
    {
        try export(to: handle, format: format, fields: fields, offset: offset, appending: nil)
    }

    /// ``export(to:format:fields:offset:)`` with one more member per object,
    /// computed by the caller (the `geode` tool's distances): `values` holds
    /// one value per object written, in order; as GeoJSON the member joins the
    /// Feature's `properties`, as JSON the object, as a table a column of its own.
    @discardableResult
    package func export(
        to handle: FileHandle, format: ExportFormat, fields: [String]?, offset: Int,
        appending extra: (name: String, values: [Value])?
    ) throws -> Int {
        let keys = self.keys.dropFirst(Swift.max(0, offset))
        if format == .csv || format == .tsv {
            return try exportCSV(to: handle, delimiter: format == .csv ? "," : "\t", fields: fields, keys: keys)
        }
        let schema = realmOfResults.store.schema
        let table = cls.table
        let geoProperty = schema.firstGeoPointProperty(of: table.schema)?.name
        let shape = GenericClass(of: table.schema)
        let isFeature = shape == .feature
        // A JSONDocument (or a class of its shape) is written as the record it was imported from.
        let isDocument = shape == .document
        var out = ""
        func flush(force: Bool = false) {
            if force || out.utf8.count > 1 << 20 {
                handle.write(Data(out.utf8))
                out = ""
            }
        }
        switch format {
        case .geoJSON: out += "{\"type\":\"FeatureCollection\",\"features\":[\n"
        case .json: out += "[\n"
        default: break
        }
        let paths = fields.map(PlainKeyPath.parse)
        var text = TextTable(
            columns: paths.map { $0.map(\.name) + (extra.map { [$0.name] } ?? []) }, terminalWidth: TextTable.terminalWidth(of: handle.fileDescriptor))
        try realmOfResults.withTransaction { txn in
            for (n, key) in keys.enumerated() {
                guard let members = try Self.members(of: key, in: table, schema, txn) else { continue }
                let chosen = paths.map { PlainKeyPath.select($0, from: members) }
                var record: Value
                switch format {
                case .geoJSON, .geoJSONLines:
                    var feature = Self.feature(
                        members, geoProperty: geoProperty, isFeature: isFeature, pk: table.schema.primaryKey?.name)
                    if let chosen, case var .map(entries) = feature {
                        entries["properties"] = .map(chosen)
                        feature = .map(entries)
                    }
                    if let extra, n < extra.values.count, case var .map(entries) = feature {
                        var properties: OrderedDictionary<String, Value> = [:]
                        if case let .map(given)? = entries["properties"] { properties = given }
                        properties[extra.name] = extra.values[n]
                        entries["properties"] = .map(properties)
                        feature = .map(entries)
                    }
                    record = feature
                case .json, .jsonLines:
                    var whole = members
                    if isFeature {
                        // A feature without a geometry or other members does not print empty ones.
                        if whole["geometry"] == .null { whole["geometry"] = nil }
                        if whole["foreignMembers"] == .null { whole["foreignMembers"] = nil }
                    }
                    record = chosen.map(Value.map) ?? (isDocument ? members["content"] ?? .null : .map(whole))
                    if let extra, n < extra.values.count, case var .map(entries) = record {
                        entries[extra.name] = extra.values[n]
                        record = .map(entries)
                    }
                case .table:
                    var cells = chosen ?? members
                    if chosen == nil && (isFeature || isDocument) {
                        // A feature's properties, a document's content: columns of their own, named by their paths.
                        let nested = isFeature ? "properties" : "content"
                        cells = members.filter { $0.key != nested && !($0.key == "foreignMembers" && $0.value == .null) }
                        if case let .map(entries)? = members[nested] {
                            for (name, value) in entries { cells["\(nested).\(name)"] = value }
                        } else {
                            cells[nested] = members[nested]
                        }
                    }
                    if let extra, n < extra.values.count { cells[extra.name] = extra.values[n] }
                    text.add(try cells.mapValues(TextTable.cell), to: &out)
                    flush()
                    continue
                case .csv, .tsv:
                    continue  // written by exportCSV
                }
                if n > 0 && (format == .geoJSON || format == .json) { out += ",\n" }
                try JSONTextEncoder.append(record, to: &out)
                if format == .geoJSONLines || format == .jsonLines { out += "\n" }
                flush()
            }
        }
        switch format {
        case .geoJSON: out += "\n]}\n"
        case .json: out += "\n]\n"
        case .table: text.finish(&out)
        default: break
        }
        flush(force: true)
        return keys.count
    }

    /// An object's properties as plain values, by name.
    /// Only the properties named in `only` are read (the others are not decoded);
    /// nil when the object does not exist.
    static func members(
        of key: ObjectKey, in table: Table, only names: Set<String>? = nil, _ schema: GeodeCore.Schema,
        _ txn: StoreTransaction
    ) throws -> OrderedDictionary<String, Value>? {
        guard let document = try txn.document(key, in: table) else { return nil }
        var members = OrderedDictionary<String, Value>()
        for property in table.storedProperties where names?.contains(property.name) ?? true {
            let value = try document.value(at: property.slot)?.decode() ?? property.defaultValue
            members[property.name] = try plain(value, property, schema, txn)
        }
        return members
    }

    /// A stored value as plain JSON-able values: embedded objects become maps
    /// of their properties, links the target's primary key (or object key).
    private static func plain(
        _ value: Value, _ property: PropertySchema, _ schema: GeodeCore.Schema, _ txn: StoreTransaction
    ) throws -> Value {
        switch value {
        case let .embedded(slots):
            guard let target = schema[property.objectClassName ?? ""] else { return .null }
            var map = OrderedDictionary<String, Value>()
            for p in target.storedProperties where p.slot < slots.count {
                map[p.name] = try plain(slots[p.slot], p, schema, txn)
            }
            if target.geometrySlots?.holdsAnyGeometry == true {
                // A geometry object is a GeoJSON geometry: no empty member, and none at all without a type.
                if map["type"] == .string("") { return .null }
                for name in ["coordinates", "geometries"] where map[name] == .null { map[name] = nil }
            }
            return .map(map)
        case let .link(link):
            guard let targetTable = txn.store.table(id: link.table) else { return .null }
            if let pk = targetTable.schema.primaryKey {
                return try txn.value(of: pk.name, link.key, in: targetTable.schema.name) ?? .null
            }
            return .int(Int64(bitPattern: link.key.rawValue))
        case let .list(items):
            return .list(try items.map { try plain($0, property, schema, txn) })
        case let .map(entries):
            var map = OrderedDictionary<String, Value>()
            for (k, v) in entries { map[k] = try plain(v, property, schema, txn) }
            return .map(map)
        default:
            return value
        }
    }

    private static func feature(
        _ members: OrderedDictionary<String, Value>, geoProperty: String?, isFeature: Bool, pk: String?
    ) -> Value {
        var feature = OrderedDictionary<String, Value>()
        feature["type"] = .string("Feature")
        if isFeature {
            if let id = members["id"], id != .null { feature["id"] = id }
            feature["geometry"] = members["geometry"] ?? .null
            feature["properties"] = members["properties"] ?? .null
            if case let .map(others)? = members["foreignMembers"] {
                for (name, value) in others where feature[name] == nil { feature[name] = value }
            }
            return .map(feature)
        }
        if let pk, let id = members[pk] { feature["id"] = id }
        feature["geometry"] = geoProperty.flatMap { members[$0] } ?? .null
        var properties = members
        if let pk { properties[pk] = nil }
        if let geoProperty { properties[geoProperty] = nil }
        feature["properties"] = .map(properties)
        return .map(feature)
    }
}
