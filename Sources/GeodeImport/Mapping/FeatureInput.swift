import GeodeCore
import GeodeJSON
import OrderedCollections

/// A GeoJSON Feature taken apart: id, geometry, properties. The small
/// members become engine values; `properties` stays in the parsed tree until
/// an import converts it or writes it straight into a document.
package struct FeatureInput {
    package var id: Value
    /// The geometry's members (a Point's coordinates as doubles); nil when the feature has none.
    package var geometry: (type: String, coordinates: Value, geometries: Value?)?
    package var geometryType = "none"
    /// The `properties` object; nil when absent or null.
    package var properties: JSONNode?
    /// The feature's other members (RFC 7946's foreign members, and `bbox`), in
    /// their order; nil when it has none.
    package var foreignMembers: Value?

    /// The members a Feature is made of; any other is a foreign member.
    private static let featureMembers: Set<String> = ["type", "id", "geometry", "properties"]

    /// The geometry as an object of `cls` (a geometry class, or a geo point
    /// class for a Point); nil when the feature has none or `cls` cannot hold it.
    package func geometry(as cls: ClassSchema) -> Value? {
        guard let geometry, let slots = cls.geometrySlots else { return nil }
        guard slots.holdsAnyGeometry || geometry.type == "Point" else { return nil }
        var fields = [Value](repeating: .null, count: cls.slotCount)
        // Through the indices: `storedProperties` filters (and copies) the class's properties, once per feature.
        for i in cls.properties.indices where cls.properties[i].isStored {
            fields[cls.properties[i].slot] = cls.properties[i].defaultValue
        }
        fields[slots.type] = .string(geometry.type)
        fields[slots.coordinates] = geometry.coordinates
        if let index = slots.geometries { fields[index] = geometry.geometries ?? .null }
        return .embedded(fields)
    }

    /// The geometry as members for `create` (`type`, `coordinates`, and
    /// `geometries` when `cls` has it); nil when `cls` cannot hold it.
    package func geometryMembers(for cls: ClassSchema?) -> Value? {
        guard let cls, let geometry, let slots = cls.geometrySlots,
            slots.holdsAnyGeometry || geometry.type == "Point"
        else { return nil }
        var members: OrderedDictionary<String, Value> = [
            "type": .string(geometry.type), "coordinates": geometry.coordinates,
        ]
        if slots.geometries != nil { members["geometries"] = geometry.geometries ?? .null }
        return .map(members)
    }

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
        // Counted first, so that a feature of the four members alone is not walked.
        let given = 1 + (feature["id"] == nil ? 0 : 1) + (feature["properties"] == nil ? 0 : 1)
            + (feature["geometry"] == nil ? 0 : 1)
        if let count = feature.memberCount, count > given {
            var others = OrderedDictionary<String, Value>()
            for (key, node) in feature.members where !Self.featureMembers.contains(key) { others[key] = node.value }
            foreignMembers = .map(others)
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
            self.geometry = (type, .list(numbers.map { .double($0) }), nil)
        } else {
            try GeoJSONGeometryCheck.check(geometry, type: type, at: at + "/geometry")
            self.geometry = (type, geometry["coordinates"]?.value ?? .null, geometry["geometries"]?.value)
        }
    }
}
