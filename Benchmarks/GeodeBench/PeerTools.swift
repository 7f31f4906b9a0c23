import Foundation

/// What the peer runners share: Debian packages installed when missing, and
/// programs run to completion.
enum PeerTools {
    /// Installs the Debian `packages` that are not installed yet, with
    /// apt-get (through sudo when not root).
    static func installIfMissing(_ packages: [String]) throws {
        let missing = packages.filter { (try? run("/usr/bin/dpkg", ["-s", $0], quiet: true)) == nil }
        guard !missing.isEmpty else { return }
        print("installing \(missing.joined(separator: " ")) with apt-get…")
        let install = ["DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q"] + missing
        if getuid() == 0 {
            try run("/usr/bin/env", install)
        } else {
            try run("/usr/bin/sudo", ["/usr/bin/env"] + install)
        }
    }

    /// Runs `program` to completion with its output in a temporary file.
    /// posix_spawn and waitpid, not Foundation's Process: pg_ctl leaves a
    /// server running that inherits the descriptors Process watches, and
    /// Process then never sees its child end.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], quiet: Bool = false) throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "geode-bench-\(getpid())-\(UUID().uuidString).log"
        ).path
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
            throw PostgresError("cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // WIFEXITED && WEXITSTATUS == 0
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw PostgresError("\(program) \(arguments.joined(separator: " ")) failed: \(quiet ? "" : text)")
        }
        return text
    }
}
