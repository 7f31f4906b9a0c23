import GeodeCore

extension Results {
    /// The geometry the first object keeps in `property` (a geometry object
    /// or a geo point); nil when there is no object or it has no valid
    /// geometry there. What `geode query --within-feature` relates others to.
    ///
    /// ```swift
    /// let italy = try countries.filter("properties.iso_a3 == 'ITA'").firstGeometry(in: "geometry")
    /// ```
    package func firstGeometry(in property: String) throws -> GeoGeometry? {
        guard let key = keys.first else { return nil }
        let table = cls.table
        let schema = realmOfResults.store.schema
        return try realmOfResults.withTransaction { txn in
            guard let members = try Self.members(of: key, in: table, only: [property], schema, txn),
                case let .map(geometry)? = members[property], case let .string(type)? = geometry["type"]
            else { return nil }
            return try? GeoGeometry(
                type: type, coordinates: geometry["coordinates"] ?? .null, geometries: geometry["geometries"])
        }
    }
}
