/// The type a CSV column's fields are read as.
package enum CSVColumnType: String, Sendable, CaseIterable {
    /// As the field looks: an integer, a number, true/false, else a string.
    case automatic = "auto"
    case string
    case integer = "int"
    case double
    case bool
    /// `YYYY-MM-DD` (midnight UTC) or ISO 8601 with a time.
    case date
}
