import ArgumentParser
import Foundation
import GeodeCore
import GeodeJSON

/// The polygon workload: one footprint polygon around each of the places
/// (``Footprints``) and the 177 Natural Earth countries, beside the places,
/// on Geode and its peers. It times the footprints' import and their store
/// size, the footprints intersecting each of the workload's 1,000 boxes of
/// each size, and reverse geocoding (the country covering each place) on the
/// plane and, where a system has great-circle edges, on the sphere.
///
/// Counts must agree across systems: box counts and the per-country counts on
/// the plane exactly. On the sphere, Geode (S2) and PostGIS (`geography`) may
/// differ for points lying on a border within their arithmetic's reach: those
/// differences are reported, not failed.
struct PolygonSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "polygons",
        abstract: "Run the polygon workload (footprints and countries) on Geode and its peers.",
        discussion: """
            Uses the places workload's inputs (see shared/bench/README.md); the footprints are
            generated from the places file into --directory once.
            Example:
              geode-bench polygons --places /tmp/places_100k.geojson --queries /tmp/queries_100k.json \\
                --countries shared/data/ne_110m_admin_0_countries.geojson --peers sqlite,spatialite,postgis
            """)

    @Option(help: "The places FeatureCollection.")
    var places: String

    @Option(help: "The queries file from make_queries.py (its box sets are used).")
    var queries: String

    @Option(help: "The country polygons (a GeoJSON FeatureCollection).")
    var countries: String

    @Option(help: "Peers beside Geode, comma-separated: sqlite, spatialite, postgis, or none.")
    var peers = "sqlite"

    @Option(name: .customLong("repeat"), help: "Repetitions of each query set (the median is reported).")
    var repetitions = 3

    @Option(help: "Untimed passes over each query set before its timed repetitions.")
    var warmup = 1

    @Option(help: "Stop after this many boxes of each set (a smoke run).")
    var limit: Int?

    @Option(help: "Directory for the stores and the generated footprints.")
    var directory = FileManager.default.temporaryDirectory.path

    @Option(help: "Also write the results as JSON here.")
    var json: String?

    func run() throws {
        guard case let .map(q) = try JSONReader.parse(String(contentsOfFile: queries, encoding: .utf8), source: queries)
        else { throw ValidationError("\(queries) is not a queries file") }
        let boxSets = WorkloadSuite.boxSets(q, limit: limit)
        let footprints = try Footprints.file(from: places, in: directory)
        let root = try scratchDirectory(in: directory, suite: "polygons")
        defer { try? FileManager.default.removeItem(at: root) }

        var systems: [FootprintSystem] = [GeodeSystem()]
        for peer in peers.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where peer != "none" {
            switch peer {
            case "sqlite": systems.append(SQLiteSystem())
            case "spatialite": systems.append(SpatiaLiteSystem())
            case "postgis": systems.append(PostGISSystem())
            default: throw ValidationError("unknown peer \(peer); available: sqlite, spatialite, postgis")
            }
        }

        var rows: [String: [String: WorkloadSuite.Row]] = [:]
        var order: [String] = []
        var bytes: [String: Int] = [:]
        var perCountry: [String: [Bool: [Int?]]] = [:]
        for system in systems {
            print("running \(system.name)…")
            var table: [String: WorkloadSuite.Row] = [:]
            func record(_ op: String, _ count: Int, _ seconds: [Double], _ warm: [Double] = []) {
                table[op] = WorkloadSuite.Row(name: op, count: count, seconds: seconds, warmup: warm)
                if !order.contains(op) { order.append(op) }
            }
            let dir = root.appendingPathComponent(system.name.filter(\.isLetter))
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let placesWritten = try system.load(places, into: dir)
            let countriesWritten = try system.loadCountries(countries)
            var start = WorkloadSuite.now()
            let written = try system.loadFootprints(footprints)
            record("footprints import", written, [WorkloadSuite.now() - start])
            bytes[system.name] = system.footprintBytes
            for (name, boxes) in boxSets {
                let (total, seconds, warm) = try WorkloadSuite.warmedRun(repetitions, warmup: warmup) {
                    try boxes.reduce(0) {
                        $0
                            + ($1.count == 4
                                ? try system.countFootprints(west: $1[0], south: $1[1], east: $1[2], north: $1[3]) : 0)
                    }
                }
                record("footprints intersecting \(name) (\(boxes.count))", total, seconds, warm)
            }
            for geodesic in [false, true] {
                start = WorkloadSuite.now()
                guard try system.placesPerCountry(geodesic: geodesic) != nil else { continue }
                let first = WorkloadSuite.now() - start
                var counts: [Int?] = []
                let (_, seconds, _) = try WorkloadSuite.warmedRun(repetitions, warmup: 0) {
                    counts = try system.placesPerCountry(geodesic: geodesic) ?? []
                }
                perCountry[system.name, default: [:]][geodesic] = counts
                let name = "reverse geocoding \(placesWritten) places, \(countriesWritten) countries, "
                    + (geodesic ? "sphere" : "plane")
                record(name, counts.reduce(0) { $0 + ($1 ?? 0) }, seconds, [first])
            }
            rows[system.name] = table
            system.unload()
        }

        // Report, with how many times faster Geode is than each peer.
        let names = systems.map(\.name)
        print("\nPolygon workload: \(footprints), \(countries)")
        for name in names {
            if let r = rows[name]?["footprints import"] {
                print(
                    "  \(name): \(r.count) footprints imported in \(String(format: "%.2f", r.median)) s, "
                        + "\(String(format: "%.1f", Double(bytes[name] ?? 0) / 1e6)) MB")
            }
        }
        var header = "  " + "operation".padding(toLength: 64, withPad: " ", startingAt: 0)
        header += "count".padding(toLength: 12, withPad: " ", startingAt: 0)
        for name in names { header += name.padding(toLength: 16, withPad: " ", startingAt: 0) }
        header += names.dropFirst().map { "\($0)÷Geode" }.joined(separator: "  ")
        print(header)
        var mismatches: [String] = []
        for op in order {
            let counts = names.compactMap { rows[$0]?[op]?.count }
            var line = "  " + op.padding(toLength: 64, withPad: " ", startingAt: 0)
            line += String(counts.first ?? 0).padding(toLength: 12, withPad: " ", startingAt: 0)
            for name in names {
                line += (rows[name]?[op].map { String(format: "%9.3f s", $0.median) } ?? "        –")
                    .padding(toLength: 16, withPad: " ", startingAt: 0)
            }
            for name in names.dropFirst() {
                if let g = rows[names[0]]?[op], let p = rows[name]?[op], g.median > 0 {
                    line += String(format: "%10.1fx", p.median / g.median)
                }
            }
            print(line)
            if Set(counts).count > 1, !op.contains("sphere") {
                mismatches.append("\(op): systems disagree \(counts)")
            }
        }
        // Per-country counts: equal on the plane; on the sphere, the differences are listed.
        if let geode = perCountry["Geode"] {
            for (name, answers) in perCountry where name != "Geode" {
                for (geodesic, counts) in answers {
                    guard let mine = geode[geodesic] else { continue }
                    let refused = mine.indices.filter { mine[$0] == nil }
                    let differing = zip(mine, counts).enumerated().filter { $0.element.0 != nil && $0.element.0 != $0.element.1 }
                    if geodesic {
                        let moved = differing.reduce(0) { $0 + abs(($1.element.0 ?? 0) - ($1.element.1 ?? 0)) }
                        print(
                            "  sphere: \(refused.count) countries refused by Geode (borders that cross themselves "
                                + "with great-circle edges: #\(refused.map(String.init).joined(separator: ", #"))); "
                                + "of the others, \(differing.count) differ from \(name) by \(moved) places in all"
                                + (differing.isEmpty ? "" : ": ")
                                + differing.prefix(8).map { "#\($0.offset) \($0.element.0 ?? 0) vs \($0.element.1 ?? 0)" }
                                .joined(separator: ", "))
                    } else if !differing.isEmpty || !refused.isEmpty || mine.count != counts.count {
                        mismatches.append("per-country counts on the plane differ from \(name) in \(differing.count)")
                    }
                }
            }
        }
        print(mismatches.isEmpty ? "  counts: all equal across systems" : "  COUNTS DIFFER: " + mismatches.joined(separator: "; "))
        if let json {
            struct Output: Encodable {
                var footprintBytes: [String: Int]; var systems: [String: [String: WorkloadSuite.Row]]
            }
            try JSONEncoder().encode(Output(footprintBytes: bytes, systems: rows)).write(to: URL(fileURLWithPath: json))
        }
        if !mismatches.isEmpty { throw ExitCode.failure }
    }
}
