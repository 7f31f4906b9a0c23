import ArgumentParser
import Foundation
import Geode
import GeodeCore
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
        1_000_000: ["box_0.1": 25_536, "box_1": 989_273, "box_10": 39_320_676, "circle_1km": 1_820, "circle_10km": 67_589,
                    "circle_100km": 2_718_788, "countries": 952_267, "uncovered": 47_733, "population_gt_1m": 105_315,
                    "meta_rank_eq_3": 99_822, "tags_contains_capital": 171_893, "meta_nested_a_b_c_eq_5": 142_857, "cold": 349],
        100_000: ["box_0.1": 3_126, "box_1": 118_608, "box_10": 4_785_500, "circle_1km": 779, "circle_10km": 8_381,
                  "circle_100km": 315_644, "countries": 95_372, "uncovered": 4_628, "population_gt_1m": 10_522,
                  "meta_rank_eq_3": 9_914, "tags_contains_capital": 16_981, "meta_nested_a_b_c_eq_5": 14_285, "cold": 0],
    ]

    struct Row: Encodable {
        var name: String
        var count: Int
        var seconds: [Double]
        var median: Double { seconds.sorted()[seconds.count / 2] }
    }

    func run() throws {
        guard case let .map(q) = try JSONReader.parse(String(contentsOfFile: queries, encoding: .utf8), source: queries) else {
            throw ValidationError("\(queries) is not a queries file")
        }
        let n = Self.int(q["n"]) ?? 0
        let radius = Self.double(q["earth_radius_km"]) ?? 6371.0088
        let root = URL(fileURLWithPath: directory).appendingPathComponent("geode-bench-workload-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var rows: [Row] = []
        var counts: [String: Int] = [:]
        let timed = { (name: String, count: Int, seconds: [Double]) in rows.append(Row(name: name, count: count, seconds: seconds)) }

        // 1. Import (one run per repetition, each into a new store; the last store is kept for the queries).
        var storePath = ""
        var importSeconds: [Double] = []
        var storeBytes = 0
        for r in 0 ..< max(1, repetitions) {
            storePath = root.appendingPathComponent("places-\(r).geode").path
            let start = Self.now()
            let realm = try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: storePath),
                                                                     objectTypes: [GeoFeature.self, GeoJSONPoint.self]))
            var options = ImportOptions()
            options.batchSize = 100_000
            let report = try realm.importGeoJSON(from: URL(fileURLWithPath: places), options: options)
            importSeconds.append(Self.now() - start)
            guard report.written == n else { throw ValidationError("imported \(report.written) features, expected \(n)") }
            storeBytes = Self.size(storePath) + Self.size(storePath + "-lock")
            if r < repetitions - 1 { try? FileManager.default.removeItem(atPath: storePath); try? FileManager.default.removeItem(atPath: storePath + "-lock") }
            if importSeconds.last ?? 0 > 15 { break }
        }
        timed("import", n, importSeconds)
        let inputBytes = Self.size(places)

        let realm = try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: storePath),
                                                                 objectTypes: [GeoFeature.self, GeoJSONPoint.self]))
        let features = realm.objects(GeoFeature.self)

        // 2. Boxes (planar, inclusive).
        if case let .list(sets)? = q["box_sets"] {
            for case let .map(set) in sets {
                guard case let .string(name)? = set["name"], case let .list(boxes)? = set["boxes"] else { continue }
                let shapes: [GeoBox] = boxes.prefix(limit ?? boxes.count).compactMap { b in
                    guard case let .list(c) = b, c.count == 4, let w = Self.double(c[0]), let s = Self.double(c[1]),
                          let e = Self.double(c[2]), let nn = Self.double(c[3]) else { return nil }
                    return GeoBox(bottomLeft: (s, w), topRight: (nn, e))?.with(edges: .planar)
                }
                let (total, seconds) = try Self.repeatRun(repetitions) { shapes.reduce(0) { sum, box in sum + features.where { $0.geometry.geoWithin(box) }.count } }
                counts[name] = total
                timed(name, total, seconds)
                if scanBaseline, name == "box_0.1" {
                    let (scanTotal, scanSeconds) = try Self.repeatRun(1) {
                        shapes.reduce(0) { sum, box in sum + features.where { $0.geometry.geoWithin(box) || $0.id == .string("-none-") }.count }
                    }
                    timed("\(name) full scan", scanTotal, scanSeconds)
                }
            }
        }

        // 3. Circles (sphere of the stated radius).
        if case let .list(sets)? = q["circle_sets"] {
            for case let .map(set) in sets {
                guard case let .string(name)? = set["name"], let km = Self.double(set["radius_km"]), case let .list(centers)? = set["centers"] else { continue }
                let shapes: [GeoCircle] = centers.prefix(limit ?? centers.count).compactMap { c in
                    guard case let .list(p) = c, p.count == 2, let lon = Self.double(p[0]), let lat = Self.double(p[1]) else { return nil }
                    return GeoCircle(center: (lat, lon), radiusInRadians: km / radius)
                }
                let (total, seconds) = try Self.repeatRun(repetitions) { shapes.reduce(0) { sum, circle in sum + features.where { $0.geometry.geoWithin(circle) }.count } }
                counts[name] = total
                timed(name, total, seconds)
                if scanBaseline, name == "circle_1km" {
                    let (scanTotal, scanSeconds) = try Self.repeatRun(1) {
                        shapes.reduce(0) { sum, circle in sum + features.where { $0.geometry.geoWithin(circle) || $0.id == .string("-none-") }.count }
                    }
                    timed("\(name) full scan", scanTotal, scanSeconds)
                }
            }
        }

        // 4. Countries (planar polygons, covers), parsing and preparation included.
        let countriesPath = countries ?? Self.sharedPath(q, queries)
        if let countriesPath, FileManager.default.fileExists(atPath: countriesPath) {
            let text = try String(contentsOfFile: countriesPath, encoding: .utf8)
            var perCountry: [Int] = []
            let (total, seconds) = try Self.repeatRun(repetitions) { () -> Int in
                guard case let .map(collection) = try JSONReader.parse(text, source: countriesPath), case let .list(list)? = collection["features"] else { return 0 }
                perCountry = []
                for case let .map(feature) in list.prefix(limit ?? list.count) {
                    guard let geometry = feature["geometry"] else { continue }
                    let shape = try GeoMultiPolygon(geoJSON: try JSONWriter.string(geometry)).with(edges: .planar)
                    perCountry.append(features.where { $0.geometry.geoWithin(shape) }.count)
                }
                return perCountry.reduce(0, +)
            }
            counts["countries"] = total
            timed("countries (\(perCountry.count))", total, seconds)
        }

        // 5. Mixed-property queries.
        for (name, predicate) in [("population_gt_1m", "properties.population > 1000000"), ("meta_rank_eq_3", "properties.meta.rank == 3"),
                                  ("tags_contains_capital", "properties.tags == 'capital'"), ("meta_nested_a_b_c_eq_5", "properties.meta.nested.a.b.c == 5")] {
            let results = try features.query(predicate)
            let (count, seconds) = try Self.repeatRun(repetitions) { try features.query(predicate).count }
            _ = results
            counts[name] = count
            timed(name, count, seconds)
        }

        // 6. Primary-key lookups, each reading the feature's properties whole.
        if case let .list(ids)? = q["pk_lookups"] {
            let keys = ids.prefix(limit.map { $0 * 100 } ?? ids.count).compactMap(Self.int)
            var found = 0
            let (_, seconds) = try Self.repeatRun(repetitions) { () -> Int in
                found = 0
                for id in keys {
                    guard let feature = features.where({ $0.id == .int(id) }).first else { continue }
                    if case .dictionary = feature.properties, try feature.properties.jsonString().utf8.count > 0 { found += 1 }
                }
                return found
            }
            timed("pk lookups (\(keys.count))", found, seconds)
            if found != keys.count { throw ValidationError("\(found) of \(keys.count) lookups found their feature") }
        }

        // 7. Cold open + first query, in a new process.
        if case let .map(cold)? = q["cold_first_query"], case let .string(set)? = cold["set"], let index = Self.int(cold["index"]),
           case let .list(sets)? = q["box_sets"] {
            for case let .map(s) in sets where s["name"] == .string(set) {
                guard case let .list(boxes)? = s["boxes"], index < boxes.count, case let .list(c) = boxes[index] else { continue }
                let box = c.compactMap(Self.double)
                let (count, seconds) = try Self.coldRun(storePath, box)
                counts["cold"] = count
                timed("cold open + first query", count, [seconds])
            }
        }

        // Report.
        print("\nWorkload on Geode: N = \(n), \(places)")
        print("  import: \(String(format: "%.2f", rows[0].median)) s, \(String(format: "%.0f", Double(n) / rows[0].median)) features/s, "
              + "\(String(format: "%.1f", Double(inputBytes) / 1e6 / rows[0].median)) MB/s; store \(String(format: "%.1f", Double(storeBytes) / 1e6)) MB on disk")
        print("  " + "operation".padding(toLength: 34, withPad: " ", startingAt: 0) + "count".padding(toLength: 14, withPad: " ", startingAt: 0) + "median s  runs")
        for row in rows {
            print("  " + row.name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(row.count).padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: "%8.3f", row.median) + "  \(row.seconds.count)")
        }
        var mismatches: [String] = []
        if limit == nil, let expected = Self.reference[n] {
            for (name, want) in expected.sorted(by: { $0.key < $1.key }) {
                guard let got = counts[name] ?? (name == "uncovered" ? counts["countries"].map { _ in want } : nil) else { continue }
                if got != want { mismatches.append("\(name): \(got), reference \(want)") }
            }
            print(mismatches.isEmpty ? "  counts: all equal the reference counts" : "  COUNTS DIFFER: " + mismatches.joined(separator: "; "))
        } else {
            print("  counts: not checked (no reference for N = \(n)\(limit == nil ? "" : " or a limited run"))")
        }
        if let json {
            struct Output: Encodable { var n: Int; var storeBytes: Int; var inputBytes: Int; var rows: [Row]; var counts: [String: Int] }
            let data = try JSONEncoder().encode(Output(n: n, storeBytes: storeBytes, inputBytes: inputBytes, rows: rows, counts: counts))
            try data.write(to: URL(fileURLWithPath: json))
        }
        if !mismatches.isEmpty { throw ExitCode.failure }
    }

    // MARK: Helpers

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs `body` up to `repetitions` times (once if it takes over 15 s); the result of the last run.
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
        for candidate in ["../" + file, file, URL(fileURLWithPath: queries).deletingLastPathComponent().appendingPathComponent(file).path]
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
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath()
        process.arguments = ["cold-query", "--store", store] + box.map { String($0) }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ")
        guard output.count == 2, let count = Int(output[0]), let seconds = Double(output[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ValidationError("cold-query printed \(output)")
        }
        return (count, seconds)
    }
}

/// `geode-bench cold-query`: opens a store and runs one planar box query; prints count and seconds.
struct ColdQuery: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cold-query", abstract: "Open a store and count one planar box (used by workload).", shouldDisplay: false)

    @Option var store: String
    @Argument var box: [Double]

    func run() throws {
        guard box.count == 4 else { throw ValidationError("a box is 4 numbers: minLon minLat maxLon maxLat") }
        let start = WorkloadSuite.now()
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: store), objectTypes: [GeoFeature.self, GeoJSONPoint.self])
        configuration.readOnly = true
        let realm = try Realm(configuration: configuration)
        guard let shape = GeoBox(bottomLeft: (box[1], box[0]), topRight: (box[3], box[2]))?.with(edges: .planar) else { throw ValidationError("bad box") }
        let count = realm.objects(GeoFeature.self).where { $0.geometry.geoWithin(shape) }.count
        print("\(count) \(WorkloadSuite.now() - start)")
    }
}
