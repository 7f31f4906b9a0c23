import CLibPQ

/// Statements sent to the server one after another without waiting for
/// each answer (libpq's pipeline mode), read back together at a sync: many
/// statements, and many transactions, for one round trip.
///
/// The server runs them in order. The first that fails skips every later
/// one up to the sync; transactions committed before it stay committed.
///
/// ```swift
/// let outcome = try connection.pipelined { pipeline in
///     try pipeline.send("BEGIN")
///     let insert = try pipeline.send("INSERT INTO t VALUES ($1)", ["1"])
///     try pipeline.send("COMMIT")
///     return try pipeline.sync()
/// }
/// ```
///
/// Wraps `PQenterPipelineMode`, `PQsendQueryParams`, `PQpipelineSync` and
/// `PQgetResult`. A caller syncs before the answers it has not read could
/// fill the socket (a few thousand statements): the server stops reading
/// while its answers are not read.
final class PostgresPipeline {
    /// What the server did with the statements sent since the last sync.
    struct Outcome {
        /// How many of them ran, in order, before the first that failed (all when none did).
        var completed: Int
        /// The first failure, with its statement.
        var failure: ReplicationError?
    }

    private let connection: PostgresConnection
    /// The statements sent since the last sync, for naming one that failed.
    private var pending: [String] = []

    init(_ connection: PostgresConnection) throws {
        self.connection = connection
        guard PQenterPipelineMode(connection.handle) == 1 else { throw connection.lastError(statement: "pipeline") }
    }

    /// The number of statements sent and not yet synced.
    var count: Int { pending.count }

    /// Sends one statement with text parameters (`$1`, `$2`; nil is NULL) and
    /// returns its place among the statements since the last sync.
    @discardableResult
    func send(_ sql: String, _ parameters: [String?] = []) throws -> Int {
        let sent = PostgresConnection.withParameters(parameters) { values in
            PQsendQueryParams(connection.handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        guard sent == 1 else { throw connection.lastError(statement: sql) }
        pending.append(sql)
        return pending.count - 1
    }

    /// Asks for the answers to every statement sent since the last sync, and waits for them.
    func sync() throws -> Outcome {
        guard PQpipelineSync(connection.handle) == 1 else { throw connection.lastError(statement: "sync") }
        var outcome = Outcome(completed: 0, failure: nil)
        for sql in pending {
            // One statement's results, then nil.
            while let result = PQgetResult(connection.handle) {
                defer { PQclear(result) }
                guard outcome.failure == nil else { continue }
                do { try connection.check(result, sql) } catch let error as ReplicationError { outcome.failure = error }
            }
            if outcome.failure == nil { outcome.completed += 1 }
        }
        pending.removeAll()
        // The sync's own result; none when the connection broke.
        if let result = PQgetResult(connection.handle) {
            defer { PQclear(result) }
            if PQresultStatus(result) != PGRES_PIPELINE_SYNC, outcome.failure == nil {
                outcome.failure = connection.lastError(statement: "sync")
            }
        } else if outcome.failure == nil, connection.isBroken {
            outcome.failure = connection.lastError(statement: "sync")
        }
        return outcome
    }

    /// Leaves pipeline mode; a transaction a failure left open is rolled back.
    func finish() {
        // Answers not read yet (a sync not asked for) are read and dropped first.
        if !pending.isEmpty { _ = try? sync() }
        _ = PQexitPipelineMode(connection.handle)
        if PQtransactionStatus(connection.handle) != PQTRANS_IDLE {
            try? connection.execute("ROLLBACK")
        }
    }
}
