import Foundation

/// Great-circle math on the unit sphere, angles in degrees in and radians out.
///
/// ```swift
/// let arc = Spherical.distance(longitude1: 0, latitude1: 0, longitude2: 0, latitude2: 1)  // 0.01745… rad
/// let km = arc * 6371.0088
/// ```
package enum Spherical {
    static let radiansPerDegree = Double.pi / 180

    /// The great-circle distance in radians between two points (haversine,
    /// numerically safe for tiny and antipodal distances).
    package static func distance(longitude1: Double, latitude1: Double, longitude2: Double, latitude2: Double) -> Double
    {
        distance(longitude1, latitude1, cos(latitude1 * radiansPerDegree), longitude2, latitude2)
    }

    /// ``distance(longitude1:latitude1:longitude2:latitude2:)`` with the
    /// cosine of the first latitude (in radians) given.
    @inline(__always)
    private static func distance(
        _ longitude1: Double, _ latitude1: Double, _ cosLatitude1: Double,
        _ longitude2: Double, _ latitude2: Double
    ) -> Double {
        arc(haversine(longitude1, latitude1, cosLatitude1, longitude2, latitude2))
    }

    /// The haversine of the arc between two points (the square of the sine of
    /// half the arc), the first latitude's cosine given.
    @inline(__always)
    private static func haversine(
        _ longitude1: Double, _ latitude1: Double, _ cosLatitude1: Double,
        _ longitude2: Double, _ latitude2: Double
    ) -> Double {
        let φ1 = latitude1 * radiansPerDegree, φ2 = latitude2 * radiansPerDegree
        let dφ = φ2 - φ1
        let dλ = (longitude2 - longitude1) * radiansPerDegree
        let s1 = sin(dφ / 2), s2 = sin(dλ / 2)
        return s1 * s1 + cosLatitude1 * cos(φ2) * s2 * s2
    }

    /// The arc, in radians, whose haversine is `h`.
    @inline(__always)
    private static func arc(_ h: Double) -> Double {
        2 * asin(min(1, h.squareRoot()))
    }

    /// Every point within an angle of a centre, tested against many points
    /// (each candidate of a query): what depends on the centre alone is
    /// computed once, points outside the cap's bounding band of latitudes or
    /// longitudes are turned away without trigonometry, and points clearly
    /// inside or outside are told apart without the arcsine. Answers are those
    /// of ``distance(longitude1:latitude1:longitude2:latitude2:)`` `<= radians`,
    /// bit for bit.
    ///
    /// ```swift
    /// let cap = Spherical.Cap(longitude: 2.35, latitude: 48.85, radians: 1 / 6378.1)
    /// cap.contains(longitude: 2.36, latitude: 48.85)   // true: about 730 m away
    /// ```
    package struct Cap: Sendable {
        package let longitude, latitude, radians: Double
        private let cosLatitude: Double
        /// No point outside these latitudes is within the radius: the arc to
        /// a point is at least the difference of latitudes (``slack`` included).
        private let southmost, northmost: Double
        /// No point farther in longitude than this (degrees, either way,
        /// ``slack`` included) is within the radius; infinite for a cap that
        /// reaches a pole or a hemisphere.
        private let halfWidth: Double
        /// A point's haversine at most `surelyWithin` puts it within the
        /// radius; at least `surelyBeyond`, beyond it. Both stay a billionth
        /// (relative) away from the radius's own haversine, thousands of times
        /// the rounding error of the arc computed from them; between them the
        /// arc is computed and compared.
        private let surelyWithin, surelyBeyond: Double

        package init(longitude: Double, latitude: Double, radians: Double) {
            (self.longitude, self.latitude, self.radians) = (longitude, latitude, radians)
            cosLatitude = cos(latitude * radiansPerDegree)
            let reach = radians / radiansPerDegree
            (southmost, northmost) = (latitude - reach - Self.slack, latitude + reach + Self.slack)
            if latitude - reach > -90, latitude + reach < 90, radians < .pi / 2 {
                // The farthest a point of the cap lies from the centre's meridian.
                halfWidth = asin(min(1, sin(radians) / cosLatitude)) / radiansPerDegree + Self.slack
            } else {
                halfWidth = .infinity  // the cap reaches a pole, or is a hemisphere or more
            }
            if radians > 0, radians < .pi {
                let s = sin(radians / 2), h = s * s
                (surelyWithin, surelyBeyond) = (h * (1 - 1e-9), h * (1 + 1e-9))
            } else {
                // No shortcut: every point goes through the arc.
                (surelyWithin, surelyBeyond) = (-1, .infinity)
            }
        }

        /// Degrees added to the cap's bands for rounding (about 0.1 mm), far
        /// beyond the distance's rounding error.
        private static let slack = 1e-9

        package func contains(longitude: Double, latitude: Double) -> Bool {
            guard latitude >= southmost, latitude <= northmost else { return false }
            var dλ = abs(longitude - self.longitude)
            if dλ > 180 { dλ = 360 - dλ }
            guard dλ <= halfWidth else { return false }
            let h = haversine(self.longitude, self.latitude, cosLatitude, longitude, latitude)
            if h <= surelyWithin { return true }
            if h >= surelyBeyond { return false }
            return arc(h) <= radians
        }

        /// The longitude/latitude rectangles (split at the antimeridian) that
        /// contain the cap, each (west, south, east, north) handed to `rect`.
        ///
        /// ```swift
        /// Spherical.Cap(longitude: 179.9, latitude: 0, radians: 0.001).bounds { print($0, $1, $2, $3) }   // two
        /// ```
        package func bounds(_ rect: (Double, Double, Double, Double) -> Void) {
            let r = radians / radiansPerDegree
            let south = latitude - r, north = latitude + r
            guard halfWidth.isFinite else { return rect(-180, max(-90, south), 180, min(90, north)) }
            // The band of longitudes, its slack included; the exact test follows.
            let west = longitude - halfWidth, east = longitude + halfWidth
            if west < -180 {
                rect(west + 360, south, 180, north)
                rect(-180, south, east, north)
            } else if east > 180 {
                rect(west, south, 180, north)
                rect(-180, south, east - 360, north)
            } else {
                rect(west, south, east, north)
            }
        }
    }

    /// The point a fraction `t` of the way along the great circle from `a` to `b`
    /// (longitude, latitude in degrees; longitude in (-180, 180]).
    package static func interpolate(_ a: (Double, Double), _ b: (Double, Double), _ t: Double) -> (Double, Double) {
        func vector(_ p: (Double, Double)) -> (Double, Double, Double) {
            let λ = p.0 * radiansPerDegree, φ = p.1 * radiansPerDegree
            return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
        }
        let u = vector(a), v = vector(b)
        let dot = max(-1, min(1, u.0 * v.0 + u.1 * v.1 + u.2 * v.2))
        let ω = acos(dot)
        guard ω > 1e-15 else { return a }
        let s = sin(ω)
        let ka = sin((1 - t) * ω) / s, kb = sin(t * ω) / s
        let x = ka * u.0 + kb * v.0, y = ka * u.1 + kb * v.1, z = ka * u.2 + kb * v.2
        return (atan2(y, x) / radiansPerDegree, atan2(z, (x * x + y * y).squareRoot()) / radiansPerDegree)
    }

    /// The longitude/latitude rectangles (split at the antimeridian) that
    /// contain every point within `radians` of the centre.
    ///
    /// ```swift
    /// let rects = Spherical.capBounds(longitude: 179.9, latitude: 0, radians: 0.001)   // two, split at 180°
    /// ```
    package static func capBounds(longitude: Double, latitude: Double, radians: Double) -> [(
        west: Double, south: Double, east: Double, north: Double
    )] {
        var rects: [(west: Double, south: Double, east: Double, north: Double)] = []
        Cap(longitude: longitude, latitude: latitude, radians: radians).bounds { rects.append(($0, $1, $2, $3)) }
        return rects
    }

    /// `ring` with points added along each edge's great circle, so that the
    /// straight segments between consecutive points stay within
    /// `toleranceMeters` of the arc (measured at segment midpoints on a sphere
    /// of `earthRadiusMeters`). Longitudes come back unwrapped: consecutive
    /// points differ by less than 180°, so a ring crossing the antimeridian
    /// runs past ±180.
    package static func densify(_ ring: [(Double, Double)], toleranceMeters: Double, earthRadiusMeters: Double) -> [(
        Double, Double
    )] {
        guard var previous = ring.first else { return [] }
        var out = [previous]
        let tolerance = toleranceMeters / earthRadiusMeters
        func subdivide(_ a: (Double, Double), _ b: (Double, Double), _ depth: Int) {
            let mid = interpolate(a, b, 0.5)
            let unwrappedMid = (unwrap(mid.0, near: a.0), mid.1)
            let chordMid = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
            let error = distance(
                longitude1: unwrappedMid.0, latitude1: unwrappedMid.1, longitude2: chordMid.0, latitude2: chordMid.1)
            if error > tolerance, depth < 24 {
                subdivide(a, unwrappedMid, depth + 1)
                subdivide(unwrappedMid, b, depth + 1)
            } else {
                out.append(b)
            }
        }
        for point in ring.dropFirst() {
            let next = (unwrap(point.0, near: previous.0), point.1)
            subdivide(previous, next, 0)
            previous = next
        }
        return out
    }

    /// `longitude` shifted by a multiple of 360 to lie within 180 of `reference`.
    package static func unwrap(_ longitude: Double, near reference: Double) -> Double {
        var l = longitude
        while l - reference > 180 { l -= 360 }
        while reference - l > 180 { l += 360 }
        return l
    }
}
