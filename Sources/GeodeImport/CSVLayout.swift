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
