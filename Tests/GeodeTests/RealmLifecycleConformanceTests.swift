import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/RealmTests.swift (opening,
// writes, adding and deleting, dynamic access, refresh, invalidate, copies,
// asynchronous transactions and asyncWrite) and
// RealmSwift/Tests/ThreadSafeReferenceTests.swift (ThreadSafeReferenceTests and
// ThreadSafeWrapperTests), with the models of SwiftTestObjects.swift restated
// as `@Persisted` classes. Facts other suites already restate are left out
// (see RealmWriteFactTests, ObjectConformanceTests, RealmIdentityTests,
// RealmFilesTests, GeodeErrorTests, ProjectionConfigConformanceTests). Each
// test names the realm-swift test it comes from; the values asserted are the
// ones Realm's tests assert.

// MARK: - Models

/// A string (Realm's `SwiftStringObject`).
final class RLText: Object {
    @Persisted var text = ""
}

/// A number (Realm's `SwiftIntObject`).
final class RLNumber: Object {
    @Persisted var value = 0
}

/// A bool (Realm's `SwiftBoolObject`).
final class RLFlag: Object {
    @Persisted var flag = false
}

/// A string primary key and a number (Realm's `SwiftPrimaryStringObject`).
final class RLKeyedText: Object {
    @Persisted(primaryKey: true) var key = ""
    @Persisted var count = 0
}

/// A property of each kind with a default value (Realm's `SwiftObject`).
final class RLDefaults: Object {
    @Persisted var flag = false
    @Persisted var int = 123
    @Persisted var int8: Int8 = 123
    @Persisted var int16: Int16 = 123
    @Persisted var int32: Int32 = 123
    @Persisted var int64: Int64 = 123
    @Persisted var float: Float = 1.23
    @Persisted var double = 12.3
    @Persisted var string = "a"
    @Persisted var binary = Data("a".utf8)
    @Persisted var date = Date(timeIntervalSince1970: 1)
    @Persisted var decimal: Decimal128 = "123e4"
    @Persisted var objectId = ObjectId("1234567890ab1234567890ab")
    @Persisted var link: RLFlag? = RLFlag()
}

/// Optional properties with default values (Realm's `SwiftOptionalDefaultValuesObject`).
final class RLOptionalDefaults: Object {
    @Persisted var optString: String? = "B"
    @Persisted var optBinary: Data? = Data("C".utf8)
    @Persisted var optDate: Date? = Date(timeIntervalSince1970: 10)
    @Persisted var optDecimal: Decimal128? = "123"
    @Persisted var optObjectId: ObjectId? = ObjectId("1234567890ab1234567890ab")
    @Persisted var optUUID: UUID? = UUID(uuidString: "00000000-0000-0000-0000-000000000000")
    @Persisted var optInt: Int? = 1
    @Persisted var optInt8: Int8? = 1
    @Persisted var optInt16: Int16? = 1
    @Persisted var optInt32: Int32? = 1
    @Persisted var optInt64: Int64? = 1
    @Persisted var optFloat: Float? = 2.2
    @Persisted var optDouble: Double? = 3.3
    @Persisted var optBool: Bool? = true
    @Persisted var optLink: RLFlag? = RLFlag(value: [true])
}

/// Lists and sets of strings and numbers (Realm's `SwiftArrayPropertyObject`
/// and `SwiftMutableSetPropertyObject`).
final class RLCollections: Object {
    @Persisted var name = ""
    @Persisted var texts: List<RLText>
    @Persisted var numbers: List<RLNumber>
    @Persisted var textSet: MutableSet<RLText>
    @Persisted var numberSet: MutableSet<RLNumber>
}

/// An employee (Realm's `SwiftEmployeeObject`).
final class RLEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// A company with a list, a set and a map of employees (Realm's `SwiftCompanyObject`).
final class RLCompany: Object {
    @Persisted var name = ""
    @Persisted var employees: List<RLEmployee>
    @Persisted var employeeSet: MutableSet<RLEmployee>
    @Persisted var employeeMap: Map<String, RLEmployee?>
}

/// A dog and the owners linking to it (Realm's `SwiftDogObject`).
final class RLDog: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
    @Persisted(originProperty: "dog") var owners: LinkingObjects<RLOwner>
}

/// An owner of a dog (Realm's `SwiftOwnerObject`).
final class RLOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: RLDog?
}

/// The root of a tree of embedded objects (Realm's `EmbeddedParentObject`).
final class RLTreeRoot: Object {
    @Persisted var value = 0
    @Persisted var child: RLTreeLevel1?
}

/// The first level of the tree (Realm's `EmbeddedTreeObject1`).
final class RLTreeLevel1: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var child: RLTreeLevel2?
    @Persisted var children: List<RLTreeLevel2>
}

/// The second level of the tree (Realm's `EmbeddedTreeObject2`).
final class RLTreeLevel2: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var child: RLTreeLevel3?
}

/// The third level of the tree (Realm's `EmbeddedTreeObject3`).
final class RLTreeLevel3: EmbeddedObject {
    @Persisted var value = 0
}

/// The values `@ThreadSafe` holds in Realm's `TestThreadSafeWrapperStruct`.
struct RLWrappers {
    @ThreadSafe var text: RLText?
    @ThreadSafe var number: RLNumber?
    @ThreadSafe var employees: List<RLEmployee>?
    @ThreadSafe var employeeMap: Map<String, RLEmployee?>?
    @ThreadSafe var employeeSet: MutableSet<RLEmployee>?
    @ThreadSafe var owners: LinkingObjects<RLOwner>?
    @ThreadSafe var results: Results<RLText>?
    @ThreadSafe var anyResults: AnyRealmCollection<RLEmployee>?
    @ThreadSafe var anyList: AnyRealmCollection<RLEmployee>?
    @ThreadSafe var anySet: AnyRealmCollection<RLEmployee>?

    init(
        text: RLText? = nil, number: RLNumber? = nil, employees: List<RLEmployee>? = nil,
        employeeSet: MutableSet<RLEmployee>? = nil, owners: LinkingObjects<RLOwner>? = nil,
        results: Results<RLText>? = nil, anyResults: AnyRealmCollection<RLEmployee>? = nil,
        anyList: AnyRealmCollection<RLEmployee>? = nil, anySet: AnyRealmCollection<RLEmployee>? = nil
    ) {
        _text = ThreadSafe(wrappedValue: text)
        _number = ThreadSafe(wrappedValue: number)
        _employees = ThreadSafe(wrappedValue: employees)
        _employeeMap = ThreadSafe(wrappedValue: nil)
        _employeeSet = ThreadSafe(wrappedValue: employeeSet)
        _owners = ThreadSafe(wrappedValue: owners)
        _results = ThreadSafe(wrappedValue: results)
        _anyResults = ThreadSafe(wrappedValue: anyResults)
        _anyList = ThreadSafe(wrappedValue: anyList)
        _anySet = ThreadSafe(wrappedValue: anySet)
    }
}

/// A realm confined to a queue of its own, used from the test's thread by
/// running blocks there (Realm's async transactions run on the main run loop).
final class RLQueueRealm: @unchecked Sendable {
    let queue: DispatchQueue
    let realm: Realm

    init(_ configuration: Realm.Configuration) throws {
        let queue = DispatchQueue(label: "geode.tests.rl-queue-realm")
        self.queue = queue
        realm = try queue.sync { try Realm(configuration: configuration, queue: queue) }
    }

    /// Runs `body` on the realm's queue and waits for it.
    func run<T>(_ body: (Realm) throws -> T) rethrows -> T { try queue.sync { try body(realm) } }

    /// Waits until what was queued so far, and what that queued, has run.
    func drain() {
        for _ in 0 ..< 4 { queue.sync {} }
    }
}

/// An actor with a realm isolated to it (Realm's `openRealm(actor:)`).
actor RLWriter {
    var realm: Realm?
    var kept: RLText?

    init(_ configuration: Realm.Configuration) {
        realm = try? Realm(configuration: configuration)
    }

    /// Realm's testAsyncWriteBasics: what is seen inside and after an asyncWrite.
    func basics() async throws -> [String] {
        guard let realm else { return ["no realm"] }
        var seen: [String] = []
        let object = try await realm.asyncWrite {
            seen.append("inside \(realm.isInWriteTransaction) \(realm.isPerformingAsynchronousWriteOperations)")
            return realm.create(RLText.self, value: ["foo"])
        }
        seen.append("after \(realm.isInWriteTransaction) \(realm.isPerformingAsynchronousWriteOperations)")
        seen.append("\(realm.objects(RLText.self).count) \(object.text)")
        return seen
    }

    /// Realm's testAsyncWriteCancel and testAsyncWriteBeginNewWriteAfterCancel.
    func cancelInside(beginAgain: Bool) async throws -> [String] {
        guard let realm else { return ["no realm"] }
        var inside = true
        try await realm.asyncWrite {
            realm.create(RLText.self, value: ["foo"])
            realm.cancelWrite()
            inside = realm.isInWriteTransaction
            if beginAgain {
                realm.beginWrite()
                realm.create(RLText.self, value: ["bar"])
            }
        }
        return ["\(inside)"] + realm.objects(RLText.self).map(\.text)
    }

    /// Realm's testAsyncWriteModifyExistingObject and testAsyncWriteCustomActor.
    func createThenModify() async throws -> [String] {
        guard let realm else { return ["no realm"] }
        kept = try await realm.asyncWrite { realm.create(RLText.self, value: ["foo"]) }
        let created = "\(realm.objects(RLText.self).count) \(kept?.text ?? "nil")"
        try await realm.asyncWrite { kept?.text = "bar" }
        return [created, "\(realm.objects(RLText.self).count) \(kept?.text ?? "nil")"]
    }

    /// Realm's testAsyncRefresh: autorefresh off, refreshed with nothing new,
    /// then after another thread's write.
    func refreshes(afterWrite write: @Sendable () -> Void) async -> [String] {
        guard let realm else { return ["no realm"] }
        realm.autorefresh = false
        let results = realm.objects(RLText.self)
        var seen = ["\(results.count)"]
        seen.append("\(await realm.asyncRefresh())")
        write()
        seen.append("\(results.count)")
        seen.append("\(await realm.asyncRefresh())")
        seen.append("\(results.count)")
        return seen
    }
}

// MARK: - Helpers

/// Runs `body` on a new thread and waits until it has finished.
private func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

// MARK: - Tests

@Suite struct RealmLifecycleConformanceTests {
    static let types: [ObjectBase.Type] = [
        RLText.self, RLNumber.self, RLFlag.self, RLKeyedText.self, RLDefaults.self, RLOptionalDefaults.self,
        RLCollections.self, RLEmployee.self, RLCompany.self, RLDog.self, RLOwner.self,
    ]

    static func configuration(_ directory: TemporaryDirectory, _ name: String = "test.geode") -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.url.appendingPathComponent(name), objectTypes: types)
    }

    // MARK: Opening

    // RealmTests.testFileURL and RealmTests.testInit
    @Test func aRealmOpenedWithAFileURLKeepsThatURL() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("by-url.geode")
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: Self.types))
        #expect(realm.configuration.fileURL == url)
    }

    // RealmTests.testInitCustomClassList
    @Test func aConfigurationsObjectTypesAreExactlyTheSchemasClasses() throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("tree.geode"),
            objectTypes: [RLTreeLevel1.self, RLTreeLevel2.self, RLTreeLevel3.self, RLTreeRoot.self, RLText.self])
        let sorted = try #require(configuration.objectTypes).sorted { $0.className() < $1.className() }
        #expect(sorted.count == 5)
        #expect(sorted.first is RLText.Type)
        #expect(sorted.dropFirst().first is RLTreeLevel1.Type)
        #expect(sorted.dropFirst(2).first is RLTreeLevel2.Type)
        #expect(sorted.dropFirst(3).first is RLTreeLevel3.Type)
        #expect(sorted.dropFirst(4).first is RLTreeRoot.Type)
        let realm = try Realm(configuration: configuration)
        #expect(
            realm.schema.objectSchema.map(\.className).sorted()
                == ["RLText", "RLTreeLevel1", "RLTreeLevel2", "RLTreeLevel3", "RLTreeRoot"])
    }

    // RealmTests.testSchema
    @Test func theSchemaHoldsEachClassOnce() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect(realm.schema.objectSchema.filter { $0.className == "RLText" }.count == 1)
        }
    }

    // RealmTests.testInitInMemory
    @Test func anInMemoryRealmOpenedInsideAWriteWritesIntoIt() throws {
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "rl-memory-\(UUID().uuidString)", objectTypes: [RLNumber.self])
        let realm = try Realm(configuration: configuration)
        try realm.write {
            realm.create(RLNumber.self, value: [1])
            #expect(realm.objects(RLNumber.self).count == 1)
            let again = try Realm(configuration: configuration)
            again.create(RLNumber.self, value: [1])
            #expect(realm.objects(RLNumber.self).count == 2)
        }
        #expect(realm.objects(RLNumber.self).count == 2)
    }

    // RealmTests.testExists
    @Test func noFileExistsForAConfigurationBeforeItsRealmIsOpened() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory, "exists.geode")
        #expect(!Realm.fileExists(for: configuration))
        do { _ = try Realm(configuration: configuration) }
        #expect(Realm.fileExists(for: configuration))
    }

    // MARK: Writes

    // RealmTests.testIsEmpty
    @Test func aRealmIsNotEmptyInsideAWriteThatAddedAndEmptyAgainOnceCancelled() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect(realm.isEmpty)
            realm.beginWrite()
            realm.create(RLText.self, value: ["a"])
            #expect(!realm.isEmpty)
            realm.cancelWrite()
            #expect(realm.isEmpty)
            realm.beginWrite()
            realm.create(RLText.self, value: ["a"])
            try realm.commitWrite()
            #expect(!realm.isEmpty)
        }
    }

    // RealmTests.testWrite
    @Test func anotherRealmOfTheFileCreatesInsideTheWrite() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        try realm.write {
            try Realm(configuration: configuration).create(RLText.self, value: ["1"])
            #expect(try Realm(configuration: configuration).objects(RLText.self).count == 1)
        }
        #expect(try Realm(configuration: configuration).objects(RLText.self).count == 1)
    }

    // RealmTests.testDynamicWrite
    @Test func aDynamicCreateInsideAWriteMakesATypedObject() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.dynamicCreate("RLText", value: ["1"])
                #expect(realm.objects(RLText.self).count == 1)
            }
            #expect(realm.objects(RLText.self).count == 1)
        }
    }

    // RealmTests.testDynamicWriteSubscripting
    @Test func aDynamicallyCreatedObjectReadsBySubscript() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            realm.beginWrite()
            let object = realm.dynamicCreate("RLText", value: ["1"])
            try realm.commitWrite()
            #expect(object["text"] as? String == "1")
        }
    }

    // RealmTests.testBeginWrite
    @Test func aCancelledWriteCanBeBegunAgainAndSeesItsOwnObjects() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            realm.beginWrite()
            realm.cancelWrite()
            realm.beginWrite()
            realm.create(RLText.self, value: ["1"])
            #expect(realm.objects(RLText.self).count == 1)
            realm.cancelWrite()
        }
    }

    // RealmTests.testCommitWrite
    @Test func aCommittedWriteKeepsItsObjectsAndAnotherCanBegin() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            realm.beginWrite()
            realm.create(RLText.self, value: ["1"])
            try realm.commitWrite()
            #expect(realm.objects(RLText.self).count == 1)
            realm.beginWrite()
            #expect(realm.isInWriteTransaction)
            realm.cancelWrite()
        }
    }

    // RealmTests.testCancelWrite
    @Test func cancellingInsideAWriteBlockInvalidatesWhatItCreatedAndCommitsNothing() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let object = realm.create(RLText.self)
                realm.cancelWrite()
                #expect(object.isInvalidated)
                #expect(realm.objects(RLText.self).isEmpty)
            }
            #expect(realm.objects(RLText.self).isEmpty)
        }
    }

    // RealmTests.testWriteWithoutNotifying
    @Test func aWriteWithoutNotifyingATokenDoesNotCallItsBlock() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.create(RLText.self, value: ["x"]) }
            var called = false
            let token = realm.observe { _, _ in called = true }
            try realm.write(withoutNotifying: [token]) { realm.deleteAll() }
            #expect(!called)
            #expect(realm.objects(RLText.self).isEmpty)
            token.invalidate()
        }
    }

    // RealmTests.testObserve
    @Test func aRealmsObserverIsCalledAfterAWriteEvenAnEmptyOne() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            var seen: [URL?] = []
            let token = realm.observe { _, realm in seen.append(realm.configuration.fileURL) }
            #expect(seen.isEmpty)
            try realm.write {}
            #expect(seen == [realm.configuration.fileURL])
            token.invalidate()
        }
    }

    // RealmTests.testRemoveNotification
    @Test func anInvalidatedTokensBlockIsNotCalled() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            var called = false
            let token = realm.observe { _, _ in called = true }
            token.invalidate()
            try realm.write { realm.create(RLText.self) }
            #expect(!called)
        }
    }

    // MARK: Adding, deleting, reading

    // RealmTests.testAddMultipleObjects
    @Test func addingAnArrayAddsEachObject() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect(realm.objects(RLDefaults.self).isEmpty)
            try realm.write {
                realm.add([RLDefaults(), RLDefaults()])
                #expect(realm.objects(RLDefaults.self).count == 2)
            }
            #expect(realm.objects(RLDefaults.self).count == 2)
        }
    }

    // RealmTests.testDeleteSingleObject
    @Test func deletingAnAddedObjectRemovesIt() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let object = RLDefaults()
            try realm.write {
                realm.add(object)
                #expect(realm.objects(RLDefaults.self).count == 1)
                realm.delete(object)
                #expect(realm.objects(RLDefaults.self).isEmpty)
            }
            #expect(realm.objects(RLDefaults.self).isEmpty)
            #expect(object.isInvalidated)
        }
    }

    // RealmTests.testDeleteSequenceOfObjects
    @Test func deletingAnArrayOfObjectsRemovesEach() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let objects = [RLDefaults(), RLDefaults()]
                realm.add(objects)
                #expect(realm.objects(RLDefaults.self).count == 2)
                realm.delete(objects)
                #expect(realm.objects(RLDefaults.self).isEmpty)
            }
            #expect(realm.objects(RLDefaults.self).isEmpty)
        }
    }

    // RealmTests.testDeleteAll
    @Test func deleteAllEmptiesTheRealmInsideAndAfterTheWrite() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.add(RLDefaults())
                #expect(realm.objects(RLDefaults.self).count == 1)
                realm.deleteAll()
                #expect(realm.objects(RLDefaults.self).isEmpty)
            }
            #expect(realm.objects(RLDefaults.self).isEmpty)
        }
    }

    // RealmTests.testObjects and RealmTests.testDynamicObjects
    @Test func objectsOfAClassCountOnlyThatClassTypedAndByName() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                for value in [100, 200, 300] { realm.create(RLNumber.self, value: [value]) }
            }
            #expect(realm.objects(RLText.self).count == 0)
            #expect(realm.objects(RLNumber.self).count == 3)
            #expect(realm.dynamicObjects("RLText").count == 0)
            #expect(realm.dynamicObjects("RLNumber").count == 3)
        }
    }

    // RealmTests.testStringPrimaryKey
    @Test func aStringPrimaryKeyFindsItsObjectAndNothingForAnotherKey() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.create(RLKeyedText.self, value: ["a", 1])
                realm.create(RLKeyedText.self, value: ["b", 2])
            }
            #expect(realm.object(ofType: RLKeyedText.self, forPrimaryKey: "a") != nil)
            #expect(realm.object(ofType: RLKeyedText.self, forPrimaryKey: "z") == nil)
        }
    }

    // RealmTests.testDynamicObjectProperties and RealmTests.testIterateDynamicObjects
    @Test func dynamicObjectsReadEachPropertysDefaultValue() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.create(RLDefaults.self)
                realm.create(RLDefaults.self)
            }
            let objects = realm.dynamicObjects("RLDefaults")
            #expect(objects.count == 2)
            for object in objects {
                #expect(object["flag"] as? NSNumber == NSNumber(value: false))
                #expect(object["int"] as? NSNumber == NSNumber(value: 123))
                #expect(object["int8"] as? NSNumber == NSNumber(value: Int8(123)))
                #expect(object["int16"] as? NSNumber == NSNumber(value: Int16(123)))
                #expect(object["int32"] as? NSNumber == NSNumber(value: Int32(123)))
                #expect(object["int64"] as? NSNumber == NSNumber(value: Int64(123)))
                let float = try #require(object["float"] as? Float)
                #expect(abs(float - 1.23) < 0.001)
                #expect(object["double"] as? NSNumber == NSNumber(value: 12.3))
                #expect(object["string"] as? String == "a")
                #expect(object["binary"] as? Data == Data("a".utf8))
                #expect(object["date"] as? Date == Date(timeIntervalSince1970: 1))
                #expect(object["decimal"] as? Decimal128 == "123e4")
                #expect(object["objectId"] as? ObjectId == ObjectId("1234567890ab1234567890ab"))
                #expect((object["link"] as? DynamicObject)?["flag"] as? Bool == false)
            }
        }
    }

    // RealmTests.testDynamicObjectOptionalProperties
    @Test func dynamicObjectsReadEachOptionalPropertysDefaultValue() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.create(RLOptionalDefaults.self) }
            let object = try #require(realm.dynamicObjects("RLOptionalDefaults").first)
            #expect(object["optInt"] as? NSNumber == NSNumber(value: 1))
            #expect(object["optInt8"] as? NSNumber == NSNumber(value: Int8(1)))
            #expect(object["optInt16"] as? NSNumber == NSNumber(value: Int16(1)))
            #expect(object["optInt32"] as? NSNumber == NSNumber(value: Int32(1)))
            #expect(object["optInt64"] as? NSNumber == NSNumber(value: Int64(1)))
            #expect(object["optFloat"] as? NSNumber == NSNumber(value: Float(2.2)))
            #expect(object["optDouble"] as? NSNumber == NSNumber(value: 3.3))
            #expect(object["optBool"] as? NSNumber == NSNumber(value: true))
            #expect(object["optString"] as? String == "B")
            #expect(object["optBinary"] as? Data == Data("C".utf8))
            #expect(object["optDate"] as? Date == Date(timeIntervalSince1970: 10))
            #expect(object["optDecimal"] as? Decimal128 == "123")
            #expect(object["optObjectId"] as? ObjectId == ObjectId("1234567890ab1234567890ab"))
            #expect(object["optUUID"] as? UUID == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
            #expect((object["optLink"] as? DynamicObject)?["flag"] as? Bool == true)
        }
    }

    // RealmTests.testDynamicObjectListProperties
    @Test func aDynamicObjectsListsHoldDynamicObjects() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.create(RLCollections.self, value: ["string", [["array"]], [[2]]]) }
            let object = try #require(realm.dynamicObjects("RLCollections").first)
            #expect(object["name"] as? String == "string")
            let texts = try #require(object["texts"] as? List<DynamicObject>)
            #expect(texts.first?["text"] as? String == "array")
            #expect(texts.last?["text"] as? String == "array")
            #expect(texts.map { $0["text"] as? String } == ["array"])
            let numbers = try #require(object["numbers"] as? List<DynamicObject>)
            #expect(numbers[0]["value"] as? Int == 2)
            #expect(numbers.first?["value"] as? Int == 2)
            #expect(numbers.last?["value"] as? Int == 2)
            #expect(numbers.map { $0["value"] as? Int } == [2])
        }
    }

    // RealmTests.testDynamicObjectMutableSetProperties
    @Test func aDynamicObjectsSetsHoldDynamicObjects() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                realm.create(RLCollections.self, value: ["name": "string", "textSet": [["set"]], "numberSet": [[2]]])
            }
            let object = try #require(realm.dynamicObjects("RLCollections").first)
            #expect(object["name"] as? String == "string")
            let texts = try #require(object["textSet"] as? MutableSet<DynamicObject>)
            #expect(texts.first?["text"] as? String == "set")
            #expect(texts.map { $0["text"] as? String } == ["set"])
            let numbers = try #require(object["numberSet"] as? MutableSet<DynamicObject>)
            #expect(numbers[0]["value"] as? Int == 2)
            #expect(numbers.first?["value"] as? Int == 2)
            #expect(numbers.map { $0["value"] as? Int } == [2])
        }
    }

    // MARK: Refresh, invalidate, equality, thaw

    // RealmTests.testAutorefresh
    @Test func autorefreshIsOnByDefaultAndCanBeTurnedOffAndOn() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            #expect(realm.autorefresh)
            realm.autorefresh = false
            #expect(!realm.autorefresh)
            realm.autorefresh = true
            #expect(realm.autorefresh)
        }
    }

    // RealmTests.testRefresh
    @Test func anotherThreadsWriteShowsOnlyAfterRefresh() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        realm.autorefresh = false
        let results = realm.objects(RLText.self)
        #expect(results.count == 0)
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            _ = try? other.write { other.create(RLText.self, value: ["string"]) }
        }
        #expect(results.count == 0)
        realm.refresh()
        #expect(results.count == 1)
        #expect(results.first?.text == "string")
    }

    // RealmTests.testInvalidate
    @Test func invalidatingARealmInvalidatesTheObjectsReadBeforeIt() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let object = RLDefaults()
            try realm.write { realm.add(object) }
            realm.invalidate()
            #expect(object.isInvalidated)
            try realm.write { realm.add(RLDefaults()) }
            #expect(realm.objects(RLDefaults.self).count == 2)
            #expect(object.isInvalidated)
        }
    }

    // RealmTests.testEquals
    @Test func aRealmOfTheSameFileOnAnotherThreadIsNotEqual() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        nonisolated(unsafe) let realm = try Realm(configuration: configuration)
        #expect(try realm == Realm(configuration: configuration))
        let equal = SharedValue<Bool?>(nil)
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            equal.value = realm == other
        }
        #expect(equal.value == false)
    }

    // RealmTests.testThaw
    @Test func aFrozenRealmThawedOnAnotherThreadWritesThereSeenAfterRefresh() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(RLFlag.self).count == 0)
        nonisolated(unsafe) let frozen = realm.freeze()
        #expect(frozen.isFrozen)
        let seen = SharedValue<String>("")
        runOnNewThread {
            let thawed = frozen.thaw()
            seen.value = "\(thawed.isFrozen)"
            _ = try? thawed.write { thawed.create(RLFlag.self, value: ["flag": true]) }
        }
        #expect(seen.value == "false")
        #expect(realm.objects(RLFlag.self).count == 0)
        realm.refresh()
        #expect(realm.objects(RLFlag.self).count == 1)
    }

    // MARK: Copies

    // RealmTests.testWriteCopyToPath
    @Test func aCopyWrittenToAPathOpensAndFreezesWithTheObjects() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: Self.configuration(directory))
        try realm.write { realm.add(RLDefaults()) }
        let url = directory.url.appendingPathComponent("copy.geode")
        try realm.writeCopy(toFile: url)
        let copy = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: Self.types))
        #expect(copy.objects(RLDefaults.self).count == 1)
        let frozen = copy.freeze()
        #expect(frozen.objects(RLDefaults.self).count == 1)
        #expect(frozen.isFrozen)
        #expect(frozen.objects(RLDefaults.self).isFrozen)
    }

    // RealmTests.testWriteCopyForConfiguration
    @Test func aCopyWrittenForAConfigurationOpensForWriting() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: Self.configuration(directory, "original.geode"))
        try realm.write { realm.add(RLFlag()) }
        #expect(realm.objects(RLFlag.self).count == 1)
        let destination = Self.configuration(directory, "destination.geode")
        try realm.writeCopy(configuration: destination)
        let copy = try Realm(configuration: destination)
        #expect(copy.objects(RLFlag.self).count == 1)
        try copy.write { copy.add(RLFlag()) }
        #expect(copy.objects(RLFlag.self).count == 2)
        let frozen = copy.freeze()
        #expect(frozen.isFrozen)
        #expect(frozen.objects(RLFlag.self).isFrozen)
    }

    // MARK: Asynchronous transactions

    // RealmTests.testAsyncTransactionShouldWrite and testAsyncTransactionShouldAutorefresh
    @Test func anAsyncWriteCommitsAndItsCompletionSeesTheObject() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory))
        let seen = SharedValue<[String]>([])
        confined.run { realm in
            realm.autorefresh = false
            realm.writeAsync {
                realm.create(RLText.self, value: ["string"])
            } onComplete: { _ in
                seen.value.append(realm.objects(RLText.self).first?.text ?? "nil")
            }
        }
        confined.drain()
        #expect(seen.value == ["string"])
        #expect(confined.run { $0.objects(RLText.self).count } == 1)
        #expect(
            confined.run { realm in
                realm.refresh()
                return realm.objects(RLText.self).map(\.text)
            } == ["string"])
    }

    // RealmTests.testAsyncTransactionShouldCancel and
    // testAsyncTransactionShouldNotAutoCommitOnCanceledTransaction
    @Test func anAsyncWriteCancelledBeforeItStartsNeverRuns() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory))
        let completed = SharedValue(false)
        try confined.run { realm in
            let first = realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string"])
                realm.commitAsyncWrite { _ in completed.value = true }
            }
            try realm.cancelAsyncWrite(first)
            let second = realm.writeAsync(
                { realm.create(RLText.self, value: ["string"]) },
                onComplete: { _ in
                    completed.value = true
                })
            try realm.cancelAsyncWrite(second)
        }
        confined.drain()
        #expect(!completed.value)
        #expect(confined.run { $0.objects(RLText.self).first } == nil)
    }

    // RealmTests.testAsyncTransactionShouldCancelWithoutCommit
    @Test func anAsyncWriteThatDoesNotCommitCommitsNothing() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory))
        let ran = SharedValue(false)
        confined.run { realm in
            #expect(realm.objects(RLText.self).first == nil)
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string"])
                ran.value = true
            }
        }
        confined.drain()
        #expect(ran.value)
        #expect(confined.run { $0.objects(RLText.self).first } == nil)
        #expect(confined.run { $0.isInWriteTransaction } == false)
    }

    // RealmTests.testAsyncTransactionSyncAfterAsyncWithoutCommit
    @Test func aWriteAfterAnAsyncWriteWithoutCommitKeepsOnlyItsOwnObject() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory))
        try confined.run { realm in
            #expect(realm.objects(RLText.self).count == 0)
            realm.beginAsyncWrite { realm.create(RLText.self, value: ["string"]) }
            try realm.write { realm.create(RLText.self, value: ["string 2"]) }
        }
        confined.drain()
        #expect(confined.run { $0.objects(RLText.self).map(\.text) } == ["string 2"])
    }

    // RealmTests.testAsyncTransactionCommit
    @Test func ofThreeAsyncWritesOnlyTheCommittedUncancelledOneIsKept() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory))
        try confined.run { realm in
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["with 'commit' should commit"])
                realm.commitAsyncWrite()
            }
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["without 'commit' should not commit"])
            }
            let cancelled = realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["'cancel' after 'begin' should not commit"])
                realm.commitAsyncWrite()
            }
            try realm.cancelAsyncWrite(cancelled)
        }
        confined.drain()
        #expect(confined.run { $0.objects(RLText.self).count } == 1)
    }

    // RealmTests.testAsyncTransactionSyncCommit, testAsyncTransactionWriteWithSync,
    // testAsyncTransactionFromSyncTransaction and testBeginAsyncTransactionInAsyncTransaction
    @Test func asyncCommitsMixWithSynchronousWritesAndEachOtherAndAllCommit() throws {
        let directory = try TemporaryDirectory()
        let configurations = (0 ..< 4).map { Self.configuration(directory, "mix\($0).geode") }
        let grouped = try RLQueueRealm(configurations[0])
        grouped.run { realm in
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string"])
                realm.commitAsyncWrite(allowGrouping: true)
            }
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string 2"])
                realm.commitAsyncWrite()
            }
        }
        grouped.drain()
        #expect(grouped.run { $0.objects(RLText.self).count } == 2)

        let afterSync = try RLQueueRealm(configurations[1])
        try afterSync.run { realm in
            try realm.write { realm.create(RLText.self, value: ["string"]) }
            realm.beginWrite()
            realm.create(RLText.self, value: ["string 2"])
            realm.commitAsyncWrite()
        }
        afterSync.drain()
        #expect(afterSync.run { $0.objects(RLText.self).count } == 2)

        let fromSync = try RLQueueRealm(configurations[2])
        try fromSync.run { realm in
            realm.beginWrite()
            realm.create(RLText.self, value: ["string"])
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string 2"])
                realm.commitAsyncWrite()
            }
            try realm.commitWrite()
        }
        fromSync.drain()
        #expect(fromSync.run { $0.objects(RLText.self).count } == 2)

        let nested = try RLQueueRealm(configurations[3])
        _ = nested.run { realm in
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string"])
                realm.beginAsyncWrite {
                    realm.create(RLText.self, value: ["string 2"])
                    realm.commitAsyncWrite()
                }
                realm.commitAsyncWrite()
            }
        }
        nested.drain()
        #expect(nested.run { $0.objects(RLText.self).count } == 2)
    }

    // RealmTests.testAsyncTransactionMixedWithSync and testAsyncTransactionMixedWithCancelledSync
    @Test func asyncWritesCommitAroundASynchronousWriteCommittedOrCancelled() throws {
        let directory = try TemporaryDirectory()
        for (name, commits, expected) in [("committed.geode", true, 3), ("cancelled.geode", false, 2)] {
            let confined = try RLQueueRealm(Self.configuration(directory, name))
            try confined.run { realm in
                realm.writeAsync { realm.create(RLText.self, value: ["string"]) }
                realm.writeAsync { realm.create(RLText.self, value: ["string 2"]) }
                realm.beginWrite()
                realm.create(RLText.self, value: ["string 3"])
                if commits { try realm.commitWrite() } else { realm.cancelWrite() }
            }
            confined.drain()
            #expect(confined.run { $0.objects(RLText.self).count } == expected, "\(name)")
        }
    }

    // RealmTests.testAsyncTransactionShouldWriteObjectFromOutsideOfTransaction and
    // testAsyncTransactionShouldChangeExistingObject
    @Test func anAsyncWriteAddsAnUnmanagedObjectAndChangesAManagedOne() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory))
        try confined.run { realm in
            try realm.write { realm.create(RLText.self, value: ["string A"]) }
            let existing = realm.objects(RLText.self).first { $0.text == "string A" }
            let unmanaged = RLText(value: ["string U"])
            realm.beginAsyncWrite {
                realm.create(RLText.self, value: ["string I"])
                realm.add(unmanaged)
                existing?.text = "string B"
                realm.commitAsyncWrite()
            }
        }
        confined.drain()
        let texts = confined.run { $0.objects(RLText.self).map(\.text) }
        #expect(Set(texts) == ["string B", "string I", "string U"])
    }

    // MARK: asyncWrite and asyncRefresh

    // RealmTests.testAsyncWriteBasics
    @Test func anAsyncWriteIsAWriteAndAnAsynchronousOperationWhileItRuns() async throws {
        let directory = try TemporaryDirectory()
        let writer = RLWriter(Self.configuration(directory))
        let seen = try await writer.basics()
        #expect(seen == ["inside true true", "after false false", "1 foo"])
    }

    // RealmTests.testAsyncWriteCancel and testAsyncWriteBeginNewWriteAfterCancel
    @Test func anAsyncWriteCancelledInsideCommitsOnlyAWriteBegunAfter() async throws {
        let directory = try TemporaryDirectory()
        let cancelled = RLWriter(Self.configuration(directory, "cancel.geode"))
        #expect(try await cancelled.cancelInside(beginAgain: false) == ["false"])
        let begunAgain = RLWriter(Self.configuration(directory, "again.geode"))
        #expect(try await begunAgain.cancelInside(beginAgain: true) == ["false", "bar"])
    }

    // RealmTests.testAsyncWriteModifyExistingObject and testAsyncWriteCustomActor
    @Test func anAsyncWriteOnAnActorChangesWhatAnEarlierOneCreated() async throws {
        let directory = try TemporaryDirectory()
        let writer = RLWriter(Self.configuration(directory))
        #expect(try await writer.createThenModify() == ["1 foo", "1 bar"])
    }

    // RealmTests.testAsyncRefresh
    @Test func anAsyncRefreshSaysWhetherThereWasAnythingNew() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let writer = RLWriter(configuration)
        let seen = await writer.refreshes {
            runOnNewThread {
                guard let other = try? Realm(configuration: configuration) else { return }
                _ = try? other.write { other.create(RLText.self, value: ["string"]) }
            }
        }
        #expect(seen == ["0", "false", "0", "true", "1"])
    }

    // MARK: Thread-safe references

    // ThreadSafeReferenceTests.testInvalidThreadSafeReferenceUsage and assertResolve
    @Test func aReferenceResolvesInItsOwnFileOnlyAndIsUsedUpByResolving() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let otherFile = Self.configuration(directory, "other.geode")
        let realm = try Realm(configuration: configuration)
        realm.beginWrite()
        let object = realm.create(RLText.self, value: ["text": "hello"])
        let madeInWrite = ThreadSafeReference(to: object)
        try realm.commitWrite()
        let resolvedTwice = ThreadSafeReference(to: object)
        let checked = ThreadSafeReference(to: object)
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            guard let elsewhere = try? Realm(configuration: otherFile),
                let other = try? Realm(configuration: configuration)
            else { return }
            var values = [elsewhere.resolve(madeInWrite) == nil ? "nil" : "found"]
            values.append(other.resolve(resolvedTwice)?.text ?? "nil")
            values.append("\(checked.isInvalidated)")
            values.append(other.resolve(checked)?.text ?? "nil")
            values.append("\(checked.isInvalidated)")
            seen.value = values
        }
        #expect(seen.value == ["nil", "hello", "false", "hello", "true"])
    }

    // ThreadSafeReferenceTests.testPassThreadSafeReferencesToMultipleObjects
    @Test func twoObjectsChangedThroughTheirReferencesShowAfterRefresh() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let (text, number) = (RLText(), RLNumber())
        try realm.write {
            realm.add(text)
            realm.add(number)
        }
        let textReference = ThreadSafeReference(to: text)
        let numberReference = ThreadSafeReference(to: number)
        #expect(text.text == "")
        #expect(number.value == 0)
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration), let text = other.resolve(textReference),
                let number = other.resolve(numberReference)
            else { return }
            try? other.write {
                text.text = "the meaning of life"
                number.value = 42
            }
        }
        #expect(text.text == "")
        #expect(number.value == 0)
        realm.refresh()
        #expect(text.text == "the meaning of life")
        #expect(number.value == 42)
    }

    // ThreadSafeReferenceTests.testPassThreadSafeReferenceToLinkingObjects
    @Test func linkingObjectsPassedByReferenceFollowTheirLinksThereAndHereAfterRefresh() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let dogA = RLDog(value: ["dogName": "Cookie", "age": 10])
        let dogB = RLDog(value: ["dogName": "Skipper", "age": 7])
        try realm.write {
            realm.add(RLOwner(value: ["name": "Andrea", "dog": dogA]))
            realm.add(RLOwner(value: ["name": "Mike", "dog": dogB]))
        }
        #expect(dogA.owners.count == 1)
        #expect(dogA.owners.first?.name == "Andrea")
        let ownersA = ThreadSafeReference(to: dogA.owners)
        let ownersB = ThreadSafeReference(to: dogB.owners)
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration), let a = other.resolve(ownersA),
                let b = other.resolve(ownersB)
            else { return }
            var values = ["\(a.count) \(a.first?.name ?? "-") \(b.count) \(b.first?.name ?? "-")"]
            try? other.write {
                let (ownerA, ownerB) = (a[0], b[0])
                (ownerA.dog, ownerB.dog) = (ownerB.dog, ownerA.dog)
            }
            values.append("\(a.count) \(a.first?.name ?? "-") \(b.count) \(b.first?.name ?? "-")")
            seen.value = values
        }
        #expect(seen.value == ["1 Andrea 1 Mike", "1 Mike 1 Andrea"])
        #expect(dogA.owners.map(\.name) == ["Andrea"])
        #expect(dogB.owners.map(\.name) == ["Mike"])
        realm.refresh()
        #expect(dogA.owners.map(\.name) == ["Mike"])
        #expect(dogB.owners.map(\.name) == ["Andrea"])
    }

    /// A company with employees A to D in its list and in its set.
    static func companyOfFour(in realm: Realm) throws -> RLCompany {
        let company = RLCompany()
        try realm.write {
            realm.add(company)
            for name in ["A", "B", "C", "D"] {
                company.employees.append(RLEmployee(value: ["name": name]))
            }
            for name in ["A", "B", "C", "D"] {
                company.employeeSet.insert(RLEmployee(value: ["name": name]))
            }
        }
        return company
    }

    // ThreadSafeReferenceTests.testPassThreadSafeReferenceToAnyRealmCollection
    @Test func erasedResultsListsAndSetsPassByReference() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let company = try Self.companyOfFour(in: realm)
        let results = AnyRealmCollection(
            realm.objects(RLEmployee.self).filter("name != 'C'").sorted(byKeyPath: "name", ascending: false))
        let list = AnyRealmCollection(company.employees)
        let set = AnyRealmCollection(company.employeeSet)
        #expect(results.count == 6)
        #expect(results.prefix(3).map(\.name) == ["D", "D", "B"])
        #expect(list.map(\.name) == ["A", "B", "C", "D"])
        #expect(Set(set.map(\.name)) == ["A", "B", "C", "D"])
        let references = (ThreadSafeReference(to: results), ThreadSafeReference(to: list), ThreadSafeReference(to: set))
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration), let results = other.resolve(references.0),
                let list = other.resolve(references.1), let set = other.resolve(references.2)
            else { return }
            seen.value = [
                "\(results.count)", results.prefix(3).map(\.name).joined(), list.map(\.name).joined(),
                set.map(\.name).sorted().joined(),
            ]
        }
        #expect(seen.value == ["6", "DDB", "ABCD", "ABCD"])
    }

    // MARK: @ThreadSafe

    /// Realm's `wrapperStruct()`: a text "before" and a number 1, held by `@ThreadSafe`.
    static func wrappers(in realm: Realm) throws -> RLWrappers {
        let (text, number) = try realm.write {
            (realm.create(RLText.self, value: ["text": "before"]), realm.create(RLNumber.self, value: ["value": 1]))
        }
        return RLWrappers(text: text, number: number)
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapper
    @Test func threadSafeValuesChangedOnAnotherThreadReadChangedHere() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let wrappers = try Self.wrappers(in: realm)
        #expect(wrappers.text?.text == "before")
        #expect(wrappers.number?.value == 1)
        for (text, value) in [("after", 2), ("after, again", 3)] {
            runOnNewThread {
                try? Realm(configuration: configuration).write {
                    wrappers.text?.text = text
                    wrappers.number?.value = value
                }
            }
            #expect(wrappers.text?.text == text)
            #expect(wrappers.number?.value == value)
        }
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperDeleteObject
    @Test func threadSafeValuesDeletedOnAnotherThreadReadNil() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let wrappers = try Self.wrappers(in: try Realm(configuration: configuration))
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write {
                if let text = wrappers.text { other.delete(text) }
                if let number = wrappers.number { other.delete(number) }
            }
        }
        #expect(wrappers.text == nil)
        #expect(wrappers.number == nil)
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperReassign and testThreadSafeWrapperReassignToNil
    @Test func threadSafeValuesReassignedOnAnotherThreadReadTheNewValues() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let wrappers = try Self.wrappers(in: try Realm(configuration: configuration))
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write {
                wrappers.text = other.create(RLText.self, value: ["text": "after"])
                wrappers.number = other.create(RLNumber.self, value: ["value": 2])
            }
        }
        #expect(wrappers.text?.text == "after")
        #expect(wrappers.number?.value == 2)
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write {
                wrappers.text = nil
                wrappers.number = nil
            }
        }
        #expect(wrappers.text == nil)
        #expect(wrappers.number == nil)
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write {
                wrappers.text = other.create(RLText.self, value: ["text": "after, again"])
                wrappers.number = other.create(RLNumber.self, value: ["value": 3])
            }
        }
        #expect(wrappers.text?.text == "after, again")
        #expect(wrappers.number?.value == 3)
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperNilConstruction
    @Test func threadSafeValuesMadeNilAreSetOnAnotherThreadAndEditedAgain() throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("two.geode"), objectTypes: [RLText.self, RLNumber.self])
        let wrappers = RLWrappers()
        #expect(wrappers.text == nil)
        #expect(wrappers.number == nil)
        runOnNewThread {
            guard let realm = try? Realm(configuration: configuration) else { return }
            try? realm.write {
                wrappers.text = realm.create(RLText.self, value: ["text": "after"])
                wrappers.number = realm.create(RLNumber.self, value: ["value": 2])
            }
        }
        #expect(wrappers.text?.text == "after")
        #expect(wrappers.number?.value == 2)
        runOnNewThread {
            try? Realm(configuration: configuration).write {
                wrappers.text?.text = "after, again"
                wrappers.number?.value = 3
            }
        }
        #expect(wrappers.text?.text == "after, again")
        #expect(wrappers.number?.value == 3)
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperDifferentConfig
    @Test func threadSafeValuesReassignedToAnotherFilesObjectsReadThem() throws {
        let directory = try TemporaryDirectory()
        let wrappers = try Self.wrappers(in: try Realm(configuration: Self.configuration(directory)))
        let newPath = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("newpath.geode"),
            objectTypes: [RLEmployee.self, RLText.self, RLNumber.self])
        runOnNewThread {
            guard let realm = try? Realm(configuration: newPath) else { return }
            try? realm.write {
                wrappers.text = realm.create(RLText.self, value: ["text": "after"])
                wrappers.number = realm.create(RLNumber.self, value: ["value": 2])
            }
        }
        #expect(wrappers.text?.text == "after")
        #expect(wrappers.number?.value == 2)
        #expect(wrappers.text?.realm?.configuration.fileURL == newPath.fileURL)
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperToList and testThreadSafeWrapperToMutableSet
    @Test func threadSafeListsAndSetsEditedOnAnotherThreadReadEditedHere() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let company = RLCompany()
        try realm.write {
            realm.add(company)
            company.employees.append(RLEmployee(value: ["name": "jg"]))
            company.employeeSet.insert(RLEmployee(value: ["name": "jg"]))
        }
        let wrappers = RLWrappers(employees: company.employees, employeeSet: company.employeeSet)
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            var values = [
                "\(wrappers.employees?.count ?? -1) \(wrappers.employees?.first?.name ?? "-")",
                "\(wrappers.employeeSet?.count ?? -1) \(wrappers.employeeSet?.first?.name ?? "-")",
            ]
            try? other.write {
                wrappers.employees?.removeAll()
                wrappers.employees?.append(RLEmployee(value: ["name": "jp"]))
                wrappers.employees?.append(RLEmployee(value: ["name": "az"]))
                wrappers.employeeSet?.removeAll()
                wrappers.employeeSet?.insert(RLEmployee(value: ["name": "jp"]))
                wrappers.employeeSet?.insert(RLEmployee(value: ["name": "az"]))
            }
            values.append(wrappers.employees?.map(\.name).joined(separator: ",") ?? "nil")
            values.append(wrappers.employeeSet?.map(\.name).sorted().joined(separator: ",") ?? "nil")
            seen.value = values
        }
        #expect(seen.value == ["1 jg", "1 jg", "jp,az", "az,jp"])
        #expect(wrappers.employees?.map(\.name) == ["jp", "az"])
        #expect(wrappers.employeeSet.map { Set($0.map(\.name)) } == ["jp", "az"])
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperToMap
    @Test func aThreadSafeMapGainsAnEntryOnAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let wrappers = RLWrappers()
        try realm.write {
            let company = RLCompany()
            company.employeeMap["before"] = realm.create(RLEmployee.self, value: ["name": "first"])
            realm.add(company)
            wrappers.employeeMap = company.employeeMap
        }
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            let before = "\(wrappers.employeeMap?.count ?? -1) \(wrappers.employeeMap?["before"]??.name ?? "-")"
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write {
                wrappers.employeeMap?["after"] = other.create(RLEmployee.self, value: ["name": "second"])
            }
            seen.value = [before]
        }
        #expect(seen.value == ["1 first"])
        #expect(wrappers.employeeMap?.count == 2)
        #expect(wrappers.employeeMap?["before"]??.name == "first")
        #expect(wrappers.employeeMap?["after"]??.name == "second")
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperToResults
    @Test func threadSafeResultsKeepTheirQueryAcrossThreads() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let all = realm.objects(RLText.self)
        let wrappers = RLWrappers(
            results: all.filter("text != 'C'").sorted(byKeyPath: "text", ascending: false))
        try realm.write {
            for text in ["A", "B", "C", "D"] { realm.create(RLText.self, value: [text]) }
        }
        #expect(all.count == 4)
        #expect(wrappers.results?.map(\.text) == ["D", "B", "A"])
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            let all = other.objects(RLText.self)
            var values = ["\(all.count)", wrappers.results?.map(\.text).joined() ?? "nil"]
            try? other.write {
                if let last = wrappers.results?[2] { other.delete(last) }
                if let first = wrappers.results?[0] { other.delete(first) }
                other.create(RLText.self, value: ["E"])
            }
            values += ["\(all.count)", wrappers.results?.map(\.text).joined() ?? "nil"]
            seen.value = values
        }
        #expect(seen.value == ["4", "DBA", "3", "EB"])
        realm.refresh()
        #expect(all.count == 3)
        #expect(wrappers.results?.map(\.text) == ["E", "B"])
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperLinkingObjects
    @Test func threadSafeLinkingObjectsSeeAnOwnerRenamedOnAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let realm = try Realm(configuration: configuration)
        let dog = RLDog(value: ["dogName": "Cookie", "age": 10])
        try realm.write { realm.add(RLOwner(value: ["name": "Andrea", "dog": dog])) }
        let wrappers = RLWrappers(owners: dog.owners)
        #expect(wrappers.owners?.count == 1)
        #expect(wrappers.owners?.first?.name == "Andrea")
        let seen = SharedValue<[String]>([])
        runOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            var values = ["\(wrappers.owners?.count ?? -1) \(wrappers.owners?.first?.name ?? "-")"]
            try? other.write { wrappers.owners?.first?.name = "Mike" }
            values.append("\(wrappers.owners?.count ?? -1) \(wrappers.owners?.first?.name ?? "-")")
            seen.value = values
        }
        #expect(seen.value == ["1 Andrea", "1 Mike"])
        #expect(wrappers.owners?.count == 1)
        #expect(wrappers.owners?.first?.name == "Mike")
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperToAnyRealmCollection
    @Test func threadSafeErasedCollectionsReadTheSameOnAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: Self.configuration(directory))
        let company = try Self.companyOfFour(in: realm)
        let wrappers = RLWrappers(
            anyResults: AnyRealmCollection(
                realm.objects(RLEmployee.self).filter("name != 'C'").sorted(byKeyPath: "name", ascending: false)),
            anyList: AnyRealmCollection(company.employees), anySet: AnyRealmCollection(company.employeeSet))
        let describe: @Sendable () -> [String] = {
            [
                "\(wrappers.anyResults?.count ?? -1)", wrappers.anyResults?.prefix(3).map(\.name).joined() ?? "nil",
                wrappers.anyList?.map(\.name).joined() ?? "nil",
                wrappers.anySet?.map(\.name).sorted().joined() ?? "nil",
            ]
        }
        #expect(describe() == ["6", "DDB", "ABCD", "ABCD"])
        let seen = SharedValue<[String]>([])
        runOnNewThread { seen.value = describe() }
        #expect(seen.value == ["6", "DDB", "ABCD", "ABCD"])
    }

    // ThreadSafeReferenceTests.testThreadSafeMultipleDispatch
    @Test func aThreadSafeObjectIsWrittenFromManyThreadsAtOnce() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: Self.configuration(directory))
        let object = try realm.write { realm.create(RLText.self, value: ["text": "before"]) }
        let wrappers = RLWrappers(text: object)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            let text = wrappers.text
            try? text?.realm?.write { text?.text = "middle" }
        }
        #expect(wrappers.text?.text != "before")
        #expect(wrappers.text?.text == "middle")
    }
}
