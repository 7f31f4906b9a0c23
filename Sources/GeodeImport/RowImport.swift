import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

/// Imports records into a class of the store as rows: each record is mapped,
/// checked and encoded on a parser thread, and the writer only stores it
/// (or, when records are identified, looks the identity up first).
///
/// ```swift
/// let tally = try RowImport(url: url, settings: settings, store: store, table: table)
///     .run(.features, into: StoreImportWriter(store))
/// ```
package struct RowImport {
    /// How a record becomes a row.
    package enum Mapping {
        /// GeoJSON features into a class of `GeoFeature`'s shape: `id`, `geometry`
        /// (any geometry), `properties` (written straight from the parsed tree).
        case features
        /// GeoJSON features into a class of any other shape: `properties` members to the
        /// properties of the same name, the geometry to the first geometry property, the
        /// id to the identity property, the other members to an AnyRealmValue `properties`.
        case mappedFeatures
        /// Records whole into a class of `JSONDocument`'s shape: `id`, `content`.
        case documents
        /// Records into a class of any other shape, member by member.
        case mappedRecords
    }

    package let run: ImportRun
    package let store: Store
    package let table: Table
    /// Where the rows' index entries wait (``BulkLoad``); nil when the class has no index to bulk-load.
    private let bulkLoad: BulkLoad?

    package init(url: URL, settings: ImportSettings, store: Store, table: Table) {
        run = ImportRun(url: url, settings: settings)
        self.store = store
        self.table = table
        bulkLoad = BulkLoad(table: table)
    }

    private var settings: ImportSettings { run.settings }

    /// Imports the input with `mapping`, in batches through `writer`.
    package func run(_ mapping: Mapping, into writer: some ImportWriter) throws -> ImportTally {
        let tally: ImportTally
        do {
            switch mapping {
            case .features: tally = try features(writer)
            case .mappedFeatures: tally = try mappedFeatures(writer)
            case .documents: tally = try documents(writer)
            case .mappedRecords: tally = try mappedRecords(writer)
            }
        } catch {
            // The batches before the failure are kept: their entries go to the indexes all the
            // same. Should that fail too, the load's marker stays, queries read documents,
            // and the next opening of the store for writing finishes the load.
            try? finishBulkLoad(writer)
            throw error
        }
        try finishBulkLoad(writer)
        try finishSpatialMerges(writer)
        return tally
    }

    /// Adds the entries the bulk load still holds, a step per transaction, and ends it.
    private func finishBulkLoad(_ writer: some ImportWriter) throws {
        guard let bulkLoad, bulkLoad.hasWork else { return }
        var more = true
        while more {
            let txn = try writer.beginBatch()
            do {
                more = try bulkLoad.finishStep(txn)
                try writer.commitBatch()
            } catch {
                writer.cancelBatch()
                throw error
            }
            store.releaseMappedPages()
        }
    }

    /// Merges what the class's spatial indexes hold in their recent trees, a
    /// step per transaction, so that queries after the import read one tree
    /// each (a second tree costs every range of a query one more seek).
    private func finishSpatialMerges(_ writer: some ImportWriter) throws {
        guard !table.geoIndexes.isEmpty else { return }
        while true {
            let txn = try writer.beginBatch()
            let more: Bool
            do {
                more = try txn.finishSpatialMerges(of: table)
                try writer.commitBatch()
            } catch {
                writer.cancelBatch()
                throw error
            }
            // A step reads a stretch of the large tree through the map: let go of those pages, as batches do.
            store.releaseMappedPages()
            guard more else { return }
        }
    }

    private func features(_ writer: some ImportWriter) throws -> ImportTally {
        let idMember = settings.idMember
        // Where each member goes in a row (a class of GeoFeature's shape has all three).
        let positions = try rowPositions(of: ["id", "geometry", "properties"], shape: "GeoFeature")
        let (idIndex, geometryIndex, propertiesIndex) = (positions[0], positions[1], positions[2])
        let geometryClass = table.storedProperties[geometryIndex].objectClassName.flatMap { store.schema[$0] }
        // A class of an older feature shape has no place for foreign members: they are left out there.
        let foreignIndex = table.storedProperties.firstIndex { $0.name == "foreignMembers" }
        let template = table.storedProperties.map(\.defaultValue)
        return try rows(
            writer,
            map: { record in
                let feature = try FeatureInput(record)
                let id =
                    try idMember.map {
                        try Self.identifying(
                            $0, in: feature.properties, at: record.pointer + "/properties", of: "the feature",
                            "property")
                    } ?? feature.id
                var row = template
                row[idIndex] = id
                row[geometryIndex] = geometryClass.flatMap(feature.geometry(as:)) ?? .null
                if let foreignIndex, let others = feature.foreignMembers { row[foreignIndex] = others }
                var mapped = MappedRecord(row: row, id: id, geometryType: feature.geometryType)
                if let node = feature.properties { mapped.streamed = (propertiesIndex, node) }
                return mapped
            },
            member: { issue in
                switch issue.property {
                case "properties", "id": return "/\(issue.property)"
                case "foreignMembers": return ""  // the issue's path starts at the member's name
                default: return "/geometry"
                }
            })
    }

    private func mappedFeatures(_ writer: some ImportWriter) throws -> ImportTally {
        let cls = table.schema
        let builder = RowBuilder(schema: store.schema)
        let geoProperty = store.schema.firstGeoPointProperty(of: cls)
        let geo = geoProperty?.name
        let geoClass = geoProperty?.objectClassName.flatMap { store.schema[$0] }
        let idProperty = try identityProperty(of: cls)
        let rest = cls.property(named: "properties").flatMap {
            $0.type == .mixed && $0.collection == .single ? $0.name : nil
        }
        let settings = settings
        let idMember = settings.idMember
        return try rows(
            writer,
            map: { record in
                let feature = try FeatureInput(record)
                var given = OrderedDictionary<String, Value>()
                var others = OrderedDictionary<String, Value>()
                if case let .map(members)? = feature.properties?.value {
                    for (key, value) in members {
                        if key != rest, let property = cls.property(named: key) {
                            given[key] = try RecordValue.value(
                                value, for: property, settings, at: record.pointer + "/properties/" + key)
                        } else {
                            others[key] = value
                        }
                    }
                }
                let id =
                    try idMember.map {
                        try Self.identifying(
                            $0, in: feature.properties, at: record.pointer + "/properties", of: "the feature",
                            "property")
                    } ?? feature.id
                if let idProperty, id != .null { given[idProperty] = id }
                if let geo, let members = feature.geometryMembers(for: geoClass) { given[geo] = members }
                if let rest, !others.isEmpty { given[rest] = .map(others) }
                return MappedRecord(
                    row: try builder.row(from: given, of: cls), id: id, geometryType: feature.geometryType)
            },
            member: { issue in
                if issue.property == geo { return "/geometry" }
                if issue.property == idProperty { return idMember.map { "/properties/\($0)" } ?? "/id" }
                return issue.property == rest ? "/properties" : "/properties/\(issue.property)"
            })
    }

    private func documents(_ writer: some ImportWriter) throws -> ImportTally {
        let idMember = settings.idMember
        // Where each member goes in a row (a class of JSONDocument's shape has both).
        let positions = try rowPositions(of: ["id", "content"], shape: "JSONDocument")
        let (idIndex, contentIndex) = (positions[0], positions[1])
        let template = table.storedProperties.map(\.defaultValue)
        return try rows(
            writer,
            map: { record in
                let id =
                    try idMember.map {
                        try Self.identifying($0, in: record.tree.root, at: record.pointer, of: "the record", "member")
                    } ?? .null
                var row = template
                row[idIndex] = id
                var mapped = MappedRecord(row: row, id: id, geometryType: nil)
                mapped.streamed = (contentIndex, record.tree.root)
                return mapped
            }, member: { _ in "" })
    }

    private func mappedRecords(_ writer: some ImportWriter) throws -> ImportTally {
        let cls = table.schema
        let builder = RowBuilder(schema: store.schema)
        let idProperty = try identityProperty(of: cls)
        let settings = settings
        let idMember = settings.idMember
        return try rows(
            writer,
            map: { record in
                guard case let .map(members) = record.value else {
                    throw ImportProblem(
                        pointer: record.pointer, message: "expected an object, found \(record.value.typeName)")
                }
                var given = OrderedDictionary<String, Value>()
                for (key, value) in members {
                    guard let property = cls.property(named: key) else { continue }
                    given[key] = try RecordValue.value(value, for: property, settings, at: record.pointer + "/" + key)
                }
                var id = idProperty.flatMap { given[$0] } ?? .null
                if let idMember {
                    id = try Self.identifying(
                        idMember, in: record.tree.root, at: record.pointer, of: "the record", "member")
                    if let idProperty { given[idProperty] = id }
                }
                return MappedRecord(row: try builder.row(from: given, of: cls), id: id, geometryType: nil)
            },
            member: { issue in
                issue.property == idProperty ? "/\(idMember ?? issue.property)" : "/\(issue.property)"
            })
    }

    /// Runs the import with records mapped by `map`. On the parser thread each
    /// row is validated and encoded; the writer only stores it. When the import
    /// identifies records, the writer first looks the id up instead. `member`
    /// names the JSON pointer part for a property's value issue.
    private func rows(
        _ writer: some ImportWriter, map: @escaping @Sendable (JSONRecordStream.Record) throws -> MappedRecord,
        member: @escaping @Sendable (ValueIssue) -> String
    ) throws -> ImportTally {
        let identifies = settings.identifiesRecords
        let (store, table, settings) = (store, table, settings)
        let className = table.schema.name
        let problem: @Sendable (ValueIssue, String) -> ImportProblem = { issue, pointer in
            ImportProblem(
                pointer: pointer + member(issue) + Self.pointer(fromIssuePath: issue.path), message: issue.description)
        }
        // The rows' index entries go in large runs in key order (one transaction's, in key
        // order, when the import is atomic).
        let load = settings.atomic ? nil : bulkLoad
        var deferred = DeferredIndexEntries()
        return try run.run(
            into: writer, store: store,
            prepare: {
                // One preparer (and document writer) per parser thread.
                let preparer = RowPreparerBox(RowPreparer(store: store, table: table))
                return { record in
                    do {
                        var mapped = try map(record)
                        if let (property, node) = mapped.streamed {
                            // The node must not outlive its record (nor leave this thread).
                            mapped.streamed = nil
                            if identifies || !node.isParsed {
                                // The writer needs the row to look its id up, or the node was read
                                // another way (a top-level object, a huge integer): its value goes
                                // into the row, and the row's checks apply.
                                mapped.row[property] = node.value
                            } else {
                                let name = table.storedProperties[property].name
                                mapped.prepared = try preparer.prepare(mapped.row, streaming: property) { writer in
                                    try node.encodeMixed(into: &writer, className: className, property: name)
                                }
                            }
                        }
                        guard !identifies else { return mapped }
                        if mapped.prepared == nil { mapped.prepared = try preparer.prepare(mapped.row) }
                        mapped.row = []
                        return mapped
                    } catch let StoreError.invalidValue(issue) {
                        throw problem(issue, record.pointer)
                    }
                }
            },
            beforeCommit: { txn in
                if let load { try load.endBatch(txn) } else { try txn.add(&deferred) }
            }
        ) { mapped, pointer, txn, tally in
            if let type = mapped.geometryType { tally.geometryTypes[type, default: 0] += 1 }
            do {
                if let prepared = mapped.prepared {
                    if let load {
                        _ = try txn.insert(prepared, into: table, deferring: &load.held)
                    } else {
                        _ = try txn.insert(prepared, into: table, deferring: &deferred)
                    }
                } else {
                    try Self.write(
                        mapped.row, identifiedBy: mapped.id, into: table, txn, replacing: settings.replacesExisting,
                        pointer)
                }
            } catch let StoreError.invalidValue(issue) {
                throw problem(issue, pointer)
            }
            tally.written += 1
        }
    }

    /// Where the properties `names` sit in a row of the class, which must have
    /// them all (it has the built-in class `shape`'s properties).
    private func rowPositions(of names: [String], shape: String) throws -> [Int] {
        let stored = table.storedProperties.map(\.name)
        return try names.map { name in
            guard let position = stored.firstIndex(of: name) else {
                throw ImportError.unfitClass(
                    className: table.schema.name,
                    message: "class '\(table.schema.name)' does not have \(shape)'s properties")
            }
            return position
        }
    }

    /// The property a record's identity goes to in a class filled by name: the
    /// settings' `idProperty`, the primary key, or a property named `id`.
    /// Throws when records are to be identified and the class has none.
    private func identityProperty(of cls: ClassSchema) throws -> String? {
        if let named = settings.idProperty {
            guard cls.property(named: named) != nil else {
                throw ImportError.unfitClass(
                    className: cls.name,
                    message: "class '\(cls.name)' has no property '\(named)' to hold the records' ids")
            }
            return named
        }
        let found = cls.primaryKey?.name ?? cls.property(named: "id")?.name
        if found == nil, settings.identifiesRecords {
            throw ImportError.unfitClass(
                className: cls.name,
                message: "class '\(cls.name)' has no primary key or 'id' property to identify the records by")
        }
        return found
    }

    /// The value of `member` in `node`, which identifies a record; throws at
    /// `pointer` when the record lacks it.
    private static func identifying(
        _ member: String, in node: JSONNode?, at pointer: String, of record: String, _ noun: String
    ) throws -> Value {
        guard let value = node?[member]?.value else {
            throw ImportProblem(pointer: pointer, message: "\(record) has no \"\(member)\" \(noun) to identify it")
        }
        return value
    }

    /// Stores a row of an import that identifies records: inserted, or — when an
    /// object with the same primary key or `id` exists — replacing it or failing.
    private static func write(
        _ row: [Value], identifiedBy id: Value, into table: Table, _ txn: StoreWriteTransaction,
        replacing: Bool, _ pointer: String
    ) throws {
        let existing =
            id == .null
            ? nil
            : table.schema.primaryKey != nil
                ? try txn.object(withPrimaryKey: id, in: table)
                : try txn.objects(whereIndexed: "id", equals: id, in: table)?.first
        guard let existing else {
            _ = try txn.insert(row, into: table)
            return
        }
        guard replacing else {
            let text = (try? JSONTextEncoder.string(id)) ?? "\(id)"
            throw ImportProblem(
                pointer: pointer,
                message:
                    "an object with id \(text) exists already (an update policy, or `geode import --update`, replaces it)"
            )
        }
        try txn.update(row, key: existing, in: table)
    }

    /// `[3]["a"]` (a value issue's path) as a JSON pointer: `/3/a`.
    static func pointer(fromIssuePath path: String) -> String {
        var out = ""
        var i = path.startIndex
        while i < path.endIndex {
            guard path[i] == "[", let close = path[i...].firstIndex(of: "]") else { break }
            var part = String(path[path.index(after: i) ..< close])
            if part.hasPrefix("\""), part.hasSuffix("\""), part.count >= 2 {
                part = String(part.dropFirst().dropLast())
            }
            out += "/" + part.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            i = path.index(after: close)
        }
        return out
    }
}
