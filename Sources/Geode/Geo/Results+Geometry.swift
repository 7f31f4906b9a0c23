import GeodeCore
import GeodeGeo

extension Results where Element: RealmFetchable {
    /// The geometry the first object keeps in `property` (a geometry object
    /// or a geo point); nil when there is no object or it has no valid
    /// geometry there. What `geode query --within-feature` relates others to.
    ///
    /// ```swift
    /// let italy = try countries.filter("properties.iso_a3 == 'ITA'").firstGeometry(in: "geometry")
    /// ```
    package func firstGeometry(in property: String) throws -> GeoGeometry? {
        try geometry(at: 0, in: property)
    }

    /// The geometry object `index` keeps in `property`; nil when it has none.
    package func geometry(at index: Int, in property: String) throws -> GeoGeometry? {
        let keys = self.keys
        guard index < keys.count else { return nil }
        let table = cls.table
        let schema = realmOfResults.store.schema
        return try realmOfResults.withTransaction { txn in
            guard let members = try Self.members(of: keys[index], in: table, only: [property], schema, txn),
                case let .map(geometry)? = members[property], case let .string(type)? = geometry["type"]
            else { return nil }
            return try? GeoGeometry(
                type: type, coordinates: geometry["coordinates"] ?? .null, geometries: geometry["geometries"])
        }
    }

    /// The great-circle distance in metres from (longitude, latitude) to the
    /// geometry each object keeps in `property`, in order (0 inside one of its
    /// polygons, null for an object without a geometry), read in one transaction.
    package func distances(fromLongitude longitude: Double, latitude: Double, in property: String) throws -> [Value] {
        try plainValues(keyPath: property).map { stored in
            guard case let .map(geometry) = stored, case let .string(type)? = geometry["type"],
                let value = try? GeoGeometry(
                    type: type, coordinates: geometry["coordinates"] ?? .null, geometries: geometry["geometries"]),
                let sphere = try? SphereGeometry(value.geometryValue)
            else { return .null }
            let radians = sphere.distances(longitude: longitude, latitude: latitude).least
            return .double((radians * DistanceUnit.earthRadiusMeters * 1000).rounded() / 1000)
        }
    }

    /// The plain values at a dotted key path of every object, in order, read in one transaction.
    package func plainValues(keyPath: String) throws -> [Value] {
        let keys = self.keys
        let steps = PlainKeyPath.steps(keyPath)
        guard let first = steps.first else { return keys.map { _ in .null } }
        let table = cls.table
        let schema = realmOfResults.store.schema
        return try realmOfResults.withTransaction { txn in
            try keys.map { key in
                guard let members = try Self.members(of: key, in: table, only: [first], schema, txn) else {
                    return .null
                }
                return PlainKeyPath.value(at: steps, in: .map(members))
            }
        }
    }

    /// A spatial join: for each object of `regions` with a geometry at
    /// `regionKeyPath`, the objects of these results whose geometry at
    /// `keyPath` lies within it — reverse geocoding when these are points and
    /// the regions are borders. Each region's objects are found through the
    /// spatial index of `keyPath`; regions without a geometry are left out.
    /// A region whose geometry is no valid shape with `edges` (a border drawn
    /// for straight edges may cross itself once they are great circles)
    /// throws ``GeodeError/query(message:column:)`` naming the region.
    ///
    /// ```swift
    /// for (country, cities) in try cities.spatialJoin(within: countries, on: "location", regionsOn: "border", edges: .planar) {
    ///     try realm.write { for city in cities { city.country = country } }
    /// }
    /// ```
    public func spatialJoin<Region: RealmFetchable>(
        within regions: Results<Region>, on keyPath: String, regionsOn regionKeyPath: String,
        edges: GeoEdges = .geodesic
    ) throws -> [(region: Region, objects: Results<Element>)] {
        var joined: [(region: Region, objects: Results<Element>)] = []
        for index in 0 ..< regions.count {
            guard let geometry = try regions.geometry(at: index, in: regionKeyPath) else { continue }
            do {
                let inside = try query("\(keyPath) geoWithin $0", geometry.with(edges: edges))
                joined.append((regions[index], inside))
            } catch let GeodeError.query(message, _) {
                // A border that is no shape in these edges (one that crosses itself on the sphere): say whose.
                throw GeodeError.query(
                    message: "region \(index) of \(regions.cls.name) (its \(regionKeyPath)): \(message)", column: 0)
            }
        }
        return joined
    }
}
