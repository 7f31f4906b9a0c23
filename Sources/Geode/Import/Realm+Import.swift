import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

extension Realm {
    /// Imports GeoJSON — a FeatureCollection, a single Feature, GeoJSON text
    /// sequences (RFC 8142) or newline-delimited features — into ``GeoFeature``
    /// objects. Point geometries are spatially indexed; other geometries are
    /// kept as GeoJSON and counted in the report.
    ///
    /// Records stream one at a time (memory stays flat) and are written in
    /// batches of ``ImportOptions/batchSize`` per write transaction (or all in
    /// one, ``ImportOptions/atomic``). A failure throws
    /// ``GeodeError/importFailed(_:)`` naming file, line, column and JSON
    /// pointer; every batch before it is kept (nothing, when atomic).
    ///
    /// ```swift
    /// let report = try realm.importGeoJSON(from: URL(fileURLWithPath: "places.geojson"))
    /// print(report)
    /// ```
    @discardableResult
    public func importGeoJSON(from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try importFeatures(into: realmClass(GeoFeature.self).table, url, options)
    }

    /// Imports GeoJSON into the class named `className`, for code that has no
    /// Swift type for it (the `geode` tool's `import --class`).
    ///
    /// A class the store does not have is created with ``GeoFeature``'s
    /// properties under that name, and a class of that shape is filled as
    /// ``importGeoJSON(from:options:)`` fills `GeoFeature`. Any other class is
    /// filled as ``importGeoJSON(_:from:options:)`` fills a Swift class:
    /// `properties` members go to the properties of the same name (names and
    /// types exact, required ones present), a Point to the first geo point
    /// property, the feature id (or ``ImportOptions/idMember``) to
    /// ``ImportOptions/idProperty``, the primary key or an `id` property, and
    /// the remaining members to an AnyRealmValue property named `properties`.
    /// Properties linking to other objects are not filled from nested objects
    /// here (the typed import creates those).
    ///
    /// ```swift
    /// try realm.importGeoJSON(into: "Capital", from: URL(fileURLWithPath: "capitals.geojson"))
    /// let capitals = realm.dynamicObjects("Capital").filter("properties.population > 1000000")
    /// ```
    @discardableResult
    public func importGeoJSON(into className: String, from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        let table = try importTarget(className, shape: .feature)
        if GenericClass(of: table.schema) == .feature { return try importFeatures(into: table, url, options) }
        return try importMappedFeatures(into: table, url, options)
    }

    /// Imports JSON records into the class named `className`, for code that
    /// has no Swift type for it (the `geode` tool's `import --class`).
    ///
    /// A class the store does not have is created with ``JSONDocument``'s
    /// properties under that name, and a class of that shape holds each record
    /// whole, as ``importJSONDocuments(from:options:)`` does. Any other class is
    /// filled as ``importJSON(_:from:options:)`` fills a Swift class: each
    /// record's members go to the properties of the same name, names and types
    /// exact, required ones present, unknown members ignored. Properties linking
    /// to other objects are not filled from nested objects here (the typed
    /// import creates those).
    ///
    /// ```swift
    /// try realm.importJSON(into: "Tweet", from: URL(fileURLWithPath: "tweets.ndjson"))
    /// let popular = realm.dynamicObjects("Tweet").filter("content.retweet_count > 100")
    /// ```
    @discardableResult
    public func importJSON(into className: String, from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        let table = try importTarget(className, shape: .document)
        if GenericClass(of: table.schema) == .document { return try importDocuments(into: table, url, options) }
        return try importMappedRecords(into: table, url, options)
    }

    /// Imports a CSV or TSV file (``ImportOptions/csv``, CSV by default), one
    /// object per row. A file with coordinates or a geometry column (see
    /// ``CSVFormat``) becomes features — ``GeoFeature`` objects, or a class of
    /// that shape named `className`, each row's other columns its properties;
    /// any other file becomes records, as JSON records do (``JSONDocument``,
    /// or `className`). Rows stream one at a time; a failure names the file
    /// and line, and keeps the batches before it.
    ///
    /// ```swift
    /// try realm.importCSV(from: URL(fileURLWithPath: "stations.csv"))          // lat,lon,name,elevation
    /// realm.objects(GeoFeature.self).filter("properties.elevation > 1000")
    /// ```
    @discardableResult
    public func importCSV(from url: URL, into className: String? = nil, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        var options = options
        let format = options.csv ?? CSVFormat()
        options.csv = format
        // The header is read twice (to choose features or records, then to import):
        // a pipe is first saved to a file of its own.
        var isRegular = stat()
        let spooled = stat(url.path, &isRegular) == 0 && (isRegular.st_mode & S_IFMT) != S_IFREG ? try Self.spool(url) : nil
        defer { if let spooled { try? FileManager.default.removeItem(at: spooled) } }
        let url = spooled ?? url
        let hasGeometry: Bool
        do {
            hasGeometry = try CSVRecordSource(url: url, format: format).hasGeometry
        } catch let JSONError.syntax(message, source, line, column, _) {
            throw GeodeError.importFailed(ImportFailure(file: source, line: line, column: column, pointer: "", message: message, committed: 0))
        }
        switch (hasGeometry, className) {
        case let (true, name?): return try importGeoJSON(into: name, from: url, options: options)
        case (true, nil): return try importGeoJSON(from: url, options: options)
        case let (false, name?): return try importJSON(into: name, from: url, options: options)
        case (false, nil): return try importJSONDocuments(from: url, options: options)
        }
    }

    /// Copies a pipe's bytes to a temporary file, in blocks, and returns it.
    /// A NUL byte ends it with an error: CSV is text, and an endless binary
    /// stream (`/dev/zero`, `/dev/urandom`) is refused in its first block
    /// instead of filling the disk.
    private static func spool(_ url: URL) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("geode-import-\(getpid())-\(UUID().uuidString)-" + url.lastPathComponent)
        guard let source = FileHandle(forReadingAtPath: url.path), FileManager.default.createFile(atPath: copy.path, contents: nil),
              let target = FileHandle(forWritingAtPath: copy.path) else {
            throw GeodeError.file(.init("cannot read '\(url.path)'", path: url.path, reason: .missing))
        }
        defer { try? source.close(); try? target.close() }
        var offset = 0
        while let block = try source.read(upToCount: 1 << 20), !block.isEmpty {
            if let nul = block.firstIndex(of: 0) {
                try? FileManager.default.removeItem(at: copy)
                throw GeodeError.importFailed(ImportFailure(file: url.lastPathComponent, line: 1, column: 1, pointer: "",
                                                            message: "a NUL byte at byte \(offset + nul - block.startIndex): the input is not CSV text",
                                                            committed: 0))
            }
            try target.write(contentsOf: block)
            offset += block.count
        }
        return copy
    }

    /// The table of class `name`, created with `shape`'s properties when the store lacks it.
    private func importTarget(_ name: String, shape: GenericClass) throws -> Table {
        if store.schema[name] == nil {
            // Names that key paths (`@links.Class.property`) and the query language can spell; Realm's length limit.
            if name.isEmpty || name.utf8.count > 57 {
                throw GeodeError.schema("a class name must have 1 to 57 bytes, not \(name.utf8.count) ('\(name)')")
            }
            if let bad = name.unicodeScalars.first(where: { !($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }) {
                throw GeodeError.schema("class name '\(name)' contains '\(bad)': use letters, digits and '_'")
            }
            guard !configuration.readOnly, !isFrozen else {
                throw GeodeError.schema("the realm has no class named '\(name)', and it is read-only")
            }
            // The embedded point class a feature-shaped class reaches.
            if shape == .feature { _ = realmClass(GeoJSONPoint.self) }
            do {
                try store.write { try $0.addClasses([shape.schema(named: name)]) }
            } catch {
                throw GeodeError.from(error)
            }
            refresh()
        }
        guard let cls = dynamicClass(named: name), !cls.table.schema.isEmbedded else {
            throw GeodeError.schema("'\(name)' is an embedded class: objects cannot be imported into it")
        }
        return cls.table
    }

    /// Features into a class of ``GeoFeature``'s shape.
    private func importFeatures(into table: Table, _ url: URL, _ options: ImportOptions) throws -> ImportReport {
        let idMember = options.idMember
        // Where each member goes in a row (a class of GeoFeature's shape has all four).
        let names = table.storedProperties.map(\.name)
        guard let idIndex = names.firstIndex(of: "id"), let geometryIndex = names.firstIndex(of: "geometry"),
              let otherIndex = names.firstIndex(of: "otherGeometry"), let propertiesIndex = names.firstIndex(of: "properties") else {
            throw GeodeError.schema("class '\(table.schema.name)' does not have GeoFeature's properties")
        }
        let template = table.storedProperties.map(\.defaultValue)
        return try importRows(into: table, url, options, map: { record in
            let feature = try FeatureInput(record)
            let id = try idMember.map {
                try Self.identifying($0, in: feature.properties, at: record.pointer + "/properties", of: "the feature", "property")
            } ?? feature.id
            var row = template
            row[idIndex] = id
            row[geometryIndex] = feature.point ?? .null
            row[otherIndex] = feature.otherGeometry
            var mapped = MappedRecord(row: row, id: id, geometryType: feature.geometryType)
            if let node = feature.properties { mapped.streamed = (propertiesIndex, node) }
            return mapped
        }, member: { issue in
            issue.property == "properties" || issue.property == "id" ? "/\(issue.property)" : "/geometry"
        })
    }

    /// Features into a class of any other shape, with the `create(value:)` rules.
    private func importMappedFeatures(into table: Table, _ url: URL, _ options: ImportOptions) throws -> ImportReport {
        let cls = table.schema
        let builder = RowBuilder(schema: store.schema)
        let geo = GeoIndexProperties.first(in: cls, of: store.schema)
        let idProperty = try identityProperty(of: cls, options)
        let rest = cls.property(named: "properties").flatMap { $0.type == .mixed && $0.collection == .single ? $0.name : nil }
        let idMember = options.idMember
        return try importRows(into: table, url, options, map: { record in
            let feature = try FeatureInput(record)
            var given = OrderedDictionary<String, Value>()
            var others = OrderedDictionary<String, Value>()
            if case let .map(members)? = feature.properties?.value {
                for (key, value) in members {
                    if key != rest, let property = cls.property(named: key) {
                        given[key] = try JSONInput.value(value, for: property, options, at: record.pointer + "/properties/" + key)
                    } else {
                        others[key] = value
                    }
                }
            }
            let id = try idMember.map {
                try Self.identifying($0, in: feature.properties, at: record.pointer + "/properties", of: "the feature", "property")
            } ?? feature.id
            if let idProperty, id != .null { given[idProperty] = id }
            if let geo, case let .embedded(point)? = feature.point {
                given[geo] = .map(["type": point[0], "coordinates": point[1]])
            }
            if let rest, !others.isEmpty { given[rest] = .map(others) }
            return MappedRecord(row: try builder.row(from: given, of: cls), id: id, geometryType: feature.geometryType)
        }, member: { issue in
            if issue.property == geo { return "/geometry" }
            if issue.property == idProperty { return idMember.map { "/properties/\($0)" } ?? "/id" }
            return issue.property == rest ? "/properties" : "/properties/\(issue.property)"
        })
    }

    /// The property a record's identity goes to in a class filled by name:
    /// ``ImportOptions/idProperty``, the primary key, or a property named `id`.
    /// Throws when records are to be identified and the class has none.
    private func identityProperty(of cls: ClassSchema, _ options: ImportOptions) throws -> String? {
        if let named = options.idProperty {
            guard cls.property(named: named) != nil else {
                throw GeodeError.schema("class '\(cls.name)' has no property '\(named)' to hold the records' ids")
            }
            return named
        }
        let found = cls.primaryKey?.name ?? cls.property(named: "id")?.name
        if found == nil, options.idMember != nil || options.update != .error {
            throw GeodeError.schema("class '\(cls.name)' has no primary key or 'id' property to identify the records by")
        }
        return found
    }

    /// Imports GeoJSON features into objects of `type`: `properties` members
    /// fill the properties of the same name (with the `create(value:)` rules),
    /// a Point geometry fills the class's first geo point property, the feature
    /// `id` fills ``ImportOptions/idProperty`` or the primary key, and members
    /// the class does not have go into an AnyRealmValue property named
    /// `properties` when the class has one.
    ///
    /// ```swift
    /// let report = try realm.importGeoJSON(City.self, from: url)
    /// ```
    @discardableResult
    public func importGeoJSON<T: Object>(_ type: T.Type, from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try runImport(url, options, prepare: { { $0.detached() } }) { record, _, report in
            let cls = self.realmClass(type)
            let feature = try FeatureInput(record)
            report.geometryTypes[feature.geometryType, default: 0] += 1
            var input: [String: Any] = [:]
            var rest: [String: Any] = [:]
            if case let .map(members)? = feature.properties?.value {
                for (key, value) in members {
                    if cls.table.schema.property(named: key) != nil { input[key] = try JSONInput.any(value, cls, key, options) } else { rest[key] = JSONInput.any(value) }
                }
            }
            if let idProperty = options.idProperty ?? cls.table.schema.primaryKey?.name, feature.id != .null {
                input[idProperty] = JSONInput.any(feature.id)
            }
            if let point = feature.point, let geo = GeoIndexProperties.first(in: cls.table.schema, of: self.store.schema) {
                input[geo] = JSONInput.any(point)
            }
            if !rest.isEmpty, let p = cls.table.schema.property(named: "properties"), p.type == .mixed { input["properties"] = rest }
            self.create(type, value: input, update: options.update)
            report.written += 1
        }
    }

    /// Imports JSON — one object, an array of objects, or newline-delimited
    /// objects — into objects of `type` with the `create(value:)` rules: names
    /// and types exact, unknown keys ignored, required properties present,
    /// nested objects become related or embedded objects, dates and data only
    /// from strings when the options ask for it.
    ///
    /// ```swift
    /// let report = try realm.importJSON(Person.self, from: URL(fileURLWithPath: "people.ndjson"))
    /// ```
    @discardableResult
    public func importJSON<T: Object>(_ type: T.Type, from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try runImport(url, options, prepare: { { $0.detached() } }) { record, _, report in
            let cls = self.realmClass(type)
            guard case let .map(members) = record.value else {
                throw ImportProblem(pointer: record.pointer, message: "expected an object, found \(record.value.typeName)")
            }
            var input: [String: Any] = [:]
            for (key, value) in members where cls.table.schema.property(named: key) != nil {
                input[key] = try JSONInput.any(value, cls, key, options)
            }
            self.create(type, value: input, update: options.update)
            report.written += 1
        }
    }

    /// Imports JSON records of any shape into ``JSONDocument`` objects, each
    /// record whole in `content` (nesting, map keys and sizes are checked as
    /// for any AnyRealmValue).
    ///
    /// ```swift
    /// let report = try realm.importJSONDocuments(from: URL(fileURLWithPath: "corpus.json"))
    /// ```
    @discardableResult
    public func importJSONDocuments(from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try importDocuments(into: realmClass(JSONDocument.self).table, url, options)
    }

    /// Records whole into a class of ``JSONDocument``'s shape.
    private func importDocuments(into table: Table, _ url: URL, _ options: ImportOptions) throws -> ImportReport {
        let idMember = options.idMember
        // Where each member goes in a row (a class of JSONDocument's shape has both).
        let names = table.storedProperties.map(\.name)
        guard let idIndex = names.firstIndex(of: "id"), let contentIndex = names.firstIndex(of: "content") else {
            throw GeodeError.schema("class '\(table.schema.name)' does not have JSONDocument's properties")
        }
        let template = table.storedProperties.map(\.defaultValue)
        return try importRows(into: table, url, options, map: { record in
            let id = try idMember.map { try Self.identifying($0, in: record.tree.root, at: record.pointer, of: "the record", "member") } ?? .null
            var row = template
            row[idIndex] = id
            var mapped = MappedRecord(row: row, id: id, geometryType: nil)
            mapped.streamed = (contentIndex, record.tree.root)
            return mapped
        }, member: { _ in "" })
    }

    /// Records into a class of any other shape, member by member, with the `create(value:)` rules.
    private func importMappedRecords(into table: Table, _ url: URL, _ options: ImportOptions) throws -> ImportReport {
        let cls = table.schema
        let builder = RowBuilder(schema: store.schema)
        let idProperty = try identityProperty(of: cls, options)
        let idMember = options.idMember
        return try importRows(into: table, url, options, map: { record in
            guard case let .map(members) = record.value else {
                throw ImportProblem(pointer: record.pointer, message: "expected an object, found \(record.value.typeName)")
            }
            var given = OrderedDictionary<String, Value>()
            for (key, value) in members {
                guard let property = cls.property(named: key) else { continue }
                given[key] = try JSONInput.value(value, for: property, options, at: record.pointer + "/" + key)
            }
            var id = idProperty.flatMap { given[$0] } ?? .null
            if let idMember {
                id = try Self.identifying(idMember, in: record.tree.root, at: record.pointer, of: "the record", "member")
                if let idProperty { given[idProperty] = id }
            }
            return MappedRecord(row: try builder.row(from: given, of: cls), id: id, geometryType: nil)
        }, member: { issue in
            issue.property == idProperty ? "/\(idMember ?? issue.property)" : "/\(issue.property)"
        })
    }

    /// Imports records mapped to rows of a built-in class. On the parser
    /// thread each row is validated and encoded; the writer only stores it. When
    /// the import identifies records, the writer first looks the id up instead.
    /// `member` names the JSON pointer part for a property's value issue.
    private func importRows(into table: Table, _ url: URL, _ options: ImportOptions,
                            map: @escaping @Sendable (JSONRecordStream.Record) throws -> MappedRecord,
                            member: @escaping @Sendable (ValueIssue) -> String) throws -> ImportReport {
        let identifies = options.identifiesRecords
        let store = self.store
        let className = table.schema.name
        let problem: @Sendable (ValueIssue, String) -> ImportProblem = { issue, pointer in
            ImportProblem(pointer: pointer + member(issue) + Self.pointer(fromIssuePath: issue.path), message: issue.description)
        }
        // Rows of a batch get their spatial-index entries added together, in key order.
        var deferred = DeferredSpatialEntries()
        return try runImport(url, options, prepare: {
            // One preparer (and document writer) per parser thread.
            let preparer = PreparerBox(RowPreparer(store: store, table: table))
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
        }, beforeCommit: {
            try self.transaction?.add(&deferred)
        }) { mapped, pointer, report in
            if let type = mapped.geometryType { report.geometryTypes[type, default: 0] += 1 }
            guard let txn = self.transaction else { return }
            do {
                if let prepared = mapped.prepared {
                    _ = try txn.insert(prepared, into: table, deferring: &deferred)
                } else {
                    try self.write(mapped.row, identifiedBy: mapped.id, into: table, txn, options, pointer)
                }
            } catch let StoreError.invalidValue(issue) {
                throw problem(issue, pointer)
            }
            self.changeCount += 1
            report.written += 1
        }
    }

    /// The value of `member` in `map`, which identifies a record; throws at
    /// `pointer` when the record lacks it.
    private static func identifying(_ member: String, in node: JSONNode?, at pointer: String, of record: String, _ noun: String) throws -> Value {
        guard let value = node?[member]?.value else {
            throw ImportProblem(pointer: pointer, message: "\(record) has no \"\(member)\" \(noun) to identify it")
        }
        return value
    }

    /// Stores a row of an import that identifies records: inserted, or — when an
    /// object with the same primary key or `id` exists — replacing it (`.modified`, `.all`) or
    /// failing (`.error`).
    private func write(_ row: [Value], identifiedBy id: Value, into table: Table, _ txn: StoreWriteTransaction,
                       _ options: ImportOptions, _ pointer: String) throws {
        let existing = id == .null ? nil : table.schema.primaryKey != nil
            ? try txn.object(withPrimaryKey: id, in: table)
            : try txn.objects(whereIndexed: "id", equals: id, in: table)?.first
        guard let existing else {
            _ = try txn.insert(row, into: table)
            return
        }
        guard options.update != .error else {
            let text = (try? JSONTextEncoder.string(id)) ?? "\(id)"
            throw ImportProblem(pointer: pointer, message: "an object with id \(text) exists already (an update policy, or `geode import --update`, replaces it)")
        }
        try txn.update(row, key: existing, in: table)
    }

    /// Streams `url`'s records through `write`, in batches, each first through
    /// a function `prepare` makes for each parser thread (see RecordPipeline).
    private func runImport<Output: Sendable>(
        _ url: URL, _ options: ImportOptions,
        prepare: () -> @Sendable (JSONRecordStream.Record) throws -> Output,
        beforeCommit: () throws -> Void = {},
        _ write: (Output, _ pointer: String, inout ImportReport) throws -> Void
    ) throws -> ImportReport {
        precondition(!isInWriteTransaction, "Geode: an import opens its own write transactions; call it outside realm.write")
        let started = Date()
        // CSV is read row by row through a stream of its own; JSON through the mapped file.
        let input = options.csv == nil ? try MappedInput(url) : nil
        var report = ImportReport()
        let file = url.lastPathComponent
        let csvSize = options.csv == nil ? 0 : (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        try withExtendedLifetime(input) {
            let buffer = input?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
            let totalBytes = input?.bytes.count ?? csvSize
            // Parsing runs on parser threads, ahead of the writes (see RecordPipeline).
            // A stream is read through one window, so by one parser (which still runs ahead of the writer).
            let records: RecordPipeline<Output>
            if let input {
                let parsers = input.window == nil ? RecordPipeline<Output>.parserCount : 1
                records = RecordPipeline(try input.records(source: file, framing: options.streamFraming(for: file),
                                                           at: options.records, keyMember: options.recordKeyMember),
                                         transforms: (0 ..< parsers).map { _ in prepare() })
            } else {
                records = RecordPipeline(try CSVRecordSource(url: url, format: options.csv ?? CSVFormat()), transforms: [prepare()])
            }
            defer { records.finish() }
            var committed = 0
            var inBatch = 0
            var current: RecordPipeline<Output>.Entry?
            beginWrite()
            do {
                while let record = try records.next() {
                    current = record
                    report.records += 1
                    try write(try record.output.get(), record.pointer, &report)
                    if let error = writeError { throw error }
                    inBatch += 1
                    if !options.atomic && inBatch >= max(1, options.batchSize) {
                        try beforeCommit()
                        try commitWrite()
                        committed = report.written
                        // Keep resident memory flat: input behind this record and the
                        // store's pages are in the page cache; drop our mappings of them.
                        input?.release(before: record.offset)
                        store.releaseMappedPages()
                        options.progress?(ImportProgress(written: committed, bytesRead: min(record.offset, totalBytes), totalBytes: totalBytes))
                        beginWrite()
                        inBatch = 0
                    }
                }
                try beforeCommit()
                try commitWrite()
            } catch {
                if isInWriteTransaction { cancelWrite() }
                var failure = ImportFailure(file: file, line: 0, column: 0, pointer: current?.pointer ?? "", message: "", committed: committed)
                if case let JSONError.syntax(message, _, line, column, _) = error {
                    (failure.line, failure.column, failure.message) = (line, column, message)
                    failure.pointer = ""
                } else {
                    if let current {
                        (failure.line, failure.column) = current.location ?? JSONRecordStream.lineAndColumn(buffer, current.offset)
                    }
                    if let problem = error as? ImportProblem {
                        let prefix = current?.pointer ?? ""
                        failure.pointer = problem.pointer.hasPrefix(prefix) ? problem.pointer : prefix + problem.pointer
                        failure.message = problem.message
                    } else {
                        failure.message = GeodeError.from(error).description
                    }
                }
                throw GeodeError.importFailed(failure)
            }
        }
        report.bytes = input?.bytesRead ?? csvSize
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// `[3]["a"]` (a value issue's path) as a JSON pointer: `/3/a`.
    static func pointer(fromIssuePath path: String) -> String {
        var out = ""
        var i = path.startIndex
        while i < path.endIndex {
            guard path[i] == "[", let close = path[i...].firstIndex(of: "]") else { break }
            var part = String(path[path.index(after: i) ..< close])
            if part.hasPrefix("\""), part.hasSuffix("\""), part.count >= 2 { part = String(part.dropFirst().dropLast()) }
            out += "/" + part.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            i = path.index(after: close)
        }
        return out
    }
}

/// A record-level problem found while mapping it: JSON pointer and message.
struct ImportProblem: Error {
    var pointer: String
    var message: String
}

/// A record of a built-in class's import, mapped on the parser thread: its
/// row and id, prepared for storage unless the writer must look the id up.
struct MappedRecord: Sendable {
    var row: [Value]
    var id: Value
    var geometryType: String?
    var prepared: PreparedRow?
    /// A property (row index) whose value is still in the parsed tree, its place
    /// in `row` holding null: written straight into the document, or put into
    /// the row, on the parser thread (never handed to the writer).
    var streamed: (property: Int, node: JSONNode)?

    init(row: [Value], id: Value, geometryType: String?) {
        self.row = row
        self.id = id
        self.geometryType = geometryType
    }
}

/// The parser thread's row preparer (it owns a document writer).
final class PreparerBox: @unchecked Sendable {
    private var preparer: RowPreparer

    init(_ preparer: consuming RowPreparer) { self.preparer = preparer }

    func prepare(_ row: [Value]) throws -> PreparedRow { try preparer.prepare(row) }

    func prepare(_ row: [Value], streaming property: Int,
                 _ write: @escaping (inout DocumentWriter) throws -> Void) throws -> PreparedRow {
        try preparer.prepare(row, streaming: property, write)
    }
}

/// A GeoJSON Feature taken apart: id, point or other geometry, properties.
/// The small members become engine values; `properties` stays in the parsed
/// tree until an import converts it or writes it straight into a document.
struct FeatureInput {
    var id: Value
    var point: Value?
    var otherGeometry: Value = .null
    var geometryType = "none"
    /// The `properties` object; nil when absent or null.
    var properties: JSONNode?

    static let geometryTypes: Set<String> = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"]

    init(_ record: JSONRecordStream.Record) throws {
        let at = record.pointer
        let feature = record.tree.root
        guard feature.isObject else {
            throw ImportProblem(pointer: at, message: "expected a GeoJSON Feature object, found \(feature.typeName)")
        }
        guard case .string("Feature")? = feature["type"]?.value else {
            throw ImportProblem(pointer: at + "/type", message: "expected \"type\": \"Feature\"")
        }
        id = feature["id"]?.value ?? .null
        switch id {
        case .null, .int, .double, .string: break
        default: throw ImportProblem(pointer: at + "/id", message: "a feature id must be a string or a number, not \(id.typeName)")
        }
        if let node = feature["properties"], !node.isNull {
            guard node.isObject else {
                throw ImportProblem(pointer: at + "/properties", message: "properties must be an object or null, not \(node.typeName)")
            }
            properties = node
        }
        guard let geometry = feature["geometry"], !geometry.isNull else { return }
        guard geometry.isObject, case let .string(type)? = geometry["type"]?.value, Self.geometryTypes.contains(type) else {
            throw ImportProblem(pointer: at + "/geometry", message: "expected a GeoJSON geometry with a known \"type\"")
        }
        geometryType = type
        // Every geometry follows RFC 7946's rules, or nothing of the record is written.
        if type == "Point" {
            let numbers = try GeoJSONGeometryCheck.position(geometry["coordinates"], at: at + "/geometry/coordinates")
            point = .embedded([.string("Point"), .list(numbers.map { .double($0) })])
        } else {
            try GeoJSONGeometryCheck.check(geometry, type: type, at: at + "/geometry")
            otherGeometry = geometry.value
        }
    }
}

/// The first geo point property of a class (its name), for GeoJSON imports.
enum GeoIndexProperties {
    static func first(in cls: ClassSchema, of schema: GeodeCore.Schema) -> String? {
        cls.storedProperties.first { p in
            guard p.type == .object, p.collection == .single, let target = schema[p.objectClassName ?? ""], target.isEmbedded else { return false }
            return target.property(named: "type")?.type == .string && target.property(named: "coordinates")?.type == .double
        }?.name
    }
}

/// JSON values as the Swift values `create(value:)` takes.
enum JSONInput {
    static func any(_ value: Value) -> Any {
        switch value {
        case .null: return NSNull()
        case let .bool(b): return b
        case let .int(i): return Int(i)
        case let .double(d): return d
        case let .string(s): return s
        case let .list(items): return items.map(any)
        case let .map(entries): return Dictionary(entries.map { ($0.key, any($0.value)) }, uniquingKeysWith: { a, _ in a })
        case let .embedded(slots):
            // A point built by the GeoJSON importer: type, coordinates.
            return ["type": slots.first.map(any) ?? "Point", "coordinates": slots.count > 1 ? any(slots[1]) : []]
        default: return NSNull()
        }
    }

    /// `value` for property `name` of `cls`, reading ISO-8601 dates and base64
    /// data from strings when the options ask for it.
    static func any(_ value: Value, _ cls: RealmClass, _ name: String, _ options: ImportOptions) throws -> Any {
        guard let property = cls.table.schema.property(named: name) else { return any(value) }
        switch try decoded(value, for: property, options, at: "/\(name)") {
        case let date as Date: return date
        case let data as Data: return data
        default: return any(value)
        }
    }

    /// `value` as the engine value for `property`, reading ISO-8601 dates and
    /// base64 data from strings when the options ask for it; other values are
    /// checked later, by the class's rules.
    static func value(_ value: Value, for property: PropertySchema, _ options: ImportOptions, at pointer: String) throws -> Value {
        switch try decoded(value, for: property, options, at: pointer) {
        case let date as Date: return .timestamp(Timestamp(date))
        case let data as Data: return .binary(Array(data))
        default: return value
        }
    }

    /// The Date or Data a string stands for, when `property` wants one and the
    /// options ask for it; nil otherwise.
    private static func decoded(_ value: Value, for property: PropertySchema, _ options: ImportOptions, at pointer: String) throws -> Any? {
        guard case let .string(text) = value else { return nil }
        if property.type == .date, options.decodesISODates {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw ImportProblem(pointer: pointer, message: "'\(text)' is not an ISO-8601 date")
        }
        if property.type == .data, options.decodesBase64Data {
            guard let data = Data(base64Encoded: text) else { throw ImportProblem(pointer: pointer, message: "'\(text)' is not base64") }
            return data
        }
        return nil
    }
}
