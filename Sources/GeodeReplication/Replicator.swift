import Foundation
import GeodeCore
import GeodeJSON

/// Feeds a Geode store into PostgreSQL (with PostGIS), once or continuously,
/// so that every committed change reaches the target exactly once.
///
/// The first run loads a snapshot: a table per top-level class (see the
/// README's replication section for the mapping), filled with `COPY`. Every
/// later run reads the store's change log from the target's watermark — the
/// store version the target holds, kept in the target's `geode_replication`
/// table — and applies each store transaction since then, in commit order, in
/// a PostgreSQL transaction of its own that also moves the watermark: its
/// objects as it left them (the log keeps a copy of each changed document
/// while a replica is registered), its deletions. The target transactions
/// travel through one pipeline (hundreds for one round trip), so a replica
/// far behind catches up without grouping them. A run stopped anywhere (a
/// kill included) starts again from the watermark: nothing is applied twice,
/// nothing is lost. The store keeps the log after the version the target
/// acknowledged, however long the replica is away, until ``stopReplicating()``.
/// (Transactions from before the replica registered, whose documents the log
/// did not keep, go together in one target transaction, as the latest
/// version has them.)
///
/// After a migration of the store (a schema change), or a class emptied at
/// once, the target's tables are altered to the classes' columns (views on
/// them stay) and loaded again, in one transaction. Two replicators of the
/// same replica take turns on an advisory lock; the later one finds the
/// watermark moved and applies nothing.
///
/// ```swift
/// let replicator = try Replicator(storePath: "/data/places.geode", target: "postgresql://geode@db/places")
/// try replicator.replicate()                         // once
/// try replicator.follow { !stopRequested }           // or continuously
/// ```
public final class Replicator {
    /// What one run did.
    public struct Progress: Sendable, Equatable {
        /// A run that applied nothing: the target holds `version` still.
        static func unchanged(at version: Int) -> Progress {
            Progress(version: version, loadedSnapshot: false, objectsWritten: 0, objectsDeleted: 0)
        }

        /// The store version the target holds now.
        public var version: Int
        /// Whether the run loaded a snapshot (first run, or after a migration).
        public var loadedSnapshot: Bool
        /// Objects written to the target (inserted or changed, or loaded).
        public var objectsWritten: Int
        /// Objects deleted from the target.
        public var objectsDeleted: Int
    }

    private let store: Store
    private var connection: PostgresConnection
    /// The connection string, for connecting again after a loss.
    private let target: String
    /// Told each time ``follow(interval:while:)`` lost the server and will try
    /// again (after a pause that doubles up to 5 s).
    public var onConnectionLost: ((ReplicationError) -> Void)?
    /// The name the store's change log knows this replica by.
    public let consumer: String
    /// The latest store version a run has read.
    private var lastSeen = 0
    /// Whether geometries go to `geography` columns instead of `geometry`.
    private let geography: Bool

    /// Opens the store at `storePath` and connects to `target`, a libpq
    /// connection string (`postgresql://user@host:port/db?sslmode=require`,
    /// or `host=… dbname=…`; passwords from it, `PGPASSWORD` or `~/.pgpass`).
    /// `consumer` names this replica in the store, so that one store can feed
    /// several targets. With `geography`, geometries become PostGIS
    /// `geography` columns (measured on the sphere) instead of `geometry`,
    /// both in SRID 4326.
    public init(storePath: String, target: String, consumer: String = "postgresql", geography: Bool = false) throws {
        self.geography = geography
        guard FileManager.default.fileExists(atPath: storePath) else {
            throw ReplicationError.store(path: storePath, message: "no such file")
        }
        do {
            store = try Store.open(StoreConfiguration(path: storePath))
        } catch {
            throw ReplicationError.store(path: storePath, message: "\(error)")
        }
        connection = try PostgresConnection(target)
        self.target = target
        self.consumer = consumer
        try prepareTarget()
    }

    /// Creates what the target needs (PostGIS, the watermark table) when missing.
    private func prepareTarget() throws {
        // Under a lock: `IF NOT EXISTS` does not stop two sessions creating the same thing at once.
        try connection.transaction {
            try connection.execute(
                """
                SELECT pg_advisory_xact_lock(hashtext('geode_replication'));
                CREATE EXTENSION IF NOT EXISTS postgis;
                CREATE TABLE IF NOT EXISTS geode_replication (
                    consumer text PRIMARY KEY, store text NOT NULL, version bigint NOT NULL,
                    tables jsonb NOT NULL, updated timestamp with time zone NOT NULL DEFAULT now());
                CREATE OR REPLACE FUNCTION geode_replication_advance(replica text, expected bigint, reached bigint)
                RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_advisory_xact_lock(hashtext('geode_replication:' || replica));
                    UPDATE geode_replication SET version = reached, updated = now()
                    WHERE consumer = replica AND version = expected;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'replica % is not at version %', replica, expected USING ERRCODE = '\(Self.watermarkMoved)';
                    END IF;
                END $$
                """)
        }
    }

    /// Takes this replica's lock for the target transaction under way (two
    /// replicators of one store and target take turns) and answers whether
    /// the target still holds `watermark` (nil: no watermark yet): false when
    /// another replicator moved it meanwhile, and this run must not apply.
    private func lockReplica(expecting watermark: Int?) throws -> Bool {
        try connection.query("SELECT pg_advisory_xact_lock(hashtext('geode_replication:' || $1))", [consumer])
        let rows = try connection.query("SELECT version FROM geode_replication WHERE consumer = $1", [consumer])
        let current: Int? = rows.first.flatMap { $0.first ?? nil }.flatMap { Int($0) }
        return current == watermark
    }

    /// Brings the target up to the store's latest committed version and
    /// returns what it did.
    @discardableResult
    public func replicate() throws -> Progress {
        let identity = try storeIdentity()
        let state = try connection.query(
            "SELECT store, version, tables FROM geode_replication WHERE consumer = $1", [consumer]
        ).first
        if let found = state?[0] ?? nil, found != identity {
            throw ReplicationError.otherStore(expected: identity, found: found)
        }
        let owned = (state?[2] ?? nil).map(Self.tableNames) ?? []
        guard let watermark = (state?[1] ?? nil).flatMap(Int.init) else {
            return try loadSnapshot(identity: identity, replacing: owned, watermark: nil)
        }
        let (progress, needsSnapshot) = try storeRead { txn -> (Progress, Bool) in
            let latest = txn.version
            lastSeen = latest
            guard latest > watermark else { return (.unchanged(at: watermark), false) }
            let changes = try txn.changes(since: watermark)
            if changes.recordsMissing { throw ReplicationError.changesMissing(storePath: store.path, watermark: watermark) }
            // Versions without object changes (this replica's own acknowledgements among them) move nothing.
            guard !changes.isEmpty else { return (.unchanged(at: watermark), false) }
            if changes.schemaChanged || !changes.isComplete
                || changes.tables.values.contains(where: \.wasCleared)
            {
                return (.unchanged(at: watermark), true)
            }
            return (try apply(changes, txn), false)
        }
        if needsSnapshot { return try loadSnapshot(identity: identity, replacing: owned, watermark: watermark) }
        if progress.version > watermark { try acknowledge(progress.version) }
        return progress
    }

    /// Replicates, then again whenever the store has committed more, until
    /// `keepGoing` returns false (asked after each run and about every
    /// `interval` while waiting).
    /// A lost server (stopped, restarted, unreachable) does not end it: it
    /// connects again, with pauses doubling up to 5 s, and goes on from the
    /// target's watermark. Other errors end it.
    public func follow(interval: Duration = .milliseconds(20), while keepGoing: () -> Bool = { true }) throws {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        var pending = true
        var lost = false
        var pause = 0.1
        while keepGoing() {
            do {
                if lost {
                    connection = try PostgresConnection(target)
                    try prepareTarget()
                    lost = false
                    pause = 0.1
                }
                if pending || store.latestVersion > lastSeen {
                    try replicate()
                    pending = false
                } else {
                    Thread.sleep(forTimeInterval: seconds)
                }
            } catch let error as ReplicationError where isConnectionLoss(error) {
                onConnectionLost?(error)
                lost = true
                pending = true
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 5)
            }
        }
    }

    /// Whether `error` means the server cannot be reached now, rather than that it refused something.
    private func isConnectionLoss(_ error: ReplicationError) -> Bool {
        switch error {
        case .connection: return true
        case .server: return connection.isBroken
        default: return false
        }
    }

    /// Forgets this replica in the store and in the target: the store's log
    /// no longer keeps records for it, and a next run loads a snapshot.
    public func stopReplicating() throws {
        try storeWrite { try $0.removeChangeConsumer(consumer) }
        try connection.query("DELETE FROM geode_replication WHERE consumer = $1", [consumer])
    }

    // MARK: - Snapshot

    /// Loads every top-level class into the target in one transaction. The
    /// tables an earlier snapshot of this replica made are kept and altered
    /// to the classes' columns (views on them survive); those of classes the
    /// store no longer has are dropped.
    private func loadSnapshot(identity: String, replacing owned: [String], watermark: Int?) throws -> Progress {
        // Registered first: the log keeps every record after the version read next.
        let before = try storeRead { $0.version }
        try acknowledge(before)
        let progress = try storeRead { txn -> Progress in
            let schema = store.schema
            let classes = schema.classes.filter { !$0.isEmbedded }
            var written = 0
            let loaded = try connection.transaction { () -> Bool in
                guard try lockReplica(expecting: watermark) else { return false }
                for name in owned where !classes.contains(where: { $0.name == name }) {
                    try connection.execute("DROP TABLE IF EXISTS \(TableMapping.quoted(name))")
                }
                for cls in classes {
                    let mapping = TableMapping(cls: cls, in: schema, geography: geography)
                    try prepareTable(mapping, owned: owned.contains(cls.name))
                    let table = try store.table(cls.name)
                    var keys: [ObjectKey] = []
                    try txn.forEach(in: table) { key, _ in
                        keys.append(key)
                        return true
                    }
                    written += try copy(keys, mapping) { try txn.row($0, in: table) }
                    try connection.execute(mapping.createIndexes)
                }
                try connection.query(
                    """
                    INSERT INTO geode_replication (consumer, store, version, tables) VALUES ($1, $2, $3, $4::jsonb)
                    ON CONFLICT (consumer) DO UPDATE SET store = $2, version = $3, tables = $4::jsonb, updated = now()
                    """,
                    [consumer, identity, String(txn.version), try Self.tableList(classes.map(\.name))])
                return true
            }
            lastSeen = txn.version
            guard loaded else {
                // Another replicator of this replica loaded it meanwhile; the next run goes on from there.
                return .unchanged(at: watermark ?? 0)
            }
            return Progress(version: txn.version, loadedSnapshot: true, objectsWritten: written, objectsDeleted: 0)
        }
        if progress.loadedSnapshot { try acknowledge(progress.version) }
        return progress
    }

    /// Makes sure table `mapping` describes exists, empty, with its columns:
    /// created when missing, emptied when it has them. A table this replica
    /// made (`owned`) is altered to the class's columns — dropped and made
    /// again only when its primary key moved; any other table with other
    /// columns is refused.
    private func prepareTable(_ mapping: TableMapping, owned: Bool) throws {
        let found = try connection.query(
            """
            SELECT column_name, udt_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
            """, [mapping.className])
        guard !found.isEmpty else {
            try connection.execute(mapping.createTable)
            return
        }
        let columns = found.map { ($0[0] ?? "", $0[1] ?? "") }
        if !columns.elementsEqual(mapping.expectedColumns, by: { $0 == $1 }) {
            guard owned else {
                let shown = columns.map { "\($0) \($1)" }.joined(separator: ", ")
                let wanted = mapping.expectedColumns.map { "\($0) \($1)" }.joined(separator: ", ")
                throw ReplicationError.targetMismatch(
                    table: mapping.className, reason: "it has columns (\(shown)); the class needs (\(wanted))")
            }
            try alter(mapping, from: columns)
        }
        try connection.execute("TRUNCATE \(mapping.table)")
    }

    /// Alters a table of this replica from `columns` (name, `udt_name`) to
    /// the class's: columns dropped, columns added (a changed type is both).
    private func alter(_ mapping: TableMapping, from columns: [(String, String)]) throws {
        let primary = try connection.query(
            """
            SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
            WHERE i.indrelid = $1::regclass AND i.indisprimary
            """, [mapping.table]
        ).first?.first ?? nil
        guard primary == (mapping.primaryKey ?? "_geode_key") else {
            try connection.execute("DROP TABLE \(mapping.table)")
            try connection.execute(mapping.createTable)
            return
        }
        let wanted = Dictionary(mapping.expectedColumns, uniquingKeysWith: { a, _ in a })
        var kept: Set<String> = []
        for (name, type) in columns {
            if wanted[name] == type {
                kept.insert(name)
            } else {
                try connection.execute("ALTER TABLE \(mapping.table) DROP COLUMN \(TableMapping.quoted(name))")
            }
        }
        for column in mapping.columns where !kept.contains(column.name) {
            try connection.execute(
                "ALTER TABLE \(mapping.table) ADD COLUMN \(column.definition)")
        }
    }

    // MARK: - Changes

    /// One store transaction (or, without the documents it left, all of
    /// them since the watermark) as the target receives it: one target
    /// transaction that moves the watermark to `version`.
    private struct Step {
        var version: Int
        var tables: [UInt32: TableChanges]
        /// The object as the step left it; nil when it deleted it.
        var document: (ObjectKey, Table) throws -> ContainerView?
    }

    /// Applies the changes after `changes.fromVersion`: each transaction in a
    /// target transaction of its own, with the documents as it left them,
    /// when the log kept them (it does while this replica is registered);
    /// otherwise all of them in one target transaction, with the documents
    /// as `txn` (the latest version) has them.
    private func apply(_ changes: ChangeSet, _ txn: StoreTransaction) throws -> Progress {
        var steps: [Step]
        if let records = try txn.changeRecords(since: changes.fromVersion)?.filter({ !$0.tables.isEmpty }),
            try records.allSatisfy({ try hasImages($0, txn) })
        {
            steps = records.map { record in
                Step(version: record.version, tables: record.tables) { key, table in
                    try txn.afterImage(version: record.version, table: table.schema.table, key: key)
                }
            }
        } else {
            steps = [Step(version: txn.version, tables: changes.tables) { try txn.document($0, in: $1) }]
        }
        // Versions after the last with object changes (acknowledgements) come with it.
        if !steps.isEmpty { steps[steps.count - 1].version = txn.version }
        return try applySteps(steps, from: changes.fromVersion)
    }

    /// Whether the log kept every document `record`'s transaction left.
    private func hasImages(_ record: ChangeRecord, _ txn: StoreTransaction) throws -> Bool {
        for (table, changes) in record.tables {
            for key in changes.writtenKeys where !changes.deleted.contains(key) {
                guard try txn.afterImage(version: record.version, table: table, key: key) != nil else { return false }
            }
        }
        return true
    }

    /// Statements sent before the pipeline waits for their answers: few
    /// enough that the server's answers fit in the socket unread.
    static let statementsPerSync = 512

    /// Applies `steps` in order, each in a target transaction of its own that
    /// moves the watermark from the previous step's version (`from` for the
    /// first) to its own, sent through a pipeline: a catch-up of hundreds of
    /// transactions costs a few round trips, not a few per transaction. Stops
    /// at the first step another replicator applied first (the watermark is
    /// not where this run expects it).
    private func applySteps(_ steps: [Step], from: Int) throws -> Progress {
        let schema = store.schema
        var progress = Progress.unchanged(at: from)
        /// The steps sent since the last sync: the place of each one's COMMIT, and its counts.
        var sent: [(commit: Int, version: Int, written: Int, deleted: Int)] = []
        var rows: [UInt8] = []
        try connection.pipelined { pipeline in
            /// Reads the answers so far; false when the run must stop (another replicator is ahead).
            func sync() throws -> Bool {
                let outcome = try pipeline.sync()
                for step in sent where step.commit < outcome.completed {
                    progress = Progress(
                        version: step.version, loadedSnapshot: false,
                        objectsWritten: progress.objectsWritten + step.written,
                        objectsDeleted: progress.objectsDeleted + step.deleted)
                }
                sent.removeAll()
                guard let failure = outcome.failure else { return true }
                if case let .server(state, _, _) = failure, state == Self.watermarkMoved { return false }
                throw failure
            }
            for step in steps {
                try pipeline.send("BEGIN")
                try pipeline.send(
                    "SELECT geode_replication_advance($1, $2, $3)",
                    [consumer, String(sent.last?.version ?? progress.version), String(step.version)])
                var written = 0
                var deleted = 0
                for (id, tableChanges) in step.tables.sorted(by: { $0.key < $1.key }) {
                    guard let cls = schema.classes.first(where: { $0.table == id }), !cls.isEmbedded else { continue }
                    let table = try store.table(cls.name)
                    let mapping = TableMapping(cls: cls, in: schema, geography: geography)
                    let keys = tableChanges.writtenKeys.union(tableChanges.deleted).sorted()
                    for chunk in stride(from: 0, to: keys.count, by: 10_000) {
                        let listed = keys[chunk ..< min(keys.count, chunk + 10_000)]
                        try pipeline.send(
                            mapping.deleteRows,
                            ["{" + listed.map { String(TableMapping.column($0)) }.joined(separator: ",") + "}"])
                    }
                    rows.removeAll(keepingCapacity: true)
                    var count = 0
                    func flush() throws {
                        guard count > 0 else { return }
                        rows.append(UInt8(ascii: "]"))
                        try pipeline.send(mapping.insertRows, [String(decoding: rows, as: UTF8.self)])
                        rows.removeAll(keepingCapacity: true)
                        count = 0
                    }
                    for key in keys {
                        guard let document = try step.document(key, table) else {
                            deleted += 1
                            continue
                        }
                        rows.append(UInt8(ascii: count == 0 ? "[" : ","))
                        try mapping.appendJSONRow(key, try StoreTransaction.row(of: document, table), to: &rows)
                        count += 1
                        written += 1
                        if rows.count >= 1 << 20 { try flush() }
                    }
                    try flush()
                }
                let commit = try pipeline.send("COMMIT")
                sent.append((commit, step.version, written, deleted))
                if pipeline.count >= Self.statementsPerSync {
                    guard try sync() else { return }
                }
            }
            if pipeline.count > 0 { _ = try sync() }
        }
        return progress
    }

    /// The SQLSTATE `geode_replication_advance` raises when the replica is
    /// not at the version a step starts from.
    static let watermarkMoved = "GR001"

    /// Copies into the mapping's table the row `row` gives for each of
    /// `keys`, a chunk at a time (nothing is held for the whole class), and
    /// returns how many it copied.
    private func copy(_ keys: [ObjectKey], _ mapping: TableMapping, row: (ObjectKey) throws -> [Value]?) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        var next = 0
        var copied = 0
        try connection.copy(mapping.copyRows) { out in
            while next < keys.count && out.count < 1 << 20 {
                let key = keys[next]
                next += 1
                guard let values = try row(key) else { continue }
                try mapping.appendRow(key, values, to: &out)
                copied += 1
            }
            return next < keys.count
        }
        return copied
    }

    // MARK: - Store

    private func storeIdentity() throws -> String {
        if let known = try storeRead({ try $0.storedChangeLogIdentity() }) { return known }
        return try storeWrite { try $0.changeLogIdentity() }
    }

    private func acknowledge(_ version: Int) throws {
        try storeWrite { try $0.acknowledgeChanges(through: version, for: consumer) }
    }

    private func storeRead<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        do {
            return try store.read(body)
        } catch let error as ReplicationError {
            throw error
        } catch let error as StoreError {
            throw ReplicationError.store(path: store.path, message: "\(error)")
        }
    }

    private func storeWrite<T>(_ body: (StoreWriteTransaction) throws -> T) throws -> T {
        do {
            return try store.write(body)
        } catch let error as StoreError {
            throw ReplicationError.store(path: store.path, message: "\(error)")
        }
    }

    /// The target's list of this replica's tables, as JSON text.
    private static func tableList(_ names: [String]) throws -> String {
        try JSONTextEncoder.string(.list(names.map { .string($0) }))
    }

    /// The names in the target's list of this replica's tables (none when it is not a list of strings).
    private static func tableNames(_ json: String) -> [String] {
        guard case let .list(items)? = try? JSONReader.parse(json, source: "geode_replication.tables") else { return [] }
        return items.compactMap { item -> String? in
            guard case let .string(name) = item else { return nil }
            return name
        }
    }
}
