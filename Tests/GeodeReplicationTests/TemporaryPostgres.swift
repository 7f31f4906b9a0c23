import Foundation
import GeodeTestSupport

/// A PostgreSQL 15 server with PostGIS for one test: a cluster made in a
/// temporary directory (`make setup` installs Debian's packages), started on
/// loopback on a free port with password authentication, stopped and removed
/// when released.
final class TemporaryPostgres: @unchecked Sendable {
    static let binaries = URL(fileURLWithPath: "/usr/lib/postgresql/15/bin")
    static let password = "geode-secret"
    let directory: TemporaryDirectory
    let port: Int
    private var running = false

    init() throws {
        directory = try TemporaryDirectory()
        port = try Self.freePort()
        let data = directory.path("data")
        let passwordFile = directory.path("password")
        try Self.password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        // initdb refuses to run as root: the cluster belongs to Debian's postgres user then.
        if getuid() == 0 { try Self.run("/bin/chown", ["-R", "postgres:postgres", directory.url.path]) }
        try asOwner(
            Self.binaries.appendingPathComponent("initdb").path,
            [
                "-D", data, "-U", "geode", "--pwfile=\(passwordFile)", "--auth-host=scram-sha-256",
                "--auth-local=trust", "--encoding=UTF8", "--locale=C", "--no-sync",
            ])
        try asOwner(
            Self.binaries.appendingPathComponent("pg_ctl").path,
            [
                "-D", data, "-l", directory.path("server.log"), "-w", "start", "-o",
                "-p \(port) -k \(directory.url.path) -c listen_addresses=127.0.0.1 -c fsync=off",
            ])
        running = true
    }

    /// A connection string for database `postgres` as user `geode`.
    func conninfo(password: String = TemporaryPostgres.password) -> String {
        "postgresql://geode:\(password)@127.0.0.1:\(port)/postgres"
    }

    /// Runs `sql` with psql and returns its unaligned, tuples-only output.
    func psql(_ sql: String) throws -> String {
        try Self.run(
            Self.binaries.appendingPathComponent("psql").path,
            [conninfo(), "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    deinit {
        guard running else { return }
        try? asOwner(
            Self.binaries.appendingPathComponent("pg_ctl").path, ["-D", directory.path("data"), "-m", "immediate", "-w", "stop"])
    }

    private func asOwner(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
        } else {
            try Self.run(program, arguments)
        }
    }

    /// Runs `program` to its end with `posix_spawn` and `waitpid`, its output
    /// in a file: the server `pg_ctl` starts keeps every descriptor it
    /// inherits open, so neither a pipe nor Foundation's `Process` (which
    /// watches one) would see the end.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("geode-pg-\(UUID().uuidString)").path
        defer { unlink(log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ServerFailure(description: "cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ServerFailure(description: "\(program) \(arguments.joined(separator: " ")): \(text)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A TCP port on loopback nothing listens on: the one the kernel gives a socket bound to port 0.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerFailure(description: "socket: errno \(errno)") }
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
        guard bound else { throw ServerFailure(description: "bind to a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String
}
