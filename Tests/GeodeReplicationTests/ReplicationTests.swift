import Foundation
import GeodeCore
import GeodeJSON
import GeodeReplication
import GeodeTestSupport
import LocalPostgres
import OrderedCollections
import Testing

/// Replication into a real PostgreSQL 15 server with PostGIS, started per
/// test: the snapshot, changes applied once, restarts, and bad targets.
@Suite(.serialized) struct ReplicationTests {
    static let schema = Schema(classes: [
        ClassSchema(
            name: "Place",
            properties: [
                PropertySchema(name: "id", type: .int, isPrimaryKey: true),
                PropertySchema(name: "name", type: .string, isIndexed: true),
                PropertySchema(name: "rank", type: .double, isOptional: true),
                PropertySchema(name: "tags", type: .string, collection: .list),
                GeoPointSchema.property("location"),
                PropertySchema(name: "extra", type: .mixed),
                PropertySchema(name: "owner", type: .object, isOptional: true, objectClassName: "Owner"),
            ]),
        GeoPointSchema.point,
        ClassSchema(name: "Owner", properties: [PropertySchema(name: "name", type: .string)]),
    ])

    /// A store with `count` places (ids 0 ..< count) and two owners.
    static func makeStore(_ directory: TemporaryDirectory, count: Int) throws -> Store {
        let store = try Store.open(StoreConfiguration(path: directory.path("places.geode"), schema: schema))
        let places = try store.table("Place")
        let owners = try store.table("Owner")
        try store.write { txn in
            let ann = try txn.insert([.string("Ann")], into: owners)
            _ = try txn.insert([.string("Bo")], into: owners)
            let link = Link(table: owners.schema.table, key: ann)
            for id in 0 ..< count { _ = try txn.insert(row(id, owner: id % 2 == 0 ? link : nil), into: places) }
        }
        return store
    }

    static func row(_ id: Int, name: String? = nil, owner: Link? = nil) -> [Value] {
        [
            .int(Int64(id)), .string(name ?? "place \(id)"), id % 3 == 0 ? .null : .double(Double(id) / 4),
            .list([.string("t\(id % 5)"), .string("all")]),
            .embedded([.string("Point"), .list([.double(Double(id % 360) - 180), .double(Double(id % 170) - 85)])]),
            id % 4 == 0 ? .map(["k": .int(Int64(id))]) : .string("x\(id)"),
            owner.map { .link($0) } ?? .null,
        ]
    }

    /// `id|name|rank|lon|lat|tags|extra|owner` of every place in the target,
    /// ordered by id; `extra` (jsonb) as the project's JSON encoder writes it.
    static func targetPlaces(_ server: TemporaryPostgres) throws -> [String] {
        try server.psql(
            """
            SELECT id, name, coalesce(rank::text, 'null'), ST_X(location), ST_Y(location), tags::text, extra::text,
                coalesce(owner::text, 'null')
            FROM "Place" ORDER BY id
            """
        ).split(separator: "\n").map { line in
            var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 8 {
                fields[6] = try JSONTextEncoder.string(try JSONReader.parse(fields[6], source: "extra"))
            }
            return fields.joined(separator: "|")
        }
    }

    /// The same rows as the store has them.
    static func storePlaces(_ store: Store) throws -> [String] {
        let table = try store.table("Place")
        var rows: [(Int64, String)] = []
        try store.read { txn in
            try txn.forEach(in: table) { key, _ in
                guard let row = try txn.row(key, in: table), case let .int(id) = row[0], case let .string(name) = row[1],
                    case let .embedded(point) = row[4], case let .list(xy) = point[1], case let .double(x) = xy[0],
                    case let .double(y) = xy[1], case let .list(tags) = row[3]
                else { return true }
                // As PostgreSQL prints numbers: no ".0" on whole ones.
                func text(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : "\(d)" }
                let rank: String
                if case let .double(r) = row[2] { rank = text(r) } else { rank = "null" }
                let tagText =
                    "[" + tags.map { tag -> String in
                        guard case let .string(t) = tag else { return "" }
                        return "\"\(t)\""
                    }.joined(separator: ", ") + "]"
                let extra = try JSONTextEncoder.string(row[5])
                var owner = "null"
                if case let .link(link) = row[6] { owner = String(Int64(bitPattern: link.key.rawValue)) }
                rows.append((id, "\(id)|\(name)|\(rank)|\(text(x))|\(text(y))|\(tagText)|\(extra)|\(owner)"))
                return true
            }
        }
        return rows.sorted { $0.0 < $1.0 }.map(\.1)
    }

    @Test func aSnapshotThenChangesLeaveTheTargetEqualToTheStore() throws {
        let replica = try ReplicatedStore(count: 500)
        let (server, store, replicator, first) = (replica.server, replica.store, replica.replicator, replica.snapshot)
        #expect(first.loadedSnapshot)
        #expect(first.objectsWritten == 502)
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
        #expect(try server.psql("SELECT count(*) FROM \"Owner\"") == "2")
        #expect(try server.psql("SELECT extra->>'k' FROM \"Place\" WHERE id = 8") == "8")
        #expect(try server.psql("SELECT count(*) FROM \"Place\" WHERE owner IS NOT NULL") == "250")
        #expect(
            try server.psql("SELECT GeometryType(location), ST_SRID(location) FROM \"Place\" WHERE id = 1")
                == "POINT|4326")
        // Every geometry equal, by PostGIS's own test, to the point the store holds.
        #expect(
            try server.psql(
                """
                SELECT count(*) FROM "Place" WHERE ST_Equals(location,
                    ST_SetSRID(ST_MakePoint((id % 360) - 180, (id % 170) - 85), 4326))
                """) == "500")

        // Inserts, updates and deletes across classes, in several transactions.
        let places = try store.table("Place")
        let owners = try store.table("Owner")
        try store.write { txn in
            for id in 500 ..< 520 { _ = try txn.insert(Self.row(id), into: places) }
            _ = try txn.insert([.string("Cy")], into: owners)
        }
        try store.write { txn in
            for id in stride(from: 0, to: 100, by: 7) {
                guard let key = places.objectKey(forPrimaryKey: .int(Int64(id))) else { continue }
                try txn.update(Self.row(id, name: "renamed \(id)"), key: key, in: places)
            }
        }
        try store.write { txn in
            for id in stride(from: 1, to: 200, by: 10) {
                guard let key = places.objectKey(forPrimaryKey: .int(Int64(id))) else { continue }
                try txn.delete(key, in: places)
            }
        }
        let second = try replicator.replicate()
        #expect(!second.loadedSnapshot)
        #expect(second.objectsDeleted == 20)
        // Each transaction on its own: 21 inserted, 15 renamed (2 of them, 21 and 91, deleted by the next one).
        #expect(second.objectsWritten == 21 + 15)
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
        #expect(try server.psql("SELECT count(*) FROM \"Owner\"") == "3")
        #expect(try server.psql("SELECT version FROM geode_replication") == String(second.version))

        // Nothing new: nothing applied, the watermark unchanged.
        let third = try replicator.replicate()
        #expect(third.version == second.version && !third.loadedSnapshot)
        #expect(third.objectsWritten == 0 && third.objectsDeleted == 0)
    }

    @Test func aNewReplicatorResumesFromTheWatermarkAndTheLogKeepsItsRecords() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration(path: directory.path("places.geode"), schema: Self.schema)
        configuration.changeLogRetention = 100
        configuration.durable = false
        let store = try Store.open(configuration)
        let places = try store.table("Place")
        try store.write { txn in for id in 0 ..< 10 { _ = try txn.insert(Self.row(id), into: places) } }
        do {
            let replicator = try Replicator(storePath: directory.path("places.geode"), target: server.conninfo())
            try replicator.replicate()
        }
        // The replica is away for far longer than the log's retention.
        for id in 10 ..< 400 { try store.write { txn in _ = try txn.insert(Self.row(id), into: places) } }
        let replicator = try Replicator(storePath: directory.path("places.geode"), target: server.conninfo())
        let resumed = try replicator.replicate()
        #expect(!resumed.loadedSnapshot)
        #expect(resumed.objectsWritten == 390)
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
        // Removed as a consumer, it can no longer resume: the log moved on.
        try replicator.stopReplicating()
        #expect(try server.psql("SELECT count(*) FROM geode_replication") == "0")
    }

    @Test func anUnreachableServerOrWrongPasswordIsATypedErrorAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory, count: 3)
        let port = try LocalPostgresServer.freePort()
        #expect {
            _ = try Replicator(
                storePath: directory.path("places.geode"), target: "postgresql://geode:x@127.0.0.1:\(port)/postgres?connect_timeout=2")
        } throws: { error in
            guard case let ReplicationError.connection(target, _) = error else { return false }
            return !target.contains("geode:x@")  // the password is not repeated
        }
        let server = try TemporaryPostgres()
        #expect {
            _ = try Replicator(storePath: directory.path("places.geode"), target: server.conninfo(password: "wrong"))
        } throws: { error in
            guard case ReplicationError.connection = error else { return false }
            return true
        }
        #expect(try store.read { try $0.changeConsumers() }.isEmpty, "nothing was registered in the store")
    }

    @Test func aTargetTableOfTheWrongShapeIsRefusedAndNothingIsLoaded() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        _ = try Self.makeStore(directory, count: 5)
        _ = try server.psql("CREATE TABLE \"Place\" (id integer, label text)")
        let replicator = try Replicator(storePath: directory.path("places.geode"), target: server.conninfo())
        #expect {
            try replicator.replicate()
        } throws: { error in
            guard case let ReplicationError.targetMismatch(table, reason) = error else { return false }
            return table == "Place" && reason.contains("label")
        }
        #expect(try server.psql("SELECT count(*) FROM geode_replication") == "0", "no watermark")
        #expect(try server.psql("SELECT to_regclass('\"Owner\"') IS NULL") == "t", "no table of the snapshot stayed")
    }

    @Test func aReplicatorKilledAtRandomMomentsAppliesEveryChangeOnce() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration(path: directory.path("places.geode"), schema: Self.schema)
        configuration.durable = false
        let store = try Store.open(configuration)
        let places = try store.table("Place")
        let owners = try store.table("Owner")
        try store.write { txn in for id in 0 ..< 1000 { _ = try txn.insert(Self.row(id), into: places) } }
        var random = SeededGenerator(seed: 38)
        // 10,000 random inserts, updates and deletes in 500 transactions, while
        // `geode replicate --follow` runs and is killed with SIGKILL now and then.
        var nextID = 1000
        var follower = try Subprocess.start("geode", ["replicate", directory.path("places.geode"), server.conninfo(), "--follow"])
        var kills = 0
        for batch in 0 ..< 500 {
            try store.write { txn in
                for _ in 0 ..< 20 {
                    let id = Int.random(in: 0 ..< nextID, using: &random)
                    let key = places.objectKey(forPrimaryKey: .int(Int64(id)))
                    switch Int.random(in: 0 ..< 10, using: &random) {
                    case 0 ..< 4:
                        _ = try txn.insert(Self.row(nextID), into: places)
                        nextID += 1
                    case 4 ..< 7:
                        if let key, try txn.document(key, in: places) != nil {
                            try txn.update(Self.row(id, name: "v\(batch)"), key: key, in: places)
                        }
                    case 7 ..< 9:
                        if let key { _ = try txn.delete(key, in: places) }
                    default:
                        _ = try txn.insert([.string("owner \(batch)")], into: owners)
                    }
                }
            }
            if batch % 60 == 59 {
                usleep(UInt32.random(in: 0 ..< 150_000, using: &random))
                follower.kill()
                _ = follower.finish()
                kills += 1
                follower = try Subprocess.start(
                    "geode", ["replicate", directory.path("places.geode"), server.conninfo(), "--follow"])
            }
        }
        follower.kill()
        _ = follower.finish()
        let last = try Subprocess.run("geode", ["replicate", directory.path("places.geode"), server.conninfo()])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(kills == 8)
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
        let ownerCount = try store.read { try $0.count(owners) }
        #expect(try server.psql("SELECT count(*) FROM \"Owner\"") == String(ownerCount))
        // The watermark leaves no change of the store unapplied.
        let watermark = Int(try server.psql("SELECT version FROM geode_replication")) ?? -1
        #expect(try store.read { try $0.changes(since: watermark) }.isEmpty)
    }

    @Test func aMigrationOfTheStoreAltersTheTargetTablesAndLoadsThemAgain() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        do {
            _ = try Self.makeStore(directory, count: 20)
            try Replicator(storePath: directory.path("places.geode"), target: server.conninfo()).replicate()
        }
        // A user's view on the replicated table: the table is altered, not dropped, so it stays.
        _ = try server.psql("CREATE VIEW named_places AS SELECT id, name FROM \"Place\"")
        var migrated = Self.schema
        migrated.version = 2
        if let index = migrated.classes.firstIndex(where: { $0.name == "Place" }) {
            migrated.classes[index].properties.append(PropertySchema(name: "population", type: .int))
        }
        var configuration = StoreConfiguration(path: directory.path("places.geode"), schema: migrated)
        configuration.migration = { _ in }
        _ = try Store.open(configuration)
        let replicator = try Replicator(storePath: directory.path("places.geode"), target: server.conninfo())
        let progress = try replicator.replicate()
        #expect(progress.loadedSnapshot)
        #expect(try server.psql("SELECT count(population) FROM \"Place\"") == "20")
        #expect(try server.psql("SELECT count(*) FROM named_places") == "20")
    }

    @Test func aWriterKilledMidImportLeavesWhatItCommittedAndTheTargetHoldsExactlyThat() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        var lines: [String] = []
        for i in 0 ..< 200_000 {
            lines.append(
                #"{"type":"Feature","id":\#(i),"geometry":{"type":"Point","coordinates":[\#(Double(i % 360) - 180),\#(Double(i % 170) - 85)]},"properties":{"n":\#(i)}}"#
            )
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory.path("points.geojsonl"), atomically: false, encoding: .utf8)
        let store = directory.path("points.geode")
        // The writer: an import committing every 1,000 features, killed part-way.
        let writer = try Subprocess.start(
            "geode", ["import", directory.path("points.geojsonl"), "--store", store, "--format", "geojsonseq", "--batch", "1000"])
        while !FileManager.default.fileExists(atPath: store) { usleep(1000) }
        usleep(50_000)
        let follower = try Subprocess.start("geode", ["replicate", store, server.conninfo(), "--follow"])
        usleep(150_000)
        writer.kill()
        let killed = writer.finish()
        #expect(killed.signalled, "the import was still running when killed")
        usleep(200_000)
        follower.kill()
        _ = follower.finish()
        let last = try Subprocess.run("geode", ["replicate", store, server.conninfo()])
        #expect(last.status == 0, "\(last.stderr)")
        // The store holds whole batches; the target exactly what the store holds.
        let reader = try Store.open(StoreConfiguration(path: store))
        let features = try reader.table("GeoFeature")
        let stored = try reader.read { try $0.count(features) }
        #expect(stored % 1000 == 0 && stored < 200_000)
        #expect(try server.psql("SELECT count(*) FROM \"GeoFeature\"") == String(stored))
        #expect(
            try server.psql(
                "SELECT count(DISTINCT (properties->>'n')::int) FROM \"GeoFeature\" WHERE ST_X(geometry) = ((properties->>'n')::int % 360) - 180")
                == String(stored))
    }

    @Test func geometriesGoToGeographyColumnsOnRequest() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        _ = try Self.makeStore(directory, count: 10)
        try Replicator(storePath: directory.path("places.geode"), target: server.conninfo(), geography: true).replicate()
        #expect(
            try server.psql(
                "SELECT udt_name FROM information_schema.columns WHERE table_name = 'Place' AND column_name = 'location'")
                == "geography")
        // Places 1 and 2 lie at (-179, -84) and (-178, -83): about 112 km apart on the spheroid.
        let meters = Double(
            try server.psql(
                "SELECT round(ST_Distance(a.location, b.location)) FROM \"Place\" a, \"Place\" b WHERE a.id = 1 AND b.id = 2"
            )) ?? 0
        #expect(meters > 100_000 && meters < 125_000)
    }

    @Test func aFollowerOutlastsARestartOfTheServerAndCatchesUp() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        let store = try Self.makeStore(directory, count: 10)
        let places = try store.table("Place")
        let stop = StopFlag()
        let lost = StopFlag()
        let path = directory.path("places.geode")
        let target = server.conninfo()
        let follower = Thread {
            do {
                let replicator = try Replicator(storePath: path, target: target)
                replicator.onConnectionLost = { _ in lost.set() }
                try replicator.follow(interval: .milliseconds(5)) { !stop.isSet }
            } catch {
                stop.set()
            }
        }
        follower.start()
        defer {
            stop.set()
            while !follower.isFinished { usleep(1000) }
        }
        func waitFor(_ count: Int) throws -> Bool {
            for _ in 0 ..< 2000 where !stop.isSet {
                if (try? server.psql("SELECT count(*) FROM \"Place\"")) == String(count) { return true }
                usleep(10_000)
            }
            return false
        }
        #expect(try waitFor(10))
        server.server.stop()
        try store.write { txn in for id in 10 ..< 60 { _ = try txn.insert(Self.row(id), into: places) } }
        usleep(300_000)
        try server.server.start()
        #expect(try waitFor(60), "the follower caught up after the restart")
        #expect(lost.isSet, "it noticed the loss")
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
    }

    @Test func eachStoreTransactionReachesTheTargetInATransactionOfItsOwn() throws {
        let replica = try ReplicatedStore(count: 5)
        let (server, store, places, replicator) = (replica.server, replica.store, replica.places, replica.replicator)
        try replica.noteInsertedPlaces()
        guard let key = places.objectKey(forPrimaryKey: .int(1)) else { return }
        for name in ["first", "second", "third"] {
            try store.write { txn in try txn.update(Self.row(1, name: name), key: key, in: places) }
        }
        try store.write { txn in _ = try txn.delete(key, in: places) }
        let progress = try replicator.replicate()
        #expect(progress.objectsWritten == 3 && progress.objectsDeleted == 1)
        // Each of the store's transactions, in order, each in a target transaction of its own.
        #expect(try server.psql("SELECT string_agg(name, ',' ORDER BY at) FROM received") == "first,second,third")
        #expect(try server.psql("SELECT count(DISTINCT tx) FROM received") == "3")
        #expect(try server.psql("SELECT count(*) FROM \"Place\" WHERE id = 1") == "0")
    }

    @Test func aLongBacklogIsAppliedOneTargetTransactionPerStoreTransaction() throws {
        let replica = try ReplicatedStore(count: 5)
        let (server, store, places, replicator) = (replica.server, replica.store, replica.places, replica.replicator)
        try replica.noteInsertedPlaces()
        // More transactions than one pipeline sync carries, each inserting one place and renaming another.
        let count = 400
        for id in 100 ..< 100 + count {
            try store.write { txn in
                _ = try txn.insert(Self.row(id), into: places)
                if id > 100, let key = places.objectKey(forPrimaryKey: .int(Int64(id - 1))) {
                    try txn.update(Self.row(id - 1, name: "renamed \(id - 1)"), key: key, in: places)
                }
            }
        }
        let progress = try replicator.replicate()
        #expect(progress.objectsWritten == 2 * count - 1)
        #expect(try server.psql("SELECT count(DISTINCT tx) FROM received") == "\(count)")
        // Each place inserted in its own transaction, and renamed in the next one.
        #expect(try server.psql("SELECT count(*) FROM (SELECT id FROM received GROUP BY id HAVING count(DISTINCT tx) = 2) AS twice") == "\(count - 1)")
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
    }

    @Test func aTargetRefusingOneTransactionKeepsThoseBeforeItAndTheNextRunGoesOn() throws {
        let replica = try ReplicatedStore(count: 5)
        let (server, store, places, replicator) = (replica.server, replica.store, replica.places, replica.replicator)
        let start = replica.snapshot.version
        _ = try server.psql(
            """
            CREATE FUNCTION refuse() RETURNS trigger AS $$
                BEGIN IF NEW.name = 'refused' THEN RAISE EXCEPTION 'not this one'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER refusing BEFORE INSERT ON "Place" FOR EACH ROW EXECUTE FUNCTION refuse();
            """)
        var versions: [Int] = []
        for (id, name) in [(10, "a"), (11, "b"), (12, "refused"), (13, "c")] {
            try store.write { txn in _ = try txn.insert(Self.row(id, name: name), into: places) }
            versions.append(store.latestVersion)
        }
        #expect(throws: ReplicationError.self) { try replicator.replicate() }
        // The two transactions before the refused one are in, with the watermark after them; nothing after it.
        #expect(try server.psql("SELECT string_agg(name, ',' ORDER BY id) FROM \"Place\" WHERE id >= 10") == "a,b")
        #expect(try server.psql("SELECT version FROM geode_replication") == "\(versions[1])")
        #expect(versions[1] > start)
        _ = try server.psql("DROP TRIGGER refusing ON \"Place\"")
        let progress = try replicator.replicate()
        #expect(progress.objectsWritten == 2 && progress.version == versions[3])
        #expect(try Self.targetPlaces(server) == Self.storePlaces(store))
    }

    /// A class with a geometry of any type and a date, for the column fixtures.
    static let shapeSchema = Schema(classes: [
        ClassSchema(
            name: "Shape",
            properties: [
                PropertySchema(name: "id", type: .int, isPrimaryKey: true),
                PropertySchema(name: "shape", type: .object, isOptional: true, objectClassName: "GeoJSONGeometry"),
                PropertySchema(name: "at", type: .date, isOptional: true),
            ]),
        Store.geometryClass,
    ])

    /// The entries of list `name` in fixture `file` of `Data/Fixtures/folder`.
    static func fixtureEntries(_ folder: String, _ file: String, _ name: String) throws
        -> [OrderedDictionary<String, Value>]
    {
        let url = Fixtures.dataDirectory.appendingPathComponent("Fixtures/\(folder)/\(file)")
        guard case let .map(fixture) = try JSONReader.parse(try String(contentsOf: url, encoding: .utf8), source: file),
            case let .list(entries)? = fixture[name]
        else { throw ReplicationError.store(path: url.path, message: "no \(name)") }
        return entries.compactMap { entry in
            guard case let .map(fields) = entry else { return nil }
            return fields
        }
    }

    @Test func everyGeometryTypeAndDateReachesTheTargetAsPostgreSQLReadsIt() throws {
        let geometries = try Self.fixtureEntries("geo", "geometries.json", "geometries")
        let times = try Self.fixtureEntries("replication", "times.json", "times")
        #expect(geometries.count >= 10 && times.count >= 7)
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("shapes.geode"), schema: Self.shapeSchema))
        let shapes = try store.table("Shape")
        /// Row `id`: fixture geometry and time number `id % 1000`.
        func row(_ id: Int) -> [Value] {
            let geometry = geometries[(id % 1000) % geometries.count]["geometry"]
            let time = times[(id % 1000) % times.count]
            guard case let .map(g)? = geometry, case let .string(type)? = g["type"],
                case let .int(seconds)? = time["seconds"], case let .int(nanoseconds)? = time["nanoseconds"]
            else { return [.int(Int64(id)), .null, .null] }
            let shape = Value.embedded([.string(type), g["coordinates"] ?? .null, g["geometries"] ?? .null])
            return [.int(Int64(id)), shape, .timestamp(Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds)))]
        }
        let count = max(geometries.count, times.count)
        try store.write { txn in for id in 0 ..< count { _ = try txn.insert(row(id), into: shapes) } }
        let replicator = try Replicator(storePath: directory.path("shapes.geode"), target: server.conninfo())
        try replicator.replicate()
        // The same values again as changes: the snapshot's COPY and the changes' statements both.
        try store.write { txn in for id in 1000 ..< 1000 + count { _ = try txn.insert(row(id), into: shapes) } }
        try replicator.replicate()
        for id in Array(0 ..< count) + Array(1000 ..< 1000 + count) {
            let geometry = try JSONTextEncoder.string(geometries[(id % 1000) % geometries.count]["geometry"] ?? .null)
            // PostGIS's own GeoJSON reader is the oracle: the same text, altitudes included.
            let same = try server.psql(
                """
                SELECT ST_AsEWKT(shape) = ST_AsEWKT(ST_SetSRID(ST_GeomFromGeoJSON($g$\(geometry)$g$), 4326))
                FROM "Shape" WHERE id = \(id)
                """)
            #expect(same == "t", "geometry of \(id): \(geometry)")
            guard case let .string(utc)? = times[(id % 1000) % times.count]["utc"] else { continue }
            let shown = try server.psql("SELECT (at AT TIME ZONE 'UTC')::text FROM \"Shape\" WHERE id = \(id)")
            #expect(shown == utc, "time of \(id)")
        }
    }

    @Test func aDateOutsideTheCalendarIsATypedErrorNamingItsColumnAndLoadsNothing() throws {
        let server = try TemporaryPostgres()
        let directory = try TemporaryDirectory()
        let store = try Store.open(StoreConfiguration(path: directory.path("shapes.geode"), schema: Self.shapeSchema))
        let shapes = try store.table("Shape")
        try store.write { txn in
            _ = try txn.insert([.int(1), .null, .timestamp(Timestamp(seconds: .max, nanoseconds: 0))], into: shapes)
        }
        let replicator = try Replicator(storePath: directory.path("shapes.geode"), target: server.conninfo())
        #expect {
            try replicator.replicate()
        } throws: { error in
            guard case let ReplicationError.invalidValue(table, column, _) = error else { return false }
            return table == "Shape" && column == "at"
        }
        #expect(try server.psql("SELECT count(*) FROM geode_replication") == "0", "no watermark")
        #expect(try server.psql("SELECT to_regclass('\"Shape\"') IS NULL") == "t", "no table left behind")
    }

    /// A flag one thread sets and another reads.
    final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
