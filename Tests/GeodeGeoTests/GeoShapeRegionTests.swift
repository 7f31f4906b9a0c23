import GeodeGeo
import Testing

/// A query's shape becomes a region the engine tests points against; a shape
/// that breaks a rule is refused with a message naming the shape and the rule.
@Suite struct GeoShapeRegionTests {
    @Test func aCircleHoldsItsCentreAndNotAPointBeyondItsRadius() throws {
        // 0.01 rad of arc is about 63.8 km on Realm's Earth.
        let region = try GeoShape(.circle(longitude: 2.35, latitude: 48.85, radians: 0.01)).region()
        #expect(region.contains(longitude: 2.35, latitude: 48.85))
        #expect(region.contains(longitude: 2.35, latitude: 49.3))
        #expect(!region.contains(longitude: 2.35, latitude: 49.5))
    }

    @Test func aPlanarBoxAcrossTheAntimeridianHoldsBothSides() throws {
        let region = try GeoShape(.box(west: 170, south: -10, east: -170, north: 10), edges: .planar).region()
        #expect(region.contains(longitude: 175, latitude: 0))
        #expect(region.contains(longitude: -175, latitude: 0))
        #expect(!region.contains(longitude: 0, latitude: 0))
        #expect(region.bounds.count == 2)
    }

    @Test func aGeodesicPolygonFollowsGreatCirclesNotParallels() throws {
        // The great circle between (−60, 60) and (60, 60) passes north of the
        // parallel at 60°: (0, 65) is inside the geodesic square, not the planar one.
        let ring = [(-60.0, 0.0), (60, 0), (60, 60), (-60, 60), (-60, 0)].map {
            GeoCoordinate(longitude: $0.0, latitude: $0.1)
        }
        let geodesic = try GeoShape(.polygon(rings: [ring])).region()
        let planar = try GeoShape(.polygon(rings: [ring]), edges: .planar).region()
        #expect(geodesic.contains(longitude: 0, latitude: 65))
        #expect(!planar.contains(longitude: 0, latitude: 65))
    }

    @Test(arguments: [
        (
            GeoShape(.circle(longitude: 0, latitude: 0, radians: -1)),
            "geoCircle: the radius must be a finite angle of 0 radians or more, not -1.0"
        ),
        (
            GeoShape(.circle(longitude: 200, latitude: 0, radians: 1)),
            "geoCircle: longitude 200.0 is outside [-180, 180]"
        ),
        (
            GeoShape(.box(west: 0, south: 10, east: 1, north: 5), edges: .planar),
            "geoBox: the bottom-left corner (latitude 10.0) is north of the top-right corner (latitude 5.0)"
        ),
        (
            GeoShape(
                .polygon(rings: [
                    [
                        GeoCoordinate(longitude: 0, latitude: 0), GeoCoordinate(longitude: 1, latitude: 0),
                        GeoCoordinate(longitude: 1, latitude: 1),
                    ]
                ])),
            "geoPolygon: ring 0 is not closed: its last point must equal its first"
        ),
    ])
    func aShapeThatBreaksARuleIsRefusedNamingIt(shape: GeoShape, message: String) {
        #expect(throws: GeometryError.invalidShape(message)) { _ = try shape.region() }
    }

    @Test func aPolygonWhoseEdgesCrossNamesTheRule() {
        let bowtie = [(0.0, 0.0), (1, 1), (1, 0), (0, 1), (0, 0)].map { GeoCoordinate(longitude: $0.0, latitude: $0.1) }
        #expect {
            try PolygonRules.check([bowtie], edges: .planar)
        } throws: { error in
            guard case .selfIntersection? = error as? PolygonFault else { return false }
            return true
        }
    }
}
