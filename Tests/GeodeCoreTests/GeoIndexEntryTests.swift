import GeodeGeo
import Foundation
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// The spatial index keeps each point exactly, in its short form (multiples
/// of 10⁻⁷ degree) or its long one (two doubles), and finds it again.
@Suite struct GeoIndexEntryTests {
    static let point = GeoPointSchema.point
    static let place = ClassSchema(name: "Place", properties: [GeoPointSchema.property("location")])

    @Test func indexedPointsComeBackBitForBit() throws {
        let directory = try TemporaryDirectory()
        let store = try Store.open(
            StoreConfiguration(
                path: directory.path("g.geode"), schema: Schema(classes: [Self.place, Self.point], version: 1)))
        let table = try store.table("Place")
        var generator = SeededGenerator(seed: 7)
        var points: [(Double, Double)] = [
            (2.3522219, 48.856614), (-179.9999999, -89.9999999), (180, 90), (-180, -90), (0.1, -0.1),
            (-0.0, 0.0), (1e-300, -1e-300), (0.00000001, 0.00000005), (12.345678901, 45.0), (.pi, -.pi / 4),
        ]
        for _ in 0 ..< 200 {
            points.append(
                (Double.random(in: -180 ... 180, using: &generator), Double.random(in: -90 ... 90, using: &generator)))
        }
        #expect(GeoIndex.entryValue(2.3522219, 48.856614).count == 8)
        #expect(GeoIndex.entryValue(-0.0, 0).count == 16, "-0.0 keeps its sign")
        #expect(GeoIndex.entryValue(12.345678901, 45).count == 16)
        let keys = try store.write { txn in
            try points.map { lon, lat in
                try txn.insert([.embedded([.string("Point"), .list([.double(lon), .double(lat)])])], into: table)
            }
        }
        var found: [ObjectKey: (Double, Double)] = [:]
        try store.read { txn in
            try table.geoIndexes[0].scan(World(), txn.transaction) { key, lon, lat in
                found[key] = (lon, lat)
                return true
            }
        }
        #expect(found.count == points.count)
        for (key, (lon, lat)) in zip(keys, points) {
            let back = found[key]
            #expect(
                back?.0.bitPattern == lon.bitPattern && back?.1.bitPattern == lat.bitPattern,
                "\(lon), \(lat) came back as \(String(describing: back))")
        }
    }

    /// Stores written before keep being read: an entry's bytes never change.
    @Test func entriesKeepTheirByteLayout() {
        #expect(GeoIndex.entryKey(cell: 0x0102_0304_0506_0708, ObjectKey(300)) == [1, 2, 3, 4, 5, 6, 7, 8, 0x01, 0x2C])
        #expect(GeoIndex.entryKey(cell: 1, ObjectKey(0)) == [0, 0, 0, 0, 0, 0, 0, 1, 0])
        #expect(
            GeoIndex.entryKey(cell: 0, ObjectKey(.max)) == [UInt8](repeating: 0, count: 8)
                + [UInt8](repeating: 0xFF, count: 8))
        let little = { (value: Int32) in withUnsafeBytes(of: value.littleEndian, Array.init) }
        #expect(GeoIndex.entryValue(2.3522219, 48.856614) == little(23_522_219) + little(488_566_140))
        #expect(GeoIndex.entryValue(-2.3522219, -48.856614) == little(-23_522_219) + little(-488_566_140))
        let bits = { (value: Double) in withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init) }
        #expect(GeoIndex.entryValue(12.345678901, 45) == bits(12.345678901) + bits(45))
        var short: [UInt8] = [9]
        ObjectKey(0x01_0000).appendShortBigEndian(to: &short)
        #expect(short == [9, 1, 0, 0])
    }
}

/// Every point on Earth.
final class World: GeoRegion {
    func contains(longitude: Double, latitude: Double) -> Bool { true }
    var bounds: GeoBounds { GeoBounds(.world) }
}
