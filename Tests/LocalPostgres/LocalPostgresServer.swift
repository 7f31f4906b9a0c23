import Foundation

/// A throwaway PostgreSQL 15 server with PostGIS for tests and benchmarks: a
/// cluster made in `directory` (Debian's packages must be installed; `make
/// setup` does), started on loopback on a free port, stopped when released.
/// As root, the cluster belongs to Debian's `postgres` user (initdb refuses
/// root). With a `password`, TCP logins need it (SCRAM); without one, they
/// are trusted.
///
/// ```swift
/// let server = try LocalPostgresServer(directory: scratch)
/// let connection = try SomeClient(server.conninfo())
/// ```
package final class LocalPostgresServer: @unchecked Sendable {
    package static let version = "15"
    package static let binaries = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
    package let directory: URL
    package let port: Int
    package let password: String?
    private var running = false

    /// Makes and starts the cluster; `settings` are extra `-c name=value` server options.
    package init(directory: URL, password: String? = nil, settings: [String] = []) throws {
        self.directory = directory
        self.password = password
        self.settings = settings
        port = try Self.freePort()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = directory.appendingPathComponent("data").path
        var initdb = ["-D", data, "-U", "geode", "--encoding=UTF8", "--locale=C", "--no-sync"]
        if let password {
            let file = directory.appendingPathComponent("password").path
            try password.write(toFile: file, atomically: false, encoding: .utf8)
            initdb += ["--pwfile=\(file)", "--auth-host=scram-sha-256", "--auth-local=trust"]
        } else {
            initdb += ["--auth=trust"]
        }
        if getuid() == 0 { try ProgramRun.run("/bin/chown", ["-R", "postgres:postgres", directory.path]) }
        try asOwner(Self.binaries.appendingPathComponent("initdb").path, initdb)
        try start()
    }

    private let settings: [String]

    /// Starts the server (again, after ``stop()``), on the same port.
    package func start() throws {
        guard !running else { return }
        let options = ["-p \(port)", "-k \(directory.path)", "-c listen_addresses=127.0.0.1"] + settings.map { "-c \($0)" }
        try asOwner(
            Self.binaries.appendingPathComponent("pg_ctl").path,
            [
                "-D", directory.appendingPathComponent("data").path, "-l",
                directory.appendingPathComponent("server.log").path, "-w", "start", "-o", options.joined(separator: " "),
            ])
        running = true
    }

    /// A libpq connection string for database `postgres` as user `geode`
    /// (with `password`, or the server's own).
    package func conninfo(password: String? = nil) -> String {
        let given = password ?? self.password
        return "postgresql://geode\(given.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/postgres"
    }

    /// Stops the server (its connections closed; ``start()`` starts it again).
    package func stop() {
        guard running else { return }
        running = false
        try? asOwner(
            Self.binaries.appendingPathComponent("pg_ctl").path,
            ["-D", directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"])
    }

    deinit { stop() }

    private func asOwner(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try ProgramRun.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
        } else {
            try ProgramRun.run(program, arguments)
        }
    }

    /// A TCP port on loopback that nothing listens on: the one the kernel
    /// gives a socket bound to port 0 (free again once that socket closes).
    package static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProgramFailure(description: "socket: errno \(errno)") }
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
        guard bound else { throw ProgramFailure(description: "bind to a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
