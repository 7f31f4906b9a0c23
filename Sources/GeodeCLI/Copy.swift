import ArgumentParser
import Foundation
import GeodeCore

extension GeodeCommand {
    /// `geode copy SOURCE DESTINATION [--salvage]`: a consistent copy of a
    /// store, or what can be saved of a damaged one.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a store to a new file, or salvage what is readable of a damaged one.",
            discussion: """
                Without --salvage: a consistent, compacted copy of the store as it is now \
                (other processes may go on writing). The source must be sound.

                With --salvage: reads the source without trusting it, copies every object \
                whose document is readable (under its own key, so links hold), rebuilds the \
                indexes, checks the result, and lists what was left behind. Exit status 0 \
                when nothing was lost, 65 when something was.

                The destination must not exist; it appears whole or not at all.

                Examples:
                  geode copy places.geode backup.geode
                  geode copy --salvage damaged.geode saved.geode
                """
        )

        @Argument(help: "The store to copy.")
        var source: String

        @Argument(help: "The new file.")
        var destination: String

        @Flag(help: "Copy what is readable of a damaged store and list what was lost.")
        var salvage = false

        @Option(help: "List at most this many losses (all are counted).")
        var limit = 50

        /// A consistent, compacted copy of the sound store `source` (what `copy` and `backup` do).
        static func copy(_ source: String, to destination: String) throws {
            var configuration = StoreConfiguration(path: source)
            configuration.readOnly = true
            try Store.open(configuration).copy(to: destination)
        }

        func run() throws {
            try ExitStatus.run {
                guard salvage else {
                    try Self.copy(source, to: destination)
                    return
                }
                let report = try StoreSalvage.run(from: source, to: destination)
                let recovered = report.recovered.values.reduce(0, +)
                var lines = ["salvaged \(recovered) objects into \(destination)"]
                for (name, count) in report.recovered.sorted(by: { $0.key < $1.key }) {
                    let recorded = report.recorded[name].map { " of \($0) recorded" } ?? ""
                    lines.append("  \(name): \(count)\(recorded)")
                }
                if report.lost.isEmpty {
                    lines.append("nothing was lost")
                    print(lines.joined(separator: "\n"))
                    return
                }
                lines.append("left behind (\(report.lost.count)):")
                lines += report.lost.prefix(max(0, limit)).map { "  \($0)" }
                if report.lost.count > limit { lines.append("  … and \(report.lost.count - limit) more") }
                print(lines.joined(separator: "\n"))
                throw ExitCode(ExitStatus.dataError)
            }
        }
    }
}
