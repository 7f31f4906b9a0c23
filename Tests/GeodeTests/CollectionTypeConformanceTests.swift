import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/RealmCollectionTypeTests.swift
// (RealmCollectionTests as Realm runs it over Results, List, MutableSet,
// LinkingObjects and AnyRealmCollection, managed and unmanaged; ResultsTests;
// ResultsDistinctTests; the Equatability tests), with the CTT… models of that
// file restated as `@Persisted` classes prefixed CT. Facts other suites already
// restate are left out: RealmCollectionBehaviourTests (results, lists, linking
// objects and the erased list: realm, description, count, subscript, first,
// last, filtering, sorting by name, aggregates by name, enumeration, thawing
// results, sized-integer filters, testFilterList/testFilterResults),
// MapAndResultsConformanceTests (AnyRealmCollection, frozen results, distinct,
// ResultsEquatabilityTests), CollectionKeyPathTests, KeyValueCodingTests and
// ResultsConformanceTests. So most tests here run over the kinds of collection
// those suites do not reach (MutableSet above all) or restate facts no suite
// has (notifications, invalidation, the errors Realm raises). Each test names
// the realm-swift test it restates; the values asserted are those Realm's
// tests assert.
//
// Left out, as they cannot apply on Linux/Geode: testIndexOfPredicate and
// testFilterPredicate (NSPredicate), and the NSNumber/NSDate/NSArray forms of
// the aggregates and of value(forKeyPath:) (Objective-C bridging); their
// Swift-typed forms are kept.
//
// Realm's tests are generic over its `RealmCollection` protocol. Geode's
// offers the same members to generic code over a collection of objects
// (GenericRealmCollectionTests); `CTCollection` below also asks each concrete
// Geode collection for Realm's spellings (each conformance compiling is itself
// a check that the type has them).

// MARK: - Models

/// Realm's `CTTLinkTarget`.
final class CTLinkTarget: Object {
    @Persisted var id = 0
    @Persisted(originProperty: "linkCol") var stringObjects: LinkingObjects<CTStringObject>
    @Persisted(originProperty: "linkCol") var aggregateObjects: LinkingObjects<CTAggregate>
}

/// Realm's `CTTNullableStringObjectWithLink`.
final class CTStringObject: Object {
    @Persisted var stringCol: String? = ""
    @Persisted var linkCol: CTLinkTarget?
}

/// Realm's `CTTIntegerObject`.
final class CTIntegerObject: Object {
    @Persisted var intCol = 0
}

/// Realm's `CTTAggregateObject`.
final class CTAggregate: Object {
    @Persisted var intCol = 0
    @Persisted var int8Col: Int8 = 0
    @Persisted var int16Col: Int16 = 0
    @Persisted var int32Col: Int32 = 0
    @Persisted var int64Col: Int64 = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var boolCol = false
    @Persisted var dateCol = Date()
    @Persisted var trueCol = true
    @Persisted var stringListCol: List<CTStringObject>
    @Persisted var stringSetCol: MutableSet<CTStringObject>
    @Persisted var linkCol: CTLinkTarget?
    @Persisted var childIntCol: CTIntegerObject?
}

/// Realm's `CTTAggregateObjectList`.
final class CTAggregateList: Object {
    @Persisted var list: List<CTAggregate>
}

/// Realm's `CTTAggregateObjectSet`.
final class CTAggregateSet: Object {
    @Persisted var set: MutableSet<CTAggregate>
}

/// Realm's `CTTStringList`.
final class CTStringList: Object {
    @Persisted var array: List<CTStringObject>
}

/// Realm's `CTTStringSet`.
final class CTStringSet: Object {
    @Persisted var set: MutableSet<CTStringObject>
}

/// Realm's `SwiftCustomInitializerObject`.
final class CTCustomInit: Object {
    @Persisted var stringCol = ""
    convenience init(stringVal: String) {
        self.init()
        stringCol = stringVal
    }
}

/// Realm's `SwiftListObject` (its list of integers).
final class CTIntList: Object {
    @Persisted var int: List<Int>
}

// MARK: - Realm's RealmCollection, as each Geode collection offers it

/// What Realm's tests call on a collection of any kind (Realm's
/// `RealmCollection` requirements), asked of Geode's concrete collections.
protocol CTCollection<Item>: RealmCollection, ThreadConfined, CustomStringConvertible where Element == Item {
    associatedtype Item: Object
    var isInvalidated: Bool { get }
    var isFrozen: Bool { get }
    func freeze() -> Self
    func thaw() -> Self?
    func index(of object: Item) -> Int?
    func index(matching predicateFormat: String, _ args: Any...) -> Int?
    func index(matching isIncluded: (Query<Item>) -> Query<Bool>) -> Int?
    func filter(_ predicateFormat: String, _ args: Any...) -> Results<Item>
    func `where`(_ isIncluded: (Query<Item>) -> Query<Bool>) -> Results<Item>
    func sorted(byKeyPath keyPath: String, ascending: Bool) -> Results<Item>
    func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Item> where S.Element == Geode.SortDescriptor
    func sorted<Value>(by keyPath: KeyPath<Item, Value>, ascending: Bool) -> Results<Item>
    func min<T: _PersistableValue>(ofProperty property: String) -> T?
    func max<T: _PersistableValue>(ofProperty property: String) -> T?
    func sum<T: _PersistableValue>(ofProperty property: String) -> T
    func average<T: _PersistableValue>(ofProperty property: String) -> T?
    func min<T: _PersistableValue>(of keyPath: KeyPath<Item, T>) -> T?
    func max<T: _PersistableValue>(of keyPath: KeyPath<Item, T>) -> T?
    func sum<T: _PersistableValue>(of keyPath: KeyPath<Item, T>) -> T
    func average<T: _PersistableValue>(of keyPath: KeyPath<Item, T>) -> T?
    func setValue(_ value: Any?, forKey key: String)
    func observe(
        keyPaths: [String]?, on queue: DispatchQueue?, _ block: @escaping (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken
}

extension Results: CTCollection where Element: Object { typealias Item = Element }
extension List: CTCollection where Element: Object { typealias Item = Element }
extension MutableSet: CTCollection where Element: Object { typealias Item = Element }
extension LinkingObjects: CTCollection { typealias Item = Element }
extension AnyRealmCollection: CTCollection where Element: Object { typealias Item = Element }

// MARK: - The kinds of collection Realm's tests run over

/// The collections Realm's subclasses of RealmCollectionTests build.
enum CTKind: String, CaseIterable, Codable, Sendable {
    /// `ResultsFromTableTests`
    case results
    /// `ResultsFromTableViewTests`
    case filteredResults
    /// `ResultsFromLinkViewTests`
    case listResults
    /// `ListNewlyAddedRealmCollectionTests`
    case addedList
    /// `ListNewlyCreatedRealmCollectionTests`
    case createdList
    /// `ListRetrievedRealmCollectionTests`
    case retrievedList
    /// `MutableSetNewlyAddedRealmCollectionTests`
    case addedSet
    /// `MutableSetNewlyCreatedRealmCollectionTests`
    case createdSet
    /// `MutableSetRetrievedRealmCollectionTests`
    case retrievedSet
    /// `LinkingObjectsCollectionTypeTests`
    case linkingObjects
    /// `AnyRealmCollectionTests` (a list of strings, a set of aggregates)
    case erased
    /// `ListUnmanagedRealmCollectionTests`
    case unmanagedList
    /// `MutableSetUnmanagedRealmCollectionTests`
    case unmanagedSet

    static let managed: [CTKind] = allCases.filter { !$0.isUnmanaged }
    static let resultsKinds: [CTKind] = [.results, .filteredResults, .listResults]
    static let sets: [CTKind] = [.addedSet, .createdSet, .retrievedSet]
    static let lists: [CTKind] = [.addedList, .createdList, .retrievedList]
    /// The managed kinds other than results (which other suites cover more).
    static let managedOthers: [CTKind] = managed.filter { !resultsKinds.contains($0) }
    /// The managed kinds other than results and the erased collection.
    static let listsSetsAndBacklinks: [CTKind] = lists + sets + [.linkingObjects]

    var isUnmanaged: Bool { self == .unmanagedList || self == .unmanagedSet }
    var isSet: Bool { Self.sets.contains(self) || self == .unmanagedSet }
}

/// Runs `body` on a new thread and waits until it ends (Realm's
/// `dispatchSyncNewThread`); false when it did not end within a minute.
private func onNewThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.start()
    return finished.wait(timeout: .now() + 60) == .success
}

/// A value handed to another thread and back; read only after that thread ended.
private final class CTBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Realm's setUp: strings "1" and "2", both linked to target 1, in a realm of
/// their own; and the collections of them (and of three aggregates) the
/// tests read.
final class CTFixture {
    static let types: [ObjectBase.Type] = [
        CTLinkTarget.self, CTStringObject.self, CTIntegerObject.self, CTAggregate.self, CTAggregateList.self,
        CTAggregateSet.self, CTStringList.self, CTStringSet.self, CTCustomInit.self, CTIntList.self,
    ]

    let directory: TemporaryDirectory
    let realm: Realm
    let str1: CTStringObject
    let str2: CTStringObject

    init() throws {
        directory = try TemporaryDirectory()
        realm = try directory.realm(of: Self.types)
        let target = CTLinkTarget()
        target.id = 1
        str1 = CTStringObject()
        str1.stringCol = "1"
        str1.linkCol = target
        str2 = CTStringObject()
        str2.stringCol = "2"
        str2.linkCol = target
        try realm.write {
            realm.add(str1)
            realm.add(str2)
            realm.add(target)
        }
    }

    /// Another realm of the same file (for another thread).
    var configuration: Realm.Configuration { realm.configuration }

    /// The two strings as a collection of `kind` (Realm's `getCollection`).
    func strings(_ kind: CTKind) throws -> any CTCollection<CTStringObject> {
        let (str1, str2) = (self.str1, self.str2)
        switch kind {
        case .results:
            return realm.objects(CTStringObject.self)
        case .filteredResults:
            return realm.objects(CTStringObject.self).filter("stringCol != ''")
        case .listResults:
            return try realm.write { realm.create(CTStringList.self, value: ["array": [str1, str2]]) }
                .array.filter("TRUEPREDICATE")
        case .addedList:
            let holder = CTStringList(value: ["array": [str1, str2]])
            try realm.write { realm.add(holder) }
            return holder.array
        case .createdList, .erased:
            let list = try realm.write { realm.create(CTStringList.self, value: ["array": [str1, str2]]) }.array
            return kind == .erased ? AnyRealmCollection(list) : list
        case .retrievedList:
            try realm.write { _ = realm.create(CTStringList.self, value: ["array": [str1, str2]]) }
            return try #require(realm.objects(CTStringList.self).first).array
        case .addedSet:
            let holder = CTStringSet(value: ["set": [str1, str2]])
            try realm.write { realm.add(holder) }
            return holder.set
        case .createdSet:
            return try realm.write { realm.create(CTStringSet.self, value: ["set": [str1, str2]]) }.set
        case .retrievedSet:
            try realm.write { _ = realm.create(CTStringSet.self, value: ["set": [str1, str2]]) }
            return try #require(realm.objects(CTStringSet.self).first).set
        case .linkingObjects:
            let target = try realm.write { () -> CTLinkTarget in
                let target = realm.create(CTLinkTarget.self, value: ["id": 0])
                for object in realm.objects(CTStringObject.self) { object.linkCol = target }
                return target
            }
            return target.stringObjects
        case .unmanagedList:
            return CTStringList(value: ["array": [str1, str2]]).array
        case .unmanagedSet:
            return CTStringSet(value: ["set": [str1, str2]]).set
        }
    }

    /// Adds three aggregates, inside a write (Realm's
    /// `makeAggregateableObjectsInWriteTransaction`).
    @discardableResult
    func addAggregates() -> [CTAggregate] {
        let rows: [(Int, Float, Double, TimeInterval)] = [(1, 1.1, 1.11, 1), (2, 2.2, 2.22, 2), (3, 2.2, 2.22, 2)]
        let objects = rows.map { (whole, float, double, seconds) -> CTAggregate in
            let object = CTAggregate()
            object.intCol = whole
            object.int8Col = Int8(whole)
            object.int16Col = Int16(whole)
            object.int32Col = Int32(whole)
            object.int64Col = Int64(whole)
            object.floatCol = float
            object.doubleCol = double
            object.dateCol = Date(timeIntervalSince1970: seconds)
            object.boolCol = false
            return object
        }
        realm.add(objects)
        return objects
    }

    /// The three aggregates as a collection of `kind` (Realm's `getAggregateableCollection`).
    func aggregates(_ kind: CTKind) throws -> any CTCollection<CTAggregate> {
        switch kind {
        case .results:
            try realm.write { addAggregates() }
            return realm.objects(CTAggregate.self)
        case .filteredResults:
            try realm.write { addAggregates() }
            return realm.objects(CTAggregate.self).filter("trueCol == true")
        case .listResults:
            let holder = try realm.write { () -> CTAggregateList in
                let holder = CTAggregateList()
                realm.add(holder)
                holder.list.append(objectsIn: addAggregates())
                return holder
            }
            return holder.list.filter("TRUEPREDICATE")
        case .addedList:
            let holder = try realm.write { () -> CTAggregateList in
                let holder = CTAggregateList(value: ["list": addAggregates()])
                realm.add(holder)
                return holder
            }
            return holder.list
        case .createdList:
            return try realm.write { realm.create(CTAggregateList.self, value: ["list": addAggregates()]) }.list
        case .retrievedList:
            try realm.write { _ = realm.create(CTAggregateList.self, value: ["list": addAggregates()]) }
            return try #require(realm.objects(CTAggregateList.self).first).list
        case .addedSet:
            let holder = try realm.write { () -> CTAggregateSet in
                let holder = CTAggregateSet(value: ["set": addAggregates()])
                realm.add(holder)
                return holder
            }
            return holder.set
        case .createdSet, .erased:
            let set = try realm.write { realm.create(CTAggregateSet.self, value: ["set": addAggregates()]) }.set
            return kind == .erased ? AnyRealmCollection(set) : set
        case .retrievedSet:
            try realm.write { _ = realm.create(CTAggregateSet.self, value: ["set": addAggregates()]) }
            return try #require(realm.objects(CTAggregateSet.self).first).set
        case .linkingObjects:
            let target = try realm.write { () -> CTLinkTarget in
                let objects = addAggregates()
                let target = realm.create(CTLinkTarget.self, value: ["id": 0])
                for object in objects { object.linkCol = target }
                return target
            }
            return target.aggregateObjects
        case .unmanagedList:
            let objects = try realm.write { addAggregates() }
            return CTAggregateList(value: ["list": objects]).list
        case .unmanagedSet:
            let objects = try realm.write { addAggregates() }
            return CTAggregateSet(value: ["set": objects]).set
        }
    }

    /// Realm's `addObjectToResults` (ResultsTests): a new string "a", also
    /// appended to the list the results read when they read one.
    func addStringToResults(_ kind: CTKind) throws {
        try realm.write {
            let object = realm.create(CTStringObject.self, value: ["stringCol": "a"])
            if kind == .listResults { realm.objects(CTStringList.self).last?.array.append(object) }
        }
    }

    /// Writes `change` in a realm of this file on a new thread, then refreshes
    /// this fixture's realm (where its observers hear it); whether the thread
    /// finished and the refresh found the new version.
    func writeOnAnotherThread(_ change: @escaping @Sendable (Realm) -> Void) -> Bool {
        let configuration = CTBox(configuration)
        let finished = onNewThread {
            guard let realm = try? Realm(configuration: configuration.value) else { return }
            try? realm.write { change(realm) }
        }
        return finished && realm.refresh()
    }
}

// MARK: - Helpers

/// One line for a change: "initial 2", "update 0 d[0, 1] i[] m[]", "error …".
private func ctSummary<C: Collection>(_ change: RealmCollectionChange<C>) -> String {
    switch change {
    case let .initial(collection): return "initial \(collection.count)"
    case let .update(collection, deletions, insertions, modifications):
        return "update \(collection.count) d\(deletions) i\(insertions) m\(modifications)"
    case let .error(error): return "error \(error)"
    }
}

/// Observes `collection` by Realm's `observe(keyPaths:on:_:)`, each change summarized into `heard`.
private func ctObserve<C: CTCollection>(
    _ collection: C, keyPaths: [String]? = nil, on queue: DispatchQueue? = nil, into heard: Collected<String>
) -> NotificationToken {
    collection.observe(keyPaths: keyPaths, on: queue) { heard.add(ctSummary($0)) }
}

/// Observes `collection` through Swift key paths (Realm's `observe(keyPaths: [PartialKeyPath])`).
private func ctObserve<C: CTCollection>(
    _ collection: C, partialKeyPaths: [PartialKeyPath<CTStringObject>], into heard: Collected<String>
) -> NotificationToken where C.Item == CTStringObject {
    collection.observe(keyPaths: partialKeyPaths) { heard.add(ctSummary($0)) }
}

/// Realm's `realm.delete(collection)`: deletes every object of `collection`.
private func ctDeleteAll<C: CTCollection>(_ collection: C, in realm: Realm) {
    realm.delete(Array(collection))
}

/// The text of a stored string, "" when nil.
private func ctText(_ object: CTStringObject) -> String { object.stringCol ?? "" }

/// Within 0.001 (Realm's `accuracy: 0.001`).
private func ctClose<F: BinaryFloatingPoint>(_ value: F?, _ expected: F) -> Bool {
    guard let value else { return false }
    return abs(value - expected) < 0.001
}

/// A description with each address written `<0x>`.
private func ctWithoutAddresses(_ text: String) -> String {
    text.replacingOccurrences(of: "<0x[0-9a-f]+>", with: "<0x>", options: .regularExpression)
}

/// Marks in an exit test's standard error that its setup finished, so that a
/// failed exit is known to come from the call under test.
private func ctReady() {
    FileHandle.standardError.write(Data("CT-READY\n".utf8))
}

/// The standard error of an exit test, as text.
private func ctStandardError(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

@Suite struct CollectionTypeConformanceTests {}

// MARK: - Reading: realm, description, count, first, last, enumeration (MutableSet)

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.sets)
    func aManagedSetBelongsToTheRealmOfItsObject(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testRealm (MutableSet…RealmCollectionTests)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.realm?.configuration.fileURL == fixture.realm.configuration.fileURL)
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func anUnmanagedCollectionHasNoRealmAndCountsItsObjects(_ kind: CTKind) throws {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testRealm and .testCount
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.count == 2)
    }

    @Test(arguments: CTKind.sets + [.unmanagedSet])
    func aSetDescribesEachObjectIndentedInSomeOrder(_ kind: CTKind) throws {
        // MutableSetRealmCollectionTests.testDescription
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let object = { (index: Int, text: String) in
            "\t[\(index)] CTStringObject {\n\t\tstringCol = \(text);\n\t\tlinkCol = CTLinkTarget {\n\t\t\tid = 1;\n\t\t};\n\t}"
        }
        let inOrder = "MutableSet<CTStringObject> <0x> (\n" + object(0, "1") + ",\n" + object(1, "2") + "\n)"
        let reversed = "MutableSet<CTStringObject> <0x> (\n" + object(0, "2") + ",\n" + object(1, "1") + "\n)"
        let described = ctWithoutAddresses(strings.description)
        #expect(described == inOrder || described == reversed, "\(described)")
    }

    @Test(arguments: CTKind.sets)
    func aManagedSetCountsEveryObjectAndEachFilteredSubset(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testCount (MutableSet…RealmCollectionTests)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.count == 2)
        #expect(strings.filter("stringCol = '1'").count == 1)
        #expect(strings.filter("stringCol = '2'").count == 1)
        #expect(strings.filter("stringCol = '0'").count == 0)
        #expect(strings.where { $0.stringCol == "1" }.count == 1)
        #expect(strings.where { $0.stringCol == "2" }.count == 1)
        #expect(strings.where { $0.stringCol == "0" }.count == 0)
    }

    @Test(arguments: CTKind.sets + [.unmanagedSet])
    func firstAndLastOfASetAreEitherOfItsObjects(_ kind: CTKind) throws {
        // MutableSetRealmCollectionTests.testFirst and testLast
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let first = try #require(strings.first)
        let last = try #require(strings.last)
        #expect(first.isSameObject(as: fixture.str1) || first.isSameObject(as: fixture.str2))
        #expect(last.isSameObject(as: fixture.str1) || last.isSameObject(as: fixture.str2))
    }

    @Test(arguments: CTKind.sets + [.unmanagedSet])
    func aSetEnumeratesBothObjectsInSomeOrder(_ kind: CTKind) throws {
        // MutableSetRealmCollectionTests.testFastEnumeration
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        var joined = ""
        for object in strings { joined += ctText(object) }
        #expect(joined == "12" || joined == "21")
    }

    @Test(arguments: [CTKind.unmanagedList])
    func anUnmanagedListReadsItsObjectsInOrder(_ kind: CTKind) throws {
        // ListUnmanagedRealmCollectionTests.testFirst, testLast; RealmCollectionTypeTests.testFastEnumeration
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.first == fixture.str1)
        #expect(strings.last == fixture.str2)
        var joined = ""
        for object in strings { joined += ctText(object) }
        #expect(joined == "12")
    }
}

// MARK: - Positions: index(of:), index(matching:), subscript, objects(at:)

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.lists + [.linkingObjects, .unmanagedList])
    func indexOfFindsEachObjectAndFilteredResultsOnlyTheirOwn(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testIndexOfObject (the collection's own index(of:); ListUnmanaged… too)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.index(of: fixture.str1) == 0)
        #expect(strings.index(of: fixture.str2) == 1)
    }

    @Test(arguments: CTKind.lists + [.linkingObjects])
    func indexMatchingAQueryOrFormatFindsTheFirstMatch(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testIndexOfQuery and testIndexOfFormat
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.index(matching: { $0.stringCol == "1" }) == 0)
        #expect(strings.index(matching: { $0.stringCol == "2" }) == 1)
        #expect(strings.index(matching: { $0.stringCol == "3" }) == nil)
        #expect(strings.index(matching: "stringCol = '1'") == 0)
        #expect(strings.index(matching: "stringCol = %@", "1") == 0)
        #expect(strings.index(matching: "stringCol = %@", "2") == 1)
        #expect(strings.index(matching: "stringCol = %@", "3") == nil)
    }

    @Test func anUnmanagedListFindsTheIndexMatchingAQueryOrFormat() throws {
        // RealmCollectionTypeTests.testIndexOfQuery and testIndexOfFormat, as ListUnmanagedRealmCollectionTests
        // inherits them: Realm answers them on an unmanaged list.
        let fixture = try CTFixture()
        let strings = try fixture.strings(.unmanagedList)
        #expect(strings.index(matching: { $0.stringCol == "1" }) == 0)
        #expect(strings.index(matching: { $0.stringCol == "2" }) == 1)
        #expect(strings.index(matching: { $0.stringCol == "3" }) == nil)
        #expect(strings.index(matching: "stringCol = '1'") == 0)
        #expect(strings.index(matching: "stringCol = %@", "2") == 1)
        #expect(strings.index(matching: "stringCol = %@", "3") == nil)
        #expect(strings.count == 2, "the list is left as it was, unmanaged")
    }

    @Test(arguments: CTKind.managedOthers + [.unmanagedList])
    func objectsAtIndexesAreTheObjectsAtThosePositions(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObjectsAtIndexes (the indexes in range)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let objects = strings.objects(at: [0, 1])
        #expect(objects.count == 2)
        if kind.isSet {
            #expect(Set(objects.map(ctText)) == ["1", "2"])
        } else {
            #expect(objects.first == fixture.str1)
            #expect(objects.last == fixture.str2)
        }
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func objectsAtAnIndexOutOfRangeIsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testObjectsAtIndexes (objects(at: [0, 10]) throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.objects(at: [0, 10])
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func readingPosition200IsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testSubscript (collection[200] throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings[200]
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.results, .createdList, .linkingObjects])
    func readingPositionMinus200IsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testSubscript (collection[-200] throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings[-200]
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }
}

// MARK: - Key-value coding

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.lists + [.linkingObjects, .unmanagedList])
    func valueForKeyListsEachObjectsValueAndSelfTheObjects(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testValueForKey
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let expected = strings.map(ctText)
        #expect(strings.value(forKey: "stringCol") as? [String] == expected)
        #expect(strings.value(forKey: "self") as? [CTStringObject] == Array(strings))
    }

    @Test(arguments: CTKind.sets + [.unmanagedSet])
    func valueForKeyOfASetGivesEachObjectsValue(_ kind: CTKind) throws {
        // MutableSetRealmCollectionTests.testValueForKey (Realm hands a Set, and as [AnyObject] an array)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let expected = Set(strings.map(ctText))
        #expect(strings.value(forKey: "stringCol") as? Set<String> == expected)
        // A MutableSet's own, typed `value(forKey:)`: the same values as an array.
        let set = try #require(strings as? MutableSet<CTStringObject>)
        #expect((set.value(forKey: "stringCol") as [AnyObject] as? [String]).map(Set.init) == expected)
    }

    @Test(arguments: CTKind.managedOthers + [.unmanagedList, .unmanagedSet])
    func setValueForKeySetsThePropertyOfEveryObject(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testSetValueForKey
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        try fixture.realm.write { strings.setValue("hi there!", forKey: "stringCol") }
        #expect(strings.map(ctText) == Array(repeating: "hi there!", count: strings.count))
        #expect(strings.count == 2)
    }

    @Test(arguments: CTKind.managedOthers + [.unmanagedList, .unmanagedSet])
    func valueForKeyPathAnswersCollectionOperators(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testValueForKeyPath (MutableSet… leave out @unionOfObjects)
        let fixture = try CTFixture()
        if !kind.isSet {
            let strings = try fixture.strings(kind)
            let union = strings.value(forKeyPath: "@unionOfObjects.stringCol")
            #expect(union as? [String] == ["1", "2"], "\(String(describing: union))")
        }
        let aggregates = try fixture.aggregates(kind)
        #expect((aggregates.value(forKeyPath: "@count") as? NSNumber)?.int64Value == 3)
        #expect((aggregates.value(forKeyPath: "@max.intCol") as? NSNumber)?.int64Value == 3)
        #expect((aggregates.value(forKeyPath: "@min.intCol") as? NSNumber)?.int64Value == 1)
        #expect((aggregates.value(forKeyPath: "@sum.intCol") as? NSNumber)?.int64Value == 6)
        #expect((aggregates.value(forKeyPath: "@avg.intCol") as? NSNumber)?.doubleValue == 2.0)
    }
}

// MARK: - Filtering

extension CollectionTypeConformanceTests {
    /// A value stored as a string (Realm's `StringWrapper`).
    struct CTWrapper: CustomPersistable {
        typealias PersistedType = String
        var raw: String
        init(persistedValue: String) { raw = persistedValue }
        var persistableValue: String { raw }
    }

    @Test(arguments: CTKind.sets)
    func aManagedSetFiltersByQueryTextWithEveryKindOfArgumentAndByWhere(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testFilterFormat (MutableSet…RealmCollectionTests)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.filter("stringCol = '1'").count == 1)
        #expect(strings.filter("stringCol = %@", "1").count == 1)
        #expect(strings.filter("stringCol = %@", "2").count == 1)
        #expect(strings.filter("stringCol = %@", "3").count == 0)
        #expect(strings.filter("stringCol = %@", AnyRealmValue.string("1")).count == 1)
        #expect(strings.filter("stringCol = %@", AnyRealmValue.string("2")).count == 1)
        #expect(strings.filter("stringCol = %@", AnyRealmValue.string("3")).count == 0)
        #expect(strings.filter("stringCol = %@", CTWrapper(persistedValue: "1")).count == 1)
        #expect(strings.filter("stringCol = %@", CTWrapper(persistedValue: "2")).count == 1)
        #expect(strings.filter("stringCol = %@", CTWrapper(persistedValue: "3")).count == 0)
        #expect(strings.filter { $0.stringCol == "1" }.count == 1)
        #expect(strings.filter { $0.stringCol == "3" }.count == 0)
        #expect(strings.where { $0.stringCol == "1" }.count == 1)
        #expect(strings.where { $0.stringCol == "3" }.count == 0)
    }

    @Test(arguments: CTKind.sets)
    func aManagedSetFiltersByOptionalArgumentsIncludingNil(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testFilterWithAnyVarags (MutableSet…RealmCollectionTests)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let first: String? = "1"
        let second: String = "2"
        let third: String? = nil
        let matched = strings.filter(
            "stringCol = %@ OR stringCol = %@ OR stringCol = %@", first as Any, second as Any, third as Any)
        #expect(matched.count == 2)
        #expect(strings.where { $0.stringCol == first || $0.stringCol == second || $0.stringCol == third }.count == 2)
    }

    @Test(arguments: CTKind.managedOthers)
    func anUnmanagedObjectAsAQueryArgumentMatchesNothing(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testArrayAggregateWithSwiftObjectDoesntThrow
        let fixture = try CTFixture()
        let aggregates = try fixture.aggregates(kind)
        #expect(aggregates.filter("ANY stringListCol == %@", CTStringObject()).count == 0)
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func anUnmanagedObjectInAWhereQueryMatchesNothing(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testArrayAggregateWithSwiftObjectDoesntThrow (the where { } form)
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let aggregates = try fixture.aggregates(kind)
            guard aggregates.where({ $0.stringListCol.contains(CTStringObject()) }).count == 0 else { exit(1) }
        }
        #expect(!ctStandardError(result).contains("Fatal error"), "\(ctStandardError(result))")
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func filteringAnUnmanagedCollectionIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testFilterFormat
        // (filter("stringCol = '1'") throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.filter("stringCol = '1'")
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.unmanagedList])
    func filteringAnUnmanagedListByWhereIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests.testFilterFormat (where { $0.stringCol == "1" } throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.where { $0.stringCol == "1" }
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func queryingAnUnmanagedCollectionOfAggregatesByAnObjectIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests
        // .testArrayAggregateWithSwiftObjectDoesntThrow (the query throws on an unmanaged collection)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.filter("ANY stringListCol == %@", CTStringObject())
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }
}

// MARK: - Sorting

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.sets)
    func aManagedSetSortsByAPropertyEitherWayAndThroughALink(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testSortWithProperty (MutableSet…RealmCollectionTests)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let ascending = strings.sorted(byKeyPath: "stringCol", ascending: true)
        #expect(ascending.map(ctText) == ["1", "2"])
        let descending = strings.sorted(byKeyPath: "stringCol", ascending: false)
        #expect(descending.map(ctText) == ["2", "1"])
        let byLink = strings.sorted(byKeyPath: "linkCol.id", ascending: true)
        #expect(byLink.map(ctText) == ["1", "2"])
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func sortingByAPropertyThatDoesNotExistIsAnErrorNamingIt(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testSortWithProperty (sorted(byKeyPath: "noSuchCol") throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.sorted(byKeyPath: "noSuchCol", ascending: true)
        }
        let output = ctStandardError(result)
        #expect(output.contains("CT-READY"))
        // Realm: "Cannot sort on key path 'noSuchCol': property 'CTStringObject.noSuchCol' does not exist".
        // Geode words it its own way, naming the class and the property.
        #expect(output.contains("CTStringObject") && output.contains("'noSuchCol'"), "\(output)")
    }

    @Test(arguments: CTKind.managedOthers)
    func sortingByASwiftKeyPathSortsEitherWayAndThroughALink(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testSortWithSwiftKeyPath
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(strings.sorted(by: \.stringCol, ascending: true).map(ctText) == ["1", "2"])
        #expect(strings.sorted(by: \.stringCol, ascending: false).map(ctText) == ["2", "1"])
        #expect(strings.sorted(by: \.linkCol?.id, ascending: true).map(ctText) == ["1", "2"])
        let byInt = try fixture.aggregates(kind).sorted(by: \.intCol, ascending: true)
        #expect(byInt.map(\.intCol) == [1, 2, 3])
    }

    @Test(arguments: CTKind.managedOthers)
    func sortingByNoDescriptorsKeepsTheOrderAndByOneSortsByIt(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testSortWithDescriptor and testSortWithDescriptorBySwiftKeyPath
        let fixture = try CTFixture()
        let aggregates = try fixture.aggregates(kind)
        let unsorted = aggregates.sorted(by: [Geode.SortDescriptor]())
        #expect(Array(unsorted) == Array(aggregates))
        let byName = aggregates.sorted(by: [SortDescriptor(keyPath: "intCol", ascending: true)])
        #expect(byName.map(\.intCol) == [1, 2, 3])
        let byKeyPath = aggregates.sorted(by: [SortDescriptor(keyPath: \CTAggregate.intCol, ascending: true)])
        #expect(byKeyPath.map(\.intCol) == [1, 2, 3])
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func sortingByADescriptorThatDoesNotExistIsAnErrorNamingIt(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testSortWithDescriptor (SortDescriptor(keyPath: "noSuchCol") throws)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let aggregates = try fixture.aggregates(kind)
            ctReady()
            _ = aggregates.sorted(by: [SortDescriptor(keyPath: "noSuchCol")])
        }
        let output = ctStandardError(result)
        #expect(output.contains("CT-READY"))
        // Realm: "Cannot sort on key path 'noSuchCol': property 'CTAggregate.noSuchCol' does not exist".
        // Geode words it its own way, naming the class and the property.
        #expect(output.contains("CTAggregate") && output.contains("'noSuchCol'"), "\(output)")
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func sortingAnUnmanagedCollectionByNameIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testSortWithProperty
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.sorted(byKeyPath: "stringCol", ascending: true)
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func sortingAnUnmanagedCollectionByASwiftKeyPathIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testSortWithSwiftKeyPath
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.sorted(by: \.stringCol, ascending: true)
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func sortingAnUnmanagedCollectionByDescriptorsIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testSortWithDescriptor
        // and testSortWithDescriptorBySwiftKeyPath
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let aggregates = try fixture.aggregates(kind)
            ctReady()
            _ = aggregates.sorted(by: [SortDescriptor(keyPath: \CTAggregate.intCol, ascending: true)])
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }
}

// MARK: - Aggregates

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.sets + [.unmanagedList, .unmanagedSet])
    func aggregatesByNameAreTheMinimumMaximumSumAndMeanOfEachType(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testMin, testMax, testSum, testAverage (sets and unmanaged collections)
        let fixture = try CTFixture()
        let aggregates = try fixture.aggregates(kind)
        #expect(aggregates.min(ofProperty: "intCol") as Int? == 1)
        #expect(aggregates.min(ofProperty: "int8Col") as Int8? == 1)
        #expect(aggregates.min(ofProperty: "int16Col") as Int16? == 1)
        #expect(aggregates.min(ofProperty: "int32Col") as Int32? == 1)
        #expect(aggregates.min(ofProperty: "int64Col") as Int64? == 1)
        #expect(aggregates.min(ofProperty: "floatCol") as Float? == 1.1)
        #expect(aggregates.min(ofProperty: "doubleCol") as Double? == 1.11)
        #expect(aggregates.min(ofProperty: "dateCol") as Date? == Date(timeIntervalSince1970: 1))

        #expect(aggregates.max(ofProperty: "intCol") as Int? == 3)
        #expect(aggregates.max(ofProperty: "int8Col") as Int8? == 3)
        #expect(aggregates.max(ofProperty: "int16Col") as Int16? == 3)
        #expect(aggregates.max(ofProperty: "int32Col") as Int32? == 3)
        #expect(aggregates.max(ofProperty: "int64Col") as Int64? == 3)
        #expect(aggregates.max(ofProperty: "floatCol") as Float? == 2.2)
        #expect(aggregates.max(ofProperty: "doubleCol") as Double? == 2.22)
        #expect(aggregates.max(ofProperty: "dateCol") as Date? == Date(timeIntervalSince1970: 2))

        #expect(aggregates.sum(ofProperty: "intCol") as Int == 6)
        #expect(aggregates.sum(ofProperty: "int8Col") as Int8 == 6)
        #expect(aggregates.sum(ofProperty: "int16Col") as Int16 == 6)
        #expect(aggregates.sum(ofProperty: "int32Col") as Int32 == 6)
        #expect(aggregates.sum(ofProperty: "int64Col") as Int64 == 6)
        #expect(ctClose(aggregates.sum(ofProperty: "floatCol") as Float, 5.5))
        #expect(ctClose(aggregates.sum(ofProperty: "doubleCol") as Double, 5.55))

        #expect(aggregates.average(ofProperty: "intCol") as Double? == 2)
        #expect(aggregates.average(ofProperty: "int8Col") as Double? == 2)
        #expect(aggregates.average(ofProperty: "int16Col") as Double? == 2)
        #expect(aggregates.average(ofProperty: "int32Col") as Double? == 2)
        #expect(aggregates.average(ofProperty: "int64Col") as Double? == 2)
        #expect(ctClose(aggregates.average(ofProperty: "floatCol") as Double?, 1.8333))
        #expect(ctClose(aggregates.average(ofProperty: "doubleCol") as Double?, 1.85))
    }

    @Test(arguments: CTKind.managedOthers + [.unmanagedList, .unmanagedSet])
    func aggregatesBySwiftKeyPathAreTheMinimumMaximumSumAndMeanOfEachType(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testMinBySwiftKeyPath, testMaxBySwiftKeyPath, testSumBySwiftKeyPath,
        // testAverageBySwiftKeyPath
        let fixture = try CTFixture()
        let aggregates = try fixture.aggregates(kind)
        #expect(aggregates.min(of: \.intCol) == 1)
        #expect(aggregates.min(of: \.int8Col) == 1)
        #expect(aggregates.min(of: \.int16Col) == 1)
        #expect(aggregates.min(of: \.int32Col) == 1)
        #expect(aggregates.min(of: \.int64Col) == 1)
        #expect(aggregates.min(of: \.floatCol) == 1.1)
        #expect(aggregates.min(of: \.doubleCol) == 1.11)
        #expect(aggregates.min(of: \.dateCol) == Date(timeIntervalSince1970: 1))

        #expect(aggregates.max(of: \.intCol) == 3)
        #expect(aggregates.max(of: \.int8Col) == 3)
        #expect(aggregates.max(of: \.int16Col) == 3)
        #expect(aggregates.max(of: \.int32Col) == 3)
        #expect(aggregates.max(of: \.int64Col) == 3)
        #expect(aggregates.max(of: \.floatCol) == 2.2)
        #expect(aggregates.max(of: \.doubleCol) == 2.22)
        #expect(aggregates.max(of: \.dateCol) == Date(timeIntervalSince1970: 2))

        #expect(aggregates.sum(of: \.intCol) == 6)
        #expect(aggregates.sum(of: \.int8Col) == 6)
        #expect(aggregates.sum(of: \.int16Col) == 6)
        #expect(aggregates.sum(of: \.int32Col) == 6)
        #expect(aggregates.sum(of: \.int64Col) == 6)
        #expect(ctClose(aggregates.sum(of: \.floatCol), 5.5))
        #expect(ctClose(aggregates.sum(of: \.doubleCol), 5.55))

        // Realm's average(of:) of an integer property is a Double.
        #expect(aggregates.average(of: \.intCol).map(Double.init) == 2)
        #expect(aggregates.average(of: \.int64Col).map(Double.init) == 2)
        #expect(ctClose(aggregates.average(of: \.floatCol), 1.8333))
        #expect(ctClose(aggregates.average(of: \.doubleCol), 1.85))
    }

    /// Realm's four aggregates by name.
    enum CTAggregateOperation: String, CaseIterable, Codable, Sendable { case min, max, sum, average }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased], CTAggregateOperation.allCases)
    func aggregatingAPropertyThatDoesNotExistIsAnError(_ kind: CTKind, _ operation: CTAggregateOperation) async {
        // RealmCollectionTypeTests.testMin, testMax, testSum, testAverage ("noSuchCol" throws "Invalid property
        // name")
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [kind, operation] in
            let fixture = try CTFixture()
            let aggregates = try fixture.aggregates(kind)
            ctReady()
            switch operation {
            case .min: _ = aggregates.min(ofProperty: "noSuchCol") as Int?
            case .max: _ = aggregates.max(ofProperty: "noSuchCol") as Float?
            case .sum: _ = aggregates.sum(ofProperty: "noSuchCol") as Int
            case .average: _ = aggregates.average(ofProperty: "noSuchCol") as Double?
            }
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }
}

// MARK: - Writing through a collection

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.managedOthers)
    func deletingEachObjectWhileEnumeratingEmptiesTheCollection(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testFastEnumerationWithMutation
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        try fixture.realm.write {
            for object in strings { fixture.realm.delete(object) }
        }
        #expect(strings.count == 0)
    }

    @Test(arguments: [CTKind.linkingObjects] + CTKind.sets + [.erased, .unmanagedSet])
    func aCollectionCanBeAssignedToAListPropertyByName(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testAssignListProperty
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let holder = try fixture.realm.write { () -> CTStringList in
            let holder = CTStringList()
            fixture.realm.add(holder)
            holder["array"] = strings
            return holder
        }
        #expect(Set(holder.array.map(ctText)) == ["1", "2"])
    }

    @Test(arguments: CTKind.managedOthers + [.unmanagedList, .unmanagedSet])
    func aCollectionCanBeAssignedToASetPropertyByName(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testAssignSetProperty
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let holder = try fixture.realm.write { () -> CTStringSet in
            let holder = CTStringSet()
            fixture.realm.add(holder)
            holder["set"] = strings
            return holder
        }
        #expect(Set(holder.set.map(ctText)) == ["1", "2"])
    }
}

// MARK: - Invalidation, freezing and thawing

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.managed)
    func aCollectionIsInvalidatedWhenItsRealmIs(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testInvalidate
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(!strings.isInvalidated)
        fixture.realm.invalidate()
        #expect(strings.realm == nil || strings.isInvalidated)
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func anUnmanagedCollectionIsNotInvalidated(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testInvalidate (as the unmanaged subclasses run it)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(!strings.isInvalidated)
        fixture.realm.invalidate()
        #expect(strings.realm == nil || strings.isInvalidated)
    }

    @Test(arguments: CTKind.listsSetsAndBacklinks + [.unmanagedList, .unmanagedSet])
    func aCollectionIsFrozenOnlyOnceFrozen(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testIsFrozen (the unmanaged subclasses: never frozen)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        #expect(!strings.isFrozen)
        if !kind.isUnmanaged { #expect(strings.freeze().isFrozen) }
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func freezingAnUnmanagedCollectionIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests.testFreeze, MutableSetUnmanagedRealmCollectionTests.testFreeze
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = strings.freeze()
        }
        let output = ctStandardError(result)
        #expect(output.contains("CT-READY"))
        // Realm: "This method may only be called on RLMArray/RLMSet instances retrieved from an RLMRealm".
        // Geode words it its own way: an unmanaged collection cannot be frozen.
        #expect(output.contains("unmanaged") && output.contains("cannot be frozen"), "\(output)")
    }

    @Test(arguments: CTKind.listsSetsAndBacklinks)
    func aThawedCollectionIsLiveAndDeletingThroughItLeavesTheFrozenOneFull(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testThaw (the thawed part)
        let fixture = try CTFixture()
        let frozen = try fixture.strings(kind).freeze()
        #expect(frozen.isFrozen)
        let live = try #require(frozen.thaw())
        #expect(!live.isFrozen)
        let liveRealm = try #require(live.realm)
        try liveRealm.write { ctDeleteAll(live, in: liveRealm) }
        #expect(live.isEmpty)
        #expect(!frozen.isEmpty)
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func writingToTheRealmOfAFrozenCollectionIsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testThaw (frozen.realm.write {} throws "Can't perform transactions on a
        // frozen Realm")
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let frozenRealm = try #require(try fixture.strings(kind).freeze().realm)
            ctReady()
            try? frozenRealm.write {}
            // A thrown error is what Realm's test does not expect either: stop here, as Realm does.
            exit(0)
        }
        let output = ctStandardError(result)
        #expect(output.contains("CT-READY"))
        // Realm: "Can't perform transactions on a frozen Realm". Geode words it its own way.
        #expect(output.contains("frozen realm cannot be written"), "\(output)")
    }

    @Test(arguments: CTKind.managedOthers)
    func aFrozenCollectionThawsOnAnotherThread(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testThawFromDifferentThread
        let fixture = try CTFixture()
        let frozen = CTBox(try fixture.strings(kind).freeze())
        #expect(frozen.value.isFrozen)
        let seen = CTBox<[Bool]?>(nil)
        let finished = onNewThread {
            guard let live = frozen.value.thaw(), let liveRealm = live.realm else { return }
            let liveIsFrozen = live.isFrozen
            do { try liveRealm.write { ctDeleteAll(live, in: liveRealm) } } catch { return }
            seen.value = [liveIsFrozen, live.isEmpty, frozen.value.isEmpty]
        }
        #expect(finished)
        #expect(seen.value == [false, true, false])
    }

    @Test(arguments: CTKind.managedOthers)
    func aFrozenCollectionKeepsItsCountAndThawsIntoTheCurrentVersion(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testThawPreviousVersion
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let frozen = strings.freeze()
        #expect(frozen.isFrozen)
        #expect(strings.count == frozen.count)
        let realm = try #require(strings.realm)
        try realm.write { ctDeleteAll(strings, in: realm) }
        #expect(frozen.count != strings.count, "frozen collections do not change")
        let live = try #require(frozen.thaw())
        #expect(live.isEmpty, "a thawed collection sees the writes made since it was frozen")
        #expect(!frozen.isEmpty)
        #expect(live.count == strings.count)
    }

    @Test(arguments: CTKind.managedOthers)
    func aCollectionFrozenOnAnotherThreadThawsToTheVersionOfThisOne(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testThawUpdatedOnDifferentThread
        let fixture = try CTFixture()
        try Self.checkThawUpdatedOnAnotherThread(try fixture.strings(kind), kind, fixture)
    }

    private static func checkThawUpdatedOnAnotherThread<C: CTCollection>(
        _ strings: C, _ kind: CTKind, _ fixture: CTFixture
    ) throws where C.Item == CTStringObject {
        let reference = ThreadSafeReference(to: strings)
        #expect(strings.count == 2)
        #expect(strings.filter("stringCol == %@", "3").count == 0)
        #expect(strings.where { $0.stringCol == "3" }.count == 0)

        let configuration = CTBox(fixture.configuration)
        let frozen = CTBox<C?>(nil)
        let frozenQuery = CTBox<Results<CTStringObject>?>(nil)
        let finished = onNewThread {
            guard let realm = try? Realm(configuration: configuration.value),
                let resolved = realm.resolve(reference)
            else { return }
            // Realm changes the first object and deletes the last; a set's are taken in text order.
            let sorted = kind.isSet ? Array(resolved.sorted(byKeyPath: "stringCol", ascending: true)) : Array(resolved)
            try? realm.write { sorted.first?.stringCol = "3" }
            try? realm.write { if let last = sorted.last { realm.delete(last) } }
            let query = resolved.filter("stringCol == %@", "1")
            frozen.value = resolved.freeze()
            frozenQuery.value = query.freeze()
        }
        #expect(finished)
        let frozenStrings = try #require(frozen.value)
        let frozenMatches = try #require(frozenQuery.value)

        let thawed = try #require(frozenStrings.thaw())
        #expect(frozenStrings.count == 1)
        #expect(frozenStrings.first?.stringCol == "3")
        #expect(frozenStrings.filter("stringCol == %@", "1").count == 0)
        #expect(frozenStrings.filter("stringCol == %@", "3").count == 1)
        #expect(frozenStrings.where { $0.stringCol == "3" }.count == 1)

        // Thawed into this thread's realm, which has not refreshed yet.
        #expect(strings.count == 2)
        #expect(thawed.count == 2)
        #expect(thawed.filter("stringCol == %@", "1").count == 1)
        #expect(thawed.filter("stringCol == %@", "2").count == 1)
        #expect(thawed.where { $0.stringCol == "3" }.count == 0)

        let thawedQuery = try #require(frozenMatches.thaw())
        #expect(frozenMatches.count == 0)
        #expect(frozenMatches.first?.stringCol == nil)
        #expect(thawedQuery.count == 1)
        #expect(thawedQuery.first?.stringCol == "1")

        fixture.realm.refresh()
        #expect(thawed.count == 1)
        #expect(thawed.first?.stringCol == "3")
        #expect(thawed.where { $0.stringCol == "3" }.count == 1)
        #expect(thawedQuery.count == 0)
        #expect(thawedQuery.first?.stringCol == nil)
        #expect(strings.count == 1)
        #expect(strings.first?.stringCol == "3")
        #expect(strings.filter("stringCol == %@", "3").count == 1)
    }

    @Test(arguments: CTKind.sets)
    func aFrozenObjectOfASetThawsToNilOnceDeleted(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testThawDeletedParent (MutableSet…RealmCollectionTests)
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let frozenObject = try #require(strings.first).freeze()
        #expect(frozenObject.isFrozen)
        let realm = try #require(strings.realm)
        try realm.write { ctDeleteAll(strings, in: realm) }
        #expect(strings.first == nil)
        #expect(frozenObject.thaw() == nil)
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func freezingACollectionFromAnotherThreadIsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testFreezeFromWrongThread ("Realm accessed from incorrect thread")
        await withKnownIssue("Geode lets another thread freeze a live collection; Realm raises") {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                [kind] in
                let fixture = try CTFixture()
                let strings = CTBox(try fixture.strings(kind))
                ctReady()
                _ = onNewThread { _ = strings.value.freeze() }
                exit(0)
            }
            let output = ctStandardError(result)
            #expect(output.contains("CT-READY") && output.contains("Realm accessed from incorrect thread"), "\(output)")
        }
    }

    @Test(arguments: CTKind.managedOthers)
    func aFrozenCollectionIsReadOnAnotherThread(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testAccessFrozenCollectionFromDifferentThread (MutableSet…: in some order)
        let fixture = try CTFixture()
        let frozen = CTBox(try fixture.strings(kind).freeze())
        let texts = CTBox<[String]>([])
        let finished = onNewThread { texts.value = frozen.value.map(ctText) }
        #expect(finished)
        if kind.isSet {
            #expect(Set(texts.value) == ["1", "2"])
        } else {
            #expect(texts.value == ["1", "2"])
        }
    }

    @Test(arguments: CTKind.managedOthers)
    func filteringAFrozenCollectionGivesFrozenResults(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testQueryFrozenCollection
        let fixture = try CTFixture()
        let frozen = try fixture.strings(kind).freeze()
        #expect(frozen.filter("stringCol = '1'").count == 1)
        #expect(frozen.filter("stringCol = '2'").count == 1)
        #expect(frozen.filter("stringCol = '3'").count == 0)
        #expect(frozen.filter("stringCol = '3'").isFrozen)
        #expect(frozen.where { $0.stringCol == "1" }.count == 1)
        #expect(frozen.where { $0.stringCol == "2" }.count == 1)
        #expect(frozen.where { $0.stringCol == "3" }.count == 0)
        #expect(frozen.where { $0.stringCol == "3" }.isFrozen)
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func observingAFrozenCollectionIsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testObserveFrozenCollection
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let frozen = try fixture.strings(kind).freeze()
            ctReady()
            _ = ctObserve(frozen, into: Collected<String>())
        }
        let output = ctStandardError(result)
        #expect(output.contains("CT-READY"))
        // Realm: "Frozen Realms do not change and do not have change notifications." Geode words it its own way.
        #expect(output.contains("frozen") && output.contains("cannot be observed"), "\(output)")
    }

    @Test(arguments: [CTKind.results, .createdList, .createdSet, .linkingObjects, .erased])
    func observingAFrozenCollectionOnAQueueIsAnError(_ kind: CTKind) async {
        // RealmCollectionTypeTests.testObserveFrozenCollection, with a queue: the live collection
        // of a realm on the queue is not observed instead.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let frozen = try fixture.strings(kind).freeze()
            ctReady()
            _ = ctObserve(frozen, on: DispatchQueue(label: "ct-frozen"), into: Collected<String>())
        }
        let output = ctStandardError(result)
        #expect(output.contains("CT-READY"))
        #expect(output.contains("frozen") && output.contains("cannot be observed"), "\(output)")
    }
}

// MARK: - Notifications
//
// Realm delivers on the run loop and its tests wait for expectations; a Geode
// realm delivers to the observers of its own thread at its commits and at
// refresh(), so these tests refresh where Realm's wait.

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.managed)
    func observersHearTheInitialCollectionAndAWriteSkipsTheTokensItIsToldTo(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserve
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let first = Collected<String>()
        let token = ctObserve(strings, into: first)
        fixture.realm.refresh()
        #expect(first.all == ["initial 2"])

        let second = Collected<String>()
        let token2 = ctObserve(strings, into: second)
        fixture.realm.refresh()
        #expect(second.all == ["initial 2"])

        fixture.realm.beginWrite()
        ctDeleteAll(strings, in: fixture.realm)
        try fixture.realm.commitWrite(withoutNotifying: [token])
        #expect(second.all.count == 2, "\(second.all)")
        #expect(first.all == ["initial 2"], "the skipped token hears no update")
        token.invalidate()
        token2.invalidate()
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func observingAnUnmanagedCollectionIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testObserve and the
        // testObserveKeyPath… overrides
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = ctObserve(strings, into: Collected<String>())
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: [CTKind.unmanagedList, .unmanagedSet])
    func observingAnUnmanagedCollectionOnAQueueIsAnError(_ kind: CTKind) async {
        // ListUnmanagedRealmCollectionTests / MutableSetUnmanagedRealmCollectionTests .testObserveOnQueue
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let fixture = try CTFixture()
            let strings = try fixture.strings(kind)
            ctReady()
            _ = ctObserve(strings, on: DispatchQueue(label: "bg"), into: Collected<String>())
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test(arguments: CTKind.managed)
    func anObserverOnAQueueHearsTheInitialCollectionThenTheDeletions(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserveOnQueue
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let heard = Collected<String>()
        let token = ctObserve(strings, keyPaths: nil, on: DispatchQueue(label: "CT.observe"), into: heard)
        #expect(heard.wait(for: 1))
        #expect(heard.all.first == "initial 2")
        try fixture.realm.write { ctDeleteAll(strings, in: fixture.realm) }
        #expect(heard.wait(for: 2))
        #expect(heard.all.dropFirst().first?.hasPrefix("update 0 d[0, 1] ") == true, "\(heard.all)")
        token.invalidate()
    }

    /// What an observer of `keyPaths` hears of `change`, written on another
    /// thread, after the initial notification (Realm's testObserveKeyPath… tests).
    private static func heardByStringKeyPaths(
        _ kind: CTKind, _ keyPaths: [String], _ change: @escaping @Sendable (Realm) -> Void
    ) throws -> [String] {
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let heard = Collected<String>()
        let token = ctObserve(strings, keyPaths: keyPaths, into: heard)
        fixture.realm.refresh()
        #expect(heard.all == ["initial 2"])
        #expect(fixture.writeOnAnotherThread(change), "the write happened and the realm saw it")
        token.invalidate()
        return heard.all
    }

    /// As `heardByStringKeyPaths`, observing through Swift key paths.
    private static func heardByPartialKeyPaths(
        _ kind: CTKind, _ keyPaths: [PartialKeyPath<CTStringObject>], _ change: @escaping @Sendable (Realm) -> Void
    ) throws -> [String] {
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let heard = Collected<String>()
        let token = ctObserve(strings, partialKeyPaths: keyPaths, into: heard)
        fixture.realm.refresh()
        #expect(heard.all == ["initial 2"])
        #expect(fixture.writeOnAnotherThread(change), "the write happened and the realm saw it")
        token.invalidate()
        return heard.all
    }

    /// The write of Realm's tests that changes the first string's text.
    private static let changeFirstString: @Sendable (Realm) -> Void = { realm in
        realm.objects(CTStringObject.self).first?.stringCol = "changed"
    }

    /// The write of Realm's tests that changes the id of the first string's link.
    private static let changeFirstLinkID: @Sendable (Realm) -> Void = { realm in
        realm.objects(CTStringObject.self).first?.linkCol?.id = 2
    }

    /// What Realm's tests expect the object changed first (the first string)
    /// to be reported as: position 0, except in a set, whose order is its own.
    private static func modifiedFirst(_ kind: CTKind, _ heard: [String]) -> Bool {
        guard heard.count == 2 else { return false }
        if kind.isSet { return heard[1] == "update 2 d[] i[] m[0]" || heard[1] == "update 2 d[] i[] m[1]" }
        return heard[1] == "update 2 d[] i[] m[0]"
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfAPropertyHearsAChangeToIt(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserveKeyPath
        let heard = try Self.heardByStringKeyPaths(kind, ["stringCol"], Self.changeFirstString)
        #expect(Self.modifiedFirst(kind, heard), "\(heard)")
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfAPropertyDoesNotHearAChangeToALinkedObject(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserveKeyPathNoChange
        let heard = try Self.heardByStringKeyPaths(kind, ["stringCol"], Self.changeFirstLinkID)
        #expect(heard == ["initial 2"])
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfALinkedPropertyHearsEveryObjectLinkingToTheChangedOne(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserveKeyPathWithLink
        let heard = try Self.heardByStringKeyPaths(kind, ["linkCol.id"], Self.changeFirstLinkID)
        #expect(heard == ["initial 2", "update 2 d[] i[] m[0, 1]"])
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfALinkedPropertyDoesNotHearAChangeToAnotherProperty(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserveKeyPathWithLinkNoChange
        let heard = try Self.heardByStringKeyPaths(kind, ["linkCol.id"], Self.changeFirstString)
        #expect(heard == ["initial 2"])
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfALinkDoesNotHearAChangeInsideTheLinkedObject(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObserveKeyPathWithLinkNoChangeList
        let heard = try Self.heardByStringKeyPaths(kind, ["linkCol"], Self.changeFirstLinkID)
        #expect(heard == ["initial 2"])
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfASwiftKeyPathHearsAChangeToIt(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObservePartialKeyPath
        let heard = try Self.heardByPartialKeyPaths(kind, [\.stringCol], Self.changeFirstString)
        #expect(Self.modifiedFirst(kind, heard), "\(heard)")
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfASwiftKeyPathDoesNotHearAChangeToALinkedObject(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObservePartialKeyPathNoChange
        let heard = try Self.heardByPartialKeyPaths(kind, [\.stringCol], Self.changeFirstLinkID)
        #expect(heard == ["initial 2"])
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfALinkedSwiftKeyPathHearsEveryObjectLinkingToTheChangedOne(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObservePartialKeyPathWithLink
        let heard = try Self.heardByPartialKeyPaths(kind, [\.linkCol?.id], Self.changeFirstLinkID)
        #expect(heard == ["initial 2", "update 2 d[] i[] m[0, 1]"])
    }

    @Test(arguments: CTKind.managed)
    func anObserverOfALinkSwiftKeyPathDoesNotHearAChangeInsideTheLinkedObject(_ kind: CTKind) throws {
        // RealmCollectionTypeTests.testObservePartialKeyPathWithLinkNoChangeList
        let heard = try Self.heardByPartialKeyPaths(kind, [\.linkCol], Self.changeFirstLinkID)
        #expect(heard == ["initial 2"])
    }

    @Test(arguments: CTKind.resultsKinds)
    func resultsObserversAreHandedTheObservedResultsWithEachNewCount(_ kind: CTKind) throws {
        // ResultsTests.testNotificationBlockUpdating
        let fixture = try CTFixture()
        let strings = try #require(try fixture.strings(kind) as? Results<CTStringObject>)
        var heard: [(count: Int, isSame: Bool)] = []
        let token = strings.observe { change in
            switch change {
            case let .initial(results), let .update(results, _, _, _): heard.append((results.count, results == strings))
            case .error: heard.append((-1, false))
            }
        }
        fixture.realm.refresh()
        try fixture.addStringToResults(kind)
        #expect(heard.map(\.count) == [2, 3])
        #expect(heard.map(\.isSame) == [true, true])
        token.invalidate()
    }

    @Test(arguments: CTKind.resultsKinds)
    func resultsObserversHearTheIndexOfAnAddedObject(_ kind: CTKind) throws {
        // ResultsTests.testNotificationBlockChangeIndices
        let fixture = try CTFixture()
        let strings = try #require(try fixture.strings(kind) as? Results<CTStringObject>)
        let heard = Collected<String>()
        let token = ctObserve(strings, into: heard)
        fixture.realm.refresh()
        try fixture.addStringToResults(kind)
        #expect(heard.all == ["initial 2", "update 3 d[] i[2] m[]"])
        token.invalidate()
    }
}

// MARK: - Notifications on actors

/// Realm's `TestActor`: keeps what its observers hear.
private actor CTListener {
    var heard: [String] = []
    func record(_ line: String) { heard.append(line) }

    /// Waits until `count` lines came (at most ten seconds); what came.
    func wait(for count: Int) async -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while heard.count < count && Date() < deadline { try? await Task.sleep(nanoseconds: 10_000_000) }
        return heard
    }

    /// Opens a realm isolated to this actor, resolves `reference` there and
    /// observes it (Realm's `TestActor.observe`).
    func observe<C: CTCollection>(
        _ reference: ThreadSafeReference<C>, configuration: Realm.Configuration
    ) async throws -> NotificationToken {
        let realm = try await Realm(configuration: configuration, actor: self)
        let collection = try #require(realm.resolve(reference))
        return collection.observe(keyPaths: nil, on: nil) { [self] change in
            self.assumeIsolated { $0.record(ctSummary(change)) }
        }
    }
}

/// Hands `collection` to `listener` by a thread-safe reference, which observes it there.
private func ctObserveInside<C: CTCollection>(
    _ listener: CTListener, _ collection: C, _ configuration: Realm.Configuration
) async throws -> NotificationToken {
    try await listener.observe(ThreadSafeReference(to: collection), configuration: configuration)
}

extension CollectionTypeConformanceTests {
    @Test(arguments: CTKind.resultsKinds)
    func resultsObservedOnAnActorHearTheInitialCollectionThenTheDeletions(_ kind: CTKind) async throws {
        // RealmCollectionTypeTests.testObserveOnActor (Geode offers observe(on: actor) on Results only)
        let fixture = try CTFixture()
        let strings = try #require(try fixture.strings(kind) as? Results<CTStringObject>)
        let listener = CTListener()
        let token = await strings.observe(on: listener) { listener, change in listener.record(ctSummary(change)) }
        #expect(await listener.wait(for: 1) == ["initial 2"])
        try fixture.realm.write { ctDeleteAll(strings, in: fixture.realm) }
        #expect(await listener.wait(for: 2) == ["initial 2", "update 0 d[0, 1] i[] m[]"])
        token.invalidate()
    }

    @Test(arguments: CTKind.managed)
    func aCollectionObservedInsideAnActorHearsTheInitialCollectionThenTheDeletions(_ kind: CTKind) async throws {
        // RealmCollectionTypeTests.testObserveInsideActor
        let fixture = try CTFixture()
        let strings = try fixture.strings(kind)
        let listener = CTListener()
        let token = try await ctObserveInside(listener, strings, fixture.configuration)
        #expect(await listener.wait(for: 1) == ["initial 2"])
        try fixture.realm.write { ctDeleteAll(strings, in: fixture.realm) }
        let heard = await listener.wait(for: 2)
        #expect(heard.count == 2 && heard[1].hasPrefix("update 0 d[0, 1] "), "\(heard)")
        token.invalidate()
    }

    @Test(arguments: CTKind.resultsKinds)
    func resultsObservedOnAnActorByAPropertyHearOnlyChangesToIt(_ kind: CTKind) async throws {
        // RealmCollectionTypeTests.testObserveOnActorWithStringKeyPath (and testObserveOnActorWithKeyPath, whose
        // Swift key path form Geode does not take on an actor)
        let fixture = try CTFixture()
        let strings = try #require(try fixture.strings(kind) as? Results<CTStringObject>)
        let listener = CTListener()
        let token = await strings.observe(keyPaths: ["stringCol"], on: listener) { listener, change in
            listener.record(ctSummary(change))
        }
        #expect(await listener.wait(for: 1) == ["initial 2"])
        try fixture.realm.write {
            strings[0].stringCol = "a"
            strings[1].linkCol = nil
        }
        #expect(await listener.wait(for: 2) == ["initial 2", "update 2 d[] i[] m[0]"])
        token.invalidate()
    }

    @Test(arguments: CTKind.resultsKinds)
    func anObservationRegisteredFromACancelledTaskIsNeverCalled(_ kind: CTKind) async throws {
        // RealmCollectionTypeTests.testCancelTaskForObservationInit
        let fixture = try CTFixture()
        let strings = try #require(try fixture.strings(kind) as? Results<CTStringObject>)
        let listener = CTListener()
        let handed = CTBox(strings)
        let task = Task.detached { () -> NotificationToken in
            withUnsafeCurrentTask { $0?.cancel() }
            return await handed.value.observe(on: listener) { listener, change in listener.record(ctSummary(change)) }
        }
        let token = await task.value
        try fixture.realm.write { ctDeleteAll(strings, in: fixture.realm) }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(await listener.heard == [])
        #expect(!token.invalidate(), "a token that registered nothing was never valid")
    }
}

// MARK: - Distinct and equality

extension CollectionTypeConformanceTests {
    @Test(arguments: ["childCol", "@sum.intCol", "stringListCol"])
    func distinctByWhatIsNotAPropertyOfOneValueIsAnError(_ keyPath: String) async {
        // ResultsDistinctTests.testDistinctResultsUsingKeyPaths (the three assertThrows)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [keyPath] in
            let fixture = try CTFixture()
            try fixture.realm.write { fixture.addAggregates() }
            let aggregates = fixture.realm.objects(CTAggregate.self)
            ctReady()
            _ = aggregates.distinct(by: [keyPath])
        }
        #expect(ctStandardError(result).contains("CT-READY"))
    }

    @Test func linkingObjectsEqualOnlyThemselves() throws {
        // LinkingObjectsEquatabilityTests.testEquatability
        let fixture = try CTFixture()
        let (parentA, parentB) = try fixture.realm.write { () -> (CTLinkTarget, CTLinkTarget) in
            let parentA = fixture.realm.create(CTLinkTarget.self, value: ["id": 0])
            let parentB = fixture.realm.create(CTLinkTarget.self, value: ["id": 0])
            let targetA = fixture.realm.create(CTStringObject.self)
            let targetB = fixture.realm.create(CTStringObject.self)
            targetA.linkCol = parentA
            targetB.linkCol = parentB
            return (parentA, parentB)
        }
        #expect(parentA.stringObjects != parentA.stringObjects)
        #expect(parentA.stringObjects != parentB.stringObjects)
        let reference = parentA.stringObjects
        #expect(reference == reference)
    }

    @Test func erasedCollectionsEqualOnlyThemselves() throws {
        // AnyRealmCollectionEquatabilityTests.testEquatability
        let fixture = try CTFixture()
        let realm = fixture.realm
        try realm.write {
            realm.add(CTCustomInit(stringVal: "A"))
            realm.add(CTIntList(value: ["int": [1, 2, 3]]))
            realm.add(CTIntList(value: ["int": [1, 2, 3]]))
        }
        let resultsA = AnyRealmCollection(realm.objects(CTCustomInit.self))
        let resultsB = AnyRealmCollection(realm.objects(CTCustomInit.self))
        #expect(resultsA != resultsB)
        #expect(resultsA == resultsA)
        #expect(resultsB == resultsB)

        let listA = AnyRealmCollection(realm.objects(CTIntList.self)[0].int)
        let listB = AnyRealmCollection(realm.objects(CTIntList.self)[1].int)
        #expect(listA != listB)
        #expect(listA == listA)
        #expect(listB == listB)
    }
}
