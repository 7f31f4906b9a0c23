/// A geometry that GEOS or S2 could not build or evaluate, with the library's own
/// message, or a query shape that breaks a rule.
///
/// ```swift
/// do { _ = try context.geometry(wkt: "POLYGON((0 0, 1 1") }
/// catch let error as GeometryError { print(error) }
/// ```
package enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GEOS reported an error during `operation`.
    case geos(operation: String, message: String)
    /// S2 Geometry found a ring or polygon invalid during `operation`.
    case s2(operation: String, message: String)
    /// A query's shape breaks a rule: the message names the shape and the rule
    /// (`geoCircle: the radius must be …`).
    case invalidShape(String)

    package var description: String {
        switch self {
        case let .geos(operation, message):
            return "GEOS could not \(operation): \(message)"
        case let .s2(operation, message):
            return "S2 could not \(operation): \(message)"
        case let .invalidShape(message):
            return message
        }
    }
}
