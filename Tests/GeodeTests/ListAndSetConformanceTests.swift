import Foundation
import Geode
import GeodeTestSupport
import Testing

// What realm-swift's tests of managed lists and sets (`ListTests.swift`,
// `MutableSetTests.swift`, `PrimitiveListTests.swift`, `PrimitiveMutableSetTests.swift`)
// establish, restated for Geode: editing a list or set that belongs to a stored object,
// reading its ends and positions, finding values, aggregating numbers (what an empty
// collection and nil elements give), sorting and making values distinct, and combining
// two stored sets. The value tests run over types the other conformance files leave out
// (sized integers, floats, data, object ids, UUIDs and optionals of these).
//
// Realm raises an exception for an index outside a managed collection. Geode records the
// refusal and the write that made it throws from its commit, changing nothing; so each
// refused change below runs in a write of its own, and the collection is read afterwards
// to show it was left as it was.

// MARK: - Model

// The objects, the ways a collection's owner comes to be, and the fixture are
// those of `CollectionMutationBehaviourTests` (restated from the same realm-swift suites).
typealias CCLSWord = CollectionMutationBehaviourTests.Word
typealias CCLSFlag = CollectionMutationBehaviourTests.Flag
typealias CCLSGadget = CollectionMutationBehaviourTests.Gadget
typealias CCLSTally = CollectionMutationBehaviourTests.Tally
typealias CCLSShelf = CollectionMutationBehaviourTests.Shelf
typealias CCLSKind = CollectionMutationBehaviourTests.Kind

/// Lists and sets of values.
final class CCLSValues: Object {
    @Persisted var ints: List<Int>
    @Persisted var int16s: List<Int16>
    @Persisted var int32s: List<Int32>
    @Persisted var int64s: List<Int64>
    @Persisted var doubles: List<Double>
    @Persisted var strings: List<String>
    @Persisted var datas: List<Data>
    @Persisted var dates: List<Date>
    @Persisted var objectIds: List<ObjectId>
    @Persisted var uuids: List<UUID>
    @Persisted var optionalInts: List<Int?>
    @Persisted var optionalInt32s: List<Int32?>
    @Persisted var optionalFloats: List<Float?>
    @Persisted var optionalDoubles: List<Double?>
    @Persisted var optionalStrings: List<String?>
    @Persisted var optionalDatas: List<Data?>
    @Persisted var optionalDates: List<Date?>
    @Persisted var optionalDecimals: List<Decimal128?>
    @Persisted var optionalObjectIds: List<ObjectId?>
    @Persisted var optionalUUIDs: List<UUID?>

    @Persisted var intSet: MutableSet<Int>
    @Persisted var int64Set: MutableSet<Int64>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var dataSet: MutableSet<Data>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var objectIdSet: MutableSet<ObjectId>
    @Persisted var optionalIntSet: MutableSet<Int?>
    @Persisted var optionalInt8Set: MutableSet<Int8?>
    @Persisted var optionalDoubleSet: MutableSet<Double?>
    @Persisted var optionalStringSet: MutableSet<String?>
    @Persisted var optionalDataSet: MutableSet<Data?>
    @Persisted var optionalDateSet: MutableSet<Date?>
    @Persisted var optionalDecimalSet: MutableSet<Decimal128?>
    @Persisted var optionalObjectIdSet: MutableSet<ObjectId?>
    @Persisted var optionalUUIDSet: MutableSet<UUID?>
}

// MARK: - Fixtures

extension CollectionMutationBehaviourTests.Fixture {
    var three: CollectionMutationBehaviourTests.Word { words[2] }
}

@Suite struct ListAndSetConformanceTests {
    static var types: [ObjectBase.Type] {
        CollectionMutationBehaviourTests.types + [CCLSValues.self]
    }

    /// Runs `body` with two values objects created in a realm of their own (Realm's
    /// `ManagedObjectFactory.get()`, twice for the second set of the set-algebra tests).
    static func withValues(_ body: (Realm, CCLSValues, CCLSValues) throws -> Void) throws {
        try withTemporaryRealm(of: types) { realm in
            let first = try realm.write { realm.create(CCLSValues.self) }
            let second = try realm.write { realm.create(CCLSValues.self) }
            try body(realm, first, second)
        }
    }

    // Three values of each type, in ascending order. Realm makes the values of an
    // optional type from those of the type: nil, then the first and the last.

    static func optionals<T>(_ values: [T]) -> [T?] { [nil, values[0], values[2]] }

    /// The values moved round by one (the second first, the first last): no order is given away.
    static func rotated<T>(_ values: [T]) -> [T] { Array(values.dropFirst()) + [values[0]] }

    static func uuid(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID() }

    static var int8s: [Int8] { [1, 2, 3] }
    static var int16s: [Int16] { [1, 2, 3] }
    static var int32s: [Int32] { [1, 2, 3] }
    static var int64s: [Int64] { [1, 2, 3] }
    static var ints: [Int] { [1, 2, 3] }
    static var floats: [Float] { [1.1, 2.2, 3.3] }
    static var doubles: [Double] { [1.1, 2.2, 3.3] }
    static var strings: [String] { ["a", "b", "c"] }
    static var datas: [Data] { [Data("a".utf8), Data("b".utf8), Data("c".utf8)] }
    static var dates: [Date] { [0.0, 10, 20].map { Date(timeIntervalSince1970: 1_600_000_000 + $0) } }
    static var decimals: [Decimal128] { [Decimal128(1), Decimal128(2), Decimal128(3)] }
    static var objectIds: [ObjectId] {
        [
            ObjectId("6058f12b957ba06156586a7c"), ObjectId("6058f12682b2fbb1f334ef1d"),
            ObjectId("6058f12d42e5a393e67538d0"),
        ]
    }
    static var uuids: [UUID] {
        [
            uuid("33041937-05B2-464A-98AD-3910CBE0D09E"), uuid("B9D325B0-3058-4838-8473-8F1AAAE410DB"),
            uuid("D84A3A0B-5D0F-4E57-A48A-7CD2B6D1F3C2"),
        ]
    }

    /// Whether `value` is within 0.01 of `expected` (Realm's accuracy for sums and means).
    static func isClose(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) < 0.01
    }
}

// MARK: - Lists of objects (ListTests)

extension ListAndSetConformanceTests {
    // realm-swift RealmSwift/Tests/ListTests.swift testInvalidated
    @Test(arguments: CCLSKind.managed)
    func aListIsInvalidatedWhenItsOwnerIsDeleted(_ kind: CCLSKind) throws {
        let f = try CollectionMutationBehaviourTests.Fixture(kind, wordCount: 2)
        let shelf = try f.shelf()
        let list = shelf.words
        #expect(!list.isInvalidated)
        try f.realm.write { f.realm.delete(shelf) }
        #expect(list.isInvalidated)
    }

    // realm-swift RealmSwift/Tests/ListTests.swift testFastEnumerationWithMutation
    @Test(arguments: CCLSKind.managed)
    func iteratingAListWhileAppendingVisitsOnlyTheElementsItStartedWith(_ kind: CCLSKind) throws {
        let f = try CollectionMutationBehaviourTests.Fixture(kind, wordCount: 2)
        let list = try f.shelf().words
        try f.realm.write {
            for _ in 0 ..< 10 { list.append(objectsIn: [f.one, f.two]) }
            var texts = ""
            for word in list {
                texts += word.text
                list.append(objectsIn: [f.one])
            }
            #expect(texts == "12121212121212121212")
        }
    }

    // realm-swift RealmSwift/Tests/ListTests.swift testPrimitive (Realm's runs on an unmanaged
    // object; restated on a stored one)
    @Test func aListOfValuesReadsItsEndsFindsAValueAndAggregates() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                v.ints.append(5)
                #expect(v.ints.first == 5)
                #expect(v.ints.last == 5)
                #expect(v.ints[0] == 5)
                v.ints.append(objectsIn: [6, 7, 8] as [Int])
                #expect(v.ints.index(of: 6) == 1)
                #expect(v.ints.max() == 8)
                #expect(v.ints.sum() == 26)

                v.strings.append("str")
                #expect(v.strings.first == "str")
                #expect(v.strings[0] == "str")
            }
        }
    }

    // realm-swift RealmSwift/Tests/ListTests.swift testPrimitiveIterationAcrossNil (Realm's runs
    // on an unmanaged object; restated on a stored one)
    @Test func anEmptyStoredListOfEachTypeContainsNoValueAndNoNil() throws {
        try Self.withValues { _, v, _ in
            #expect(!v.ints.contains(5))
            #expect(!v.int16s.contains(5))
            #expect(!v.int32s.contains(5))
            #expect(!v.int64s.contains(5))
            #expect(!v.doubles.contains(3.141592))
            #expect(!v.strings.contains("foobar"))
            #expect(!v.datas.contains(Data()))
            #expect(!v.dates.contains(Date()))
            #expect(!v.objectIds.contains(ObjectId()))
            #expect(!v.uuids.contains(UUID()))

            #expect(!v.optionalInts.contains { $0 == nil })
            #expect(!v.optionalInt32s.contains { $0 == nil })
            #expect(!v.optionalFloats.contains { $0 == nil })
            #expect(!v.optionalDoubles.contains { $0 == nil })
            #expect(!v.optionalStrings.contains { $0 == nil })
            #expect(!v.optionalDatas.contains { $0 == nil })
            #expect(!v.optionalDates.contains { $0 == nil })
            #expect(!v.optionalDecimals.contains { $0 == nil })
            #expect(!v.optionalObjectIds.contains { $0 == nil })
            #expect(!v.optionalUUIDs.contains { $0 == nil })
        }
    }
}

// MARK: - Range-replacing methods of a list of objects (ListRRCMethodsTests)

extension ListAndSetConformanceTests {
    static func tallies(_ numbers: [Int]) -> [CCLSTally] { numbers.map { CCLSTally(value: ["value": $0]) } }

    /// A list of tallies 0 to 6 on a shelf of `kind`, and its realm.
    static func talliesZeroToSix(_ kind: CCLSKind) throws -> (CollectionMutationBehaviourTests.Fixture, List<CCLSTally>)
    {
        let f = try CollectionMutationBehaviourTests.Fixture(kind, wordCount: 1)
        let list = try f.shelf().tallies
        try f.realm.write { list.append(objectsIn: tallies(Array(0 ..< 7))) }
        return (f, list)
    }

    static func numbers(_ list: List<CCLSTally>) -> [Int] { list.map(\.value) }

    // realm-swift RealmSwift/Tests/ListTests.swift ListRRCMethodsTests.testInsert
    @Test(arguments: [CCLSKind.unmanaged, .newlyCreated])
    func insertingContentsPutsThemInOrderAtTheIndex(_ kind: CCLSKind) throws {
        let (f, list) = try Self.talliesZeroToSix(kind)
        var expected = Array(0 ..< 7)
        expected.insert(contentsOf: [10, 11, 12, 13], at: 2)
        try f.realm.write { list.insert(contentsOf: Self.tallies([10, 11, 12, 13]), at: 2) }
        #expect(Self.numbers(list) == expected)
        #expect(Self.numbers(list) == [0, 1, 10, 11, 12, 13, 2, 3, 4, 5, 6])
    }

    // realm-swift RealmSwift/Tests/ListTests.swift ListRRCMethodsTests.testRemoveFirst,
    // ListRRCMethodsTests.testRemoveFirstFew
    @Test(arguments: [CCLSKind.unmanaged, .newlyCreated])
    func removingFromTheFrontTakesTheFirstElements(_ kind: CCLSKind) throws {
        let (f, list) = try Self.talliesZeroToSix(kind)
        try f.realm.write { list.removeFirst() }
        #expect(Self.numbers(list) == [1, 2, 3, 4, 5, 6])
        try f.realm.write { list.removeFirst(3) }
        #expect(Self.numbers(list) == [4, 5, 6])
    }

    // realm-swift RealmSwift/Tests/ListTests.swift ListRRCMethodsTests.testRemoveLastFew
    @Test(arguments: [CCLSKind.unmanaged, .newlyCreated])
    func removingSeveralFromTheBackTakesTheLastElements(_ kind: CCLSKind) throws {
        let (f, list) = try Self.talliesZeroToSix(kind)
        try f.realm.write { list.removeLast(3) }
        #expect(Self.numbers(list) == [0, 1, 2, 3])
    }

    // realm-swift RealmSwift/Tests/ListTests.swift ListRRCMethodsTests.testRemoveOpenSubrange
    @Test(arguments: [CCLSKind.unmanaged, .newlyCreated])
    func removingAHalfOpenRangeLeavesItsUpperBound(_ kind: CCLSKind) throws {
        let (f, list) = try Self.talliesZeroToSix(kind)
        try f.realm.write { list.removeSubrange(1 ..< 3) }
        #expect(Self.numbers(list) == [0, 3, 4, 5, 6])
    }

    // realm-swift RealmSwift/Tests/ListTests.swift ListRRCMethodsTests.testReplaceOpenSubrange,
    // ListRRCMethodsTests.testReplaceClosedSubrange
    @Test(arguments: [CCLSKind.unmanaged, .newlyCreated])
    func replacingARangeWithMoreElementsGrowsTheList(_ kind: CCLSKind) throws {
        let replacement = [10, 11, 12, 13, 14, 15, 16]
        let (f, open) = try Self.talliesZeroToSix(kind)
        try f.realm.write { open.replaceSubrange(2 ..< 5, with: Self.tallies(replacement)) }
        #expect(Self.numbers(open) == [0, 1, 10, 11, 12, 13, 14, 15, 16, 5, 6])

        let (g, closed) = try Self.talliesZeroToSix(kind)
        try g.realm.write { closed.replaceSubrange(2 ... 5, with: Self.tallies(replacement)) }
        #expect(Self.numbers(closed) == [0, 1, 10, 11, 12, 13, 14, 15, 16, 6])
    }

    // realm-swift RealmSwift/Tests/ListTests.swift ListRRCMethodsTests.testSubscript
    @Test(arguments: [CCLSKind.unmanaged, .newlyCreated])
    func assigningAnElementAndAShorterSliceEditsAsAnArrayDoes(_ kind: CCLSKind) throws {
        let (f, list) = try Self.talliesZeroToSix(kind)
        let other = List<CCLSTally>()
        other.append(objectsIn: Self.tallies([10, 11, 12]))
        try f.realm.write {
            list[0] = CCLSTally(value: ["value": 5])
            list[1 ..< 4] = other[0 ..< 2]
        }
        #expect(Self.numbers(list) == [5, 10, 11, 4, 5, 6])
    }
}

// MARK: - Sets of objects (MutableSetTests)

extension ListAndSetConformanceTests {
    // realm-swift RealmSwift/Tests/MutableSetTests.swift testInvalidated
    @Test(arguments: CCLSKind.managed)
    func aSetIsInvalidatedWhenItsOwnerIsDeleted(_ kind: CCLSKind) throws {
        let f = try CollectionMutationBehaviourTests.Fixture(kind, wordCount: 3)
        let shelf = try f.shelf()
        let set = shelf.wordSet
        #expect(!set.isInvalidated)
        try f.realm.write { f.realm.delete(shelf) }
        #expect(set.isInvalidated)
    }

    // realm-swift RealmSwift/Tests/MutableSetTests.swift testPrimitive (Realm's runs on an
    // unmanaged object; restated on a stored one)
    @Test func aSetOfValuesReadsItsOnlyElementAtBothEndsAndAggregates() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                v.intSet.insert(5)
                #expect(v.intSet.first == 5)
                #expect(v.intSet.last == 5)
                #expect(v.intSet[0] == 5)
                v.intSet.insert(objectsIn: [6, 7, 8] as [Int])
                #expect(v.intSet.max() == 8)
                #expect(v.intSet.sum() == 26)

                v.stringSet.insert("str")
                #expect(v.stringSet.first == "str")
                #expect(v.stringSet[0] == "str")
            }
        }
    }

    // realm-swift RealmSwift/Tests/MutableSetTests.swift testPrimitiveIterationAcrossNil (Realm's
    // runs on an unmanaged object; restated on a stored one)
    @Test func anEmptyStoredSetOfEachTypeContainsNoValueAndNoNil() throws {
        try Self.withValues { _, v, _ in
            #expect(!v.intSet.contains(5))
            #expect(!v.int64Set.contains(5))
            #expect(!v.floatSet.contains(3.141592))
            #expect(!v.stringSet.contains("foobar"))
            #expect(!v.dataSet.contains(Data()))
            #expect(!v.decimalSet.contains(Decimal128()))
            #expect(!v.objectIdSet.contains(ObjectId()))

            #expect(!v.optionalIntSet.contains { $0 == nil })
            #expect(!v.optionalInt8Set.contains { $0 == nil })
            #expect(!v.optionalDoubleSet.contains { $0 == nil })
            #expect(!v.optionalStringSet.contains { $0 == nil })
            #expect(!v.optionalDataSet.contains { $0 == nil })
            #expect(!v.optionalDateSet.contains { $0 == nil })
            #expect(!v.optionalDecimalSet.contains { $0 == nil })
            #expect(!v.optionalObjectIdSet.contains { $0 == nil })
            #expect(!v.optionalUUIDSet.contains { $0 == nil })
        }
    }
}

// MARK: - Lists of values (PrimitiveListTests, ManagedPrimitiveListTests)

extension ListAndSetConformanceTests {
    static func expectIndexOf<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        try realm.write {
            #expect(list.index(of: values[0]) == nil)
            list.append(values[0])
            #expect(list.index(of: values[0]) == 0)
            list.append(values[1])
            #expect(list.index(of: values[0]) == 0)
            #expect(list.index(of: values[1]) == 1)
        }
    }

    static func expectPositions<T: _PersistableValue & Equatable>(
        _ realm: Realm, _ list: List<T>, _ values: [T]
    ) throws {
        try realm.write { list.append(objectsIn: values) }
        for i in values.indices { #expect(list[i] == values[i]) }
    }

    static func expectFirst<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        try realm.write { list.append(objectsIn: values) }
        #expect(list.first == values.first)
        try realm.write { list.removeAll() }
        #expect(list.first == nil)
    }

    static func expectLast<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        try realm.write { list.append(objectsIn: values) }
        #expect(list.last == values.last)
        try realm.write { list.removeAll() }
        #expect(list.last == nil)
    }

    static func expectObjectsAtIndexes<T: _PersistableValue & Equatable>(
        _ realm: Realm, _ list: List<T>, _ values: [T]
    ) throws {
        try realm.write { list.append(objectsIn: values) }
        let picked = list.objects(at: [2, 1])
        #expect(picked.first == values[1])
        #expect(picked.last == values[2])
    }

    static func expectInsert<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        try realm.write {
            #expect(list.count == 0)
            list.insert(values[0], at: 0)
            #expect(list.count == 1)
            #expect(list[0] == values[0])
            list.insert(values[1], at: 0)
            #expect(list.count == 2)
            #expect(list[0] == values[1])
            #expect(list[1] == values[0])
            list.insert(values[2], at: 2)
            #expect(list.count == 3)
            #expect(Array(list) == [values[1], values[0], values[2]])
        }
        #expect(throws: GeodeError.self) { try realm.write { list.insert(values[0], at: 4) } }
        #expect(throws: GeodeError.self) { try realm.write { list.insert(values[0], at: -1) } }
        #expect(Array(list) == [values[1], values[0], values[2]])
    }

    static func expectRemove<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        #expect(throws: GeodeError.self) { try realm.write { list.remove(at: 0) } }
        #expect(throws: GeodeError.self) { try realm.write { list.remove(at: -1) } }
        try realm.write { list.append(objectsIn: values) }
        #expect(throws: GeodeError.self) { try realm.write { list.remove(at: -1) } }
        #expect(Array(list) == values)
        try realm.write { list.remove(at: 0) }
        #expect(Array(list) == [values[1], values[2]])
        #expect(throws: GeodeError.self) { try realm.write { list.remove(at: 2) } }
        try realm.write { list.remove(at: 1) }
        #expect(Array(list) == [values[1]])
    }

    static func expectRemoveLast<T: _PersistableValue & Equatable>(
        _ realm: Realm, _ list: List<T>, _ values: [T]
    ) throws {
        #expect(throws: GeodeError.self) { try realm.write { list.removeLast() } }
        try realm.write {
            list.append(objectsIn: values)
            list.removeLast()
            #expect(list.count == 2)
            #expect(list[0] == values[0])
            #expect(list[1] == values[1])
            list.removeLast(2)
            #expect(list.count == 0)
        }
    }

    static func expectRemoveAll<T: _PersistableValue & Equatable>(
        _ realm: Realm, _ list: List<T>, _ values: [T]
    ) throws {
        try realm.write {
            list.removeAll()
            list.append(objectsIn: values)
            list.removeAll()
        }
        #expect(list.count == 0)
    }

    static func expectReplace<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        #expect(throws: GeodeError.self) { try realm.write { list.replace(index: 0, object: values[0]) } }
        try realm.write {
            list.append(objectsIn: values)
            list.replace(index: 1, object: values[0])
        }
        #expect(Array(list) == [values[0], values[0], values[2]])
        #expect(throws: GeodeError.self) { try realm.write { list.replace(index: 3, object: values[0]) } }
        #expect(throws: GeodeError.self) { try realm.write { list.replace(index: -1, object: values[0]) } }
        #expect(Array(list) == [values[0], values[0], values[2]])
    }

    static func expectReplaceRange<T: _PersistableValue & Equatable>(
        _ realm: Realm, _ list: List<T>, _ values: [T]
    ) throws {
        // Replacing nothing with nothing in an empty list is allowed.
        try realm.write { list.replaceSubrange(0 ..< 0, with: [T]()) }
        #expect(list.count == 0)
        try realm.write {
            list.replaceSubrange(0 ..< 0, with: [values[0]])
            #expect(list.count == 1)
            #expect(list[0] == values[0])
            list.replaceSubrange(0 ..< 1, with: values)
            #expect(list.count == 3)
            list.replaceSubrange(1 ..< 2, with: [T]())
            #expect(list.count == 2)
            #expect(list[0] == values[0])
            #expect(list[1] == values[2])
        }
    }

    static func expectMove<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        #expect(throws: GeodeError.self) { try realm.write { list.move(from: 1, to: 0) } }
        try realm.write {
            list.append(objectsIn: values)
            list.move(from: 2, to: 0)
        }
        #expect(Array(list) == [values[2], values[0], values[1]])
        for (from, to) in [(3, 0), (0, 3), (-1, 0), (0, -1)] {
            #expect(throws: GeodeError.self) { try realm.write { list.move(from: from, to: to) } }
        }
        #expect(Array(list) == [values[2], values[0], values[1]])
    }

    static func expectSwap<T: _PersistableValue & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        #expect(throws: GeodeError.self) { try realm.write { list.swapAt(0, 1) } }
        try realm.write {
            list.append(objectsIn: values)
            list.swapAt(0, 2)
        }
        #expect(Array(list) == [values[2], values[1], values[0]])
        for (i, j) in [(3, 0), (0, 3), (-1, 0), (0, -1)] {
            #expect(throws: GeodeError.self) { try realm.write { list.swapAt(i, j) } }
        }
        #expect(Array(list) == [values[2], values[1], values[0]])
    }

    static func expectListSorts<T: SortableType & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        try realm.write { list.append(objectsIn: rotated(values)) }
        #expect(Array(list.sorted(ascending: true)) == values)
        #expect(Array(list.sorted(ascending: false)) == Array(values.reversed()))
    }

    static func expectDistinct<T: SortableType & Equatable>(_ realm: Realm, _ list: List<T>, _ values: [T]) throws {
        try realm.write {
            list.append(objectsIn: values)
            list.append(objectsIn: values)
        }
        #expect(Array(list.distinct()) == values)
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testInvalidated
    @Test func aListOfValuesIsInvalidatedWhenItsOwnerIsDeleted() throws {
        try Self.withValues { realm, v, _ in
            let list = v.optionalStrings
            #expect(!list.isInvalidated)
            try realm.write { realm.delete(v) }
            #expect(list.isInvalidated)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testIndexOf
    @Test func indexOfIsNilUntilAppendedThenTheFirstPositionEvenForNil() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectIndexOf(realm, v.int32s, Self.int32s)
            try Self.expectIndexOf(realm, v.optionalDoubles, Self.optionals(Self.doubles))
            try Self.expectIndexOf(realm, v.uuids, Self.uuids)
            try Self.expectIndexOf(realm, v.optionalDatas, Self.optionals(Self.datas))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testSubscript
    @Test func eachAppendedValueIsReadBackAtItsPosition() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectPositions(realm, v.objectIds, Self.objectIds)
            try Self.expectPositions(realm, v.optionalDates, Self.optionals(Self.dates))
            try Self.expectPositions(realm, v.optionalStrings, Self.optionals(Self.strings))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testFirst
    @Test func firstIsTheFirstValueEvenWhenItIsNilAndNilOnceEmptied() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectFirst(realm, v.optionalDecimals, Self.optionals(Self.decimals))
            try Self.expectFirst(realm, v.int64s, Self.int64s)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testLast
    @Test func lastIsTheLastValueAndNilOnceEmptied() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectLast(realm, v.optionalUUIDs, Self.optionals(Self.uuids))
            try Self.expectLast(realm, v.doubles, Self.doubles)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testObjectsAtIndexes
    @Test func objectsAtIndexesComeInTheOrderOfThePositionsNotOfTheRequest() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectObjectsAtIndexes(realm, v.datas, Self.datas)
            try Self.expectObjectsAtIndexes(realm, v.optionalInts, Self.optionals(Self.ints))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testValueForKey
    @Test func valueForSelfOfAListOfValuesIsItsValues() throws {
        try Self.withValues { realm, v, _ in
            let empty = try #require(v.strings.value(forKey: "self") as? [Any])
            #expect(empty.count == 0)
            try realm.write { v.strings.append(objectsIn: Self.strings) }
            #expect(v.strings.value(forKey: "self") as? [String] == Self.strings)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testInsert
    @Test func insertingAValueAtTheFrontOrEndAndAnIndexOutsideFailsTheWrite() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectInsert(realm, v.optionalUUIDs, Self.optionals(Self.uuids))
            try Self.expectInsert(realm, v.int16s, Self.int16s)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testRemove
    @Test func removingAValueByIndexAndAnIndexOutsideFailsTheWrite() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectRemove(realm, v.optionalFloats, Self.optionals(Self.floats))
            try Self.expectRemove(realm, v.strings, Self.strings)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testRemoveLast
    @Test func removingTheLastValueOfAnEmptyListFailsTheWriteAndTheLastTwoEmptyAListOfTwo() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectRemoveLast(realm, v.dates, Self.dates)
            try Self.expectRemoveLast(realm, v.optionalObjectIds, Self.optionals(Self.objectIds))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testRemoveAll
    @Test func removingAllValuesEmptiesTheListAndIsAllowedWhenEmpty() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectRemoveAll(realm, v.optionalDatas, Self.optionals(Self.datas))
            try Self.expectRemoveAll(realm, v.uuids, Self.uuids)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testReplace
    @Test func replacingAValueKeepsTheOthersAndAnIndexOutsideFailsTheWrite() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectReplace(realm, v.int64s, Self.int64s)
            try Self.expectReplace(realm, v.optionalStrings, Self.optionals(Self.strings))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testReplaceRange
    @Test func replacingRangesOfValuesInsertsRemovesAndAllowsAnEmptyRangeOfAnEmptyList() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectReplaceRange(realm, v.optionalInt32s, Self.optionals(Self.int32s))
            try Self.expectReplaceRange(realm, v.datas, Self.datas)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testMove
    @Test func movingAValueToTheFrontShiftsTheOthersAndAnIndexOutsideFailsTheWrite() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectMove(realm, v.optionalDecimals, Self.optionals(Self.decimals))
            try Self.expectMove(realm, v.objectIds, Self.objectIds)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift testSwap
    @Test func swappingTheEndsLeavesTheMiddleAndAnIndexOutsideFailsTheWrite() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectSwap(realm, v.optionalDates, Self.optionals(Self.dates))
            try Self.expectSwap(realm, v.doubles, Self.doubles)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift MinMaxPrimitiveListTests.testMin,
    // MinMaxPrimitiveListTests.testMax
    @Test func minAndMaxOfAListAreNilWhenEmptyAndLeaveNilsOut() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                #expect(v.int64s.min() == nil)
                #expect(v.int64s.max() == nil)
                #expect(v.optionalFloats.min() == nil)
                #expect(v.optionalFloats.max() == nil)
                #expect(v.optionalDates.min() == nil)
                #expect(v.optionalDates.max() == nil)
                #expect(v.optionalDecimals.min() == nil)
                #expect(v.optionalDecimals.max() == nil)

                v.int64s.append(objectsIn: Self.int64s.reversed())
                v.optionalFloats.append(objectsIn: Self.optionals(Self.floats).reversed())
                v.optionalDates.append(objectsIn: Self.optionals(Self.dates).reversed())
                v.optionalDecimals.append(objectsIn: Self.optionals(Self.decimals).reversed())

                #expect(v.int64s.min() == 1)
                #expect(v.int64s.max() == 3)
                #expect(v.optionalFloats.min() == Float(1.1))
                #expect(v.optionalFloats.max() == Float(3.3))
                #expect(v.optionalDates.min() == Self.dates[0])
                #expect(v.optionalDates.max() == Self.dates[2])
                #expect(v.optionalDecimals.min() == Decimal128(1))
                #expect(v.optionalDecimals.max() == Decimal128(3))
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift AddablePrimitiveListTests.testSum
    @Test func sumOfAListIsZeroWhenEmptyEvenForOptionalsAndLeavesNilsOut() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                #expect(v.int16s.sum() == 0)
                #expect(v.optionalInt32s.sum() == Int32?.some(0))
                #expect(v.optionalDoubles.sum() == Double?.some(0))
                #expect(v.optionalDecimals.sum() == Decimal128?.some(Decimal128(0)))

                v.int16s.append(objectsIn: Self.int16s)
                v.optionalInt32s.append(objectsIn: Self.optionals(Self.int32s))
                v.optionalDoubles.append(objectsIn: Self.optionals(Self.doubles))
                v.optionalDecimals.append(objectsIn: Self.optionals(Self.decimals))

                #expect(v.int16s.sum() == 6)
                #expect(v.optionalInt32s.sum() == 4)
                #expect(Self.isClose(v.optionalDoubles.sum(), 4.4))
                #expect(v.optionalDecimals.sum() == Decimal128(4))
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift AddablePrimitiveListTests.testAverage
    @Test func averageOfAListIsNilWhenEmptyAndCountsOnlyTheNonNilValues() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                #expect(v.int16s.average() as Double? == nil)
                #expect(v.optionalInt32s.average() as Double? == nil)
                #expect(v.optionalFloats.average() as Double? == nil)
                #expect(v.optionalDecimals.average() == nil)

                v.int16s.append(objectsIn: Self.int16s)
                v.optionalInt32s.append(objectsIn: Self.optionals(Self.int32s))
                v.optionalFloats.append(objectsIn: Self.optionals(Self.floats))
                v.optionalDecimals.append(objectsIn: Self.optionals(Self.decimals))

                #expect(Self.isClose(v.int16s.average() as Double?, 2))
                // (1 + 3) / 2: the nil is not counted.
                #expect(Self.isClose(v.optionalInt32s.average() as Double?, 2))
                #expect(Self.isClose(v.optionalFloats.average() as Double?, 2.2))
                #expect(v.optionalDecimals.average() == Decimal128(2))
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift SortablePrimitiveListTests.testSorted
    @Test func aListOfValuesSortsBothWaysWithNilFirstAscending() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectListSorts(realm, v.optionalDoubles, Self.optionals(Self.doubles))
            try Self.expectListSorts(realm, v.datas, Self.datas)
            try Self.expectListSorts(realm, v.optionalDates, Self.optionals(Self.dates))
            try Self.expectListSorts(realm, v.int32s, Self.int32s)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveListTests.swift SortablePrimitiveListTests.testDistinct
    @Test func distinctOfValuesAppendedTwiceIsTheValuesOnceInTheirOrder() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectDistinct(realm, v.int16s, Self.int16s)
            try Self.expectDistinct(realm, v.optionalFloats, Self.optionals(Self.floats))
            try Self.expectDistinct(realm, v.optionalStrings, Self.optionals(Self.strings))
            try Self.expectDistinct(realm, v.dates, Self.dates)
        }
    }
}

// MARK: - Sets of values (PrimitiveMutableSetTests)

extension ListAndSetConformanceTests {
    static func expectSetInsert<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            #expect(set.count == 0)
            set.insert(values[0])
            #expect(set.count == 1)
            #expect(set.contains(values[0]))
            set.insert(values[1])
            #expect(set.count == 2)
            #expect(set.contains(values[0]))
            #expect(set.contains(values[1]))
            set.insert(values[2])
            #expect(set.count == 3)
            set.insert(values[2])
            #expect(set.count == 3)
            for value in values { #expect(set.contains(value)) }
        }
    }

    static func expectSetRemove<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            set.removeAll()
            #expect(set.count == 0)
            set.insert(objectsIn: values)
            set.remove(values[0])
            #expect(!set.contains(values[0]))
            #expect(set.contains(values[1]))
            #expect(set.contains(values[2]))
        }
    }

    static func expectSetRemoveAll<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            set.removeAll()
            set.insert(objectsIn: values)
            set.removeAll()
            #expect(set.count == 0)
        }
    }

    static func expectSubset<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ other: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            #expect(set.count == 0)
            #expect(other.count == 0)
            set.insert(objectsIn: values)
            other.insert(values[0])
            #expect(other.isSubset(of: set))
            other.remove(values[0])
            #expect(!set.isSubset(of: other))
        }
    }

    static func expectContains<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            #expect(set.count == 0)
            set.insert(objectsIn: values)
            #expect(set.count == values.count)
            for value in values { #expect(set.contains(value)) }
        }
    }

    static func expectIntersects<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ other: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            #expect(set.count == 0)
            #expect(other.count == 0)
            set.insert(objectsIn: values)
            other.insert(values[0])
            #expect(other.intersects(set))
            other.remove(values[0])
            #expect(!set.intersects(other))
        }
    }

    static func expectFormIntersection<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ other: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            set.insert(objectsIn: values)
            other.insert(values[0])
            set.formIntersection(other)
        }
        #expect(set.count == 1)
        #expect(Array(set) == [values[0]])
    }

    static func expectFormUnion<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ other: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            set.insert(values[0])
            set.insert(values[1])
            other.insert(values[0])
            other.insert(values[2])
            set.formUnion(other)
        }
        #expect(set.count == 3)
        #expect(Set(Array(set)) == Set(values))
    }

    static func expectSubtract<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ other: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write {
            set.insert(values[0])
            set.insert(values[1])
            other.insert(values[0])
            other.insert(values[2])
            set.subtract(other)
        }
        #expect(set.count == 1)
        #expect(!set.contains(values[0]))
        #expect(set.contains(values[1]))
    }

    static func expectSetPositions<T: _PersistableValue & Hashable>(
        _ realm: Realm, _ set: MutableSet<T>, _ values: [T]
    ) throws {
        try realm.write { set.insert(objectsIn: values) }
        #expect(values.contains(set[0]))
        #expect(values.contains(set[1]))
        #expect(values.contains(set[2]))
    }

    static func expectSetSorts<T: SortableType & Hashable>(_ realm: Realm, _ set: MutableSet<T>, _ values: [T]) throws {
        try realm.write { set.insert(objectsIn: rotated(values)) }
        #expect(Array(set.sorted(ascending: true)) == values)
        #expect(Array(set.sorted(ascending: false)) == Array(values.reversed()))
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testInvalidated
    @Test func aSetOfValuesIsInvalidatedWhenItsOwnerIsDeleted() throws {
        try Self.withValues { realm, v, _ in
            let set = v.decimalSet
            #expect(!set.isInvalidated)
            try realm.write { realm.delete(v) }
            #expect(set.isInvalidated)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testValueForKey
    @Test func valueForSelfOfASetOfValuesIsItsValues() throws {
        try Self.withValues { realm, v, _ in
            let empty: [Any] = v.stringSet.value(forKey: "self")
            #expect(empty.count == 0)
            try realm.write { v.stringSet.insert(objectsIn: Self.strings) }
            let selves = try #require(v.stringSet.value(forKey: "self") as? [String])
            #expect(Set(selves) == Set(Self.strings))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testInsert
    @Test func insertingAValueTheSetHoldsAlreadyAddsNothing() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectSetInsert(realm, v.optionalUUIDSet, Self.optionals(Self.uuids))
            try Self.expectSetInsert(realm, v.int64Set, Self.int64s)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testRemove
    @Test func removingAValueFromASetKeepsTheOthers() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectSetRemove(realm, v.optionalDecimalSet, Self.optionals(Self.decimals))
            try Self.expectSetRemove(realm, v.stringSet, Self.strings)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testRemoveAll
    @Test func removingAllValuesEmptiesTheSetAndIsAllowedWhenEmpty() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectSetRemoveAll(realm, v.optionalDataSet, Self.optionals(Self.datas))
            try Self.expectSetRemoveAll(realm, v.objectIdSet, Self.objectIds)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testIsSubset
    @Test func aSetSharingAValueIsASubsetAndAFullSetIsNoSubsetOfAnEmptyOne() throws {
        try Self.withValues { realm, v, w in
            try Self.expectSubset(realm, v.optionalDoubleSet, w.optionalDoubleSet, Self.optionals(Self.doubles))
            try Self.expectSubset(realm, v.objectIdSet, w.objectIdSet, Self.objectIds)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testContains
    @Test func aSetContainsEachValueInsertedIntoIt() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectContains(realm, v.optionalDateSet, Self.optionals(Self.dates))
            try Self.expectContains(realm, v.dataSet, Self.datas)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testIntersects
    @Test func setsIntersectWhileTheyShareAValueAndNotOnceOneIsEmpty() throws {
        try Self.withValues { realm, v, w in
            try Self.expectIntersects(
                realm, v.optionalObjectIdSet, w.optionalObjectIdSet, Self.optionals(Self.objectIds))
            try Self.expectIntersects(realm, v.floatSet, w.floatSet, Self.floats)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testFormIntersection
    @Test func formingTheIntersectionKeepsOnlyTheSharedValue() throws {
        try Self.withValues { realm, v, w in
            try Self.expectFormIntersection(realm, v.int64Set, w.int64Set, Self.int64s)
            try Self.expectFormIntersection(realm, v.optionalDataSet, w.optionalDataSet, Self.optionals(Self.datas))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testFormUnion
    @Test func formingTheUnionAddsTheOtherSetsValuesOnce() throws {
        try Self.withValues { realm, v, w in
            try Self.expectFormUnion(realm, v.floatSet, w.floatSet, Self.floats)
            try Self.expectFormUnion(realm, v.optionalUUIDSet, w.optionalUUIDSet, Self.optionals(Self.uuids))
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testSubtract
    @Test func subtractingRemovesTheSharedValueEvenWhenItIsNil() throws {
        try Self.withValues { realm, v, w in
            try Self.expectSubtract(
                realm, v.optionalStringSet, w.optionalStringSet, Self.optionals(Self.strings))
            try Self.expectSubtract(realm, v.decimalSet, w.decimalSet, Self.decimals)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift testSubscript
    @Test func eachPositionOfASetHoldsOneOfItsValues() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectSetPositions(realm, v.optionalDateSet, Self.optionals(Self.dates))
            try Self.expectSetPositions(realm, v.dataSet, Self.datas)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift MinMaxPrimitiveMutableSetTests.testMin,
    // MinMaxPrimitiveMutableSetTests.testMax
    @Test func minAndMaxOfASetAreNilWhenEmptyAndLeaveNilsOut() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                #expect(v.optionalInt8Set.min() == nil)
                #expect(v.optionalInt8Set.max() == nil)
                #expect(v.decimalSet.min() == nil)
                #expect(v.decimalSet.max() == nil)
                #expect(v.optionalDateSet.min() == nil)
                #expect(v.optionalDateSet.max() == nil)

                v.optionalInt8Set.insert(objectsIn: Self.optionals(Self.int8s))
                v.decimalSet.insert(objectsIn: Self.decimals)
                v.optionalDateSet.insert(objectsIn: Self.optionals(Self.dates))

                #expect(v.optionalInt8Set.min() == 1)
                #expect(v.optionalInt8Set.max() == 3)
                #expect(v.decimalSet.min() == Decimal128(1))
                #expect(v.decimalSet.max() == Decimal128(3))
                #expect(v.optionalDateSet.min() == Self.dates[0])
                #expect(v.optionalDateSet.max() == Self.dates[2])
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift AddablePrimitiveMutableSetTests.testSum
    @Test func sumOfASetIsZeroWhenEmptyEvenForOptionalsAndLeavesNilsOut() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                #expect(v.optionalIntSet.sum() == Int?.some(0))
                #expect(v.floatSet.sum() == 0)
                #expect(v.decimalSet.sum() == Decimal128(0))

                v.optionalIntSet.insert(objectsIn: Self.optionals(Self.ints))
                v.floatSet.insert(objectsIn: Self.floats)
                v.decimalSet.insert(objectsIn: Self.decimals)

                #expect(v.optionalIntSet.sum() == 4)
                #expect(Self.isClose(Double(v.floatSet.sum()), 6.6))
                #expect(v.decimalSet.sum() == Decimal128(6))
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift AddablePrimitiveMutableSetTests.testAverage
    @Test func averageOfASetIsNilWhenEmptyAndCountsOnlyTheNonNilValues() throws {
        try Self.withValues { realm, v, _ in
            try realm.write {
                #expect(v.optionalDoubleSet.average() as Double? == nil)
                #expect(v.optionalIntSet.average() as Double? == nil)
                #expect(v.decimalSet.average() == nil)

                v.optionalDoubleSet.insert(objectsIn: Self.optionals(Self.doubles))
                v.optionalIntSet.insert(objectsIn: Self.optionals(Self.ints))
                v.decimalSet.insert(objectsIn: Self.decimals)

                // (1.1 + 3.3) / 2 and (1 + 3) / 2: the nil is not counted.
                #expect(Self.isClose(v.optionalDoubleSet.average() as Double?, 2.2))
                #expect(Self.isClose(v.optionalIntSet.average() as Double?, 2))
                #expect(v.decimalSet.average() == Decimal128(2))
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMutableSetTests.swift SortablePrimitiveMutableSetTests.testSorted
    @Test func aSetOfValuesSortsBothWaysWithNilFirstAscending() throws {
        try Self.withValues { realm, v, _ in
            try Self.expectSetSorts(realm, v.optionalDateSet, Self.optionals(Self.dates))
            try Self.expectSetSorts(realm, v.stringSet, Self.strings)
            try Self.expectSetSorts(realm, v.floatSet, Self.floats)
        }
    }
}
