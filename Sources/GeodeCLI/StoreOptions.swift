import ArgumentParser
import Foundation
import Geode

/// Opens the store the tool works on, with the classes the tool knows.
enum ToolStore {
    /// The store used when none is named: `$GEODE_STORE`, else `geode.geode` in the current directory.
    static var defaultPath: String {
        ProcessInfo.processInfo.environment["GEODE_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? "geode.geode"
    }

    static func open(_ path: String, readOnly: Bool = false) throws -> Realm {
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path),
                                                objectTypes: [GeoFeature.self, GeoJSONPoint.self, JSONDocument.self])
        configuration.readOnly = readOnly
        return try Realm(configuration: configuration)
    }

    /// Opens a store that must exist, read-only; exit status 66 when it does not.
    static func openExisting(_ path: String) throws -> Realm {
        guard FileManager.default.fileExists(atPath: path) else {
            ExitStatus.report("no such store: \(path)")
            throw ExitCode(ExitStatus.missingFile)
        }
        return try open(path, readOnly: true)
    }

    /// Whether a file name says GeoJSON (`.geojson`, `.geojsonl`, `.geojsons`).
    static func looksLikeGeoJSON(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".geojson") || lower.hasSuffix(".geojsonl") || lower.hasSuffix(".geojsons") || lower.hasSuffix(".geojsonseq")
    }
}

/// What `import` reads its input as.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case auto, geojson, json
}
