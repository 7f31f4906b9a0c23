import Foundation
import GeodeTestSupport
import Testing

/// What `geode import` reads: one JSON text or a sequence as `--format` says,
/// pipes as they come, and nothing that is not UTF-8 JSON text.
@Suite struct ImportInputTests {
    static let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson")

    @Test func aPipeImportsWhatTheFileImports() throws {
        let directory = try TemporaryDirectory()
        let bytes = try Data(contentsOf: Self.sample)
        let piped = try Subprocess.run(
            "geode", ["import", "/dev/stdin", "--format", "geojson", "--store", directory.path("p.geode")], input: bytes
        )
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("1001 of 1001 records written"))
        let fromFile = try Subprocess.run("geode", ["import", Self.sample.path, "--store", directory.path("f.geode")])
        #expect(fromFile.status == 0)
        let a = try Subprocess.run("geode", ["export", directory.path("p.geode"), "--format", "ndjson"])
        let b = try Subprocess.run("geode", ["export", directory.path("f.geode"), "--format", "ndjson"])
        #expect(a.status == 0 && a.stdout.split(separator: "\n").count == 1001)
        #expect(a.stdout == b.stdout, "the same records in the same order")
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"], ["auto", "csv"])
    func anEndlessStreamThatIsNotTextIsRefusedAtOnce(device: String, format: String) throws {
        let directory = try TemporaryDirectory()
        let started = Date()
        let outcome = try Subprocess.run(
            "geode", ["import", device, "--format", format, "--store", directory.path("z.geode")])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        // Random bytes may hold a newline before the first one that is not UTF-8: any line.
        #expect(
            outcome.stderr.range(of: #":[0-9]+:[0-9]+: "#, options: .regularExpression) != nil,
            "a line and column: \(outcome.stderr)")
        #expect(outcome.stderr.contains("NUL byte") || outcome.stderr.contains("not UTF-8"), "\(outcome.stderr)")
        // Refused on its first bytes, not after reading a stream that never ends.
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aCSVPipeIsReadOnceAndNamedStdinWhereItStops() throws {
        let directory = try TemporaryDirectory()
        let good = try Subprocess.run(
            "geode", ["import", "-", "--format", "csv", "--store", directory.path("c.geode")],
            input: Data("name,count\nkettle,2\nmug,7\n".utf8))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("2 of 2 records written"), "\(good.stdout)")
        let bad = try Subprocess.run(
            "geode", ["import", "-", "--format", "csv", "--store", directory.path("d.geode")],
            input: Data("name,count\nkettle,2\ncup,\u{0}\n".utf8))
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("stdin:3:1: a NUL byte"), "the pipe's own name and line: \(bad.stderr)")
    }

    @Test(arguments: [
        (#"{"a": true} "x""#, "json", "another JSON text follows the first"),
        ("[][]", "json", "another JSON text follows the first"),
        ("", "json", "the input is empty"),
        ("  \n ", "auto", "the input is empty"),
        ("\u{FEFF}", "json", "the input is empty"),
    ])
    func oneJSONTextIsReadAsOneText(text: String, format: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let input = directory.path("in.json")
        _ = FileManager.default.createFile(atPath: input, contents: Data(text.utf8))
        let outcome = try Subprocess.run(
            "geode", ["import", input, "--format", format, "--store", directory.path("s.geode")])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func severalTextsAreReadAsNDJSON() throws {
        let directory = try TemporaryDirectory()
        let input = directory.path("in.txt")
        _ = FileManager.default.createFile(atPath: input, contents: Data("{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}".utf8))
        let outcome = try Subprocess.run(
            "geode", ["import", input, "--format", "ndjson", "--store", directory.path("s.geode")])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("3 of 3 records written"), "\(outcome.stdout)")
    }
}

/// A store damaged on disk makes the tool exit with 65 and say so, never 0
/// with an answer read from damaged pages.
@Suite struct DamagedStoreToolTests {
    @Test(arguments: [
        ["query", "STORE", "properties.name BEGINSWITH 'S'", "--count"],
        ["export", "STORE", "--format", "ndjson"],
    ])
    func aDamagedStoreExitsWith65(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("c.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        #expect(try Subprocess.run("geode", ["import", sample, "--store", store]).status == 0)
        let intact = try Subprocess.run("geode", command.map { $0 == "STORE" ? store : $0 })
        #expect(intact.status == 0, "\(intact.stderr)")
        // Make the length of every name starting "São" run past its document.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store)))
        let marker = Array("São".utf8)
        var damaged = 0
        for i in 1 ..< bytes.count - marker.count where Array(bytes[i ..< i + marker.count]) == marker {
            bytes[i - 1] = 0x7F
            damaged += 1
        }
        #expect(damaged > 0)
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        let outcome = try Subprocess.run("geode", command.map { $0 == "STORE" ? store : $0 })
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("geode: "))
    }
}
