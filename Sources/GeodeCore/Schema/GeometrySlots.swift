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
        guard let type = property(named: "type"), type.type == .string, type.collection == .single,
            let coordinates = property(named: "coordinates")
        else { return nil }
        if coordinates.type == .double, coordinates.collection == .list {
            return GeometrySlots(
                type: type.slot, coordinates: coordinates.slot, geometries: nil, holdsAnyGeometry: false)
        }
        guard coordinates.type == .mixed, coordinates.collection == .single else { return nil }
        let geometries = property(named: "geometries").flatMap {
            $0.type == .mixed && $0.collection == .single ? $0.slot : nil
        }
        return GeometrySlots(
            type: type.slot, coordinates: coordinates.slot, geometries: geometries, holdsAnyGeometry: true)
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
