import Foundation
import Geode

/// Geode in the polygon workload: countries and footprints imported as
/// `geode import --class` does, into classes of GeoFeature's shape beside the
/// places; boxes asked with `geoIntersects`, reverse geocoding through
/// ``Results/spatialJoin(within:on:regionsOn:edges:)``.
extension GeodeSystem: FootprintSystem {
    private var loaded: Realm {
        guard let realm else { preconditionFailure("load the places first") }
        return realm
    }

    func loadCountries(_ path: String) throws -> Int {
        try loaded.importGeoJSON(into: "Country", from: URL(fileURLWithPath: path)).written
    }

    func loadFootprints(_ path: String) throws -> Int {
        bytesBeforeFootprints = storeBytes
        return try loaded.importGeoJSON(into: "Footprint", from: URL(fileURLWithPath: path)).written
    }

    var footprintBytes: Int { storeBytes - bytesBeforeFootprints }

    func countFootprints(west: Double, south: Double, east: Double, north: Double) throws -> Int {
        try loaded.dynamicObjects("Footprint").query(
            "geometry geoIntersects geoBox([\(west), \(south)], [\(east), \(north)], planar)"
        ).count
    }

    /// On the plane, one spatial join. On the sphere, each country is asked
    /// alone: a border drawn for straight edges may cross itself once its
    /// edges are great circles, and Geode refuses such a shape as Realm does.
    func placesPerCountry(geodesic: Bool) throws -> [Int?]? {
        let countries = loaded.dynamicObjects("Country")
        guard geodesic else {
            return try features.spatialJoin(within: countries, on: "geometry", regionsOn: "geometry", edges: .planar)
                .map { $0.objects.count }
        }
        return try (0 ..< countries.count).map { index in
            guard let border = try countries.geometry(at: index, in: "geometry") else { return nil }
            return try? features.query("geometry geoWithin $0", border.with(edges: .geodesic)).count
        }
    }
}
