import Foundation
import LocalPostgres

/// A connection to PostgreSQL through libpq, loaded at run time with
/// `dlopen` so that building the benchmarks needs no PostgreSQL headers:
/// only a run with `--peers postgis` needs the library, and its runner
/// installs it. Statements are prepared once and run with text parameters.
final class PostgresConnection {
    private typealias Connect = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    private typealias Status = @convention(c) (OpaquePointer?) -> Int32
    private typealias Message = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    private typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    private typealias Prepare =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>, UnsafePointer<CChar>, Int32,
            UnsafePointer<UInt32>?
        ) -> OpaquePointer?
    private typealias ExecPrepared =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    private typealias GetValue = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafePointer<CChar>?
    private typealias Count = @convention(c) (OpaquePointer?) -> Int32
    private typealias Free = @convention(c) (OpaquePointer?) -> Void

    private let library: UnsafeMutableRawPointer
    private let connection: OpaquePointer?
    private let statusOf: Status
    private let errorOf: Message
    private let exec: Exec
    private let prepare: Prepare
    private let execPrepared: ExecPrepared
    private let resultStatus: Status
    private let resultError: Message
    private let getValue: GetValue
    private let tuples: Count
    private let clear: Free
    private let finish: Free
    private var prepared: Set<String> = []

    /// Connects with a libpq connection string.
    init(_ conninfo: String) throws {
        guard let library = dlopen("libpq.so.5", RTLD_NOW) else {
            throw PostgresError("cannot load libpq.so.5 (Debian: libpq5): \(String(cString: dlerror()))")
        }
        self.library = library
        func symbol<T>(_ name: String, _ type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw PostgresError("libpq has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        let connect = try symbol("PQconnectdb", Connect.self)
        statusOf = try symbol("PQstatus", Status.self)
        errorOf = try symbol("PQerrorMessage", Message.self)
        exec = try symbol("PQexec", Exec.self)
        prepare = try symbol("PQprepare", Prepare.self)
        execPrepared = try symbol("PQexecPrepared", ExecPrepared.self)
        resultStatus = try symbol("PQresultStatus", Status.self)
        resultError = try symbol("PQresultErrorMessage", Message.self)
        getValue = try symbol("PQgetvalue", GetValue.self)
        tuples = try symbol("PQntuples", Count.self)
        clear = try symbol("PQclear", Free.self)
        finish = try symbol("PQfinish", Free.self)
        connection = connect(conninfo)
        guard statusOf(connection) == 0 else {  // CONNECTION_OK
            let message = errorOf(connection).map { String(cString: $0) } ?? "unknown error"
            finish(connection)
            throw PostgresError("cannot connect (\(conninfo)): \(message)")
        }
    }

    deinit {
        finish(connection)
        dlclose(library)
    }

    /// Runs one or more statements without parameters.
    func execute(_ sql: String) throws {
        let result = exec(connection, sql)
        defer { clear(result) }
        try check(result, sql)
    }

    /// The first column of the first row of `sql`, prepared once under `name`.
    func value(_ name: String, _ sql: String, _ parameters: [String]) throws -> String? {
        try column(name, sql, parameters).first
    }

    /// The first column of every row of `sql`, prepared once under `name`.
    func column(_ name: String, _ sql: String, _ parameters: [String]) throws -> [String] {
        if !prepared.contains(name) {
            let result = prepare(connection, name, sql, Int32(parameters.count), nil)
            defer { clear(result) }
            try check(result, sql)
            prepared.insert(name)
        }
        let cStrings = parameters.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let pointers = cStrings.map { UnsafePointer<CChar>($0) }
        let result = pointers.withUnsafeBufferPointer {
            execPrepared(connection, name, Int32(parameters.count), $0.baseAddress, nil, nil, 0)
        }
        defer { clear(result) }
        try check(result, sql)
        return (0 ..< tuples(result)).compactMap { row in getValue(result, row, 0).map { String(cString: $0) } }
    }

    /// The first column of `sql` as an integer.
    func int(_ name: String, _ sql: String, _ parameters: [String] = []) throws -> Int {
        guard let text = try value(name, sql, parameters), let number = Int(text) else {
            throw PostgresError("\(sql) returned no integer")
        }
        return number
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = resultStatus(result)
        // PGRES_COMMAND_OK = 1, PGRES_TUPLES_OK = 2
        guard status == 1 || status == 2 else {
            let message =
                resultError(result).map { String(cString: $0) } ?? errorOf(connection).map { String(cString: $0) }
                ?? "?"
            throw PostgresError("\(sql.prefix(120)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}

struct PostgresError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The benchmarks' PostgreSQL server: Debian's packages installed when
/// missing, then a ``LocalPostgresServer`` tuned for loading (1 GB of shared
/// buffers, 4 GB of WAL between checkpoints), trusting local logins.
enum PostgresServer {
    static let packages = ["postgresql-\(LocalPostgresServer.version)", "postgresql-\(LocalPostgresServer.version)-postgis-3"]

    static func start(directory: URL) throws -> LocalPostgresServer {
        try PeerTools.installIfMissing(packages)
        return try LocalPostgresServer(directory: directory, settings: ["shared_buffers=1GB", "max_wal_size=4GB"])
    }
}
