import Foundation
import GeodeJSON

/// The polygon workload's input: one small building footprint around each
/// place of the places file, written as a GeoJSON FeatureCollection (one
/// feature per line, as the places file is).
///
/// Footprint `i` is a rectangle 10–60 m by 10–60 m, turned by an angle in
/// [0, π), centred on place `i`, its ring counter-clockwise (RFC 7946) with
/// coordinates rounded to 7 decimals (about 1 cm). Sizes and angles are a pure
/// function of `i` (splitmix64), so every system reads the same file and the
/// same file is written on every machine. Centres are kept 0.01° from the
/// antimeridian and 0.1° from the poles so that no footprint wraps.
enum Footprints {
    /// Metres per degree of latitude on the workload's sphere (6371.0088 km).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// Writes the footprints of `places` to `path` unless it exists; returns the path.
    static func file(from places: String, in directory: String) throws -> String {
        let name = URL(fileURLWithPath: places).deletingPathExtension().lastPathComponent
        let path = URL(fileURLWithPath: directory).appendingPathComponent("footprints-of-\(name).geojson").path
        if FileManager.default.fileExists(atPath: path) { return path }
        let partial = path + ".partial"
        try write(from: places, to: partial)
        guard rename(partial, path) == 0 else { throw ValidationFailure("cannot rename \(partial): errno \(errno)") }
        return path
    }

    /// Reads the places' ids and points and writes one footprint per place.
    static func write(from places: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let out = FileHandle(forWritingAtPath: path)
        else { throw ValidationFailure("cannot write \(path)") }
        defer { try? out.close() }
        let data = try Data(contentsOf: URL(fileURLWithPath: places), options: .alwaysMapped)
        var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        var first = true
        try data.withUnsafeBytes { buffer in
            var stream = JSONRecordStream(bytes: buffer, source: places)
            while let record = try stream.next() {
                guard case let .map(feature) = record.value, case let .int(id)? = feature["id"],
                    case let .map(geometry)? = feature["geometry"], case let .list(c)? = geometry["coordinates"],
                    c.count >= 2, let lon = WorkloadSuite.double(c[0]), let lat = WorkloadSuite.double(c[1])
                else { continue }
                if !first { text += ",\n" }
                first = false
                text += footprint(id: Int(id), longitude: lon, latitude: lat)
                if text.utf8.count > 1 << 20 {
                    out.write(Data(text.utf8))
                    text = ""
                }
            }
        }
        text += "\n]}\n"
        out.write(Data(text.utf8))
    }

    /// Footprint `id` around (longitude, latitude) as one GeoJSON Feature.
    static func footprint(id: Int, longitude: Double, latitude: Double) -> String {
        var h = mix(UInt64(id) &+ 0x5EED)
        let width = 10 + Double(h & 0xFFFF) / 65535 * 50
        h >>= 16
        let height = 10 + Double(h & 0xFFFF) / 65535 * 50
        h >>= 16
        let angle = Double(h & 0xFFFF) / 65536 * Double.pi
        let lon = min(max(longitude, -179.99), 179.99)
        let lat = min(max(latitude, -89.9), 89.9)
        let perLongitude = metresPerDegree * cos(lat * Double.pi / 180)
        let (s, c) = (sin(angle), cos(angle))
        var ring: [String] = []
        for (x, y) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5), (-0.5, -0.5)] {
            let dx = x * width * c - y * height * s
            let dy = x * width * s + y * height * c
            ring.append("[\(round7(lon + dx / perLongitude)),\(round7(lat + dy / metresPerDegree))]")
        }
        return "{\"type\":\"Feature\",\"id\":\(id),\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[["
            + ring.joined(separator: ",") + "]]},\"properties\":{\"place\":\(id),\"levels\":\(1 + Int(h >> 16) % 5)}}"
    }

    /// `x` rounded to 7 decimals.
    static func round7(_ x: Double) -> Double { (x * 1e7).rounded() / 1e7 }

    /// splitmix64's finaliser: a well-spread 64-bit hash of `x`.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A failure of the benchmark's own set-up (not of a system under test).
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
