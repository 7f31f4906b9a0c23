/// Where and why an import stopped: file, line, column, the record's JSON
/// pointer, the message, and how many records earlier batches committed.
package struct ImportStop: Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var pointer: String
    package var message: String
    package var committed: Int
}
