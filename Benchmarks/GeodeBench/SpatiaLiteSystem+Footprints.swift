import Foundation

/// SpatiaLite in the polygon workload: footprints in a POLYGON column with
/// its spatial index, asked through `SpatialIndex` and `ST_Intersects`;
/// reverse geocoding asks each country as the places workload does (planar
/// only: SpatiaLite has no great-circle edges).
extension SpatiaLiteSystem: FootprintSystem {
    func loadFootprints(_ path: String) throws -> Int {
        guard let db else { throw SQLiteError("load the places first") }
        bytesBeforeFootprints = storeBytes
        try db.execute(
            """
            CREATE TABLE footprints (id INTEGER PRIMARY KEY, properties TEXT);
            SELECT AddGeometryColumn('footprints', 'geom', 4326, 'POLYGON', 'XY', 1);
            """)
        let insert = try db.prepare(
            "INSERT INTO footprints (id, properties, geom) VALUES (?, ?, SetSRID(GeomFromGeoJSON(?), 4326))")
        let written = try insertFeatureTexts(of: path, into: db) { footprint in
            try insert.run(.int(footprint.id), .text(footprint.properties), .text(footprint.geometry))
        }
        try db.execute("SELECT CreateSpatialIndex('footprints', 'geom'); PRAGMA wal_checkpoint(TRUNCATE)")
        return written
    }

    var footprintBytes: Int { storeBytes - bytesBeforeFootprints }

    func countFootprints(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        let s = try statement(
            """
            SELECT count(*) FROM footprints
            WHERE ROWID IN (SELECT ROWID FROM SpatialIndex WHERE f_table_name = 'footprints' AND search_frame = BuildMbr(?1, ?2, ?3, ?4, 4326))
              AND ST_Intersects(geom, BuildMbr(?1, ?2, ?3, ?4, 4326))
            """)
        try s.bind(.double(west), .double(south), .double(east), .double(north))
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }
}
