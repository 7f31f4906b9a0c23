import Foundation
import LocalPostgres

/// PostgreSQL 15 with PostGIS 3 on loopback, started for the run: points as
/// `geometry(Point, 4326)` with GiST indexes on the geometry and on its
/// geography, properties as `jsonb`. Import is what a PostGIS user would do
/// without GDAL: the file's lines copied server-side into a staging table,
/// parsed with `ST_GeomFromGeoJSON`, then the primary key and indexes built,
/// analysed and checkpointed (durable). Each query is a prepared statement
/// over one connection.
final class PostGISSystem: PlacesSystem {
    let name = "PostGIS"
    private var server: LocalPostgresServer?
    private var db: PostgresConnection?
    /// The sphere PostGIS measures geography on with use_spheroid = false.
    private static let sphereMeters = 6_371_008.7714

    var connection: PostgresConnection {
        guard let db else { preconditionFailure("load first") }
        return db
    }

    func unload() {
        db = nil
        server?.stop()
        server = nil
    }

    func load(_ places: String, into directory: URL) throws -> Int {
        unload()
        let started = try PostgresServer.start(directory: directory.appendingPathComponent("postgres"))
        server = started
        let db = try PostgresConnection(started.conninfo())
        self.db = db
        try db.execute("CREATE EXTENSION postgis")
        try copyFeatures(places, into: "places", geometry: "Point")
        try db.execute(
            "CREATE INDEX places_geog ON places USING gist ((geom::geography)); ANALYZE places; CHECKPOINT")
        return try db.int("count", "SELECT count(*) FROM places")
    }

    /// Loads the features of a file of one Feature per line into a new table
    /// `table` (id, geom as `geometry(geometry, 4326)`, props as jsonb), as a
    /// PostGIS user would without GDAL: the lines copied server-side into a
    /// staging table, parsed with `ST_GeomFromGeoJSON`, then the primary key
    /// and a GiST index on the geometry built.
    func copyFeatures(_ path: String, into table: String, geometry: String) throws {
        try Self.copyFeatures(path, into: table, geometry: geometry, connection)
    }

    /// ``copyFeatures(_:into:geometry:)`` over any connection.
    static func copyFeatures(_ path: String, into table: String, geometry: String, _ connection: PostgresConnection)
        throws
    {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path.replacingOccurrences(of: "'", with: "''")
        try connection.execute(
            """
            CREATE TABLE staging(line text);
            COPY staging FROM '\(file)' WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02');
            CREATE TABLE \(table)(id bigint NOT NULL, geom geometry(\(geometry), 4326) NOT NULL, props jsonb NOT NULL);
            INSERT INTO \(table)
                SELECT (j->>'id')::bigint, ST_SetSRID(ST_GeomFromGeoJSON(j->>'geometry'), 4326), j->'properties'
                FROM (SELECT rtrim(line, ',')::jsonb AS j FROM staging WHERE line LIKE '{"type":"Feature"%') AS features;
            DROP TABLE staging;
            ALTER TABLE \(table) ADD PRIMARY KEY (id);
            CREATE INDEX \(table)_geom ON \(table) USING gist (geom);
            """)
    }

    var storeBytes: Int {
        (try? db?.int("size", "SELECT pg_total_relation_size('places')")) ?? 0
    }

    func countBox(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        // && tests the GiST's float4 boxes (rounded outward); the exact test follows on the doubles.
        try connection.int(
            "box",
            """
            SELECT count(*) FROM places
            WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 4326)
              AND ST_X(geom) BETWEEN $1 AND $3 AND ST_Y(geom) BETWEEN $2 AND $4
            """, [west, south, east, north].map { "\($0)" })
    }

    func countCircle(longitude: Double, latitude: Double, radians: Double) throws -> Int {
        try connection.int(
            "circle",
            """
            SELECT count(*) FROM places
            WHERE ST_DWithin(geom::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, false)
            """, ["\(longitude)", "\(latitude)", "\(radians * Self.sphereMeters)"])
    }

    /// PostGIS's nearest-neighbour search: `<->` ordered through the GiST index on the geography.
    func nearest(longitude: Double, latitude: Double, count: Int) throws -> [Int]? {
        try connection.column(
            "nearest",
            """
            SELECT id FROM places
            ORDER BY geom::geography <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography LIMIT $3
            """, ["\(longitude)", "\(latitude)", "\(count)"]
        ).compactMap { Int($0) }
    }

    func countPolygon(geoJSON: String) throws -> Int {
        try connection.int(
            "polygon", "SELECT count(*) FROM places WHERE ST_Covers(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326), geom)",
            [geoJSON])
    }

    static let mixed = [
        "population_gt_1m": "SELECT count(*) FROM places WHERE (props->'population')::numeric > 1000000",
        "meta_rank_eq_3": "SELECT count(*) FROM places WHERE props #> '{meta,rank}' = '3'::jsonb",
        "tags_contains_capital": "SELECT count(*) FROM places WHERE props->'tags' ? 'capital'",
        "meta_nested_a_b_c_eq_5": "SELECT count(*) FROM places WHERE props #> '{meta,nested,a,b,c}' = '5'::jsonb",
    ]

    func countMixed(_ name: String) throws -> Int {
        guard let sql = Self.mixed[name] else { throw PostgresError("unknown mixed query \(name)") }
        return try connection.int(name, sql)
    }

    func lookup(_ id: Int) throws -> Bool {
        try connection.value("lookup", "SELECT props::text FROM places WHERE id = $1", ["\(id)"]).map { !$0.isEmpty }
            ?? false
    }

    deinit {
        db = nil
        server?.stop()
    }
}
