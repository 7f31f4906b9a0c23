import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/MixedCollectionTest.swift
// (AnyRealmValue holding lists and dictionaries), with the models of
// SwiftTestObjects.swift, AnyRealmValueTests.swift and ModernTestObjects.swift
// restated as `@Persisted` classes prefixed `MX`. Each test names the
// realm-swift test it comes from; the values asserted are the ones Realm's
// tests assert.
//
// Most of the file is restated already, and left out here:
// - testAnyMixedDictionary, testAnyMixedDictionaryUpdateAndDelete,
//   testAnyMixedNestedDictionary, testAnyMixedList, testAnyMixedListUpdateAndDelete,
//   testAnyMixedNestedArray, testMixedNestedCollection, the content equality of
//   testMixedCollectionEquality, testReassignToMixedList and
//   testReassignToMixedDictionary (their asserted steps), testEnumerationNestedCollection
//   and testCollectionReassign: ResultsConformanceTests;
// - testMixedCollectionObjectNotifications, testMixedCollectionDictionaryNotifications and
//   testMixedCollectionArrayNotifications: AnyRealmValueConformanceTests.
// What is restated here is what those leave out: the values Realm's tests take
// from `Date()` (the current time, with its fraction of a second), the typed
// accessors of testAnyMixedList's elements, the equality of the objects and
// maps of testMixedCollectionEquality, testMixedCollectionModernObjectEquality on
// its own model (one with an `ObjectId` primary key), and the self-assignment
// steps of testReassignToMixedList and testReassignToMixedDictionary, which Realm
// performs in a write that must not throw (their assertions are commented out in
// Realm, for realm-core issue 7422, so none are made here).
//
// Left out as not applying to Geode on Linux: Realm's `@objc dynamic`
// declarations (restated as `@Persisted`). Realm's
// `AnyRealmTypeObject` declares `let anyValue = RealmProperty<AnyRealmValue>()`
// and its tests read `anyValue.value`; Geode has no `RealmProperty`, so it is
// restated as `@Persisted var anyValue: AnyRealmValue`, and Realm's
// `mixedObject.anyValue == mixedObject2.anyValue` (two `RealmProperty`s) as the
// equality of the values.

// MARK: - Models

/// A string (Realm's `SwiftStringObject`).
final class MXString: Object {
    @Persisted var stringCol = ""
}

/// One mixed value (Realm's `AnyRealmTypeObject`, whose `RealmProperty<AnyRealmValue>`
/// is restated as `@Persisted`).
final class MXAnyRealmType: Object {
    @Persisted var anyValue: AnyRealmValue
}

/// An `ObjectId` primary key and a mixed value (Realm's `ModernAllTypesObject`,
/// of whose properties only these two are restated: no fact of this file reads the others).
final class MXModernAllTypes: Object {
    @Persisted(primaryKey: true) var pk: ObjectId
    @Persisted var anyCol: AnyRealmValue
}

@Suite struct MixedCollectionConformanceTests {
    static let types: [ObjectBase.Type] = [MXString.self, MXAnyRealmType.self, MXModernAllTypes.self]

    /// Realm's `d = Date()`: the current time, with its fraction of a second. A fixed
    /// instant of December 2026 keeps the test repeatable; it is one that came back a
    /// step of a `Double` off when dates were converted through 1970 rather than 2001.
    static let now = Date(timeIntervalSinceReferenceDate: 818_353_437.420_491_6)

    /// Realm's `so`: an unmanaged string "hello".
    static func hello() -> MXString {
        let so = MXString()
        so.stringCol = "hello"
        return so
    }

    /// The nested tree of testMixedCollectionEquality and testMixedCollectionModernObjectEquality:
    /// key0 → key5 → [key4 → [key3 → [key2 → [[so], key1 → [so]]]]].
    static func nestedDictionary(_ so: MXString) -> [String: AnyRealmValue] {
        let subArray2 = AnyRealmValue.fromArray([.object(so)])
        let subDict2 = AnyRealmValue.fromDictionary(["key1": subArray2])
        let subArray3 = AnyRealmValue.fromArray([subArray2, subDict2])
        let subDict3 = AnyRealmValue.fromDictionary(["key2": subArray3])
        let subArray4 = AnyRealmValue.fromArray([subDict3])
        let subDict4 = AnyRealmValue.fromDictionary(["key3": subArray4])
        let subArray5 = AnyRealmValue.fromArray([subDict4])
        let subDict5 = AnyRealmValue.fromDictionary(["key4": subArray5])
        let subArray6 = AnyRealmValue.fromArray([subDict5])
        let subDict6 = AnyRealmValue.fromDictionary(["key5": subArray6])
        return ["key0": subDict6]
    }
}

// MARK: - Values read back

extension MixedCollectionConformanceTests {
    // MixedCollectionTest.testAnyMixedList (the typed accessors, and `.date(d)` with `d = Date()`)
    @Test func everyTypedAccessorOfAMixedListElementReadsItsValue() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let so = Self.hello()
        let d = Self.now
        let oid = ObjectId.generate()
        let uuid = UUID()
        let decimal = Decimal128(number: NSNumber(value: 567))
        let list: [AnyRealmValue] = [
            .string("hello"), .bool(false), .int(234), .float(789.123), .double(12345.678901),
            .data(Data("a".utf8)), .date(d), .object(so), .objectId(oid), .uuid(uuid), .decimal128(decimal),
        ]
        func check(_ o: MXAnyRealmType, _ stage: String) {
            let values = o.anyValue.listValue
            #expect(values?[6] == .date(d), "\(stage)")
            #expect(values?[6].dateValue == d, "\(stage)")
            #expect(values?[0].stringValue == "hello", "\(stage)")
            #expect(values?[1].boolValue == false, "\(stage)")
            #expect(values?[2].intValue == 234, "\(stage)")
            #expect(values?[3].floatValue == 789.123, "\(stage)")
            #expect(values?[4].doubleValue == 12345.678901, "\(stage)")
            #expect(values?[5].dataValue == Data("a".utf8), "\(stage)")
            #expect(values?[7].object(MXString.self)?.stringCol == so.stringCol, "\(stage)")
            #expect(values?[8].objectIdValue == oid, "\(stage)")
            #expect(values?[9].uuidValue == uuid, "\(stage)")
            #expect(values?[10].decimal128Value == decimal, "\(stage)")
        }

        let o = MXAnyRealmType()
        o.anyValue = .fromArray(list)
        check(o, "unmanaged")
        try realm.write {
            let object = realm.create(MXAnyRealmType.self, value: ["anyValue": list])
            check(object, "created")
        }
        check(try #require(realm.objects(MXAnyRealmType.self).last), "results")
    }

    // MixedCollectionTest.testAnyMixedDictionary (`.date(d)` and `dateValue` with `d = Date()`)
    @Test func theCurrentDateInAMixedDictionaryReadsBackEqual() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let d = Self.now
        let dictionary: [String: AnyRealmValue] = ["key1": .string("hello"), "key7": .date(d)]
        func check(_ o: MXAnyRealmType, _ stage: String) {
            #expect(o.anyValue.dictionaryValue?["key7"] == .date(d), "\(stage)")
            #expect(o.anyValue.dictionaryValue?["key7"]?.dateValue == d, "\(stage)")
        }

        let o = MXAnyRealmType()
        o.anyValue = .fromDictionary(dictionary)
        check(o, "unmanaged")
        try realm.write {
            let object = realm.create(MXAnyRealmType.self, value: ["anyValue": dictionary])
            check(object, "created")
        }
        check(try #require(realm.objects(MXAnyRealmType.self).last), "results")
    }
}

// MARK: - Equality

extension MixedCollectionConformanceTests {
    // MixedCollectionTest.testMixedCollectionEquality (the objects and the map: `mixedObject2`
    // is `mixedObject` itself)
    @Test func aMixedObjectAndItsMixedDictionaryEqualThemselves() throws {
        let dictionary = Self.nestedDictionary(Self.hello())
        let anyValue = AnyRealmValue.fromDictionary(dictionary)
        let mixedObject = MXAnyRealmType()
        mixedObject.anyValue = anyValue
        let mixedObject2 = mixedObject

        #expect(mixedObject.anyValue == mixedObject2.anyValue)
        #expect(mixedObject.isEqual(mixedObject2))
        #expect(mixedObject.anyValue.dictionaryValue == mixedObject.anyValue.dictionaryValue)
    }

    // MixedCollectionTest.testMixedCollectionModernObjectEquality
    @Test func aModernObjectsMixedDictionaryEqualsItsValueAndNotAnotherObjects() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let dictionary = Self.nestedDictionary(Self.hello())
        #expect(AnyRealmValue.fromDictionary([:]) == AnyRealmValue.fromDictionary([:]))
        #expect(AnyRealmValue.fromDictionary(dictionary) == AnyRealmValue.fromDictionary(dictionary))
        var dictionary2 = dictionary
        dictionary2["newKey"] = .bool(false)
        #expect(AnyRealmValue.fromDictionary(dictionary) != AnyRealmValue.fromDictionary(dictionary2))
        let anyValue = AnyRealmValue.fromDictionary(dictionary)
        let anyValue2 = AnyRealmValue.fromDictionary(dictionary)
        anyValue2.dictionaryValue?["newKey"] = .bool(false)
        #expect(anyValue != anyValue2)

        // Unmanaged
        let mixedObject = MXModernAllTypes()
        mixedObject.anyCol = anyValue
        #expect(mixedObject.anyCol == anyValue)
        #expect(mixedObject.anyCol == AnyRealmValue.fromDictionary(dictionary))
        let mixedObject2 = mixedObject
        #expect(mixedObject2.anyCol == anyValue)
        #expect(mixedObject2.anyCol == AnyRealmValue.fromDictionary(dictionary))
        #expect(mixedObject.anyCol == mixedObject2.anyCol)
        #expect(mixedObject.isEqual(mixedObject2))
        #expect(mixedObject.anyCol.dictionaryValue == mixedObject.anyCol.dictionaryValue)

        // Managed
        try realm.write {
            realm.add(mixedObject)
            realm.add(mixedObject2)
        }
        #expect(mixedObject.anyCol == mixedObject2.anyCol)
        #expect(mixedObject.isEqual(mixedObject2))

        let mixedObject3 = MXModernAllTypes()
        mixedObject3.anyCol = .fromDictionary(dictionary)
        try realm.write { realm.add(mixedObject3) }
        #expect(mixedObject.anyCol != mixedObject3.anyCol)
        #expect(mixedObject.anyCol.dictionaryValue?["key0"] != mixedObject3.anyCol.dictionaryValue?["key0"])
        #expect(
            mixedObject.anyCol.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0]
                != mixedObject3.anyCol.dictionaryValue?["key0"]?.dictionaryValue?["key5"]?.listValue?[0])
    }
}

// MARK: - Self-assignment (run in a child process: Realm asserts only that the writes complete)

extension MixedCollectionConformanceTests {
    // MixedCollectionTest.testReassignToMixedList (the self-assignment steps, whose assertions
    // Realm comments out: each write completes)
    @Test func aManagedMixedListTakesItsOwnNestedCollectionsBack() async {
        await #expect(processExitsWith: .success) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: Self.types)
            let mixedObject = MXAnyRealmType()
            mixedObject.anyValue = .fromArray([.bool(true), .fromDictionary(["key": .int(12)]), .float(13.12)])
            try realm.write { realm.add(mixedObject) }
            try realm.write {
                mixedObject.anyValue.listValue?.append(.fromArray([.double(20.20), .string("hello")]))
            }
            try realm.write {
                let listItem = try #require(mixedObject.anyValue.listValue?[0])
                mixedObject.anyValue.listValue?.append(listItem)
            }
            // Realm's TODO steps: a nested list appended to, and assigned to, its own parent.
            try realm.write {
                let listItem = try #require(mixedObject.anyValue.listValue?[3])
                mixedObject.anyValue.listValue?.append(listItem)
            }
            try realm.write {
                let listItem = try #require(mixedObject.anyValue.listValue?[3])
                mixedObject.anyValue.listValue?[3] = listItem
            }
            try realm.write {
                mixedObject.anyValue.listValue?[1] = .fromDictionary(["new-key": .int(3)])
            }
            // A nested dictionary appended to, and assigned to, its own parent.
            try realm.write {
                let listItem = try #require(mixedObject.anyValue.listValue?[1])
                mixedObject.anyValue.listValue?.append(listItem)
            }
            try realm.write {
                let listItem = try #require(mixedObject.anyValue.listValue?[1])
                mixedObject.anyValue.listValue?[3] = listItem
            }
        }
    }

    // MixedCollectionTest.testReassignToMixedDictionary (the self-assignment steps, whose
    // assertions Realm comments out: each write completes)
    @Test func aManagedMixedDictionaryTakesItsOwnNestedCollectionsBack() async {
        await #expect(processExitsWith: .success) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: Self.types)
            let mixedObject = MXAnyRealmType()
            mixedObject.anyValue = .fromDictionary([
                "key1": .bool(true), "key2": .fromDictionary(["key4": .int(12)]), "key3": .float(13.12),
            ])
            try realm.write { realm.add(mixedObject) }
            try realm.write {
                mixedObject.anyValue.dictionaryValue?["key4"] = .fromDictionary(["new-key": .int(3)])
            }
            try realm.write {
                let dictItem = mixedObject.anyValue.dictionaryValue?["key1"]
                mixedObject.anyValue.dictionaryValue?["key5"] = dictItem
            }
            // Realm's TODO step: a nested dictionary assigned under another key of its parent.
            try realm.write {
                let dictItem = mixedObject.anyValue.dictionaryValue?["key2"]
                mixedObject.anyValue.dictionaryValue?["key6"] = dictItem
            }
            try realm.write {
                mixedObject.anyValue.dictionaryValue?["key7"] = .fromArray([.string("hello"), .double(20.20)])
            }
            // Realm's TODO step: a nested list assigned over a nested dictionary of its parent.
            try realm.write {
                let dictItem = mixedObject.anyValue.dictionaryValue?["key7"]
                mixedObject.anyValue.dictionaryValue?["key2"] = dictItem
            }
        }
    }
}
