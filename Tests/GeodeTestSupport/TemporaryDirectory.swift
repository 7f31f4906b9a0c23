import Foundation

/// A fresh directory under the system's temporary directory, removed when the
/// value is released.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let path = directory.path("test.geode")
/// ```
package final class TemporaryDirectory: @unchecked Sendable {
    /// The directory's path.
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("geode-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the files in the directory.
    package var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
