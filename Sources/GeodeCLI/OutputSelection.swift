import ArgumentParser

/// Which of the matching objects `query` and `export` write, and which of their
/// key paths: `--limit`, `--offset` and `--fields`, the same in both commands.
struct OutputSelection: ParsableArguments {
    @Option(help: "Write at most this many objects (groups, with --group-by).")
    var limit: Int?

    @Option(help: "Skip this many objects first, after sorting (groups, with --group-by).")
    var offset = 0

    @Option(
        help:
            "Write only these key paths, comma-separated (name,properties.population); as GeoJSON, they are the properties."
    )
    var fields: String?

    func validate() throws {
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more") }
        guard (limit ?? 0) >= 0 else { throw ValidationError("--limit must be 0 or more") }
    }

    /// The `LIMIT` clause that leaves enough objects for the offset (at most
    /// `Int.max`), or nothing.
    var limitClause: String {
        limit.map { " LIMIT(\($0.addingReportingOverflow(offset).overflow ? Int.max : $0 + offset))" } ?? ""
    }

    /// The key paths of `--fields`, nil when not given.
    var fieldList: [String]? { ToolStore.fieldList(fields) }
}
