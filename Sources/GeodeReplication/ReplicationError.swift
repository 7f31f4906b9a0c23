/// Why replicating a store into PostgreSQL failed. Whatever the case, the
/// target keeps the last version it had applied whole (its watermark), and
/// the store is not changed beyond the change log's acknowledgement.
///
/// ```swift
/// do {
///     try replicator.replicate()
/// } catch ReplicationError.connection(let target, let message) {
///     print("cannot reach \(target): \(message)")
/// }
/// ```
public enum ReplicationError: Error, CustomStringConvertible, Sendable {
    /// The server could not be reached or refused the login (`target` is the
    /// connection string with any password hidden).
    case connection(target: String, message: String)
    /// The server refused a statement: its SQLSTATE code (`42P01`, …) when it
    /// sent one, its message, and the statement.
    case server(state: String?, message: String, statement: String)
    /// A table in the target does not have the shape the class needs.
    case targetMismatch(table: String, reason: String)
    /// The store's change log no longer holds the changes after the target's
    /// watermark (the replica was removed as a consumer, or the log was
    /// pruned): the target must be loaded again from a snapshot.
    case changesMissing(storePath: String, watermark: Int)
    /// The target was loaded from another store.
    case otherStore(expected: String, found: String)
    /// Reading the store failed.
    case store(path: String, message: String)
    /// A stored value has no form in its column (a geometry object that
    /// holds no GeoJSON geometry).
    case invalidValue(table: String, column: String, message: String)

    public var description: String {
        switch self {
        case let .connection(target, message): return "cannot connect to \(target): \(message)"
        case let .server(state, message, statement):
            let shown = statement.count > 200 ? String(statement.prefix(200)) + "…" : statement
            return "PostgreSQL refused \(shown.isEmpty ? "a request" : "'\(shown)'")\(state.map { " (\($0))" } ?? ""): \(message)"
        case let .targetMismatch(table, reason): return "the target table \(table) does not fit: \(reason)"
        case let .changesMissing(path, watermark):
            return
                "the change log of '\(path)' no longer holds the changes after version \(watermark), the target's watermark: load the target again (--snapshot)"
        case let .otherStore(expected, found):
            return "the target was loaded from store \(found), not from this store (\(expected))"
        case let .store(path, message): return "reading '\(path)' failed: \(message)"
        case let .invalidValue(table, column, message):
            return "\(table).\(column) holds a value the target cannot take: \(message)"
        }
    }
}
