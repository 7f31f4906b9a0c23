import Foundation

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

/// A throwaway PostgreSQL server with PostGIS: Debian's packages installed
/// when missing, a cluster made in a temporary directory, started on
/// loopback on a free port, stopped and removed when done.
final class PostgresServer {
    static let version = "15"
    static let packages = ["postgresql-\(version)", "postgresql-\(version)-postgis-3"]
    let directory: URL
    let port: Int
    private let binaries = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
    private var running = false

    init(directory: URL) throws {
        self.directory = directory
        port = try Self.freePort()
        try PeerTools.installIfMissing(Self.packages)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = directory.appendingPathComponent("data").path
        // initdb refuses to run as root: the cluster belongs to Debian's postgres user then.
        if getuid() == 0 { try PeerTools.run("/bin/chown", ["-R", "postgres:postgres", directory.path]) }
        try asOwner(
            binaries.appendingPathComponent("initdb").path,
            ["-D", data, "-U", "geode", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"])
        try asOwner(
            binaries.appendingPathComponent("pg_ctl").path,
            [
                "-D", data, "-l", directory.appendingPathComponent("server.log").path, "-w", "start", "-o",
                "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_wal_size=4GB",
            ])
        running = true
    }

    /// A TCP port on loopback that nothing listens on: the one the kernel
    /// gives a socket bound to port 0 (free again once that socket closes).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PostgresError("socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else { throw PostgresError("bind to a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    var conninfo: String { "host=127.0.0.1 port=\(port) user=geode dbname=postgres" }

    func stop() {
        guard running else { return }
        running = false
        try? asOwner(
            binaries.appendingPathComponent("pg_ctl").path,
            ["-D", directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"])
    }

    deinit { stop() }

    private func asOwner(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try PeerTools.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
        } else {
            try PeerTools.run(program, arguments)
        }
    }
}
