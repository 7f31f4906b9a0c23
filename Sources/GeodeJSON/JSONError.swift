/// A JSON text that could not be read or a value that cannot be written as
/// JSON, with where it happened.
///
/// ```swift
/// do { _ = try JSONReader.parse("[1, 2,", source: "inline") }
/// catch let error as JSONError { print(error) }   // inline:1:7: ...
/// ```
package enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not valid JSON: jansson's message with line, column
    /// (1-based) and byte position (0-based).
    case syntax(message: String, source: String, line: Int, column: Int, position: Int)
    /// The value has no JSON form (a NaN or infinite number), at `path`.
    case unrepresentable(what: String, path: String)

    package var description: String {
        switch self {
        case let .syntax(message, source, line, column, position):
            return "\(source):\(line):\(column): \(message) (byte \(position))"
        case let .unrepresentable(what, path):
            return "\(what) at \(path.isEmpty ? "the top level" : path) has no JSON form"
        }
    }
}
