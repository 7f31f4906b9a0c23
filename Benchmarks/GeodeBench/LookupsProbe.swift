import ArgumentParser
import Foundation
import Geode

/// `geode-bench lookups`: 100,000 lookups by id in one store, alone, round
/// after round, so that two builds can be run in turn on the same store and
/// compared (the workload times lookups among everything else it does).
///
/// ```sh
/// geode-bench lookups --store /tmp/p1m.geode --places /tmp/geode-bench-inputs/places_1000000.geojson
/// ```
struct LookupsProbe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookups",
        abstract: "Time 100,000 id lookups in a places store (imported first if it does not exist), round after round.",
        shouldDisplay: false)

    enum Form: String, ExpressibleByArgument {
        /// `where { $0.id == x }.first`, then its properties as JSON (the workload's lookup).
        case `where`
        /// `filter("id == %@", x).first`, then its properties as JSON.
        case filter
        /// `where { $0.id == x }.first` alone.
        case object
    }

    @Option(help: "The store (made from --places when it does not exist).")
    var store: String

    @Option(help: "The places to import when the store does not exist.")
    var places: String?

    @Option(help: "Ids are drawn from 0 ..< count.")
    var count = 1_000_000

    @Option(help: "Rounds of 100,000 lookups; each prints its seconds.")
    var rounds = 4

    @Option(help: "where, filter or object.")
    var form = Form.where

    func run() throws {
        let configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: store), objectTypes: [GeoFeature.self, GeoJSONPoint.self])
        if !FileManager.default.fileExists(atPath: store) {
            guard let places else { throw ValidationError("\(store) does not exist: give --places to make it") }
            _ = try Realm(configuration: configuration).importGeoJSON(from: URL(fileURLWithPath: places))
        }
        let features = try Realm(configuration: configuration).objects(GeoFeature.self)
        var random = SplitMix(seed: 11)
        let ids = (0 ..< 100_000).map { _ in Int(random.next() % UInt64(count)) }
        for _ in 0 ..< rounds {
            let start = WorkloadSuite.now()
            var found = 0
            for id in ids {
                switch form {
                case .where:
                    if try GeodeSystem.lookup(id, in: features) { found += 1 }
                case .filter:
                    if let feature = features.filter("id == %@", id).first,
                        try !feature.properties.jsonString().isEmpty
                    {
                        found += 1
                    }
                case .object:
                    if features.where({ $0.id == .int(id) }).first != nil { found += 1 }
                }
            }
            print("\(found) found in \(String(format: "%.3f", WorkloadSuite.now() - start)) s")
        }
    }
}
