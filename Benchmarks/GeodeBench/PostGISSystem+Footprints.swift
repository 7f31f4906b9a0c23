import Foundation

/// PostGIS in the polygon workload: countries as `geometry(MultiPolygon,
/// 4326)`, footprints as `geometry(Polygon, 4326)` loaded as the places are
/// (server-side COPY, `ST_GeomFromGeoJSON`, then the key and a GiST index);
/// reverse geocoding is one `ST_Covers` join, on `geography` for great-circle edges.
extension PostGISSystem: FootprintSystem {
    func loadCountries(_ path: String) throws -> Int {
        try connection.execute("CREATE TABLE countries(idx int PRIMARY KEY, geom geometry(MultiPolygon, 4326) NOT NULL)")
        var position = 0
        try FeatureText.each(of: path) { country in
            _ = try connection.column(
                "country", "INSERT INTO countries VALUES ($1, ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON($2), 4326)))",
                ["\(position)", country.geometry])
            position += 1
        }
        try connection.execute("CREATE INDEX countries_geom ON countries USING gist (geom); ANALYZE countries")
        return position
    }

    func loadFootprints(_ path: String) throws -> Int {
        try copyFeatures(path, into: "footprints", geometry: "Polygon")
        try connection.execute("ANALYZE footprints; CHECKPOINT")
        return try connection.int("footprint count", "SELECT count(*) FROM footprints")
    }

    var footprintBytes: Int {
        (try? connection.int("footprint size", "SELECT pg_total_relation_size('footprints')")) ?? 0
    }

    func countFootprints(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        try connection.int(
            "footprints in box",
            "SELECT count(*) FROM footprints WHERE ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))",
            [west, south, east, north].map { "\($0)" })
    }

    func placesPerCountry(geodesic: Bool) throws -> [Int?]? {
        let covers = geodesic ? "ST_Covers(c.geom::geography, p.geom::geography)" : "ST_Covers(c.geom, p.geom)"
        return try connection.column(
            geodesic ? "join geography" : "join geometry",
            "SELECT count(p.id) FROM countries c LEFT JOIN places p ON \(covers) GROUP BY c.idx ORDER BY c.idx", []
        ).compactMap { Int($0) }
    }
}
