import Foundation
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import Testing

/// Every case of the Realm conformance corpus under `Data/Fixtures/realm/`: Geode
/// answers what Realm's own tests say Realm answers. Each file runs in a child
/// process (`GeodeTestWorker realm-corpus`); a case that crashes it fails alone
/// and the worker goes on from the next case.
@Suite struct RealmConformanceTests {
    static let files = Fixtures.files(in: "Fixtures/realm", endingWith: ".json")

    /// One case of a corpus file, as the test reports it.
    struct Case {
        var name: String
        var source: String
        var divergence: String?
    }

    @Test func corpusIsPresent() {
        #expect(!Self.files.isEmpty)
    }

    @Test(arguments: files)
    func geodeAnswersAsRealmDoes(file: URL) throws {
        let name = file.lastPathComponent
        let cases = try Self.cases(in: file)
        let outcomes = try Self.outcomes(of: file, count: cases.count)
        for (index, fact) in cases.enumerated() {
            let failure = outcomes[index] ?? "no outcome reported"
            let where_ = "\(name) #\(index) \(fact.name) [\(fact.source)]"
            if let divergence = fact.divergence {
                withKnownIssue("\(where_): known divergence: \(divergence)") {
                    if let failure { Issue.record("\(where_): \(failure)") }
                }
            } else if let failure {
                Issue.record("\(where_): \(failure)")
            }
        }
    }

    /// The cases of `file`, in the order the worker numbers them.
    static func cases(in file: URL) throws -> [Case] {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard case let .map(corpus) = try JSONReader.parse(text, source: file.lastPathComponent),
              case let .list(groups) = corpus["groups"] ?? .list([]) else { return [] }
        var cases: [Case] = []
        for case let .map(group) in groups {
            guard case let .list(entries)? = group["cases"] else { continue }
            let groupSource = Self.string(group["source"]) ?? "?"
            for case let .map(entry) in entries {
                cases.append(Case(name: Self.string(entry["name"]) ?? Self.string(entry["query"]) ?? "unnamed",
                                  source: Self.string(entry["source"]) ?? groupSource,
                                  divergence: Self.string(entry["divergence"])))
            }
        }
        guard case let .list(shapes)? = corpus["shapes"] else { return cases }
        for case let .map(entry) in shapes {
            cases.append(Case(name: Self.string(entry["name"]) ?? "unnamed shape", source: Self.string(entry["source"]) ?? "?",
                              divergence: Self.string(entry["divergence"])))
        }
        return cases
    }

    /// Case index → nil when Geode answered as Realm does, else what went wrong.
    /// Restarts the worker after a crash, from the case after the one that crashed it.
    static func outcomes(of file: URL, count: Int) throws -> [Int: String?] {
        var outcomes: [Int: String?] = [:]
        var start = 0
        while start < count {
            let outcome = try Subprocess.run("GeodeTestWorker", ["realm-corpus", file.path, String(start)])
            var last = start - 1
            for line in outcome.stdout.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                guard parts.count >= 2, let index = Int(parts[1]) else { continue }
                outcomes[index] = parts[0] == "ok" ? .some(nil) : .some(parts.count > 2 ? parts[2] : "failed")
                last = max(last, index)
            }
            if last + 1 >= count { break }
            let how = outcome.signalled ? "signal \(outcome.status)" : "exit status \(outcome.status)"
            let stderr = outcome.stderr.split(separator: "\n").suffix(3).joined(separator: " ")
            outcomes[last + 1] = .some("crashed the process (\(how)): \(stderr)")
            start = last + 2
        }
        return outcomes
    }

    private static func string(_ value: Value?) -> String? {
        if case let .string(s)? = value { return s }
        return nil
    }
}
