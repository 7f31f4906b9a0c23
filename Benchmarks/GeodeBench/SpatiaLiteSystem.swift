import CSQLite
import Foundation
import GeodeGeo
import GeodeJSON

/// SQLite with SpatiaLite 5 (Debian's libsqlite3-mod-spatialite, installed
/// when missing) loaded into the same in-process SQLite: points in a
/// SpatiaLite POINT column with its spatial index, properties as JSON text.
/// Boxes and countries are answered in SQL (`SpatialIndex` plus exact tests,
/// `ST_Covers`); circles refine the index's candidates with haversine, as a
/// client would, since SpatiaLite measures distance on an ellipsoid, not on
/// the workload's sphere.
final class SpatiaLiteSystem: SQLiteBackedSystem, PlacesSystem {
    let name = "SpatiaLite"

    func load(_ places: String, into directory: URL) throws -> Int {
        try PeerTools.installIfMissing(["libsqlite3-mod-spatialite"])
        let db = try open(directory.appendingPathComponent("places.sqlite").path)
        guard sqlite3_enable_load_extension(db.handle, 1) == SQLITE_OK else {
            throw SQLiteError("SQLite refuses to load extensions")
        }
        try db.execute("SELECT load_extension('mod_spatialite')")
        try db.execute(
            """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            SELECT InitSpatialMetadata(1);
            CREATE TABLE places (id INTEGER PRIMARY KEY, properties TEXT);
            SELECT AddGeometryColumn('places', 'geom', 4326, 'POINT', 'XY', 1);
            """)
        let insert = try db.prepare("INSERT INTO places (id, properties, geom) VALUES (?, ?, MakePoint(?, ?, 4326))")
        let written = try insertFeatures(of: places, into: db) { id, lon, lat, properties in
            try insert.run(.int(id), .text(properties), .double(lon), .double(lat))
        }
        try db.execute("SELECT CreateSpatialIndex('places', 'geom'); PRAGMA wal_checkpoint(TRUNCATE)")
        self.db = db
        return written
    }

    private static let inFrame =
        "ROWID IN (SELECT ROWID FROM SpatialIndex WHERE f_table_name = 'places' AND search_frame = BuildMbr(?1, ?2, ?3, ?4, 4326))"

    func countBox(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        let s = try statement(
            "SELECT count(*) FROM places WHERE \(Self.inFrame) AND ST_X(geom) BETWEEN ?1 AND ?3 AND ST_Y(geom) BETWEEN ?2 AND ?4"
        )
        try s.bind(.double(west), .double(south), .double(east), .double(north))
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }

    func countCircle(longitude: Double, latitude: Double, radians: Double) throws -> Int {
        let s = try statement("SELECT ST_X(geom), ST_Y(geom) FROM places WHERE \(Self.inFrame)")
        var n = 0
        var seen = Set<[Double]>()
        let rects = Spherical.capBounds(longitude: longitude, latitude: latitude, radians: radians)
        for rect in rects {
            try s.bind(.double(rect.west), .double(rect.south), .double(rect.east), .double(rect.north))
            while try s.step() {
                let lon = s.double(0), lat = s.double(1)
                if rects.count > 1, !seen.insert([lon, lat]).inserted { continue }
                if Spherical.distance(longitude1: longitude, latitude1: latitude, longitude2: lon, latitude2: lat)
                    <= radians
                {
                    n += 1
                }
            }
            s.reset()
        }
        return n
    }

    func countPolygon(geoJSON: String) throws -> Int {
        let s = try statement(
            """
            SELECT count(*) FROM places
            WHERE ROWID IN (SELECT ROWID FROM SpatialIndex WHERE f_table_name = 'places' AND search_frame = SetSRID(GeomFromGeoJSON(?1), 4326))
              AND ST_Covers(SetSRID(GeomFromGeoJSON(?1), 4326), geom)
            """)
        try s.bind(.text(geoJSON))
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }
}
