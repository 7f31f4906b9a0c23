/// The units a circle's radius may carry in the query language: Realm's
/// `geoCircle` takes radians, and Geode also reads a length or an angle with
/// its unit, converted with Realm's Earth radius.
///
/// ```swift
/// // geoCircle([2.35, 48.85], 10km) is geoCircle([2.35, 48.85], 0.001567…)
/// DistanceUnit(word: "km")?.radians(10)
/// ```
package enum DistanceUnit: String, CaseIterable, Sendable {
    case radians = "rad"
    case degrees = "deg"
    case kilometers = "km"
    case meters = "m"
    case miles = "mi"

    /// The Earth radius Realm converts lengths with, in meters.
    package static let earthRadiusMeters = 6_378_100.0
    /// Meters in a statute mile.
    package static let metersPerMile = 1609.344

    /// The unit a query writes as `word` (`km`, `m`, `mi`, `deg`, `rad`, any case).
    package init?(word: String) {
        self.init(rawValue: word.lowercased())
    }

    /// `amount` of this unit as an angle in radians.
    package func radians(_ amount: Double) -> Double {
        switch self {
        case .radians: return amount
        case .degrees: return amount * .pi / 180
        case .kilometers: return amount * 1000 / Self.earthRadiusMeters
        case .meters: return amount / Self.earthRadiusMeters
        case .miles: return amount * Self.metersPerMile / Self.earthRadiusMeters
        }
    }
}
