/// Where a geo point keeps its parts in its class: Realm recognises a geo
/// point by shape, not by name — a class with a `type` string and a
/// `coordinates` list of doubles (longitude, latitude).
struct GeoPointSlots {
    var type: Int
    var coordinates: Int
}

extension ClassSchema {
    /// Where this class keeps a geo point's parts, when it has a geo point's shape; nil otherwise.
    var geoPointSlots: GeoPointSlots? {
        guard let type = property(named: "type"), type.type == .string, type.collection == .single,
            let coordinates = property(named: "coordinates"), coordinates.type == .double,
            coordinates.collection == .list
        else { return nil }
        return GeoPointSlots(type: type.slot, coordinates: coordinates.slot)
    }
}

extension Schema {
    /// Whether `property` holds one geo point (an embedded object of a geo point's shape).
    package func holdsOneGeoPoint(_ property: PropertySchema) -> Bool {
        guard property.type == .object, property.collection == .single,
            let target = self[property.objectClassName ?? ""], target.isEmbedded
        else { return false }
        return target.geoPointSlots != nil
    }

    /// The first property of `cls` that holds one geo point: where an import puts a
    /// feature's Point, and what an export writes as the feature's geometry.
    ///
    /// ```swift
    /// schema.firstGeoPointProperty(of: schema["City"]!)?.name   // "location"
    /// ```
    package func firstGeoPointProperty(of cls: ClassSchema) -> PropertySchema? {
        cls.storedProperties.first(where: holdsOneGeoPoint)
    }
}
