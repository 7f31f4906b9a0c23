import Foundation
import GeodeCore
import GeodeImport
import GeodeJSON
import OrderedCollections

extension Realm {
    /// Imports GeoJSON — a FeatureCollection, a single Feature, GeoJSON text
    /// sequences (RFC 8142) or newline-delimited features — into ``GeoFeature``
    /// objects. Every geometry (points, lines, polygons, collections) is kept
    /// in ``GeoFeature/geometry``, spatially indexed, and counted by type in the report.
    ///
    /// Records stream one at a time (memory stays flat) and are written in
    /// batches of ``ImportOptions/batchSize`` per write transaction (or all in
    /// one, ``ImportOptions/atomic``). A failure throws
    /// ``GeodeError/importFailed(_:)`` naming file, line, column and JSON
    /// pointer; every batch before it is kept (nothing, when atomic).
    ///
    /// The points reach the spatial index in large sorted runs (as do values
    /// of other indexed properties that come in no order), the last when the
    /// import ends; until then, queries on those indexes (from any thread or
    /// process) test documents instead, and answer the same. An import whose
    /// process is killed is indexed by the next process that opens the store
    /// for writing.
    ///
    /// ```swift
    /// let report = try realm.importGeoJSON(from: URL(fileURLWithPath: "places.geojson"))
    /// print(report)
    /// ```
    @discardableResult
    public func importGeoJSON(from url: URL, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try importRows(.features, into: realmClass(GeoFeature.self).table, url, options)
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
    public func importGeoJSON(into className: String, from url: URL, options: ImportOptions = ImportOptions()) throws
        -> ImportReport
    {
        let table = try importTarget(className, shape: .feature)
        return try importRows(
            GenericClass(of: table.schema) == .feature ? .features : .mappedFeatures, into: table, url, options)
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
    public func importJSON(into className: String, from url: URL, options: ImportOptions = ImportOptions()) throws
        -> ImportReport
    {
        let table = try importTarget(className, shape: .document)
        return try importRows(
            GenericClass(of: table.schema) == .document ? .documents : .mappedRecords, into: table, url, options)
    }

    /// Imports a CSV or TSV file (``ImportOptions/csv``, CSV by default), one
    /// object per row. A file with coordinates or a geometry column (see
    /// ``CSVFormat``) becomes features — ``GeoFeature`` objects, or a class of
    /// that shape named `className`, each row's other columns its properties;
    /// any other file becomes records, as JSON records do (``JSONDocument``,
    /// or `className`). Rows stream one at a time, a pipe's too (read once,
    /// as it arrives, nothing saved to disk); a failure names the file and
    /// line, and keeps the batches before it. A row that runs past 64 MB
    /// without ending, a NUL byte and text that is not UTF-8 are failures
    /// too, so an input that never ends well is refused in bounded memory.
    ///
    /// ```swift
    /// try realm.importCSV(from: URL(fileURLWithPath: "stations.csv"))          // lat,lon,name,elevation
    /// realm.objects(GeoFeature.self).filter("properties.elevation > 1000")
    /// ```
    @discardableResult
    public func importCSV(from url: URL, into className: String? = nil, options: ImportOptions = ImportOptions()) throws
        -> ImportReport
    {
        var options = options
        let format = options.csv ?? CSVFormat()
        options.csv = format
        // The header chooses features or records; the import reads on from it, so
        // that a pipe is read once, as it arrives.
        let opened = try importing { try OpenedCSV(url: url, layout: format.layout) }
        options.openedCSV = opened
        switch (opened.hasGeometry, className) {
        case let (true, name?): return try importGeoJSON(into: name, from: url, options: options)
        case (true, nil): return try importGeoJSON(from: url, options: options)
        case let (false, name?): return try importJSON(into: name, from: url, options: options)
        case (false, nil): return try importJSONDocuments(from: url, options: options)
        }
    }

    /// The table of class `name`, created with `shape`'s properties when the store lacks it.
    private func importTarget(_ name: String, shape: GenericClass) throws -> Table {
        if store.schema[name] == nil {
            // Names that key paths (`@links.Class.property`) and the query language can spell; Realm's length limit.
            if name.isEmpty || name.utf8.count > 57 {
                throw GeodeError.schema("a class name must have 1 to 57 bytes, not \(name.utf8.count) ('\(name)')")
            }
            if let bad = name.unicodeScalars.first(where: {
                !($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_")
            }) {
                throw GeodeError.schema("class name '\(name)' contains '\(bad)': use letters, digits and '_'")
            }
            guard !configuration.readOnly, !isFrozen else {
                throw GeodeError.schema("the realm has no class named '\(name)', and it is read-only")
            }
            // The embedded geometry class a feature-shaped class reaches.
            if shape == .feature { _ = realmClass(GeoJSONGeometry.self) }
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

    /// Imports GeoJSON features into objects of `type`: `properties` members
    /// fill the properties of the same name (with the `create(value:)` rules),
    /// the geometry fills the class's first geometry property (a geo point
    /// property takes Points only), the feature
    /// `id` fills ``ImportOptions/idProperty`` or the primary key, and members
    /// the class does not have go into an AnyRealmValue property named
    /// `properties` when the class has one.
    ///
    /// ```swift
    /// let report = try realm.importGeoJSON(City.self, from: url)
    /// ```
    @discardableResult
    public func importGeoJSON<T: Object>(_ type: T.Type, from url: URL, options: ImportOptions = ImportOptions()) throws
        -> ImportReport
    {
        let settings = options.settings
        return try importObjects(url, options) { record, report in
            let cls = self.realmClass(type)
            let feature = try FeatureInput(record)
            report.geometryTypes[feature.geometryType, default: 0] += 1
            var input = OrderedDictionary<String, Value>()
            var rest = OrderedDictionary<String, Value>()
            if case let .map(members)? = feature.properties?.value {
                for (key, value) in members {
                    if let property = cls.table.schema.property(named: key) {
                        // Keyed as `create` reads its input: a mapped property by its Swift name.
                        input[property.inputName] = try RecordValue.value(
                            value, for: property, settings, at: record.pointer + "/properties/" + key)
                    } else {
                        rest[key] = value
                    }
                }
            }
            if let idProperty = options.idProperty.map({ cls.table.schema.property(named: $0)?.inputName ?? $0 })
                ?? cls.table.schema.primaryKey?.inputName, feature.id != .null
            {
                input[idProperty] = feature.id
            }
            if let geo = self.store.schema.firstGeoPointProperty(of: cls.table.schema),
                let members = feature.geometryMembers(for: geo.objectClassName.flatMap { self.store.schema[$0] })
            {
                input[geo.inputName] = members
            }
            if !rest.isEmpty, let p = cls.table.schema.property(named: "properties"), p.type == .mixed {
                input[p.inputName] = .map(rest)
            }
            self.create(type, value: Value.map(input), update: options.update)
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
    public func importJSON<T: Object>(_ type: T.Type, from url: URL, options: ImportOptions = ImportOptions()) throws
        -> ImportReport
    {
        let settings = options.settings
        return try importObjects(url, options) { record, report in
            let cls = self.realmClass(type)
            guard case let .map(members) = record.value else {
                throw ImportProblem(
                    pointer: record.pointer, message: "expected an object, found \(record.value.typeName)")
            }
            var input = OrderedDictionary<String, Value>()
            for (key, value) in members {
                guard let property = cls.table.schema.property(named: key) else { continue }
                input[property.inputName] = try RecordValue.value(
                    value, for: property, settings, at: record.pointer + "/" + key)
            }
            self.create(type, value: Value.map(input), update: options.update)
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
        try importRows(.documents, into: realmClass(JSONDocument.self).table, url, options)
    }

    /// Imports rows of `table` with `mapping` (see `RowImport`).
    private func importRows(_ mapping: RowImport.Mapping, into table: Table, _ url: URL, _ options: ImportOptions)
        throws -> ImportReport
    {
        precondition(
            !isInWriteTransaction, "Geode: an import opens its own write transactions; call it outside realm.write")
        let rows = RowImport(url: url, settings: options.settings, store: store, table: table)
        return ImportReport(try importing { try rows.run(mapping, into: self) })
    }

    /// Imports objects of a Swift class, each record given to `create` by `write`.
    private func importObjects(
        _ url: URL, _ options: ImportOptions,
        _ write: @escaping (JSONRecordStream.Record, inout ImportTally) throws -> Void
    ) throws -> ImportReport {
        precondition(
            !isInWriteTransaction, "Geode: an import opens its own write transactions; call it outside realm.write")
        let run = ImportRun(url: url, settings: options.settings)
        return ImportReport(
            try importing {
                try run.run(into: self, store: store, prepare: { { $0.detached() } }) { record, _, _, tally in
                    try write(record, &tally)
                }
            })
    }

    /// `body`'s result, its import errors as the user's errors.
    private func importing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ImportError {
            throw GeodeError(error)
        } catch {
            throw GeodeError.from(error)
        }
    }
}
