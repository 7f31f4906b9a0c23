import Foundation
import GeodeCore
import GeodeImport
import GeodeTestSupport
import Testing

/// The importer below the object model: records into a store's class as rows,
/// in batches, with the same mapping and failure rules the API's imports have.
@Suite struct RowImportTests {
    static let point = GeoPointSchema.point
    static let city = ClassSchema(
        name: "City",
        properties: [
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "population", type: .int),
            GeoPointSchema.property("location"),
        ])

    static func store(in directory: TemporaryDirectory) throws -> Store {
        try Store.open(
            StoreConfiguration(
                path: directory.path("cities.geode"), schema: Schema(classes: [city, point], version: 1)))
    }

    static func names(_ store: Store) throws -> [String] {
        let table = try store.table("City")
        return try store.read { txn in
            var names: [String] = []
            try txn.forEach(in: table) { key, _ in
                if case let .string(name)? = try txn.row(key, in: table)?.first { names.append(name) }
                return true
            }
            return names
        }
    }

    @Test func featuresFillTheClassByNameAndTheirPointsTheGeoPointProperty() throws {
        let directory = try TemporaryDirectory()
        let input = directory.url.appendingPathComponent("cities.geojson")
        try #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}, "properties": {"name": "Paris", "population": 2102650}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [4.83, 45.76]}, "properties": {"name": "Lyon", "population": 522250}}
        ]}
        """#.write(to: input, atomically: false, encoding: .utf8)
        let store = try Self.store(in: directory)
        let rows = RowImport(url: input, settings: ImportSettings(), store: store, table: try store.table("City"))
        let tally = try rows.run(.mappedFeatures, into: StoreImportWriter(store))
        #expect(tally.records == 2 && tally.written == 2)
        #expect(tally.geometryTypes == ["Point": 2])
        #expect(try Self.names(store).sorted() == ["Lyon", "Paris"])
        let inFrance = try store.read { txn in
            try QueryExecutor(
                query: QueryParser.parse("location geoWithin geoBox([2, 45], [5, 49])"), table: store.table("City"),
                transaction: txn
            ).count()
        }
        #expect(inFrance == 2, "the points went to the spatial index in the import's transactions")
    }

    @Test func aBadRecordStopsTheImportAtItsLineAndKeepsTheBatchesBeforeIt() throws {
        let directory = try TemporaryDirectory()
        let input = directory.url.appendingPathComponent("cities.ndjson")
        try """
        {"name": "Paris", "population": 2102650}
        {"name": "Lyon", "population": 522250}
        {"name": "Nice", "population": "many"}
        """.write(to: input, atomically: false, encoding: .utf8)
        let store = try Self.store(in: directory)
        var settings = ImportSettings()
        settings.batchSize = 2
        let rows = RowImport(url: input, settings: settings, store: store, table: try store.table("City"))
        #expect {
            try rows.run(.mappedRecords, into: StoreImportWriter(store))
        } throws: { error in
            guard case let .stopped(stop)? = error as? ImportError else { return false }
            return stop.file == "cities.ndjson" && stop.line == 3 && stop.pointer == "/population"
                && stop.committed == 2
        }
        #expect(try Self.names(store).sorted() == ["Lyon", "Paris"])
    }

    @Test func aDirectoryIsRefusedAsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.store(in: directory)
        let rows = RowImport(
            url: directory.url, settings: ImportSettings(), store: store, table: try store.table("City"))
        #expect {
            try rows.run(.mappedRecords, into: StoreImportWriter(store))
        } throws: { error in
            guard case let .unreadable(path, _, code)? = error as? ImportError else { return false }
            return path == directory.url.path && code == EISDIR
        }
        #expect(try Self.names(store).isEmpty)
    }
}
