import ArgumentParser
import Foundation
import Geode

/// The Realm comparison set of `shared/bench/REALM_WORKLOAD.md`: synthetic
/// points with a mixed `props` tree, on which Realm's own engine was measured.
/// Geode runs the same operations on the same data; its counts must equal
/// Realm's, and its times print next to Realm's.
struct RealmSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "realm",
        abstract:
            "The Realm comparison set: insert, 200 boxes, 200 circles, a polygon, a mixed query, 100,000 lookups.",
        discussion: """
            Counts are checked against Realm's answers for N = 100,000 and 1,000,000 (the run fails when \
            one differs); other N run unchecked. Realm's times are the medians REALM_WORKLOAD.md reports \
            for realm-core 14.14 on a machine of this kind.
            """)

    @Option(help: "Objects (100000 and 1000000 have Realm's counts and times).")
    var count = 100_000

    @OptionGroup var options: SuiteOptions

    final class Place: Object {
        @Persisted(primaryKey: true) var _id = 0
        @Persisted var name = ""
        @Persisted var population = 0
        @Persisted var location: GeoJSONPoint?
        @Persisted var props: AnyRealmValue
    }

    /// Realm's answers and times from REALM_WORKLOAD.md, for one N.
    struct Reference {
        var boxes: Int
        var firstBoxes: [Int]
        var circles: Int
        var polygon: Int
        var mixed: Int
        var rank: Int
        var capital: Int
        var populationSum: Int
        /// Seconds: insert, boxes, circles, polygon, mixed, lookups; and the file size in MB and peak memory in MB.
        var insert: Double, boxSeconds: Double, circleSeconds: Double, polygonSeconds: Double, mixedSeconds: Double,
            lookupSeconds: Double
        var fileMB: Double, peakMB: Double
    }

    static let references: [Int: Reference] = [
        100_000: Reference(
            boxes: 600, firstBoxes: [3, 1, 4, 3, 1], circles: 213, polygon: 162, mixed: 770, rank: 10_000,
            capital: 7_693,
            populationSum: 498_994_405_761, insert: 1.5, boxSeconds: 15.2, circleSeconds: 10.7, polygonSeconds: 0.058,
            mixedSeconds: 0.100, lookupSeconds: 0.059, fileMB: 29.4, peakMB: 155),
        1_000_000: Reference(
            boxes: 4_089, firstBoxes: [13, 20, 14, 9, 20], circles: 304, polygon: 1_666, mixed: 7_693, rank: 100_000,
            capital: 76_924, populationSum: 499_675_575_373, insert: 17.1, boxSeconds: 102, circleSeconds: 82,
            polygonSeconds: 0.447, mixedSeconds: 0.727, lookupSeconds: 0.152, fileMB: 282.9, peakMB: 1_460),
    ]

    /// One generated object's values.
    struct Generated {
        var longitude: Double
        var latitude: Double
        var population: Int
    }

    /// The objects, drawn as the workload prescribes (splitmix64, state 42).
    static func generate(_ n: Int) -> [Generated] {
        var random = SplitMix(seed: 42)
        func unit() -> Double { Double(random.next() >> 11) * 0x1p-53 }
        return (0 ..< n).map { _ in
            let longitude = unit() * 360 - 180
            let latitude = asin(2 * unit() - 1) / (Double.pi / 180)
            let population = Int(random.next() % 10_000_000)
            return Generated(longitude: longitude, latitude: latitude, population: population)
        }
    }

    func run() throws {
        guard count >= 200 else {
            throw ValidationError("--count must be at least 200 (the query centres are every N/200th object)")
        }
        let root = try scratchDirectory(in: options.directory, suite: "realm")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("places.geode")

        let objects = Self.generate(count)
        if count > 0 {
            let first = objects[0]
            guard first.longitude == 86.963356357856412, first.latitude == -42.857649064455927,
                first.population == 2_763_858
            else {
                throw ValidationError(
                    "object 0 is (\(first.longitude), \(first.latitude), \(first.population)), not the workload's check values"
                )
            }
        }

        // (a) Insert in one write transaction, committed durably.
        let realm = try Realm(configuration: Realm.Configuration(fileURL: file, objectTypes: [Place.self]))
        let insert = try measure("a: insert + commit", count: count, repetitions: 1) {
            try realm.write {
                for (i, generated) in objects.enumerated() {
                    let place = Place()
                    place._id = i
                    place.name = "place-\(i)"
                    place.population = generated.population
                    place.location = GeoJSONPoint(longitude: generated.longitude, latitude: generated.latitude)
                    place.props = .fromDictionary([
                        "rank": .int(i % 10),
                        "tags": .fromArray([.string("tag\(i % 7)"), .string(i % 13 == 0 ? "capital" : "city")]),
                    ])
                    realm.add(place)
                }
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1024
        let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) / 1e6

        let places = realm.objects(Place.self)
        let centres = (0 ..< 200).map { objects[$0 * (count / 200)] }
        func wrap(_ lon: Double) -> Double { lon > 180 ? lon - 360 : (lon < -180 ? lon + 360 : lon) }
        func clamp(_ lat: Double) -> Double { Swift.min(90, Swift.max(-90, lat)) }
        // Corners and centres as (latitude, longitude), Realm's tuple order.
        let boxes = centres.map { c in
            GeoBox(
                bottomLeft: (clamp(c.latitude - 0.5), wrap(c.longitude - 0.5)),
                topRight: (clamp(c.latitude + 0.5), wrap(c.longitude + 0.5)))
        }
        let radians = 10_000 / 6_378_100.0
        let circles = centres.map { GeoCircle(center: ($0.latitude, $0.longitude), radiusInRadians: radians) }
        guard let polygon = GeoPolygon(outerRing: [(43, -5), (43, 8), (51, 8), (51, -5), (43, -5)]) else {
            throw ValidationError("the workload's polygon did not build")
        }
        var lookups = SplitMix(seed: 7)
        let keys = (0 ..< 100_000).map { _ in Int(lookups.next() % UInt64(count)) }

        var boxCounts: [Int] = [], circleCounts: [Int] = []
        var polygonCount = 0, mixedCount = 0, rankCount = 0, capitalCount = 0, found = 0, populationSum = 0
        var results = [insert]
        results.append(
            try measure("b: 200 boxes", count: 200, repetitions: options.repetitions) {
                boxCounts = try boxes.map { box in
                    guard let box else { throw ValidationError("a box corner is out of range") }
                    return places.where { $0.location.geoWithin(box) }.count
                }
            })
        results.append(
            try measure("c: 200 circles (10 km)", count: 200, repetitions: options.repetitions) {
                circleCounts = try circles.map { circle in
                    guard let circle else { throw ValidationError("a circle is out of range") }
                    return places.where { $0.location.geoWithin(circle) }.count
                }
            })
        results.append(
            try measure("d: polygon", count: 1, repetitions: options.repetitions) {
                polygonCount = places.where { $0.location.geoWithin(polygon) }.count
            })
        results.append(
            try measure("e: mixed (rank and tags)", count: 1, repetitions: options.repetitions) {
                mixedCount = places.filter("props['rank'] == 3 AND ANY props['tags'][*] == 'capital'").count
            })
        rankCount = places.filter("props['rank'] == 3").count
        capitalCount = places.filter("ANY props['tags'][*] == 'capital'").count
        results.append(
            try measure("f: 100,000 primary-key lookups", count: keys.count, repetitions: options.repetitions) {
                found = 0
                populationSum = 0
                for key in keys {
                    guard let place = realm.object(ofType: Place.self, forPrimaryKey: key) else { continue }
                    found += 1
                    populationSum += place.population
                }
            })

        print("geode-bench realm: N = \(count), \(options.repetitions) repetitions, median seconds")
        print(
            "  counts: boxes \(boxCounts.reduce(0, +)) (first five: \(boxCounts.prefix(5).map(String.init).joined(separator: " "))), "
                + "circles \(circleCounts.reduce(0, +)), polygon \(polygonCount), mixed \(mixedCount) (\(rankCount) / \(capitalCount)), "
                + "lookups found \(found), population sum \(populationSum)")
        print(String(format: "  store file %.1f MB, peak memory %.0f MB", fileMB, peakMB))

        let reference = Self.references[count]
        print("\nGeode vs Realm (realm-core 14.14, REALM_WORKLOAD.md's medians)")
        print(
            "  " + "operation".padding(toLength: 34, withPad: " ", startingAt: 0)
                + "   Geode s     Realm s   Geode/Realm")
        let realmSeconds = reference.map {
            [$0.insert, $0.boxSeconds, $0.circleSeconds, $0.polygonSeconds, $0.mixedSeconds, $0.lookupSeconds]
        }
        for (index, row) in results.enumerated() {
            let name = row.name.padding(toLength: 34, withPad: " ", startingAt: 0)
            if let realm = realmSeconds?[index] {
                print("  \(name)\(String(format: "%10.3f  %10.3f  %10.3fx", row.median, realm, row.median / realm))")
            } else {
                print("  \(name)\(String(format: "%10.3f", row.median))")
            }
        }
        if let reference {
            print(
                String(
                    format: "  file size: Geode %.1f MB, Realm %.1f MB (%.2fx)", fileMB, reference.fileMB,
                    fileMB / reference.fileMB))
            print(
                String(
                    format: "  peak memory during (a): Geode %.0f MB, Realm %.0f MB (%.2fx)", peakMB, reference.peakMB,
                    peakMB / reference.peakMB))
        }
        try writeJSON(results, to: options.json)

        guard let reference else {
            print("\n(no Realm counts for N = \(count): counts not checked)")
            return
        }
        var mismatches: [String] = []
        func check(_ what: String, _ geode: Int, _ realm: Int) {
            if geode != realm { mismatches.append("\(what): Geode \(geode), Realm \(realm)") }
        }
        check("boxes", boxCounts.reduce(0, +), reference.boxes)
        for (i, (geode, realm)) in zip(boxCounts, reference.firstBoxes).enumerated() { check("box \(i)", geode, realm) }
        check("circles", circleCounts.reduce(0, +), reference.circles)
        check("polygon", polygonCount, reference.polygon)
        check("mixed", mixedCount, reference.mixed)
        check("rank == 3", rankCount, reference.rank)
        check("ANY tags == capital", capitalCount, reference.capital)
        check("lookups found", found, keys.count)
        check("population sum", populationSum, reference.populationSum)
        guard mismatches.isEmpty else {
            throw ValidationError("counts differ from Realm's: " + mismatches.joined(separator: "; "))
        }
        print("\nall counts equal Realm's")
    }
}
