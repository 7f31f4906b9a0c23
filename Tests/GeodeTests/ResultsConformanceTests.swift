import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts from realm-swift's own tests (RealmSwift/Tests: MixedCollectionTest,
// AnyRealmValueTests, RealmCollectionTypeTests, SortDescriptorTests,
// KeyPathTests, ProjectionTests, ProjectedCollectTests, Decimal128Tests,
// ObjectIdTests), restated through Geode's public API with models of our own.
// Each test names its source; only what Realm's tests assert is asserted.

// MARK: - Models

final class RCWord: Object {
    @Persisted var text = ""
}

final class RCBox: Object {
    @Persisted var value: AnyRealmValue
}

/// A class a later configuration leaves out (its objects are then read only by name).
final class RCHidden: Object {
    @Persisted var text = ""
}

final class RCPin: Object {
    @Persisted var number = 0
}

final class RCNote: Object {
    @Persisted var text: String? = ""
    @Persisted var pin: RCPin?
}

final class RCNoteList: Object {
    @Persisted var notes: List<RCNote>
}

final class RCNoteSet: Object {
    @Persisted var notes: MutableSet<RCNote>
}

final class RCChild: Object {
    @Persisted var number = 0
}

final class RCReading: Object {
    @Persisted var number = 0
    @Persisted var flag = true
    @Persisted var child: RCChild?
}

final class RCPlace: EmbeddedObject {
    @Persisted var city = ""
}

final class RCResident: Object {
    @Persisted var name = ""
    @Persisted var place: RCPlace?
}

final class RCCounter: Object {
    @Persisted var tally = 0
}

final class RCCounterView: Projection<RCCounter> {
    @Projected(\RCCounter.tally) var tally
}

final class RCItem: Object {
    @Persisted var number = 0
    @Persisted var flag = false
}

extension RCItem {
    /// A computed (not persisted) property, projected through `projectTo`.
    var summary: String { "\(number) - \(flag)" }
}

final class RCBundle: Object {
    @Persisted var numbers: List<Int>
    @Persisted var items: List<RCItem>
    @Persisted var tags: MutableSet<Int>
    @Persisted var itemSet: MutableSet<RCItem>
}

final class RCBundleView: Projection<RCBundle> {
    @Projected(\RCBundle.numbers.count) var numberCount
    @Projected(\RCBundle.numbers) var renamedNumbers
    @Projected(\RCBundle.items.projectTo.summary) var summaries: ProjectedCollection<String>
    @Projected(\RCBundle.tags.first) var firstTag
    @Projected(\RCBundle.itemSet.projectTo.flag) var flags: ProjectedCollection<Bool>
}

final class RCWordGroup: Object {
    @Persisted var words: MutableSet<RCWord>
}

final class RCWordGroupView: Projection<RCWordGroup> {
    @Projected(\RCWordGroup.words.projectTo.text) var texts: ProjectedCollection<String>
}

@Suite struct ResultsConformanceTests {
    static let types: [ObjectBase.Type] = [
        RCWord.self, RCBox.self, RCPin.self, RCNote.self, RCNoteList.self, RCNoteSet.self, RCChild.self,
        RCReading.self, RCPlace.self, RCResident.self, RCCounter.self, RCItem.self, RCBundle.self,
        RCWordGroup.self,
    ]

    /// A word "hello", unmanaged.
    static func hello() -> RCWord {
        let word = RCWord()
        word.text = "hello"
        return word
    }

    /// A tree of dictionaries and lists five levels deep ending in `.object(word)`:
    /// key0 → key5 → [ key4 → [ key3 → [ key2 → [ [word], key1 → [word] ] ] ] ].
    static func deepTree(_ word: RCWord) -> [String: AnyRealmValue] {
        let list2 = AnyRealmValue.fromArray([.object(word)])
        let dict2 = AnyRealmValue.fromDictionary(["key1": list2])
        let list3 = AnyRealmValue.fromArray([list2, dict2])
        let dict3 = AnyRealmValue.fromDictionary(["key2": list3])
        let list4 = AnyRealmValue.fromArray([dict3])
        let dict4 = AnyRealmValue.fromDictionary(["key3": list4])
        let list5 = AnyRealmValue.fromArray([dict4])
        let dict5 = AnyRealmValue.fromDictionary(["key4": list5])
        let list6 = AnyRealmValue.fromArray([dict5])
        let dict6 = AnyRealmValue.fromDictionary(["key5": list6])
        return ["key0": dict6]
    }
}

// MARK: - AnyRealmValue nested collections (MixedCollectionTest.swift)

extension ResultsConformanceTests {
    /// realm-swift MixedCollectionTest.swift, testAnyMixedDictionary
    @Test func aMixedDictionaryOfEveryKindOfValueReadsBackUnmanagedAddedAndCreated() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let date = Date(timeIntervalSince1970: 1_234_567)
        let oid = ObjectId.generate()
        let uuid = UUID()
        let decimal = Decimal128(number: NSNumber(value: 567))
        let everything: [String: AnyRealmValue] = [
            "k1": .string("hello"), "k2": .bool(false), "k3": .int(234), "k4": .float(789.123),
            "k5": .double(12345.678901), "k6": .data(Data("a".utf8)), "k7": .date(date), "k8": .object(word),
            "k9": .objectId(oid), "k10": .uuid(uuid), "k11": .decimal128(decimal),
        ]
        func check(_ box: RCBox) {
            let map = box.value.dictionaryValue
            #expect(map?["k1"] == .string("hello"))
            #expect(map?["k2"] == .bool(false))
            #expect(map?["k3"] == .int(234))
            #expect(map?["k4"] == .float(789.123))
            #expect(map?["k5"] == .double(12345.678901))
            #expect(map?["k6"] == .data(Data("a".utf8)))
            #expect(map?["k7"] == .date(date))
            #expect(map?["k9"] == .objectId(oid))
            #expect(map?["k10"] == .uuid(uuid))
            #expect(map?["k11"] == .decimal128(decimal))
            #expect(map?["k1"]?.stringValue == "hello")
            #expect(map?["k2"]?.boolValue == false)
            #expect(map?["k3"]?.intValue == 234)
            #expect(map?["k4"]?.floatValue == 789.123)
            #expect(map?["k5"]?.doubleValue == 12345.678901)
            #expect(map?["k6"]?.dataValue == Data("a".utf8))
            #expect(map?["k7"]?.dateValue == date)
            #expect(map?["k8"]?.object(RCWord.self)?.text == "hello")
            #expect(map?["k9"]?.objectIdValue == oid)
            #expect(map?["k10"]?.uuidValue == uuid)
            #expect(map?["k11"]?.decimal128Value == decimal)
        }

        let box = RCBox()
        box.value = .fromDictionary(everything)
        check(box)
        box.value = .fromDictionary(["key": AnyRealmValue.none])
        #expect(box.value.dictionaryValue?["key"] == AnyRealmValue.none)

        try realm.write { realm.add(box) }
        #expect(box.value.dictionaryValue?["key"] == AnyRealmValue.none)
        try realm.write { box.value = .fromDictionary(["key": AnyRealmValue.none]) }
        #expect(box.value.dictionaryValue?["key"] == AnyRealmValue.none)

        try realm.write {
            let created = realm.create(RCBox.self, value: ["value": everything])
            check(created)
        }
        check(try #require(realm.objects(RCBox.self).last))
    }

    /// realm-swift MixedCollectionTest.swift, testAnyMixedDictionaryUpdateAndDelete
    @Test func mixedDictionaryEntriesAreReplacedAndRemovedByAssigningNil() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let box = RCBox()
        box.value = .fromDictionary(["key1": .string("hello"), "key2": .bool(false), "key3": .int(234)])
        #expect(box.value.dictionaryValue?["key1"] == .string("hello"))

        // Unmanaged: entries replaced in place.
        box.value.dictionaryValue?["key1"] = .object(word)
        box.value.dictionaryValue?["key2"] = .data(Data("a".utf8))
        #expect(box.value.dictionaryValue?["key1"]?.object(RCWord.self)?.text == "hello")
        #expect(box.value.dictionaryValue?["key2"] == .data(Data("a".utf8)))

        try realm.write { realm.add(box) }
        #expect(box.value.dictionaryValue?["key1"]?.object(RCWord.self)?.text == "hello")
        #expect(box.value.dictionaryValue?["key2"] == .data(Data("a".utf8)))

        try realm.write {
            box.value.dictionaryValue?["key1"] = .double(12345.678901)
            box.value.dictionaryValue?["key2"] = .float(789.123)
        }
        #expect(box.value.dictionaryValue?["key1"] == .double(12345.678901))
        #expect(box.value.dictionaryValue?["key2"] == .float(789.123))

        let stored = try #require(realm.objects(RCBox.self).last)
        try realm.write {
            stored.value.dictionaryValue?["key1"] = nil
            stored.value.dictionaryValue?["key2"] = nil
        }
        #expect(stored.value.dictionaryValue?["key1"] == nil)
        #expect(stored.value.dictionaryValue?["key2"] == nil)
        #expect(stored.value.dictionaryValue?["key3"] == .int(234))
    }

    /// realm-swift MixedCollectionTest.swift, testAnyMixedNestedDictionary
    @Test func nestedMixedDictionariesAreReadDeepUnmanagedAddedReplacedAndCreated() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let level2 = AnyRealmValue.fromDictionary(["key3": .object(word)])
        let level3 = AnyRealmValue.fromDictionary(["key2": level2])
        let level4 = AnyRealmValue.fromDictionary(["key1": level3])
        let shallow: [String: AnyRealmValue] = ["key0": level4, "key4": .bool(false)]
        let level5 = AnyRealmValue.fromDictionary(["key12": level4])
        let level6 = AnyRealmValue.fromDictionary(["key11": level5])
        let deep: [String: AnyRealmValue] = ["key10": level6]

        func checkShallow(_ box: RCBox) {
            let map = box.value.dictionaryValue
            #expect(
                map?["key0"]?.dictionaryValue?["key1"]?.dictionaryValue?["key2"]?.dictionaryValue?["key3"]?
                    .object(RCWord.self)?.text == "hello")
            #expect(map?["key4"]?.boolValue == false)
        }
        func checkDeep(_ box: RCBox) {
            let map = box.value.dictionaryValue
            #expect(
                map?["key10"]?.dictionaryValue?["key11"]?.dictionaryValue?["key12"]?.dictionaryValue?["key1"]?
                    .dictionaryValue?["key2"]?.dictionaryValue?["key3"]?.object(RCWord.self)?.text == "hello")
        }

        let box = RCBox()
        box.value = .fromDictionary(deep)
        checkDeep(box)
        box.value = .fromDictionary(shallow)
        checkShallow(box)
        try realm.write { realm.add(box) }
        checkShallow(box)
        try realm.write { box.value = .fromDictionary(deep) }
        checkDeep(box)

        // Created from plain Swift dictionaries holding AnyRealmValues.
        let literal: [String: Any] = [
            "key0": ["key1": ["key2": ["key3": AnyRealmValue.object(word)]]],
            "key4": AnyRealmValue.bool(false),
        ]
        try realm.write {
            let created = realm.create(RCBox.self, value: ["value": literal])
            checkShallow(created)
        }
        checkShallow(try #require(realm.objects(RCBox.self).last))
    }

    /// realm-swift MixedCollectionTest.swift, testAnyMixedList
    @Test func aMixedListOfEveryKindOfValueReadsBackUnmanagedAddedAndCreated() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let date = Date(timeIntervalSince1970: 7_654_321)
        let oid = ObjectId.generate()
        let uuid = UUID()
        let decimal = Decimal128(number: NSNumber(value: 567))
        let everything: [AnyRealmValue] = [
            .string("hello"), .bool(false), .int(234), .float(789.123), .double(12345.678901),
            .data(Data("a".utf8)), .date(date), .object(word), .objectId(oid), .uuid(uuid), .decimal128(decimal),
        ]
        func check(_ box: RCBox) {
            let list = box.value.listValue
            #expect(list?.count == 11)
            #expect(list?[0] == .string("hello"))
            #expect(list?[1] == .bool(false))
            #expect(list?[2] == .int(234))
            #expect(list?[3] == .float(789.123))
            #expect(list?[4] == .double(12345.678901))
            #expect(list?[5] == .data(Data("a".utf8)))
            #expect(list?[6] == .date(date))
            #expect(list?[7].object(RCWord.self)?.text == "hello")
            #expect(list?[8] == .objectId(oid))
            #expect(list?[9] == .uuid(uuid))
            #expect(list?[10] == .decimal128(decimal))
            #expect(list?[10].decimal128Value == decimal)
        }

        let box = RCBox()
        box.value = .fromArray(everything)
        check(box)
        box.value = .fromArray([AnyRealmValue.none])
        #expect(box.value.listValue?[0] == AnyRealmValue.none)
        try realm.write { realm.add(box) }
        #expect(box.value.listValue?[0] == AnyRealmValue.none)
        try realm.write { box.value = .fromArray([AnyRealmValue.none]) }
        #expect(box.value.listValue?[0] == AnyRealmValue.none)

        try realm.write {
            let created = realm.create(RCBox.self, value: ["value": everything])
            check(created)
        }
        check(try #require(realm.objects(RCBox.self).last))
    }

    /// realm-swift MixedCollectionTest.swift, testAnyMixedListUpdateAndDelete
    @Test func mixedListElementsAreReplacedInPlaceAndRemovedByPosition() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let box = RCBox()
        box.value = .fromArray([.string("hello"), .bool(false), .int(234)])
        #expect(box.value.listValue?[0] == .string("hello"))

        box.value.listValue?[0] = .object(word)
        box.value.listValue?[1] = .data(Data("a".utf8))
        #expect(box.value.listValue?[0].object(RCWord.self)?.text == "hello")
        #expect(box.value.listValue?[1] == .data(Data("a".utf8)))

        try realm.write { realm.add(box) }
        #expect(box.value.listValue?[0].object(RCWord.self)?.text == "hello")
        #expect(box.value.listValue?[1] == .data(Data("a".utf8)))

        try realm.write {
            box.value.listValue?[0] = .double(12345.678901)
            box.value.listValue?[1] = .float(789.123)
        }
        #expect(box.value.listValue?[0] == .double(12345.678901))
        #expect(box.value.listValue?[1] == .float(789.123))

        let stored = try #require(realm.objects(RCBox.self).last)
        #expect(stored.value.listValue?.count == 3)
        try realm.write {
            stored.value.listValue?.remove(at: 0)
            stored.value.listValue?.remove(at: 0)
        }
        #expect(stored.value.listValue?[0] != .double(12345.678901))
        #expect(stored.value.listValue?[0] == .int(234))
        #expect(stored.value.listValue?.count == 1)
    }

    /// realm-swift MixedCollectionTest.swift, testAnyMixedNestedArray
    @Test func nestedMixedListsAreReadDeepUnmanagedAddedReplacedAndCreated() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let inner2 = AnyRealmValue.fromArray([.object(word)])
        let inner3 = AnyRealmValue.fromArray([inner2])
        let inner4 = AnyRealmValue.fromArray([inner3])
        let shallow: [AnyRealmValue] = [inner4, .bool(false)]
        let inner5 = AnyRealmValue.fromArray([inner4])
        let inner6 = AnyRealmValue.fromArray([inner5])
        let deep: [AnyRealmValue] = [inner6]

        func checkShallow(_ box: RCBox) {
            #expect(
                box.value.listValue?[0].listValue?[0].listValue?[0].listValue?[0].object(RCWord.self)?.text
                    == "hello")
            #expect(box.value.listValue?[1].boolValue == false)
        }
        func checkDeep(_ box: RCBox) {
            #expect(
                box.value.listValue?[0].listValue?[0].listValue?[0].listValue?[0].listValue?[0].listValue?[0]
                    .object(RCWord.self)?.text == "hello")
        }

        let box = RCBox()
        box.value = .fromArray(deep)
        checkDeep(box)
        box.value = .fromArray(shallow)
        checkShallow(box)
        try realm.write { realm.add(box) }
        checkShallow(box)
        try realm.write { box.value = .fromArray(deep) }
        checkDeep(box)

        // Created from plain Swift arrays holding AnyRealmValues.
        let literal: [Any] = [[[[AnyRealmValue.object(word)]]], AnyRealmValue.bool(false)]
        try realm.write {
            let created = realm.create(RCBox.self, value: ["value": literal])
            checkShallow(created)
        }
        checkShallow(try #require(realm.objects(RCBox.self).last))
    }

    /// realm-swift MixedCollectionTest.swift, testMixedNestedCollection
    @Test func listsAndDictionariesNestedInEachOtherAreReadDeepAtEveryStage() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        let tree = Self.deepTree(word)

        func check(_ box: RCBox) {
            let base = box.value.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0]
                .dictionaryValue?["key4"]?.listValue?[0].dictionaryValue?["key3"]?.listValue
            let first = base?[0].dictionaryValue?["key2"]?.listValue?[0].listValue?[0].object(RCWord.self)?.text
            #expect(first == "hello")
            let second = base?[0].dictionaryValue?["key2"]?.listValue?[1].dictionaryValue?["key1"]?.listValue?[0]
                .object(RCWord.self)?.text
            #expect(second == "hello")
        }

        let box = RCBox()
        box.value = .fromDictionary(tree)
        check(box)
        box.value = .fromDictionary(tree)
        check(box)
        try realm.write { realm.add(box) }
        check(box)
        try realm.write { box.value = .fromDictionary(tree) }
        check(box)

        let leaf: [Any] = [[AnyRealmValue.object(word)], ["key1": [AnyRealmValue.object(word)]]]
        let literal: [String: Any] = ["key0": ["key5": [["key4": [["key3": [["key2": leaf]]]]]]]]
        try realm.write {
            let created = realm.create(RCBox.self, value: ["value": literal])
            check(created)
        }
        check(try #require(realm.objects(RCBox.self).last))
    }

    /// realm-swift MixedCollectionTest.swift, testMixedCollectionEquality and
    /// testMixedCollectionModernObjectEquality (the unmanaged half)
    @Test func unmanagedMixedCollectionsAreEqualByContent() throws {
        let tree = Self.deepTree(Self.hello())
        #expect(AnyRealmValue.fromDictionary([:]) == AnyRealmValue.fromDictionary([:]))
        #expect(AnyRealmValue.fromDictionary(tree) == AnyRealmValue.fromDictionary(tree))

        var larger = tree
        larger["newKey"] = .bool(false)
        #expect(AnyRealmValue.fromDictionary(tree) != AnyRealmValue.fromDictionary(larger))

        let value = AnyRealmValue.fromDictionary(tree)
        let changed = AnyRealmValue.fromDictionary(tree)
        changed.dictionaryValue?["newKey"] = .bool(false)
        #expect(value != changed)

        let box = RCBox()
        box.value = value
        #expect(box.value == value)
        #expect(box.value == AnyRealmValue.fromDictionary(tree))
    }

    /// realm-swift MixedCollectionTest.swift, testMixedCollectionEquality and
    /// testMixedCollectionModernObjectEquality (the managed half): a managed
    /// nested collection equals the same stored collection read again, but not
    /// the collection of another object with the same content.
    @Test func managedMixedCollectionsOfDifferentObjectsAreNotEqualEvenWithEqualContent() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let tree = Self.deepTree(Self.hello())
        let first = RCBox()
        first.value = .fromDictionary(tree)
        let sameObject = first
        try realm.write {
            realm.add(first)
            realm.add(sameObject)
        }
        #expect(first.value == sameObject.value)
        #expect(first.value.dictionaryValue?["key0"] == sameObject.value.dictionaryValue?["key0"])
        #expect(
            first.value.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0]
                == sameObject.value.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0])

        let other = RCBox()
        other.value = .fromDictionary(tree)
        try realm.write { realm.add(other) }
        #expect(first.value != other.value)
        #expect(first.value.dictionaryValue?["key0"] != other.value.dictionaryValue?["key0"])
        #expect(
            first.value.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0]
                != other.value.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0])
    }

    /// realm-swift MixedCollectionTest.swift, testReassignToMixedList (the
    /// assertions Realm makes; its self-assignment steps assert nothing)
    @Test func aManagedMixedListTakesAppendedListsScalarsAndAReplacedDictionary() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let box = RCBox()
        box.value = .fromArray([.bool(true), .fromDictionary(["key": .int(12)]), .float(13.12)])
        try realm.write { realm.add(box) }
        #expect(box.value.listValue?[1].dictionaryValue?["key"] == .int(12))

        try realm.write { box.value.listValue?.append(.fromArray([.double(20.20), .string("hello")])) }
        #expect(box.value.listValue?[3].listValue?[0] == .double(20.20))

        try realm.write {
            let first = try #require(box.value.listValue?[0])
            box.value.listValue?.append(first)
        }
        #expect(box.value.listValue?[4] == .bool(true))

        try realm.write { box.value.listValue?[1] = .fromDictionary(["new-key": .int(3)]) }
        #expect(box.value.listValue?[1].dictionaryValue?["new-key"] == .int(3))
    }

    /// realm-swift MixedCollectionTest.swift, testReassignToMixedDictionary (the
    /// assertions Realm makes; its self-assignment steps assert nothing)
    @Test func aManagedMixedDictionaryTakesNewDictionariesCopiedScalarsAndLists() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let box = RCBox()
        box.value = .fromDictionary([
            "key1": .bool(true), "key2": .fromDictionary(["key4": .int(12)]), "key3": .float(13.12),
        ])
        try realm.write { realm.add(box) }
        #expect(box.value.dictionaryValue?["key2"]?.dictionaryValue?["key4"] == .int(12))

        try realm.write { box.value.dictionaryValue?["key4"] = .fromDictionary(["new-key": .int(3)]) }
        #expect(box.value.dictionaryValue?["key4"]?.dictionaryValue?["new-key"] == .int(3))

        try realm.write {
            let item = box.value.dictionaryValue?["key1"]
            box.value.dictionaryValue?["key5"] = item
        }
        #expect(box.value.dictionaryValue?["key5"] == .bool(true))

        try realm.write { box.value.dictionaryValue?["key7"] = .fromArray([.string("hello"), .double(20.20)]) }
        #expect(box.value.dictionaryValue?["key7"]?.listValue?[0] == .string("hello"))
    }

    /// realm-swift MixedCollectionTest.swift, testEnumerationNestedCollection
    @Test func enumeratingAManagedNestedTreeVisitsEveryListDictionaryAndLeaf() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = Self.hello()
        // key0 → key5 → [ key4 → [ key3 → [ key2 → [ key1 → [word] ] ] ] ]: twelve values.
        let list2 = AnyRealmValue.fromArray([.object(word)])
        let dict2 = AnyRealmValue.fromDictionary(["key1": list2])
        let list3 = AnyRealmValue.fromArray([dict2])
        let dict3 = AnyRealmValue.fromDictionary(["key2": list3])
        let list4 = AnyRealmValue.fromArray([dict3])
        let dict4 = AnyRealmValue.fromDictionary(["key3": list4])
        let list5 = AnyRealmValue.fromArray([dict4])
        let dict5 = AnyRealmValue.fromDictionary(["key4": list5])
        let list6 = AnyRealmValue.fromArray([dict5])
        let dict6 = AnyRealmValue.fromDictionary(["key5": list6])
        let box = RCBox()
        box.value = .fromDictionary(["key0": dict6])
        try realm.write { realm.add(box) }

        var visitedByPairs = 0
        var sawLeafByPairs = false
        func walkPairs(_ value: AnyRealmValue) {
            visitedByPairs += 1
            switch value {
            case let .list(list): for item in list { walkPairs(item) }
            case let .dictionary(map): for (_, item) in map.asKeyValueSequence() { walkPairs(item) }
            default: sawLeafByPairs = true
            }
        }
        walkPairs(box.value)
        #expect(visitedByPairs == 12)
        #expect(sawLeafByPairs)

        var visitedByEntries = 0
        var sawLeafByEntries = false
        func walkEntries(_ value: AnyRealmValue) {
            visitedByEntries += 1
            switch value {
            case let .list(list): for item in list { walkEntries(item) }
            case let .dictionary(map): for entry in map { walkEntries(entry.value) }
            default: sawLeafByEntries = true
            }
        }
        walkEntries(box.value)
        #expect(visitedByEntries == 12)
        #expect(sawLeafByEntries)
    }

    /// realm-swift MixedCollectionTest.swift, testCollectionReassign
    @Test func reassigningAManagedMixedDictionaryDropsTheKeysTheNewOneLacks() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let box = RCBox()
        box.value = .fromDictionary(["key1": .string("hello"), "key2": .bool(false)])
        try realm.write { realm.add(box) }
        #expect(box.value.dictionaryValue?["key1"] == .string("hello"))
        #expect(box.value.dictionaryValue?["key2"] == .bool(false))

        try realm.write { box.value = .fromDictionary(["key1": .string("adios")]) }
        #expect(box.value.dictionaryValue?["key1"] == .string("adios"))
        #expect(box.value.dictionaryValue?["key2"] == nil)
    }
}

// MARK: - AnyRealmValue scalars and objects (AnyRealmValueTests.swift)

extension ResultsConformanceTests {
    /// realm-swift AnyRealmValueTests.swift, testAnyRealmValue (run by
    /// AnyRealmValuePrimitiveTests for each kind of value)
    @Test func eachKindOfMixedValueIsKeptUnmanagedAddedAndReplaced() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let kinds: [[AnyRealmValue]] = [
            [.int(1), .int(2), .int(3)],
            [.bool(false), .bool(true), AnyRealmValue.none],
            [.float(1.5), .float(2.5), .float(3.5)],
            [.double(1.25), .double(2.25), .double(3.25)],
            [.string("a"), .string("b"), .string("c")],
            [.data(Data("a".utf8)), .data(Data("b".utf8)), .data(Data("c".utf8))],
            [
                .date(Date(timeIntervalSince1970: 1)), .date(Date(timeIntervalSince1970: 2)),
                .date(Date(timeIntervalSince1970: 3)),
            ],
            [
                .objectId(try ObjectId(string: "60425fff91d7a195d5ddac1b")),
                .objectId(try ObjectId(string: "60425fff91d7a195d5ddac1a")),
                .objectId(try ObjectId(string: "60425fff91d7a195d5ddac1c")),
            ],
            [.decimal128(Decimal128(1)), .decimal128(Decimal128(2)), .decimal128(Decimal128(3))],
            [.uuid(UUID()), .uuid(UUID()), .uuid(UUID())],
        ]
        for values in kinds {
            let box = RCBox()
            box.value = values[0]
            #expect(box.value == values[0])
            box.value = values[1]
            #expect(box.value == values[1])
            try realm.write { realm.add(box) }
            #expect(box.value == values[1])
            try realm.write { box.value = values[2] }
            #expect(box.value == values[2])
        }
    }

    /// realm-swift AnyRealmValueTests.swift, AnyRealmValueObjectTests.testObject
    @Test func anObjectInAMixedValueIsChangedThroughItUnmanagedAndManaged() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let box = RCBox()
        box.value = .object(Self.hello())
        #expect(box.value.object(RCWord.self)?.text == "hello")
        box.value.object(RCWord.self)?.text = "there"
        #expect(box.value.object(RCWord.self)?.text == "there")

        try realm.write { realm.add(box) }
        #expect(box.value.object(RCWord.self)?.text == "there")
        try realm.write { box.value.object(RCWord.self)?.text = "bye!" }
        #expect(box.value.object(RCWord.self)?.text == "bye!")
    }

    /// realm-swift AnyRealmValueTests.swift, AnyRealmValueObjectTests.testAssortment
    @Test func oneMixedPropertyTakesEveryKindInTurnUnmanagedAndManaged() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let box = RCBox()
        let data = Data(repeating: 1, count: 64)
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        let objectId = ObjectId.generate()
        let decimal = Decimal128(floatLiteral: 12345.6789)

        func runThrough(_ realm: Realm?) throws {
            func set(_ value: AnyRealmValue) throws {
                if let realm {
                    try realm.write { box.value = value }
                } else {
                    box.value = value
                }
            }
            try set(.int(123))
            #expect(box.value.intValue == 123)
            try set(.float(123.456))
            #expect(box.value.floatValue == 123.456)
            try set(.string("hello there"))
            #expect(box.value.stringValue == "hello there")
            try set(.data(data))
            #expect(box.value.dataValue == data)
            try set(.date(date))
            let seconds = try #require(box.value.dateValue).timeIntervalSince1970
            #expect(abs(seconds - date.timeIntervalSince1970) <= 1.0)
            try set(.objectId(objectId))
            #expect(box.value.objectIdValue == objectId)
            try set(.decimal128(decimal))
            #expect(box.value.decimal128Value == decimal)
        }

        try runThrough(nil)
        box.value = AnyRealmValue.none
        try realm.write { realm.add(box) }
        try runThrough(realm)

        try realm.write { box.value = .object(Self.hello()) }
        #expect(box.value.object(RCWord.self)?.text == "hello")
    }

    /// realm-swift AnyRealmValueTests.swift, AnyRealmValueObjectTests.testDynamicObjectAccessor:
    /// a realm opened without the linked object's class reads it dynamically,
    /// and its schema does not list that class.
    @Test func aMixedLinkToAClassLeftOutOfTheSchemaIsReadAsADynamicObject() throws {
        let directory = try TemporaryDirectory()
        do {
            let realm = try directory.realm(of: [RCBox.self, RCHidden.self])
            try realm.write {
                let hidden = RCHidden()
                hidden.text = "some string..."
                let box = RCBox()
                box.value = .object(hidden)
                realm.add(box)
            }
            #expect(realm.objects(RCHidden.self).count == 1)
        }
        let realm = try directory.realm(of: [RCBox.self])
        #expect(!realm.schema.objectSchema.map(\.className).contains("RCHidden"))
        let box = try #require(realm.objects(RCBox.self).first)
        let hidden = try #require(box.value.dynamicObject)
        #expect(hidden["text"] as? String == "some string...")
    }
}

// MARK: - Results and other collections (RealmCollectionTypeTests.swift, KeyPathTests.swift)

extension ResultsConformanceTests {
    /// Notes "1" and "2", both pinned to pin 1.
    private func addNotes(_ realm: Realm) throws -> (RCNote, RCNote) {
        let pin = RCPin()
        pin.number = 1
        let one = RCNote()
        one.text = "1"
        one.pin = pin
        let two = RCNote()
        two.text = "2"
        two.pin = pin
        try realm.write {
            realm.add(one)
            realm.add(two)
        }
        return (one, two)
    }

    /// realm-swift RealmCollectionTypeTests.swift, testValueForKey (the "self" key),
    /// ResultsWithCustomInitializerTests.testValueForKey and
    /// ResultsDistinctTests.testDistinctResultsUsingKeyPaths (value(forKey: "self"))
    @Test func valueForKeySelfListsTheObjectsThemselves() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let (one, two) = try addNotes(realm)
        let notes = realm.objects(RCNote.self)
        let selves = try #require(notes.value(forKey: "self") as? [RCNote])
        #expect(selves == [one, two])

        try realm.write {
            for number in [1, 1, 2] {
                let reading = RCReading()
                reading.number = number
                realm.add(reading)
            }
        }
        let distinct = realm.objects(RCReading.self).distinct(by: ["number"])
        let distinctSelves = try #require(distinct.value(forKey: "self") as? [RCReading])
        #expect(distinctSelves == Array(distinct))
    }

    /// realm-swift RealmCollectionTypeTests.swift, testArrayAggregateWithSwiftObjectDoesntThrow:
    /// an unmanaged object as a query argument matches nothing (it is no error).
    @Test func anUnmanagedObjectAsAQueryArgumentMatchesNothing() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let (one, two) = try addNotes(realm)
        try realm.write { _ = realm.create(RCNoteList.self, value: ["notes": [one, two]]) }
        let lists = realm.objects(RCNoteList.self)
        #expect(try lists.query("ANY notes == %@", RCNote()).count == 0)
    }

    /// realm-swift RealmCollectionTypeTests.swift, testAssignListProperty: a
    /// list property set by name from results holds the results' objects.
    @Test func aListPropertyIsAssignedFromResultsByName() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        _ = try addNotes(realm)
        let holder = RCNoteList()
        try realm.write {
            realm.add(holder)
            holder["notes"] = realm.objects(RCNote.self)
        }
        #expect(holder.notes.map(\.text) == ["1", "2"])
    }

    /// realm-swift RealmCollectionTypeTests.swift, testAssignSetProperty: a
    /// set property set by name from results holds the results' objects.
    @Test func aSetPropertyIsAssignedFromResultsByName() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        _ = try addNotes(realm)
        let holder = RCNoteSet()
        try realm.write {
            realm.add(holder)
            holder["notes"] = realm.objects(RCNote.self)
        }
        #expect(holder.notes.count == 2)
        #expect(Set(holder.notes.map(\.text)) == ["1", "2"])
    }

    /// realm-swift ProjectedCollectTests.swift, ProjectedSetTests.setUp and
    /// ProjectedListTests.setUp: `create(value:)` takes results for a set or a list.
    @Test func createTakesResultsAsTheValueOfASetOrAList() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        _ = try addNotes(realm)
        let (noteSet, noteList) = try realm.write {
            (
                realm.create(RCNoteSet.self, value: ["notes": realm.objects(RCNote.self)]),
                realm.create(RCNoteList.self, value: ["notes": realm.objects(RCNote.self)])
            )
        }
        #expect(noteSet.notes.count == 2)
        #expect(noteList.notes.map(\.text) == ["1", "2"])
    }

    /// realm-swift RealmCollectionTypeTests.swift, testSortWithSwiftKeyPath
    /// (`sorted(by: \.linkCol?.id)` sorts by the linked object's property)
    @Test func sortingByAKeyPathThroughAnOptionalLinkSortsByTheLinkedProperty() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            // The pin numbered 9 is stored first, so key order and number order differ.
            let high = RCPin()
            high.number = 9
            let low = RCPin()
            low.number = 1
            let x = RCNote()
            x.text = "x"
            x.pin = high
            let y = RCNote()
            y.text = "y"
            y.pin = low
            realm.add(x)
            realm.add(y)
        }
        let notes = realm.objects(RCNote.self)
        #expect(notes.sorted(by: \.pin?.number, ascending: true).map(\.text) == ["y", "x"])
        #expect(notes.sorted(by: \.pin?.number, ascending: false).map(\.text) == ["x", "y"])
    }

    /// realm-swift RealmCollectionTypeTests.swift,
    /// ResultsDistinctTests.testDistinctResultsUsingSwiftKeyPaths
    /// (`distinct(by: [\.childIntCol?.intCol])`)
    @Test func distinctByAKeyPathThroughAnOptionalLinkUsesTheLinkedProperty() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            let rows: [(Int, Bool, Int?)] = [(1, true, 1), (1, true, 1), (1, false, 2), (2, false, nil)]
            for (number, flag, child) in rows {
                let reading = RCReading()
                reading.number = number
                reading.flag = flag
                if let child {
                    let linked = RCChild()
                    linked.number = child
                    reading.child = linked
                }
                realm.add(reading)
            }
        }
        let readings = realm.objects(RCReading.self)
        #expect(readings.distinct(by: [\RCReading.number]).map(\.number) == [1, 2])
        let byChild = readings.distinct(by: [\RCReading.child?.number])
        #expect(byChild.map { $0.child?.number } == [1, 2])
    }

    /// realm-swift KeyPathTests.swift, testModernObjectNested and
    /// testOldSyntaxEmbeddedObject (`_name(for:)` of a path through an optional
    /// link or embedded object), through `SortDescriptor(keyPath:)`, which names
    /// a key path as Realm's `_name(for:)` does.
    @Test func aKeyPathThroughAnOptionalLinkOrEmbeddedObjectIsNamedWithEveryStep() {
        #expect(SortDescriptor(keyPath: \RCNote.pin).keyPath == "pin")
        #expect(SortDescriptor(keyPath: \RCNote.pin?.number).keyPath == "pin.number")
        #expect(SortDescriptor(keyPath: \RCResident.place).keyPath == "place")
        #expect(SortDescriptor(keyPath: \RCResident.place?.city).keyPath == "place.city")
        #expect(SortDescriptor(keyPath: \RCReading.child?.number, ascending: false).keyPath == "child.number")
    }
}

// MARK: - SortDescriptor (SortDescriptorTests.swift)

extension ResultsConformanceTests {
    /// realm-swift SortDescriptorTests.swift, testAscendingDefaultsToTrue,
    /// testStringLiteralConvertible and testComparison
    @Test func sortDescriptorsAreAscendingByDefaultAndEqualByKeyPathAndDirection() {
        let plain = SortDescriptor(keyPath: "property")
        #expect(plain.ascending)
        let literal: Geode.SortDescriptor = "property"
        #expect(plain == literal)

        let a = SortDescriptor(keyPath: "property1", ascending: true)
        let b = SortDescriptor(keyPath: "property1", ascending: false)
        let c = SortDescriptor(keyPath: "property2", ascending: true)
        let d = SortDescriptor(keyPath: "property2", ascending: false)
        #expect(a != b)
        #expect(a != c)
        #expect(a != d)
        #expect(b != c)
        #expect(b != d)
        #expect(c != d)
        #expect(a == SortDescriptor(keyPath: "property1", ascending: true))
        #expect(c == SortDescriptor(keyPath: "property2", ascending: true))
    }

    /// realm-swift SortDescriptorTests.swift, testDescription
    @Test func aSortDescriptorDescribesItsKeyPathAndDirection() {
        #expect(
            String(describing: SortDescriptor(keyPath: "property"))
                == "SortDescriptor(keyPath: property, direction: ascending)")
        #expect(
            String(describing: SortDescriptor(keyPath: "property", ascending: false))
                == "SortDescriptor(keyPath: property, direction: descending)")
    }
}

// MARK: - ObjectId (ObjectIdTests.swift)

extension ResultsConformanceTests {
    /// realm-swift ObjectIdTests.swift, testObjectIdInitialization, testObjectIdComparision,
    /// testObjectIdGreaterThan, testObjectIdGreaterThanOrEqualTo, testObjectIdLessThan,
    /// testObjectIdLessThanOrEqualTo
    @Test func objectIdsParseTheirTextAndCompareByteWise() throws {
        let text = "000123450000ffbeef91906c"
        let id = try ObjectId(string: text)
        #expect(id.stringValue == text)
        let next = try ObjectId(string: "000123450000ffbeef91906d")
        let same = try ObjectId(string: "000123450000ffbeef91906c")
        #expect(id != next)
        #expect(id == same)
        #expect(next > id)
        #expect(!(id > same))
        #expect(next >= id)
        #expect(id >= same)
        #expect(id < next)
        #expect(!(id < same))
        #expect(id <= next)
        #expect(id <= same)
    }
}

// MARK: - Decimal128 (Decimal128Tests.swift)

extension ResultsConformanceTests {
    /// realm-swift Decimal128Tests.swift, testDecimal128Initialization
    @Test func decimalsMadeFromLiteralsNumbersTextAndIntegersAreEqual() {
        let fromFloatLiteral: Decimal128 = 3.14159
        let fromNumber = Decimal128(number: NSNumber(value: 3.14159))
        let fromIntegerLiteral: Decimal128 = 123
        let fromText: Decimal128 = "9.876543"
        let exactly = Decimal128(exactly: 0b0000_0101)
        #expect(fromFloatLiteral == 3.14159)
        #expect(fromNumber == 3.14159)
        #expect(fromIntegerLiteral == 123)
        #expect(fromText == "9.876543")
        #expect(exactly == 5)
    }

    /// realm-swift Decimal128Tests.swift, testDecimal128Addition: sums print
    /// without trailing zeros after the point.
    @Test func decimalAdditionIsExactAndPrintsWithoutTrailingZeros() throws {
        let a: Decimal128 = 3.144444
        let b: Decimal128 = 3.144444
        let c: Decimal128 = "1.234567"
        let d: Decimal128 = "9.876543"
        let two = try #require(Decimal128(exactly: 0b10))
        let one = try #require(Decimal128(exactly: 0b1))
        #expect(a + b == 6.288888)
        #expect((c + d).description == "11.11111")
        #expect(a == 3.144444)
        #expect(c.description == "1.234567")
        #expect(d.description == "9.876543")
        #expect(two + one == 3.0)
        #expect(two == 2.0)
        #expect(one == 1.0)
    }

    /// realm-swift Decimal128Tests.swift, testDecimal128Subtraction: "2.5" − "3.5" prints "-1".
    @Test func decimalSubtractionIsExactAndPrintsWithoutTrailingZeros() throws {
        let a: Decimal128 = 2.5
        let b: Decimal128 = 3.5
        let c: Decimal128 = "2.5"
        let d: Decimal128 = "3.5"
        let two = try #require(Decimal128(exactly: 0b10))
        let one = try #require(Decimal128(exactly: 0b1))
        #expect(a - b == -1.0)
        #expect((c - d).description == "-1")
        #expect(c.description == "2.5")
        #expect(d.description == "3.5")
        #expect(two - one == 1.0)
    }

    /// realm-swift Decimal128Tests.swift, testDecimal128Division and testDecimal128Multiplication
    @Test func decimalDivisionAndMultiplicationAreExact() throws {
        let seven: Decimal128 = 7
        let threeAndAHalf: Decimal128 = 3.5
        let small: Decimal128 = "0.21"
        let tenths: Decimal128 = "0.7"
        let two = try #require(Decimal128(exactly: 0b10))
        let one = try #require(Decimal128(exactly: 0b1))
        #expect(seven / threeAndAHalf == 2)
        #expect(small / tenths == 0.3)
        #expect(two / one == 2)
        #expect(seven * threeAndAHalf == 24.5)
        #expect(small * tenths == 0.147)
        #expect(two * two == 4)
    }

    /// realm-swift Decimal128Tests.swift, testDecimal128ComparisionEquals, …NotEquals,
    /// …GreaterThan, …GreaterThanEquals, …LessThan, …LessThanEqual
    @Test func decimalsCompareNumerically() throws {
        let pi: Decimal128 = 3.14159
        let piFromNumber = Decimal128(number: NSNumber(value: 3.14159))
        let piAndABit: Decimal128 = 3.14160
        let piAndABitFromNumber = Decimal128(number: NSNumber(value: 3.14160))
        let text123: Decimal128 = "123"
        let five = try #require(Decimal128(exactly: 0b101))
        let one = try #require(Decimal128(exactly: 0b1))
        let two = try #require(Decimal128(exactly: 0b10))

        #expect(pi == piFromNumber)
        #expect(Decimal128(integerLiteral: 123) == text123)
        #expect(five == 5)
        #expect(!(pi != piFromNumber))
        #expect(!(five != 5))

        #expect(piAndABit > piFromNumber)
        #expect((124 as Decimal128) > text123)
        #expect(!(one > 5))
        #expect(pi >= piFromNumber)
        #expect((124 as Decimal128) >= text123)
        #expect(!(one >= 5))

        #expect(pi < piAndABitFromNumber)
        #expect((122 as Decimal128) < text123)
        #expect(!(two < 1))
        #expect(piAndABit <= piAndABitFromNumber)
        #expect((123 as Decimal128) <= text123)
        #expect(!(two <= 1))
    }

    /// realm-swift Decimal128Tests.swift, testIsNaN: a decimal made from NSNull is a signaling NaN.
    @Test func aDecimalMadeFromNullIsASignalingNaN() throws {
        let value = Decimal128(value: NSNull())
        #expect(value.isNaN)
        #expect(value.isSignaling)
        #expect(value.isSignalingNaN)
    }

    /// realm-swift Decimal128Tests.swift, testMinMax, testMagnitude, testNegate,
    /// testAdvance and testDistance
    @Test func decimalBoundsMagnitudeNegationAndStrides() {
        #expect(Decimal128.max > Decimal128.min)
        #expect(Decimal128.min < Decimal128.max)

        let negative: Decimal128 = -123.321
        let positive: Decimal128 = 456.321
        #expect(negative.magnitude == 123.321)
        #expect(positive.magnitude == 456.321)

        var flipped = negative
        flipped.negate()
        var flippedBack = positive
        flippedBack.negate()
        #expect(flipped == 123.321)
        #expect(flippedBack == -456.321)

        #expect(negative.advanced(by: -123.321) == -246.642)
        #expect((-150.0 as Decimal128).advanced(by: 300.0) == 150.0)
        let ten: Decimal128 = 10.0
        #expect(ten.distance(to: 5.0) == -5.0)
        #expect(ten.distance(to: 15.0) == 5.0)
    }
}

// MARK: - Projections (ProjectionTests.swift, ProjectedCollectTests.swift)

extension ResultsConformanceTests {
    private func counterView(_ realm: Realm) throws -> RCCounterView {
        let counter = try realm.write { realm.create(RCCounter.self) }
        return RCCounterView(projecting: counter)
    }

    /// realm-swift ProjectionTests.swift, testFreezingFrozenObjectReturnsSelf:
    /// a live projection is not equal to its frozen copy; freezing a frozen one gives an equal one.
    @Test func aLiveProjectionIsNotEqualToItsFrozenCopy() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let live = try counterView(realm)
        let frozen = live.freeze()
        #expect(live != frozen)
        #expect(frozen == frozen.freeze())
    }

    /// realm-swift ProjectionTests.swift, testFrozenObjectEquality
    @Test func frozenProjectionsOfOneObjectAreEqualAndOfTwoAreNot() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let a = try counterView(realm)
        let frozenA1 = a.freeze()
        let frozenA2 = a.freeze()
        #expect(frozenA1 == frozenA2)
        let b = try counterView(realm)
        #expect(frozenA1 != b.freeze())
    }

    /// realm-swift ProjectionTests.swift, testThawDeleted and testThawPreviousVersion
    @Test func aFrozenProjectionThawsToTheLiveValueOrToNilOnceDeleted() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let live = try counterView(realm)
        let frozen = live.freeze()
        #expect(frozen.isFrozen)
        #expect(live.tally == frozen.tally)
        try realm.write { live.tally = 1 }
        #expect(live.tally != frozen.tally)
        let thawed = try #require(frozen.thaw())
        #expect(!thawed.isFrozen)
        #expect(thawed.tally == 1)

        try realm.write { realm.deleteAll() }
        #expect(frozen.thaw() == nil)
    }

    /// realm-swift ProjectionTests.swift, testAdvancedProjection: a list's count,
    /// a renamed list, a computed property of each element, a set's first element
    /// and a property of each object of a set.
    @Test func projectionsReachCountsFirstElementsAndComputedPropertiesOfElements() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            let items: [[String: Any]] = [["number": 1, "flag": true], ["number": 2, "flag": false]]
            let value: [String: Any] = ["numbers": [1, 2, 3], "items": items, "tags": [1, 2, 3], "itemSet": items]
            _ = realm.create(RCBundle.self, value: value)
        }
        let view = try #require(realm.objects(RCBundleView.self).first)
        #expect(view.numberCount == 3)
        #expect(Array(view.summaries) == ["1 - true", "2 - false"])
        #expect(Array(view.renamedNumbers) == [1, 2, 3])
        #expect(view.firstTag == 1)
        #expect(Array(view.flags) == [true, false])
    }

    /// realm-swift ProjectedCollectTests.swift (ProjectedSetTests): testCount, testAccess,
    /// testRealm, testDescription, testFilterFormat, testSortWithProperty
    @Test func aProjectedCollectionOfASetReadsLikeTheSetInItsOrder() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            let words = ["John", "Daenerys", "Tyrion"].map { text -> RCWord in
                let word = RCWord()
                word.text = text
                return word
            }
            let group = RCWordGroup()
            group.words.insert(objectsIn: words)
            realm.add(group)
        }
        let view = try #require(realm.objects(RCWordGroupView.self).first)
        let texts = view.texts
        #expect(texts.count == 3)
        #expect(texts[0] == texts.first)
        #expect(texts[2] == texts.last)
        #expect(texts.firstIndex(of: "Not there") == nil)
        #expect(texts.firstIndex(of: "Daenerys") != nil)
        #expect(texts.realm?.configuration.fileURL == realm.configuration.fileURL)
        #expect(texts.description == "ProjectedCollection<String> {\n\t[0] John\n\t[1] Daenerys\n\t[2] Tyrion\n}")
        #expect(texts.filter { $0 == "Daenerys" }.first != nil)
        #expect(texts.filter { $0 == "Not There" }.first == nil)
        #expect(texts.sorted { $0 > $1 }.first == "Tyrion")
        #expect(texts.sorted { $0 > $1 }.last == "Daenerys")
    }
}
