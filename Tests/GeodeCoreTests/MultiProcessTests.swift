import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Readers and writers in several processes on one store: writes serialize,
/// every reader sees whole transactions only, counts never go back, and the
/// index agrees with the documents at the end. `GEODE_STRESS_BATCHES` sets the
/// transactions per writer (30 by default).
@Suite struct MultiProcessTests {
    static var batches: Int { ProcessInfo.processInfo.environment["GEODE_STRESS_BATCHES"].flatMap(Int.init) ?? 30 }

    @Test func threeWritersAndThreeReadersInSixProcessesAgree() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.geode")
        let writers = 3, size = 200
        let expected = writers * Self.batches * size
        // Every process races to open (and the first to create) the store.
        let readers = try (0 ..< 3).map { _ in
            try Subprocess.start("GeodeTestWorker", ["read", path, "\(size)", "\(expected)"])
        }
        let writing = try (0 ..< writers).map { w in
            try Subprocess.start("GeodeTestWorker", ["write", path, "\(w * 100_000)", "\(Self.batches)", "\(size)"])
        }
        for (w, writer) in writing.enumerated() {
            let outcome = writer.finish()
            #expect(outcome.status == 0 && !outcome.signalled, "writer \(w): \(outcome.stderr)")
            #expect(outcome.stdout.split(separator: "\n").count == Self.batches, "writer \(w) committed every batch")
        }
        var versions: [String] = []
        for (r, reader) in readers.enumerated() {
            let outcome = reader.finish()
            #expect(outcome.status == 0 && !outcome.signalled, "reader \(r): \(outcome.stderr)")
            versions.append(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let counts = try RecordSchema.batches(at: path)
        #expect(counts.count == writers * Self.batches)
        #expect(counts.values.allSatisfy { $0 == size })
        #expect(try RecordSchema.batchesTheIndexMisses(at: path).isEmpty)
        print(
            "multi-process: \(writers) writers × \(Self.batches) transactions of \(size) records; readers: \(versions.joined(separator: ", "))"
        )
    }
}
