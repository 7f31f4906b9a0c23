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

    final class Holder: Object {
        @Persisted var rows: List<Row>
    }

    /// The first object of each value among `objects`, in their order.
    static func firstOfEach(_ objects: [Row], _ value: (Row) -> String) -> [Row] {
        var seen = Set<String>()
        return objects.filter { seen.insert(value($0)).inserted }
    }

    static func filledRealm(_ directory: TemporaryDirectory, seed: Int, count: Int = 2000) throws -> Realm {
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("sort.geode"), objectTypes: [Row.self, Holder.self]))
        var random = SeededGenerator(seed: UInt64(seed))
        try realm.write {
            for _ in 0 ..< count {
                let b: String? =
                    Int.random(in: 0 ..< 5, using: &random) == 0 ? nil : "s\(Int.random(in: 0 ..< 30, using: &random))"
                realm.create(Row.self, value: ["a": Int.random(in: 0 ..< 20, using: &random), "b": b as Any])
            }
        }
        return realm
    }

    @Test(arguments: [1, 7, 100, 499])
    func aLimitedSortIsThePrefixOfTheWholeSort(limit: Int) throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: limit)
        let rows = realm.objects(Row.self)
        for clause in ["a ASC, b DESC", "b ASC", "a DESC"] {
            let whole = try rows.query("TRUEPREDICATE SORT(\(clause))").map { "\($0.a)|\($0.b ?? "nil")" }
            let limited = try rows.query("TRUEPREDICATE SORT(\(clause)) LIMIT(\(limit))").map {
                "\($0.a)|\($0.b ?? "nil")"
            }
            #expect(limited == Array(whole.prefix(limit)), "\(clause) LIMIT(\(limit))")
            // Ties must come in object order: compare the objects themselves too.
            let wholeObjects = try rows.query("TRUEPREDICATE SORT(\(clause))").prefix(limit).map { $0 }
            let limitedObjects = try rows.query("TRUEPREDICATE SORT(\(clause)) LIMIT(\(limit))").map { $0 }
            #expect(limitedObjects == wholeObjects, "\(clause) LIMIT(\(limit)): same objects in the same order")
        }
    }

    /// Clauses apply in the order they are chained, as Realm applies them: a
    /// sort after a sort sorts again (its key first, the earlier order breaking
    /// ties), a sort after a distinct sorts the distinct objects, a limit
    /// before a sort keeps the first objects before they are sorted.
    @Test func chainedClausesApplyInOrder() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: 11, count: 300)
        let rows = realm.objects(Row.self)
        let all = Array(rows)
        func text(_ objects: some Sequence<Row>) -> [String] { objects.map { "\($0.a)|\($0.b ?? "nil")" } }

        let twice = rows.sorted(byKeyPath: "b").sorted(byKeyPath: "a", ascending: false)
        let once = try rows.query("TRUEPREDICATE SORT(a DESC, b ASC)")
        #expect(Array(twice) == Array(once))

        // The first object of each `a` in key order, then sorted by `b`.
        var firstOfEach: [Int: Row] = [:]
        for row in all where firstOfEach[row.a] == nil { firstOfEach[row.a] = row }
        let expected = firstOfEach.values.sorted {
            ($0.b ?? "", all.firstIndex(of: $0) ?? 0) < ($1.b ?? "", all.firstIndex(of: $1) ?? 0)
        }
        let distinctThenSorted = rows.distinct(by: ["a"]).sorted(byKeyPath: "b")
        #expect(
            text(distinctThenSorted)
                == text(expected.sorted { ($0.b == nil ? 0 : 1, $0.b ?? "") < ($1.b == nil ? 0 : 1, $1.b ?? "") }))

        let limitedThenSorted = try rows.query("TRUEPREDICATE LIMIT(10) SORT(a ASC)")
        #expect(Set(limitedThenSorted.map { $0 }) == Set(all.prefix(10)))
        #expect(
            text(limitedThenSorted)
                == text(
                    all.prefix(10).enumerated().sorted { ($0.element.a, $0.offset) < ($1.element.a, $1.offset) }.map(
                        \.element)))
        #expect(limitedThenSorted.count == 10)
    }

    /// A class large enough to be scanned in two halves on two threads: each
    /// half keeps its first rows while it scans, and the two sets join into
    /// the first rows of the whole, ties (across the halves too) in object order.
    @Test func aLimitedSortOfTwoHalvesIsThePrefixOfTheWholeSort() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: 7, count: 25_000)
        let rows = realm.objects(Row.self)
        for clause in ["a ASC, b DESC", "b ASC, a ASC", "a DESC"] {
            let whole = Array(try rows.query("TRUEPREDICATE SORT(\(clause))"))
            #expect(try rows.query("TRUEPREDICATE SORT(\(clause))").last == whole.last, "\(clause): last")
            for limit in [1, 50, 400] {
                let limited = Array(try rows.query("TRUEPREDICATE SORT(\(clause)) LIMIT(\(limit))"))
                #expect(limited == Array(whole.prefix(limit)), "\(clause) LIMIT(\(limit))")
            }
            let sorted = try rows.query("a < 15 SORT(\(clause))")
            let filteredWhole = whole.filter { $0.a < 15 }
            #expect(sorted.first == filteredWhole.first && sorted.count == filteredWhole.count, "\(clause), filtered")
            #expect(Array(sorted.prefix(100)) == Array(filteredWhole.prefix(100)), "\(clause), filtered, first 100")
        }
    }

    /// `first`, `prefix(_:)` and `[i]` on sorted results read only the first
    /// rows of the sort; what they return must be the whole sort's, at every
    /// position, and follow writes.
    @Test func readingSortedResultsByPositionGivesTheWholeSortsObjects() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: 42, count: 3000)
        let rows = realm.objects(Row.self)
        let whole = Array(
            rows.sorted(by: [SortDescriptor(keyPath: "a"), SortDescriptor(keyPath: "b", ascending: false)]))
        #expect(whole.count == 3000)
        let sorted = rows.sorted(by: [SortDescriptor(keyPath: "a"), SortDescriptor(keyPath: "b", ascending: false)])
        #expect(sorted.first == whole.first)
        #expect(sorted.count == 3000)
        #expect(Array(sorted.prefix(100)) == Array(whole.prefix(100)))
        for position in [0, 1, 127, 128, 129, 511, 700, 2999, 1500, 5] {
            #expect(sorted[position] == whole[position], "position \(position)")
        }
        #expect(sorted.last == whole.last)

        // A write: the next read by position sees it.
        let fresh = rows.sorted(byKeyPath: "a", ascending: false)
        #expect(fresh.first?.a == 19)
        try realm.write { realm.create(Row.self, value: ["a": 99, "b": "new"]) }
        #expect(fresh.first?.a == 99)
        #expect(fresh.count == 3001)
        #expect(fresh[1].a == 19)

        // Filtered and limited sorts agree with their whole forms too.
        let filtered = rows.filter("a >= 5").sorted(byKeyPath: "b")
        let filteredWhole = Array(rows.filter("a >= 5").sorted(byKeyPath: "b"))
        #expect(filtered[3] == filteredWhole[3] && filtered.count == filteredWhole.count)
        let limited = try rows.query("a < 3 SORT(b DESC) LIMIT(10)")
        let limitedWhole = Array(try rows.query("a < 3 SORT(b DESC)"))
        #expect(limited.count == 10 && limited[9] == limitedWhole[9])
    }

    /// Without a sort, a limit or `first` stops at its last match; what it
    /// returns must still be the whole results' first objects in object order,
    /// with the same count, whether the class is scanned in one pass or in two
    /// halves, read through an index or from a list.
    @Test(arguments: [500, 25_000])
    func anUnsortedLimitIsThePrefixOfTheWholeResults(count: Int) throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: count, count: count)
        let rows = realm.objects(Row.self)
        for predicate in ["TRUEPREDICATE", "a == 3", "b == nil", "a > 100", "a >= 18 AND b BEGINSWITH 's2'"] {
            let whole = Array(try rows.query(predicate))
            for limit in [0, 1, 7, 100, count + 1] {
                let limited = try rows.query("\(predicate) LIMIT(\(limit))")
                #expect(Array(limited) == Array(whole.prefix(limit)), "\(predicate) LIMIT(\(limit))")
                #expect(limited.count == min(whole.count, limit), "\(predicate) LIMIT(\(limit)): count")
            }
            #expect(try rows.query(predicate).first == whole.first, "\(predicate): first")
            #expect(try rows.query(predicate).isEmpty == whole.isEmpty, "\(predicate): isEmpty")
            #expect(try rows.query(predicate).last == whole.last, "\(predicate): last")
            #expect(try rows.query("\(predicate) LIMIT(3)").last == whole.prefix(3).last, "\(predicate) LIMIT(3): last")
            #expect(try rows.query("\(predicate) LIMIT(3)").first == whole.first, "\(predicate) LIMIT(3): first")
        }
        // A limit before a DISTINCT keeps the first objects, not the first distinct ones.
        let firstTen = Array(rows.prefix(10))
        let distinctOfTen = try rows.query("TRUEPREDICATE LIMIT(10) DISTINCT(a)")
        #expect(distinctOfTen.count == Set(firstTen.map(\.a)).count)
    }

    /// DISTINCT without a sort keeps each value's first object in object
    /// order, read during the scan (in two halves on a large class): the same
    /// objects as keeping the first of each value by hand, with a LIMIT too.
    @Test(arguments: [500, 25_000])
    func anUnsortedDistinctKeepsEachValuesFirstObject(count: Int) throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: count + 1, count: count)
        let rows = realm.objects(Row.self)
        let all = Array(rows)
        let cases: [(String, [Row])] = [
            ("TRUEPREDICATE DISTINCT(a)", Self.firstOfEach(all) { "\($0.a)" }),
            ("TRUEPREDICATE DISTINCT(b, a)", Self.firstOfEach(all) { "\($0.b ?? "nil")|\($0.a)" }),
            ("a > 4 DISTINCT(b)", Self.firstOfEach(all.filter { $0.a > 4 }) { $0.b ?? "nil" }),
        ]
        for (query, expected) in cases {
            #expect(Array(try rows.query(query)) == expected, "\(query)")
            #expect(try rows.query(query).count == expected.count, "\(query): count")
            #expect(try rows.query(query).first == expected.first, "\(query): first")
            for limit in [1, 5, 40] {
                let limited = try rows.query("\(query) LIMIT(\(limit))")
                #expect(Array(limited) == Array(expected.prefix(limit)), "\(query) LIMIT(\(limit))")
                #expect(limited.count == min(limit, expected.count), "\(query) LIMIT(\(limit)): count")
            }
        }
    }

    /// SORT then DISTINCT keeps, of each value, the object the whole sort
    /// puts first (ties in object order), found while scanning: the same
    /// objects, in the same order, as keeping the first of each value of the
    /// whole sort by hand.
    @Test(arguments: [500, 25_000])
    func aSortedDistinctKeepsEachValuesFirstObjectOfTheSort(count: Int) throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: count + 2, count: count)
        let rows = realm.objects(Row.self)
        let cases: [(sort: String, distinct: String, predicate: String, value: (Row) -> String)] = [
            ("a DESC", "b", "TRUEPREDICATE", { $0.b ?? "nil" }),
            ("b ASC", "a", "TRUEPREDICATE", { "\($0.a)" }),
            ("a ASC, b DESC", "b", "a > 2", { $0.b ?? "nil" }),
            ("b DESC", "a, b", "a < 15", { "\($0.a)|\($0.b ?? "nil")" }),
        ]
        for (sort, distinct, predicate, value) in cases {
            let whole = Array(try rows.query("\(predicate) SORT(\(sort))"))
            let expected = Self.firstOfEach(whole, value)
            let query = "\(predicate) SORT(\(sort)) DISTINCT(\(distinct))"
            #expect(Array(try rows.query(query)) == expected, "\(query)")
            #expect(try rows.query(query).count == expected.count, "\(query): count")
            #expect(try rows.query(query).first == expected.first, "\(query): first")
            let limited = try rows.query("\(query) LIMIT(5)")
            #expect(Array(limited) == Array(expected.prefix(5)), "\(query) LIMIT(5)")
        }
    }

    /// Results over a list keep the list's order: `first` and a limit give its
    /// first matching elements, not the lowest keys.
    @Test func anUnsortedLimitOverAListKeepsTheListsOrder() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: 3, count: 400)
        let holder = Holder()
        try realm.write {
            holder.rows.append(objectsIn: realm.objects(Row.self).reversed())
            realm.add(holder)
        }
        let listed = holder.rows
        let whole = Array(listed.filter("a < 10"))
        #expect(whole.count > 20)
        #expect(listed.filter("a < 10").first == whole.first)
        #expect(listed.filter("a < 10").last == whole.last)
        #expect(Array(try listed.filter("a < 10").query("TRUEPREDICATE LIMIT(20)")) == Array(whole.prefix(20)))
        #expect(listed.first == realm.objects(Row.self).last)
    }

    @Test func firstAndLastAreTheEndsOfTheWholeResults() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.filledRealm(directory, seed: 9, count: 500)
        let rows = realm.objects(Row.self)
        for query in [
            "TRUEPREDICATE", "a == 3", "b == nil", "a > 100", "TRUEPREDICATE SORT(b DESC)", "a < 4 SORT(a ASC, b DESC)",
        ] {
            let whole = Array(try rows.query(query))
            #expect(try rows.query(query).first == whole.first, "\(query)")
            #expect(try rows.query(query).last == whole.last, "\(query)")
            let erased = AnyRealmCollection(try rows.query(query))
            #expect(erased.first == whole.first && erased.last == whole.last, "\(query), type-erased")
            #expect(erased.isEmpty == whole.isEmpty, "\(query), type-erased")
        }
        #expect(rows.filter("a > 100").first == nil && rows.filter("a > 100").last == nil)
        let large = rows.filter("a > 100")
        #expect(large.isEmpty && !rows.isEmpty && !rows.filter("a > 100 OR a == 3").isEmpty)
        // Inside a write the ends follow its changes.
        let threes = rows.filter("a == 3")
        try realm.write {
            let added = realm.create(Row.self, value: ["a": 3, "b": "new"])
            #expect(threes.last == added)
            #expect(threes.first != added)
            realm.create(Row.self, value: ["a": 101])
            #expect(!large.isEmpty, "isEmpty follows the write")
        }
        // Ends found without the whole query are kept for their version, and found again after a write.
        let ends = rows.filter("a < 100")
        let (firstBefore, lastBefore) = (try #require(ends.first), try #require(ends.last))
        #expect(ends.first == firstBefore && ends.last == lastBefore)
        try realm.write { realm.delete([firstBefore, lastBefore]) }
        let (firstAfter, lastAfter) = (ends.first, ends.last)
        let remaining = Array(rows.filter("a < 100"))
        #expect(firstAfter == remaining.first && lastAfter == remaining.last)
    }
}
