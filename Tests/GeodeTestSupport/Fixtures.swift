import Foundation

/// The repository's `Data/` folder, where fixture inputs and expected outputs live.
package enum Fixtures {
    /// `Data/` at the repository's top level.
    package static var dataDirectory: URL {
        URL(fileURLWithPath: #filePath)  // Tests/GeodeTestSupport/Fixtures.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data")
    }

    /// The repository's top level.
    package static var repositoryDirectory: URL { dataDirectory.deletingLastPathComponent() }

    /// The files in `Data/<folder>` whose names end in `suffix`, sorted.
    package static func files(in folder: String, endingWith suffix: String) -> [URL] {
        let directory = dataDirectory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }
}
