import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Facts from realm-swift's `RealmSwift/Tests/ListTests.swift`, `MutableSetTests.swift`
/// and `MapTests.swift` — and, for collections of values of several types, from
/// `PrimitiveListTests.swift`, `PrimitiveMutableSetTests.swift`, `PrimitiveMapTests.swift`
/// and the collection tests of `AnyRealmValueTests.swift` — restated through Geode's
/// public API: changing and reading lists, sets and maps of objects and of values.
///
/// Realm runs each body of object-collection tests four times: on the collection of an
/// unmanaged object, of an object added to the realm, of one created in it and of one
/// read back from it (`…StandaloneTests`, `…NewlyAddedTests`, `…NewlyCreatedTests`,
/// `…RetrievedTests`); here that kind is the test's argument. The value tests run on an
/// unmanaged and on a created object (`Unmanaged…` and `Managed…` suites). Realm's tests
/// change collections inside an open write; these do too.
///
/// Where Realm expects an exception (an index out of bounds), a managed Geode
/// collection refuses the change and the write throws; that is checked in a write of
/// its own, on managed collections only — an unmanaged Geode list is a Swift array,
/// which stops the program instead. Only what Realm's tests assert is asserted.
@Suite struct CollectionMutationBehaviourTests {
    // MARK: Model

    /// One string (Realm's `SwiftStringObject`).
    final class Word: Object {
        @Persisted var text = ""
    }

    /// One flag (Realm's `SwiftBoolObject`).
    final class Flag: Object {
        @Persisted var on = false
    }

    /// An object whose properties have defaults, a link among them (Realm's `SwiftObject`).
    final class Gadget: Object {
        @Persisted var number = 123
        @Persisted var flag: Flag? = Flag()
        @Persisted var parts: List<Flag>
        @Persisted var partSet: MutableSet<Flag>
    }

    /// One integer (Realm's `SwiftIntObject`).
    final class Tally: Object {
        @Persisted var value = 0
    }

    /// Collections of objects (Realm's `SwiftArrayPropertyObject`, `SwiftMutableSetPropertyObject`,
    /// `SwiftMapPropertyObject`, `SwiftListOfSwiftObject`, `SwiftMutableSetOfSwiftObject`).
    final class Shelf: Object {
        @Persisted var name = ""
        @Persisted var words: List<Word>
        @Persisted var wordSet: MutableSet<Word>
        @Persisted var wordMap: Map<String, Word?>
        @Persisted var gadgets: List<Gadget>
        @Persisted var gadgetSet: MutableSet<Gadget>
        /// For the range-replacing methods of a list of objects (`ListRRCMethodsTests`).
        @Persisted var tallies: List<Tally>
    }

    /// Collections of values (Realm's `SwiftListObject`, `SwiftMutableSetObject`,
    /// `SwiftMapObject` and the `AnyRealmValue` collections of `ModernAllTypesObject`).
    final class Bag: Object {
        @Persisted var ints: List<Int>
        @Persisted var strings: List<String>
        @Persisted var optionalInts: List<Int?>
        @Persisted var optionalStrings: List<String?>
        @Persisted var mixed: List<AnyRealmValue>
        @Persisted var intSet: MutableSet<Int>
        @Persisted var stringSet: MutableSet<String>
        @Persisted var optionalIntSet: MutableSet<Int?>
        @Persisted var optionalStringSet: MutableSet<String?>
        @Persisted var mixedSet: MutableSet<AnyRealmValue>
        @Persisted var intMap: Map<String, Int>
        @Persisted var stringMap: Map<String, String>
        @Persisted var optionalIntMap: Map<String, Int?>
        @Persisted var optionalStringMap: Map<String, String?>
        @Persisted var mixedMap: Map<String, AnyRealmValue>
    }

    static let types: [ObjectBase.Type] = [Word.self, Flag.self, Gadget.self, Tally.self, Shelf.self, Bag.self]

    // MARK: Fixtures

    /// Where the collection under test lives.
    enum Kind: String, CaseIterable, Sendable {
        /// A property of an unmanaged object (`ListStandaloneTests`).
        case unmanaged
        /// A property of an object added to the realm (`ListNewlyAddedTests`).
        case newlyAdded
        /// A property of an object created in the realm (`ListNewlyCreatedTests`).
        case newlyCreated
        /// A property of an object read back from the realm (`ListRetrievedTests`).
        case retrieved

        /// The kinds whose collections a realm manages.
        static var managed: [Kind] { [.newlyAdded, .newlyCreated, .retrieved] }
    }

    /// A realm holding words "1", "2" (and "3" when asked), as Realm's `setUp` adds them.
    final class Fixture {
        let directory: TemporaryDirectory
        let realm: Realm
        let kind: Kind
        let words: [Word]

        init(_ kind: Kind, wordCount: Int = 2) throws {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: CollectionMutationBehaviourTests.types)
            let words = (1 ... wordCount).map { Word(value: ["text": "\($0)"]) }
            try realm.write { realm.add(words) }
            self.directory = directory
            self.realm = realm
            self.kind = kind
            self.words = words
        }

        var one: Word { words[0] }
        var two: Word { words[1] }

        /// A new shelf of the fixture's kind (Realm's `createArray()`, `createSet()`, `createMap()`).
        func shelf() throws -> Shelf {
            switch kind {
            case .unmanaged:
                return Shelf()
            case .newlyAdded:
                let shelf = Shelf()
                shelf.name = "name"
                try realm.write { realm.add(shelf) }
                return shelf
            case .newlyCreated:
                return try realm.write { realm.create(Shelf.self, value: ["name": "name"]) }
            case .retrieved:
                try realm.write { realm.create(Shelf.self, value: ["name": "name"]) }
                return try #require(realm.objects(Shelf.self).last)
            }
        }
    }

    /// The value types the value-collection tests run over.
    enum ValueType: String, CaseIterable, Sendable {
        case int, string, optionalInt, optionalString, mixed
    }

    /// Whether the collections of values belong to an unmanaged or a created object.
    enum Ownership: String, CaseIterable, Sendable {
        case unmanaged, managed
    }

    /// A bag of value collections, unmanaged or created in a realm.
    final class BagFixture {
        let directory: TemporaryDirectory
        let realm: Realm
        let bag: Bag

        init(_ ownership: Ownership) throws {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: CollectionMutationBehaviourTests.types)
            switch ownership {
            case .unmanaged: bag = Bag()
            case .managed: bag = try realm.write { realm.create(Bag.self) }
            }
            self.directory = directory
            self.realm = realm
        }

        var isManaged: Bool { bag.realm != nil }
    }

    /// Three distinct values of each type (optional types start with nil, as Realm's do).
    static var ints: [Int] { [1, 2, 3] }
    static var strings: [String] { ["a", "b", "c"] }
    static var optionalInts: [Int?] { [nil, 1, 3] }
    static var optionalStrings: [String?] { [nil, "a", "c"] }
    static var mixedValues: [AnyRealmValue] { [.int(1), .string("b"), .double(3.5)] }

    /// `text` without the suite's name in the class names Geode prints.
    static func withoutSuiteName(_ text: String) -> String {
        text.replacingOccurrences(of: "CollectionMutationBehaviourTests.", with: "")
    }
}

// MARK: - List of objects (ListTests)

extension CollectionMutationBehaviourTests {
    // ListTests.testAppendObject
    @Test(arguments: Kind.allCases)
    func appendingObjectsOneByOneKeepsTheirOrder(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            for word in [f.one, f.two, f.one] { list.append(word) }
            #expect(list.count == 3)
            #expect(list[0] == f.one)
            #expect(list[1] == f.two)
            #expect(list[2] == f.one)
        }
    }

    // ListTests.testAppendArray
    @Test(arguments: Kind.allCases)
    func appendingAnArrayAddsEachObjectInOrder(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two, f.one])
            #expect(list.count == 3)
            #expect(list[0] == f.one)
            #expect(list[1] == f.two)
            #expect(list[2] == f.one)
        }
    }

    // ListTests.testAppendResults
    @Test(arguments: Kind.allCases)
    func appendingResultsAddsEveryObjectOfTheResults(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: f.realm.objects(Word.self))
            #expect(list.count == 2)
            #expect(list[0] == f.one)
            #expect(list[1] == f.two)
        }
    }

    // ListTests.testInsert
    @Test(arguments: Kind.allCases)
    func insertingPutsTheObjectAtTheIndexAndShiftsTheOthers(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            #expect(list.count == 0)
            list.insert(f.one, at: 0)
            #expect(list.count == 1)
            #expect(list[0] == f.one)
            list.insert(f.two, at: 0)
            #expect(list.count == 2)
            #expect(list[0] == f.two)
            #expect(list[1] == f.one)
        }
        guard list.realm != nil else { return }
        for index in [200, -200] {
            #expect(throws: GeodeError.self) { try f.realm.write { list.insert(f.two, at: index) } }
        }
    }

    // ListTests.testRemoveAtIndex
    @Test(arguments: Kind.allCases)
    func removingAtAnIndexClosesTheGap(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two, f.one])
            list.remove(at: 1)
            #expect(list[0] == f.one)
            #expect(list[1] == f.one)
        }
        guard list.realm != nil else { return }
        for index in [2, -2] {
            #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: index) } }
        }
    }

    // ListTests.testRemoveLast
    @Test(arguments: Kind.allCases)
    func removingTheLastObjectShortensTheList(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two])
            list.removeLast()
            #expect(list.count == 1)
            #expect(list[0] == f.one)
            list.removeLast()
            #expect(list.count == 0)
        }
        guard list.realm != nil else { return }
        #expect(throws: GeodeError.self) { try f.realm.write { list.removeLast() } }
    }

    // ListTests.testRemoveAll
    @Test(arguments: Kind.allCases)
    func removingAllEmptiesTheListAndAgainDoesNothing(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two])
            list.removeAll()
            #expect(list.count == 0)
            list.removeAll()
            #expect(list.count == 0)
        }
    }

    // ListTests.testMove
    @Test(arguments: Kind.allCases)
    func movingAListElementShiftsTheOthers(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two])
            list.move(from: 1, to: 0)
            #expect(list[0].text == "2")
            #expect(list[1].text == "1")
            list.move(from: 0, to: 1)
            #expect(list[0].text == "1")
            #expect(list[1].text == "2")
            list.move(from: 0, to: 0)
            #expect(list[0].text == "1")
            #expect(list[1].text == "2")
        }
        guard list.realm != nil else { return }
        #expect(throws: GeodeError.self) { try f.realm.write { list.move(from: 0, to: 2) } }
        #expect(throws: GeodeError.self) { try f.realm.write { list.move(from: 2, to: 0) } }
    }

    // ListTests.testSwapAt
    @Test(arguments: Kind.allCases)
    func swappingExchangesTwoElementsAndSwappingOneWithItselfDoesNothing(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two])
            list.swapAt(0, 1)
            #expect(list.count == 2)
            #expect(list[0] == f.two)
            #expect(list[1] == f.one)
            list.swapAt(1, 1)
            #expect(list.count == 2)
            #expect(list[0] == f.two)
            #expect(list[1] == f.one)
        }
    }

    // ListTests.testChangesArePersisted
    @Test(arguments: Kind.managed)
    func appendedObjectsAreInTheListReadBackFromTheRealm(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            list.append(objectsIn: [f.one, f.two])
            let other = try #require(f.realm.objects(Shelf.self).first).words
            #expect(other.count == 2)
        }
    }

    // ListTests.testPopulateEmptyArray
    @Test(arguments: Kind.allCases)
    func anEmptyListFillsWithNewCreatedAndRepeatedObjects(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let list = try f.shelf().words
        try f.realm.write {
            #expect(list.count == 0)
            let a = Word(value: ["text": "a"])
            list.append(a)
            list.append(f.realm.create(Word.self, value: ["text": "b"]))
            list.append(a)
            #expect(list.count == 3)
            #expect(list[0].text == "a")
            #expect(list[1].text == "b")
            #expect(list[2].text == "a")
            for word in list {
                #expect(!word.description.isEmpty)
            }
        }
    }

    // ListTests.testEnumeratingListWithListProperties
    @Test(arguments: Kind.allCases)
    func objectsAppendedToAListKeepTheirDefaultValues(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let shelf = try f.shelf()
        try f.realm.write {
            for _ in 0 ..< 10 { shelf.gadgets.append(Gadget()) }
        }
        #expect(shelf.gadgets.count == 10)
        for gadget in shelf.gadgets {
            #expect(gadget.number == 123)
            let flag = try #require(gadget.flag)
            #expect(flag.on == false)
            #expect(gadget.parts.count == 0)
        }
    }

    // ListTests.testUnmanagedListComparison (the parts Geode's API allows: arrays of the lists)
    @Test func unmanagedListsOfTheSameObjectsGiveEqualArrays() {
        let tallies = [5, 6, 8].map { Tally(value: ["value": $0]) }
        let first = List<Tally>()
        let second = List<Tally>()
        first.append(objectsIn: tallies)
        second.append(objectsIn: tallies)
        let shorter = List<Tally>()
        shorter.append(objectsIn: tallies.prefix(2))
        #expect(first !== second)
        #expect(Array(first) == Array(second))
        #expect(Array(first) != Array(shorter))
    }

    // ListTests.testPrimitive (the parts Geode's API allows)
    @Test func anUnmanagedListOfValuesReadsItsEndsAndPositions() {
        let bag = Bag()
        bag.ints.append(5)
        #expect(bag.ints.first == 5)
        #expect(bag.ints.last == 5)
        #expect(bag.ints[0] == 5)
        bag.ints.append(objectsIn: [6, 7, 8])
        #expect(bag.ints.max() == 8)

        bag.strings.append("str")
        #expect(bag.strings.first == "str")
        #expect(bag.strings[0] == "str")
    }

    // ListTests.testPrimitiveIterationAcrossNil
    @Test func emptyListsOfEveryValueTypeContainNothing() {
        #expect(!List<Int>().contains(5))
        #expect(!List<Int8>().contains(5))
        #expect(!List<Int16>().contains(5))
        #expect(!List<Int32>().contains(5))
        #expect(!List<Int64>().contains(5))
        #expect(!List<Float>().contains(3.141592))
        #expect(!List<Double>().contains(3.141592))
        #expect(!List<String>().contains("foobar"))
        #expect(!List<Data>().contains(Data()))
        #expect(!List<Date>().contains(Date()))
        #expect(!List<Decimal128>().contains(Decimal128()))
        #expect(!List<ObjectId>().contains(ObjectId()))
        #expect(!List<UUID?>().contains(UUID()))

        #expect(!List<Int?>().contains { $0 == nil })
        #expect(!List<Int8?>().contains { $0 == nil })
        #expect(!List<Int16?>().contains { $0 == nil })
        #expect(!List<Int32?>().contains { $0 == nil })
        #expect(!List<Int64?>().contains { $0 == nil })
        #expect(!List<Float?>().contains { $0 == nil })
        #expect(!List<Double?>().contains { $0 == nil })
        #expect(!List<String?>().contains { $0 == nil })
        #expect(!List<Data?>().contains { $0 == nil })
        #expect(!List<Date?>().contains { $0 == nil })
        #expect(!List<Decimal128?>().contains { $0 == nil })
        #expect(!List<ObjectId?>().contains { $0 == nil })
        #expect(!List<UUID?>().contains { $0 == nil })
    }
}

// MARK: - Set of objects (MutableSetTests)

extension CollectionMutationBehaviourTests {
    // MutableSetTests.testFastEnumerationWithMutation
    @Test(arguments: Kind.allCases)
    func insertingAHeldObjectWhileIteratingLeavesTheSetWhole(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            set.insert(objectsIn: Array(repeating: [f.one, f.two], count: 10).joined())
            for _ in set {
                set.insert(objectsIn: [f.one])
            }
            #expect(set.contains(f.one))
            #expect(set.contains(f.two))
        }
    }

    // MutableSetTests.testAppendObject
    @Test(arguments: Kind.allCases)
    func insertingAnObjectTwiceKeepsOneOfIt(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            for word in [f.one, f.two, f.one] { set.insert(word) }
            #expect(set.count == 2)
            #expect(set.contains(f.one))
            #expect(set.contains(f.two))
        }
    }

    // MutableSetTests.testInsert
    @Test(arguments: Kind.allCases)
    func insertingASequenceWithARepeatKeepsDistinctObjects(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            set.insert(objectsIn: [f.one, f.two, f.one])
            #expect(set.count == 2)
            #expect(set.contains(f.one))
            #expect(set.contains(f.two))
        }
    }

    // MutableSetTests.testAppendResults
    @Test(arguments: Kind.allCases)
    func insertingResultsAddsEveryObjectOfTheResults(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            set.insert(objectsIn: f.realm.objects(Word.self))
            #expect(set.count == 3)
            for word in set {
                #expect(f.words.contains(word))
            }
        }
    }

    // MutableSetTests.testRemoveAll
    @Test(arguments: Kind.allCases)
    func removingAllEmptiesTheSetAndAgainDoesNothing(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            set.insert(objectsIn: [f.one, f.two])
            set.removeAll()
            #expect(set.count == 0)
            set.removeAll()
            #expect(set.count == 0)
        }
    }

    // MutableSetTests.testRemoveObject
    @Test(arguments: Kind.allCases)
    func removingAnObjectTakesOnlyItOut(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            set.insert(objectsIn: [f.one, f.two])
            #expect(set.contains(f.one))
            #expect(set.count == 2)
            set.remove(f.one)
            #expect(!set.contains(f.one))
            #expect(set.count == 1)
            set.removeAll()
            #expect(set.count == 0)
            #expect(!set.contains(f.one))
            #expect(!set.contains(f.two))
        }
    }

    // MutableSetTests.testChangesArePersisted
    @Test(arguments: Kind.managed)
    func insertedObjectsAreInTheSetReadBackFromTheRealm(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            set.insert(objectsIn: [f.one, f.two])
            let other = try #require(f.realm.objects(Shelf.self).first).wordSet
            #expect(other.count == 2)
        }
    }

    // MutableSetTests.testPopulateEmptySet
    @Test(arguments: Kind.allCases)
    func anEmptySetFillsWithNewAndCreatedObjectsOnce(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let set = try f.shelf().wordSet
        try f.realm.write {
            #expect(set.count == 0)
            let a = Word(value: ["text": "a"])
            set.insert(a)
            set.insert(f.realm.create(Word.self, value: ["text": "b"]))
            set.insert(a)
            #expect(set.count == 2)
            for word in set {
                #expect(word.text == "a" || word.text == "b")
                #expect(!word.description.isEmpty)
            }
        }
    }

    // MutableSetTests.testEnumeratingSetWithSetProperties
    @Test(arguments: Kind.allCases)
    func objectsInsertedInASetKeepTheirDefaultValues(_ kind: Kind) throws {
        let f = try Fixture(kind, wordCount: 3)
        let shelf = try f.shelf()
        try f.realm.write {
            for _ in 0 ..< 10 { shelf.gadgetSet.insert(Gadget()) }
        }
        #expect(shelf.gadgetSet.count == 10)
        for gadget in shelf.gadgetSet {
            #expect(gadget.number == 123)
            let flag = try #require(gadget.flag)
            #expect(flag.on == false)
            #expect(gadget.partSet.count == 0)
        }
    }

    // MutableSetTests.testUnmanagedSetComparison (the parts Geode's API allows: arrays and sets of the sets)
    @Test func unmanagedSetsOfTheSameObjectsGiveEqualArraysAndSets() {
        let tallies = [5, 6, 8].map { Tally(value: ["value": $0]) }
        let first = MutableSet<Tally>()
        let second = MutableSet<Tally>()
        first.insert(objectsIn: tallies)
        second.insert(objectsIn: tallies)
        let shorter = MutableSet<Tally>()
        shorter.insert(objectsIn: tallies.prefix(2))
        #expect(first !== second)
        #expect(Array(first) == Array(second))
        #expect(Array(first) != Array(shorter))
        #expect(Set(first) == Set(second))
        #expect(Set(first) != Set(shorter))
    }

    // MutableSetTests.testPrimitive (the parts Geode's API allows)
    @Test func anUnmanagedSetOfValuesReadsItsEndsAndPositions() {
        let bag = Bag()
        bag.intSet.insert(5)
        #expect(bag.intSet.first == 5)
        #expect(bag.intSet.last == 5)
        #expect(bag.intSet[0] == 5)
        bag.intSet.insert(objectsIn: [6, 7, 8])
        #expect(bag.intSet.max() == 8)

        bag.stringSet.insert("str")
        #expect(bag.stringSet.first == "str")
        #expect(bag.stringSet[0] == "str")
    }

    // MutableSetTests.testPrimitiveIterationAcrossNil
    @Test func emptySetsOfEveryValueTypeContainNothing() {
        #expect(!MutableSet<Int>().contains(5))
        #expect(!MutableSet<Int8>().contains(5))
        #expect(!MutableSet<Int16>().contains(5))
        #expect(!MutableSet<Int32>().contains(5))
        #expect(!MutableSet<Int64>().contains(5))
        #expect(!MutableSet<Float>().contains(3.141592))
        #expect(!MutableSet<Double>().contains(3.141592))
        #expect(!MutableSet<String>().contains("foobar"))
        #expect(!MutableSet<Data>().contains(Data()))
        #expect(!MutableSet<Date>().contains(Date()))
        #expect(!MutableSet<Decimal128>().contains(Decimal128()))
        #expect(!MutableSet<ObjectId>().contains(ObjectId()))
        #expect(!MutableSet<UUID?>().contains(UUID()))

        #expect(!MutableSet<Int?>().contains { $0 == nil })
        #expect(!MutableSet<Int8?>().contains { $0 == nil })
        #expect(!MutableSet<Int16?>().contains { $0 == nil })
        #expect(!MutableSet<Int32?>().contains { $0 == nil })
        #expect(!MutableSet<Int64?>().contains { $0 == nil })
        #expect(!MutableSet<Float?>().contains { $0 == nil })
        #expect(!MutableSet<Double?>().contains { $0 == nil })
        #expect(!MutableSet<String?>().contains { $0 == nil })
        #expect(!MutableSet<Data?>().contains { $0 == nil })
        #expect(!MutableSet<Date?>().contains { $0 == nil })
        #expect(!MutableSet<Decimal128?>().contains { $0 == nil })
        #expect(!MutableSet<ObjectId?>().contains { $0 == nil })
        #expect(!MutableSet<UUID?>().contains { $0 == nil })
    }
}

// MARK: - Map of objects (MapTests)

extension CollectionMutationBehaviourTests {
    // MapTests.testFastEnumerationWithMutation
    @Test(arguments: Kind.allCases)
    func replacingValuesWhileIteratingAMapVisitsTheOldValues(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            for i in 0 ... 5 { map["key\(i)"] = f.one }
            var texts = ""
            for entry in map {
                texts += try #require(entry.value).text
                map[entry.key] = f.two
            }
            #expect(texts == "111111")
        }
    }

    // MapTests.testMapDescription
    @Test(arguments: Kind.allCases)
    func aMapDescribesEachEntryByKey(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            for i in 0 ... 5 { map["key\(i)"] = Word(value: ["text": "\(i)"]) }
            let description = Self.withoutSuiteName(map.description)
            #expect(description.hasPrefix("Map<string, Word>"))
            #expect(description.contains("[key3]: Word {\n\t\ttext = 3;\n\t}"))
        }
    }

    // MapTests.testAppendObject
    @Test(arguments: Kind.allCases)
    func objectsSetUnderKeysAreReadBackUnderThem(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            map["key1"] = f.one
            map["key2"] = f.two
            #expect(map.count == 2)
            #expect(map["key1"]??.text == "1")
            #expect(map["key2"]??.text == "2")
        }
    }

    // MapTests.testInsert
    @Test(arguments: Kind.allCases)
    func settingANewKeyAddsAnEntry(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            #expect(map.count == 0)
            #expect(map[f.one.text] == nil)
            map[f.one.text] = f.one
            #expect(map.count == 1)
            #expect(map[f.two.text] == nil)
            map[f.two.text] = f.two
            #expect(map.count == 2)
        }
    }

    // MapTests.testRemove
    @Test(arguments: Kind.allCases)
    func removingAKeyOrAssigningNilDeletesTheEntry(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        let key = f.one.text
        try f.realm.write {
            map[key] = f.one
            #expect(map.count == 1)
            #expect(map[key] != nil)

            map.removeObject(for: key)
            #expect(map.count == 0)
            #expect(map[key] == nil)

            map[key] = f.one
            #expect(map.count == 1)
            #expect(map[key] != nil)

            map[key] = nil
            #expect(map.count == 0)
            #expect(map[key] == nil)
        }
    }

    // MapTests.testRemoveAll
    @Test(arguments: Kind.allCases)
    func removingAllEmptiesTheMap(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            for i in 0 ..< 5 { map[String(i)] = f.one }
            #expect(map.count == 5)
            map.removeAll()
            #expect(map.count == 0)
        }
    }

    // MapTests.testDeleteObjectFromMap
    @Test(arguments: Kind.managed)
    func deletingAnObjectLeavesNoObjectUnderItsKey(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            map["key"] = f.one
            #expect(map["key"]??.text == f.one.text)
            f.realm.delete(f.one)
            #expect((map["key"] ?? nil) == nil)
        }
    }

    // MapTests.testChangesArePersisted
    @Test(arguments: Kind.managed)
    func entriesAreInTheMapReadBackFromTheRealm(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            map["key"] = f.one
            map["key2"] = f.two
            let other = try #require(f.realm.objects(Shelf.self).first).wordMap
            #expect(map["key"]??.text == other["key"]??.text)
            #expect(map["key2"]??.text == other["key2"]??.text)
        }
    }

    // MapTests.testPopulateEmptyMap
    @Test(arguments: Kind.allCases)
    func anEmptyMapFillsWithNewCreatedAndExistingObjects(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            #expect(map.count == 0)
            map["a"] = Word(value: ["text": "a"])
            map["b"] = f.realm.create(Word.self, value: ["text": "b"])
            map[f.one.text] = f.one
            #expect(map.count == 3)
            #expect(map["a"]??.text == "a")
            #expect(map["b"]??.text == "b")
            #expect(map[f.one.text]??.text == f.one.text)

            var visited = 0
            for entry in map {
                #expect(!entry.key.description.isEmpty)
                let word = try #require(entry.value)
                #expect(!word.description.isEmpty)
                visited += 1
            }
            #expect(visited == 3)
        }
    }

    // MapTests.testEnumeratingMap (iteration; `asKeyValueSequence()` is not in Geode)
    @Test(arguments: Kind.allCases)
    func iteratingAMapVisitsEveryKeyWithItsValue(_ kind: Kind) throws {
        let f = try Fixture(kind)
        let map = try f.shelf().wordMap
        try f.realm.write {
            for i in 0 ..< 10 { map["key\(i)"] = Word(value: ["text": "key\(i)"]) }
        }
        #expect(map.count == 10)
        var expected = Set((0 ..< 10).map { "key\($0)" })
        for entry in map {
            #expect(entry.key == entry.value?.text)
            expected.remove(entry.key)
        }
        #expect(expected.isEmpty)
    }

    // MapTests.testPrimitive (the parts Geode's API allows)
    @Test func anUnmanagedMapOfValuesReadsEachKey() {
        let bag = Bag()
        bag.intMap["key"] = 5
        #expect(bag.intMap["key"] == 5)
        #expect(bag.intMap["doesntExist"] == nil)

        bag.stringMap["key"] = "str"
        #expect(bag.stringMap["key"] == "str")
    }

    // MapTests.testPrimitiveIterationAcrossNil (the `contains(where:)` half)
    @Test func emptyMapsOfEveryValueTypeContainNothing() {
        #expect(!Map<String, Int>().contains { $0.key == "0" || $0.value == 5 })
        #expect(!Map<String, Int8>().contains { $0.key == "0" || $0.value == 5 })
        #expect(!Map<String, Int16>().contains { $0.key == "0" || $0.value == 5 })
        #expect(!Map<String, Int32>().contains { $0.key == "0" || $0.value == 5 })
        #expect(!Map<String, Int64>().contains { $0.key == "0" || $0.value == 5 })
        #expect(!Map<String, Float>().contains { $0.key == "0" || $0.value == 3.141592 })
        #expect(!Map<String, Double>().contains { $0.key == "0" || $0.value == 3.141592 })
        #expect(!Map<String, String>().contains { $0.key == "0" || $0.value == "foobar" })
        #expect(!Map<String, Data>().contains { $0.key == "0" || $0.value == Data() })
        #expect(!Map<String, Date>().contains { $0.key == "0" || $0.value == Date() })
        #expect(!Map<String, Decimal128>().contains { $0.key == "0" || $0.value == Decimal128() })
        #expect(!Map<String, ObjectId>().contains { $0.key == "0" || $0.value == ObjectId() })
        #expect(!Map<String, UUID>().contains { $0.key == "0" || $0.value == UUID() })
        #expect(!Map<String, Word?>().contains { $0.key == "0" || $0.value == Word() })

        #expect(!Map<String, Int?>().contains { $0.value == nil })
        #expect(!Map<String, Int8?>().contains { $0.value == nil })
        #expect(!Map<String, Int16?>().contains { $0.value == nil })
        #expect(!Map<String, Int32?>().contains { $0.value == nil })
        #expect(!Map<String, Int64?>().contains { $0.value == nil })
        #expect(!Map<String, Float?>().contains { $0.value == nil })
        #expect(!Map<String, Double?>().contains { $0.value == nil })
        #expect(!Map<String, String?>().contains { $0.value == nil })
        #expect(!Map<String, Data?>().contains { $0.value == nil })
        #expect(!Map<String, Date?>().contains { $0.value == nil })
        #expect(!Map<String, Decimal128?>().contains { $0.value == nil })
        #expect(!Map<String, ObjectId?>().contains { $0.value == nil })
        #expect(!Map<String, UUID?>().contains { $0.value == nil })
    }
}

// MARK: - Lists of values (PrimitiveListTests, AnyRealmValueListTests)

extension CollectionMutationBehaviourTests {
    // PrimitiveListTests.testSubscript, AnyRealmValueListTests.testSubscript
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func appendedValuesAreReadBackByPosition(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.readsByPosition(f, f.bag.ints, Self.ints)
        case .string: try Self.readsByPosition(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.readsByPosition(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.readsByPosition(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.readsByPosition(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func readsByPosition<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T])
        throws
    {
        try f.realm.write {
            list.append(objectsIn: values)
            for i in values.indices {
                #expect(list[i] == values[i])
            }
        }
    }

    // PrimitiveListTests.testFirst, testLast; AnyRealmValueListTests.testFirst, testLast
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func firstAndLastAreTheEndsAndNilOnceEmptied(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.readsEnds(f, f.bag.ints, Self.ints)
        case .string: try Self.readsEnds(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.readsEnds(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.readsEnds(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.readsEnds(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func readsEnds<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T]) throws {
        try f.realm.write {
            list.append(objectsIn: values)
            #expect(list.first == values.first)
            #expect(list.last == values.last)
            list.removeAll()
            #expect(list.first == nil)
            #expect(list.last == nil)
        }
    }

    // PrimitiveListTests.testInsert, AnyRealmValueListTests.testInsert
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func insertingAValueShiftsTheValuesAfterIt(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.insertShifts(f, f.bag.ints, Self.ints)
        case .string: try Self.insertShifts(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.insertShifts(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.insertShifts(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.insertShifts(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func insertShifts<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T]) throws {
        try f.realm.write {
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
            #expect(list[0] == values[1])
            #expect(list[1] == values[0])
            #expect(list[2] == values[2])
        }
        guard f.isManaged else { return }
        for index in [4, -1] {
            #expect(throws: GeodeError.self) { try f.realm.write { list.insert(values[0], at: index) } }
        }
    }

    // PrimitiveListTests.testRemove, AnyRealmValueListTests.testRemove
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func removingAValueShiftsTheValuesAfterIt(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.removeShifts(f, f.bag.ints, Self.ints)
        case .string: try Self.removeShifts(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.removeShifts(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.removeShifts(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.removeShifts(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func removeShifts<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T]) throws {
        if f.isManaged {
            for index in [0, -1] {
                #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: index) } }
            }
        }
        try f.realm.write {
            list.append(objectsIn: values)
        }
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: -1) } }
        }
        try f.realm.write {
            #expect(list[0] == values[0])
            #expect(list[1] == values[1])
            #expect(list[2] == values[2])
            list.remove(at: 0)
            #expect(list[0] == values[1])
            #expect(list[1] == values[2])
        }
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.remove(at: 2) } }
        }
        try f.realm.write {
            list.remove(at: 1)
            #expect(list[0] == values[1])
        }
    }

    // PrimitiveListTests.testRemoveLast, AnyRealmValueListTests.testRemoveLast (not `removeLast(2)`)
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func removingTheLastValueKeepsTheOthers(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.removeLastKeeps(f, f.bag.ints, Self.ints)
        case .string: try Self.removeLastKeeps(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.removeLastKeeps(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.removeLastKeeps(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.removeLastKeeps(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func removeLastKeeps<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T])
        throws
    {
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.removeLast() } }
        }
        try f.realm.write {
            list.append(objectsIn: values)
            list.removeLast()
            #expect(list.count == 2)
            #expect(list[0] == values[0])
            #expect(list[1] == values[1])
        }
    }

    // PrimitiveListTests.testRemoveAll, AnyRealmValueListTests.testRemoveAll
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func removingAllValuesEmptiesTheList(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.removeAllEmpties(f, f.bag.ints, Self.ints)
        case .string: try Self.removeAllEmpties(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.removeAllEmpties(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.removeAllEmpties(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.removeAllEmpties(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func removeAllEmpties<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T])
        throws
    {
        try f.realm.write {
            list.removeAll()
            list.append(objectsIn: values)
            list.removeAll()
            #expect(list.count == 0)
        }
    }

    // PrimitiveListTests.testMove, AnyRealmValueListTests.testMove (not the negative indexes)
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func movingAValueToTheFrontShiftsTheOthersBack(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.moveShifts(f, f.bag.ints, Self.ints)
        case .string: try Self.moveShifts(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.moveShifts(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.moveShifts(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.moveShifts(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func moveShifts<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T]) throws {
        if f.isManaged {
            #expect(throws: GeodeError.self) { try f.realm.write { list.move(from: 1, to: 0) } }
        }
        try f.realm.write {
            list.append(objectsIn: values)
            list.move(from: 2, to: 0)
            #expect(list[0] == values[2])
            #expect(list[1] == values[0])
            #expect(list[2] == values[1])
        }
        guard f.isManaged else { return }
        #expect(throws: GeodeError.self) { try f.realm.write { list.move(from: 3, to: 0) } }
        #expect(throws: GeodeError.self) { try f.realm.write { list.move(from: 0, to: 3) } }
    }

    // PrimitiveListTests.testSwap, AnyRealmValueListTests.testSwap (not the indexes out of bounds)
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func swappingTheEndsLeavesTheMiddle(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.swapEnds(f, f.bag.ints, Self.ints)
        case .string: try Self.swapEnds(f, f.bag.strings, Self.strings)
        case .optionalInt: try Self.swapEnds(f, f.bag.optionalInts, Self.optionalInts)
        case .optionalString: try Self.swapEnds(f, f.bag.optionalStrings, Self.optionalStrings)
        case .mixed: try Self.swapEnds(f, f.bag.mixed, Self.mixedValues)
        }
    }

    static func swapEnds<T: _PersistableValue & Hashable>(_ f: BagFixture, _ list: List<T>, _ values: [T]) throws {
        try f.realm.write {
            list.append(objectsIn: values)
            list.swapAt(0, 2)
            #expect(list[0] == values[2])
            #expect(list[1] == values[1])
            #expect(list[2] == values[0])
        }
    }

    // AnyRealmValueListTests.testAssign
    @Test(arguments: Ownership.allCases)
    func assigningAMixedValueByPositionReplacesIt(_ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        let list = f.bag.mixed
        let values = Self.mixedValues
        try f.realm.write {
            #expect(list.count == 0)
            list.insert(values[0], at: 0)
            #expect(list.count == 1)
            #expect(list[0] == values[0])
            list[0] = values[1]
            #expect(list.count == 1)
            #expect(list[0] == values[1])
        }
    }
}

// MARK: - Sets of values (PrimitiveMutableSetTests, AnyRealmValueMutableSetTests)

extension CollectionMutationBehaviourTests {
    // PrimitiveMutableSetTests.testInsert, AnyRealmValueMutableSetTests.testInsert
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func insertingAValueAgainLeavesTheSetAsItWas(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.insertOnce(f, f.bag.intSet, Self.ints)
        case .string: try Self.insertOnce(f, f.bag.stringSet, Self.strings)
        case .optionalInt: try Self.insertOnce(f, f.bag.optionalIntSet, Self.optionalInts)
        case .optionalString: try Self.insertOnce(f, f.bag.optionalStringSet, Self.optionalStrings)
        case .mixed: try Self.insertOnce(f, f.bag.mixedSet, Self.mixedValues)
        }
    }

    static func insertOnce<T: _PersistableValue & Hashable>(_ f: BagFixture, _ set: MutableSet<T>, _ values: [T])
        throws
    {
        try f.realm.write {
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
            #expect(set.contains(values[0]))
            #expect(set.contains(values[1]))

            set.insert(values[2])
            #expect(set.count == 3)
            #expect(set.contains(values[0]))
            #expect(set.contains(values[1]))
            #expect(set.contains(values[2]))
        }
    }

    // PrimitiveMutableSetTests.testRemove, AnyRealmValueMutableSetTests.testRemove
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func removingAValueFromASetKeepsTheOthers(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.removeOne(f, f.bag.intSet, Self.ints)
        case .string: try Self.removeOne(f, f.bag.stringSet, Self.strings)
        case .optionalInt: try Self.removeOne(f, f.bag.optionalIntSet, Self.optionalInts)
        case .optionalString: try Self.removeOne(f, f.bag.optionalStringSet, Self.optionalStrings)
        case .mixed: try Self.removeOne(f, f.bag.mixedSet, Self.mixedValues)
        }
    }

    static func removeOne<T: _PersistableValue & Hashable>(_ f: BagFixture, _ set: MutableSet<T>, _ values: [T])
        throws
    {
        try f.realm.write {
            set.removeAll()
            #expect(set.count == 0)
            set.insert(objectsIn: values)
            set.remove(values[0])
            #expect(!set.contains(values[0]))
            #expect(set.contains(values[1]))
            #expect(set.contains(values[2]))
        }
    }

    // PrimitiveMutableSetTests.testRemoveAll, AnyRealmValueMutableSetTests.testRemoveAll
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func removingAllValuesEmptiesTheSet(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.emptySet(f, f.bag.intSet, Self.ints)
        case .string: try Self.emptySet(f, f.bag.stringSet, Self.strings)
        case .optionalInt: try Self.emptySet(f, f.bag.optionalIntSet, Self.optionalInts)
        case .optionalString: try Self.emptySet(f, f.bag.optionalStringSet, Self.optionalStrings)
        case .mixed: try Self.emptySet(f, f.bag.mixedSet, Self.mixedValues)
        }
    }

    static func emptySet<T: _PersistableValue & Hashable>(_ f: BagFixture, _ set: MutableSet<T>, _ values: [T])
        throws
    {
        try f.realm.write {
            set.removeAll()
            set.insert(objectsIn: values)
            set.removeAll()
            #expect(set.count == 0)
        }
    }

    // PrimitiveMutableSetTests.testContains, AnyRealmValueMutableSetTests.testContains
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func aSetContainsEveryValueInsertedIntoIt(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.containsAll(f, f.bag.intSet, Self.ints)
        case .string: try Self.containsAll(f, f.bag.stringSet, Self.strings)
        case .optionalInt: try Self.containsAll(f, f.bag.optionalIntSet, Self.optionalInts)
        case .optionalString: try Self.containsAll(f, f.bag.optionalStringSet, Self.optionalStrings)
        case .mixed: try Self.containsAll(f, f.bag.mixedSet, Self.mixedValues)
        }
    }

    static func containsAll<T: _PersistableValue & Hashable>(_ f: BagFixture, _ set: MutableSet<T>, _ values: [T])
        throws
    {
        try f.realm.write {
            #expect(set.count == 0)
            set.insert(objectsIn: values)
            #expect(set.count == values.count)
            for value in values {
                #expect(set.contains(value))
            }
        }
    }

    // PrimitiveMutableSetTests.testSubscript, AnyRealmValueMutableSetTests.testSubscript
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func eachPositionOfASetHoldsOneOfItsValues(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.positionsHoldValues(f, f.bag.intSet, Self.ints)
        case .string: try Self.positionsHoldValues(f, f.bag.stringSet, Self.strings)
        case .optionalInt: try Self.positionsHoldValues(f, f.bag.optionalIntSet, Self.optionalInts)
        case .optionalString: try Self.positionsHoldValues(f, f.bag.optionalStringSet, Self.optionalStrings)
        case .mixed: try Self.positionsHoldValues(f, f.bag.mixedSet, Self.mixedValues)
        }
    }

    static func positionsHoldValues<T: _PersistableValue & Hashable>(
        _ f: BagFixture, _ set: MutableSet<T>, _ values: [T]
    ) throws {
        try f.realm.write {
            set.insert(objectsIn: values)
            #expect(values.contains(set[0]))
            #expect(values.contains(set[1]))
            #expect(values.contains(set[2]))
        }
    }
}

// MARK: - Maps of values (PrimitiveMapTests, AnyRealmValueMapTests)

extension CollectionMutationBehaviourTests {
    /// The values under keys `key0`, `key1`, `key2`, as Realm's map tests pair them.
    static func keyed<T>(_ values: [T]) -> [(key: String, value: T)] {
        values.enumerated().map { (key: "key\($0.offset)", value: $0.element) }
    }

    // PrimitiveMapTests.testInsert, AnyRealmValueMapTests.testInsert
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func eachNewKeyAddsAKeyAndAValue(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.insertKeys(f, f.bag.intMap, Self.ints)
        case .string: try Self.insertKeys(f, f.bag.stringMap, Self.strings)
        case .optionalInt: try Self.insertKeys(f, f.bag.optionalIntMap, Self.optionalInts)
        case .optionalString: try Self.insertKeys(f, f.bag.optionalStringMap, Self.optionalStrings)
        case .mixed: try Self.insertKeys(f, f.bag.mixedMap, Self.mixedValues)
        }
    }

    static func insertKeys<T: _PersistableValue & Hashable>(_ f: BagFixture, _ map: Map<String, T>, _ values: [T])
        throws
    {
        let entries = keyed(values)
        try f.realm.write {
            #expect(map.count == 0)
            for (n, entry) in entries.enumerated() {
                map[entry.key] = entry.value
                #expect(map.count == n + 1)
                #expect(map.keys.count == n + 1)
                #expect(map.values.count == n + 1)
                #expect(Set(entries.prefix(n + 1).map { $0.key }).isSubset(of: map.keys))
                #expect(map[entry.key] == entry.value)
            }
        }
    }

    // PrimitiveMapTests.testRemove, AnyRealmValueMapTests.testRemove (filled by subscript, not
    // `merge`; the removed key read by subscript, not `value(forKey:)`)
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func keysGoBySetValueNilSubscriptNilRemoveObjectAndRemoveAll(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.removeKeys(f, f.bag.intMap, Self.ints)
        case .string: try Self.removeKeys(f, f.bag.stringMap, Self.strings)
        case .optionalInt: try Self.removeKeys(f, f.bag.optionalIntMap, Self.optionalInts)
        case .optionalString: try Self.removeKeys(f, f.bag.optionalStringMap, Self.optionalStrings)
        case .mixed: try Self.removeKeys(f, f.bag.mixedMap, Self.mixedValues)
        }
    }

    static func removeKeys<T: _PersistableValue & Hashable>(_ f: BagFixture, _ map: Map<String, T>, _ values: [T])
        throws
    {
        let entries = keyed(values)
        try f.realm.write {
            #expect(map.count == 0)
            for entry in entries { map[entry.key] = entry.value }
            #expect(map.count == 3)
            #expect(map.keys.count == 3)
            #expect(map.values.count == 3)
            #expect(Set(entries.map { $0.key }).isSubset(of: map.keys))

            map.setValue(nil, forKey: entries[0].key)
            #expect(map[entries[0].key] == nil)

            map.removeAll()
            #expect(map.count == 0)

            for entry in entries { map[entry.key] = entry.value }
            map[entries[1].key] = nil
            #expect(map[entries[1].key] == nil)
            map.removeObject(for: entries[2].key)
            #expect(Set([entries[0].key]).isSubset(of: map.keys))
        }
    }

    // PrimitiveMapTests.testSubscript, AnyRealmValueMapTests.testSubscript
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func theSubscriptSetsReplacesRemovesAndReadsEntries(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.subscriptEntries(f, f.bag.intMap, Self.ints)
        case .string: try Self.subscriptEntries(f, f.bag.stringMap, Self.strings)
        case .optionalInt: try Self.subscriptEntries(f, f.bag.optionalIntMap, Self.optionalInts)
        case .optionalString: try Self.subscriptEntries(f, f.bag.optionalStringMap, Self.optionalStrings)
        case .mixed: try Self.subscriptEntries(f, f.bag.mixedMap, Self.mixedValues, null: AnyRealmValue.none)
        }
    }

    /// `null`, when given, is assigned to the first key after the second is removed (the
    /// `AnyRealmValue.none` step of `AnyRealmValueMapTests.testSubscript`).
    static func subscriptEntries<T: _PersistableValue & Hashable>(
        _ f: BagFixture, _ map: Map<String, T>, _ values: [T], null: T? = nil
    ) throws {
        let entries = keyed(values)
        try f.realm.write {
            #expect(map.count == 0)
            for entry in entries { map[entry.key] = entry.value }
            #expect(map.count == 3)
            #expect(map.keys.count == 3)
            #expect(map.values.count == 3)
            #expect(Set(entries.map { $0.key }).isSubset(of: map.keys))

            map[entries[0].key] = entries[0].value
            map[entries[1].key] = nil
            map[entries[2].key] = entries[2].value
            #expect(map.count == 2)
            #expect(map.keys.count == 2)
            #expect(map.values.count == 2)
            #expect(Set([entries[0].key, entries[2].key]).isSubset(of: map.keys))

            if let null {
                map[entries[0].key] = null
                #expect(map.count == 2)
                #expect(map.keys.count == 2)
                #expect(map.values.count == 2)
                #expect(Set([entries[0].key, entries[2].key]).isSubset(of: map.keys))
            }

            map.removeAll()
            #expect(map[entries[0].key] == nil)
            map[entries[0].key] = entries[0].value
            #expect(map[entries[0].key] == entries[0].value)
        }
    }

    // PrimitiveMapTests.testEnumeration (filled by subscript, not `merge`)
    @Test(arguments: ValueType.allCases, Ownership.allCases)
    func iteratingAMapOfValuesVisitsEveryEntry(_ type: ValueType, _ ownership: Ownership) throws {
        let f = try BagFixture(ownership)
        switch type {
        case .int: try Self.visitEntries(f, f.bag.intMap, Self.ints)
        case .string: try Self.visitEntries(f, f.bag.stringMap, Self.strings)
        case .optionalInt: try Self.visitEntries(f, f.bag.optionalIntMap, Self.optionalInts)
        case .optionalString: try Self.visitEntries(f, f.bag.optionalStringMap, Self.optionalStrings)
        case .mixed: try Self.visitEntries(f, f.bag.mixedMap, Self.mixedValues)
        }
    }

    static func visitEntries<T: _PersistableValue & Hashable>(_ f: BagFixture, _ map: Map<String, T>, _ values: [T])
        throws
    {
        let entries = keyed(values)
        try f.realm.write {
            #expect(map.count == 0)
            for entry in entries { map[entry.key] = entry.value }
        }
        var matched = 0
        for element in map where entries.contains(where: { $0.key == element.key && $0.value == element.value }) {
            matched += 1
        }
        #expect(matched == 3)
    }
}
