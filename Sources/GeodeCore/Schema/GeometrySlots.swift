/// Where a geometry object keeps its parts in its class. Realm recognises a
/// geo point by shape, not by name — a class with a `type` string and a
/// `coordinates` list of doubles (longitude, latitude) — and Geode extends
/// the convention to every GeoJSON geometry: a class with a `type` string and
/// `coordinates` as AnyRealmValue (nested lists), and optionally
/// `geometries` as AnyRealmValue (a GeometryCollection's members).
package struct GeometrySlots {
    package var type: Int
    package var coordinates: Int
    /// A GeometryCollection's members, when the class has the property.
    package var geometries: Int?
    /// Whether `coordinates` is AnyRealmValue (any geometry) rather than a
    /// list of doubles (points only).
    package var holdsAnyGeometry: Bool
}

extension ClassSchema {
    /// Where this class keeps a geometry's parts, when it has a geometry object's shape; nil otherwise.
    package var geometrySlots: GeometrySlots? {
        // Read in place, not through `property(named:)`: an import asks for every record it
        // validates and maps, and copying the properties out was most of the cost.
        guard let type = properties.firstIndex(where: { $0.name == "type" }),
            properties[type].type == .string, properties[type].collection == .single,
            let coordinates = properties.firstIndex(where: { $0.name == "coordinates" })
        else { return nil }
        let typeSlot = properties[type].slot
        let coordinatesSlot = properties[coordinates].slot
        if properties[coordinates].type == .double, properties[coordinates].collection == .list {
            return GeometrySlots(type: typeSlot, coordinates: coordinatesSlot, geometries: nil, holdsAnyGeometry: false)
        }
        guard properties[coordinates].type == .mixed, properties[coordinates].collection == .single else { return nil }
        let geometries = properties.firstIndex(where: { $0.name == "geometries" }).flatMap {
            properties[$0].type == .mixed && properties[$0].collection == .single ? properties[$0].slot : nil
        }
        return GeometrySlots(
            type: typeSlot, coordinates: coordinatesSlot, geometries: geometries, holdsAnyGeometry: true)
    }
}

extension Schema {
    /// Whether `property` holds one geometry object (an embedded object of a geo point's or a geometry's shape).
    package func holdsOneGeoPoint(_ property: PropertySchema) -> Bool {
        guard property.type == .object, property.collection == .single,
            let target = self[property.objectClassName ?? ""], target.isEmbedded
        else { return false }
        return target.geometrySlots != nil
    }

    /// The first property of `cls` that holds one geometry object: where an
    /// import puts a feature's geometry (a geo point property takes Points
    /// only), and what an export writes as the feature's geometry.
    ///
    /// ```swift
    /// schema.firstGeoPointProperty(of: schema["City"]!)?.name   // "location"
    /// ```
    package func firstGeoPointProperty(of cls: ClassSchema) -> PropertySchema? {
        cls.storedProperties.first(where: holdsOneGeoPoint)
    }
}
