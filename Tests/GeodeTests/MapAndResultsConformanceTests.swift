import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's own tests of managed maps and of results:
// RealmSwift/Tests/MapTests.swift and PrimitiveMapTests.swift, and
// Realm/Tests/DictionaryPropertyTests.m (the RLMDictionary a `Map` wraps);
// RealmSwift/Tests/RealmCollectionTypeTests.swift (RealmCollectionTests as run
// on Results and AnyRealmCollection, ResultsTests, ResultsFromLinkViewTests,
// ResultsDistinctTests) and Realm/Tests/ResultsTests.m (the RLMResults a
// `Results` wraps). Each test names the realm-swift test it comes from; the
// values asserted are the ones Realm's tests assert.

/// A number to link to (Realm's `CTTLinkTarget`, `CTTIntegerObject`).
final class MRTag: Object {
    @Persisted var id = 0
}

/// One object with a property of each aggregated kind (Realm's
/// `CTTNullableStringObjectWithLink`, `CTTAggregateObject`, `SwiftStringObject`).
final class MRItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var score: Int?
    @Persisted var group = 0
    @Persisted var flag = true
    @Persisted var small: Int8 = 0
    @Persisted var ratio: Float = 0
    @Persisted var amount = 0.0
    @Persisted var day = Date(timeIntervalSince1970: 0)
    @Persisted var tag: MRTag?
}

/// Maps of values and of objects, a list and a set (Realm's `SwiftMapObject`,
/// `SwiftMapPropertyObject`, `CTTStringList`, `CTTAggregateObjectSet`).
final class MRHolder: Object {
    @Persisted var scores: Map<String, Int?>
    @Persisted var counts: Map<String, Int>
    @Persisted var items: Map<String, MRItem?>
    @Persisted var list: List<MRItem>
    @Persisted var bag: MutableSet<MRItem>
}

/// Realm's `DogObject`.
final class MRDog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
}

/// Realm's `OwnerObject`.
final class MROwner: Object {
    @Persisted var name = ""
    @Persisted var dog: MRDog?
}

/// Realm's `DogDictionaryObject`.
final class MRKennel: Object {
    @Persisted var dogs: Map<String, MRDog?>
}

/// Realm's `EmployeeObject`.
final class MREmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

@Suite struct MapAndResultsConformanceTests {
    static let types: [ObjectBase.Type] = [
        MRTag.self, MRItem.self, MRHolder.self, MRDog.self, MROwner.self, MRKennel.self, MREmployee.self,
    ]

    /// An unmanaged item numbered `id`, set up by `configure`.
    static func make(_ id: Int, _ configure: (MRItem) -> Void = { _ in }) -> MRItem {
        let item = MRItem()
        item.id = id
        configure(item)
        return item
    }

    /// A managed holder with empty collections.
    static func holder(in realm: Realm) throws -> MRHolder {
        try realm.write { realm.create(MRHolder.self) }
    }

    /// Realm's `str1` and `str2`: items named "1" and "2", both linked to the
    /// tag numbered 1, added in that order.
    static func pair(in realm: Realm) throws -> (MRItem, MRItem) {
        try realm.write { () -> (MRItem, MRItem) in
            let tag = realm.create(MRTag.self, value: ["id": 1])
            let first = Self.make(1) { item in
                item.name = "1"
                item.tag = tag
            }
            let second = Self.make(2) { item in
                item.name = "2"
                item.tag = tag
            }
            realm.add(first)
            realm.add(second)
            return (first, second)
        }
    }

    /// A managed holder whose list holds `objects`, in that order.
    static func holder(in realm: Realm, listing objects: [MRItem]) throws -> MRHolder {
        try realm.write { () -> MRHolder in
            let holder = realm.create(MRHolder.self)
            holder.list.append(objectsIn: objects)
            return holder
        }
    }

    /// Realm's three aggregate objects: groups (and small numbers) 1, 2 and 3,
    /// ratios 1.1, 2.2, 2.2, amounts 1.11, 2.22, 2.22, days 1 s, 2 s, 2 s after
    /// 1970. They are added in the order of groups 2, 3, 1, so that sorting has
    /// something to do.
    static func trio(in realm: Realm) throws -> [MRItem] {
        let rows: [(group: Int, ratio: Float, amount: Double, day: TimeInterval)] = [
            (2, 2.2, 2.22, 2), (3, 2.2, 2.22, 2), (1, 1.1, 1.11, 1),
        ]
        let items = rows.enumerated().map { index, row in
            Self.make(10 + index) { item in
                item.group = row.group
                item.small = Int8(row.group)
                item.ratio = row.ratio
                item.amount = row.amount
                item.day = Date(timeIntervalSince1970: row.day)
            }
        }
        try realm.write { realm.add(items) }
        return items
    }

    static let early = Date(timeIntervalSince1970: 1_000)
    static let late = Date(timeIntervalSince1970: 2_000)

    /// The ten aggregate objects of Realm's `testObjectAggregate`: flagged
    /// ones (group 0, ratio 1.2, amount 0, the early day) and unflagged ones
    /// (group 1, ratio 0, amount 2.5, the late day), alternating from a flagged
    /// one, the last two both flagged: six flagged, four not.
    static func tenItems() -> [MRItem] {
        let flags = [true, false, true, false, true, false, true, false, true, true]
        return flags.enumerated().map { index, flagged in
            Self.make(100 + index) { item in
                item.flag = flagged
                item.group = flagged ? 0 : 1
                item.ratio = flagged ? 1.2 : 0
                item.amount = flagged ? 0 : 2.5
                item.day = flagged ? Self.early : Self.late
            }
        }
    }

    /// realm-swift's three values of an optional map (`Int?`: nil, 1, 3) under "key0" to "key2".
    static let optionalEntries: [(key: String, value: Int?)] = [("key0", nil), ("key1", 1), ("key2", 3)]

    /// realm-swift's three values of a map of `Int` (1, 2, 3) under "key0" to "key2".
    static let countEntries: [(key: String, value: Int)] = [("key0", 1), ("key1", 2), ("key2", 3)]

    /// Whether a map read found an entry holding nil (not a missing key).
    static func holdsNil(_ read: Int??) -> Bool {
        if case .some(.none) = read { return true }
        return false
    }

    /// The object stored under `key`; nil for a missing key or a nil entry.
    static func entry(_ map: Map<String, MRItem?>, _ key: String) -> MRItem? {
        map[key] ?? nil
    }
}

// MARK: - Maps of values (PrimitiveMapTests, MapTests)

extension MapAndResultsConformanceTests {
    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testInsert
    @Test func eachNewKeyAddsOneEntryAndAnOptionalHoldingNilIsStoredAsAnEntry() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            let absent: Int? = nil
            try realm.write {
                #expect(scores.count == 0)
                scores["key0"] = absent
                #expect(scores.count == 1 && scores.keys.count == 1 && scores.values.count == 1)
                #expect(Self.holdsNil(scores["key0"]))
                scores["key1"] = 1
                #expect(scores.count == 2 && scores.keys.count == 2 && scores.values.count == 2)
                #expect(scores["key1"] == 1)
                scores["key2"] = 3
                #expect(scores.count == 3 && scores.keys.count == 3 && scores.values.count == 3)
                #expect(Set(scores.keys) == ["key0", "key1", "key2"])
                #expect(scores["key2"] == 3)
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testUpdate
    @Test func updateValueReplacesTheValueOfAnExistingKeyWithoutAddingAnEntry() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            let absent: Int? = nil
            try realm.write {
                scores["key0"] = absent
                #expect(scores.count == 1)
                scores.updateValue(1, forKey: "key0")
                #expect(scores.count == 1 && scores.keys == ["key0"] && scores.values == [1])
                #expect(scores["key0"] == 1)
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testRemove
    @Test func setValueNilSubscriptNilRemoveObjectAndRemoveAllTakeEntriesOut() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            let entries = Self.optionalEntries
            try realm.write {
                scores.merge(entries) { $1 }
                #expect(scores.count == 3 && scores.keys.count == 3 && scores.values.count == 3)
                // Setting nil by key-value coding removes the key (the nil-holding entry included).
                scores.setValue(nil, forKey: "key0")
                #expect(scores["key0"] == nil)
                scores.removeAll()
                #expect(scores.count == 0)
                scores.merge(entries) { $1 }
                scores["key1"] = nil
                #expect(scores["key1"] == nil)
                scores.removeObject(for: "key2")
                #expect(scores.keys == ["key0"])
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testSubscript
    @Test func assigningNilThroughTheSubscriptRemovesOnlyThatKey() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            let absent: Int? = nil
            try realm.write {
                scores["key0"] = absent
                scores["key1"] = 1
                scores["key2"] = 3
                #expect(scores.count == 3)
                scores["key0"] = absent
                scores["key1"] = nil
                scores["key2"] = 3
                #expect(scores.count == 2 && scores.keys.count == 2 && scores.values.count == 2)
                #expect(Set(scores.keys) == ["key0", "key2"])
                scores.removeAll()
                #expect(scores["key0"] == nil)
                scores["key0"] = absent
                #expect(Self.holdsNil(scores["key0"]))
            }
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testMin (MinMaxPrimitiveMapTests, Int?)
    @Test func theMinimumOfAMapOfOptionalsLeavesNilOutAndIsNilWhenEmpty() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            let entries = Self.optionalEntries
            #expect(scores.min() == nil)
            try realm.write {
                scores.merge(entries) { $1 }
                scores.merge(entries) { $1 }
            }
            #expect(scores.min() == 1)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testMax (MinMaxPrimitiveMapTests, Int?)
    @Test func theMaximumOfAMapOfOptionalsIsItsLargestValueAndNilWhenEmpty() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            #expect(scores.max() == nil)
            try realm.write { scores.merge(Self.optionalEntries) { $1 } }
            #expect(scores.max() == 3)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testSum (AddablePrimitiveMapTests, Int)
    @Test func theSumOfAMapIsZeroWhenEmptyAndTheTotalOfItsValues() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let counts = try Self.holder(in: realm).counts
            #expect(counts.sum() == 0)
            try realm.write { counts.merge(Self.countEntries) { $1 } }
            #expect(counts.sum() == 6)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testAverage (AddablePrimitiveMapTests, Int)
    @Test func theAverageOfAMapIsNilWhenEmptyAndTheMeanOfItsValues() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let counts = try Self.holder(in: realm).counts
            let none: Double? = counts.average()
            #expect(none == nil)
            try realm.write { counts.merge(Self.countEntries) { $1 } }
            let mean: Double? = counts.average()
            #expect(mean == 2)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testSorted (SortablePrimitiveMapTests, Int?)
    @Test func aMapsValuesSortWithNilFirstAscendingAndLastDescending() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            try realm.write { scores.merge(Self.optionalEntries) { $1 } }
            #expect(scores.count == 3)
            #expect(Array(scores.sorted()) == [nil, 1, 3])
            #expect(Array(scores.sorted(ascending: true)) == [nil, 1, 3])
            #expect(Array(scores.sorted(ascending: false)) == [3, 1, nil])
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testInvalidated
    @Test func aMapIsInvalidatedOnceTheObjectHoldingItIsDeleted() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let holder = try Self.holder(in: realm)
            let scores = holder.scores
            #expect(!scores.isInvalidated)
            try realm.write { realm.delete(holder) }
            #expect(scores.isInvalidated)
        }
    }

    // realm-swift RealmSwift/Tests/MapTests.swift testPrimitive (on a managed map)
    @Test func aMapOfNumbersReadsItsKeysAndAggregatesItsValues() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let counts = try Self.holder(in: realm).counts
            try realm.write {
                counts["key"] = 5
                #expect(counts["key"] == 5)
                #expect(counts["doesntExist"] == nil)
                counts["keyB"] = 6
                counts["keyC"] = 7
                counts["keyD"] = 8
            }
            #expect(counts.max() == 8)
            #expect(counts.min() == 5)
            #expect(counts.sum() == 26)
            let mean: Double? = counts.average()
            #expect(mean == 6.5)
        }
    }
}

// MARK: - Maps of objects (MapTests, DictionaryPropertyTests)

extension MapAndResultsConformanceTests {
    // realm-swift RealmSwift/Tests/MapTests.swift testRemove
    @Test func removeObjectForKeyAndAssigningNilBothRemoveTheEntry() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, _) = try Self.pair(in: realm)
            let items = try Self.holder(in: realm).items
            try realm.write {
                items[first.name] = first
                #expect(items.count == 1 && items[first.name] != nil)
                items.removeObject(for: first.name)
                #expect(items.count == 0 && items[first.name] == nil)
                items[first.name] = first
                #expect(items.count == 1 && items[first.name] != nil)
                items[first.name] = nil
                #expect(items.count == 0 && items[first.name] == nil)
            }
            // The object itself stays in the realm.
            #expect(realm.objects(MRItem.self).count == 2)
        }
    }

    // realm-swift RealmSwift/Tests/MapTests.swift testDeleteObjectFromMap
    @Test func deletingAnObjectAMapHoldsMakesItsEntryReadNil() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, _) = try Self.pair(in: realm)
            let items = try Self.holder(in: realm).items
            try realm.write {
                items["key"] = first
                #expect(items["key"]??.name == "1")
                realm.delete(first)
                #expect(Self.entry(items, "key") == nil)
            }
        }
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testDeleteObjectInDictionaryProperty
    @Test func aDeletedObjectsEntryStaysInTheMapHoldingNil() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let holder = try Self.holder(in: realm)
            let item = Self.make(1) { $0.name = "one" }
            try realm.write { holder.items["one"] = item }
            let stored = try #require(Self.entry(holder.items, "one"))
            try realm.write { realm.delete(realm.objects(MRItem.self)) }
            #expect(!holder.items.isInvalidated, "the map outlives the objects it held")
            #expect(stored.isInvalidated)
            #expect(holder.items.count == 1, "the key stays, holding a null link")
            #expect(holder.items.keys == ["one"])
            #expect(Self.entry(holder.items, "one") == nil)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testValueForKey and testObjectForKey
    @Test func aMapReadsAValueByKeyValueCodingAndByItsObjectiveCForm() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let holder = try Self.holder(in: realm)
            #expect(holder.counts.value(forKey: "a") == nil)
            try realm.write { holder.counts.setValue(5, forKey: "a") }
            #expect(holder.counts.value(forKey: "a") as? Int == 5)
            #expect(holder.counts.object(forKey: "a" as AnyObject) as? Int == 5)
            try realm.write { holder.scores["b"] = 7 }
            #expect(holder.scores.value(forKey: "b") as? Int == 7, "an optional value is read unwrapped")
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift ResultsEquatabilityTests and
    // AnyRealmCollectionEquatabilityTests
    @Test func resultsAndTheirWrappersEqualOnlyThemselves() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let a = realm.objects(MRItem.self)
            let b = realm.objects(MRItem.self)
            #expect(a == a)
            #expect(a != b, "two results of the same query are two collections")
            let wrappedA = AnyRealmCollection(a)
            let wrappedB = AnyRealmCollection(a)
            #expect(wrappedA == wrappedA)
            #expect(wrappedA != wrappedB)
        }
    }

    // realm-swift RealmSwift/Tests/PrimitiveMapTests.swift testSum and testAverage (optional values)
    @Test func aMapOfOptionalNumbersSumsAndAveragesItsValuesLeavingNilsOut() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let scores = try Self.holder(in: realm).scores
            #expect(scores.sum() == 0, "an empty map sums to zero")
            let emptyMean: Double? = scores.average()
            #expect(emptyMean == nil)
            try realm.write {
                scores["a"] = nil
                scores["b"] = 1
                scores["c"] = 3
            }
            let sum: Int = scores.sum()
            let mean: Double? = scores.average()
            let lowest: Int? = scores.min()
            let highest: Int? = scores.max()
            #expect(sum == 4)
            #expect(mean == 2)
            #expect(lowest == 1)
            #expect(highest == 3)
        }
    }

    // realm-swift RealmSwift/Tests/MapTests.swift testMerge
    @Test func mergeAddsNewKeysAndLetsTheCombineDecideForKeysAlreadyHeld() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let items = try Self.holder(in: realm).items
            try realm.write {
                items["a"] = first
                var combined = 0
                items.merge(["b": second]) { old, _ in
                    combined += 1
                    return old
                }
                #expect(combined == 0, "no key was a duplicate")
                #expect(items.count == 2 && Self.entry(items, "a") == first && Self.entry(items, "b") == second)
                // Keeping the old value changes nothing.
                items.merge(["b": first]) { old, _ in old }
                #expect(items.count == 2 && Self.entry(items, "a") == first && Self.entry(items, "b") == second)
                // Taking the new value replaces it.
                items.merge(["b": first]) { _, new in new }
                #expect(items.count == 2 && Self.entry(items, "a") == first && Self.entry(items, "b") == first)
                // The combine may make a value of its own.
                items.merge(["a": first]) { _, _ in Self.make(3) { $0.name = "c" } }
                #expect(items.count == 2)
                #expect(Self.entry(items, "a")?.name == "c")
                #expect(Self.entry(items, "b") == first)
            }
        }
    }

    // realm-swift RealmSwift/Tests/MapTests.swift testPopulateEmptyMap
    @Test func aMapTakesUnmanagedNewlyCreatedAndAlreadyManagedObjects() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, _) = try Self.pair(in: realm)
            let items = try Self.holder(in: realm).items
            try realm.write {
                #expect(items.count == 0)
                items["a"] = Self.make(10) { $0.name = "a" }
                items["b"] = realm.create(MRItem.self, value: ["id": 11, "name": "b"])
                items[first.name] = first
                #expect(items.count == 3)
                #expect(items["a"]??.name == "a")
                #expect(items["b"]??.name == "b")
                #expect(items[first.name]??.name == first.name)
            }
            var visited = 0
            for entry in items {
                #expect(!entry.key.isEmpty)
                #expect(entry.value != nil)
                visited += 1
            }
            #expect(visited == 3)
        }
    }

    // realm-swift RealmSwift/Tests/MapTests.swift testEnumeratingMap
    @Test func iterationAndTheKeyValueSequenceVisitEveryKeyOnceWithItsObject() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let items = try Self.holder(in: realm).items
            try realm.write {
                for i in 0 ..< 10 { items["key\(i)"] = Self.make(100 + i) { $0.name = "key\(i)" } }
            }
            #expect(items.count == 10)
            var unseen = Set((0 ..< 10).map { "key\($0)" })
            for entry in items {
                #expect(entry.key == entry.value?.name)
                let removed = unseen.remove(entry.key)
                #expect(removed != nil, "each key comes once")
            }
            #expect(unseen.isEmpty)
            unseen = Set((0 ..< 10).map { "key\($0)" })
            for (key, value) in items.asKeyValueSequence() {
                #expect(key == value?.name)
                unseen.remove(key)
            }
            #expect(unseen.isEmpty)
        }
    }

    // realm-swift RealmSwift/Tests/MapTests.swift testFilter
    @Test func aManagedMapOfObjectsFiltersAndSortsTheObjectsItHolds() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let items = try Self.holder(in: realm).items
            try realm.write {
                items["key"] = Self.make(1) { $0.name = "apples" }
                items["key2"] = Self.make(2) { $0.name = "bananas" }
                items["key3"] = Self.make(3) { $0.name = "cockroach" }
            }
            let apples: Results<MRItem?> = items.filter("name = 'apples'")
            #expect(apples.count == 1)
            #expect(apples.first??.name == "apples")
            let byName: Results<MRItem?> = items.sorted(byKeyPath: "name", ascending: true)
            #expect(byName.count == 3)
            #expect(byName.map { $0?.name } == ["apples", "bananas", "cockroach"])
        }
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testObjectAggregate (the empty dictionary)
    @Test func anEmptyMapOfObjectsSumsToZeroAndHasNoMeanMinimumOrMaximum() {
        let holder = MRHolder()
        let sum: Int = holder.items.sum(ofProperty: "group")
        let mean: Double? = holder.items.average(ofProperty: "group")
        let least: Int? = holder.items.min(ofProperty: "group")
        let most: Int? = holder.items.max(ofProperty: "group")
        #expect(sum == 0)
        #expect(mean == nil)
        #expect(least == nil)
        #expect(most == nil)
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testObjectAggregate (unmanaged, then managed)
    @Test func aMapOfObjectsAggregatesTheirPropertiesTheSameUnmanagedAndManaged() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let ten = Self.tenItems()
            try realm.write { realm.add(ten) }
            let holder = MRHolder()
            for (index, item) in ten.enumerated() { holder.items["item\(index)"] = item }
            func check(_ state: Comment) {
                let map = holder.items
                let groupSum: Int = map.sum(ofProperty: "group")
                let ratioSum: Float = map.sum(ofProperty: "ratio")
                let amountSum: Double = map.sum(ofProperty: "amount")
                #expect(groupSum == 4, state)
                #expect(abs(ratioSum - 7.2) < 0.1, state)
                #expect(abs(amountSum - 10.0) < 0.1, state)
                let groupMean: Double? = map.average(ofProperty: "group")
                let ratioMean: Double? = map.average(ofProperty: "ratio")
                let amountMean: Double? = map.average(ofProperty: "amount")
                #expect(abs((groupMean ?? -1) - 0.4) < 0.1, state)
                #expect(abs((ratioMean ?? -1) - 0.72) < 0.1, state)
                #expect(abs((amountMean ?? -1) - 1.0) < 0.1, state)
                let groupMin: Int? = map.min(ofProperty: "group")
                let ratioMin: Float? = map.min(ofProperty: "ratio")
                let amountMin: Double? = map.min(ofProperty: "amount")
                let dayMin: Date? = map.min(ofProperty: "day")
                #expect(groupMin == 0 && ratioMin == 0 && amountMin == 0, state)
                #expect(dayMin == Self.early, state)
                let groupMax: Int? = map.max(ofProperty: "group")
                let ratioMax: Float? = map.max(ofProperty: "ratio")
                let amountMax: Double? = map.max(ofProperty: "amount")
                let dayMax: Date? = map.max(ofProperty: "day")
                #expect(groupMax == 1 && ratioMax == 1.2 && amountMax == 2.5, state)
                #expect(dayMax == Self.late, state)
            }
            check("unmanaged")
            try realm.write { realm.add(holder) }
            check("managed")
        }
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testSortByMultipleColumns
    @Test func aMapsObjectsSortByTwoDescriptorsTheSecondBreakingTiesOfTheFirst() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let kennel = try realm.write { () -> MRKennel in
                let kennel = realm.create(MRKennel.self)
                for (name, age) in [("a", 1), ("b", 1), ("a", 2), ("b", 2)] {
                    kennel.dogs["\(name)\(age)"] = realm.create(MRDog.self, value: ["name": name, "age": age])
                }
                return kennel
            }
            func order(_ first: String, _ firstUp: Bool, _ second: String, _ secondUp: Bool) -> [String] {
                let descriptors = [
                    SortDescriptor(keyPath: first, ascending: firstUp),
                    SortDescriptor(keyPath: second, ascending: secondUp),
                ]
                return kennel.dogs.sorted(by: descriptors).map { dog in "\(dog?.name ?? "")\(dog?.age ?? 0)" }
            }
            #expect(order("name", true, "age", true) == ["a1", "a2", "b1", "b2"])
            #expect(order("name", true, "age", false) == ["a2", "a1", "b2", "b1"])
            #expect(order("name", false, "age", true) == ["b1", "b2", "a1", "a2"])
            #expect(order("name", false, "age", false) == ["b2", "b1", "a2", "a1"])
            #expect(order("age", true, "name", true) == ["a1", "b1", "a2", "b2"])
            #expect(order("age", true, "name", false) == ["b1", "a1", "b2", "a2"])
            #expect(order("age", false, "name", true) == ["a2", "b2", "a1", "b1"])
            #expect(order("age", false, "name", false) == ["b2", "a2", "b1", "a1"])
        }
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testIsFrozen and testFreezingFrozenObjectReturnsSelf
    @Test func aFrozenMapIsFrozenAndFreezingItAgainGivesItBack() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let counts = try Self.holder(in: realm).counts
            try realm.write {
                counts["0"] = 0
                counts["1"] = 1
            }
            let frozen = counts.freeze()
            #expect(!counts.isFrozen)
            #expect(frozen.isFrozen)
            #expect(counts !== frozen)
            #expect(counts.freeze() !== frozen, "each freeze of the live map is a new map")
            #expect(frozen.freeze() === frozen)
        }
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testFrozenDictionarysDoNotUpdate
    @Test func aFrozenMapKeepsItsEntriesWhenTheLiveOneLosesOne() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let counts = try Self.holder(in: realm).counts
            try realm.write {
                counts["0"] = 0
                counts["1"] = 1
            }
            let frozen = counts.freeze()
            #expect(frozen.count == 2)
            try realm.write { counts.removeObject(for: "1") }
            #expect(counts.count == 1)
            #expect(frozen.count == 2)
        }
    }

    // realm-swift Realm/Tests/DictionaryPropertyTests.m testQueryFrozenDictionary
    @Test func aFrozenMapOfObjectsCanStillBeFiltered() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let items = try Self.holder(in: realm).items
            try realm.write {
                items["0"] = Self.make(1) { $0.group = 0 }
                items["1"] = Self.make(2) { $0.group = 1 }
            }
            let frozen = items.freeze()
            #expect(frozen.filter("group > 0").map { $0?.group } == [1])
        }
    }
}

// MARK: - Results (RealmCollectionTypeTests, ResultsTests.m)

extension MapAndResultsConformanceTests {
    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testIndexOfObject
    @Test func theIndexOfAnObjectIsItsPositionOrNilWhenTheResultsLeaveItOut() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.index(of: first) == 0)
            #expect(items.index(of: second) == 1)
            let onlyFirst = items.filter("name = '1'")
            #expect(onlyFirst.index(of: first) == 0)
            #expect(onlyFirst.index(of: second) == nil)
            let onlyFirstByQuery = items.where { $0.name == "1" }
            #expect(onlyFirstByQuery.index(of: first) == 0)
            #expect(onlyFirstByQuery.index(of: second) == nil)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testIndexOfObject
    @Test func theIndexOfAnObjectFollowsTheSortAndIsNilForAnUnmanagedObject() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (joe, john, jill) = try realm.write {
                (
                    realm.create(MREmployee.self, value: ["name": "Joe", "age": 40, "hired": true]),
                    realm.create(MREmployee.self, value: ["name": "John", "age": 30, "hired": false]),
                    realm.create(MREmployee.self, value: ["name": "Jill", "age": 25, "hired": true])
                )
            }
            let unmanaged = MREmployee()
            let hired = realm.objects(MREmployee.self).filter("hired = true")
            #expect(hired.index(of: joe) == 0 && hired.index(of: jill) == 1)
            #expect(hired.index(of: john) == nil && hired.index(of: unmanaged) == nil)
            _ = hired.last  // every result read once
            #expect(hired.index(of: joe) == 0 && hired.index(of: jill) == 1)
            #expect(hired.index(of: john) == nil && hired.index(of: unmanaged) == nil)
            let hiredByAge = realm.objects(MREmployee.self).filter("hired = true")
                .sorted(byKeyPath: "age", ascending: true)
            #expect(hiredByAge.index(of: joe) == 1 && hiredByAge.index(of: jill) == 0)
            #expect(hiredByAge.index(of: john) == nil && hiredByAge.index(of: unmanaged) == nil)
            let all = realm.objects(MREmployee.self)
            #expect(all.index(of: joe) == 0 && all.index(of: john) == 1 && all.index(of: jill) == 2)
            #expect(all.index(of: unmanaged) == nil)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testIndexOfQuery
    @Test func indexMatchingAQueryClosureIsTheFirstMatchOrNil() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.index(matching: { $0.name == "1" }) == 0)
            #expect(items.index(matching: { $0.name == "2" }) == 1)
            #expect(items.index(matching: { $0.name == "3" }) == nil)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testIndexOfFormat
    @Test func indexMatchingAQueryStringIsTheFirstMatchOrNil() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.index(matching: "name = '1'") == 0)
            #expect(items.index(matching: "name = %@", "1") == 0)
            #expect(items.index(matching: "name = %@", "2") == 1)
            #expect(items.index(matching: "name = %@", "3") == nil)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testIndexOfObjectWhere
    @Test func indexMatchingCountsPositionsInTheResultsOwnOrder() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let staff = [("Joe", 40, true), ("John", 30, false), ("Jill", 25, true), ("Phil", 38, false)]
                for (name, age, hired) in staff {
                    realm.create(MREmployee.self, value: ["name": name, "age": age, "hired": hired])
                }
            }
            let hired = realm.objects(MREmployee.self).filter("hired = true")
            #expect(hired.index(matching: "age = %@", 40) == 0)
            #expect(hired.index(matching: "age = %@", 25) == 1)
            #expect(hired.index(matching: "age = %@", 30) == nil)
            let all = realm.objects(MREmployee.self)
            #expect(all.index(matching: "age = %@", 40) == 0)
            #expect(all.index(matching: "age = %@", 30) == 1)
            #expect(all.index(matching: "age = %@", 25) == 2)
            #expect(all.index(matching: "age = %@", 35) == nil)
            let byAge = all.sorted(byKeyPath: "age", ascending: true)
            let youngestHired = try #require(byAge.index(matching: "hired = true"))
            #expect(youngestHired == 0 && byAge[youngestHired].name == "Jill")
            let youngestNotHired = try #require(byAge.index(matching: "hired = false"))
            #expect(youngestNotHired == 1 && byAge[youngestNotHired].name == "John")
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testObjectsAtIndexes
    @Test func objectsAtIndexesAreTheObjectsAtThosePositions() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let picked = realm.objects(MRItem.self).objects(at: [0, 1])
            #expect(picked == [first, second])
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testFirst
    @Test func firstIsTheFirstMatchOrNilWhenNothingMatches() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.first == first)
            #expect(items.filter("name = '2'").first == second)
            #expect(items.filter("name = '3'").first == nil)
            #expect(items.where { $0.name == "2" }.first == second)
            #expect(items.where { $0.name == "3" }.first == nil)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testLast
    @Test func lastIsTheLastMatchOrNilWhenNothingMatches() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (_, second) = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.last == second)
            #expect(items.filter("name = '2'").last == second)
            #expect(items.filter("name = '3'").last == nil)
            #expect(items.where { $0.name == "2" }.last == second)
            #expect(items.where { $0.name == "3" }.last == nil)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testFirst
    @Test func emptyResultsHaveNoFirstAndAQuerysFirstIsItsEarliestMatch() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect(realm.objects(MRItem.self).first == nil)
            #expect(realm.objects(MRItem.self).filter("group > 5").first == nil)
            try realm.write {
                realm.add(Self.make(1) { $0.group = 10 })
                realm.add(Self.make(2) { $0.group = 20 })
            }
            #expect(realm.objects(MRItem.self).first?.group == 10)
            #expect(realm.objects(MRItem.self).filter("group > 5").first?.group == 10)
            #expect(realm.objects(MRItem.self).filter("group > 10").first?.group == 20)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testLast
    @Test func emptyResultsHaveNoLastAndAQuerysLastIsItsLatestMatch() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect(realm.objects(MRItem.self).last == nil)
            #expect(realm.objects(MRItem.self).filter("group > 5").last == nil)
            try realm.write {
                realm.add(Self.make(1) { $0.group = 20 })
                realm.add(Self.make(2) { $0.group = 10 })
            }
            #expect(realm.objects(MRItem.self).last?.group == 10)
            #expect(realm.objects(MRItem.self).filter("group > 5").last?.group == 10)
            #expect(realm.objects(MRItem.self).filter("group > 10").last?.group == 20)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testValueForKey
    @Test func valueForKeyIsEmptyForNoObjectsAndSeesObjectsOfTheOpenWrite() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let all = realm.objects(MRItem.self)
            let notOne = realm.objects(MRItem.self).filter("group != 1")
            try realm.write {
                #expect(all.value(forKey: "group") as? [Int] == [])
                realm.add(Self.tenItems())
                #expect(all.value(forKey: "group") as? [Int] == [0, 1, 0, 1, 0, 1, 0, 1, 0, 0])
                #expect((all.value(forKey: "self") as? [MRItem])?.first == all.first)
                #expect((all.value(forKey: "self") as? [MRItem])?.last == all.last)
                #expect(notOne.value(forKey: "group") as? [Int] == [0, 0, 0, 0, 0, 0])
                #expect((notOne.value(forKey: "self") as? [MRItem])?.last == notOne.last)
            }
            #expect(all.value(forKey: "group") as? [Int] == [0, 1, 0, 1, 0, 1, 0, 1, 0, 0])
            #expect(notOne.value(forKey: "group") as? [Int] == [0, 0, 0, 0, 0, 0])
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testSetValueForKey
    @Test func setValueForKeyReachesEveryMatchEvenWhenTheChangeEndsTheMatch() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.add(Self.tenItems())
                let all = realm.objects(MRItem.self)
                all.setValue(25, forKey: "group")
                #expect(all.value(forKey: "group") as? [Int] == Array(repeating: 25, count: 10))
                realm.objects(MRItem.self).filter("ratio > 1").setValue(10, forKey: "group")
                let ratioAboveOne = realm.objects(MRItem.self).filter("ratio > 1")
                #expect(ratioAboveOne.value(forKey: "group") as? [Int] == Array(repeating: 10, count: 6))
                // Every object matched "group != 5" and none does once it is set: all of them are set.
                realm.objects(MRItem.self).filter("group != 5").setValue(5, forKey: "group")
                #expect(all.value(forKey: "group") as? [Int] == Array(repeating: 5, count: 10))
            }
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testFilterWithAnyVarags
    @Test func queryArgumentsMayBeOptionalsAndANilArgumentMatchesNoString() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let firstCriterion: String? = "1"
            let secondCriterion = "2"
            let thirdCriterion: String? = nil
            let matched = realm.objects(MRItem.self).filter(
                "name = %@ OR name = %@ OR name = %@", firstCriterion as Any, secondCriterion as Any,
                thirdCriterion as Any)
            #expect(matched.count == 2)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testFilterWithInt8Property
    // (Realm's filter strings take NSPredicate's `%d`; the throwing `query` is used
    // so that a refused placeholder fails this test instead of stopping the run.)
    @Test func aPercentDPlaceholderTakesASizedIntegerArgument() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(try items.query("small = %d", Int8(0)).count == 0)
            #expect(try items.query("small = %d", Int8(1)).count == 1)
            #expect(try items.query("small = %d", Int8(2)).count == 1)
            #expect(try items.query("small = %d", Int8(3)).count == 1)
            #expect(items.where { $0.small == 0 }.count == 0)
            #expect(items.where { $0.small == 3 }.count == 1)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testSortWithProperty
    @Test func sortingByAPropertyGoesBothWaysAndEqualLinkedValuesKeepTheirOrder() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.sorted(byKeyPath: "name", ascending: true).map(\.name) == ["1", "2"])
            #expect(items.sorted(byKeyPath: "name", ascending: false).map(\.name) == ["2", "1"])
            // Both items link to the tag numbered 1: the tie keeps the results' order.
            #expect(items.sorted(byKeyPath: "tag.id", ascending: true).map(\.name) == ["1", "2"])
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testSortWithSwiftKeyPath
    @Test func sortingBySwiftKeyPathsMatchesSortingByName() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.sorted(by: \.name, ascending: true).map(\.name) == ["1", "2"])
            #expect(items.sorted(by: \.name, ascending: false).map(\.name) == ["2", "1"])
            #expect(items.sorted(by: \.tag?.id, ascending: true).map(\.name) == ["1", "2"])
            try realm.write { realm.delete(items) }
            _ = try Self.trio(in: realm)
            #expect(items.sorted(by: \.group, ascending: true).map(\.group) == [1, 2, 3])
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testSortWithDescriptor and
    // testSortWithDescriptorBySwiftKeyPath
    @Test func noDescriptorsLeaveTheOrderAndADescriptorSortsByItsKeyPath() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            let notActuallySorted = items.sorted(by: [Geode.SortDescriptor]())
            #expect(Array(notActuallySorted) == Array(items))
            #expect(items.sorted(by: [SortDescriptor(keyPath: "group", ascending: true)]).map(\.group) == [1, 2, 3])
            #expect(
                items.sorted(by: [SortDescriptor(keyPath: \MRItem.group, ascending: true)]).map(\.group) == [1, 2, 3])
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testSortingExistingQuery
    @Test func sortingSortedResultsByAnotherKeyOrdersByTheNewKey() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                for (name, age, hired) in [("A", 20, true), ("B", 30, false), ("C", 40, true)] {
                    realm.create(MREmployee.self, value: ["name": name, "age": age, "hired": hired])
                }
            }
            let byAge = realm.objects(MREmployee.self).sorted(byKeyPath: "age", ascending: true)
            let byName = byAge.sorted(byKeyPath: "name", ascending: false)
            #expect(byAge[0].age == 20)
            #expect(byName[0].age == 40)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testMultiSortLifetime
    @Test func resortingByTheSameKeyTheOtherWayWinsAndStaysLive() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.create(MREmployee.self, value: ["name": "John", "age": 30, "hired": false])
                realm.create(MREmployee.self, value: ["name": "Jill", "age": 50, "hired": true])
            }
            let resorted = realm.objects(MREmployee.self).sorted(byKeyPath: "age", ascending: true)
                .sorted(byKeyPath: "age", ascending: false)
            try realm.write { realm.create(MREmployee.self, value: ["name": "Joe", "age": 40, "hired": true]) }
            #expect(resorted.count == 3)
            #expect(resorted.map(\.name) == ["Jill", "Joe", "John"])
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testRerunningSortedQuery
    @Test func sortedAndFilteredResultsMadeBeforeAnyObjectExistsShowLaterObjectsInOrder() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let byAge = realm.objects(MREmployee.self).sorted(byKeyPath: "age", ascending: true)
            _ = byAge.last
            let byName = byAge.sorted(byKeyPath: "name", ascending: false)
            _ = byName.last
            let older = byName.filter("age > 20")
            _ = older.last
            try realm.write {
                for (name, age, hired) in [("A", 20, true), ("B", 30, false), ("C", 40, true)] {
                    realm.create(MREmployee.self, value: ["name": name, "age": age, "hired": hired])
                }
            }
            #expect(byAge.count == 3 && byName.count == 3 && older.count == 2)
            #expect(byAge.map(\.age) == [20, 30, 40])
            #expect(byName.map(\.age) == [40, 30, 20])
            #expect(older.map(\.age) == [40, 30], "a filter keeps the order of the sorted results it refines")
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testMin
    @Test func minOfPropertyIsTheSmallestValueInThePropertysOwnType() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            let group: Int? = items.min(ofProperty: "group")
            let small: Int8? = items.min(ofProperty: "small")
            let ratio: Float? = items.min(ofProperty: "ratio")
            let amount: Double? = items.min(ofProperty: "amount")
            let day: Date? = items.min(ofProperty: "day")
            #expect(group == 1)
            #expect(small == 1)
            #expect(ratio == 1.1)
            #expect(amount == 1.11)
            #expect(day == Date(timeIntervalSince1970: 1))
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testMax
    @Test func maxOfPropertyIsTheLargestValueInThePropertysOwnType() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            let group: Int? = items.max(ofProperty: "group")
            let small: Int8? = items.max(ofProperty: "small")
            let ratio: Float? = items.max(ofProperty: "ratio")
            let amount: Double? = items.max(ofProperty: "amount")
            let day: Date? = items.max(ofProperty: "day")
            #expect(group == 3)
            #expect(small == 3)
            #expect(ratio == 2.2)
            #expect(amount == 2.22)
            #expect(day == Date(timeIntervalSince1970: 2))
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testSum
    @Test func sumOfPropertyAddsTheValuesInThePropertysOwnType() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            let group: Int = items.sum(ofProperty: "group")
            let small: Int8 = items.sum(ofProperty: "small")
            let ratio: Float = items.sum(ofProperty: "ratio")
            let amount: Double = items.sum(ofProperty: "amount")
            #expect(group == 6)
            #expect(small == 6)
            #expect(abs(ratio - 5.5) < 0.001)
            #expect(abs(amount - 5.55) < 0.001)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testAverage
    @Test func averageOfPropertyIsTheMeanOfItsValues() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            let group: Double? = items.average(ofProperty: "group")
            let small: Double? = items.average(ofProperty: "small")
            let ratio: Double? = items.average(ofProperty: "ratio")
            let amount: Double? = items.average(ofProperty: "amount")
            #expect(group == 2)
            #expect(small == 2)
            #expect(abs((ratio ?? -1) - 1.8333) < 0.001)
            #expect(abs((amount ?? -1) - 1.85) < 0.001)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testMinBySwiftKeyPath,
    // testMaxBySwiftKeyPath, testSumBySwiftKeyPath and testAverageBySwiftKeyPath
    @Test func aggregatesBySwiftKeyPathAnswerInTheKeyPathsValueType() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.trio(in: realm)
            let items = realm.objects(MRItem.self)
            #expect(items.min(of: \.group) == 1)
            #expect(items.min(of: \.small) == 1)
            #expect(items.min(of: \.day) == Date(timeIntervalSince1970: 1))
            #expect(items.max(of: \.small) == 3)
            #expect(items.max(of: \.amount) == 2.22)
            #expect(items.sum(of: \.group) == 6)
            #expect(abs(items.sum(of: \.ratio) - 5.5) < 0.001)
            // The mean of an Int property asked for by key path is an Int: 2.
            #expect(items.average(of: \.group) == 2)
            #expect(abs((items.average(of: \.amount) ?? -1) - 1.85) < 0.001)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testObjectAggregate (before any object exists)
    @Test func aggregatesOfEmptyResultsAreZeroForTheSumAndNilOtherwise() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let unflagged = realm.objects(MRItem.self).filter("flag == false")
            let all = realm.objects(MRItem.self)
            for results in [unflagged, all] {
                let sum: Int = results.sum(ofProperty: "group")
                let mean: Double? = results.average(ofProperty: "group")
                let least: Int? = results.min(ofProperty: "group")
                let most: Int? = results.max(ofProperty: "group")
                #expect(sum == 0)
                #expect(mean == nil)
                #expect(least == nil)
                #expect(most == nil)
            }
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testObjectAggregate (ten objects)
    @Test func aggregatesOfFilteredResultsCoverOnlyTheirMatches() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.add(Self.tenItems()) }
            let unflagged = realm.objects(MRItem.self).filter("flag == false")
            let flagged = realm.objects(MRItem.self).filter("flag == true")
            let all = realm.objects(MRItem.self)
            func sum(_ results: Results<MRItem>, _ property: String) -> Double { results.sum(ofProperty: property) }
            func mean(_ results: Results<MRItem>, _ property: String) -> Double {
                results.average(ofProperty: property) ?? -1
            }
            let groupSums: [Int] = [unflagged, flagged, all].map { $0.sum(ofProperty: "group") }
            #expect(groupSums == [4, 0, 4])
            #expect(abs(sum(unflagged, "ratio") - 0) < 0.1 && abs(sum(flagged, "ratio") - 7.2) < 0.1)
            #expect(abs(sum(all, "ratio") - 7.2) < 0.1)
            #expect(abs(sum(unflagged, "amount") - 10) < 0.1 && abs(sum(flagged, "amount") - 0) < 0.1)
            #expect(abs(mean(unflagged, "group") - 1) < 0.1 && abs(mean(flagged, "group") - 0) < 0.1)
            #expect(abs(mean(all, "group") - 0.4) < 0.1)
            #expect(abs(mean(flagged, "ratio") - 1.2) < 0.1 && abs(mean(all, "ratio") - 0.72) < 0.1)
            #expect(abs(mean(unflagged, "amount") - 2.5) < 0.1 && abs(mean(all, "amount") - 1.0) < 0.1)
            let groupMins: [Int?] = [unflagged, flagged, all].map { $0.min(ofProperty: "group") }
            let groupMaxes: [Int?] = [unflagged, flagged, all].map { $0.max(ofProperty: "group") }
            #expect(groupMins == [1, 0, 0])
            #expect(groupMaxes == [1, 0, 1])
            let dayMins: [Date?] = [unflagged, flagged, all].map { $0.min(ofProperty: "day") }
            let dayMaxes: [Date?] = [unflagged, flagged, all].map { $0.max(ofProperty: "day") }
            #expect(dayMins == [Self.late, Self.early, Self.early])
            #expect(dayMaxes == [Self.late, Self.early, Self.late])
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testValueForCollectionOperationKeyPath
    @Test func collectionOperatorsCountReduceAndUniteTheObjects() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let staff = [("Joe", 40), ("John", 30), ("Jill", 25), ("A", 20), ("B", 30), ("C", 40), ("A", 21)]
                for (name, age) in staff { realm.create(MREmployee.self, value: ["name": name, "age": age]) }
            }
            let employees = realm.objects(MREmployee.self)
            #expect(employees.value(forKeyPath: "@count") as? Int == 7)
            #expect(employees.value(forKeyPath: "@min.age") as? Int == 20)
            #expect(employees.value(forKeyPath: "@max.age") as? Int == 40)
            #expect(employees.value(forKeyPath: "@sum.age") as? Int == 206)
            let mean = try #require(employees.value(forKeyPath: "@avg.age") as? Double)
            #expect(abs(mean - 29.43) < 0.1)
            #expect(
                employees.value(forKeyPath: "@unionOfObjects.name") as? [String] == [
                    "Joe", "John", "Jill", "A", "B", "C", "A",
                ])
            let distinct = try #require(employees.value(forKeyPath: "@distinctUnionOfObjects.name") as? [String])
            #expect(distinct.sorted() == ["A", "B", "C", "Jill", "Joe", "John"])
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testFastEnumerationWithMutation
    @Test func deletingEveryObjectWhileIteratingTheResultsEmptiesThem() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            try realm.write {
                for item in items { realm.delete(item) }
            }
            #expect(items.count == 0)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testLiveUpdateFirst and testLiveUpdateLast
    @Test func insideAWriteAnObjectChangedOutOfTheQueryLeavesFirstAndLast() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.add(Self.make(1) { $0.group = 0 })
                let zeros = realm.objects(MRItem.self).filter("group = 0")
                #expect(zeros.first != nil)
                zeros.first?.group = 1
                #expect(zeros.first == nil)
            }
            try realm.write {
                realm.add(Self.make(2) { $0.group = 0 })
                let zeros = realm.objects(MRItem.self).filter("group = 0")
                #expect(zeros.last != nil)
                zeros.last?.group = 1
                #expect(zeros.last == nil)
            }
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift ResultsFromLinkViewTests
    // (results of a list filtered by an always-true predicate, and addObjectToResults)
    @Test func resultsOfAListFollowTheListsOrderAndItsAppends() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let holder = try Self.holder(in: realm, listing: [second, first])
            let results = holder.list.filter("TRUEPREDICATE")
            #expect(results.count == 2)
            #expect(results.index(of: second) == 0 && results.index(of: first) == 1)
            #expect(results.first == second && results.last == first)
            try realm.write { holder.list.append(realm.create(MRItem.self, value: ["id": 3, "name": "a"])) }
            #expect(results.count == 3)
            #expect(results.last?.name == "a")
        }
    }
}

// MARK: - Frozen results (RealmCollectionTypeTests, ResultsTests.m)

extension MapAndResultsConformanceTests {
    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testThaw
    @Test func thawedResultsAreLiveAndDeletingThroughThemLeavesTheFrozenOnesFull() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let frozen = realm.objects(MRItem.self).freeze()
            #expect(frozen.isFrozen)
            let thawed: Results<MRItem>? = frozen.thaw()
            let live = try #require(thawed)
            #expect(!live.isFrozen)
            let liveRealm = try #require(live.realm)
            try liveRealm.write { liveRealm.delete(live) }
            #expect(live.isEmpty)
            #expect(!frozen.isEmpty)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testThawPreviousVersion
    @Test func frozenResultsKeepTheirCountAndThawIntoTheCurrentVersion() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            let frozen = items.freeze()
            #expect(frozen.isFrozen && frozen.count == items.count)
            try realm.write { realm.delete(items) }
            #expect(frozen.count != items.count, "frozen results do not change")
            let thawed: Results<MRItem>? = frozen.thaw()
            let live = try #require(thawed)
            #expect(live.isEmpty, "thawed results see the writes made since they were frozen")
            #expect(!frozen.isEmpty)
            #expect(live.count == items.count)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testQueryFrozenCollection
    @Test func filteringFrozenResultsGivesFrozenResults() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let frozen = realm.objects(MRItem.self).freeze()
            #expect(frozen.filter("name = '1'").count == 1)
            #expect(frozen.filter("name = '2'").count == 1)
            #expect(frozen.filter("name = '3'").count == 0)
            #expect(frozen.filter("name = '3'").isFrozen)
            #expect(frozen.where { $0.name == "1" }.count == 1)
            #expect(frozen.where { $0.name == "3" }.isFrozen)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testFrozenResultsDoNotUpdate
    @Test func frozenResultsIgnoreObjectsAddedLater() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.add((0 ..< 3).map { number in Self.make(number) { $0.group = number } }) }
            let frozen = realm.objects(MRItem.self).freeze()
            try realm.write { realm.add(Self.make(3) { $0.group = 3 }) }
            #expect(frozen.count == 3)
            #expect(frozen.filter("group = 3").count == 0)
            #expect(realm.objects(MRItem.self).count == 4)
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testFreezingFrozenObjectReturnsSelf
    @Test func freezingFrozenResultsGivesThemBack() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            let frozen = items.freeze()
            #expect(items !== frozen)
            #expect(items.freeze() !== frozen)
            #expect(frozen.freeze() === frozen)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift testThawDeletedParent
    @Test func aFrozenObjectOfResultsThawsToNilOnceDeleted() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            _ = try Self.pair(in: realm)
            let items = realm.objects(MRItem.self)
            let first = try #require(items.first)
            let frozenFirst = first.freeze()
            #expect(frozenFirst.isFrozen)
            try realm.write { realm.delete(items) }
            #expect(items.first == nil)
            #expect(frozenFirst.thaw() == nil)
        }
    }
}

// MARK: - Distinct results (ResultsDistinctTests, ResultsTests.m)

extension MapAndResultsConformanceTests {
    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift ResultsDistinctTests.testDistinctResultsUsingKeyPaths
    @Test func distinctKeepsOneObjectPerValueAndLeavesOutObjectsWithANilLinkOnThePath() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let one = realm.create(MRTag.self, value: ["id": 1])
                let oneAgain = realm.create(MRTag.self, value: ["id": 1])
                let two = realm.create(MRTag.self, value: ["id": 2])
                realm.add(
                    Self.make(1) { item in
                        item.group = 1; item.flag = true; item.tag = one
                    })
                realm.add(
                    Self.make(2) { item in
                        item.group = 1; item.flag = true; item.tag = oneAgain
                    })
                realm.add(
                    Self.make(3) { item in
                        item.group = 1; item.flag = false; item.tag = two
                    })
                realm.add(
                    Self.make(4) { item in
                        item.group = 2; item.flag = false
                    })
            }
            let all = realm.objects(MRItem.self)
            let byGroup = all.distinct(by: ["group"])
            #expect(byGroup.map(\.group) == [1, 2])
            #expect(byGroup.value(forKey: "self") as? [MRItem] == Array(byGroup))
            let byGroupAndFlag = all.distinct(by: ["group", "flag"])
            #expect(byGroupAndFlag.map { "\($0.group)/\($0.flag)" } == ["1/true", "1/false", "2/false"])
            #expect(byGroupAndFlag.value(forKey: "self") as? [MRItem] == Array(byGroupAndFlag))
            // The fourth item has no tag: it has no value on the path and is left out.
            let byTag = all.distinct(by: ["tag.id"])
            #expect(byTag.count == 2)
            #expect(byTag.map { $0.tag?.id } == [1, 2])
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testDistinctQueryWithMultipleKeyPaths
    @Test func distinctByTwoKeyPathsKeepsTheFirstOfEachPairInOrder() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let dogs = [
                    ("Fido", 3), ("Fido", 3), ("Fido", 4), ("Cujo", 3), ("Buster", 3), ("Buster", 3), ("Rotunda", 7),
                ]
                for (name, age) in dogs { realm.create(MRDog.self, value: ["name": name, "age": age]) }
            }
            let distinct = realm.objects(MRDog.self).distinct(by: ["name", "age"])
            #expect(distinct.map { "\($0.name)/\($0.age)" } == ["Fido/3", "Fido/4", "Cujo/3", "Buster/3", "Rotunda/7"])
        }
    }

    // realm-swift Realm/Tests/ResultsTests.m testDistinctQueryWithMultilevelKeyPath
    @Test func distinctThroughALinkKeepsTheFirstOwnerOfEachLinkedValue() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                for (owner, dog, age) in [("Joe", "Fido", 3), ("Marie", "Cujo", 3), ("Marie", "Rotunda", 7)] {
                    let pet = realm.create(MRDog.self, value: ["name": dog, "age": age])
                    let person = realm.create(MROwner.self, value: ["name": owner])
                    person.dog = pet
                }
            }
            let distinct = realm.objects(MROwner.self).distinct(by: ["dog.age"])
            #expect(distinct.map { $0.dog?.age } == [3, 7])
        }
    }
}

// MARK: - AnyRealmCollection (RealmCollectionTypeTests.AnyRealmCollectionTests)

extension MapAndResultsConformanceTests {
    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift AnyRealmCollectionTests
    // (testCount, testIndexOfObject, testIndexOfFormat, testIndexOfQuery, testFirst, testLast over a list)
    @Test func anErasedListCountsFindsAndFiltersLikeTheListItWraps() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let erased = AnyRealmCollection(try Self.holder(in: realm, listing: [first, second]).list)
            #expect(erased.count == 2)
            #expect(erased.filter("name = '1'").count == 1)
            #expect(erased.filter("name = '0'").count == 0)
            #expect(erased.where { $0.name == "2" }.count == 1)
            #expect(erased.index(of: first) == 0 && erased.index(of: second) == 1)
            #expect(erased.filter("name = '1'").index(of: second) == nil)
            #expect(erased.index(matching: "name = %@", "2") == 1)
            #expect(erased.index(matching: { $0.name == "1" }) == 0)
            #expect(erased.index(matching: { $0.name == "3" }) == nil)
            #expect(erased.first == first && erased.last == second)
            #expect(erased.filter("name = '3'").first == nil)
            #expect(erased.value(forKey: "name") as? [String] == ["1", "2"])
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift AnyRealmCollectionTests
    // (testSortWithProperty and testSortWithSwiftKeyPath over a list)
    @Test func anErasedListSortsByNameByKeyPathAndThroughALink() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let erased = AnyRealmCollection(try Self.holder(in: realm, listing: [first, second]).list)
            #expect(erased.sorted(byKeyPath: "name", ascending: true).map(\.name) == ["1", "2"])
            #expect(erased.sorted(byKeyPath: "name", ascending: false).map(\.name) == ["2", "1"])
            #expect(erased.sorted(byKeyPath: "tag.id", ascending: true).map(\.name) == ["1", "2"])
            #expect(erased.sorted(by: \.name, ascending: false).map(\.name) == ["2", "1"])
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift AnyRealmCollectionTests
    // (testMin, testMax, testSum, testAverage over a set)
    @Test func anErasedSetAggregatesItsObjectsProperties() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let trio = try Self.trio(in: realm)
            let holder = try realm.write { () -> MRHolder in
                let holder = realm.create(MRHolder.self)
                holder.bag.insert(objectsIn: trio)
                return holder
            }
            let erased = AnyRealmCollection(holder.bag)
            let least: Int? = erased.min(ofProperty: "group")
            let most: Double? = erased.max(ofProperty: "amount")
            let total: Int = erased.sum(ofProperty: "group")
            let mean: Double? = erased.average(ofProperty: "group")
            #expect(least == 1)
            #expect(most == 2.22)
            #expect(total == 6)
            #expect(mean == 2)
            #expect(erased.min(of: \.day) == Date(timeIntervalSince1970: 1))
            #expect(erased.max(of: \.small) == 3)
        }
    }

    // realm-swift RealmSwift/Tests/RealmCollectionTypeTests.swift AnyRealmCollectionTests
    // (testIsFrozen and testThaw over a list)
    @Test func anErasedListFreezesAndThawsIntoALiveCopy() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let (first, second) = try Self.pair(in: realm)
            let erased = AnyRealmCollection(try Self.holder(in: realm, listing: [first, second]).list)
            #expect(!erased.isFrozen)
            let frozen = erased.freeze()
            #expect(frozen.isFrozen)
            let live = try #require(frozen.thaw())
            #expect(!live.isFrozen)
            let liveRealm = try #require(live.realm)
            try liveRealm.write { liveRealm.delete(live) }
            #expect(live.isEmpty)
            #expect(!frozen.isEmpty)
        }
    }
}
