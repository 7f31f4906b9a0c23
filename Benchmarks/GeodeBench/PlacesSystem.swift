import CSQLite
import Foundation
import Geode
import GeodeCore
import GeodeGeo
import GeodeImport
import GeodeJSON

/// One system running the places workload: Geode, or a peer.
protocol PlacesSystem: AnyObject {
    var name: String { get }
    /// Loads `places` into a new store under `directory`; returns the features written.
    func load(_ places: String, into directory: URL) throws -> Int
    /// Bytes the store takes on disk.
    var storeBytes: Int { get }
    func countBox(west: Double, south: Double, east: Double, north: Double) throws -> Int
    func countCircle(longitude: Double, latitude: Double, radians: Double) throws -> Int
    /// Points a planar GeoJSON (Multi)Polygon covers.
    func countPolygon(geoJSON: String) throws -> Int
    /// One of the four mixed-property queries, by its name in queries.json.
    func countMixed(_ name: String) throws -> Int
    /// The ids of the `count` features nearest to a point (great-circle
    /// distance), nearest first; nil when the system has no way to ask.
    func nearest(longitude: Double, latitude: Double, count: Int) throws -> [Int]?
    /// Looks up a feature by id and reads its properties whole; false when absent.
    func lookup(_ id: Int) throws -> Bool
    /// Lets go of the store loaded last (its server stopped, its files closed)
    /// before its directory is removed.
    func unload()
}

extension PlacesSystem {
    func unload() {}
    func nearest(longitude: Double, latitude: Double, count: Int) throws -> [Int]? { nil }
}

/// Geode through its public API.
final class GeodeSystem: PlacesSystem {
    let name = "Geode"
    private(set) var realm: Realm?
    private var path = ""
    /// The store's size before the polygon workload's footprints came in.
    var bytesBeforeFootprints = 0

    var features: Results<GeoFeature> {
        guard let realm else { preconditionFailure("load first") }
        return realm.objects(GeoFeature.self)
    }

    func load(_ places: String, into directory: URL) throws -> Int {
        path = directory.appendingPathComponent("places.geode").path
        let (realm, written) = try Self.importPlaces(places, into: path)
        self.realm = realm
        return written
    }

    static func configuration(_ path: String) -> Realm.Configuration {
        Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [GeoFeature.self, GeoJSONPoint.self])
    }

    /// Imports `places` into a new store at `path` as `geode import` does: the
    /// default batches (10,000 records); larger ones leave more freed pages in
    /// the file (a batch's copy-on-write pages are reused only by the next).
    static func importPlaces(_ places: String, into path: String) throws -> (Realm, Int) {
        let realm = try Realm(configuration: configuration(path))
        let report = try realm.importGeoJSON(from: URL(fileURLWithPath: places), options: ImportOptions())
        return (realm, report.written)
    }

    /// The same import with no spatial index kept, to measure what its upkeep
    /// costs: the classes are made through the object model, then the same
    /// importer writes to the store opened below it with index upkeep off (a
    /// switch the engine has for this measure only; the next ordinary open
    /// builds the index).
    static func importPlacesWithoutSpatialIndex(_ places: String, into path: String) throws -> Int {
        _ = try Realm(configuration: configuration(path))
        var storeConfiguration = StoreConfiguration(path: path)
        storeConfiguration.maintainsSpatialIndexes = false
        let store = try Store.open(storeConfiguration)
        let table = try store.table("GeoFeature")
        let rows = RowImport(url: URL(fileURLWithPath: places), settings: ImportSettings(), store: store, table: table)
        let tally = try rows.run(.features, into: StoreImportWriter(store))
        return tally.written
    }

    var storeBytes: Int { WorkloadSuite.size(path) + WorkloadSuite.size(path + "-lock") }
    var storePath: String { path }

    func countBox(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        guard let box = GeoBox(bottomLeft: (south, west), topRight: (north, east))?.with(edges: .planar) else {
            return 0
        }
        return features.where { $0.geometry.geoWithin(box) }.count
    }

    func countCircle(longitude: Double, latitude: Double, radians: Double) throws -> Int {
        guard let circle = GeoCircle(center: (latitude, longitude), radiusInRadians: radians) else { return 0 }
        return features.where { $0.geometry.geoWithin(circle) }.count
    }

    func countPolygon(geoJSON: String) throws -> Int {
        let shape = try GeoMultiPolygon(geoJSON: geoJSON).with(edges: .planar)
        return features.where { $0.geometry.geoWithin(shape) }.count
    }

    static let mixed = [
        "population_gt_1m": "properties.population > 1000000", "meta_rank_eq_3": "properties.meta.rank == 3",
        "tags_contains_capital": "properties.tags[*] == 'capital'",
        "meta_nested_a_b_c_eq_5": "properties.meta.nested.a.b.c == 5",
    ]

    func countMixed(_ name: String) throws -> Int { try Self.countMixed(name, in: features) }

    /// One mixed-property query's count among `features` (of any thread's realm).
    static func countMixed(_ name: String, in features: Results<GeoFeature>) throws -> Int {
        guard let predicate = mixed[name] else { throw SQLiteError("unknown mixed query \(name)") }
        return try features.query(predicate).count
    }

    func nearest(longitude: Double, latitude: Double, count: Int) throws -> [Int]? {
        try features.query("TRUEPREDICATE SORT(DISTANCE(geometry, [\(longitude), \(latitude)])) LIMIT(\(count))")
            .map { $0.id.intValue ?? -1 }
    }

    func lookup(_ id: Int) throws -> Bool { try Self.lookup(id, in: features) }

    /// Looks up feature `id` among `features` (of any thread's realm) and reads its properties whole.
    static func lookup(_ id: Int, in features: Results<GeoFeature>) throws -> Bool {
        guard let feature = features.where({ $0.id == .int(id) }).first else { return false }
        return try feature.properties.jsonString().utf8.count > 0
    }
}

/// What the SQLite-based peers share: one database, its prepared statements,
/// and the JSON-text queries (mixed properties, lookups by id).
class SQLiteBackedSystem {
    var db: SQLiteDatabase?
    var path = ""
    /// The polygon workload's countries, as GeoJSON geometries in file order.
    var countryGeometries: [String] = []
    /// The database's size before the polygon workload's footprints came in.
    var bytesBeforeFootprints = 0
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens a new database at `path`, forgetting the previous one.
    func open(_ path: String) throws -> SQLiteDatabase {
        statements = [:]
        db = nil
        self.path = path
        return try SQLiteDatabase(path: path)
    }

    var storeBytes: Int {
        WorkloadSuite.size(path) + WorkloadSuite.size(path + "-wal") + WorkloadSuite.size(path + "-shm")
    }

    /// Streams the features of `places` into `insert` (id, lon, lat, properties
    /// as JSON text), committing every 100,000; returns how many were inserted.
    func insertFeatures(
        of places: String, into db: SQLiteDatabase,
        _ insert: (Int, Double, Double, String) throws -> Void
    ) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: places), options: .alwaysMapped)
        var written = 0
        try db.execute("BEGIN")
        try data.withUnsafeBytes { buffer in
            var stream = JSONRecordStream(bytes: buffer, source: places)
            while let record = try stream.next() {
                guard case let .map(f) = record.value, case let .int(id)? = f["id"], case let .map(g)? = f["geometry"],
                    case let .list(c)? = g["coordinates"], c.count >= 2, let lon = WorkloadSuite.double(c[0]),
                    let lat = WorkloadSuite.double(c[1])
                else { continue }
                var properties = ""
                try JSONTextEncoder.append(f["properties"] ?? .null, to: &properties)
                try insert(Int(id), lon, lat, properties)
                written += 1
                if written % 100_000 == 0 { try db.execute("COMMIT; BEGIN") }
            }
        }
        try db.execute("COMMIT")
        return written
    }

    /// Streams the features of `path` into `insert` as text (``FeatureText``),
    /// committing every 100,000; returns how many were inserted.
    func insertFeatureTexts(of path: String, into db: SQLiteDatabase, _ insert: (FeatureText) throws -> Void) throws
        -> Int
    {
        var written = 0
        try db.execute("BEGIN")
        try FeatureText.each(of: path) { feature in
            try insert(feature)
            written += 1
            if written % 100_000 == 0 { try db.execute("COMMIT; BEGIN") }
        }
        try db.execute("COMMIT")
        return written
    }

    func statement(_ sql: String) throws -> SQLiteStatement {
        if let s = statements[sql] { return s }
        guard let db else { throw SQLiteError("load first") }
        let s = try db.prepare(sql)
        statements[sql] = s
        return s
    }

    static let mixed = [
        "population_gt_1m": "SELECT count(*) FROM places WHERE json_extract(properties, '$.population') > 1000000",
        "meta_rank_eq_3": "SELECT count(*) FROM places WHERE json_extract(properties, '$.meta.rank') = 3",
        "tags_contains_capital":
            "SELECT count(*) FROM places WHERE EXISTS (SELECT 1 FROM json_each(properties, '$.tags') WHERE value = 'capital')",
        "meta_nested_a_b_c_eq_5":
            "SELECT count(*) FROM places WHERE json_extract(properties, '$.meta.nested.a.b.c') = 5",
    ]

    func countMixed(_ name: String) throws -> Int {
        guard let sql = Self.mixed[name] else { throw SQLiteError("unknown mixed query \(name)") }
        let s = try statement(sql)
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }

    func lookup(_ id: Int) throws -> Bool {
        let s = try statement("SELECT properties FROM places WHERE id = ?")
        try s.bind(.int(id))
        defer { s.reset() }
        return try s.step() && s.textLength(0) > 0
    }
}

/// SQLite 3 with an R*Tree on the points and the properties as JSON text
/// (json_extract for the mixed queries), in the same process: no client calls.
/// Circles and polygons refine R*Tree candidates exactly (haversine; GEOS
/// prepared covers), as a client of SQLite would.
final class SQLiteSystem: SQLiteBackedSystem, PlacesSystem {
    let name = "SQLite+R*Tree"
    let geos = GEOSContext()

    func load(_ places: String, into directory: URL) throws -> Int {
        let db = try open(directory.appendingPathComponent("places.sqlite").path)
        try db.execute(
            """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            CREATE TABLE places (id INTEGER PRIMARY KEY, lon REAL NOT NULL, lat REAL NOT NULL, properties TEXT);
            CREATE VIRTUAL TABLE places_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);
            """)
        let insert = try db.prepare("INSERT INTO places VALUES (?, ?, ?, ?)")
        let index = try db.prepare("INSERT INTO places_rtree VALUES (?, ?, ?, ?, ?)")
        let written = try insertFeatures(of: places, into: db) { id, lon, lat, properties in
            try insert.run(.int(id), .double(lon), .double(lat), .text(properties))
            try index.run(.int(id), .double(lon), .double(lon), .double(lat), .double(lat))
        }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db = db
        return written
    }

    /// R*Tree boxes are 32-bit floats rounded outward: the exact test is on the REAL columns.
    func countBox(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        let s = try statement(
            """
            SELECT count(*) FROM places_rtree r JOIN places p ON p.id = r.id
            WHERE r.max_lon >= ?1 AND r.min_lon <= ?3 AND r.max_lat >= ?2 AND r.min_lat <= ?4
              AND p.lon BETWEEN ?1 AND ?3 AND p.lat BETWEEN ?2 AND ?4
            """)
        try s.bind(.double(west), .double(south), .double(east), .double(north))
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }

    private func candidates(
        _ rects: [(west: Double, south: Double, east: Double, north: Double)], _ body: (Double, Double) throws -> Void
    ) throws {
        let s = try statement(
            """
            SELECT p.lon, p.lat FROM places_rtree r JOIN places p ON p.id = r.id
            WHERE r.max_lon >= ?1 AND r.min_lon <= ?3 AND r.max_lat >= ?2 AND r.min_lat <= ?4
            """)
        for rect in rects {
            try s.bind(.double(rect.west), .double(rect.south), .double(rect.east), .double(rect.north))
            while try s.step() { try body(s.double(0), s.double(1)) }
            s.reset()
        }
    }

    func countCircle(longitude: Double, latitude: Double, radians: Double) throws -> Int {
        var n = 0
        var seen = Set<[Double]>()
        let rects = Spherical.capBounds(longitude: longitude, latitude: latitude, radians: radians)
        try candidates(rects) { lon, lat in
            if rects.count > 1, !seen.insert([lon, lat]).inserted { return }
            if Spherical.distance(longitude1: longitude, latitude1: latitude, longitude2: lon, latitude2: lat)
                <= radians
            {
                n += 1
            }
        }
        return n
    }

    /// The R*Tree has no nearest-neighbour search: as its users do, ask for
    /// the boxes around ever wider circles (×8) until one holds `count` points.
    func nearest(longitude: Double, latitude: Double, count: Int) throws -> [Int]? {
        let s = try statement(
            """
            SELECT p.id, p.lon, p.lat FROM places_rtree r JOIN places p ON p.id = r.id
            WHERE r.max_lon >= ?1 AND r.min_lon <= ?3 AND r.max_lat >= ?2 AND r.min_lat <= ?4
            """)
        var radians = 1e-5
        while true {
            var found: [Int: Double] = [:]
            for rect in Spherical.capBounds(longitude: longitude, latitude: latitude, radians: radians) {
                try s.bind(.double(rect.west), .double(rect.south), .double(rect.east), .double(rect.north))
                while try s.step() {
                    let d = Spherical.distance(
                        longitude1: longitude, latitude1: latitude, longitude2: s.double(1), latitude2: s.double(2))
                    if d <= radians { found[s.int(0)] = d }
                }
                s.reset()
            }
            if found.count >= count || radians >= .pi {
                return found.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }.prefix(count).map(
                    \.key)
            }
            radians = min(.pi, radians * 8)
        }
    }

    func countPolygon(geoJSON: String) throws -> Int {
        let geometry = try geos.geometry(geoJSON: geoJSON)
        let prepared = try geometry.prepared()
        guard let e = geometry.envelope else { return 0 }
        var n = 0
        try candidates([(e.minX, e.minY, e.maxX, e.maxY)]) { lon, lat in
            if try prepared.covers(x: lon, y: lat) { n += 1 }
        }
        return n
    }
}
