import GeodeCore

/// The engine's view of Realm's geo point: an embedded class with a `type`
/// string and a `coordinates` list of doubles (recognised by shape, not name).
package enum GeoPointSchema {
    /// The embedded point class, named `Point`.
    package static let point = ClassSchema(
        name: "Point",
        properties: [
            PropertySchema(name: "type", type: .string),
            PropertySchema(name: "coordinates", type: .double, collection: .list),
        ], isEmbedded: true)

    /// An optional point property named `name`.
    package static func property(_ name: String) -> PropertySchema {
        PropertySchema(name: name, type: .object, isOptional: true, objectClassName: "Point")
    }
}
