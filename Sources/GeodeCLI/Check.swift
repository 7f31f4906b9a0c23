import ArgumentParser
import Foundation
import GeodeCore

extension GeodeCommand {
    /// `geode check STORE`: verifies a store's pages, documents and indexes.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Verify a store: every page, every document, and every index entry against the documents.",
            discussion: """
                Reads the whole store and changes nothing. Prints what it read and each \
                problem found (the database, the object key, what is wrong). Exit status \
                0 when the store is sound, 65 when anything is damaged.

                Example:
                  geode check places.geode
                """
        )

        @Argument(help: "The store file (default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        @Option(help: "List at most this many problems (all are counted).")
        var limit = 50

        func run() throws {
            try ExitStatus.run {
                let report = try StoreCheck.run(path: store)
                let number = NumberFormatter()
                number.numberStyle = .decimal
                func format(_ n: Int) -> String { number.string(from: NSNumber(value: n)) ?? String(n) }
                var lines = [
                    "store    \(store)",
                    "pages    \(format(report.pages)) in use, \(format(report.freePages)) free",
                    "objects  "
                        + (report.objects.isEmpty
                            ? "none read"
                            : report.objects.sorted { $0.key < $1.key }
                                .map { "\($0.key) \(format($0.value))" }.joined(separator: ", ")),
                    "indexes  \(format(report.indexEntries)) entries",
                ]
                if report.isSound {
                    lines.append("sound    no problem found")
                    print(lines.joined(separator: "\n"))
                    return
                }
                lines.append(
                    "damaged  \(format(report.problems.count)) problem\(report.problems.count == 1 ? "" : "s"):")
                lines += report.problems.prefix(max(0, limit)).map { "  \($0)" }
                if report.problems.count > limit {
                    lines.append("  … and \(format(report.problems.count - limit)) more")
                }
                print(lines.joined(separator: "\n"))
                throw ExitCode(ExitStatus.dataError)
            }
        }
    }
}
