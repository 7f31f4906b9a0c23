import Foundation
import GeodeImport

/// What an import did: records read and written, geometry types met, time.
///
/// ```swift
/// let report = try realm.importGeoJSON(from: url)
/// print(report)   // 1000000 features written in 41.2 s (24272/s, 7.1 MB/s); Point: 1000000
/// ```
public struct ImportReport: Sendable, CustomStringConvertible {
    /// Records read from the input.
    public var records = 0
    /// Objects created or updated.
    public var written = 0
    /// GeoJSON geometry types and how many features had each ("none" for null geometry).
    public var geometryTypes: [String: Int] = [:]
    /// Bytes of input.
    public var bytes = 0
    /// Wall-clock seconds, from opening the input to the last commit.
    public var seconds = 0.0

    /// A report of `tally`.
    init(_ tally: ImportTally) {
        (records, written, geometryTypes, bytes, seconds) = (
            tally.records, tally.written, tally.geometryTypes, tally.bytes, tally.seconds
        )
    }

    public var description: String {
        let rate =
            seconds > 0
            ? String(format: " (%.0f/s, %.1f MB/s)", Double(written) / seconds, Double(bytes) / 1e6 / seconds) : ""
        var text = "\(written) of \(records) records written in \(String(format: "%.2f", seconds)) s\(rate)"
        if !geometryTypes.isEmpty {
            text +=
                "; geometries: "
                + geometryTypes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        return text
    }
}

/// Where an import failed and how much of it was kept.
///
/// ```swift
/// catch let GeodeError.importFailed(failure) { print(failure.line, failure.pointer, failure.committed) }
/// ```
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    /// The input file.
    public var file: String
    /// 1-based line and column of the failing record (or syntax error).
    public var line: Int
    /// 1-based column (see ``line``).
    public var column: Int
    /// JSON pointer of the failing value: `/features/12/properties/name`.
    public var pointer: String
    /// What is wrong.
    public var message: String
    /// Records committed before the failure (kept in the store).
    public var committed: Int

    /// The failure `stop` describes.
    init(_ stop: ImportStop) {
        (file, line, column, pointer, message, committed) = (
            stop.file, stop.line, stop.column, stop.pointer, stop.message, stop.committed
        )
    }

    public var description: String {
        let at = pointer.isEmpty ? "" : " at \(pointer)"
        return "\(file):\(line):\(column)\(at): \(message) (\(committed) records committed before it were kept)"
    }
}
