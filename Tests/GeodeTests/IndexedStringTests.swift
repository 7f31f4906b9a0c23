import Foundation
import Geode
import GeodeTestSupport
import Testing

/// An index on strings answers as a scan does, for strings that are prefixes
/// of one another, hold NUL characters or are longer than an index key, under
/// object keys of every size (Int primary keys from Int.min to Int.max).
@Suite struct IndexedStringTests {
    final class Word: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(indexed: true) var indexed = ""
        @Persisted var plain = ""
    }

    static let long = String(repeating: "x", count: 450)
    static let words = [
        "", "\u{0}", "\u{0}\u{0}", "a", "a\u{0}", "a\u{0}b", "ab", "abc", "b", "é", long, long + "y", long + "z",
        String(repeating: "\u{0}", count: 300) + "q",
    ]

    @Test func indexedStringQueriesAgreeWithScans() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(fileURL: directory.url.appendingPathComponent("words.geode"), objectTypes: [Word.self])
        )
        let ids = [Int.min, -(1 << 40), -1, 0, 1, 255, 256, 1 << 40, Int.max]
        try realm.write {
            for (i, word) in Self.words.enumerated() {
                for (j, id) in ids.enumerated() where (i + j) % 3 != 0 {
                    realm.create(
                        Word.self,
                        value: [
                            "id": id == .min ? id + i : id == .max ? id - i : id + i * 1000, "indexed": word,
                            "plain": word,
                        ])
                }
            }
        }
        let all = realm.objects(Word.self)
        #expect(all.count > Self.words.count * 4)
        for word in Self.words {
            for op in ["==", "!=", "<", "<=", ">", ">=", "BEGINSWITH"] {
                let indexed = Set(all.filter("indexed \(op) %@", word).map(\.id))
                let scanned = Set(all.filter("plain \(op) %@", word).map(\.id))
                #expect(indexed == scanned, "\(op) \(word.debugDescription.prefix(40))")
                #expect(
                    all.filter("indexed \(op) %@", word).count == scanned.count,
                    "count \(op) \(word.debugDescription.prefix(40))")
            }
        }
        #expect(all.filter("indexed == %@", "a").explain().contains("index"))
        #expect(
            Set(all.filter("indexed >= %@ AND indexed <= %@", "a", "b").map(\.id))
                == Set(all.filter("plain >= %@ AND plain <= %@", "a", "b").map(\.id)))
        #expect(
            Set(all.filter("indexed IN %@", ["", "ab", Self.long]).map(\.id))
                == Set(all.filter("plain IN %@", ["", "ab", Self.long]).map(\.id)))
    }
}
