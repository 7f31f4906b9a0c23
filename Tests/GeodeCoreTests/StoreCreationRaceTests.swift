import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Processes that open one store while it is being created all see a whole
/// Geode store: none is told the file is not one, and every write lands.
@Suite struct StoreCreationRaceTests {
    @Test func processesOpeningANewStoreTogetherAllSucceed() throws {
        let directory = try TemporaryDirectory()
        for round in 0 ..< 12 {
            let path = directory.path("race-\(round).geode")
            let workers = try (0 ..< 6).map { worker in
                try Subprocess.start("GeodeTestWorker", ["write", path, "\(worker)", "1", "50"])
            }
            for (worker, process) in workers.enumerated() {
                let outcome = process.finish()
                #expect(outcome.status == 0, "round \(round), worker \(worker): \(outcome.stderr)")
            }
            let counts = try RecordSchema.batches(at: path)
            #expect(counts.count == 6 && counts.values.allSatisfy { $0 == 50 }, "round \(round): \(counts)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy {
                    !$0.contains("creating")
                },
                "no file of a creation is left behind")
        }
    }
}
