import GeodeCore
import GeodeJSON

/// A record of a row import, mapped on the parser thread: its
/// row and id, prepared for storage unless the writer must look the id up.
struct MappedRecord: Sendable {
    var row: [Value]
    var id: Value
    var geometryType: String?
    var prepared: PreparedRow?
    /// A property (row index) whose value is still in the parsed tree, its place
    /// in `row` holding null: written straight into the document, or put into
    /// the row, on the parser thread (never handed to the writer).
    var streamed: (property: Int, node: JSONNode)?

    init(row: [Value], id: Value, geometryType: String?) {
        self.row = row
        self.id = id
        self.geometryType = geometryType
    }
}
