import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

/// Scans of large classes run in two halves on two threads, each in its own
/// read transaction of the same version; they must answer exactly as one scan.
@Suite struct ParallelScanTests {
    final class Reading: Object {
        @Persisted var n = 0
        @Persisted var bucket = ""
        @Persisted var extra: AnyRealmValue
    }

    @Test func aSplitScanFindsWhatOneScanFinds() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Reading.self])
        let count = 30_000
        try realm.write {
            for i in 0 ..< count {
                realm.create(
                    Reading.self,
                    value: ["n": i, "bucket": "b\(i % 7)", "extra": AnyRealmValue.fromDictionary(["k": .int(i % 10)])])
            }
        }
        let readings = realm.objects(Reading.self)
        let splitsBefore = QueryExecutor.splitScanCount
        #expect(readings.filter("n >= 14000 AND n < 16000").count == 2000)
        #expect(readings.filter("bucket == 'b3'").count == (0 ..< count).filter { $0 % 7 == 3 }.count)
        #expect(readings.filter("extra.k == 4").count == count / 10)
        let keys = Array(readings.filter("n > 29990 AND bucket != 'zz'").map(\.n))
        #expect(keys == Array(29991 ..< 30000), "matches come back in object order across the halves")
        let ordered = readings.filter("bucket == 'b0'").map(\.n)
        #expect(Array(ordered) == (0 ..< count).filter { $0 % 7 == 0 }, "the two halves join in key order")
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(QueryExecutor.splitScanCount > splitsBefore, "with two cores, these scans ran in two halves")
        }
    }

    @Test func aFrozenVersionIsScannedAsItWas() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Reading.self])
        try realm.write {
            for i in 0 ..< 25_000 { realm.create(Reading.self, value: ["n": i, "bucket": "old"]) }
        }
        let frozen = realm.objects(Reading.self).filter("bucket == 'old'").freeze()
        try realm.write {
            for i in 0 ..< 25_000 { realm.create(Reading.self, value: ["n": i, "bucket": "old"]) }
        }
        #expect(frozen.count == 25_000, "the frozen version does not see the later write")
        #expect(realm.objects(Reading.self).filter("bucket == 'old'").count == 50_000)
    }
}
