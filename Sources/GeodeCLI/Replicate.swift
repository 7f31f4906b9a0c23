import ArgumentParser
import Foundation
import GeodeReplication

extension GeodeCommand {
    /// `geode replicate STORE TARGET [--follow]`: the store into PostgreSQL/PostGIS.
    struct Replicate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replicate a store into PostgreSQL (with PostGIS), once or continuously.",
            discussion: """
                The first run loads every class into a table of its own (geometry as \
                PostGIS geometry, collections and AnyRealmValue as jsonb); later runs apply \
                each transaction committed since, in order, each in a PostgreSQL transaction \
                that also records the store version the target holds (table geode_replication). \
                Stopped at any moment, it starts again from that version: no change is \
                applied twice or lost. The store keeps its change log for the replica \
                until --stop removes it. TARGET is a libpq connection string; passwords \
                come from it, PGPASSWORD or ~/.pgpass, TLS from sslmode.

                Examples:
                  geode replicate places.geode postgresql://geode@db.example/places
                  geode replicate places.geode "host=/var/run/postgresql dbname=places" --follow
                """
        )

        @Argument(help: "The store to replicate.")
        var store: String

        @Argument(help: "The PostgreSQL connection string.")
        var target: String

        @Flag(
            help:
                "Keep running, applying each commit as it happens, and connecting again when the server goes away (stop with Ctrl-C or SIGTERM)."
        )
        var follow = false

        @Option(help: "The name the store knows this replica by (one store may feed several).")
        var consumer = "postgresql"

        @Flag(help: "Stop replicating: the store forgets the replica, the target its watermark.")
        var stop = false

        @Flag(help: "Geometries as PostGIS geography (on the sphere) instead of geometry.")
        var geography = false

        func run() throws {
            try ExitStatus.run {
                let replicator = try Replicator(
                    storePath: store, target: target, consumer: consumer, geography: geography)
                if stop {
                    try replicator.stopReplicating()
                    print("\(store) no longer keeps changes for \(consumer)")
                    return
                }
                guard follow else {
                    let progress = try replicator.replicate()
                    print(Self.describe(progress))
                    return
                }
                let stopping = StopSignal()
                replicator.onConnectionLost = { error in
                    FileHandle.standardError.write(Data("geode: \(error); connecting again\n".utf8))
                }
                try replicator.follow { !stopping.isSet }
            }
        }

        static func describe(_ progress: Replicator.Progress) -> String {
            let what = progress.loadedSnapshot
                ? "loaded a snapshot of \(progress.objectsWritten) objects"
                : "applied \(progress.objectsWritten) written and \(progress.objectsDeleted) deleted objects"
            return "\(what); the target holds version \(progress.version)"
        }
    }
}

/// Set once SIGINT or SIGTERM arrives: `--follow` finishes the run it is in and stops.
final class StopSignal: @unchecked Sendable {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    init() {
        signal(SIGINT) { _ in StopSignal.flag = 1 }
        signal(SIGTERM) { _ in StopSignal.flag = 1 }
    }

    var isSet: Bool { Self.flag != 0 }
}
