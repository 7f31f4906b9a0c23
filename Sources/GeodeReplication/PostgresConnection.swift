import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq: statements with
/// text parameters, and `COPY … FROM STDIN` for loading rows in bulk.
///
/// The connection string is libpq's — a `postgresql://` URI or `key=value`
/// pairs — so passwords come from it, `PGPASSWORD` or `~/.pgpass`, and TLS
/// from `sslmode` and its companions, as with `psql`.
///
/// ```swift
/// let connection = try PostgresConnection("postgresql://geode@localhost/replica")
/// try connection.execute("CREATE TABLE t (a bigint)")
/// let rows = try connection.query("SELECT a FROM t WHERE a > $1", ["10"])
/// ```
final class PostgresConnection {
    /// libpq's connection (`PGconn *`).
    let handle: OpaquePointer
    /// The connection string with any password hidden, for messages.
    let target: String

    init(_ conninfo: String) throws {
        target = Self.hidingPassword(conninfo)
        guard let connection = PQconnectdb(conninfo) else {
            throw ReplicationError.connection(target: target, message: "libpq could not allocate a connection")
        }
        handle = connection
        guard PQstatus(connection) == CONNECTION_OK else {
            // Every stored property is set: deinit runs and finishes the connection.
            throw ReplicationError.connection(target: target, message: Self.text(PQerrorMessage(connection)))
        }
        // Warnings and notices (an existing table skipped) are not the user's concern.
        try execute("SET client_min_messages = warning")
    }

    deinit { PQfinish(handle) }

    /// Whether the connection was lost (the server stopped or went away).
    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Runs `sql` (one or more statements without parameters).
    func execute(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs one statement with text parameters (`$1`, `$2`; nil is NULL) and
    /// returns its rows as text (nil for NULL).
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        let result = Self.withParameters(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result, sql)
        var rows: [[String?]] = []
        for row in 0 ..< PQntuples(result) {
            rows.append(
                (0 ..< PQnfields(result)).map { column in
                    PQgetisnull(result, row, column) == 1 ? nil : Self.text(PQgetvalue(result, row, column))
                })
        }
        return rows
    }

    /// Runs `COPY … FROM STDIN` (`sql`) and sends the rows `produce` writes in
    /// COPY's text format, in chunks, until it returns false.
    func copy(_ sql: String, _ produce: (inout [UInt8]) throws -> Bool) throws {
        let start = PQexec(handle, sql)
        defer { PQclear(start) }
        guard PQresultStatus(start) == PGRES_COPY_IN else { try check(start, sql); return }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        var more = true
        var failure: Error?
        while more {
            chunk.removeAll(keepingCapacity: true)
            do {
                more = try produce(&chunk)
            } catch {
                failure = error
                break
            }
            guard !chunk.isEmpty else { continue }
            let sent = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
            }
            guard sent == 1 else { throw lastError(statement: sql) }
        }
        // A failure of ours ends the COPY with an error: the server keeps none of its rows.
        let ended =
            failure.map { error in PQputCopyEnd(handle, "geode: \(error)") } ?? PQputCopyEnd(handle, nil)
        guard ended == 1 else { throw lastError(statement: sql) }
        var serverError: Error?
        while let result = PQgetResult(handle) {
            defer { PQclear(result) }
            do { try check(result, sql) } catch { serverError = serverError ?? error }
        }
        if let failure { throw failure }
        if let serverError { throw serverError }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` with the connection in pipeline mode (see
    /// ``PostgresPipeline``), and leaves it, rolling back a transaction a
    /// failure left open.
    func pipelined<T>(_ body: (PostgresPipeline) throws -> T) throws -> T {
        let pipeline = try PostgresPipeline(self)
        defer { pipeline.finish() }
        return try body(pipeline)
    }

    // MARK: - Helpers

    /// The connection's latest error, as a server error of `statement`.
    func lastError(statement: String) -> ReplicationError {
        .server(state: nil, message: Self.text(PQerrorMessage(handle)), statement: statement)
    }

    /// Throws the error `result` reports, if any.
    func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = PQresultStatus(result)
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_COPY_IN,
            status != PGRES_EMPTY_QUERY
        else { return }
        let message = result.map { Self.text(PQresultErrorMessage($0)) } ?? Self.text(PQerrorMessage(handle))
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        throw ReplicationError.server(state: state, message: message, statement: sql)
    }

    static func withParameters<T>(_ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let owned = parameters.map { value -> UnsafeMutablePointer<CChar>? in value.flatMap { strdup($0) } }
        defer { for pointer in owned { free(pointer) } }
        return body(owned.map { $0.map { UnsafePointer($0) } })
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    }

    /// `conninfo` with the password of a URI or a `password=` pair replaced by `***`.
    static func hidingPassword(_ conninfo: String) -> String {
        if let scheme = conninfo.range(of: "://"), let at = conninfo[scheme.upperBound...].firstIndex(of: "@"),
            let colon = conninfo[scheme.upperBound ..< at].firstIndex(of: ":")
        {
            return conninfo.replacingCharacters(in: conninfo.index(after: colon) ..< at, with: "***")
        }
        return conninfo.replacingOccurrences(
            of: #"password\s*=\s*('[^']*'|\S+)"#, with: "password=***", options: .regularExpression)
    }
}
