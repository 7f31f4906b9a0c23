import Foundation
import GeodeGeo
import GeodeTestSupport
import Testing

/// A cap answers what the distance says, bit for bit: its bands of latitude
/// and longitude turn points away without trigonometry, and its haversine
/// bounds answer without the arcsine; none may change an answer, however close
/// a point lies to a band's edge or to the circle.
@Suite struct SphericalCapTests {
    @Test func aCapAgreesWithTheDistanceEvenAtTheEdgesOfItsBand() {
        var random = SeededGenerator(seed: 6_378_100)
        var mismatches: [String] = []
        for _ in 0 ..< 2000 {
            let longitude = Double.random(in: -180 ... 180, using: &random)
            let latitude = Double.random(in: -89.9 ... 89.9, using: &random)
            let radians = [1e-7, 1.6e-4, 1.6e-3, 0.016, 0.3, 2.0][Int.random(in: 0 ..< 6, using: &random)]
            let cap = Spherical.Cap(longitude: longitude, latitude: latitude, radians: radians)
            let reach = radians * 180 / .pi
            for _ in 0 ..< 20 {
                // Points on the circle's meridian just inside and outside its reach, and anywhere near it.
                let edge = Bool.random(using: &random) ? latitude + reach : latitude - reach
                let nudge =
                    Double.random(in: -1e-9 ... 1e-9, using: &random) * Double.random(in: 0 ... 1, using: &random)
                let candidates = [
                    (longitude, edge + nudge), (longitude, edge.nextUp), (longitude, edge.nextDown),
                    (
                        longitude + Double.random(in: -2 * reach ... 2 * reach, using: &random),
                        latitude + Double.random(in: -2 * reach ... 2 * reach, using: &random)
                    ),
                ]
                for (lon, lat) in candidates where abs(lat) <= 90 && abs(lon) <= 180 {
                    let expected =
                        Spherical.distance(longitude1: longitude, latitude1: latitude, longitude2: lon, latitude2: lat)
                        <= radians
                    if cap.contains(longitude: lon, latitude: lat) != expected {
                        mismatches.append("\(longitude),\(latitude) r \(radians): \(lon),\(lat)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func aCapAgreesWithTheDistanceAtItsWidestLongitudeAndOnItsCircle() {
        var random = SeededGenerator(seed: 6_371_009)
        var mismatches: [String] = []
        var within = 0
        let degrees = 180 / Double.pi
        for _ in 0 ..< 2000 {
            let longitude = Double.random(in: -180 ... 180, using: &random)
            let latitude = Double.random(in: -89.9 ... 89.9, using: &random)
            let radians = [1e-7, 1.6e-4, 1.6e-3, 0.016, 0.3, 1.5, 2.0, 3.1][Int.random(in: 0 ..< 8, using: &random)]
            let cap = Spherical.Cap(longitude: longitude, latitude: latitude, radians: radians)
            let φ = latitude / degrees
            var candidates: [(Double, Double)] = []
            // The cap's widest points (when it reaches no pole): east and west of the
            // centre, at the latitude where the circle turns back.
            if abs(latitude) + radians * degrees < 90, radians < .pi / 2 {
                let reach = asin(sin(radians) / cos(φ)) * degrees
                let turn = asin(sin(φ) / cos(radians)) * degrees
                for side in [-1.0, 1.0] {
                    for nudge in [0, 1e-10, -1e-10, 1e-8, -1e-8, 2e-9, -2e-9] {
                        var lon = longitude + side * (reach + nudge)
                        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                        candidates.append((lon, turn))
                    }
                }
            }
            // Points on the circle, and a relative hair (1e-12 to 1e-6) inside and outside it.
            for _ in 0 ..< 10 {
                let bearing = Double.random(in: 0 ..< 2 * .pi, using: &random)
                let scale =
                    1
                    + [0, 1e-12, -1e-12, 1e-10, -1e-10, 1e-9, -1e-9, 1e-6, -1e-6][
                        Int.random(in: 0 ..< 9, using: &random)]
                let r = radians * scale
                let φ2 = asin(sin(φ) * cos(r) + cos(φ) * sin(r) * cos(bearing))
                var lon = longitude + atan2(sin(bearing) * sin(r) * cos(φ), cos(r) - sin(φ) * sin(φ2)) * degrees
                lon = lon.truncatingRemainder(dividingBy: 360)
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                candidates.append((lon, φ2 * degrees))
            }
            for (lon, lat) in candidates where abs(lat) <= 90 && abs(lon) <= 180 {
                let expected =
                    Spherical.distance(longitude1: longitude, latitude1: latitude, longitude2: lon, latitude2: lat)
                    <= radians
                if expected { within += 1 }
                if cap.contains(longitude: lon, latitude: lat) != expected {
                    mismatches.append("\(longitude),\(latitude) r \(radians): \(lon),\(lat)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        // Both answers occur: the points straddle the circle.
        #expect(within > 5000 && within < 25000, "\(within) within")
    }
}
