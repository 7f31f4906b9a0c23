import GeodeImport
/// How ``Realm/importCSV(from:into:options:)`` reads a CSV or TSV file: its
/// delimiter, where its coordinates or geometry are, and the type of each column.
///
/// By default the first row names the columns; coordinates are found the way
/// ogr2ogr finds them (a latitude column named `lat`, `latitude` or `y` and a
/// longitude column named `lon`, `lng`, `long`, `longitude` or `x`, in any
/// case), or a geometry column named `wkt`, `geometry`, `geom` or `the_geom`
/// holding WKT or GeoJSON; each value's type is inferred: empty is null,
/// `true`/`false` a Bool, `42` an Int (not `007`, which stays text), `4.2` a
/// Double, `2024-05-01` or `2024-05-01T12:00:00Z` a Date, anything else a String.
///
/// ```swift
/// var options = ImportOptions()
/// options.csv = CSVFormat(delimiter: "\t")
/// options.csv?.columnTypes = ["zip": .string]
/// try realm.importCSV(from: URL(fileURLWithPath: "stations.tsv"), options: options)
/// ```
public struct CSVFormat: Sendable, Equatable {
    /// What a column's values become.
    public enum ColumnType: String, Sendable, CaseIterable {
        /// Inferred for each value (the default).
        case automatic = "auto"
        case string
        case integer = "int"
        case double
        case bool
        case date
    }

    /// The character between fields: `,` for CSV, a tab for TSV.
    public var delimiter: Character
    /// The latitude column, when not found by its name.
    public var latitudeColumn: String?
    /// The longitude column, when not found by its name.
    public var longitudeColumn: String?
    /// A column holding each row's geometry as WKT or GeoJSON, when not found by its name.
    public var geometryColumn: String?
    /// Types for some columns by name; the others are inferred.
    public var columnTypes: [String: ColumnType] = [:]

    /// CSV (`,`) unless another delimiter is given.
    public init(
        delimiter: Character = ",", latitudeColumn: String? = nil, longitudeColumn: String? = nil,
        geometryColumn: String? = nil
    ) {
        self.delimiter = delimiter
        self.latitudeColumn = latitudeColumn
        self.longitudeColumn = longitudeColumn
        self.geometryColumn = geometryColumn
    }

    /// The same format for the importer below the object model.
    var layout: CSVLayout {
        var layout = CSVLayout()
        layout.delimiter = delimiter
        layout.latitudeColumn = latitudeColumn
        layout.longitudeColumn = longitudeColumn
        layout.geometryColumn = geometryColumn
        layout.columnTypes = columnTypes.mapValues(\.layoutType)
        return layout
    }
}

extension CSVFormat.ColumnType {
    /// The importer's name for this type: a switch, so that a case added to one
    /// enum and not the other fails to compile instead of reading as automatic.
    var layoutType: CSVColumnType {
        switch self {
        case .automatic: return .automatic
        case .string: return .string
        case .integer: return .integer
        case .double: return .double
        case .bool: return .bool
        case .date: return .date
        }
    }
}
