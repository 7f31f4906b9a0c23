import Foundation

/// Why an import stopped. The API layer turns each case into the user's error
/// (`GeodeError.file`, `.invalidValue`, `.importFailed`).
///
/// ```swift
/// catch ImportError.stopped(let stop) { print(stop.file, stop.line, stop.pointer, stop.message) }
/// ```
package enum ImportError: Error, CustomStringConvertible {
    /// The input cannot be opened, read or mapped (`EISDIR` for a directory).
    case unreadable(path: String, operation: String, errno: Int32)
    /// A setting cannot be used (a CSV delimiter of two characters).
    case badOption(String)
    /// The class cannot take the records (no property for their identity, not the shape the mapping needs).
    case unfitClass(className: String, message: String)
    /// A record (or the text around it) stopped the import; the batches before it were kept.
    case stopped(ImportStop)

    package var description: String {
        switch self {
        case let .unreadable(path, operation, code) where code == EISDIR:
            return "cannot \(operation) '\(path)': it is a directory"
        case let .unreadable(path, operation, code):
            return "cannot \(operation) '\(path)': \(String(cString: strerror(code)))"
        case let .badOption(message), let .unfitClass(_, message):
            return message
        case let .stopped(stop):
            return stop.message
        }
    }
}
