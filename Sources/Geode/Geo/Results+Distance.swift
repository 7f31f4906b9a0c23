import GeodeCore
import GeodeGeo

extension Results where Element: RealmFetchable {
    /// The objects ordered by the great-circle distance of the geo point at
    /// `keyPath` from `center`, nearest first (objects without a well-formed
    /// point last; ties keep their order). Beyond Realm.
    ///
    /// ```swift
    /// let byDistance = realm.objects(Place.self).sorted(byDistanceFrom: paris, on: "location")
    /// ```
    public func sorted(byDistanceFrom center: GeoPoint, on keyPath: String) -> Results<Element> {
        do {
            return try refined(
                GeodeCore.Query(predicate: .constant(true), distance: try Self.ordering(center, keyPath)))
        } catch {
            preconditionFailure("Geode: cannot sort \(cls.name) by distance: \(GeodeError.from(error))")
        }
    }

    /// The `count` objects whose geo point at `keyPath` is nearest to `center`,
    /// nearest first; objects without a point are never among them. The same
    /// as `keyPath geoWithin geoCircle([lon, lat], 180deg)
    /// SORT(DISTANCE(keyPath, [lon, lat])) LIMIT(count)`, answered through the
    /// spatial index (circles around the centre widen until they hold `count`
    /// objects).
    ///
    /// ```swift
    /// let fiveNearest = realm.objects(Place.self).nearest(to: paris, count: 5, on: "location")
    /// ```
    public func nearest(to center: GeoPoint, count: Int, on keyPath: String) -> Results<Element> {
        precondition(count >= 0, "Geode: nearest(to:count:) needs a count of 0 or more")
        do {
            let ordering = try Self.ordering(center, keyPath)
            let everywhere = GeoShape(.circle(longitude: center.longitude, latitude: center.latitude, radians: .pi))
            var query = GeodeCore.Query(predicate: .geo(.within, ordering.path, everywhere, .any), distance: ordering)
            query.append(.limit(count))
            return try refined(query)
        } catch {
            preconditionFailure("Geode: cannot find the objects nearest to \(center): \(GeodeError.from(error))")
        }
    }

    private static func ordering(_ center: GeoPoint, _ keyPath: String) throws -> DistanceOrdering {
        DistanceOrdering(
            path: try QueryParser.parseKeyPath(keyPath), longitude: center.longitude, latitude: center.latitude)
    }
}

extension GeodeCore.Query {
    init(predicate: QueryPredicate, distance: DistanceOrdering) {
        self.init(predicate: predicate)
        distanceOrdering = distance
    }
}
