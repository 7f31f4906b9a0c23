import Foundation

/// The inputs Geode must survive whatever their bytes: each target runs one
/// input and returns; a crash, a hang or a sanitizer report is a bug.
enum FuzzTarget: String, CaseIterable {
    /// Query text against a store of every property type (`QueryFuzz`).
    case query
    /// JSON and GeoJSON text through the importer and `AnyRealmValue(json:)` (`JSONFuzz`).
    case json
    /// Bytes read as a stored document (`DocumentFuzz`).
    case document
    /// CSV, TSV and other delimited text through the importer (`CSVFuzz`).
    case csv

    /// A file of this process in the temporary directory (`geode-fuzz-NAME-PID`),
    /// named the same from an `atexit` handler, which can capture nothing.
    static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("geode-fuzz-\(name)-\(getpid())")
    }

    func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .query: QueryFuzz.run(input)
        case .json: JSONFuzz.run(input)
        case .document: DocumentFuzz.run(input)
        case .csv: CSVFuzz.run(input)
        }
    }
}
