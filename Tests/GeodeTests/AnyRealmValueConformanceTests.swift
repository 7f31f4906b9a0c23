// Facts from realm-swift's RealmSwift/Tests/AnyRealmValueTests.swift (the
// AnyRealmValue list, set and map tests, run by Realm for every kind of value on
// an unmanaged and on a managed object) and RealmSwift/Tests/MixedCollectionTest.swift
// (the notifications of nested mixed collections), restated through Geode's public
// API with models of our own. The facts of those files that other suites already
// restate (ResultsConformanceTests, CollectionMutationBehaviourTests,
// NotificationTests, Data/Fixtures/realm/nested-mixed.json) are left out. Each test
// names the realm-swift test it comes from; only what Realm's tests assert is asserted.

import Foundation
import Geode
import GeodeTestSupport
import Testing

// MARK: - Models

/// One string (Realm's `SwiftStringObject`): the object a mixed value links to.
final class AVWord: Object {
    @Persisted var text = ""
}

/// A mixed property and collections of mixed values (Realm's `AnyRealmTypeObject`
/// and the `arrayAny`, `setAny` and `mapAny` of `ModernAllTypesObject`).
final class AVHolder: Object {
    @Persisted var anyValue: AnyRealmValue
    @Persisted var anyList: List<AnyRealmValue>
    @Persisted var anySet: MutableSet<AnyRealmValue>
    @Persisted var anyMap: Map<String, AnyRealmValue>
}

@Suite struct AnyRealmValueConformanceTests {
    static let types: [ObjectBase.Type] = [AVWord.self, AVHolder.self]

    /// The kinds of value Realm's generic AnyRealmValue tests run over, each with
    /// the three values Realm's `ValueFactory` gives it (`Bool`'s third is `.none`).
    enum Kind: String, CaseIterable, Sendable {
        case int, bool, float, double, string, data, date, object, objectId, decimal128, uuid

        /// Three values of the kind (new objects for `.object`).
        func values() -> [AnyRealmValue] {
            switch self {
            case .int: return [.int(1), .int(2), .int(3)]
            case .bool: return [.bool(false), .bool(true), .none]
            case .float: return [.float(1.1), .float(2.2), .float(3.3)]
            case .double: return [.double(1.1), .double(2.2), .double(3.3)]
            case .string: return [.string("a"), .string("b"), .string("c")]
            case .data: return [.data(Data("a".utf8)), .data(Data("b".utf8)), .data(Data("c".utf8))]
            case .date:
                let base = Date(timeIntervalSince1970: 1_700_000_000.5)
                return [.date(base), .date(base.addingTimeInterval(10)), .date(base.addingTimeInterval(20))]
            case .object:
                return ["a", "b", "c"].map { .object(AVWord(value: ["text": $0])) }
            case .objectId:
                return ["6566f3a1c2d4e5f601020301", "6566f3a1c2d4e5f601020302", "6566f3a1c2d4e5f601020303"]
                    .map { .objectId((try? ObjectId(string: $0)) ?? ObjectId.generate()) }
            case .decimal128: return [.decimal128(Decimal128(1)), .decimal128(Decimal128(2)), .decimal128(Decimal128(3))]
            case .uuid:
                return [
                    "0B5E1B0C-9A57-4E8A-9E59-3A8D4C1F0001", "0B5E1B0C-9A57-4E8A-9E59-3A8D4C1F0002",
                    "0B5E1B0C-9A57-4E8A-9E59-3A8D4C1F0003",
                ].map { .uuid(UUID(uuidString: $0) ?? UUID()) }
            }
        }
    }

    /// Whether the collections belong to an unmanaged object or to one added to a
    /// realm (Realm's `UnmanagedObjectFactory` and `ManagedObjectFactory`).
    enum Ownership: String, CaseIterable, Sendable {
        case unmanaged, managed
    }

    /// Two holders (for the tests of two sets) and a kind's values.
    final class Fixture {
        let directory: TemporaryDirectory
        let realm: Realm
        let holder = AVHolder()
        let other = AVHolder()
        let values: [AnyRealmValue]

        init(_ kind: Kind, _ ownership: Ownership) throws {
            directory = try TemporaryDirectory()
            realm = try directory.realm(of: AnyRealmValueConformanceTests.types)
            values = kind.values()
            if ownership == .managed {
                try realm.write {
                    realm.add(holder)
                    realm.add(other)
                }
            }
        }

        var isManaged: Bool { holder.realm != nil }
        var list: List<AnyRealmValue> { holder.anyList }
        var set: MutableSet<AnyRealmValue> { holder.anySet }
        var otherSet: MutableSet<AnyRealmValue> { other.anySet }
        var map: Map<String, AnyRealmValue> { holder.anyMap }
        /// The values under Realm's keys "key0", "key1", "key2".
        var entries: [(key: String, value: AnyRealmValue)] {
            values.enumerated().map { (key: "key\($0.offset)", value: $0.element) }
        }
    }

    /// Whether two mixed values are the same as Realm's tests compare them:
    /// objects by their string, everything else by `==`.
    static func same(_ a: AnyRealmValue?, _ b: AnyRealmValue?) -> Bool {
        if case let .object(x)? = a, case let .object(y)? = b {
            return (x as? AVWord)?.text == (y as? AVWord)?.text
        }
        return a == b
    }

    /// Whether every element of `list` is, in order, the same as `expected`'s.
    static func holds(_ list: List<AnyRealmValue>, _ expected: [AnyRealmValue]) -> Bool {
        list.count == expected.count && zip(list, expected).allSatisfy { same($0, $1) }
    }

    /// Whether `value` is one of `values`.
    static func among(_ value: AnyRealmValue, _ values: [AnyRealmValue]) -> Bool {
        values.contains { same($0, value) }
    }

    /// Whether a value read by key-value coding is the one `value` holds, as Realm's
    /// `testValueForKey` switch checks it (nil, or `NSNull` in an array, for `.none`).
    static func plainMatches(_ read: Any?, _ value: AnyRealmValue) -> Bool {
        switch value {
        case .none: return read == nil || read is NSNull
        case let .int(v): return read as? Int == v
        case let .bool(v): return read as? Bool == v
        case let .float(v): return read as? Float == v
        case let .double(v): return read as? Double == v
        case let .string(v): return read as? String == v
        case let .data(v): return read as? Data == v
        case let .date(v): return read as? Date == v
        case let .objectId(v): return read as? ObjectId == v
        case let .decimal128(v): return read as? Decimal128 == v
        case let .uuid(v): return read as? UUID == v
        case let .object(v): return (read as? AVWord)?.text == (v as? AVWord)?.text
        case let .list(v): return read as? List<AnyRealmValue> == v
        case let .dictionary(v): return read as? Map<String, AnyRealmValue> == v
        }
    }
}

// MARK: - Lists of mixed values (AnyRealmValueListTests)

extension AnyRealmValueConformanceTests {
    // AnyRealmValueListTests.testInvalidated, AnyRealmValueMutableSetTests.testInvalidated,
    // AnyRealmValueMapTests.testInvalidated
    @Test(arguments: Ownership.allCases)
    func mixedCollectionsAreInvalidatedOnlyWhenTheirObjectIsDeleted(_ ownership: Ownership) throws {
        let f = try Fixture(.int, ownership)
        #expect(!f.list.isInvalidated)
        #expect(!f.set.isInvalidated)
        #expect(!f.map.isInvalidated)
        guard f.isManaged else { return }
        let (list, set, map) = (f.list, f.set, f.map)
        try f.realm.write { f.realm.delete(f.holder) }
        #expect(list.isInvalidated)
        #expect(set.isInvalidated)
        #expect(map.isInvalidated)
    }

    // AnyRealmValueListTests.testIndexOf
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func theIndexOfAMixedValueIsItsFirstPositionOrNil(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        try f.realm.write {
            #expect(list.index(of: v[0]) == nil)
            list.append(v[0])
            #expect(list.index(of: v[0]) == 0)
            list.append(v[1])
            #expect(list.index(of: v[0]) == 0)
            #expect(list.index(of: v[1]) == 1)
        }
    }

    // AnyRealmValueListTests.testSubscript, testFirst, testLast (the indexes in bounds)
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func aMixedListReadsEachKindByPositionAndAtItsEnds(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        try f.realm.write {
            list.append(objectsIn: v)
            for i in 0 ..< v.count {
                #expect(Self.same(list[i], v[i]), "position \(i)")
            }
            #expect(Self.same(list.first, v.first))
            #expect(Self.same(list.last, v.last))
            list.removeAll()
            #expect(list.first == nil)
            #expect(list.last == nil)
        }
    }

    // AnyRealmValueListTests.testValueForKey (the "self" key)
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func valueForKeySelfOfAMixedListGivesTheValuesItHolds(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        try f.realm.write { list.append(objectsIn: v) }
        let read = try #require(list.value(forKey: "self") as? [Any?])
        #expect(read.count == v.count)
        for (plain, expected) in zip(read, v) {
            #expect(Self.plainMatches(plain, expected), "\(String(describing: plain)) for \(expected)")
        }
    }

    // AnyRealmValueListTests.testInsert
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func insertingAMixedValuePutsItAtTheIndexAndShiftsTheOthers(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        try f.realm.write {
            #expect(list.count == 0)
            list.insert(v[0], at: 0)
            #expect(list.count == 1)
            #expect(Self.same(list[0], v[0]))
            list.insert(v[1], at: 0)
            #expect(list.count == 2)
            #expect(Self.holds(list, [v[1], v[0]]))
            list.insert(v[2], at: 2)
            #expect(list.count == 3)
            #expect(Self.holds(list, [v[1], v[0], v[2]]))
        }
        guard f.isManaged else { return }
        for index in [4, -1] {
            #expect(throws: GeodeError.self) { try f.realm.write { list.insert(v[0], at: index) } }
        }
        #expect(Self.holds(list, [v[1], v[0], v[2]]))
    }

    // AnyRealmValueListTests.testRemove
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func removingAMixedValueByPositionClosesTheGap(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        if f.isManaged {
            for index in [0, -1] {
                #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: index) } }
            }
        }
        try f.realm.write { list.append(objectsIn: v) }
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: -1) } }
        }
        #expect(Self.holds(list, v))
        try f.realm.write { list.remove(at: 0) }
        #expect(Self.holds(list, [v[1], v[2]]))
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: 2) } }
        }
        try f.realm.write { list.remove(at: 1) }
        #expect(Self.holds(list, [v[1]]))
    }

    // AnyRealmValueListTests.testRemoveLast, testRemoveAll
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func removingMixedValuesFromTheEndOrAllEmptiesTheList(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.removeLast() } }
        }
        try f.realm.write {
            list.append(objectsIn: v)
            list.removeLast()
            #expect(list.count == 2)
            #expect(Self.holds(list, [v[0], v[1]]))
            list.removeLast(2)
            #expect(list.count == 0)

            list.removeAll()
            list.append(objectsIn: v)
            list.removeAll()
            #expect(list.count == 0)
        }
    }

    // AnyRealmValueListTests.testReplace (the negative index too)
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func replacingAMixedValueKeepsTheOthers(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.replace(index: 0, object: v[0]) } }
        }
        try f.realm.write {
            list.append(objectsIn: v)
            list.replace(index: 1, object: v[0])
            #expect(Self.holds(list, [v[0], v[0], v[2]]))
        }
        guard f.isManaged else { return }
        for index in [3, -1] {
            #expect(throws: GeodeError.self) { try f.realm.write { list.replace(index: index, object: v[0]) } }
        }
        #expect(Self.holds(list, [v[0], v[0], v[2]]))
    }

    // AnyRealmValueListTests.testReplaceRange
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func replacingRangesOfMixedValuesInsertsGrowsAndShrinks(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        try f.realm.write {
            list.replaceSubrange(0 ..< 0, with: [] as [AnyRealmValue])
            #expect(list.count == 0)
            list.replaceSubrange(0 ..< 0, with: [v[0]])
            #expect(list.count == 1)
            #expect(Self.same(list[0], v[0]))
            list.replaceSubrange(0 ..< 1, with: v)
            #expect(list.count == 3)
            list.replaceSubrange(1 ..< 2, with: [] as [AnyRealmValue])
            #expect(list.count == 2)
            #expect(Self.holds(list, [v[0], v[2]]))
        }
    }

    // AnyRealmValueListTests.testMove
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func movingAMixedValueShiftsTheOthers(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.move(from: 1, to: 0) } }
        }
        try f.realm.write {
            list.append(objectsIn: v)
            list.move(from: 2, to: 0)
            #expect(Self.holds(list, [v[2], v[0], v[1]]))
        }
        guard f.isManaged else { return }
        for (from, to) in [(3, 0), (0, 3), (-1, 0), (0, -1)] {
            #expect(throws: GeodeError.self, "move(from: \(from), to: \(to))") {
                try f.realm.write { list.move(from: from, to: to) }
            }
        }
        #expect(Self.holds(list, [v[2], v[0], v[1]]))
    }

    // AnyRealmValueListTests.testSwap
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func swappingMixedValuesExchangesThem(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.swapAt(0, 1) } }
        }
        try f.realm.write {
            list.append(objectsIn: v)
            list.swapAt(0, 2)
            #expect(Self.holds(list, [v[2], v[1], v[0]]))
        }
        guard f.isManaged else { return }
        for (i, j) in [(3, 0), (0, 3), (-1, 0), (0, -1)] {
            #expect(throws: GeodeError.self, "swapAt(\(i), \(j))") { try f.realm.write { list.swapAt(i, j) } }
        }
        #expect(Self.holds(list, [v[2], v[1], v[0]]))
    }

    // AnyRealmValueListTests.testAssign
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func assigningAMixedValueByPositionReplacesEachKind(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (list, v) = (f.list, f.values)
        try f.realm.write {
            #expect(list.count == 0)
            list.insert(v[0], at: 0)
            #expect(list.count == 1)
            #expect(Self.same(list[0], v[0]))
            list[0] = v[1]
            #expect(list.count == 1)
            #expect(Self.same(list[0], v[1]))
        }
    }
}

// MARK: - Sets of mixed values (AnyRealmValueMutableSetTests)

extension AnyRealmValueConformanceTests {
    // AnyRealmValueMutableSetTests.testInsert
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func aMixedSetHoldsEachValueOnceOfEveryKind(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, v) = (f.set, f.values)
        try f.realm.write {
            #expect(set.count == 0)
            set.insert(v[0])
            #expect(set.count == 1)
            #expect(set.contains(v[0]))
            set.insert(v[1])
            #expect(set.count == 2)
            #expect(set.contains(v[0]))
            #expect(set.contains(v[1]))
            set.insert(v[2])
            #expect(set.count == 3)
            // The same value again: no new element.
            set.insert(v[2])
            #expect(set.count == 3)
            #expect(set.contains(v[0]))
            #expect(set.contains(v[1]))
            #expect(set.contains(v[2]))
        }
    }

    // AnyRealmValueMutableSetTests.testRemove, testRemoveAll, testContains
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func removingFromAMixedSetLeavesTheOtherValues(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, v) = (f.set, f.values)
        try f.realm.write {
            set.removeAll()
            #expect(set.count == 0)
            set.insert(objectsIn: v)
            #expect(set.count == v.count)
            for value in v { #expect(set.contains(value)) }
            set.remove(v[0])
            #expect(!set.contains(v[0]))
            #expect(set.contains(v[1]))
            #expect(set.contains(v[2]))
            set.removeAll()
            #expect(set.count == 0)
        }
    }

    // AnyRealmValueMutableSetTests.testSubscript
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func everyPositionOfAMixedSetHoldsOneOfItsValues(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, v) = (f.set, f.values)
        try f.realm.write { set.insert(objectsIn: v) }
        for i in 0 ..< 3 {
            #expect(Self.among(set[i], v), "position \(i)")
        }
    }

    // AnyRealmValueMutableSetTests.testValueForKey (the "self" key)
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func valueForKeySelfOfAMixedSetGivesTheValueItHolds(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, v) = (f.set, f.values)
        #expect(set.value(forKey: "self").isEmpty)
        try f.realm.write { set.insert(v[0]) }
        let read: [Any?] = set.value(forKey: "self")
        #expect(read.count == 1)
        #expect(Self.plainMatches(read.first ?? nil, v[0]), "\(read) for \(v[0])")
    }

    // AnyRealmValueMutableSetTests.testIsSubset, testIntersects
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func mixedSetsAreSubsetsAndIntersectWhileTheyShareAValue(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, other, v) = (f.set, f.otherSet, f.values)
        try f.realm.write {
            #expect(set.count == 0)
            #expect(other.count == 0)
            set.insert(objectsIn: v)
            other.insert(v[0])
            #expect(other.isSubset(of: set))
            #expect(other.intersects(set))
            other.remove(v[0])
            #expect(!set.isSubset(of: other))
            #expect(!set.intersects(other))
        }
    }

    // AnyRealmValueMutableSetTests.testFormIntersection
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func intersectingMixedSetsKeepsTheSharedValue(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, other, v) = (f.set, f.otherSet, f.values)
        try f.realm.write {
            set.insert(objectsIn: v)
            other.insert(v[0])
            set.formIntersection(other)
            #expect(set.count == 1)
            #expect(Self.same(set[0], v[0]))
        }
    }

    // AnyRealmValueMutableSetTests.testFormUnion
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func unitingMixedSetsHoldsEachValueOnce(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, other, v) = (f.set, f.otherSet, f.values)
        try f.realm.write {
            set.insert(v[0])
            set.insert(v[1])
            other.insert(v[0])
            other.insert(v[2])
            set.formUnion(other)
            #expect(set.count == 3)
            for i in 0 ..< 3 {
                #expect(Self.among(set[i], v), "position \(i)")
            }
        }
    }

    // AnyRealmValueMutableSetTests.testSubtract
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func subtractingAMixedSetRemovesTheSharedValue(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (set, other, v) = (f.set, f.otherSet, f.values)
        try f.realm.write {
            #expect(set.count == 0)
            #expect(other.count == 0)
            set.insert(v[0])
            set.insert(v[1])
            other.insert(v[0])
            other.insert(v[2])
            set.subtract(other)
            #expect(set.count == 1)
            #expect(!set.contains(v[0]))
            #expect(set.contains(v[1]))
        }
    }
}

// MARK: - Maps of mixed values (AnyRealmValueMapTests)

extension AnyRealmValueConformanceTests {
    /// Whether `map` holds `value` under `key` (Realm's `assertValue`).
    static func entry(_ map: Map<String, AnyRealmValue>, _ key: String, is value: AnyRealmValue) -> Bool {
        map.contains { k, v in k == key && same(v, value) }
    }

    // AnyRealmValueMapTests.testInsert
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func eachKindOfMixedValueIsStoredUnderItsKey(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (map, e) = (f.map, f.entries)
        try f.realm.write {
            #expect(map.count == 0)
            for n in 0 ..< 3 {
                map[e[n].key] = e[n].value
                #expect(map.count == n + 1)
                #expect(map.keys.count == n + 1)
                #expect(map.values.count == n + 1)
                #expect(Set(e.prefix(n + 1).map(\.key)).isSubset(of: map.keys))
                #expect(Self.entry(map, e[n].key, is: e[n].value), "key\(n)")
            }
        }
    }

    // AnyRealmValueMapTests.testRemove
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func mixedMapEntriesAreRemovedByNilByKeyAndAll(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (map, e) = (f.map, f.entries)
        try f.realm.write {
            #expect(map.count == 0)
            map.merge(e) { $1 }
            #expect(map.count == 3)
            #expect(map.keys.count == 3)
            #expect(map.values.count == 3)
            #expect(Set(e.map(\.key)).isSubset(of: map.keys))

            map.setValue(nil, forKey: e[0].key)
            #expect(map.value(forKey: e[0].key) == nil)
            map.removeAll()
            #expect(map.count == 0)

            map.merge(e) { $1 }
            map[e[1].key] = nil
            #expect(map[e[1].key] == nil)
            map.removeObject(for: e[2].key)
            #expect(Set([e[0].key]).isSubset(of: map.keys))
        }
    }

    // AnyRealmValueMapTests.testSubscript
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func assigningNilRemovesAMixedEntryButAssigningNoneKeepsIt(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (map, e) = (f.map, f.entries)
        try f.realm.write {
            #expect(map.count == 0)
            for entry in e { map[entry.key] = entry.value }
            #expect(map.count == 3)
            #expect(map.keys.count == 3)
            #expect(map.values.count == 3)
            #expect(Set(e.map(\.key)).isSubset(of: map.keys))

            map[e[0].key] = e[0].value
            map[e[1].key] = nil
            map[e[2].key] = e[2].value
            #expect(map.count == 2)
            #expect(map.keys.count == 2)
            #expect(map.values.count == 2)
            #expect(Set([e[0].key, e[2].key]).isSubset(of: map.keys))

            map[e[0].key] = AnyRealmValue.none
            #expect(map.count == 2)
            #expect(map.keys.count == 2)
            #expect(map.values.count == 2)
            #expect(Set([e[0].key, e[2].key]).isSubset(of: map.keys))

            map.removeAll()
            #expect(map[e[0].key] == nil)
            map[e[0].key] = e[0].value
            #expect(Self.same(map[e[0].key], e[0].value))
        }
    }

    // AnyRealmValueMapTests.testValueForKey
    @Test(arguments: Kind.allCases, Ownership.allCases)
    func valueForKeyOfAMixedMapGivesTheValueItHolds(_ kind: Kind, _ ownership: Ownership) throws {
        let f = try Fixture(kind, ownership)
        let (map, e) = (f.map, f.entries)
        try f.realm.write {
            #expect(map.value(forKey: e[0].key) == nil)
            map[e[0].key] = e[0].value
            let read = map.value(forKey: e[0].key)
            #expect(Self.plainMatches(read, e[0].value), "\(String(describing: read)) for \(e[0].value)")
        }
    }
}

// MARK: - Notifications of nested mixed collections (MixedCollectionTest)

extension AnyRealmValueConformanceTests {
    /// A list change as text: "d[…] i[…] m[…]", only for updates.
    static func update<C>(_ change: RealmCollectionChange<C>) -> String? {
        if case let .update(_, deletions, insertions, modifications) = change {
            return "d\(deletions) i\(insertions) m\(modifications)"
        }
        if case let .error(error) = change { return "error \(error)" }
        return nil
    }

    /// A map change as text: "d[…] i[…] m[…]", only for updates.
    static func update<C>(_ change: RealmMapChange<C>) -> String? {
        if case let .update(_, deletions, insertions, modifications) = change {
            return "d\(deletions) i\(insertions) m\(modifications)"
        }
        if case let .error(error) = change { return "error \(error)" }
        return nil
    }

    // MixedCollectionTest.testMixedCollectionObjectNotifications
    @Test func everyChangeInsideANestedMixedCollectionNotifiesItsObjectOfTheProperty() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let holder = AVHolder()
            try realm.write { realm.add(holder) }
            let tree: [String: AnyRealmValue] = [
                "key0": .fromDictionary(["key1": .fromArray([.fromArray([.int(3)])])])
            ]
            let changes: [() -> Void] = [
                { holder.anyValue = .fromDictionary(tree) },
                {
                    holder.anyValue.dictionaryValue?["key0"]?.dictionaryValue?["key1"]?.listValue?[0].listValue?[0] =
                        .bool(true)
                },
                { holder.anyValue.dictionaryValue?["key0"]?.dictionaryValue?["key1"]?.listValue?.append(.float(33.33)) },
                { holder.anyValue.dictionaryValue?["key0"]?.dictionaryValue?["key1"]?.listValue?.removeLast() },
                { holder.anyValue.dictionaryValue?["key0"]?.dictionaryValue?["key1"]?.listValue?.removeAll() },
                { holder.anyValue.dictionaryValue?["key0"]?.dictionaryValue?["key2"] = .string("nowhere") },
                { holder.anyValue.dictionaryValue?["key0"]?.dictionaryValue?["key2"] = nil },
                { holder.anyValue.dictionaryValue?.removeAll() },
            ]
            for (step, change) in changes.enumerated() {
                let heard = Collected<[String]>()
                let token = holder.observe { (change: ObjectChange<AVHolder>) in
                    if case let .change(_, properties) = change {
                        heard.add(properties.map(\.name))
                    } else {
                        heard.add(["\(change)"])
                    }
                }
                try realm.write { change() }
                #expect(heard.wait(for: 1, seconds: 2), "step \(step)")
                #expect(heard.all == [["anyValue"]], "step \(step)")
                token.invalidate()
            }
        }
    }

    // MixedCollectionTest.testMixedCollectionDictionaryNotifications
    @Test func aNestedMixedDictionaryReportsTheKeysInsertedDeletedAndModified() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let inner = AnyRealmValue.fromDictionary(["key1": .fromDictionary(["key5": .float(43)])])
            let dictionary: [String: AnyRealmValue] = ["key0": inner, "key3": .decimal128(Decimal128(1))]
            let holder = AVHolder()
            holder.anyValue = .fromDictionary(dictionary)
            try realm.write { realm.add(holder) }
            func top() -> Map<String, AnyRealmValue>? { holder.anyValue.dictionaryValue }
            func deep() -> Map<String, AnyRealmValue>? {
                top()?["key0"]?.dictionaryValue?["key1"]?.dictionaryValue
            }

            func expectChange(
                _ observed: Map<String, AnyRealmValue>?, _ expected: String, _ change: () -> Void
            ) throws {
                let map = try #require(observed)
                let heard = Collected<String>()
                let token = map.observe { change in
                    if let text = Self.update(change) { heard.add(text) }
                }
                realm.refresh()
                try realm.write { change() }
                #expect(heard.wait(for: 1, seconds: 2), "\(expected)")
                #expect(heard.all == [expected])
                token.invalidate()
            }

            try expectChange(top(), "d[] i[\"key2\"] m[]") { top()?["key2"] = .fromDictionary(dictionary) }
            try expectChange(top(), "d[] i[\"key10\"] m[]") { top()?["key10"] = .fromDictionary(dictionary) }
            try expectChange(top()?["key10"]?.dictionaryValue, "d[] i[] m[\"key0\"]") {
                top()?["key10"]?.dictionaryValue?["key0"] = .string("new")
            }
            try expectChange(top(), "d[\"key3\"] i[] m[]") { top()?["key3"] = nil }
            try expectChange(deep(), "d[] i[\"key6\"] m[]") { deep()?["key6"] = .date(Date()) }
            try expectChange(deep(), "d[\"key5\", \"key6\"] i[] m[]") { deep()?.removeAll() }
        }
    }

    // MixedCollectionTest.testMixedCollectionArrayNotifications
    @Test func aNestedMixedListReportsThePositionsInsertedDeletedAndModified() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let innermost = AnyRealmValue.fromArray([.float(43), .string("lunch"), .double(12.34)])
            let array: [AnyRealmValue] = [.fromArray([innermost, .bool(false)]), .decimal128(Decimal128(1))]
            let holder = AVHolder()
            holder.anyValue = .fromArray(array)
            try realm.write { realm.add(holder) }
            func top() -> List<AnyRealmValue>? { holder.anyValue.listValue }
            func middle() -> List<AnyRealmValue>? { top()?[0].listValue }
            func bottom() -> List<AnyRealmValue>? { middle()?[0].listValue }

            func expectChange(_ observed: List<AnyRealmValue>?, _ expected: String, _ change: () -> Void) throws {
                let list = try #require(observed)
                let heard = Collected<String>()
                let token = list.observe { change in
                    if let text = Self.update(change) { heard.add(text) }
                }
                realm.refresh()
                try realm.write { change() }
                #expect(heard.wait(for: 1, seconds: 2), "\(expected)")
                #expect(heard.all == [expected])
                token.invalidate()
            }

            try expectChange(top(), "d[] i[2] m[]") { top()?.append(.fromArray(array)) }
            try expectChange(middle(), "d[] i[] m[1]") { middle()?[1] = .objectId(ObjectId.generate()) }
            try expectChange(bottom(), "d[2] i[] m[]") { bottom()?.removeLast() }
            try expectChange(bottom(), "d[0, 1] i[] m[]") { bottom()?.removeAll() }
        }
    }
}
