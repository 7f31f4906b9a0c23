import GeodeCore
import GeodeGeo

extension Results {
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
    /// nearest first, found through the spatial index: circles around the
    /// centre widen until they hold `count` objects (or the whole sphere).
    ///
    /// ```swift
    /// let fiveNearest = realm.objects(Place.self).nearest(to: paris, count: 5, on: "location")
    /// ```
    public func nearest(to center: GeoPoint, count: Int, on keyPath: String) -> Results<Element> {
        precondition(count >= 0, "Geode: nearest(to:count:) needs a count of 0 or more")
        do {
            let path = try QueryParser.parseKeyPath(keyPath)
            var radius = 1e-5
            while true {
                let circle = GeoShape(.circle(longitude: center.longitude, latitude: center.latitude, radians: radius))
                let within = try refined(GeodeCore.Query(predicate: .geoWithin(path, circle, .any)))
                if radius >= .pi || within.count >= count {
                    var narrowed = GeodeCore.Query(
                        predicate: .constant(true), distance: try Self.ordering(center, keyPath))
                    narrowed.append(.limit(count))
                    return try within.refined(narrowed)
                }
                radius = Swift.min(.pi, radius * 8)
            }
        } catch {
            preconditionFailure("Geode: cannot find the objects nearest to \(center): \(GeodeError.from(error))")
        }
    }

    private static func ordering(_ center: GeoPoint, _ keyPath: String) throws -> DistanceOrdering {
        let (lon, lat) = (center.longitude, center.latitude)
        return DistanceOrdering(path: try QueryParser.parseKeyPath(keyPath)) {
            Spherical.distance(longitude1: lon, latitude1: lat, longitude2: $0, latitude2: $1)
        }
    }
}

extension GeodeCore.Query {
    init(predicate: QueryPredicate, distance: DistanceOrdering) {
        self.init(predicate: predicate)
        distanceOrdering = distance
    }
}
