import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// A writer killed with SIGKILL in the middle of large write transactions never
/// damages the store: it opens, holds every committed transaction whole, and
/// nothing of the killed one, and its index agrees with its documents.
/// `GEODE_SOAK_ROUNDS` sets the number of kills (12 by default; `make soak` runs 200).
@Suite struct CrashSafetyTests {
    static var rounds: Int { ProcessInfo.processInfo.environment["GEODE_SOAK_ROUNDS"].flatMap(Int.init) ?? 12 }

    @Test func killedWritersLoseOnlyTheirOpenTransaction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.geode")
        var random = SeededGenerator(seed: 7)
        var committed = Set<Int>()
        var nextBatch = 0
        for round in 0 ..< Self.rounds {
            let child = try Subprocess.start("GeodeTestWorker", ["write", path, "\(nextBatch)", "1000", "2000"])
            // Let it commit a few batches, then kill it somewhere inside a later one.
            let wanted = Int.random(in: 1 ... 3, using: &random)
            var seen = 0
            while seen < wanted, let line = child.readLine() {
                if line.hasPrefix("committed "), let batch = Int(line.dropFirst(10)) {
                    committed.insert(batch)
                    seen += 1
                }
            }
            usleep(UInt32.random(in: 0 ..< 40_000, using: &random))
            child.kill()
            let outcome = child.finish()
            // Batches reported after our last read were committed too.
            for line in outcome.stdout.split(separator: "\n") where line.hasPrefix("committed ") {
                if let batch = Int(line.dropFirst(10)) { committed.insert(batch) }
            }
            let counts = try RecordSchema.batches(at: path)
            for (batch, count) in counts {
                #expect(count == 2000, "round \(round): batch \(batch) holds \(count) of 2000 records")
            }
            for batch in committed {
                #expect(counts[batch] == 2000, "round \(round): committed batch \(batch) is missing")
            }
            #expect(
                try RecordSchema.batchesTheIndexMisses(at: path).isEmpty,
                "round \(round): the index disagrees with the documents")
            // A batch the child committed before it printed counts as committed too.
            committed.formUnion(counts.keys)
            nextBatch = (committed.max() ?? 0) + 1000
        }
        #expect(committed.count >= Self.rounds)
        print("crash safety: \(Self.rounds) writers killed, \(committed.count) committed transactions, none lost")
    }
}
