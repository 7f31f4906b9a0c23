import Foundation
import GeodeCore
import GeodeJSON

/// A CSV input whose header was read to choose how to import it (features
/// when it has coordinates or a geometry column, else records), kept open
/// and handed to the import (``ImportSettings/openedCSV``), so that the
/// input is read once: a pipe streams in as it arrives, and nothing is saved
/// to disk first.
///
/// ```swift
/// let opened = try OpenedCSV(url: url, layout: CSVLayout())
/// var settings = ImportSettings()
/// settings.csv = CSVLayout()
/// settings.openedCSV = opened
/// print(opened.hasGeometry ? "features" : "records")
/// ```
package final class OpenedCSV: @unchecked Sendable {
    /// Whether the rows are features: the header names coordinate or geometry columns.
    package let hasGeometry: Bool
    private let source: Locked<CSVRecordSource?>

    /// Opens `url` and reads its header; a header that cannot be read stops the import at line 1.
    package init(url: URL, layout: CSVLayout) throws {
        do {
            let source = try CSVRecordSource(url: url, format: layout)
            hasGeometry = source.hasGeometry
            self.source = Locked(source)
        } catch let JSONError.syntax(message, source, line, column, _) {
            throw ImportError.stopped(
                ImportStop(file: source, line: line, column: column, pointer: "", message: message, committed: 0))
        }
    }

    /// The rows after the header, for the one import that reads them; nil after that.
    func take() -> CSVRecordSource? {
        source.withLock { source in
            defer { source = nil }
            return source
        }
    }
}
