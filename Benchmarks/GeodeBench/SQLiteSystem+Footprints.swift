import Foundation
import GeodeGeo

/// SQLite with an R*Tree in the polygon workload, as its users build it:
/// each footprint's box in the R*Tree and exactly in the table, its
/// GeoJSON as text; a footprint whose box lies in the query box counts
/// as it is, one whose box crosses an edge is read into GEOS and tested.
/// Reverse geocoding asks each country as the places workload does (planar only).
extension SQLiteSystem: FootprintSystem {
    func loadFootprints(_ path: String) throws -> Int {
        guard let db else { throw SQLiteError("load the places first") }
        bytesBeforeFootprints = storeBytes
        try db.execute(
            """
            CREATE TABLE footprints (id INTEGER PRIMARY KEY, west REAL, south REAL, east REAL, north REAL,
                                     geometry TEXT, properties TEXT);
            CREATE VIRTUAL TABLE footprints_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);
            """)
        let insert = try db.prepare("INSERT INTO footprints VALUES (?, ?, ?, ?, ?, ?, ?)")
        let index = try db.prepare("INSERT INTO footprints_rtree VALUES (?, ?, ?, ?, ?)")
        let written = try insertFeatureTexts(of: path, into: db) { f in
            try insert.run(
                .int(f.id), .double(f.west), .double(f.south), .double(f.east), .double(f.north), .text(f.geometry),
                .text(f.properties))
            try index.run(.int(f.id), .double(f.west), .double(f.east), .double(f.south), .double(f.north))
        }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return written
    }

    var footprintBytes: Int { storeBytes - bytesBeforeFootprints }

    func countFootprints(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        let s = try statement(
            """
            SELECT f.west, f.south, f.east, f.north, f.geometry FROM footprints_rtree r JOIN footprints f ON f.id = r.id
            WHERE r.max_lon >= ?1 AND r.min_lon <= ?3 AND r.max_lat >= ?2 AND r.min_lat <= ?4
            """)
        try s.bind(.double(west), .double(south), .double(east), .double(north))
        defer { s.reset() }
        let box = try geos.polygon(parts: [[[(west, south), (east, south), (east, north), (west, north), (west, south)]]])
            .prepared()
        var n = 0
        while try s.step() {
            let (w, so, e, no) = (s.double(0), s.double(1), s.double(2), s.double(3))
            if e < west || w > east || no < south || so > north { continue }  // the R*Tree's float boxes are wider
            if w >= west && e <= east && so >= south && no <= north {
                n += 1
            } else if try box.intersects(geos.geometry(geoJSON: s.text(4))) {
                n += 1
            }
        }
        return n
    }
}
