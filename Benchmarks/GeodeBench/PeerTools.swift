import Foundation
import LocalPostgres

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

    /// Runs `program` to completion (``ProgramRun``).
    @discardableResult
    static func run(_ program: String, _ arguments: [String], quiet: Bool = false) throws -> String {
        try ProgramRun.run(program, arguments, quiet: quiet)
    }
}
