import GeodeCore
import GeodeGeo
import Testing

/// A circle's radius in the query language: radians as in Realm, or a length
/// or angle with its unit, converted with Realm's Earth radius.
@Suite struct DistanceUnitTests {
    static func radius(_ query: String) throws -> Double? {
        guard case let .geo(.within, _, shape, _) = try QueryParser.parse(query).predicate,
            case let .circle(_, _, radians) = shape.kind
        else { return nil }
        return radians
    }

    static let earth = 6_378_100.0
    static let cases: [(String, Double)] = [
        ("10km", 10_000 / earth), ("10 km", 10_000 / earth), ("500m", 500 / earth), ("3mi", 3 * 1609.344 / earth),
        ("2deg", 2 * Double.pi / 180), ("0.25rad", 0.25), ("0.25", 0.25), ("1e1KM", 10_000 / earth),
    ]

    @Test(arguments: cases)
    func aRadiusWithAUnitIsConvertedToRadians(written: String, radians: Double) throws {
        let found = try #require(try Self.radius("location geoWithin geoCircle([2.35, 48.85], \(written))"))
        #expect(abs(found - radians) < 1e-15, "\(written) read as \(found)")
    }

    @Test func anUnknownUnitIsALocatedQueryError() {
        #expect(throws: StoreError.self) {
            _ = try QueryParser.parse("location geoWithin geoCircle([2.35, 48.85], 10 furlongs)")
        }
    }
}
