/// A geometry that GEOS could not build or evaluate, with GEOS's own message.
///
/// ```swift
/// do { _ = try context.geometry(wkt: "POLYGON((0 0, 1 1") }
/// catch let error as GeometryError { print(error) }
/// ```
package enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GEOS reported an error during `operation`.
    case geos(operation: String, message: String)

    package var description: String {
        switch self {
        case let .geos(operation, message):
            return "GEOS could not \(operation): \(message)"
        }
    }
}
