import Foundation
import GeodeTestSupport
import Testing

/// The fuzz targets' seed corpus and every input a fuzzer once crashed on
/// (`Data/Fuzz/crashes/TARGET/`), replayed through the targets built without
/// libFuzzer: each must run to the end.
@Suite struct FuzzReplayTests {
    static func inputs(_ folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let root = Fixtures.dataDirectory.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
            else { return [] }
            return walker.compactMap { $0 as? URL }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                .map(\.path).sorted()
        }
    }

    @Test(arguments: [
        ("query", ["Fuzz/query", "Fuzz/crashes/query"]),
        ("json", ["Fixtures/import", "Fixtures/json", "Fuzz/crashes/json"]),
        ("document", ["Fuzz/document", "Fuzz/crashes/document"]),
        ("csv", ["Fuzz/csv", "Fuzz/crashes/csv"]),
    ])
    func everySeedAndEveryPastCrashRunsThrough(_ target: String, _ folders: [String]) throws {
        let files = Self.inputs(folders)
        #expect(files.count >= 5, "the \(target) target has seeds")
        let outcome = try Subprocess.run("GeodeFuzz", [target] + files)
        #expect(outcome.status == 0 && !outcome.signalled, "\(outcome.stderr.suffix(2_000))")
        #expect(outcome.stdout.contains("replayed \(files.count) inputs"))
    }
}
