import Foundation
import Geode

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
    /// removed when the process exits.
    static func scratch(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("geode-fuzz-\(name)-\(getpid())")
        if scratchPaths.isEmpty {
            // An `atexit` handler captures nothing: it reads the paths from here.
            atexit { for path in FuzzTarget.scratchPaths { unlink(path) } }
        }
        scratchPaths += [url.path, url.path + "-lock"]
        return url
    }

    /// A realm of `types` in the scratch store `NAME.geode`; nil when it cannot be opened.
    static func scratchRealm(_ name: String, _ types: [ObjectBase.Type]) -> Realm? {
        try? Realm(configuration: Realm.Configuration(fileURL: scratch("\(name).geode"), objectTypes: types))
    }

    /// The scratch files to remove at exit (a store's lock file too).
    nonisolated(unsafe) private static var scratchPaths: [String] = []

    func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .query: QueryFuzz.run(input)
        case .json: JSONFuzz.run(input)
        case .document: DocumentFuzz.run(input)
        case .csv: CSVFuzz.run(input)
        }
    }
}
