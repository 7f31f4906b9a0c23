import Foundation
import GeodeTestSupport
import Testing

/// An import killed while its points wait in a spatial bulk load leaves a
/// store whose queries answer right (from the documents), and the next
/// process to open it for writing indexes what the import wrote.
@Suite struct KilledImportTests {
    /// `count` GeoJSON point features, one a line.
    static func features(_ count: Int) -> Data {
        var text = ""
        for i in 0 ..< count {
            let lon = Double((i * 7919) % 36_000) / 100 - 180
            let lat = Double((i * 104_729) % 17_000) / 100 - 85
            text +=
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":["# + "\(lon),\(lat)]},"
                + #""properties":{"n":\#(i)}}"# + "\n"
        }
        return Data(text.utf8)
    }

    static let box = "geometry geoWithin geoBox([-40, -30], [60, 45])"

    /// The count of `query` in `store`, and how `--explain` says it runs.
    static func ask(_ store: String, _ query: String) throws -> (count: Int?, plan: String) {
        let counted = try Subprocess.run("geode", ["query", store, query, "--count"])
        let explained = try Subprocess.run("geode", ["query", store, query, "--explain"])
        return (Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), explained.stdout)
    }

    @Test func anImportKilledMidwayAnswersFromItsDocumentsAndIsIndexedAtTheNextWritingOpen() throws {
        let directory = try TemporaryDirectory()
        let input = directory.path("places.geojsonl")
        try Self.features(60_000).write(to: URL(fileURLWithPath: input))
        let empty = directory.path("empty.geojsonl")
        try Data().write(to: URL(fileURLWithPath: empty))
        let store = directory.path("killed.geode")
        var caught = false
        // Kill the import later and later until it is caught between its first batch and its end.
        for delay in [300_000, 600_000, 1_200_000, 2_400_000, 4_800_000] as [UInt32] where !caught {
            for path in [store, store + "-lock"] { try? FileManager.default.removeItem(atPath: path) }
            let child = try Subprocess.start("geode", ["import", input, "--store", store, "--batch", "500", "--quiet"])
            usleep(delay)
            child.kill()
            _ = child.finish()
            guard FileManager.default.fileExists(atPath: store) else { continue }
            let killed = try Self.ask(store, Self.box)
            guard killed.plan.contains("being bulk-loaded"), let count = killed.count, count > 0 else { continue }
            caught = true
            // Queries read the documents: the same answer as a scan of them.
            #expect(try Self.ask(store, "(\(Self.box)) OR FALSEPREDICATE").count == count)
            #expect(try Subprocess.run("geode", ["check", store]).status == 0)
            let stats = try Subprocess.run("geode", ["stats", store]).stdout
            #expect(stats.contains("left unfilled by an import that ended"), "\(stats)")
            // Opening the store for writing (an import of nothing) finishes the load.
            let reopened = try Subprocess.run("geode", ["import", empty, "--store", store, "--format", "geojsonseq"])
            #expect(reopened.status == 0, "\(reopened.stderr)")
            let indexed = try Self.ask(store, Self.box)
            #expect(indexed.plan.hasPrefix("spatial index"), "\(indexed.plan)")
            #expect(indexed.count == count, "the index finds what the documents hold")
            #expect(try !Subprocess.run("geode", ["stats", store]).stdout.contains("import"))
            let check = try Subprocess.run("geode", ["check", store])
            #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        }
        #expect(caught, "an import was killed while its load ran")
    }
}
