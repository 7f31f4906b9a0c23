import GeodeCore
import GeodeJSON

/// A GeoJSON Feature taken apart: id, point or other geometry, properties.
/// The small members become engine values; `properties` stays in the parsed
/// tree until an import converts it or writes it straight into a document.
package struct FeatureInput {
    package var id: Value
    package var point: Value?
    package var otherGeometry: Value = .null
    package var geometryType = "none"
    /// The `properties` object; nil when absent or null.
    package var properties: JSONNode?

    package init(_ record: JSONRecordStream.Record) throws {
        let at = record.pointer
        let feature = record.tree.root
        guard feature.isObject else {
            throw ImportProblem(pointer: at, message: "expected a GeoJSON Feature object, found \(feature.typeName)")
        }
        guard case .string("Feature")? = feature["type"]?.value else {
            throw ImportProblem(pointer: at + "/type", message: "expected \"type\": \"Feature\"")
        }
        id = feature["id"]?.value ?? .null
        switch id {
        case .null, .int, .double, .string: break
        default:
            throw ImportProblem(
                pointer: at + "/id", message: "a feature id must be a string or a number, not \(id.typeName)")
        }
        if let node = feature["properties"], !node.isNull {
            guard node.isObject else {
                throw ImportProblem(
                    pointer: at + "/properties", message: "properties must be an object or null, not \(node.typeName)")
            }
            properties = node
        }
        guard let geometry = feature["geometry"], !geometry.isNull else { return }
        guard geometry.isObject, case let .string(type)? = geometry["type"]?.value, GeometryRules.types.contains(type)
        else {
            throw ImportProblem(pointer: at + "/geometry", message: "expected a GeoJSON geometry with a known \"type\"")
        }
        geometryType = type
        // Every geometry follows RFC 7946's rules, or nothing of the record is written.
        if type == "Point" {
            let numbers = try GeoJSONGeometryCheck.position(geometry["coordinates"], at: at + "/geometry/coordinates")
            point = .embedded([.string("Point"), .list(numbers.map { .double($0) })])
        } else {
            try GeoJSONGeometryCheck.check(geometry, type: type, at: at + "/geometry")
            otherGeometry = geometry.value
        }
    }
}
