import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import OrderedCollections
import Testing

/// Every case in `Data/Fixtures/import/cases.json`, and the import → export →
/// import round trip.
@Suite struct ImportFixtureTests {
    static func openRealm(_ directory: TemporaryDirectory, _ name: String = "i.geode", schema: ObjectSchema? = nil)
        throws -> Realm
    {
        var configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent(name),
            objectTypes: [GeoFeature.self, GeoJSONPoint.self, JSONDocument.self])
        if let schema { configuration.dynamicClasses = [schema] }
        return try Realm(configuration: configuration)
    }

    @Test func importsBehaveAsTheFixturesSay() throws {
        let folder = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import")
        guard
            case let .list(cases) = try JSONReader.parse(
                try String(contentsOf: folder.appendingPathComponent("cases.json"), encoding: .utf8),
                source: "cases.json")
        else { Issue.record("no cases"); return }
        #expect(cases.count >= 10)
        for case let .map(c) in cases {
            guard case let .string(file)? = c["file"] else { continue }
            let directory = try TemporaryDirectory()
            var className: String?
            if case let .string(name)? = c["class"] { className = name }
            let realm = try Self.openRealm(
                directory, schema: className.flatMap { try? Self.objectSchema($0, c["schema"]) })
            var options = ImportOptions()
            if case let .int(batch)? = c["batch"] { options.batchSize = Int(batch) }
            if case .bool(true)? = c["atomic"] { options.atomic = true }
            if case let .string(member)? = c["id"] { options.idMember = member }
            if case .bool(true)? = c["update"] { options.update = .modified }
            if case .bool(true)? = c["isoDates"] { options.decodesISODates = true }
            var urls = [folder.appendingPathComponent(file)]
            if case let .string(then)? = c["then"] { urls.append(folder.appendingPathComponent(then)) }
            let geo = c["kind"] == .string("geojson")
            do {
                var written = 0
                for url in urls {
                    let report: ImportReport
                    switch (geo, className) {
                    case let (true, name?): report = try realm.importGeoJSON(into: name, from: url, options: options)
                    case (true, nil): report = try realm.importGeoJSON(from: url, options: options)
                    case let (false, name?): report = try realm.importJSON(into: name, from: url, options: options)
                    case (false, nil): report = try realm.importJSONDocuments(from: url, options: options)
                    }
                    written += report.written
                    if case let .map(geometries)? = c["geometries"] {
                        for (type, count) in geometries {
                            #expect(
                                report.geometryTypes[type] == (count == .int(0) ? nil : Self.int(count)),
                                "\(file) \(type)")
                        }
                    }
                }
                if case let .string(error)? = c["error"] {
                    Issue.record("\(file): expected \"\(error)\", got \(written) written")
                }
                if case let .int(expected)? = c["written"] { #expect(written == Int(expected), "\(file)") }
            } catch {
                guard case let .string(expected)? = c["error"] else { Issue.record("\(file): \(error)"); continue }
                #expect(String(describing: error).contains(expected), "\(file): \(error)")
            }
            if let className {
                try Self.checkNamedClass(className, in: realm, c, file, directory)
                continue
            }
            let stored = geo ? realm.objects(GeoFeature.self).count : realm.objects(JSONDocument.self).count
            if case let .int(n)? = c["stored"] { #expect(stored == Int(n), "\(file): objects kept") }
            // The stored objects' ids and members, in object order.
            let rows: [(id: AnyRealmValue, members: AnyRealmValue)] =
                geo
                ? realm.objects(GeoFeature.self).map { ($0.id, $0.properties) }
                : realm.objects(JSONDocument.self).map { ($0.id, $0.content) }
            if let ids = c["ids"] {
                let found = try rows.map { try $0.id.jsonString() }
                #expect(found == Self.texts(ids), "\(file): ids \(found)")
            }
            for member in ["name", "price"] {
                guard let expected = c[member + "s"] else { continue }
                let found = try rows.map {
                    try ($0.members.dictionaryValue?[member] ?? AnyRealmValue.none).jsonString()
                }
                #expect(found == Self.texts(expected), "\(file): \(member)s")
            }
        }
    }

    /// A case that imports into a class by name: the objects kept, the values
    /// at the `values` paths of each object as exported to JSON (in object
    /// order), and the counts of the `queries`.
    static func checkNamedClass(
        _ name: String, in realm: Realm, _ c: OrderedDictionary<String, Value>, _ file: String,
        _ directory: TemporaryDirectory
    ) throws {
        guard realm.schema[name] != nil else {
            #expect(c["stored"] == .int(0), "\(file): class \(name) was not created")
            return
        }
        let objects = realm.dynamicObjects(name)
        if case let .int(n)? = c["stored"] { #expect(objects.count == Int(n), "\(file): objects kept") }
        let exported = directory.url.appendingPathComponent("named.ndjson")
        _ = FileManager.default.createFile(atPath: exported.path, contents: nil)
        let handle = try FileHandle(forWritingTo: exported)
        try objects.export(to: handle, format: .jsonLines)
        try handle.close()
        let records = try String(contentsOf: exported, encoding: .utf8).split(separator: "\n")
            .map { try JSONReader.parse(String($0), source: "named.ndjson") }
        if case let .map(values)? = c["values"] {
            for (path, expected) in values {
                let found = try records.map { record in
                    try JSONTextEncoder.string(
                        path.split(separator: ".").reduce(record) { value, key in
                            if case let .map(members) = value { return members[String(key)] ?? .null }
                            return .null
                        })
                }
                #expect(found == Self.texts(expected), "\(file): \(path)")
            }
        }
        if case let .map(queries)? = c["queries"] {
            for (query, expected) in queries {
                #expect(objects.filter(query).count == Self.int(expected), "\(file): \(query)")
            }
        }
    }

    /// A class defined from a fixture's `schema`: a list of
    /// `{"name", "type", "collection", "optional", "primary", "class"}`.
    static func objectSchema(_ name: String, _ schema: Value?) throws -> ObjectSchema? {
        guard case let .list(entries)? = schema else { return nil }
        let properties = entries.compactMap { entry -> Property? in
            guard case let .map(p) = entry, case let .string(pname)? = p["name"], case let .string(type)? = p["type"],
                let valueType = PropertyType.allCases.first(where: { $0.description == type })
            else { return nil }
            var collection = Property.Collection.single
            if case let .string(kind)? = p["collection"], let known = Property.Collection(rawValue: kind) {
                collection = known
            }
            var target: String?
            if case let .string(cls)? = p["class"] { target = cls }
            return Property(
                name: pname, type: valueType, collection: collection, isOptional: p["optional"] == .bool(true),
                objectClassName: target, isPrimary: p["primary"] == .bool(true))
        }
        return ObjectSchema(className: name, properties: properties)
    }

    /// The JSON text of each element of a fixture list.
    static func texts(_ list: Value) -> [String] {
        guard case let .list(items) = list else { return [] }
        return items.map { (try? JSONTextEncoder.string($0)) ?? "" }
    }

    static func int(_ v: Value) -> Int? {
        if case let .int(i) = v { return Int(i) }
        return nil
    }

    @Test func importedFeaturesKeepTheirValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.openRealm(directory)
        try realm.importGeoJSON(
            from: Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/three-features.geojson"))
        let features = realm.objects(GeoFeature.self)
        let first = try #require(features.where { $0.id == .int(1) }.first)
        #expect(first.geometry?.geometry == .point(try #require(GeoPoint(latitude: 42.54146, longitude: 1.773867))))
        #expect(first.properties.dictionaryValue?["tags"]?.listValue?[1] == .string("port"))
        let nyc = try #require(features.where { $0.id == .string("two") }.first)
        guard case let .point(point)? = nyc.geometry?.geometry else {
            Issue.record("the feature's Point is not read back")
            return
        }
        #expect(point.altitude == 12.5)
        #expect(features.filter("properties.meta.rank == 3").count == 1)
        #expect(
            features.filter("geometry geoWithin geoCircle([-73.98, 40.75], 0.001)").map { $0.id } == [.string("two")])
    }

    /// The importer adds a batch's spatial-index entries together, in key
    /// order, before it commits the batch: every point of a committed batch
    /// is found through the index, whatever the batch size, and also when a
    /// later record fails the import.
    @Test(arguments: [1, 7, 10_000])
    func committedPointsAreIndexedWhateverTheBatchSize(batchSize: Int) throws {
        let directory = try TemporaryDirectory()
        var generator = SeededGenerator(seed: UInt64(batchSize))
        let points = (0 ..< 300).map { _ in
            (
                (Double.random(in: -180 ... 180, using: &generator) * 1e5).rounded() / 1e5,
                (Double.random(in: -90 ... 90, using: &generator) * 1e5).rounded() / 1e5
            )
        }
        let features = points.enumerated().map { i, p in
            #"{"type":"Feature","id":\#(i),"geometry":{"type":"Point","coordinates":[\#(p.0),\#(p.1)]},"properties":{}}"#
        }
        for failing in [false, true] {
            // The failing file ends with a feature whose property name is illegal.
            let last = failing ? [#"{"type":"Feature","id":-1,"geometry":null,"properties":{"$bad":1}}"#] : []
            let file = directory.url.appendingPathComponent("points-\(failing).geojson")
            try Data(
                ("{\"type\":\"FeatureCollection\",\"features\":[" + (features + last).joined(separator: ",") + "]}")
                    .utf8
            ).write(to: file)
            let realm = try Self.openRealm(directory, "points-\(failing).geode")
            var options = ImportOptions()
            options.batchSize = batchSize
            let committed: Int
            do {
                committed = try realm.importGeoJSON(from: file, options: options).written
                #expect(!failing)
            } catch let GeodeError.importFailed(failure) {
                #expect(failing)
                committed = failure.committed
            }
            #expect(committed == (failing ? points.count / batchSize * batchSize : points.count))
            let objects = realm.objects(GeoFeature.self)
            #expect(objects.count == committed)
            for (west, south, east, north) in [
                (-180.0, -90.0, 180.0, 90.0), (-30.0, -20.0, 40.0, 35.0), (100.0, -80.0, 179.0, -10.0),
            ] {
                let box = try #require(GeoBox(bottomLeft: (south, west), topRight: (north, east))?.with(edges: .planar))
                let query = objects.where { $0.geometry.geoWithin(box) }
                #expect(query.explain().contains("spatial index"))
                let inside = Set(
                    points.indices.prefix(committed).filter { i in
                        points[i].0 >= west && points[i].0 <= east && points[i].1 >= south && points[i].1 <= north
                    })
                #expect(
                    Set(query.compactMap { $0.id.intValue }) == inside,
                    "box \([west, south, east, north]), failing: \(failing)")
            }
        }
    }

    @Test func exportThenImportGivesIdenticalObjects() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.openRealm(directory, "a.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/other-geometries-are-kept.geojson")
        try source.importGeoJSON(from: sample)
        try source.importGeoJSON(
            from: Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/three-features.geojson"))
        for format in [ExportFormat.geoJSON, .geoJSONLines] {
            let exported = directory.url.appendingPathComponent("out.\(format.rawValue)")
            _ = FileManager.default.createFile(atPath: exported.path, contents: nil)
            let handle = try FileHandle(forWritingTo: exported)
            let n = try source.objects(GeoFeature.self).export(to: handle, format: format)
            try handle.close()
            #expect(n == 6)
            let copy = try Self.openRealm(directory, "copy-\(format.rawValue).geode")
            try copy.importGeoJSON(from: exported)
            let before = Self.snapshot(source), after = Self.snapshot(copy)
            #expect(before == after, "\(format)")
        }
    }

    /// RFC 7946: every geometry type, a feature without one, and members a
    /// Feature may carry beyond its own (foreign members, `bbox`) come back
    /// from an export as they went in, in both GeoJSON forms.
    @Test func everyGeometryAndForeignMemberComesBackFromAnExport() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.openRealm(directory, "round.geode")
        let input = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/every-geometry-round-trip.geojson")
        try realm.importGeoJSON(from: input)
        let given =
            try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: input)) as? [String: Any])["features"] as? [Any]
        let expected = try #require(given as? [NSDictionary])
        for format in [ExportFormat.geoJSON, .geoJSONLines] {
            let exported = directory.url.appendingPathComponent("round.\(format.rawValue)")
            _ = FileManager.default.createFile(atPath: exported.path, contents: nil)
            let handle = try FileHandle(forWritingTo: exported)
            try realm.objects(GeoFeature.self).export(to: handle, format: format)
            try handle.close()
            let data = try Data(contentsOf: exported)
            let features: [Any]
            if format == .geoJSON {
                features = try #require(
                    (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["features"] as? [Any])
            } else {
                features = try data.split(separator: UInt8(ascii: "\n")).map {
                    try JSONSerialization.jsonObject(with: Data($0))
                }
            }
            let got = try #require(features as? [NSDictionary])
            #expect(got.count == expected.count, "\(format)")
            for (back, sent) in zip(got, expected) {
                // Numbers compare by value (2 and 2.0 are one number in JSON).
                #expect(back == sent, "\(format): \(back) is not \(sent)")
            }
        }
        let paris = try #require(realm.objects(GeoFeature.self).where { $0.id == .int(1) }.first)
        #expect(paris.foreignMembers.dictionaryValue?["title"] == .string("Paris"))
        #expect(realm.objects(GeoFeature.self).where { $0.id == .int(4) }.first?.foreignMembers == AnyRealmValue.none)
    }

    @Test func documentsExportAsTheRecordsTheyCameFrom() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.openRealm(directory, "docs.geode")
        var options = ImportOptions()
        options.idMember = "sku"
        options.update = .modified
        try source.importJSONDocuments(
            from: Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/skus.ndjson"), options: options)
        for format in [ExportFormat.json, .jsonLines] {
            let exported = directory.url.appendingPathComponent("docs.\(format.rawValue)")
            _ = FileManager.default.createFile(atPath: exported.path, contents: nil)
            let handle = try FileHandle(forWritingTo: exported)
            #expect(try source.objects(JSONDocument.self).export(to: handle, format: format) == 2)
            try handle.close()
            let copy = try Self.openRealm(directory, "docs-\(format.rawValue).geode")
            try copy.importJSONDocuments(from: exported, options: options)
            let contents = { (realm: Realm) in
                try realm.objects(JSONDocument.self).map { "\($0.id)|" + (try $0.content.jsonString()) }
            }
            #expect(try contents(copy) == contents(source), "\(format)")
            #expect(
                try source.objects(JSONDocument.self).map { try $0.content.jsonString() }
                    == [#"{"sku":1.0,"name":"kettle","price":22}"#, #"{"sku":2,"name":"mug","price":7}"#])
        }
    }

    /// Records are parsed on a thread of their own, in chunks: a syntax error
    /// far into the input must still come after every record before it, with
    /// its own line, and keep exactly the batches committed before it.
    @Test func aSyntaxErrorDeepInALongInputKeepsTheBatchesBeforeIt() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("long.ndjson")
        var lines = (1 ... 2500).map { #"{"n":\#($0)}"# }
        lines[1499] = #"{"n":1500,}"#
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: false, encoding: .utf8)
        let realm = try Self.openRealm(directory)
        var options = ImportOptions()
        options.batchSize = 1000
        do {
            try realm.importJSONDocuments(from: url, options: options)
            Issue.record("the import succeeded")
        } catch {
            #expect("\(error)".contains("long.ndjson:1500:"), "\(error)")
            #expect("\(error)".contains("(1000 records committed before it were kept)"), "\(error)")
        }
        #expect(realm.objects(JSONDocument.self).count == 1000)
        #expect(realm.objects(JSONDocument.self).last?.content.dictionaryValue?["n"] == .int(1000))
    }

    /// Parsers take turns over chunks of a FeatureCollection: every feature
    /// arrives once, in order, with its own pointer when it is refused.
    @Test func aLongFeatureCollectionArrivesWholeAndInOrder() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("long.geojson")
        func features(badAt bad: Int?) -> String {
            let items = (0 ..< 1800).map { i in
                #"{"type":"Feature","id":\#(i),"geometry":{"type":"Point","coordinates":[\#(Double(i % 360) - 180),\#(i == bad ? 95 : 10)]},"properties":{"s":"a \"quoted\" } ] string"}}"#
            }
            return #"{"type":"FeatureCollection","features":[\#n"# + items.joined(separator: ",\n") + "\n]}\n"
        }
        try features(badAt: nil).write(to: url, atomically: false, encoding: .utf8)
        let realm = try Self.openRealm(directory)
        let report = try realm.importGeoJSON(from: url)
        #expect(report.written == 1800)
        #expect(realm.objects(GeoFeature.self).map(\.id) == (0 ..< 1800).map { AnyRealmValue.int($0) })

        try features(badAt: 1300).write(to: url, atomically: false, encoding: .utf8)
        let other = try Self.openRealm(directory, "other.geode")
        var options = ImportOptions()
        options.batchSize = 500
        #expect {
            try other.importGeoJSON(from: url, options: options)
        } throws: { error in
            "\(error)".contains("at /features/1300/geometry/coordinates/1")
                && "\(error)".contains("(1000 records committed before it were kept)")
        }
        #expect(other.objects(GeoFeature.self).count == 1000)
    }

    /// Each feature's values as text (nested values as JSON: their contents, not where they sit in memory).
    static func snapshot(_ realm: Realm) -> [String] {
        func json(_ value: AnyRealmValue?) -> String { (try? (value ?? .none).jsonString()) ?? "not JSON" }
        return realm.objects(GeoFeature.self).map { f in
            "\(f.id)|\(f.geometry?.type ?? "")|\(json(f.geometry?.coordinates))|\(json(f.geometry?.geometries))|\(json(f.properties))"
        }
    }
}

/// Two processes importing into one store, each meeting map keys the other
/// has not seen: the key table stays one table, and each reads the other's keys.
@Suite struct SharedKeyTableTests {
    private func feature(_ id: Int, _ properties: String) -> String {
        #"{"type":"Feature","id":\#(id),"geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":\#(properties)}"#
    }

    @Test func keysInternedByAnotherProcessAreReadAndNeverNumberedTwice() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("shared.geode")
        let realm = try ImportFixtureTests.openRealm(directory, "shared.geode")
        func write(_ name: String, _ text: String) throws -> URL {
            let url = directory.url.appendingPathComponent(name)
            try text.write(to: url, atomically: false, encoding: .utf8)
            return url
        }
        _ = try realm.importGeoJSON(from: try write("a.geojsonl", feature(1, #"{"shared":1,"first":1}"#) + "\n"))
        let child = try Subprocess.run(
            "geode",
            [
                "import", try write("b.geojsonl", feature(2, #"{"shared":2,"second":{"inner":2}}"#) + "\n").path,
                "--store", store, "--quiet",
            ])
        #expect(child.status == 0, "\(child.stderr)")
        _ = realm.refresh()
        let second = realm.objects(GeoFeature.self).filter("properties.second.inner == 2")
        #expect(second.count == 1)
        #expect(second.first?.properties.dictionaryValue?["shared"] == .int(2))
        // This process interns a key after the other's: a new number, not one the other used.
        _ = try realm.importGeoJSON(
            from: try write("c.geojsonl", feature(3, #"{"third":3,"second":{"inner":3}}"#) + "\n"))
        let names = realm.objects(GeoFeature.self).sorted(byKeyPath: "id").map { feature in
            (feature.properties.dictionaryValue?.keys).map(Array.init) ?? []
        }
        #expect(names == [["shared", "first"], ["shared", "second"], ["third", "second"]])
        let query = try Subprocess.run(
            "geode", ["query", store, "properties.third == 3 AND properties.second.inner == 3", "--count"])
        #expect(query.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(query.stdout) \(query.stderr)")
    }
}
