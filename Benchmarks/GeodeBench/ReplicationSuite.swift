import ArgumentParser
import Foundation
import LocalPostgres
import Geode
import GeodeReplication

/// Replication into PostgreSQL/PostGIS: the snapshot of a store of places
/// against loading the same features with `COPY` of rows converted before
/// (PostGIS alone) and with `ogr2ogr` (GDAL); then the lag from a commit in
/// the store to the row being visible in PostgreSQL, with `Replicator.follow`
/// running, at a steady rate of single-object writes.
struct ReplicationSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replication",
        abstract: "Snapshot of N places into PostGIS vs COPY and ogr2ogr; commit-to-visible lag at steady write rates."
    )

    @Option(help: "A GeoJSON file of places (one Feature per line), as `make workload-inputs` writes.")
    var places: String

    @Option(help: "Single-object writes per second for the lag, comma-separated.")
    var rates = "100,1000"

    @Option(help: "Seconds of writing per rate.")
    var seconds = 5.0

    @Flag(help: "Skip ogr2ogr (it installs gdal-bin when missing).")
    var noOgr = false

    @OptionGroup var options: SuiteOptions

    final class Tick: Object {
        override class func _realmObjectName() -> String? { "Tick" }
        @Persisted(primaryKey: true) var id = 0
        @Persisted var value = 0
    }

    func run() throws {
        let root = try scratchDirectory(in: options.directory, suite: "replication")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try PostgresServer.start(directory: root.appendingPathComponent("postgres"))
        defer { server.stop() }
        let db = try PostgresConnection(server.conninfo())
        try db.execute("CREATE EXTENSION IF NOT EXISTS postgis")
        var results: [Measurement] = []

        // The store, imported once.
        let storePath = root.appendingPathComponent("places.geode")
        let (realm, count) = try GeodeSystem.importPlaces(places, into: storePath.path)
        _ = realm

        // Geode's snapshot: every class, GiST index included, one transaction.
        results.append(
            try measure(
                "Geode replicate (snapshot)", count: count, repetitions: options.repetitions,
                prepare: {
                    try db.execute("DROP TABLE IF EXISTS \"GeoFeature\" CASCADE; DROP TABLE IF EXISTS geode_replication")
                    try? Replicator(storePath: storePath.path, target: server.conninfo()).stopReplicating()
                }
            ) {
                let progress = try Replicator(storePath: storePath.path, target: server.conninfo()).replicate()
                precondition(progress.loadedSnapshot && progress.objectsWritten == count, "the snapshot lost objects")
            })
        let replicated = try db.int("count", "SELECT count(*) FROM \"GeoFeature\"")
        precondition(replicated == count, "the target holds another count")

        // PostGIS alone, as its manual loads fastest: the rows converted beforehand (id, geometry as EWKB,
        // properties), COPY into a table without indexes, then the primary key and the GiST index.
        let rows = server.directory.appendingPathComponent("rows.tsv").path
        try PostGISSystem.copyFeatures(places, into: "places_source", geometry: "Point", db)
        try db.execute("COPY places_source TO '\(rows)'")
        results.append(
            try measure(
                "PostGIS COPY of converted rows + GiST", count: count, repetitions: options.repetitions,
                prepare: {
                    try db.execute(
                        "DROP TABLE IF EXISTS places_copy; CREATE TABLE places_copy (LIKE places_source INCLUDING DEFAULTS)")
                }
            ) {
                try db.execute("COPY places_copy FROM '\(rows)'")
                try db.execute("ALTER TABLE places_copy ADD PRIMARY KEY (id)")
                try db.execute("CREATE INDEX places_copy_geom ON places_copy USING gist (geom)")
            })

        if !noOgr {
            try PeerTools.installIfMissing(["gdal-bin"])
            let target = "PG:host=127.0.0.1 port=\(server.port) user=geode dbname=postgres"
            results.append(
                try measure(
                    "ogr2ogr GeoJSON to PostGIS", count: count, repetitions: options.repetitions,
                    prepare: { try db.execute("DROP TABLE IF EXISTS places_ogr") }
                ) {
                    _ = try PeerTools.run(
                        "/usr/bin/ogr2ogr",
                        ["-f", "PostgreSQL", target, places, "-nln", "places_ogr", "-lco", "GEOMETRY_NAME=geom"])
                })
            let loaded = try db.int("count", "SELECT count(*) FROM places_ogr")
            precondition(loaded == count, "ogr2ogr lost features")
        }

        print("geode-bench replication: N = \(count), \(options.repetitions) repetitions, median seconds")
        printTable(
            "Loading the places into PostGIS", results,
            ratios: [
                ("snapshot: Geode / COPY", "Geode replicate (snapshot)", "PostGIS COPY of converted rows + GiST"),
                ("snapshot: Geode / ogr2ogr", "Geode replicate (snapshot)", "ogr2ogr GeoJSON to PostGIS"),
            ])

        print("\nCommit in the store to the row visible in PostgreSQL (Replicator.follow running)")
        for rate in rates.split(separator: ",").compactMap({ Int($0) }) {
            let lags = try measureLag(rate: rate, root: root, server: server)
            print(
                "  \(rate) writes/s, \(lags.count) writes: p50 \(String(format: "%.2f", percentile(lags, 0.5))) ms, p99 \(String(format: "%.2f", percentile(lags, 0.99))) ms"
            )
        }
        try writeJSON(results, to: options.json)
    }

    /// Writes one object at a time at `rate` per second for `seconds` while a
    /// replicator follows; a second connection watches the highest id visible.
    /// Returns each write's lag in milliseconds, commit (its start) to visible.
    private func measureLag(rate: Int, root: URL, server: LocalPostgresServer) throws -> [Double] {
        let path = root.appendingPathComponent("ticks-\(rate).geode")
        let realm = try Realm(configuration: Realm.Configuration(fileURL: path, objectTypes: [Tick.self]))
        try realm.write { realm.create(Tick.self, value: ["id": -1, "value": 0]) }
        let consumer = "lag\(rate)"
        try PostgresConnection(server.conninfo()).execute("DROP TABLE IF EXISTS \"Tick\"")
        let stop = StopFlag()
        let conninfo = server.conninfo()
        let follower = Thread {
            do {
                let replicator = try Replicator(storePath: path.path, target: conninfo, consumer: consumer)
                try replicator.follow(interval: .milliseconds(1)) { !stop.isSet }
                try replicator.stopReplicating()
            } catch {
                print("  the follower stopped: \(error)")
            }
        }
        follower.start()
        let watcher = try PostgresConnection(server.conninfo())
        // Wait for the snapshot (statements are prepared once: none may name the table before it exists).
        while try watcher.int("snapshot", "SELECT count(*) FROM geode_replication WHERE consumer = $1", [consumer]) != 1 {
            guard !follower.isFinished else { throw PostgresError("the follower stopped before its snapshot") }
            usleep(1000)
        }
        let total = Int(Double(rate) * seconds)
        var committed = [UInt64](repeating: 0, count: total)
        var visible = [UInt64](repeating: 0, count: total)
        let interval = 1_000_000_000 / UInt64(rate)
        let start = DispatchTime.now().uptimeNanoseconds
        var seen = -1
        var next = 0
        while seen < total - 1 {
            guard !follower.isFinished else { throw PostgresError("the follower stopped after \(seen + 1) writes") }
            let now = DispatchTime.now().uptimeNanoseconds
            if next < total && now >= start + UInt64(next) * interval {
                committed[next] = now
                try realm.write { realm.create(Tick.self, value: ["id": next, "value": next]) }
                next += 1
            }
            let highest = try watcher.int("max", "SELECT coalesce(max(id), -1) FROM \"Tick\"")
            if highest > seen {
                let at = DispatchTime.now().uptimeNanoseconds
                for id in max(0, seen + 1) ... highest { visible[id] = at }
                seen = highest
            }
        }
        stop.set()
        while !follower.isFinished { usleep(1000) }
        return zip(committed, visible).map { Double($1 - $0) / 1e6 }
    }

    private func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// A flag set by one thread and read by another.
    final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
