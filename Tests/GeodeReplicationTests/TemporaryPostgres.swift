import Foundation
import GeodeTestSupport
import LocalPostgres

/// A PostgreSQL 15 server with PostGIS for one test, with password logins,
/// in a temporary directory removed with it.
final class TemporaryPostgres: @unchecked Sendable {
    static let password = "geode-secret"
    let directory: TemporaryDirectory
    let server: LocalPostgresServer

    init() throws {
        directory = try TemporaryDirectory()
        server = try LocalPostgresServer(directory: directory.url, password: Self.password, settings: ["fsync=off"])
    }

    /// A connection string for database `postgres` as user `geode`.
    func conninfo(password: String = TemporaryPostgres.password) -> String { server.conninfo(password: password) }

    /// Runs `sql` with psql and returns its unaligned, tuples-only output.
    func psql(_ sql: String) throws -> String {
        try ProgramRun.run(
            LocalPostgresServer.binaries.appendingPathComponent("psql").path,
            [conninfo(), "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { server.stop() }
}
