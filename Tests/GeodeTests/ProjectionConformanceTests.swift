import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/ProjectionTests.swift and
// ProjectedCollectTests.swift that no other suite restates yet, with Realm's
// models (CommonPerson and its links, SimpleObject, ModernAllTypesObject,
// PersistedCollections) restated as `@Persisted` classes prefixed `PJC`. Each
// test names the realm-swift test it comes from; the values asserted are the
// ones Realm's tests assert.
//
// Restated elsewhere, and left out here:
// - testProjectionManualInit, testDescription, testProjectionFromResultSortedBirthday,
//   testFreezeInsideWriteTransaction (its second half), testThawUpdatedOnDifferentThread,
//   testThawCreatedOnDifferentThread: ProjectionConfigConformanceTests;
// - testProjectionEquality, testIsFrozen, testDescription: ProjectionSeedTests;
// - testObserveComputedChange and testObserveMultipleProjectionsFromOneProperty on this
//   thread: KeyPathObserveTests (restated here for a write made by another thread);
// - testFreezingFrozenObjectReturnsSelf (equality), testFrozenObjectEquality, testThawDeleted,
//   testThawPreviousVersion, testAdvancedProjection, and ProjectedCollectTests' testCount,
//   testAccess, testRealm, testDescription, testFilterFormat, testSortWithProperty for a
//   set: ResultsConformanceTests.
// - ProjectedCollectTests' testObserve, testObserveKeyPathNoChange, observeOnQueue and
//   testObserveFrozenCollection (observing a `ProjectedCollection`):
//   ProjectedCollectionObservationTests.
// What is restated here: projections read from results (first, filtered, sorted, enumerated),
// every kind of property Realm's all-types projection passes through that the subset in
// ProjectionConfigConformanceTests leaves out, the change notifications of those properties
// (testAllPropertyTypesNotifications), observation of writes made by another thread
// (testObserveKeyPath, testObserveNestedProjection, testObserveComputedChange,
// testObserveMultipleProjectionsFromOneProperty), the frozen-projection rules Realm enforces
// by stopping (freezing a deleted object or one created in the write, writing to or observing
// a frozen realm), testFailedProjection, and ProjectedCollectTests' setting of an element,
// freezing, thawing and invalidation of the collection itself.
//
// Left out:
// - testAllPropertyTypes: it observes a projection with Key-Value Observing
//   (`addObserver(_:forKeyPath:)`), which Foundation on Linux does not have.
// - testObserveOnActor (not among the facts asked for here): it needs a custom global actor.
//
// Realm's "throws" here are Objective-C exceptions that stop a Swift program; Geode stops
// too, which exit tests observe. Realm waits for notifications with expectations; here the
// changes an observer heard are collected and compared after the write (on this thread) or
// after `refresh()` (a write made by another thread).

// MARK: - Models

final class PJCMobile: EmbeddedObject {
    @Persisted var number = ""
}

final class PJCPhone: Object {
    @Persisted var mobile: PJCMobile?
}

final class PJCExtras: Object {
    @Persisted var phone: PJCPhone?
    @Persisted var email: String?
}

final class PJCAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var country = ""
}

/// Realm's `CommonPerson`.
final class PJCPerson: Object {
    @Persisted var firstName = ""
    @Persisted var lastName = ""
    @Persisted var birthday = Date(timeIntervalSince1970: 0)
    @Persisted var address: PJCAddress?
    @Persisted var extras: PJCExtras?
    @Persisted var friends: List<PJCPerson>
}

extension PJCPerson {
    /// A value computed from a persisted one (read-only).
    var lastNameCaps: String { lastName.localizedUppercase }
}

/// Realm's `PersonProjection`.
final class PJCPersonView: Projection<PJCPerson> {
    @Projected(\PJCPerson.firstName) var firstName
    @Projected(\PJCPerson.lastName.localizedUppercase) var lastNameCaps
    @Projected(\PJCPerson.birthday.timeIntervalSince1970) var birthdayEpoch
    @Projected(\PJCPerson.address?.city) var homeCity
    @Projected(\PJCPerson.extras?.email) var email
    @Projected(\PJCPerson.extras?.phone?.mobile?.number) var mobile
    @Projected(\PJCPerson.friends.projectTo.firstName) var friendNames: ProjectedCollection<String>
}

/// Realm's `SimpleObject`, with a property that is not persisted (Realm's `ignored`).
final class PJCSimple: Object {
    @Persisted var int = 0
    @Persisted var bool = false
    var ignored = 1
}

final class PJCSimpleView: Projection<PJCSimple> {
    @Projected(\PJCSimple.int) var int
}

/// Realm's `MultipleProjectionsFromOneProperty`.
final class PJCThreeInts: Projection<PJCSimple> {
    @Projected(\PJCSimple.int) var int1
    @Projected(\PJCSimple.int) var int2
    @Projected(\PJCSimple.int) var int3
}

/// Realm's `FailedProjection`: it projects a property that is not persisted.
final class PJCFailedView: Projection<PJCSimple> {
    @Projected(\PJCSimple.ignored) var ignored
}

enum PJCIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

enum PJCStringEnum: String, PersistableEnum {
    case value1 = "a"
    case value2 = "c"
    case value3 = "e"
}

/// The part of Realm's `ModernAllTypesObject` that the subset in
/// ProjectionConfigConformanceTests leaves out.
final class PJCAllTypes: Object {
    @Persisted(primaryKey: true) var pk: ObjectId
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var int8Col: Int8 = 0
    @Persisted var int16Col: Int16 = 0
    @Persisted var int32Col: Int32 = 0
    @Persisted var int64Col: Int64 = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol: Double = 0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var decimalCol: Decimal128
    @Persisted var objectIdCol: ObjectId
    @Persisted var objectCol: PJCAllTypes?
    @Persisted var arrayCol: List<PJCAllTypes>
    @Persisted var setCol: MutableSet<PJCAllTypes>
    @Persisted var anyCol: AnyRealmValue
    @Persisted var uuidCol: UUID
    @Persisted var intEnumCol = PJCIntEnum.value1
    @Persisted var stringEnumCol = PJCStringEnum.value1

    @Persisted var optIntCol: Int?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt64Col: Int64?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntEnumCol: PJCIntEnum?
    @Persisted var optStringEnumCol: PJCStringEnum?

    @Persisted var arrayInt: List<Int>
    @Persisted var arrayString: List<String>
    @Persisted var arrayDate: List<Date>
    @Persisted var arrayDecimal: List<Decimal128>
    @Persisted var arrayAny: List<AnyRealmValue>
    @Persisted var arrayUuid: List<UUID>
    @Persisted var arrayOptString: List<String?>
    @Persisted var arrayOptObjectId: List<ObjectId?>

    @Persisted var setInt: MutableSet<Int>
    @Persisted var setDouble: MutableSet<Double>
    @Persisted var setBinary: MutableSet<Data>
    @Persisted var setAny: MutableSet<AnyRealmValue>
    @Persisted var setOptInt: MutableSet<Int?>
    @Persisted var setOptUuid: MutableSet<UUID?>

    @Persisted var mapBool: Map<String, Bool>
    @Persisted var mapString: Map<String, String>
    @Persisted var mapDate: Map<String, Date>
    @Persisted var mapAny: Map<String, AnyRealmValue>
    @Persisted var mapOptDecimal: Map<String, Decimal128?>
    @Persisted var mapOptObjectId: Map<String, ObjectId?>

    @Persisted(originProperty: "objectCol") var linkingObjects: LinkingObjects<PJCAllTypes>
}

/// Realm's `AllTypesPrimitiveProjection`, over the properties above.
final class PJCAllTypesView: Projection<PJCAllTypes> {
    @Projected(\PJCAllTypes.pk) var pk
    @Projected(\PJCAllTypes.boolCol) var boolCol
    @Projected(\PJCAllTypes.intCol) var intCol
    @Projected(\PJCAllTypes.int8Col) var int8Col
    @Projected(\PJCAllTypes.int16Col) var int16Col
    @Projected(\PJCAllTypes.int32Col) var int32Col
    @Projected(\PJCAllTypes.int64Col) var int64Col
    @Projected(\PJCAllTypes.floatCol) var floatCol
    @Projected(\PJCAllTypes.doubleCol) var doubleCol
    @Projected(\PJCAllTypes.stringCol) var stringCol
    @Projected(\PJCAllTypes.binaryCol) var binaryCol
    @Projected(\PJCAllTypes.dateCol) var dateCol
    @Projected(\PJCAllTypes.decimalCol) var decimalCol
    @Projected(\PJCAllTypes.objectIdCol) var objectIdCol
    @Projected(\PJCAllTypes.objectCol) var objectCol
    @Projected(\PJCAllTypes.arrayCol) var arrayCol
    @Projected(\PJCAllTypes.setCol) var setCol
    @Projected(\PJCAllTypes.anyCol) var anyCol
    @Projected(\PJCAllTypes.uuidCol) var uuidCol
    @Projected(\PJCAllTypes.intEnumCol) var intEnumCol
    @Projected(\PJCAllTypes.stringEnumCol) var stringEnumCol

    @Projected(\PJCAllTypes.optIntCol) var optIntCol
    @Projected(\PJCAllTypes.optInt16Col) var optInt16Col
    @Projected(\PJCAllTypes.optInt64Col) var optInt64Col
    @Projected(\PJCAllTypes.optDoubleCol) var optDoubleCol
    @Projected(\PJCAllTypes.optBoolCol) var optBoolCol
    @Projected(\PJCAllTypes.optStringCol) var optStringCol
    @Projected(\PJCAllTypes.optBinaryCol) var optBinaryCol
    @Projected(\PJCAllTypes.optDecimalCol) var optDecimalCol
    @Projected(\PJCAllTypes.optObjectIdCol) var optObjectIdCol
    @Projected(\PJCAllTypes.optUuidCol) var optUuidCol
    @Projected(\PJCAllTypes.optIntEnumCol) var optIntEnumCol
    @Projected(\PJCAllTypes.optStringEnumCol) var optStringEnumCol

    @Projected(\PJCAllTypes.arrayInt) var arrayInt
    @Projected(\PJCAllTypes.arrayString) var arrayString
    @Projected(\PJCAllTypes.arrayDate) var arrayDate
    @Projected(\PJCAllTypes.arrayDecimal) var arrayDecimal
    @Projected(\PJCAllTypes.arrayAny) var arrayAny
    @Projected(\PJCAllTypes.arrayUuid) var arrayUuid
    @Projected(\PJCAllTypes.arrayOptString) var arrayOptString
    @Projected(\PJCAllTypes.arrayOptObjectId) var arrayOptObjectId

    @Projected(\PJCAllTypes.setInt) var setInt
    @Projected(\PJCAllTypes.setDouble) var setDouble
    @Projected(\PJCAllTypes.setBinary) var setBinary
    @Projected(\PJCAllTypes.setAny) var setAny
    @Projected(\PJCAllTypes.setOptInt) var setOptInt
    @Projected(\PJCAllTypes.setOptUuid) var setOptUuid

    @Projected(\PJCAllTypes.mapBool) var mapBool
    @Projected(\PJCAllTypes.mapString) var mapString
    @Projected(\PJCAllTypes.mapDate) var mapDate
    @Projected(\PJCAllTypes.mapAny) var mapAny
    @Projected(\PJCAllTypes.mapOptDecimal) var mapOptDecimal
    @Projected(\PJCAllTypes.mapOptObjectId) var mapOptObjectId

    @Projected(\PJCAllTypes.linkingObjects) var linkingObjects
}

/// Realm's `PersistedCollections` and `ProjectedCollections`.
final class PJCCollections: Object {
    @Persisted var list: List<PJCPerson>
    @Persisted var set: MutableSet<PJCPerson>
}

final class PJCCollectionsView: Projection<PJCCollections> {
    @Projected(\PJCCollections.list.projectTo.firstName) var list: ProjectedCollection<String>
    @Projected(\PJCCollections.set.projectTo.firstName) var set: ProjectedCollection<String>
    @Projected(\PJCCollections.list.projectTo.lastNameCaps) var lastNamesCaps: ProjectedCollection<String>
}

// MARK: - Helpers

/// Runs `body` on a new thread and waits until it has finished.
private func pjcOnAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// Runs `body` with a realm of `configuration` on a new thread, and waits until it has finished.
private func pjcWriteOnAnotherThread(_ configuration: Realm.Configuration, _ body: @escaping @Sendable (Realm) -> Void)
{
    pjcOnAnotherThread {
        if let realm = try? Realm(configuration: configuration) { body(realm) }
    }
}

/// Marks in an exit test's standard error that its setup finished.
private func pjcReady() {
    FileHandle.standardError.write(Data("PJC-READY\n".utf8))
}

/// The standard error of an exit test, as text.
private func pjcStandardError(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

/// What a projection observer heard: `name: old → new` for each changed property.
private final class PJCHeard<T> {
    var changes: [String] = []
    var properties: [[PropertyChange]] = []

    func callAsFunction(_ change: ObjectChange<T>) {
        switch change {
        case let .change(_, properties):
            self.properties.append(properties)
            changes.append(
                properties.map { "\($0.name): \(Self.text($0.oldValue)) → \(Self.text($0.newValue))" }
                    .joined(separator: ", "))
        case .deleted: changes.append("deleted")
        case let .error(error): changes.append("error \(error)")
        }
    }

    private static func text(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if case Optional<Any>.none = value { return "nil" }
        return "\(value)"
    }
}

@Suite struct ProjectionConformanceTests {
    static let types: [ObjectBase.Type] = [
        PJCPerson.self, PJCExtras.self, PJCPhone.self, PJCSimple.self, PJCAllTypes.self, PJCCollections.self,
    ]

    static let objectId = try? ObjectId(string: "6058f12b957ba06156586a7c")
    static let uuid = UUID(uuidString: "6b28ec45-b29a-4b0a-bd6a-343c7f6d90fd")

    /// Realm's `populatedRealm()` people: John Snow (born at 10 s, in Winterfell, with an
    /// e-mail and a mobile) and Daenerys Targaryen (born at 0 s, in King's Landing), friends.
    private func addPeople(_ realm: Realm) throws {
        try realm.write {
            let extras: [String: Any] = ["phone": ["mobile": ["number": "555-555-555"]], "email": "john@doe.com"]
            let john = realm.create(
                PJCPerson.self,
                value: [
                    "firstName": "John", "lastName": "Snow", "birthday": Date(timeIntervalSince1970: 10),
                    "address": ["city": "Winterfell", "country": "Kingdom in the North"], "extras": extras,
                ] as [String: Any])
            let dany = realm.create(
                PJCPerson.self,
                value: [
                    "firstName": "Daenerys", "lastName": "Targaryen", "birthday": Date(timeIntervalSince1970: 0),
                    "address": ["city": "King's Landing", "country": "Westeros"],
                ] as [String: Any])
            john.friends.append(dany)
            dany.friends.append(john)
        }
    }

    /// Realm's `simpleProjection()`: a projection of a new object whose `int` is 0.
    private func simpleView(_ realm: Realm) throws -> PJCSimpleView {
        PJCSimpleView(projecting: try realm.write { realm.create(PJCSimple.self) })
    }
}

// MARK: - Projections read from results

extension ProjectionConformanceTests {
    /// realm-swift ProjectionTests.swift, testProjectionFromResult, testProjectionFromResultFiltered,
    /// testProjectionFromResultSorted, testProjectionEnumeration and
    /// testProjectionsRealmShouldNotBeNil.
    @Test func projectionsFromResultsReadTheirObjectsFirstFilteredSortedAndEnumerated() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try addPeople(realm)
        let views = realm.objects(PJCPersonView.self)

        let first = try #require(views.first)
        #expect(first.homeCity == "Winterfell")
        #expect(first.birthdayEpoch == Date(timeIntervalSince1970: 10).timeIntervalSince1970)
        #expect(first.friendNames.first == "Daenerys")
        #expect(first.realm != nil)

        let filtered = try #require(views.filter("lastName == 'Snow'").first)
        #expect(filtered.homeCity == "Winterfell")
        #expect(filtered.birthdayEpoch == Date(timeIntervalSince1970: 10).timeIntervalSince1970)
        #expect(filtered.friendNames.first == "Daenerys")

        let sorted = try #require(views.sorted(byKeyPath: "firstName").first)
        #expect(sorted.homeCity == "King's Landing")
        #expect(sorted.birthdayEpoch == Date(timeIntervalSince1970: 0).timeIntervalSince1970)
        #expect(sorted.friendNames.first == "John")

        #expect(views.count > 0)
        var enumerated = 0
        for view in views {
            #expect(view.realm != nil)
            enumerated += 1
        }
        #expect(enumerated == 2)
    }
}

// MARK: - Every kind of property

extension ProjectionConformanceTests {
    /// Realm's `allTypeValues`, for the properties of `PJCAllTypes`.
    static func allTypeValues() throws -> [String: Any] {
        let objectId = try #require(Self.objectId)
        let uuid = try #require(Self.uuid)
        let uuid2 = try #require(UUID(uuidString: "6b28ec45-b29a-4b0a-bd6a-343c7f6d90fe"))
        let pk = try ObjectId(string: "6058f12682b2fbb1f334ef1e")
        let arrayPKs = try ["6058f12682b2fbb1f334ef1d", "6058f12d42e5a393e67538d0"].map(ObjectId.init(string:))
        let setPKs = try ["6058f12d42e5a393e67538d1", "6058f12682b2fbb1f334ef1f", "507f1f77bcf86cd799439011"].map(
            ObjectId.init(string:))
        return [
            "pk": pk, "boolCol": true, "intCol": 10, "int8Col": Int8(11), "int16Col": Int16(12),
            "int32Col": Int32(13), "int64Col": Int64(14), "floatCol": Float(15), "doubleCol": Double(16),
            "stringCol": "a", "binaryCol": Data("b".utf8), "dateCol": Date(timeIntervalSince1970: 17),
            "decimalCol": Decimal128(18), "objectIdCol": objectId,
            "objectCol": ["pk": try ObjectId(string: "6058f12682b2fbb1f334ef20"), "intCol": 1] as [String: Any],
            "arrayCol": [["pk": arrayPKs[0], "intCol": 2], ["pk": arrayPKs[1], "intCol": 3]] as [[String: Any]],
            "setCol": [
                ["pk": setPKs[0], "intCol": 4], ["pk": setPKs[1], "intCol": 5], ["pk": setPKs[2], "intCol": 6],
            ]
                as [[String: Any]],
            "anyCol": AnyRealmValue.int(20), "uuidCol": uuid, "intEnumCol": PJCIntEnum.value2,
            "stringEnumCol": PJCStringEnum.value3,
            "optBoolCol": false, "optIntCol": 30, "optInt16Col": Int16(32), "optInt64Col": Int64(34),
            "optDoubleCol": Double(36), "optStringCol": "c", "optBinaryCol": Data("d".utf8),
            "optDecimalCol": Decimal128(38), "optObjectIdCol": objectId, "optUuidCol": uuid,
            "optIntEnumCol": PJCIntEnum.value1, "optStringEnumCol": PJCStringEnum.value1,
            "arrayInt": [1, 1, 2, 3], "arrayString": ["a", "b", "c"],
            "arrayDate": [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1)],
            "arrayDecimal": [Decimal128(1), Decimal128(2)],
            "arrayAny": [.none, .int(1), .string("a"), .none] as [AnyRealmValue], "arrayUuid": [uuid, uuid2],
            "arrayOptString": ["a", "b", "c", nil] as [String?], "arrayOptObjectId": [objectId, nil] as [ObjectId?],
            "setInt": [1, 1, 2, 3], "setDouble": [1.0, 2.0, 3.0, 1.0], "setBinary": [Data("a".utf8)],
            "setAny": [.none, .int(1), .string("a"), .none] as [AnyRealmValue],
            "setOptInt": [1, 1, 2, 3, nil] as [Int?], "setOptUuid": [uuid, uuid2, nil] as [UUID?],
            "mapBool": ["1": true, "2": false], "mapString": ["1": "a", "2": "b", "3": "c"],
            "mapDate": ["1": Date(timeIntervalSince1970: 1), "2": Date(timeIntervalSince1970: 2)],
            "mapAny": ["1": .none, "2": .int(1), "3": .string("a"), "4": .none] as [String: AnyRealmValue],
            "mapOptDecimal": ["1": Decimal128(1), "2": Decimal128(2), "3": nil] as [String: Decimal128?],
            "mapOptObjectId": ["1": objectId, "2": nil] as [String: ObjectId?],
        ]
    }

    /// The object of `allTypeValues()` (Realm's `realm.create(ModernAllTypesObject.self, value:)`).
    private func allTypesView(_ realm: Realm) throws -> PJCAllTypesView {
        let values = try Self.allTypeValues()
        let pk = try #require(values["pk"] as? ObjectId)
        try realm.write { realm.create(PJCAllTypes.self, value: values) }
        return try #require(realm.objects(PJCAllTypesView.self).filter("pk == %@", pk).first)
    }

    /// realm-swift ProjectionTests.swift, testProjectionForAllRealmTypes (the properties the subset
    /// in ProjectionConfigConformanceTests leaves out): numbers of every width, strings, dates,
    /// links, lists and sets of objects, optionals, and lists, sets and maps of values.
    @Test func everyOtherKindOfPropertyPassesThroughAProjection() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let view = try allTypesView(realm)
        let objectId = try #require(Self.objectId)
        let uuid = try #require(Self.uuid)
        let uuid2 = try #require(UUID(uuidString: "6b28ec45-b29a-4b0a-bd6a-343c7f6d90fe"))

        #expect(view.boolCol == true)
        #expect(view.intCol == 10)
        #expect(view.int8Col == 11)
        #expect(view.int16Col == 12)
        #expect(view.int32Col == 13)
        #expect(view.int64Col == 14)
        #expect(view.floatCol == 15)
        #expect(view.doubleCol == 16)
        #expect(view.stringCol == "a")
        #expect(view.binaryCol == Data("b".utf8))
        #expect(view.dateCol == Date(timeIntervalSince1970: 17))
        #expect(view.decimalCol == Decimal128(18))
        #expect(view.objectIdCol == objectId)
        #expect(view.objectCol?.intCol == 1)
        #expect(view.arrayCol.count == 2)
        #expect(view.arrayCol.map(\.intCol) == [2, 3])
        #expect(view.setCol.count == 3)
        #expect(Set(view.setCol.map(\.intCol)) == [4, 5, 6])
        #expect(view.anyCol == .int(20))
        #expect(view.uuidCol == uuid)
        #expect(view.intEnumCol == .value2)
        #expect(view.stringEnumCol == .value3)

        #expect(view.optBoolCol == false)
        #expect(view.optIntCol == 30)
        #expect(view.optInt16Col == 32)
        #expect(view.optInt64Col == 34)
        #expect(view.optDoubleCol == 36)
        #expect(view.optStringCol == "c")
        #expect(view.optBinaryCol == Data("d".utf8))
        #expect(view.optDecimalCol == Decimal128(38))
        #expect(view.optObjectIdCol == objectId)
        #expect(view.optUuidCol == uuid)
        #expect(view.optIntEnumCol == .value1)
        #expect(view.optStringEnumCol == .value1)

        #expect(Array(view.arrayInt) == [1, 1, 2, 3])
        #expect(Array(view.arrayString) == ["a", "b", "c"])
        #expect(Array(view.arrayDate) == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1)])
        #expect(Array(view.arrayDecimal) == [Decimal128(1), Decimal128(2)])
        #expect(Array(view.arrayAny) == [.none, .int(1), .string("a"), .none])
        #expect(Array(view.arrayUuid) == [uuid, uuid2])
        #expect(Array(view.arrayOptString) == ["a", "b", "c", nil])
        #expect(Array(view.arrayOptObjectId) == [objectId, nil])

        #expect(view.setInt.count == 3 && Set(view.setInt) == [1, 2, 3])
        #expect(view.setDouble.count == 3 && Set(view.setDouble) == [1, 2, 3])
        #expect(view.setBinary.count == 1 && Set(view.setBinary) == [Data("a".utf8)])
        #expect(view.setAny.count == 3 && Set(view.setAny) == [.none, .int(1), .string("a")])
        #expect(view.setOptInt.count == 4 && Set(view.setOptInt) == [1, 2, 3, nil])
        #expect(view.setOptUuid.count == 3 && Set(view.setOptUuid) == [uuid, uuid2, nil])

        #expect(view.mapBool.count == 2 && view.mapBool["1"] == true && view.mapBool["2"] == false)
        #expect(view.mapString.count == 3 && view.mapString["3"] == "c")
        #expect(view.mapDate.count == 2 && view.mapDate["2"] == Date(timeIntervalSince1970: 2))
        #expect(view.mapAny.count == 4 && view.mapAny["1"] == AnyRealmValue.none && view.mapAny["3"] == .string("a"))
        #expect(view.mapOptDecimal.count == 3 && view.mapOptDecimal["1"] == .some(Decimal128(1)))
        #expect(view.mapOptDecimal["3"] == .some(nil))
        #expect(view.mapOptObjectId.count == 2 && view.mapOptObjectId["1"] == .some(objectId))
        #expect(view.mapOptObjectId["2"] == .some(nil))

        #expect(view.linkingObjects.isEmpty)
        #expect(view.objectCol?.linkingObjects.count == 1)
    }
}

// MARK: - Notifications of every kind of property

extension ProjectionConformanceTests {
    /// What an observer of `keyPath` of `view` heard of a write made on another thread (which
    /// also changes `int8Col`, to show that the key path filters), after this realm refreshed.
    private func heardFromAnotherThread<V>(
        _ view: PJCAllTypesView, _ keyPath: KeyPath<PJCAllTypesView, V>,
        _ write: @escaping @Sendable (PJCAllTypes) -> Void
    ) throws -> [[PropertyChange]] {
        let realm = try #require(view.realm)
        let heard = PJCHeard<PJCAllTypesView>()
        let token = view.observe(keyPaths: [keyPath]) { heard($0) }
        defer { token.invalidate() }
        let pk = view.pk
        pjcWriteOnAnotherThread(realm.configuration) { other in
            guard let object = other.object(ofType: PJCAllTypes.self, forPrimaryKey: pk) else { return }
            try? other.write {
                object.int8Col = 5
                write(object)
            }
        }
        realm.refresh()
        return heard.properties
    }

    /// Realm's `observeKeyPathChange` for a value: one change, of the property named `name`,
    /// from the value the projection read before to `new`.
    private func expectValueChange<V: Equatable>(
        _ view: PJCAllTypesView, _ keyPath: KeyPath<PJCAllTypesView, V>, _ name: String, _ new: V,
        sourceLocation: SourceLocation = #_sourceLocation, _ write: @escaping @Sendable (PJCAllTypes) -> Void
    ) throws {
        let old = view[keyPath: keyPath]
        let heard = try heardFromAnotherThread(view, keyPath, write)
        #expect(heard.count == 1, "\(name): \(heard)", sourceLocation: sourceLocation)
        guard let properties = heard.first else { return }
        #expect(properties.count == 1, "\(name): \(properties)", sourceLocation: sourceLocation)
        guard let property = properties.first else { return }
        #expect(property.name == name, sourceLocation: sourceLocation)
        let oldValue = property.oldValue as? V
        let newValue = property.newValue as? V
        #expect(oldValue != newValue, "\(name)", sourceLocation: sourceLocation)
        #expect(oldValue == old, "\(name)", sourceLocation: sourceLocation)
        #expect(newValue == new, "\(name)", sourceLocation: sourceLocation)
    }

    /// realm-swift ProjectionTests.swift, testAllPropertyTypesNotifications (values): a write on
    /// another thread is heard, through the projection's key path alone, with the old and the new value.
    @Test func eachValuePropertyIsHeardThroughItsProjectedKeyPathWithOldAndNewValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let view = try allTypesView(realm)
        let data = Data("c".utf8)
        let date = Date(timeIntervalSince1970: 7)
        let decimal = Decimal128(3)
        let objectId = ObjectId.generate()
        let uuid = UUID()

        try expectValueChange(view, \.boolCol, "boolCol", false) { $0.boolCol = false }
        try expectValueChange(view, \.intCol, "intCol", 2) { $0.intCol = 2 }
        try expectValueChange(view, \.int8Col, "int8Col", 2) { $0.int8Col = 2 }
        try expectValueChange(view, \.int16Col, "int16Col", 2) { $0.int16Col = 2 }
        try expectValueChange(view, \.int32Col, "int32Col", 2) { $0.int32Col = 2 }
        try expectValueChange(view, \.int64Col, "int64Col", 2) { $0.int64Col = 2 }
        try expectValueChange(view, \.floatCol, "floatCol", 2) { $0.floatCol = 2 }
        try expectValueChange(view, \.doubleCol, "doubleCol", 2) { $0.doubleCol = 2 }
        try expectValueChange(view, \.stringCol, "stringCol", "def") { $0.stringCol = "def" }
        try expectValueChange(view, \.binaryCol, "binaryCol", data) { $0.binaryCol = data }
        try expectValueChange(view, \.dateCol, "dateCol", date) { $0.dateCol = date }
        try expectValueChange(view, \.decimalCol, "decimalCol", decimal) { $0.decimalCol = decimal }
        try expectValueChange(view, \.objectIdCol, "objectIdCol", objectId) { $0.objectIdCol = objectId }
        try expectValueChange(view, \.anyCol, "anyCol", .int(22)) { $0.anyCol = .int(22) }
        try expectValueChange(view, \.uuidCol, "uuidCol", uuid) { $0.uuidCol = uuid }
        try expectValueChange(view, \.intEnumCol, "intEnumCol", .value3) { $0.intEnumCol = .value3 }
        try expectValueChange(view, \.stringEnumCol, "stringEnumCol", .value2) { $0.stringEnumCol = .value2 }
        try expectValueChange(view, \.optIntCol, "optIntCol", 2) { $0.optIntCol = 2 }
        try expectValueChange(view, \.optInt16Col, "optInt16Col", 2) { $0.optInt16Col = 2 }
        try expectValueChange(view, \.optInt64Col, "optInt64Col", 2) { $0.optInt64Col = 2 }
        try expectValueChange(view, \.optDoubleCol, "optDoubleCol", 2) { $0.optDoubleCol = 2 }
        try expectValueChange(view, \.optBoolCol, "optBoolCol", true) { $0.optBoolCol = true }
        try expectValueChange(view, \.optStringCol, "optStringCol", "def") { $0.optStringCol = "def" }
        try expectValueChange(view, \.optBinaryCol, "optBinaryCol", data) { $0.optBinaryCol = data }
        try expectValueChange(view, \.optDecimalCol, "optDecimalCol", decimal) { $0.optDecimalCol = decimal }
        try expectValueChange(view, \.optObjectIdCol, "optObjectIdCol", objectId) { $0.optObjectIdCol = objectId }
        try expectValueChange(view, \.optUuidCol, "optUuidCol", uuid) { $0.optUuidCol = uuid }
        try expectValueChange(view, \.optIntEnumCol, "optIntEnumCol", .value2) { $0.optIntEnumCol = .value2 }
        try expectValueChange(view, \.optStringEnumCol, "optStringEnumCol", .value2) {
            $0.optStringEnumCol = .value2
        }

        // A link: Realm checks only that one change of the property is heard.
        let heard = try heardFromAnotherThread(view, \.objectCol) {
            $0.objectCol = PJCAllTypes(value: ["pk": ObjectId.generate(), "intCol": 2])
        }
        #expect(heard.map { $0.map(\.name) } == [["objectCol"]])
    }

    /// Realm's `observeKeyPathChange` for a collection, written on this thread: one change, of
    /// the property named `name`, with no old value and the projection's own collection as the new one.
    private func expectCollectionChange<C: AnyObject>(
        _ view: PJCAllTypesView, _ keyPath: KeyPath<PJCAllTypesView, C>, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation, _ write: (PJCAllTypes) -> Void
    ) throws -> C? {
        let realm = try #require(view.realm)
        let heard = PJCHeard<PJCAllTypesView>()
        var delivered: PJCAllTypesView?
        let token = view.observe(keyPaths: [keyPath]) { change in
            if case let .change(projection, _) = change { delivered = projection }
            heard(change)
        }
        defer { token.invalidate() }
        try realm.write {
            view.rootObject.int8Col = 5
            write(view.rootObject)
        }
        #expect(heard.properties.count == 1, "\(name): \(heard.changes)", sourceLocation: sourceLocation)
        guard let properties = heard.properties.first, let projection = delivered else { return nil }
        #expect(properties.count == 1, "\(name): \(heard.changes)", sourceLocation: sourceLocation)
        guard let property = properties.first else { return nil }
        #expect(property.name == name, sourceLocation: sourceLocation)
        #expect(property.oldValue == nil, "\(name)", sourceLocation: sourceLocation)
        let new = property.newValue as? C
        #expect(new != nil, "\(name): \(String(describing: property.newValue))", sourceLocation: sourceLocation)
        #expect(new === projection[keyPath: keyPath], "\(name)", sourceLocation: sourceLocation)
        return new
    }

    /// realm-swift ProjectionTests.swift, testAllPropertyTypesNotifications (lists, sets and maps):
    /// a collection changed on this thread is heard through the projection's key path alone,
    /// without an old value, and with the projection's collection, now holding the new element.
    @Test func eachCollectionPropertyIsHeardThroughItsProjectedKeyPathWithTheCollection() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let view = try allTypesView(realm)
        let date = Date(timeIntervalSince1970: 7)
        let decimal = Decimal128(3)
        let objectId = ObjectId.generate()
        let uuid = UUID()

        let ints = try expectCollectionChange(view, \.arrayInt, "arrayInt") { $0.arrayInt.append(4) }
        #expect(ints.map { Array($0) } == [1, 1, 2, 3, 4])
        let strings = try expectCollectionChange(view, \.arrayString, "arrayString") { $0.arrayString.append("d") }
        #expect(strings.map { Array($0) } == ["a", "b", "c", "d"])
        let dates = try expectCollectionChange(view, \.arrayDate, "arrayDate") { $0.arrayDate.append(date) }
        #expect(dates?.last == date)
        let decimals = try expectCollectionChange(view, \.arrayDecimal, "arrayDecimal") {
            $0.arrayDecimal.append(decimal)
        }
        #expect(decimals?.last == decimal)
        let anys = try expectCollectionChange(view, \.arrayAny, "arrayAny") { $0.arrayAny.append(.int(22)) }
        #expect(anys.map { Array($0) } == [.none, .int(1), .string("a"), .none, .int(22)])
        let uuids = try expectCollectionChange(view, \.arrayUuid, "arrayUuid") { $0.arrayUuid.append(uuid) }
        #expect(uuids?.count == 3 && uuids?.last == uuid)
        let optStrings = try expectCollectionChange(view, \.arrayOptString, "arrayOptString") {
            $0.arrayOptString.append("d")
        }
        #expect(optStrings.map { Array($0) } == ["a", "b", "c", nil, "d"])
        let optIds = try expectCollectionChange(view, \.arrayOptObjectId, "arrayOptObjectId") {
            $0.arrayOptObjectId.append(objectId)
        }
        #expect(optIds?.last == .some(objectId))

        let setInts = try expectCollectionChange(view, \.setInt, "setInt") { $0.setInt.insert(4) }
        #expect(setInts.map { Set($0) } == [1, 2, 3, 4])
        let setDoubles = try expectCollectionChange(view, \.setDouble, "setDouble") { $0.setDouble.insert(4) }
        #expect(setDoubles.map { Set($0) } == [1, 2, 3, 4])
        let setAnys = try expectCollectionChange(view, \.setAny, "setAny") { $0.setAny.insert(.int(22)) }
        #expect(setAnys.map { Set($0) } == [.none, .int(1), .string("a"), .int(22)])
        let setOptInts = try expectCollectionChange(view, \.setOptInt, "setOptInt") { $0.setOptInt.insert(4) }
        #expect(setOptInts.map { Set($0) } == [1, 2, 3, 4, nil])

        let bools = try expectCollectionChange(view, \.mapBool, "mapBool") { $0.mapBool["1"] = false }
        #expect(bools?.count == 2 && bools?["1"] == false && bools?["2"] == false)
        let mapStrings = try expectCollectionChange(view, \.mapString, "mapString") { $0.mapString["1"] = "d" }
        #expect(mapStrings?.count == 3 && mapStrings?["1"] == "d" && mapStrings?["2"] == "b")
        let mapAnys = try expectCollectionChange(view, \.mapAny, "mapAny") { $0.mapAny["1"] = .int(22) }
        #expect(mapAnys?.count == 4 && mapAnys?["1"] == .int(22))
        let mapDecimals = try expectCollectionChange(view, \.mapOptDecimal, "mapOptDecimal") {
            $0.mapOptDecimal["1"] = decimal
        }
        #expect(mapDecimals?.count == 3 && mapDecimals?["1"] == .some(decimal))
    }
}

// MARK: - Observing writes made by another thread

extension ProjectionConformanceTests {
    /// realm-swift ProjectionTests.swift, testObserveKeyPath: a projection observed by a root
    /// property's name hears another thread's write of it (here at this realm's refresh).
    @Test func aProjectionObservedByARootPropertyNameHearsAnotherThreadsWrite() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try addPeople(realm)
        let john = try #require(realm.objects(PJCPersonView.self).filter("lastName == 'Snow'").first)
        let heard = PJCHeard<PJCPersonView>()
        let token = john.observe(keyPaths: ["lastName"], on: nil) { heard($0) }
        defer { token.invalidate() }
        pjcWriteOnAnotherThread(realm.configuration) { other in
            try? other.write {
                other.objects(PJCPerson.self).filter("lastName == 'Snow'").first?.lastName = "Targaryen"
            }
        }
        realm.refresh()
        #expect(heard.changes == ["lastNameCaps: SNOW → TARGARYEN"])
    }

    /// realm-swift ProjectionTests.swift, testObserveNestedProjection: changes another thread makes
    /// through a link, a link and an embedded object (`mobile`), through a link (`email`) and in
    /// an embedded object (`homeCity`) are heard under the projection's names with the new values.
    @Test func changesThroughLinksAndEmbeddedObjectsAreHeardUnderTheProjectionsNames() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try addPeople(realm)
        let john = try #require(realm.objects(PJCPersonView.self).first)
        let configuration = realm.configuration

        /// The first changed property's name and new value, for each change heard.
        func heard(
            observing keyPaths: [PartialKeyPath<PJCPersonView>], _ write: @escaping @Sendable (PJCPerson) -> Void
        )
            -> [String]
        {
            var firsts: [String] = []
            let token = john.observe(keyPaths: keyPaths) { change in
                guard case let .change(_, properties) = change, let first = properties.first else {
                    firsts.append("not a change: \(change)")
                    return
                }
                firsts.append("\(first.name) = \(first.newValue as? String ?? "?")")
            }
            defer { token.invalidate() }
            pjcWriteOnAnotherThread(configuration) { other in
                guard let person = other.objects(PJCPerson.self).filter("lastName == 'Snow'").first else { return }
                try? other.write { write(person) }
            }
            realm.refresh()
            return firsts
        }

        #expect(
            heard(observing: [\PJCPersonView.mobile]) { $0.extras?.phone?.mobile?.number = "529-345-678" } == [
                "mobile = 529-345-678"
            ])
        #expect(heard(observing: []) { $0.extras?.email = "joe@realm.com" } == ["email = joe@realm.com"])
        #expect(heard(observing: []) { $0.address?.city = "Barranquilla" } == ["homeCity = Barranquilla"])
    }

    /// realm-swift ProjectionTests.swift, testObserveComputedChange: a transformed property
    /// observed by its projected key path hears another thread's write of the root property
    /// with both values transformed.
    @Test func aTransformedPropertyHearsAnotherThreadsWriteWithTransformedValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try addPeople(realm)
        let john = try #require(realm.objects(PJCPersonView.self).first)
        #expect(john.lastNameCaps == "SNOW")
        let heard = PJCHeard<PJCPersonView>()
        let token = john.observe(keyPaths: [\PJCPersonView.lastNameCaps]) { heard($0) }
        defer { token.invalidate() }
        realm.refresh()
        pjcWriteOnAnotherThread(realm.configuration) { other in
            try? other.write { other.objects(PJCPerson.self).filter("lastName == 'Snow'").first?.lastName = "Ali" }
        }
        realm.refresh()
        #expect(heard.changes == ["lastNameCaps: SNOW → ALI"])
    }

    /// realm-swift ProjectionTests.swift, testObserveMultipleProjectionsFromOneProperty: an empty
    /// write is not heard; another thread's write of the one root property is heard as a change
    /// of each of the three projected properties, in order, from 1 to 2.
    @Test func anEmptyWriteIsNotHeardAndEachPropertyOfOneRootPropertyIsReported() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write { realm.create(PJCSimple.self, value: ["int": 1, "bool": false]) }
        let projection = try #require(realm.objects(PJCThreeInts.self).first)
        let heard = PJCHeard<PJCThreeInts>()
        let token = projection.observe { heard($0) }
        defer { token.invalidate() }
        try realm.write {}
        #expect(heard.changes.isEmpty)
        pjcWriteOnAnotherThread(realm.configuration) { other in
            try? other.write { other.objects(PJCSimple.self).first?.int = 2 }
        }
        realm.refresh()
        #expect(heard.changes == ["int1: 1 → 2, int2: 1 → 2, int3: 1 → 2"])
    }
}

// MARK: - Frozen projections

extension ProjectionConformanceTests {
    /// realm-swift ProjectionTests.swift, testFreezingFrozenObjectReturnsSelf (the part
    /// ResultsConformanceTests leaves out): each freeze of a live projection is a new projection.
    @Test func eachFreezeOfALiveProjectionIsANewProjection() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let projection = try simpleView(realm)
        let frozen = projection.freeze()
        #expect(projection.freeze() !== frozen)
        #expect(frozen == frozen.freeze())
    }

    /// realm-swift ProjectionTests.swift, testAccessFrozenObjectFromDifferentThread.
    @Test func aFrozenProjectionIsReadOnAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let frozen = SharedValue(try simpleView(realm).freeze())
        let read = SharedValue<Int?>(nil)
        pjcOnAnotherThread { read.value = frozen.value.int }
        #expect(read.value == 0)
    }

    /// realm-swift ProjectionTests.swift, testThaw: a thawed projection is live, and a write
    /// through it leaves the frozen one as it was.
    @Test func aThawedProjectionIsLiveAndWritableWhileTheFrozenOneKeepsItsValue() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let frozen = try simpleView(realm).freeze()
        #expect(frozen.isFrozen)
        let live = try #require(frozen.thaw())
        #expect(!live.isFrozen)
        let liveRealm = try #require(live.realm)
        try liveRealm.write { live.int = 2 }
        #expect(live.int != frozen.int)
    }

    /// realm-swift ProjectionTests.swift, testFreezingDeletedObject: freezing the projection of
    /// a deleted object stops the program ("Object has been deleted or invalidated.").
    @Test func freezingTheProjectionOfADeletedObjectStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ProjectionConformanceTests.types)
            let projection = PJCSimpleView(projecting: try realm.write { realm.create(PJCSimple.self) })
            try realm.write { realm.delete(projection.rootObject) }
            pjcReady()
            _ = projection.freeze()
        }
        let message = pjcStandardError(result)
        #expect(message.contains("PJC-READY") && message.contains("deleted or invalidated"), "\(message)")
    }

    /// realm-swift ProjectionTests.swift, testFreezeFromWrongThread: a live projection frozen on
    /// a thread other than its realm's stops the program ("Realm accessed from incorrect thread").
    @Test func freezingALiveProjectionOnAnotherThreadStops() async {
        await withKnownIssue("Geode does not confine a realm's objects to its thread: another thread freezes them") {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let directory = try TemporaryDirectory()
                let realm = try directory.realm(of: ProjectionConformanceTests.types)
                let projection = SharedValue(
                    PJCSimpleView(projecting: try realm.write { realm.create(PJCSimple.self) }))
                pjcReady()
                pjcOnAnotherThread { _ = projection.value.freeze() }
                exit(0)
            }
            #expect(pjcStandardError(result).contains("PJC-READY"))
        }
    }

    /// realm-swift ProjectionTests.swift, testMutateFrozenObject: a write transaction on a frozen
    /// projection's realm stops the program ("Can't perform transactions on a frozen Realm").
    @Test func writingToAFrozenProjectionsRealmStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ProjectionConformanceTests.types)
            let frozen = PJCSimpleView(projecting: try realm.write { realm.create(PJCSimple.self) }).freeze()
            guard frozen.isFrozen, let frozenRealm = frozen.realm else { exit(0) }
            pjcReady()
            try frozenRealm.write {}
        }
        let message = pjcStandardError(result)
        #expect(message.contains("PJC-READY") && message.contains("frozen"), "\(message)")
    }

    /// realm-swift ProjectionTests.swift, testObserveFrozenObject: observing a frozen projection
    /// stops the program ("Frozen Realms do not change and do not have change notifications.").
    @Test func observingAFrozenProjectionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ProjectionConformanceTests.types)
            let frozen = PJCSimpleView(projecting: try realm.write { realm.create(PJCSimple.self) }).freeze()
            pjcReady()
            _ = frozen.observe { _ in }
        }
        let message = pjcStandardError(result)
        #expect(message.contains("PJC-READY") && message.contains("frozen"), "\(message)")
    }

    /// realm-swift ProjectionTests.swift, testFreezeInsideWriteTransaction (first half): the
    /// projection of an object created in the write cannot be frozen in it ("Cannot freeze an
    /// object in the same write transaction as it was created in.").
    @Test func freezingTheProjectionOfAnObjectCreatedInTheSameWriteStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ProjectionConformanceTests.types)
            try realm.write {
                let projection = PJCSimpleView(projecting: realm.create(PJCSimple.self))
                pjcReady()
                _ = projection.freeze()
            }
        }
        let message = pjcStandardError(result)
        #expect(message.contains("PJC-READY") && message.contains("write transaction"), "\(message)")
    }
}

// MARK: - A projection of a property that is not persisted

extension ProjectionConformanceTests {
    /// realm-swift ProjectionTests.swift, testFailedProjection (first half): results of a
    /// projection of a property that is not persisted are made and counted.
    @Test func resultsOfAProjectionOfAnUnpersistedPropertyAreCounted() async {
        await withKnownIssue("Geode refuses the projection class at realm.objects(_:), before anything is read") {
            await #expect(processExitsWith: .success) {
                let directory = try TemporaryDirectory()
                let realm = try directory.realm(of: ProjectionConformanceTests.types)
                try realm.write { realm.create(PJCSimple.self) }
                exit(realm.objects(PJCFailedView.self).count > 0 ? 0 : 1)
            }
        }
    }

    /// realm-swift ProjectionTests.swift, testFailedProjection (second half): reading a projection
    /// of a property that is not persisted stops the program, naming "@Projected property".
    @Test func readingAProjectionOfAnUnpersistedPropertyStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ProjectionConformanceTests.types)
            try realm.write { realm.create(PJCSimple.self) }
            pjcReady()
            _ = realm.objects(PJCFailedView.self).first
        }
        let message = pjcStandardError(result)
        #expect(message.contains("PJC-READY") && message.contains("@Projected property"), "\(message)")
    }
}

// MARK: - Projected collections (ProjectedCollectTests.swift)

extension ProjectionConformanceTests {
    enum Kind: String, CaseIterable, Sendable {
        case list, set
    }

    /// Realm's `ProjectedCollectionsTestsTemplate.setUp` and its list and set subclasses: John,
    /// Daenerys and Tyrion, in a list or a set of one `PJCCollections`.
    private func collection(_ kind: Kind, _ realm: Realm) throws -> ProjectedCollection<String> {
        try realm.write {
            let people = ["John", "Daenerys", "Tyrion"].map { name in
                realm.create(PJCPerson.self, value: ["firstName": name, "lastName": "Of " + name])
            }
            people[0].friends.append(objectsIn: [people[1], people[2]])
            people[1].friends.append(people[0])
            realm.create(PJCCollections.self, value: [kind.rawValue: people])
        }
        let view = try #require(realm.objects(PJCCollectionsView.self).first)
        return kind == .list ? view.list : view.set
    }

    /// realm-swift ProjectedCollectTests.swift (ProjectedListTests): testCount, testAccess,
    /// testFilterFormat, testSortWithProperty and testFastEnumeration, for a list.
    @Test func aProjectedCollectionOfAListReadsLikeTheListInItsOrder() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let names = try collection(.list, realm)
        #expect(names.count == 3)
        #expect(names[0] == names.first)
        #expect(names[2] == names.last)
        #expect(names.firstIndex(of: "Not there") == nil)
        #expect(names.firstIndex(of: "Daenerys") != nil)
        #expect(names.filter { $0 == "Daenerys" }.first != nil)
        #expect(names.filter { $0 == "Not There" }.first == nil)
        #expect(names.sorted { $0 > $1 }.first == "Tyrion")
        #expect(names.sorted { $0 > $1 }.last == "Daenerys")
        var enumerated: [String] = []
        for name in names { enumerated.append(name) }
        #expect(enumerated == ["John", "Daenerys", "Tyrion"])
    }

    /// realm-swift ProjectedCollectTests.swift, testSetValues: setting an element of a projected
    /// collection, in a write, sets the property of the object at that position.
    @Test(arguments: Kind.allCases)
    func settingAnElementSetsThePropertyOfItsObject(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let names = try collection(kind, realm)
        try realm.write { names[0] = "Overwrite" }
        #expect(names.first == "Overwrite")
        #expect(realm.objects(PJCPerson.self).filter("firstName == 'Overwrite'").first != nil)
    }

    /// Setting an element of a projected collection whose key path transforms its value is refused,
    /// as setting such a property of a projection is.
    @Test func settingAnElementThroughATransformStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ProjectionConformanceTests.types)
            let view = try realm.write {
                PJCCollectionsView(
                    projecting: realm.create(PJCCollections.self, value: ["list": [["firstName": "Ann"]]]))
            }
            let caps = view.lastNamesCaps
            pjcReady()
            try realm.write { caps[0] = "X" }
        }
        let message = pjcStandardError(result)
        #expect(message.contains("PJC-READY") && message.contains("cannot be written"), "\(message)")
    }

    /// realm-swift ProjectedCollectTests.swift, testIsFrozen and testFreezeThawProjectedCollection:
    /// a projected collection is frozen by itself or as part of a frozen projection, and freezing
    /// it leaves the projection live.
    @Test(arguments: Kind.allCases)
    func aProjectedCollectionFreezesByItselfAndWithItsProjection(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let names = try collection(kind, realm)
        #expect(!names.isFrozen)
        let frozen = names.freeze()
        #expect(frozen.isFrozen)
        #expect(Array(frozen) == Array(names))
        let john = try #require(realm.objects(PJCPersonView.self).filter("firstName == 'John'").first)
        #expect(!john.isFrozen)
        let frozenJohn = john.freeze()
        #expect(frozenJohn.isFrozen)
        #expect(frozenJohn.friendNames.isFrozen)
        #expect(frozen.isFrozen)
    }

    /// realm-swift ProjectedCollectTests.swift, testThaw: a frozen projected collection thaws to a
    /// live one, which is invalidated when the object holding its list or set is deleted; the
    /// frozen one keeps its elements, and is not invalidated, when the objects are deleted too.
    @Test(arguments: Kind.allCases)
    func aThawedProjectedCollectionIsInvalidatedWithItsOwnerWhileTheFrozenOneKeepsItsElements(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let frozen = try collection(kind, realm).freeze()
        #expect(frozen.isFrozen)
        let live = try #require(frozen.thaw())
        #expect(!live.isFrozen)
        let liveRealm = try #require(live.realm)
        try liveRealm.write { liveRealm.delete(liveRealm.objects(PJCCollections.self)) }
        #expect(live.isInvalidated)
        #expect(!frozen.isEmpty)
        try liveRealm.write { liveRealm.delete(liveRealm.objects(PJCPerson.self)) }
        #expect(!frozen.isInvalidated)
        #expect(frozen.count == 3)
    }

    /// realm-swift ProjectedCollectTests.swift, testThawFromDifferentThread and
    /// testAccessFrozenCollectionFromDifferentThread: another thread reads a frozen projected
    /// collection and thaws it into its own realm, where deleting the owner invalidates it.
    @Test(arguments: Kind.allCases)
    func anotherThreadReadsAndThawsAFrozenProjectedCollection(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let frozen = SharedValue(try collection(kind, realm).freeze())
        let seen = SharedValue<[String]>([])
        pjcOnAnotherThread {
            let names = frozen.value
            var facts = ["\(names.contains { $0 == "Daenerys" }) \(names.contains { $0 == "Tyrion" })"]
            guard let live = names.thaw(), let liveRealm = live.realm else {
                seen.value = facts + ["did not thaw"]
                return
            }
            facts.append("frozen \(live.isFrozen)")
            try? liveRealm.write { liveRealm.delete(liveRealm.objects(PJCCollections.self)) }
            facts.append("invalidated \(live.isInvalidated), empty \(names.isEmpty)")
            seen.value = facts
        }
        #expect(seen.value == ["true true", "frozen false", "invalidated true, empty false"])
    }

    /// realm-swift ProjectedCollectTests.swift, testFreezeFromWrongThread: a live projected
    /// collection frozen on a thread other than its realm's stops the program.
    @Test func freezingALiveProjectedCollectionOnAnotherThreadStops() async {
        await withKnownIssue("Geode does not confine a realm's objects to its thread: another thread freezes them") {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let directory = try TemporaryDirectory()
                let realm = try directory.realm(of: ProjectionConformanceTests.types)
                try realm.write {
                    let friend = realm.create(PJCPerson.self, value: ["firstName": "Daenerys"])
                    realm.create(PJCPerson.self, value: ["firstName": "John", "friends": [friend]] as [String: Any])
                }
                guard let john = realm.objects(PJCPersonView.self).filter("firstName == 'John'").first else {
                    exit(0)
                }
                let names = SharedValue(john.friendNames)
                pjcReady()
                pjcOnAnotherThread { _ = names.value.freeze() }
                exit(0)
            }
            #expect(pjcStandardError(result).contains("PJC-READY"))
        }
    }

    /// realm-swift ProjectedCollectTests.swift, testInvalidate: after `realm.invalidate()`, a
    /// projected collection has no realm or is invalidated.
    @Test(arguments: Kind.allCases)
    func aProjectedCollectionIsInvalidatedWithItsRealm(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let names = try collection(kind, realm)
        #expect(!names.isInvalidated)
        realm.invalidate()
        #expect(names.realm == nil || names.isInvalidated)
    }
}
