import ArgumentParser
import CJansson
import Foundation
import Geode
import GeodeCore
import GeodeJSON

/// Mixed trees (the statuses of twitter.json) stored in an AnyRealmValue
/// property, next to jansson parsing and serialising the same JSON.
struct MixedSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mixed",
        abstract:
            "Store N twitter.json statuses as AnyRealmValue trees; read them whole and one leaf (Geode vs jansson).")

    @Option(help: "Objects to write (the 100 statuses cycled).")
    var count = 100_000

    @Option(help: "The JSON corpus (an object with a `statuses` array).")
    var source = "../shared/data/twitter.json"

    @Option(name: .customLong("repeat"), help: "Repetitions per operation (the median is reported).")
    var repetitions = 3

    @Option(help: "Directory for the benchmark's files.")
    var directory = FileManager.default.temporaryDirectory.path

    final class Status: Object {
        @Persisted var tree: AnyRealmValue
    }

    func run() throws {
        let text = try String(contentsOf: URL(fileURLWithPath: source), encoding: .utf8)
        guard case let .map(corpus) = try JSONReader.parse(text, source: source),
            case let .list(statuses)? = corpus["statuses"]
        else {
            throw ValidationError("\(source) has no statuses array")
        }
        let texts = try statuses.map { try JSONWriter.string($0) }
        let trees = try texts.map { try AnyRealmValue(json: $0) }
        let bytes = (0 ..< count).reduce(0) { $0 + texts[$1 % texts.count].utf8.count }
        let root = try scratchDirectory(in: directory, suite: "mixed")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("statuses.geode")
        var checksum = 0
        var results: [Measurement] = []

        // jansson alone: json_loadb into its DOM, json_dumps back to text.
        let utf8 = texts.map { Array($0.utf8) }
        results.append(
            try measure("jansson parse + dump", count: count, repetitions: repetitions) {
                for i in 0 ..< count {
                    try utf8[i % utf8.count].withUnsafeBytes { raw in
                        var error = json_error_t()
                        guard
                            let json = json_loadb(
                                raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, 0, &error)
                        else {
                            throw ValidationError("jansson could not parse status \(i % utf8.count)")
                        }
                        if let dumped = json_dumps(json, Int(JSON_COMPACT | JSON_PRESERVE_ORDER)) {
                            checksum &+= strlen(dumped)
                            free(dumped)
                        }
                        json_decref(json)
                    }
                }
            })
        results.append(
            try measure(
                "Geode write trees (one write)", count: count, repetitions: repetitions,
                prepare: {
                    RawLMDB.remove(url.path)
                }
            ) {
                let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Status.self]))
                try realm.write {
                    for i in 0 ..< count { realm.add(Status(value: ["tree": trees[i % trees.count]])) }
                }
            })
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Status.self]))
        results.append(
            try measure("Geode read trees whole (as JSON)", count: count, repetitions: repetitions) {
                for status in realm.objects(Status.self) { checksum &+= try status.tree.jsonString().utf8.count }
            })
        results.append(
            try measure("Geode read one deep leaf", count: count, repetitions: repetitions) {
                for status in realm.objects(Status.self) {
                    let name = status.tree.dictionaryValue?["user"]?.dictionaryValue?["screen_name"]?.stringValue
                    checksum &+= name?.utf8.count ?? 0
                }
            })

        print(
            "geode-bench mixed: N = \(count) statuses (\(bytes / 1_000_000) MB of JSON), \(repetitions) repetitions, median seconds"
        )
        printTable("AnyRealmValue trees vs jansson", results, ratios: [])
        let byName = Dictionary(results.map { ($0.name, $0.median) }, uniquingKeysWith: { a, _ in a })
        if let parse = byName["jansson parse + dump"], let write = byName["Geode write trees (one write)"],
            let read = byName["Geode read trees whole (as JSON)"], let leaf = byName["Geode read one deep leaf"]
        {
            print(String(format: "  Geode write+read / jansson parse+dump: %.2fx", (write + read) / parse))
            print(String(format: "  whole tree / one leaf: %.1fx", read / leaf))
        }
        print("\n(checksum \(checksum))")
    }
}
