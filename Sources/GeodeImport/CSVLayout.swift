/// How a CSV or TSV file is read: the delimiter, which columns hold the point
/// or the geometry (found by name when not given), and each column's type.
package struct CSVLayout: Sendable, Equatable {
    package var delimiter: Character = ","
    package var latitudeColumn: String?
    package var longitudeColumn: String?
    package var geometryColumn: String?
    package var columnTypes: [String: CSVColumnType] = [:]

    package init() {}

    /// Column names taken for a latitude, a longitude and a geometry (any case).
    static let latitudeNames: Set<String> = ["lat", "latitude", "y"]
    static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude", "x"]
    static let geometryNames: Set<String> = ["wkt", "geometry", "geom", "the_geom"]
}

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
