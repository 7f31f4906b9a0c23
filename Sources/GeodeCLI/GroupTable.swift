import CSV
import Foundation
import Geode
import GeodeCore
import GeodeJSON

/// What `geode query --group-by` prints: one row per group, with its count and
/// the sum, average, minimum and maximum of each aggregated key path.
struct GroupTable {
    let keyPath: String
    let aggregated: [String]
    let groups: [ResultsGroup]

    /// The column names: the key path, `count`, then `sum(p)`, `avg(p)`, `min(p)`, `max(p)` per path.
    var columns: [String] {
        [keyPath, "count"] + aggregated.flatMap { ["sum(\($0))", "avg(\($0))", "min(\($0))", "max(\($0))"] }
    }

    /// Each group's cells as JSON values, in column order.
    var rows: [[Value]] {
        groups.map { group in
            [Self.value(group.key), .int(Int64(group.count))]
                + aggregated.flatMap { path -> [Value] in
                    let summary = group.summaries[path] ?? NumericSummary()
                    return [
                        .double(summary.sum), summary.average.map(Value.double) ?? .null,
                        summary.min.map(Value.double) ?? .null, summary.max.map(Value.double) ?? .null,
                    ]
                }
        }
    }

    /// Writes the groups as `format`: a padded text table, or JSON objects
    /// (one per line for ndjson, an array for json).
    func write(as format: ExportFormat) throws {
        let columns = self.columns
        let rows = self.rows
        switch format {
        case .table:
            let cells = try rows.map { try $0.map(Self.cell) }
            let widths = columns.indices.map { i in max(columns[i].count, cells.map { $0[i].count }.max() ?? 0) }
            func line(_ items: [String]) -> String {
                zip(items, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                    .trimmingCharacters(in: .whitespaces)
            }
            print(line(columns))
            for row in cells { print(line(row)) }
        case .csv, .tsv:
            let delimiter = format == .csv ? "," : "\t"
            let stream = OutputStream.toMemory()
            stream.open()
            let writer = try CSVWriter(stream: stream, delimiter: delimiter)
            try writer.write(row: columns)
            for row in rows { try writer.write(row: try row.map { $0 == .null ? "" : try Self.cell($0) }) }
            stream.close()
            if let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
        case .json, .jsonLines, .geoJSON, .geoJSONLines:
            // A key path named like another column (`count`) keeps the first.
            let objects = rows.map { row in Value.map(.init(zip(columns, row), uniquingKeysWith: { first, _ in first }))
            }
            if format == .json {
                print(try JSONWriter.string(.list(objects), pretty: true))
            } else {
                for object in objects { print(try JSONWriter.string(object, pretty: false)) }
            }
        }
    }

    private static func cell(_ value: Value) throws -> String {
        switch value {
        case let .string(s): return s
        case .null: return ""
        case let .double(d) where d == d.rounded() && abs(d) < 1e15: return String(Int64(d))
        default: return try JSONWriter.string(value, pretty: false)
        }
    }

    /// A group's key as a JSON value (scalars as they are; anything else as its description).
    private static func value(_ key: AnyRealmValue) -> Value {
        switch key {
        case .none: return .null
        case let .string(s): return .string(s)
        case let .int(i): return .int(Int64(i))
        case let .double(d): return .double(d)
        case let .float(f): return .double(Double(f))
        case let .bool(b): return .bool(b)
        default: return .string(String(describing: key))
        }
    }
}
