import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Geode compares LMDB keys eight bytes at a time; the order must stay LMDB's
/// default (bytes as unsigned, then the shorter key first), or files written
/// before, and other LMDB programs, would see keys out of order.
@Suite struct KeyOrderTests {
    @Test func keysKeepLMDBsDefaultByteOrder() throws {
        let directory = try TemporaryDirectory()
        let env = try Environment.open(path: directory.path("order.mdb"), options: .init())
        defer { env.release() }
        // Few distinct bytes, so keys share long prefixes across the 8-byte steps.
        let alphabet: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF]
        var random = SeededGenerator(seed: 8)
        var keys = Set<[UInt8]>()
        while keys.count < 3000 {
            let length = Int.random(in: 1 ... 26, using: &random)
            keys.insert((0 ..< length).map { _ in alphabet[Int.random(in: 0 ..< alphabet.count, using: &random)] })
        }
        let expected = keys.sorted { $0.lexicographicallyPrecedes($1) }
        let probes = (0 ..< 500).map { _ in
            (0 ..< Int.random(in: 1 ... 26, using: &random)).map { _ in
                alphabet[Int.random(in: 0 ..< alphabet.count, using: &random)]
            }
        }
        try env.write { txn in
            let db = try txn.openDatabase("keys")
            for key in keys.shuffled(using: &random) { try txn.put(db, key: key, value: [1]) }
        }
        try env.read { txn in
            let db = try #require(try txn.existingDatabase("keys"))
            let cursor = try txn.cursor(db)
            var stored: [[UInt8]] = []
            var entry = try cursor.first()
            while let (key, _) = entry {
                stored.append(Array(key))
                entry = try cursor.next()
            }
            #expect(stored == expected)
            for probe in probes {
                let found = try cursor.seek(atLeast: probe).map { Array($0.key) }
                #expect(found == expected.first { !$0.lexicographicallyPrecedes(probe) }, "seek \(probe)")
            }
        }
    }
}
