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
    static func openRealm(_ directory: TemporaryDirectory, _ name: String = "i.geode") throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: directory.url.appendingPathComponent(name),
                                                     objectTypes: [GeoFeature.self, GeoJSONPoint.self, JSONDocument.self]))
    }

    @Test func importsBehaveAsTheFixturesSay() throws {
        let folder = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import")
        guard case let .list(cases) = try JSONReader.parse(try String(contentsOf: folder.appendingPathComponent("cases.json"), encoding: .utf8),
                                                           source: "cases.json") else { Issue.record("no cases"); return }
        #expect(cases.count >= 10)
        for case let .map(c) in cases {
            guard case let .string(file)? = c["file"] else { continue }
            let directory = try TemporaryDirectory()
            let realm = try Self.openRealm(directory)
            var options = ImportOptions()
            if case let .int(batch)? = c["batch"] { options.batchSize = Int(batch) }
            if case .bool(true)? = c["atomic"] { options.atomic = true }
            if case let .string(member)? = c["id"] { options.idMember = member }
            if case .bool(true)? = c["update"] { options.update = .modified }
            var urls = [folder.appendingPathComponent(file)]
            if case let .string(then)? = c["then"] { urls.append(folder.appendingPathComponent(then)) }
            let geo = c["kind"] == .string("geojson")
            do {
                var written = 0
                for url in urls {
                    let report = geo ? try realm.importGeoJSON(from: url, options: options) : try realm.importJSONDocuments(from: url, options: options)
                    written += report.written
                    if case let .map(geometries)? = c["geometries"] {
                        for (type, count) in geometries { #expect(report.geometryTypes[type] == (count == .int(0) ? nil : Self.int(count)), "\(file) \(type)") }
                    }
                }
                if case let .string(error)? = c["error"] { Issue.record("\(file): expected \"\(error)\", got \(written) written") }
                if case let .int(expected)? = c["written"] { #expect(written == Int(expected), "\(file)") }
            } catch {
                guard case let .string(expected)? = c["error"] else { Issue.record("\(file): \(error)"); continue }
                #expect(String(describing: error).contains(expected), "\(file): \(error)")
            }
            let stored = geo ? realm.objects(GeoFeature.self).count : realm.objects(JSONDocument.self).count
            if case let .int(n)? = c["stored"] { #expect(stored == Int(n), "\(file): objects kept") }
            // The stored objects' ids and members, in object order.
            let rows: [(id: AnyRealmValue, members: AnyRealmValue)] = geo
                ? realm.objects(GeoFeature.self).map { ($0.id, $0.properties) }
                : realm.objects(JSONDocument.self).map { ($0.id, $0.content) }
            if let ids = c["ids"] {
                let found = try rows.map { try $0.id.jsonString() }
                #expect(found == Self.texts(ids), "\(file): ids \(found)")
            }
            for member in ["name", "price"] {
                guard let expected = c[member + "s"] else { continue }
                let found = try rows.map { try ($0.members.dictionaryValue?[member] ?? AnyRealmValue.none).jsonString() }
                #expect(found == Self.texts(expected), "\(file): \(member)s")
            }
        }
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
        try realm.importGeoJSON(from: Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/three-features.geojson"))
        let features = realm.objects(GeoFeature.self)
        let first = try #require(features.where { $0.id == .int(1) }.first)
        #expect(first.geometry?.coordinates.map { $0 } == [1.773867, 42.54146])
        #expect(first.properties.dictionaryValue?["tags"]?.listValue?[1] == .string("port"))
        let nyc = try #require(features.where { $0.id == .string("two") }.first)
        #expect(nyc.geometry?.geoPoint?.altitude == 12.5)
        #expect(features.filter("properties.meta.rank == 3").count == 1)
        #expect(features.filter("geometry geoWithin geoCircle([-73.98, 40.75], 0.001)").map { $0.id } == [.string("two")])
    }

    @Test func exportThenImportGivesIdenticalObjects() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.openRealm(directory, "a.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/other-geometries-are-kept.geojson")
        try source.importGeoJSON(from: sample)
        try source.importGeoJSON(from: Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/three-features.geojson"))
        for format in [ExportFormat.geoJSON, .geoJSONLines] {
            let exported = directory.url.appendingPathComponent("out.\(format.rawValue)")
            FileManager.default.createFile(atPath: exported.path, contents: nil)
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

    @Test func documentsExportAsTheRecordsTheyCameFrom() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.openRealm(directory, "docs.geode")
        var options = ImportOptions()
        options.idMember = "sku"
        options.update = .modified
        try source.importJSONDocuments(from: Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/skus.ndjson"), options: options)
        for format in [ExportFormat.json, .jsonLines] {
            let exported = directory.url.appendingPathComponent("docs.\(format.rawValue)")
            FileManager.default.createFile(atPath: exported.path, contents: nil)
            let handle = try FileHandle(forWritingTo: exported)
            #expect(try source.objects(JSONDocument.self).export(to: handle, format: format) == 2)
            try handle.close()
            let copy = try Self.openRealm(directory, "docs-\(format.rawValue).geode")
            try copy.importJSONDocuments(from: exported, options: options)
            let contents = { (realm: Realm) in try realm.objects(JSONDocument.self).map { "\($0.id)|" + (try $0.content.jsonString()) } }
            #expect(try contents(copy) == contents(source), "\(format)")
            #expect(try source.objects(JSONDocument.self).map { try $0.content.jsonString() }
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
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
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
        try features(badAt: nil).write(to: url, atomically: true, encoding: .utf8)
        let realm = try Self.openRealm(directory)
        let report = try realm.importGeoJSON(from: url)
        #expect(report.written == 1800)
        #expect(realm.objects(GeoFeature.self).map(\.id) == (0 ..< 1800).map { AnyRealmValue.int($0) })

        try features(badAt: 1300).write(to: url, atomically: true, encoding: .utf8)
        let other = try Self.openRealm(directory, "other.geode")
        var options = ImportOptions()
        options.batchSize = 500
        #expect {
            try other.importGeoJSON(from: url, options: options)
        } throws: { error in
            "\(error)".contains("at /features/1300/geometry/coordinates/1") && "\(error)".contains("(1000 records committed before it were kept)")
        }
        #expect(other.objects(GeoFeature.self).count == 1000)
    }

    static func snapshot(_ realm: Realm) -> [String] {
        realm.objects(GeoFeature.self).map { f in
            "\(f.id)|\(f.geometry?.coordinates.map { $0.bitPattern } ?? [])|\(f.otherGeometry)|\(f.properties)"
        }
    }
}
