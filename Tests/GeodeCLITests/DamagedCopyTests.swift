import Foundation
import GeodeTestSupport
import Testing

/// Damaged copies of a real store, read with every command of the tool: the
/// tool never dies of a signal, never stops with a status other than 0 or 65,
/// and never answers differently from the sound store at status 0. `GEODE_DAMAGED_COPIES` sets how many copies each kind of damage makes
/// (`make damage` runs 1,000 of each).
@Suite struct DamagedCopyTests {
    /// What each command prints for a store; the same on a damaged copy means
    /// the damage did not touch the answer.
    static let commands: [[String]] = [
        ["query", "{}", "properties.population > 100000", "--count"],
        ["query", "{}", "geometry geoWithin geoBox([-10, 35], [30, 60])", "--format", "ndjson"],
        ["export", "{}", "--format", "ndjson"],
        ["stats", "{}"],
        ["check", "{}"],
    ]

    enum Damage: String, CaseIterable, Sendable {
        /// One to eight bytes anywhere in the file set to random values.
        case bytes
        /// One whole page (4 KB) overwritten with random bytes.
        case page
    }

    static var copies: Int {
        ProcessInfo.processInfo.environment["GEODE_DAMAGED_COPIES"].flatMap(Int.init) ?? 50
    }

    static func run(_ command: [String], on store: String) throws -> ProcessOutcome {
        try Subprocess.run("geode", command.map { $0 == "{}" ? store : $0 })
    }

    @Test(arguments: Damage.allCases)
    func aDamagedCopyNeverStopsTheToolWithASignal(_ damage: Damage) throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("cities.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        let imported = try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet"])
        try #require(imported.status == 0, "\(imported.stderr)")
        let copy = directory.path("copy.geode")
        let sound = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store)))
        try Data(sound).write(to: URL(fileURLWithPath: copy))
        let answers = try Self.commands.map { try Self.run($0, on: copy).stdout }

        var random = SeededGenerator(seed: damage == .bytes ? 11 : 12)
        var refused = 0, same = 0, differing = 0
        for round in 0 ..< Self.copies {
            var bytes = sound
            switch damage {
            case .bytes:
                for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
                    bytes[Int.random(in: 0 ..< bytes.count, using: &random)] = UInt8.random(
                        in: 0 ... 255, using: &random)
                }
            case .page:
                let page = Int.random(in: 0 ..< bytes.count / 4096, using: &random)
                for i in page * 4096 ..< (page + 1) * 4096 { bytes[i] = UInt8.random(in: 0 ... 255, using: &random) }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: copy))
            unlink(copy + "-lock")
            for (command, answer) in zip(Self.commands, answers) {
                let outcome = try Self.run(command, on: copy)
                #expect(
                    !outcome.signalled,
                    "copy \(round), \(command[0]): killed by signal \(outcome.status)\n\(outcome.stderr.suffix(400))")
                #expect(
                    [0, 65].contains(outcome.status),
                    "copy \(round), \(command[0]): status \(outcome.status)\n\(outcome.stderr.suffix(400))")
                if outcome.status == 65 {
                    refused += 1
                    #expect(outcome.stderr.hasPrefix("geode: ") || command[0] == "check", "\(outcome.stderr)")
                } else if outcome.stdout == answer {
                    same += 1
                } else {
                    differing += 1
                }
            }
        }
        // Damage inside a value or key fails the entry's checksum, and a key moved out of
        // order fails the audit at open: no answer differs from the sound store's.
        #expect(
            differing == 0, "\(differing) of \(Self.copies * Self.commands.count) runs answered differently at status 0"
        )
        print(
            "damaged copies (\(damage.rawValue)): \(Self.copies) copies × \(Self.commands.count) commands: "
                + "\(refused) refused (65), \(same) answered as the sound store, \(differing) answered differently, 0 crashes"
        )
    }

    @Test func checkFindsAPageOfNoiseAndSalvageSavesTheRest() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("cities.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        try #require(try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet"]).status == 0)
        let sound = try Subprocess.run("geode", ["check", store])
        #expect(sound.status == 0)
        #expect(
            sound.stdout.contains("GeoFeature 1,001") && sound.stdout.contains("no problem found"), "\(sound.stdout)")
        let backup = directory.path("backup.geode")
        #expect(try Subprocess.run("geode", ["copy", store, backup]).status == 0)
        #expect(try Subprocess.run("geode", ["check", backup]).status == 0)

        // Noise over the page that holds São Paulo's document.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store)))
        let marker = Array("São Paulo".utf8)
        let at = try #require(
            (0 ..< bytes.count - marker.count).first {
                bytes[$0] == marker[0] && Array(bytes[$0 ..< $0 + marker.count]) == marker
            })
        var random = SeededGenerator(seed: 9)
        for i in at / 4096 * 4096 ..< at / 4096 * 4096 + 4096 { bytes[i] = UInt8.random(in: 0 ... 255, using: &random) }
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        unlink(store + "-lock")
        let damaged = try Subprocess.run("geode", ["check", store])
        #expect(damaged.status == 65)
        #expect(damaged.stdout.contains("damaged"), "\(damaged.stdout)")

        let saved = directory.path("saved.geode")
        let salvage = try Subprocess.run("geode", ["copy", "--salvage", store, saved])
        #expect(salvage.status == 65, "something was lost")
        #expect(salvage.stdout.contains("left behind"), "\(salvage.stdout)")
        #expect(try Subprocess.run("geode", ["check", saved]).status == 0)
        let count = try Subprocess.run("geode", ["query", saved, "TRUEPREDICATE", "--count"])
        let kept = Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(kept > 900 && kept < 1_001, "one page of cities lost, \(kept) of 1,001 saved")
        #expect(
            try Subprocess.run("geode", ["copy", "--salvage", store, saved]).status != 0,
            "an existing destination is refused")
    }
}
