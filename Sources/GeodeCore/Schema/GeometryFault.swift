/// Why a GeoJSON geometry is malformed: the JSON pointer of the value at fault,
/// relative to the geometry object (`/coordinates/0/3`, `/geometries/1/type`),
/// and the rule it breaks.
///
/// ```swift
/// do { _ = try GeometryRules.geometry(type: "Polygon", coordinates: value) }
/// catch { print(error.pointer, error.message) }   // "/coordinates/0" "a linear ring needs 4 positions or more, not 3"
/// ```
package struct GeometryFault: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where, below the geometry object, in JSON-pointer form ("" for the object itself).
    package var pointer: String
    /// The rule, in words.
    package var message: String

    package init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    package var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}
