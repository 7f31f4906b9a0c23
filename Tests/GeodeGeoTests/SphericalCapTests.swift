import GeodeGeo
import GeodeTestSupport
import Testing

/// A cap answers what the distance says, bit for bit: its latitude band turns
/// points away without trigonometry, and must never turn away one within the
/// radius, however close to the band's edges.
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
                let nudge = Double.random(in: -1e-9 ... 1e-9, using: &random) * Double.random(in: 0 ... 1, using: &random)
                let candidates = [(longitude, edge + nudge), (longitude, edge.nextUp), (longitude, edge.nextDown),
                                  (longitude + Double.random(in: -2 * reach ... 2 * reach, using: &random),
                                   latitude + Double.random(in: -2 * reach ... 2 * reach, using: &random))]
                for (lon, lat) in candidates where abs(lat) <= 90 && abs(lon) <= 180 {
                    let expected = Spherical.distance(longitude1: longitude, latitude1: latitude, longitude2: lon, latitude2: lat) <= radians
                    if cap.contains(longitude: lon, latitude: lat) != expected { mismatches.append("\(longitude),\(latitude) r \(radians): \(lon),\(lat)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
