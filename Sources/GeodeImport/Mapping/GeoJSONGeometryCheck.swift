import GeodeCore
import GeodeJSON

/// The rules RFC 7946 sets for GeoJSON geometries (``GeometryRules``, the
/// same rules a geometry object is held to when written), checked when a
/// feature is imported, each failure naming the JSON pointer of the value at
/// fault and the rule.
///
/// ```swift
/// try GeoJSONGeometryCheck.check(geometry, type: "Polygon", at: "/features/3/geometry")
/// ```
enum GeoJSONGeometryCheck {
    /// The longitude and latitude (and altitude, when given) of a position,
    /// brought onto the limit when past it by no more than ``GeometryRules/tolerance``.
    static func position(_ node: JSONNode?, at pointer: String) throws -> [Double] {
        do {
            return try GeometryRules.positionNumbers(node?.value, at: "")
        } catch {
            throw ImportProblem(pointer: pointer + error.pointer, message: error.message)
        }
    }

    /// Throws unless the geometry of type `type` at `pointer` follows the rules.
    static func check(_ geometry: JSONNode, type: String, at pointer: String) throws {
        do {
            _ = try GeometryRules.geometry(
                type: type, coordinates: geometry["coordinates"]?.value, geometries: geometry["geometries"]?.value)
        } catch {
            throw ImportProblem(pointer: pointer + error.pointer, message: error.message)
        }
    }
}
