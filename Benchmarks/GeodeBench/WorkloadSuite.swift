import ArgumentParser
import Foundation
import Geode
import GeodeCore
import GeodeGeo
import GeodeJSON
import OrderedCollections

/// The shared benchmark workload (`shared/bench/README.md`) on Geode: import,
/// box / circle / polygon sets, mixed-property queries, primary-key lookups,
/// cold open; every count is checked against the reference counts.
struct WorkloadSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workload",
        abstract: "Run the shared places workload on Geode and check its counts.",
        discussion: """
            Generate the inputs first (see shared/bench/README.md):
              python3 shared/bench/make_places.py --n 100000 /tmp/places_100k.geojson
              python3 shared/bench/make_queries.py --n 100000 /tmp/queries_100k.json
            Example:
              geode-bench workload --places /tmp/places_100k.geojson --queries /tmp/queries_100k.json
            """)

    @Option(help: "The places FeatureCollection (or newline-delimited features).")
    var places: String

    @Option(help: "The queries file from make_queries.py.")
    var queries: String

    @Option(help: "The country polygons (default: the file queries.json names, beside shared/).")
    var countries: String?

    @Option(name: .customLong("repeat"), help: "Repetitions of runs shorter than 15 s (the median is reported).")
    var repetitions = 3

    @Option(
        help:
            "Untimed passes over each query set (and probe) before its timed repetitions, for every system, as package-benchmark's warm-up iterations: the first pass over a set brings its index and document pages into the CPU's caches and the page tables. Their times are kept in the JSON (`warmup`)."
    )
    var warmup = 1

    @Option(
        help:
            "Imports with and without Geode's spatial index, alternating, whatever their length (default: --repeat's count for imports under 15 s, one pair above): the upkeep of a 10M import is their difference, and one pair of it is one sample."
    )
    var importPairs: Int?

    @Option(help: "Directory for the store.")
    var directory = FileManager.default.temporaryDirectory.path

    @Option(help: "Also write the results as JSON here.")
    var json: String?

    @Flag(help: "Also time a full scan (no spatial index) for the 0.1° box and 1 km circle sets.")
    var scanBaseline = false

    @Option(help: "Stop after this many queries of each set (a smoke run); counts are then not checked.")
    var limit: Int?

    /// Reference counts of shared/bench/README.md.
    static let reference: [Int: [String: Int]] = [
        1_000_000: [
            "box_0.1": 25_536, "box_1": 989_273, "box_10": 39_320_676, "circle_1km": 1_820, "circle_10km": 67_589,
            "circle_100km": 2_718_788, "countries": 952_267, "uncovered": 47_733, "population_gt_1m": 105_315,
            "meta_rank_eq_3": 99_822, "tags_contains_capital": 171_893, "meta_nested_a_b_c_eq_5": 142_857, "cold": 349,
        ],
        100_000: [
            "box_0.1": 3_126, "box_1": 118_608, "box_10": 4_785_500, "circle_1km": 779, "circle_10km": 8_381,
            "circle_100km": 315_644, "countries": 95_372, "uncovered": 4_628, "population_gt_1m": 10_522,
            "meta_rank_eq_3": 9_914, "tags_contains_capital": 16_981, "meta_nested_a_b_c_eq_5": 14_285, "cold": 0,
        ],
    ]

    struct Row: Encodable {
        var name: String
        var count: Int
        var seconds: [Double]
        /// The untimed warm-up passes' seconds.
        var warmup: [Double] = []
        var median: Double { seconds.sorted()[seconds.count / 2] }
    }

    @Option(
        help:
            "Peers to run beside Geode, comma-separated: sqlite (in-process SQLite with an R*Tree), spatialite (SpatiaLite 5 in the same SQLite, installed by the run), postgis (PostgreSQL 15 + PostGIS 3 on loopback, installed and started by the run), or none."
    )
    var peers = "sqlite"

    func run() throws {
        guard case let .map(q) = try JSONReader.parse(String(contentsOfFile: queries, encoding: .utf8), source: queries)
        else {
            throw ValidationError("\(queries) is not a queries file")
        }
        let n = Self.int(q["n"]) ?? 0
        let radius = Self.double(q["earth_radius_km"]) ?? 6371.0088
        let root = try scratchDirectory(in: directory, suite: "workload")
        defer { try? FileManager.default.removeItem(at: root) }

        var systems: [PlacesSystem] = [GeodeSystem()]
        for peer in peers.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where peer != "none" {
            switch peer {
            case "sqlite": systems.append(SQLiteSystem())
            case "postgis": systems.append(PostGISSystem())
            case "spatialite": systems.append(SpatiaLiteSystem())
            default: throw ValidationError("unknown peer \(peer); available: sqlite, spatialite, postgis")
            }
        }

        // The query sets, parsed once.
        let boxSets = Self.boxSets(q, limit: limit)
        var circleSets: [(String, Double, [[Double]])] = []
        if case let .list(sets)? = q["circle_sets"] {
            for case let .map(set) in sets {
                guard case let .string(name)? = set["name"], let km = Self.double(set["radius_km"]),
                    case let .list(centers)? = set["centers"]
                else { continue }
                circleSets.append(
                    (
                        name, km / radius,
                        centers.prefix(limit ?? centers.count).map { c in
                            if case let .list(p) = c { return p.compactMap(Self.double) } else { return [] }
                        }
                    ))
            }
        }
        var countryGeometries: [String] = []
        if let path = countries ?? Self.sharedPath(q, queries), FileManager.default.fileExists(atPath: path),
            case let .map(collection) = try JSONReader.parse(
                try String(contentsOfFile: path, encoding: .utf8), source: path),
            case let .list(list)? = collection["features"]
        {
            countryGeometries = try list.prefix(limit ?? list.count).compactMap { f in
                if case let .map(feature) = f, let g = feature["geometry"] { return try JSONWriter.string(g) }
                return nil
            }
        }
        let mixedNames = ["population_gt_1m", "meta_rank_eq_3", "tags_contains_capital", "meta_nested_a_b_c_eq_5"]
        var lookupIDs: [Int] = []
        if case let .list(ids)? = q["pk_lookups"] {
            lookupIDs = Array(ids.prefix(limit.map { $0 * 100 } ?? ids.count).compactMap(Self.int))
        }

        var table: [String: [String: Row]] = [:]
        var order: [String] = []
        var mismatches: [String] = []
        var storeBytes: [String: Int] = [:]
        let reference = limit == nil ? Self.reference[n] : nil
        for system in systems {
            var rows: [String: Row] = [:]
            func record(_ op: String, _ count: Int, _ seconds: [Double], check: String? = nil, warmup: [Double] = []) {
                rows[op] = Row(name: op, count: count, seconds: seconds, warmup: warmup)
                if !order.contains(op) { order.append(op) }
                if let check, let want = reference?[check], want != count {
                    mismatches.append("\(system.name) \(op): \(count), reference \(want)")
                }
            }
            print("running \(system.name)…")
            // 1. Import, into a new store each time; the last one stays for the queries.
            var importSeconds: [Double] = []
            var written = 0
            // Geode: each import is followed by the same import with the spatial
            // index off, so that the two alternate (the index's upkeep is their difference).
            var plainSeconds: [Double] = []
            var plainWritten = 0
            var plainPath: String?  // the last store without the index
            let imports = max(1, importPairs ?? repetitions)
            for r in 0 ..< imports {
                let dir = root.appendingPathComponent("\(system.name.filter(\.isLetter))-\(r)")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let start = Self.now()
                written = try system.load(places, into: dir)
                importSeconds.append(Self.now() - start)
                if system is GeodeSystem {
                    if let previous = plainPath { RawLMDB.remove(previous) }
                    let plain = root.appendingPathComponent("plain-\(r).geode").path
                    let start = Self.now()
                    plainWritten = try GeodeSystem.importPlacesWithoutSpatialIndex(places, into: plain)
                    plainSeconds.append(Self.now() - start)
                    plainPath = plain
                }
                if (importPairs == nil && importSeconds.last ?? 0 > 15) || r == imports - 1 { break }
                system.unload()
                try? FileManager.default.removeItem(at: dir)
            }
            record("import", written, importSeconds)
            if let plain = plainPath {
                record("import without the spatial index", plainWritten, plainSeconds)
                // The last store without an index gets it at its next ordinary open, from its documents.
                let start = Self.now()
                let built = try Realm(configuration: GeodeSystem.configuration(plain)).objects(GeoFeature.self).count
                record("spatial index built at the next open", built, [Self.now() - start])
                RawLMDB.remove(plain)
            }
            if written != n { mismatches.append("\(system.name) imported \(written) of \(n)") }
            storeBytes[system.name] = system.storeBytes
            // 2-3. Boxes and circles.
            for (name, boxes) in boxSets {
                let (total, seconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) {
                    try boxes.reduce(0) {
                        $0
                            + (try $1.count == 4
                                ? system.countBox(west: $1[0], south: $1[1], east: $1[2], north: $1[3]) : 0)
                    }
                }
                record(name, total, seconds, check: name, warmup: warm)
            }
            for (name, radians, centers) in circleSets {
                let (total, seconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) {
                    try centers.reduce(0) {
                        $0
                            + (try $1.count == 2
                                ? system.countCircle(longitude: $1[0], latitude: $1[1], radians: radians) : 0)
                    }
                }
                record(name, total, seconds, check: name, warmup: warm)
            }
            // 3b. The ten nearest features to each 1 km circle's centre; the count is the sum of their ids.
            for (name, _, centers) in circleSets where name == "circle_1km" {
                guard try system.nearest(longitude: 0, latitude: 0, count: 1) != nil else { break }
                let (total, seconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) {
                    try centers.reduce(0) { sum, center in
                        guard center.count == 2 else { return sum }
                        let ids = try system.nearest(longitude: center[0], latitude: center[1], count: 10) ?? []
                        return sum + ids.reduce(0, +)
                    }
                }
                record("nearest 10 (\(centers.count))", total, seconds, warmup: warm)
            }
            // 4. Countries, polygon reading and preparation included.
            if !countryGeometries.isEmpty {
                let (total, seconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) {
                    try countryGeometries.reduce(0) { $0 + (try system.countPolygon(geoJSON: $1)) }
                }
                record("countries (\(countryGeometries.count))", total, seconds, check: "countries", warmup: warm)
            }
            // 5. Mixed-property queries.
            for name in mixedNames {
                let (count, seconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) {
                    try system.countMixed(name)
                }
                record(name, count, seconds, check: name, warmup: warm)
            }
            // 6. Lookups by id, each reading the properties whole.
            if !lookupIDs.isEmpty {
                let (found, seconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) {
                    try lookupIDs.reduce(0) { $0 + (try system.lookup($1) ? 1 : 0) }
                }
                record("id lookups (\(lookupIDs.count))", found, seconds, warmup: warm)
                if found != lookupIDs.count {
                    mismatches.append("\(system.name): \(found) of \(lookupIDs.count) lookups found")
                }
            }
            // Geode only: the same sets without the index, and a cold open in a new process.
            if let geode = system as? GeodeSystem {
                // Two reader threads, each with its realm: the lookups split between them, and each running
                // every mixed query (twice one pass's work). Timed from their common start (realms open).
                if !lookupIDs.isEmpty {
                    let halves = [
                        Array(lookupIDs.prefix(lookupIDs.count / 2)), Array(lookupIDs.dropFirst(lookupIDs.count / 2)),
                    ]
                    let (found, seconds) = try Self.threadRuns(repetitions) {
                        try ReaderThreads.run(2, path: geode.storePath) { part, features in
                            try halves[part].reduce(0) { $0 + (try GeodeSystem.lookup($1, in: features) ? 1 : 0) }
                        }
                    }
                    record("id lookups (\(lookupIDs.count)), 2 reader threads", found, seconds)
                }
                let (matched, seconds) = try Self.threadRuns(repetitions) {
                    try ReaderThreads.run(2, path: geode.storePath) { _, features in
                        try mixedNames.reduce(0) { $0 + (try GeodeSystem.countMixed($1, in: features)) }
                    }
                }
                record("mixed queries ×2, 2 reader threads", matched, seconds)
                if scanBaseline {
                    for (name, boxes) in boxSets where name == "box_0.1" {
                        let sample = boxes.prefix(20).compactMap {
                            GeoBox(bottomLeft: ($0[1], $0[0]), topRight: ($0[3], $0[2]))?.with(edges: .planar)
                        }
                        let (total, seconds) = try Self.repeatRun(1) {
                            sample.reduce(0) { sum, box in
                                sum
                                    + geode.features.where { $0.geometry.geoWithin(box) || $0.id == .string("-none-") }
                                    .count
                            }
                        }
                        record(
                            "box_0.1 full scan (20, scaled)", total,
                            seconds.map { $0 * Double(boxes.count) / Double(sample.count) })
                    }
                    for (name, radians, centers) in circleSets where name == "circle_1km" {
                        let sample = centers.prefix(20).compactMap {
                            GeoCircle(center: ($0[1], $0[0]), radiusInRadians: radians)
                        }
                        let (total, seconds) = try Self.repeatRun(1) {
                            sample.reduce(0) { sum, circle in
                                sum
                                    + geode.features.where {
                                        $0.geometry.geoWithin(circle) || $0.id == .string("-none-")
                                    }.count
                            }
                        }
                        record(
                            "circle_1km full scan (20, scaled)", total,
                            seconds.map { $0 * Double(centers.count) / Double(sample.count) })
                    }
                }
                if case let .map(cold)? = q["cold_first_query"], case let .string(set)? = cold["set"],
                    let index = Self.int(cold["index"]),
                    let boxes = boxSets.first(where: { $0.0 == set })?.1, index < boxes.count
                {
                    let (count, seconds) = try Self.coldRun(geode.storePath, boxes[index])
                    record("cold open + first query", count, [seconds], check: "cold")
                }
            }
            table[system.name] = rows
        }

        // Physical-limit probes.
        var probes: [Row] = []
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: places), options: .alwaysMapped)
            var points: [(Double, Double)] = []
            let (records, seconds) = try Self.repeatRun(repetitions) { () -> Int in
                points = []
                return try data.withUnsafeBytes { buffer in
                    var stream = JSONRecordStream(bytes: buffer, source: places)
                    var n = 0
                    while let r = try stream.next() {
                        n += 1
                        if case let .map(f) = r.value, case let .map(g)? = f["geometry"],
                            case let .list(c)? = g["coordinates"], c.count >= 2,
                            let lon = Self.double(c[0]), let lat = Self.double(c[1])
                        {
                            points.append((lon, lat))
                        }
                    }
                    return n
                }
            }
            probes.append(Row(name: "probe: jansson parse of the input", count: records, seconds: seconds))
            // Raw LMDB: every feature's JSON text put under its id (one durable transaction,
            // keys in order), then the lookup ids got: the storage floor under import and lookups.
            var texts: [[UInt8]] = []
            texts.reserveCapacity(records)
            try data.withUnsafeBytes { buffer in
                var stream = JSONRecordStream(bytes: buffer, source: places)
                while let r = try stream.next() { texts.append(Array(try JSONWriter.string(r.value).utf8)) }
            }
            let rawPath = root.appendingPathComponent("raw-probe.mdb").path
            let (putCount, putSeconds) = try Self.repeatRun(repetitions) { () -> Int in
                RawLMDB.remove(rawPath)
                try RawLMDB(path: rawPath).putAll(texts, append: true)
                return texts.count
            }
            probes.append(Row(name: "probe: raw LMDB puts of the features", count: putCount, seconds: putSeconds))
            if !lookupIDs.isEmpty {
                let raw = try RawLMDB(path: rawPath)
                let keys = lookupIDs.map { UInt64($0 + 1) }
                let (_, getSeconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) { try raw.getAll(keys) }
                probes.append(
                    Row(
                        name: "probe: raw LMDB gets of the lookup ids", count: keys.count, seconds: getSeconds,
                        warmup: warm))
            }
            RawLMDB.remove(rawPath)
            if !countryGeometries.isEmpty {
                let context = GEOSContext()
                let (covered, coverSeconds, warm) = try Self.warmedRun(repetitions, warmup: warmup) { () -> Int in
                    var total = 0
                    for text in countryGeometries {
                        let geometry = try context.geometry(geoJSON: text)
                        let prepared = try geometry.prepared()
                        guard let e = geometry.envelope else { continue }
                        for (lon, lat) in points where lon >= e.minX && lon <= e.maxX && lat >= e.minY && lat <= e.maxY
                        {
                            if try prepared.covers(x: lon, y: lat) { total += 1 }
                        }
                    }
                    return total
                }
                probes.append(
                    Row(
                        name: "probe: GEOS prepared covers, envelope candidates", count: covered, seconds: coverSeconds,
                        warmup: warm))
            }
        }

        // Report.
        let names = systems.map(\.name)
        print("\nPlaces workload: N = \(n), \(places) (\(String(format: "%.1f", Double(Self.size(places)) / 1e6)) MB)")
        for system in systems {
            if let r = table[system.name]?["import"] {
                print(
                    "  \(system.name) import: \(String(format: "%.2f", r.median)) s, \(String(format: "%.0f", Double(n) / r.median)) features/s, "
                        + "\(String(format: "%.1f", Double(Self.size(places)) / 1e6 / r.median)) MB/s; store \(String(format: "%.1f", Double(storeBytes[system.name] ?? 0) / 1e6)) MB"
                )
            }
        }
        if let with = table["Geode"]?["import"], let without = table["Geode"]?["import without the spatial index"],
            without.median > 0
        {
            print(
                "  Geode spatial index upkeep: \(String(format: "%.2f", with.median)) s with it, \(String(format: "%.2f", without.median)) s without: "
                    + "\(String(format: "%+.1f", (with.median / without.median - 1) * 100)) % of the import")
        }
        if let geode = table["Geode"] {
            // Throughput with two reader threads against one: the same lookups, and twice the mixed queries.
            var parts: [String] = []
            if let one = geode.first(where: { $0.key.hasPrefix("id lookups") && !$0.key.contains("thread") })?.value,
                let two = geode.first(where: { $0.key.hasPrefix("id lookups") && $0.key.contains("thread") })?.value
            {
                parts.append("lookups \(String(format: "%.2f", one.median / two.median))×")
            }
            let mixedOne = ["population_gt_1m", "meta_rank_eq_3", "tags_contains_capital", "meta_nested_a_b_c_eq_5"]
                .compactMap { geode[$0]?.median }
            if mixedOne.count == 4, let two = geode["mixed queries ×2, 2 reader threads"] {
                parts.append("mixed queries \(String(format: "%.2f", 2 * mixedOne.reduce(0, +) / two.median))×")
            }
            if !parts.isEmpty {
                print("  Geode with 2 reader threads, throughput against one: " + parts.joined(separator: ", "))
            }
        }
        var header =
            "  " + "operation".padding(toLength: 48, withPad: " ", startingAt: 0)
            + "count".padding(toLength: 12, withPad: " ", startingAt: 0)
        for name in names { header += name.padding(toLength: 16, withPad: " ", startingAt: 0) }
        if names.count > 1 { header += names.dropFirst().map { "Geode/\($0)" }.joined(separator: "  ") }
        print(header)
        for op in order {
            guard let first = table[names[0]]?[op] ?? names.lazy.compactMap({ table[$0]?[op] }).first else { continue }
            var line =
                "  " + op.padding(toLength: 48, withPad: " ", startingAt: 0)
                + String(first.count).padding(toLength: 12, withPad: " ", startingAt: 0)
            for name in names {
                line += (table[name]?[op].map { String(format: "%9.3f s", $0.median) } ?? "        –").padding(
                    toLength: 16, withPad: " ", startingAt: 0)
            }
            for name in names.dropFirst() {
                if let g = table[names[0]]?[op], let p = table[name]?[op], p.median > 0 {
                    line += String(format: "%8.2fx", g.median / p.median)
                }
            }
            print(line)
        }
        for probe in probes {
            print(
                "  " + probe.name.padding(toLength: 48, withPad: " ", startingAt: 0)
                    + String(probe.count).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(format: "%9.3f s", probe.median))
        }
        // Counts must agree across systems too.
        for op in order {
            let counts = Set(names.compactMap { table[$0]?[op]?.count })
            if counts.count > 1, !op.hasPrefix("import") {
                mismatches.append("\(op): systems disagree \(counts.sorted())")
            }
        }
        if reference == nil {
            print(
                "  counts: no reference for N = \(n)\(limit == nil ? "" : " (limited run)"); compared across systems only"
            )
        }
        print(
            mismatches.isEmpty
                ? "  counts: all equal\(reference == nil ? " across systems" : " the reference counts")"
                : "  COUNTS DIFFER: " + mismatches.joined(separator: "; "))
        if let json {
            struct Output: Encodable {
                var n: Int; var storeBytes: [String: Int]; var systems: [String: [String: Row]]; var probes: [Row]
            }
            try JSONEncoder().encode(Output(n: n, storeBytes: storeBytes, systems: table, probes: probes)).write(
                to: URL(fileURLWithPath: json))
        }
        if !mismatches.isEmpty { throw ExitCode.failure }
    }

    // MARK: Helpers

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs `body` up to `repetitions` times (once if it takes over 15 s); the result of the last run.
    /// ``repeatRun(_:_:)`` after `warmup` untimed passes (fewer when a pass
    /// takes over 15 s); also returns the passes' seconds.
    static func warmedRun<T>(_ repetitions: Int, warmup: Int, _ body: () throws -> T) throws -> (T, [Double], [Double])
    {
        var passes: [Double] = []
        for _ in 0 ..< max(0, warmup) {
            let start = now()
            _ = try body()
            passes.append(now() - start)
            if passes.last ?? 0 > 15 { break }
        }
        let (result, seconds) = try repeatRun(repetitions, body)
        return (result, seconds, passes)
    }

    /// Runs `body`, which times itself, `repetitions` times (fewer past 15 s).
    static func threadRuns(_ repetitions: Int, _ body: () throws -> (Int, Double)) throws -> (Int, [Double]) {
        var seconds: [Double] = []
        var result = 0
        for _ in 0 ..< max(1, repetitions) {
            let (value, taken) = try body()
            result = value
            seconds.append(taken)
            if taken > 15 { break }
        }
        return (result, seconds)
    }

    static func repeatRun<T>(_ repetitions: Int, _ body: () throws -> T) throws -> (T, [Double]) {
        var seconds: [Double] = []
        var result: T?
        for _ in 0 ..< max(1, repetitions) {
            let start = now()
            result = try body()
            seconds.append(now() - start)
            if seconds.last ?? 0 > 15 { break }
        }
        guard let result else { throw ValidationError("no run") }
        return (result, seconds)
    }

    /// The box sets of a queries file: each set's name and its boxes as
    /// [west, south, east, north], the first `limit` of each when given.
    static func boxSets(_ q: OrderedDictionary<String, Value>, limit: Int?) -> [(String, [[Double]])] {
        guard case let .list(sets)? = q["box_sets"] else { return [] }
        return sets.compactMap { entry in
            guard case let .map(set) = entry, case let .string(name)? = set["name"],
                case let .list(boxes)? = set["boxes"]
            else { return nil }
            return (
                name,
                boxes.prefix(limit ?? boxes.count).map { b in
                    if case let .list(c) = b { return c.compactMap(Self.double) } else { return [] }
                }
            )
        }
    }

    static func int(_ v: Value?) -> Int? {
        if case let .int(i)? = v { return Int(i) }
        return nil
    }

    static func double(_ v: Value?) -> Double? {
        switch v {
        case let .int(i)?: return Double(i)
        case let .double(d)?: return d
        default: return nil
        }
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// `shared/data/…` of the queries file, found from the current directory or beside the queries.
    static func sharedPath(_ q: OrderedDictionary<String, Value>, _ queries: String) -> String? {
        guard case let .map(p)? = q["polygons"], case let .string(file)? = p["file"] else { return nil }
        for candidate in [
            "../" + file, file,
            URL(fileURLWithPath: queries).deletingLastPathComponent().appendingPathComponent(file).path,
        ]
        where FileManager.default.fileExists(atPath: candidate) { return candidate }
        return nil
    }

    /// Evicts the store from the page cache, then times open + first box query in a new process.
    static func coldRun(_ store: String, _ box: [Double]) throws -> (Int, Double) {
        for path in [store, store + "-lock"] {
            let fd = open(path, O_RDONLY)
            if fd >= 0 {
                posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
                close(fd)
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .resolvingSymlinksInPath()
        process.arguments = ["cold-query", "--store", store] + box.map { String($0) }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: " ")
        guard output.count == 2, let count = Int(output[0]),
            let seconds = Double(output[1].trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw ValidationError("cold-query printed \(output)")
        }
        return (count, seconds)
    }
}

/// `geode-bench cold-query`: opens a store and runs one planar box query; prints count and seconds.
struct ColdQuery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cold-query", abstract: "Open a store and count one planar box (used by workload).",
        shouldDisplay: false)

    @Option var store: String
    @Argument var box: [Double]

    func run() throws {
        guard box.count == 4 else { throw ValidationError("a box is 4 numbers: minLon minLat maxLon maxLat") }
        let start = WorkloadSuite.now()
        var configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: store), objectTypes: [GeoFeature.self, GeoJSONPoint.self])
        configuration.readOnly = true
        let realm = try Realm(configuration: configuration)
        guard let shape = GeoBox(bottomLeft: (box[1], box[0]), topRight: (box[3], box[2]))?.with(edges: .planar) else {
            throw ValidationError("bad box")
        }
        let count = realm.objects(GeoFeature.self).where { $0.geometry.geoWithin(shape) }.count
        print("\(count) \(WorkloadSuite.now() - start)")
    }
}
