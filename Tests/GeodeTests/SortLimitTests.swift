import Foundation
import Geode
import GeodeTestSupport
import Testing

/// `SORT(...) LIMIT(n)` keeps only the first rows while sorting; they must be
/// exactly the first rows of the whole sort, ties in object order.
@Suite struct SortLimitTests {
    final class Row: Object {
        @Persisted var a = 0
        @Persisted var b: String?
    }

    @Test(arguments: [1, 7, 100, 499])
    func aLimitedSortIsThePrefixOfTheWholeSort(limit: Int) throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: .init(fileURL: directory.url.appendingPathComponent("sort.geode"), objectTypes: [Row.self]))
        var random = SeededGenerator(seed: UInt64(limit))
        try realm.write {
            for _ in 0 ..< 2000 {
                let b: String? = Int.random(in: 0 ..< 5, using: &random) == 0 ? nil : "s\(Int.random(in: 0 ..< 30, using: &random))"
                realm.create(Row.self, value: ["a": Int.random(in: 0 ..< 20, using: &random), "b": b as Any])
            }
        }
        let rows = realm.objects(Row.self)
        for clause in ["a ASC, b DESC", "b ASC", "a DESC"] {
            let whole = try rows.query("TRUEPREDICATE SORT(\(clause))").map { "\($0.a)|\($0.b ?? "nil")" }
            let limited = try rows.query("TRUEPREDICATE SORT(\(clause)) LIMIT(\(limit))").map { "\($0.a)|\($0.b ?? "nil")" }
            #expect(limited == Array(whole.prefix(limit)), "\(clause) LIMIT(\(limit))")
            // Ties must come in object order: compare the objects themselves too.
            let wholeObjects = try rows.query("TRUEPREDICATE SORT(\(clause))").prefix(limit).map { $0 }
            let limitedObjects = try rows.query("TRUEPREDICATE SORT(\(clause)) LIMIT(\(limit))").map { $0 }
            #expect(limitedObjects == wholeObjects, "\(clause) LIMIT(\(limit)): same objects in the same order")
        }
    }
}
