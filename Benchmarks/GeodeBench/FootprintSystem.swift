import Foundation
import GeodeCore
import GeodeJSON

/// A system running the polygon workload beside the places it already holds:
/// the countries and the footprints go into the same store as the places.
protocol FootprintSystem: PlacesSystem {
    /// Stores the country polygons of `path` (a FeatureCollection) in file order; returns how many.
    func loadCountries(_ path: String) throws -> Int
    /// Stores the footprints of `path`; returns how many were written.
    func loadFootprints(_ path: String) throws -> Int
    /// Bytes the footprints take (their table and indexes, or the store's growth).
    var footprintBytes: Int { get }
    /// Footprints that intersect the box (planar edges, boundaries included).
    func countFootprints(west: Double, south: Double, east: Double, north: Double) throws -> Int
    /// Reverse geocoding: for each country in file order, how many places it
    /// covers, nil for a country the system refuses as a shape with those
    /// edges; nil when the system has no model for the edges asked for.
    func placesPerCountry(geodesic: Bool) throws -> [Int?]?
}

/// The SQLite-based peers keep the countries as GeoJSON text and ask each
/// one as the places workload does (planar only: neither has great-circle edges).
extension FootprintSystem where Self: SQLiteBackedSystem {
    func loadCountries(_ path: String) throws -> Int {
        countryGeometries = []
        try FeatureText.each(of: path) { countryGeometries.append($0.geometry) }
        return countryGeometries.count
    }

    func placesPerCountry(geodesic: Bool) throws -> [Int?]? {
        geodesic ? nil : try countryGeometries.map(countPolygon)
    }
}

/// One feature of a FeatureCollection as the SQL peers take it: the id, the
/// geometry and the properties as JSON text, and the geometry's bounding box.
struct FeatureText {
    var id: Int
    var geometry: String
    var properties: String
    var west: Double, south: Double, east: Double, north: Double

    /// Streams the features of `path` that have an integer id (or none: their
    /// position is used) and a geometry.
    static func each(of path: String, _ body: (FeatureText) throws -> Void) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        try data.withUnsafeBytes { buffer in
            var stream = JSONRecordStream(bytes: buffer, source: path)
            var position = 0
            while let record = try stream.next() {
                defer { position += 1 }
                guard case let .map(feature) = record.value, let geometry = feature["geometry"] else { continue }
                let id = WorkloadSuite.int(feature["id"]) ?? position
                var box = (west: Double.infinity, south: Double.infinity, east: -Double.infinity, north: -Double.infinity)
                visitPositions(geometry) { lon, lat in
                    box = (min(box.west, lon), min(box.south, lat), max(box.east, lon), max(box.north, lat))
                }
                var properties = ""
                try JSONTextEncoder.append(feature["properties"] ?? .null, to: &properties)
                try body(
                    FeatureText(
                        id: id, geometry: try JSONTextEncoder.string(geometry), properties: properties,
                        west: box.west, south: box.south, east: box.east, north: box.north))
            }
        }
    }

    /// Calls `body` with every [lon, lat] position nested in a geometry's coordinates.
    private static func visitPositions(_ value: Value, _ body: (Double, Double) -> Void) {
        switch value {
        case let .map(members):
            if let coordinates = members["coordinates"] { visitPositions(coordinates, body) }
            if case let .list(parts)? = members["geometries"] { parts.forEach { visitPositions($0, body) } }
        case let .list(items):
            if items.count >= 2, let lon = WorkloadSuite.double(items[0]), let lat = WorkloadSuite.double(items[1]) {
                body(lon, lat)
            } else {
                items.forEach { visitPositions($0, body) }
            }
        default: break
        }
    }
}
