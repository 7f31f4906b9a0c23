import Foundation

/// A program run to its end, its output in a temporary file: what starting
/// and stopping a PostgreSQL server needs.
///
/// `posix_spawn` and `waitpid`, not Foundation's `Process`: `pg_ctl` leaves a
/// server running that inherits every descriptor it was given, and `Process`
/// (which watches one) or a pipe would then never see the program end.
///
/// ```swift
/// let version = try ProgramRun.run("/usr/lib/postgresql/15/bin/postgres", ["--version"])
/// ```
package enum ProgramRun {
    /// Runs `program` with `arguments`; returns what it printed, or throws
    /// with it (unless `quiet`) when it fails.
    @discardableResult
    package static func run(_ program: String, _ arguments: [String], quiet: Bool = false) throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "geode-run-\(getpid())-\(UUID().uuidString).log"
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
            throw ProgramFailure(description: "cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // WIFEXITED && WEXITSTATUS == 0
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ProgramFailure(description: "\(program) \(arguments.joined(separator: " ")) failed: \(quiet ? "" : text)")
        }
        return text
    }
}

/// A program that could not start or did not succeed.
package struct ProgramFailure: Error, CustomStringConvertible {
    package let description: String
}
