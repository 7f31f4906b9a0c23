import ArgumentParser

/// `geode-bench`: Geode's figures next to the raw libraries it stands on,
/// measured in one run on one machine. Prints a table, and JSON with `--json`.
@main
struct GeodeBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geode-bench",
        abstract: "Measure Geode against the raw-library baselines in the same run.",
        discussion: """
            Build in release mode first (make bench does): debug builds are 10-50x slower.

            Examples:
              geode-bench storage --count 1000000
              geode-bench storage --count 10000 --repeat 1 --json /tmp/storage.json
            """,
        subcommands: [
            StorageSuite.self, ObjectsSuite.self, QuerySuite.self, MixedSuite.self, ProjectionSuite.self,
            RealmSuite.self, WorkloadSuite.self, PolygonSuite.self, EvolutionSuite.self, ColdQuery.self, NotificationSuite.self,
            ReplicationSuite.self, LookupsProbe.self,
        ]
    )
}
