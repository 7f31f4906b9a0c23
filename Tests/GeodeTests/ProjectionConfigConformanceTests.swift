import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts from realm-swift's own tests (RealmSwift/Tests: ProjectionTests,
// ProjectedCollectTests, RealmConfigurationTests, RealmTests (configuration
// fields), ThreadSafeReferenceTests, RealmPropertyTests,
// ObjectSchemaInitializationTests), restated through Geode's public API with
// models of our own. Each test names its source; only what Realm's tests
// assert is asserted. Threads are plain `Thread`s joined with a semaphore.

// MARK: - Models

final class PCHandset: EmbeddedObject {
    @Persisted var number = ""
}

final class PCPhone: Object {
    @Persisted var handset: PCHandset?
}

final class PCContact: Object {
    @Persisted var phone: PCPhone?
    @Persisted var email: String?
}

final class PCAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var country = ""
}

final class PCPerson: Object {
    @Persisted var firstName = ""
    @Persisted var lastName = ""
    @Persisted var born = Date(timeIntervalSince1970: 0)
    @Persisted var address: PCAddress?
    @Persisted var contact: PCContact?
    @Persisted var friends: List<PCPerson>
}

/// A date transformed, a link then an optional link then an embedded object, and a list projected.
final class PCPersonView: Projection<PCPerson> {
    @Projected(\PCPerson.firstName) var firstName
    @Projected(\PCPerson.born.timeIntervalSince1970) var bornEpoch
    @Projected(\PCPerson.contact?.email) var email
    @Projected(\PCPerson.contact?.phone?.handset?.number) var mobile
    @Projected(\PCPerson.friends.projectTo.firstName) var friendNames: ProjectedCollection<String>
}

final class PCRoster: Object {
    @Persisted var members: List<PCPerson>
    @Persisted var memberSet: MutableSet<PCPerson>
}

final class PCRosterView: Projection<PCRoster> {
    @Projected(\PCRoster.members.projectTo.firstName) var names: ProjectedCollection<String>
    @Projected(\PCRoster.memberSet.projectTo.firstName) var setNames: ProjectedCollection<String>
}

final class PCCounter: Object {
    @Persisted var value = 0
}

final class PCCounterView: Projection<PCCounter> {
    @Projected(\PCCounter.value) var value
}

enum PCLevel: Int, PersistableEnum {
    case low = 1
    case high = 3
}

enum PCTone: String, PersistableEnum {
    case soft
    case loud
}

final class PCSample: Object {
    @Persisted var level = PCLevel.low
    @Persisted var tone: PCTone?
    @Persisted var mixed: AnyRealmValue
    @Persisted var amount: Decimal128
    @Persisted var oid: ObjectId
    @Persisted var uuid: UUID
    @Persisted var bytes: Data
    @Persisted var small: Int8
    @Persisted var ratio: Float
    @Persisted var optDate: Date?
    @Persisted var flags: List<Bool?>
    @Persisted var words: MutableSet<String>
    @Persisted var scores: Map<String, Int?>
    @Persisted(originProperty: "sample") var holders: LinkingObjects<PCSampleHolder>
}

final class PCSampleHolder: Object {
    @Persisted var sample: PCSample?
}

/// Every kind of property passed through unchanged.
final class PCSampleView: Projection<PCSample> {
    @Projected(\PCSample.level) var level
    @Projected(\PCSample.tone) var tone
    @Projected(\PCSample.mixed) var mixed
    @Projected(\PCSample.amount) var amount
    @Projected(\PCSample.oid) var oid
    @Projected(\PCSample.uuid) var uuid
    @Projected(\PCSample.bytes) var bytes
    @Projected(\PCSample.small) var small
    @Projected(\PCSample.ratio) var ratio
    @Projected(\PCSample.optDate) var optDate
    @Projected(\PCSample.flags) var flags
    @Projected(\PCSample.words) var words
    @Projected(\PCSample.scores) var scores
    @Projected(\PCSample.holders) var holders
}

final class PCItem: Object {
    @Persisted var label = ""
    @Persisted var number = 0
}

final class PCTeam: Object {
    @Persisted var members: List<PCItem>
    @Persisted var memberSet: MutableSet<PCItem>
}

final class PCHolder: @unchecked Sendable {
    @ThreadSafe var item: PCItem?
}

/// Optional numbers and a bool (Realm's test uses `RealmProperty<T?>`, which Geode lacks).
final class PCOptionals: Object {
    @Persisted var int: Int?
    @Persisted var int8: Int8?
    @Persisted var int16: Int16?
    @Persisted var int32: Int32?
    @Persisted var int64: Int64?
    @Persisted var float: Float?
    @Persisted var double: Double?
    @Persisted var bool: Bool?
}

/// Two versions of one stored class: `value` changes from a string to an integer.
final class PCMigratingV1: Object {
    override class func _realmObjectName() -> String? { "PCMigrating" }
    @Persisted var value = ""
}

final class PCMigratingV2: Object {
    override class func _realmObjectName() -> String? { "PCMigrating" }
    @Persisted var value = 0
}

// MARK: - Models Realm refuses (each opened alone, never with `objectTypes: nil`)

final class PCTarget: Object {
    @Persisted var name = ""
}

final class PCPlace: EmbeddedObject {
    @Persisted var city = ""
}

final class PCTwoKeys: Object {
    @Persisted(primaryKey: true) var first = 0
    @Persisted(primaryKey: true) var second = 0
}

final class PCDateKey: Object {
    @Persisted(primaryKey: true) var stamp = Date(timeIntervalSince1970: 0)
}

final class PCRequiredLink: Object {
    @Persisted var target: PCTarget
}

final class PCRequiredEmbedded: Object {
    @Persisted var place: PCPlace
}

final class PCOptionalObjectList: Object {
    @Persisted var targets: List<PCTarget?>
}

final class PCOptionalObjectSet: Object {
    @Persisted var targets: MutableSet<PCTarget?>
}

final class PCRequiredObjectMap: Object {
    @Persisted var targets: Map<String, PCTarget>
}

final class PCRequiredEmbeddedMap: Object {
    @Persisted var places: Map<String, PCPlace>
}

final class PCUnnamedBacklinks: Object {
    @Persisted var holders: LinkingObjects<PCBacklinkSource>
}

final class PCBacklinkSource: Object {
    @Persisted var link: PCUnnamedBacklinks?
}

// MARK: - Helpers

/// Runs `body` on a new thread and waits until it has finished.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// The schema failure opening a new realm of `types` throws; nil when the realm opens.
private func schemaFailure(of types: [ObjectBase.Type]) throws -> GeodeError.SchemaFailure? {
    let directory = try TemporaryDirectory()
    do {
        _ = try directory.realm(of: types)
        return nil
    } catch GeodeError.schema(let failure) {
        return failure
    }
}

@Suite struct ProjectionConfigConformanceTests {
    static let types: [ObjectBase.Type] = [
        PCPerson.self, PCRoster.self, PCCounter.self, PCSample.self, PCSampleHolder.self, PCItem.self, PCTeam.self,
        PCOptionals.self,
    ]

    /// Ann (born at 10 s, in Lyon, with an e-mail and a phone) and Bea (born at 0 s, in Oslo), friends of each other.
    private func addPeople(_ realm: Realm) throws {
        try realm.write {
            let contact: [String: Any] = ["phone": ["handset": ["number": "555-0100"]], "email": "ann@example.com"]
            let annValue: [String: Any] = [
                "firstName": "Ann", "lastName": "Ash", "born": Date(timeIntervalSince1970: 10),
                "address": ["city": "Lyon", "country": "France"], "contact": contact,
            ]
            let beaValue: [String: Any] = [
                "firstName": "Bea", "lastName": "Birch", "born": Date(timeIntervalSince1970: 0),
                "address": ["city": "Oslo", "country": "Norway"],
            ]
            let ann = realm.create(PCPerson.self, value: annValue)
            let bea = realm.create(PCPerson.self, value: beaValue)
            ann.friends.append(bea)
            bea.friends.append(ann)
        }
    }
}

// MARK: - Projections (ProjectionTests.swift)

extension ProjectionConfigConformanceTests {
    /// realm-swift ProjectionTests.swift, testProjectionManualInit, testDescription and
    /// testProjectionFromResultSortedBirthday: a date projected through `timeIntervalSince1970`
    /// reads the epoch time and is described by its stored path (`\.birthday`); a path through an
    /// optional link, another optional link and an embedded object is described with every step.
    @Test func projectionsReachThroughLinksAndEmbeddedObjectsAndTransformDates() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try addPeople(realm)
        let ann = try #require(realm.objects(PCPersonView.self).filter("firstName == 'Ann'").first)
        #expect(ann.bornEpoch == Date(timeIntervalSince1970: 10).timeIntervalSince1970)
        #expect(ann.email == "ann@example.com")
        #expect(ann.mobile == "555-0100")
        #expect(ann.friendNames.first == "Bea")

        let text = ann.description
        #expect(text.hasPrefix("PCPersonView<PCPerson> <0x"), "\(text)")
        #expect(text.contains("\n\tbornEpoch(\\.born) = 10.0;\n"), "\(text)")
        #expect(text.contains("\n\temail(\\.contact.email) = Optional(\"ann@example.com\");\n"), "\(text)")
        #expect(text.contains("\n\tmobile(\\.contact.phone.handset.number) = Optional(\"555-0100\");\n"), "\(text)")

        let earliest = try #require(realm.objects(PCPersonView.self).sorted(byKeyPath: "born").first)
        #expect(earliest.firstName == "Bea")
        #expect(earliest.bornEpoch == 0)
        #expect(earliest.friendNames.first == "Ann")
    }

    /// realm-swift ProjectionTests.swift, testProjectionForAllRealmTypes (a subset): enums,
    /// mixed, decimal, object id, UUID, data, narrow integers, floats, optional dates, a list of
    /// optionals, a set, a map with a nil value and linking objects all pass through a projection.
    @Test func everyKindOfPropertyPassesThroughAProjection() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let oid = try ObjectId(string: "6058f12b957ba06156586a7c")
        let uuid = try #require(UUID(uuidString: "6b28ec45-b29a-4b0a-bd6a-343c7f6d90fd"))
        try realm.write {
            let value: [String: Any] = [
                "level": PCLevel.high, "tone": PCTone.loud, "mixed": AnyRealmValue.int(20), "amount": Decimal128(18),
                "oid": oid, "uuid": uuid, "bytes": Data("b".utf8), "small": Int8(11), "ratio": Float(15),
                "optDate": Date(timeIntervalSince1970: 37), "flags": [true, false, nil] as [Bool?],
                "words": ["a", "b", "c"], "scores": ["1": 1, "2": nil] as [String: Int?],
            ]
            let sample = realm.create(PCSample.self, value: value)
            realm.create(PCSampleHolder.self, value: ["sample": sample])
        }
        let view = try #require(realm.objects(PCSampleView.self).first)
        #expect(view.level == .high)
        #expect(view.tone == .loud)
        #expect(view.mixed == .int(20))
        #expect(view.amount == Decimal128(18))
        #expect(view.oid == oid)
        #expect(view.uuid == uuid)
        #expect(view.bytes == Data("b".utf8))
        #expect(view.small == 11)
        #expect(view.ratio == 15)
        #expect(view.optDate == Date(timeIntervalSince1970: 37))
        #expect(Array(view.flags) == [true, false, nil])
        #expect(Set(view.words) == ["a", "b", "c"])
        #expect(view.scores.count == 2)
        #expect(view.scores["1"] == .some(1))
        #expect(view.scores["2"] == .some(nil))
        #expect(view.holders.count == 1)
    }

    /// realm-swift ProjectionTests.swift, testFreezeInsideWriteTransaction (second half): inside
    /// a write, a projection frozen after its object changed shows the values the write started from.
    @Test func aProjectionFrozenInsideAWriteShowsTheValuesTheWriteStartedFrom() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let counter = try realm.write { realm.create(PCCounter.self) }
        let view = PCCounterView(projecting: counter)
        try realm.write {
            counter.value = 2
            #expect(view.freeze().value == 0)
        }
        #expect(view.value == 2)
    }

    /// realm-swift ProjectionTests.swift, testThawUpdatedOnDifferentThread: a projection frozen on
    /// another thread after that thread wrote thaws into this thread's realm, which shows the
    /// write only once it refreshes. (Realm hands the projection over with a ThreadSafeReference;
    /// Geode's projections are not ThreadConfined, so the root object is handed over.)
    @Test func aThawedProjectionReadsTheVersionOfTheRealmOfItsThreadUntilRefresh() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let counter = try realm.write { realm.create(PCCounter.self) }
        let reference = ThreadSafeReference(to: counter)
        let configuration = realm.configuration
        let made = SharedValue<PCCounterView?>(nil)
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration), let resolved = other.resolve(reference) else {
                return
            }
            try? other.write { resolved.value = 1 }
            made.value = PCCounterView(projecting: resolved).freeze()
        }
        let frozen = try #require(made.value)
        #expect(frozen.value == 1)
        let thawed = try #require(frozen.thaw())
        #expect(thawed.value == 0, "this thread's realm has not refreshed yet")
        realm.refresh()
        #expect(thawed.value == 1)
    }

    /// realm-swift ProjectionTests.swift, testThawCreatedOnDifferentThread: a projection of an
    /// object created and frozen on another thread thaws to nil here until this realm refreshes.
    @Test func aProjectionOfAnObjectCreatedElsewhereThawsToNilUntilRefresh() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        #expect(realm.objects(PCCounterView.self).isEmpty)
        let configuration = realm.configuration
        let made = SharedValue<PCCounterView?>(nil)
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration),
                let counter = try? other.write({ other.create(PCCounter.self) })
            else { return }
            made.value = PCCounterView(projecting: counter).freeze()
        }
        let frozen = try #require(made.value)
        #expect(frozen.thaw() == nil, "this thread's realm has not refreshed yet")
        #expect(realm.objects(PCCounterView.self).isEmpty)
        realm.refresh()
        #expect(realm.objects(PCCounterView.self).count == 1)
    }
}

// MARK: - Projected collections (ProjectedCollectTests.swift)

extension ProjectionConfigConformanceTests {
    /// realm-swift ProjectedCollectTests.swift, testFreezeThawProjectedCollection, testIsFrozen,
    /// testFilterFrozenCollection, testAccessFrozenCollectionFromDifferentThread and testThaw:
    /// the collections of a frozen projection are frozen, read from another thread, and keep
    /// their elements after the owner and then the elements are deleted; the thawed projection
    /// is invalidated when its owner is deleted. (Realm calls `freeze`, `thaw`, `isFrozen` and
    /// `isInvalidated` on the ProjectedCollection itself; here they are called on the projection,
    /// and ProjectionConformanceTests calls them on the collection.)
    @Test func theCollectionsOfAFrozenProjectionAreFrozenAndOutliveDeletions() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            for name in ["Ann", "Bea", "Cal"] { realm.create(PCPerson.self, value: ["firstName": name]) }
            let people = realm.objects(PCPerson.self)
            realm.create(PCRoster.self, value: ["members": people, "memberSet": people] as [String: Any])
        }
        let view = try #require(realm.objects(PCRosterView.self).first)
        #expect(view.names.realm?.isFrozen == false)
        let frozen = view.freeze()
        #expect(frozen.isFrozen)
        #expect(!view.isFrozen)
        #expect(frozen.names.realm?.isFrozen == true)
        #expect(frozen.setNames.realm?.isFrozen == true)
        #expect(frozen.names.filter { $0 == "Bea" }.count == 1)
        #expect(frozen.names.filter { $0 == "Nobody" }.first == nil)
        let seenElsewhere = DispatchQueue(label: "pc-frozen-reader").sync {
            frozen.names.contains("Bea") && frozen.setNames.contains("Cal")
        }
        #expect(seenElsewhere)

        let thawed = try #require(frozen.thaw())
        #expect(!thawed.isFrozen)
        let live = try #require(thawed.realm)
        try live.write { live.delete(live.objects(PCRoster.self)) }
        #expect(thawed.isInvalidated)
        #expect(!frozen.names.isEmpty)
        try live.write { live.delete(live.objects(PCPerson.self)) }
        #expect(!frozen.isInvalidated)
        #expect(frozen.names.count == 3)
    }
}

// MARK: - Thread-safe references (ThreadSafeReferenceTests.swift)

extension ProjectionConfigConformanceTests {
    /// realm-swift ThreadSafeReferenceTests.swift, testPassThreadSafeReferenceToDeletedObject:
    /// a realm that has read nothing resolves a reference at the version the reference was made,
    /// so an object deleted since still resolves; after a refresh, another reference gives nil.
    @Test func aReferenceResolvesAtItsOwnVersionInARealmThatHasReadNothing() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let item = try realm.write { realm.create(PCItem.self) }
        let first = ThreadSafeReference(to: item)
        let second = ThreadSafeReference(to: item)
        #expect(item.number == 0)
        let configuration = realm.configuration
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write { other.deleteAll() }
        }
        let seen = SharedValue<[String]>([])
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            let number = other.resolve(first)?.number
            other.refresh()
            let again = other.resolve(second)
            seen.value = [number.map { "\($0)" } ?? "nil", again == nil ? "nil" : "found"]
        }
        #expect(seen.value == ["0", "nil"])
    }

    /// realm-swift ThreadSafeReferenceTests.swift, testPassThreadSafeReferenceToResults: results
    /// referenced before four objects were created resolve, in a realm that has read nothing, at
    /// the reference's version (empty), keep their filter and sort after a refresh, and the
    /// original results see the other thread's changes only after their own refresh.
    @Test func referencedResultsResolveAtTheirVersionAndKeepTheirQuery() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let all = realm.objects(PCItem.self)
        let results = all.filter("label != 'C'").sorted(byKeyPath: "label", ascending: false)
        let reference = ThreadSafeReference(to: results)
        try realm.write {
            for label in ["A", "B", "C", "D"] { realm.create(PCItem.self, value: ["label": label]) }
        }
        #expect(all.count == 4)
        #expect(results.map(\.label) == ["D", "B", "A"])
        let configuration = realm.configuration
        let seen = SharedValue<[String]>([])
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration), let resolved = other.resolve(reference) else {
                return
            }
            let before = "\(other.objects(PCItem.self).count) \(resolved.count)"
            other.refresh()
            let after = resolved.map(\.label).joined()
            try? other.write {
                other.delete(resolved[2])
                other.delete(resolved[0])
                other.create(PCItem.self, value: ["label": "E"])
            }
            seen.value = [before, after, resolved.map(\.label).joined(), "\(other.objects(PCItem.self).count)"]
        }
        #expect(seen.value == ["0 0", "DBA", "EB", "3"])
        #expect(results.map(\.label) == ["D", "B", "A"], "not refreshed yet")
        realm.refresh()
        #expect(all.count == 3)
        #expect(results.map(\.label) == ["E", "B"])
    }

    /// realm-swift ThreadSafeReference.swift, `Realm.resolve(_:)` ("Will refresh this Realm if
    /// the source Realm was at a later version than this one"; realm-core's
    /// `ThreadSafeReference::Payload::refresh_target_realm`): resolving a reference made after
    /// another thread's commit brings an older realm forward and finds the new object.
    @Test func resolvingAReferenceNewerThanTheRealmRefreshesTheRealm() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        #expect(realm.objects(PCItem.self).isEmpty)
        let configuration = realm.configuration
        let made = SharedValue<ThreadSafeReference<PCItem>?>(nil)
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration),
                let item = try? other.write({ other.create(PCItem.self, value: ["label": "new"]) })
            else { return }
            made.value = ThreadSafeReference(to: item)
        }
        let reference = try #require(made.value)
        let resolved = realm.resolve(reference)
        #expect(resolved?.label == "new")
        #expect(realm.objects(PCItem.self).count == 1)
    }

    /// realm-swift ThreadSafeReferenceTests.swift, testPassThreadSafeReferenceToList,
    /// testPassThreadSafeReferenceToMutableSet and testPassThreadSafeReferencesToMultipleObjects:
    /// a list and a set changed through their resolved copies on another thread; the originals
    /// keep their old contents until their realm refreshes.
    @Test func listsAndSetsChangedThroughResolvedReferencesShowAfterRefresh() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let team = PCTeam()
        try realm.write {
            realm.add(team)
            team.members.append(PCItem(value: ["label": "jg"]))
            team.memberSet.insert(PCItem(value: ["label": "jg"]))
        }
        let listReference = ThreadSafeReference(to: team.members)
        let setReference = ThreadSafeReference(to: team.memberSet)
        let configuration = realm.configuration
        let seen = SharedValue<[String]>([])
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration), let members = other.resolve(listReference),
                let memberSet = other.resolve(setReference)
            else { return }
            let before = "\(members.count) \(members[0].label) \(memberSet.count) \(memberSet[0].label)"
            try? other.write {
                members.removeAll()
                members.append(PCItem(value: ["label": "jp"]))
                members.append(PCItem(value: ["label": "az"]))
                memberSet.removeAll()
                memberSet.insert(PCItem(value: ["label": "jp"]))
                memberSet.insert(PCItem(value: ["label": "az"]))
            }
            seen.value = [
                before, members.map(\.label).joined(separator: ","),
                memberSet.map(\.label).sorted().joined(separator: ","),
            ]
        }
        #expect(seen.value == ["1 jg 1 jg", "jp,az", "az,jp"])
        #expect(team.members.map(\.label) == ["jg"])
        #expect(team.memberSet.count == 1)
        realm.refresh()
        #expect(team.members.map(\.label) == ["jp", "az"])
        #expect(Set(team.memberSet.map(\.label)) == ["jp", "az"])
    }

    /// realm-swift ThreadSafeReferenceTests.swift, ThreadSafeWrapperTests.testThreadSafeWrapper and
    /// testThreadSafeFunctionArgument (a `@ThreadSafe` value is written inside `Realm().write`):
    /// the wrapper resolves in the thread's own realm, so read inside that realm's write it
    /// belongs to the realm that is writing.
    @Test func aThreadSafePropertyReadInsideAWriteBelongsToTheWritingRealm() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let item = try realm.write { realm.create(PCItem.self, value: ["label": "before"]) }
        let holder = PCHolder()
        holder.item = item
        #expect(holder.item?.label == "before")
        try realm.write {
            #expect(holder.item?.realm?.isInWriteTransaction == true)
            holder.item?.label = "after"
        }
        #expect(item.label == "after", "the write through the wrapper was the realm's own")
    }
}

// MARK: - Realm.Configuration (RealmConfigurationTests.swift, RealmTests.swift)

extension ProjectionConfigConformanceTests {
    /// realm-swift RealmConfigurationTests.swift, testDefaultConfiguration (restated on a new
    /// `Realm.Configuration()`, which is what the default configuration starts as; the shared
    /// default is left alone because other suites set it): the file URL is the default file's,
    /// not nil, and the rest are off.
    @Test func aNewConfigurationNamesTheDefaultFileAndLeavesTheRestOff() {
        let configuration = Realm.Configuration()
        #expect(configuration.fileURL != nil)
        #expect(configuration.fileURL == Realm.Configuration.defaultFileURL)
        #expect(configuration.inMemoryIdentifier == nil)
        #expect(!configuration.readOnly)
        #expect(configuration.schemaVersion == 0)
        #expect(configuration.migrationBlock == nil)
        #expect(!configuration.deleteRealmIfMigrationNeeded)
        #expect(configuration.objectTypes == nil)
    }

    /// realm-swift RealmConfiguration.swift (the `fileURL` and `inMemoryIdentifier` setters) and
    /// Realm/Tests/RealmConfigurationTests.mm, testSetPathAndInMemoryIdentifierAreMutuallyExclusive:
    /// setting one of the two clears the other.
    @Test func fileURLAndInMemoryIdentifierClearEachOther() {
        let url = URL(fileURLWithPath: "/dev/null")
        var configuration = Realm.Configuration(fileURL: url)
        configuration.inMemoryIdentifier = "identifier"
        #expect(configuration.fileURL == nil)
        #expect(configuration.inMemoryIdentifier == "identifier")
        configuration.fileURL = url
        #expect(configuration.inMemoryIdentifier == nil)
        #expect(configuration.fileURL?.path == "/dev/null")
    }

    /// realm-swift RealmConfigurationTests.swift, testCannotSetMutuallyExclusiveProperties:
    /// a realm cannot be opened read-only with `deleteRealmIfMigrationNeeded` set (Realm raises
    /// "Cannot set `deleteRealmIfMigrationNeeded` when `readOnly` is set."). The file exists, so
    /// that a missing file is not what is refused.
    @Test func readOnlyCannotBeCombinedWithDeleteRealmIfMigrationNeeded() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("both.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [PCItem.self]))
            try realm.write { realm.create(PCItem.self) }
        }
        let configuration = Realm.Configuration(
            fileURL: url, readOnly: true, deleteRealmIfMigrationNeeded: true, objectTypes: [PCItem.self])
        #expect(throws: (any Error).self) { _ = try Realm(configuration: configuration) }
    }

    /// realm-swift RealmTests.swift, testReadOnly: a realm opened read-only says so and reads the
    /// objects; opening the same file for writing while it is open read-only is refused
    /// ("Realm has different readOnly settings").
    @Test func aFileOpenReadOnlyCannotAlsoBeOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("kept.geode")
        do {
            let writable = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [PCItem.self]))
            #expect(!writable.configuration.readOnly)
            try writable.write { writable.create(PCItem.self, value: ["number": 100]) }
        }
        let readOnly = try Realm(
            configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: [PCItem.self]))
        #expect(readOnly.configuration.readOnly)
        #expect(readOnly.objects(PCItem.self).count == 1)
        #expect(throws: GeodeError.self) {
            _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [PCItem.self]))
        }
        #expect(readOnly.objects(PCItem.self).count == 1)
    }

    /// realm-swift RealmTests.swift, testInitInMemory: an in-memory realm's objects are gone once
    /// no realm of its identifier is open, and another identifier is another realm.
    @Test func anInMemoryRealmForgetsItsObjectsOnceClosedAndIdentifiersAreSeparate() throws {
        let identifier = "pc-memory-\(UUID().uuidString)"
        let configuration = Realm.Configuration(inMemoryIdentifier: identifier, objectTypes: [PCItem.self])
        do {
            let first = try Realm(configuration: configuration)
            try first.write { first.create(PCItem.self, value: ["number": 1]) }
            #expect(first.objects(PCItem.self).count == 1)
        }
        let realm = try Realm(configuration: configuration)
        #expect(realm.configuration.fileURL == nil)
        #expect(realm.configuration.inMemoryIdentifier == identifier)
        #expect(realm.objects(PCItem.self).isEmpty)
        try realm.write { realm.create(PCItem.self, value: ["number": 1]) }
        #expect(realm.objects(PCItem.self).count == 1)
        let other = try Realm(
            configuration: Realm.Configuration(inMemoryIdentifier: identifier + "-2", objectTypes: [PCItem.self]))
        #expect(other.objects(PCItem.self).isEmpty)
    }

    /// Realm/Tests/RealmConfigurationTests.mm, testSchemaVersionValidation (the Swift
    /// configuration passes `schemaVersion` to the same setter when a realm opens): the largest
    /// version, Realm's "not versioned" mark, is refused; the one below it is kept.
    @Test func theLargestSchemaVersionIsRefusedAndTheOneBelowIsKept() throws {
        let directory = try TemporaryDirectory()
        let refused = directory.url.appendingPathComponent("max.geode")
        #expect(throws: (any Error).self) {
            _ = try Realm(
                configuration: Realm.Configuration(
                    fileURL: refused, schemaVersion: UInt64.max, objectTypes: [PCItem.self]))
        }
        let kept = directory.url.appendingPathComponent("below.geode")
        do {
            _ = try Realm(
                configuration: Realm.Configuration(
                    fileURL: kept, schemaVersion: UInt64.max - 1, objectTypes: [PCItem.self]))
        }
        #expect(try schemaVersionAtURL(kept) == UInt64.max - 1)
    }

    /// Realm/Tests/MigrationTests.mm, testDeleteRealmIfMigrationNeeded: a property's type changed
    /// and the version raised, with `deleteRealmIfMigrationNeeded`, opens an empty realm of the
    /// new schema without calling the migration block.
    @Test func deleteRealmIfMigrationNeededStartsOverWithoutTheMigrationBlock() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("reset.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [PCMigratingV1.self]))
            try realm.write { realm.create(PCMigratingV1.self, value: ["value": "text"]) }
        }
        let ran = SharedValue(false)
        let configuration = Realm.Configuration(
            fileURL: url, schemaVersion: 1, migrationBlock: { _, _ in ran.value = true },
            deleteRealmIfMigrationNeeded: true, objectTypes: [PCMigratingV2.self])
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(PCMigratingV2.self).isEmpty)
        #expect(!ran.value)
        try realm.write { realm.create(PCMigratingV2.self, value: ["value": 7]) }
        #expect(realm.objects(PCMigratingV2.self).first?.value == 7)
    }
}

// MARK: - Optional numbers (RealmPropertyTests.swift)

extension ProjectionConfigConformanceTests {
    /// One optional property set unmanaged, cleared, added as nil, then set in a write.
    private func roundTrip<T: Equatable>(
        _ keyPath: ReferenceWritableKeyPath<PCOptionals, T?>, _ value: T, in realm: Realm
    ) throws {
        let object = PCOptionals()
        object[keyPath: keyPath] = value
        #expect(object[keyPath: keyPath] == value)
        object[keyPath: keyPath] = nil
        #expect(object[keyPath: keyPath] == nil)
        try realm.write { realm.add(object) }
        #expect(object[keyPath: keyPath] == nil)
        try realm.write { object[keyPath: keyPath] = value }
        #expect(object[keyPath: keyPath] == value)
    }

    /// realm-swift RealmPropertyTests.swift, testObject (restated with `@Persisted` optionals,
    /// since Geode has no `RealmProperty`): each optional width keeps its edge value and nil,
    /// unmanaged and managed.
    @Test func optionalNumbersAndBoolsKeepTheirEdgeValuesAndNil() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try roundTrip(\.int, 123456, in: realm)
        try roundTrip(\.int8, Int8(127), in: realm)
        try roundTrip(\.int16, Int16(32766), in: realm)
        try roundTrip(\.int32, Int32(2_147_483_647), in: realm)
        try roundTrip(\.int64, Int64(0x7FFF_FFFF_FFFF_FFFF), in: realm)
        try roundTrip(\.float, Float(12345.6789), in: realm)
        try roundTrip(\.double, 12345.6789, in: realm)
        try roundTrip(\.bool, true, in: realm)
    }
}

// MARK: - Schemas Realm refuses (ObjectSchemaInitializationTests.swift)

extension ProjectionConfigConformanceTests {
    /// realm-swift ObjectSchemaInitializationTests.swift, testMultiplePrimaryKeys: "Properties
    /// 'pk2' and 'pk1' are both marked as the primary key of '…'".
    @Test func twoPrimaryKeysInOneClassAreRefused() throws {
        let failure = try #require(try schemaFailure(of: [PCTwoKeys.self]))
        #expect(failure.message.contains("PCTwoKeys"), "\(failure.message)")
        #expect(failure.message.contains("first, second"), "Realm names both properties: \(failure.message)")
        #expect(failure.className == "PCTwoKeys" && failure.property == nil)
    }

    /// realm-swift ObjectSchemaInitializationTests.swift, testInvalidObjects: "Property 'date'
    /// cannot be made the primary key of '…'".
    @Test func aDatePrimaryKeyIsRefused() throws {
        let failure = try #require(try schemaFailure(of: [PCDateKey.self]))
        #expect(failure.message.contains("stamp"), "\(failure.message)")
    }

    /// realm-swift ObjectSchemaInitializationTests.swift, testInvalidObjects and
    /// testModernPropertyPopulation: "Object property 'name' must be marked as optional", for a
    /// link and for an embedded object.
    @Test func aRequiredLinkOrEmbeddedObjectIsRefused() throws {
        let link = try #require(try schemaFailure(of: [PCRequiredLink.self]))
        #expect(link.message.contains("target"), "\(link.message)")
        #expect(link.className == "PCRequiredLink" && link.property == "target", "the error says where")
        let embedded = try #require(try schemaFailure(of: [PCRequiredEmbedded.self]))
        #expect(embedded.message.contains("place"), "\(embedded.message)")
    }

    /// realm-swift ObjectSchemaInitializationTests.swift, testModernPropertyPopulation:
    /// "List<…> property 'name' must not be marked as optional", and the same for MutableSet.
    @Test func listsAndSetsOfOptionalObjectsAreRefused() throws {
        let list = try #require(try schemaFailure(of: [PCOptionalObjectList.self]))
        #expect(list.message.contains("targets"), "\(list.message)")
        let set = try #require(try schemaFailure(of: [PCOptionalObjectSet.self]))
        #expect(set.message.contains("targets"), "\(set.message)")
    }

    /// realm-swift ObjectSchemaInitializationTests.swift, testModernPropertyPopulation:
    /// "Map<String, …> property 'name' must be marked as optional", for objects and for
    /// embedded objects.
    @Test func mapsOfRequiredObjectsAreRefused() throws {
        let objects = try #require(try schemaFailure(of: [PCRequiredObjectMap.self]))
        #expect(objects.message.contains("targets"), "\(objects.message)")
        let embedded = try #require(try schemaFailure(of: [PCRequiredEmbeddedMap.self]))
        #expect(embedded.message.contains("places"), "\(embedded.message)")
    }

    /// realm-swift ObjectSchemaInitializationTests.swift, testModernPropertyPopulation:
    /// "LinkingObjects<…> property 'name' must set the origin property name with
    /// @Persisted(originProperty: \"name\")".
    @Test func linkingObjectsWithoutAnOriginPropertyAreRefused() throws {
        let failure = try #require(try schemaFailure(of: [PCUnnamedBacklinks.self]))
        #expect(failure.message.contains("holders"), "\(failure.message)")
        #expect(failure.message.contains("originProperty"), "\(failure.message)")
        #expect(failure.className == "PCUnnamedBacklinks" && failure.property == "holders")
    }
}

// MARK: - Configuration and references beyond the first pass

final class PCSquad: Object {
    @Persisted var label = ""
    @Persisted(originProperty: "squad") var members: LinkingObjects<PCMember>
}

final class PCMember: Object {
    @Persisted var name = ""
    @Persisted var squad: PCSquad?
}

extension ProjectionConfigConformanceTests {
    /// realm-swift RealmTests.swift, testSeedFilePath: the seed is copied only when the store's
    /// file does not exist yet.
    @Test func aSeedFileIsCopiedOnlyWhenTheStoreIsMissing() throws {
        let directory = try TemporaryDirectory()
        let seed = directory.url.appendingPathComponent("seed.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: seed, objectTypes: [PCItem.self]))
            try realm.write { realm.create(PCItem.self, value: ["label": "seeded"]) }
        }
        let target = directory.url.appendingPathComponent("app.geode")
        var configuration = Realm.Configuration(fileURL: target, objectTypes: [PCItem.self])
        configuration.seedFilePath = seed
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(PCItem.self).map(\.label) == ["seeded"])
        try realm.write { realm.create(PCItem.self, value: ["label": "mine"]) }
        let again = try Realm(configuration: configuration)
        #expect(again.objects(PCItem.self).count == 2, "an existing store is not replaced by the seed")
    }

    /// Geode does not encrypt: a key is refused, not ignored.
    @Test func anEncryptionKeyIsRefusedRatherThanIgnored() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("secret.geode")
        let configuration = Realm.Configuration(
            fileURL: url, encryptionKey: Data(repeating: 1, count: 64), objectTypes: [PCItem.self])
        do {
            _ = try Realm(configuration: configuration)
            Issue.record("opened with an encryption key")
        } catch GeodeError.file(let failure) {
            #expect(failure.reason == .unsupported)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing was written")
    }

    /// realm-swift RealmConfigurationTests.swift, testEquals: configurations compare by file,
    /// in-memory identifier, key, read-only and schema version. (`Realm(fileURL:)` opens with
    /// every class the process knows, which here includes the invalid ones above.)
    @Test func configurationsCompareAsRealmsDo() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("by-url.geode")
        #expect(Realm.Configuration(fileURL: url) == Realm.Configuration(fileURL: url))
        #expect(Realm.Configuration(fileURL: url) != Realm.Configuration(fileURL: url, readOnly: true))
        #expect(Realm.Configuration(fileURL: url) != Realm.Configuration(inMemoryIdentifier: "m"))
    }

    /// realm-swift ThreadSafeReferenceTests.swift, testPassThreadSafeReferenceToLinkingObjects,
    /// testPassThreadSafeReferenceToAnyRealmCollection and assertResolve (a resolved reference
    /// is invalidated).
    @Test func linkingObjectsAndErasedCollectionsPassBetweenThreads() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [PCSquad.self, PCMember.self])
        let squad = try realm.write {
            let squad = realm.create(PCSquad.self, value: ["label": "red"])
            realm.create(PCMember.self, value: ["name": "bo", "squad": squad])
            realm.create(PCMember.self, value: ["name": "ann", "squad": squad])
            return squad
        }
        let members = realm.objects(PCMember.self).filter("squad == %@", squad)
        let erased = ThreadSafeReference(to: AnyRealmCollection(members.sorted(byKeyPath: "name")))
        let links = ThreadSafeReference(to: squad.members)
        let configuration = realm.configuration
        let seen = SharedValue<[String]>([])
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            let names = other.resolve(erased)?.map(\.name).joined(separator: ",") ?? "nil"
            let count = other.resolve(links).map { "\($0.count)" } ?? "nil"
            seen.value = [names, count, "\(erased.isInvalidated)"]
        }
        #expect(seen.value == ["ann,bo", "2", "true"])
    }
}

extension ProjectionConfigConformanceTests {
    /// realm-swift ProjectionTests.swift, testThawUpdatedOnDifferentThread (the projection handed
    /// over with a ThreadSafeReference): it resolves to a projection of the same object there.
    @Test func aProjectionPassesBetweenThreadsByReference() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let counter = try realm.write { realm.create(PCCounter.self, value: ["value": 4]) }
        let reference = ThreadSafeReference(to: PCCounterView(projecting: counter))
        let configuration = realm.configuration
        let seen = SharedValue<Int?>(nil)
        onAnotherThread {
            guard let other = try? Realm(configuration: configuration), let view = other.resolve(reference) else {
                return
            }
            seen.value = view.value
        }
        #expect(seen.value == 4)
    }
}

final class PCAddressView: Projection<PCAddress> {
    @Projected(\PCAddress.city) var city
}

extension ProjectionConfigConformanceTests {
    /// realm-swift ObjectTests.swift (testFreezeEmbedded… through EmbeddedObject's freeze and thaw)
    /// and ProjectionTests (freeze and thaw of a projection of any thread-confined root): an
    /// embedded object freezes at its place in its owner and thaws back to the live one.
    @Test func embeddedObjectsAndTheirProjectionsFreezeAndThaw() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let person = try realm.write {
            realm.create(PCPerson.self, value: ["firstName": "Ann", "address": ["city": "Lyon", "country": "FR"]])
        }
        let address = try #require(person.address)
        let frozen = address.freeze()
        #expect(frozen.isFrozen && !address.isFrozen)
        let view = PCAddressView(projecting: address).freeze()
        try realm.write { address.city = "Oslo" }
        #expect(frozen.city == "Lyon" && view.city == "Lyon")
        let thawed = try #require(frozen.thaw())
        #expect(!thawed.isFrozen && thawed.city == "Oslo")
        #expect(view.thaw()?.city == "Oslo")
        try realm.write { person.address = nil }
        #expect(frozen.thaw() == nil, "its place is empty now")
    }
}

// MARK: - Active versions (RealmTests.mm, testActiveVersionLimit)

extension ProjectionConfigConformanceTests {
    /// realm-swift RealmTests.mm, testActiveVersionLimit: with a limit of 3,
    /// realms frozen at four versions make the next write fail with Realm's
    /// `.fail` and a message that counts them; once they are let go, writes
    /// succeed again. (Each write changes something: LMDB makes no version of
    /// a write that changes nothing, where Realm does.)
    @Test func writesFailWhileMoreVersionsThanTheLimitAreHeld() throws {
        let directory = try TemporaryDirectory()
        var configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("versions.geode"), objectTypes: [PCCounter.self])
        configuration.maximumNumberOfActiveVersions = 3
        let realm = try Realm(configuration: configuration)
        try realm.write { realm.add(PCCounter()) }
        var pinned = [realm.freeze()]
        for i in 1 ... 3 {
            try realm.write { realm.objects(PCCounter.self).first?.value = i }
            pinned.append(realm.freeze())
        }
        #expect(Set(pinned.map { $0.objects(PCCounter.self).first?.value }).count == 4, "four versions are held")
        do {
            try realm.write { realm.add(PCCounter()) }
            Issue.record("wrote while four versions were held")
        } catch let error as Realm.Error {
            #expect(error.code == .fail)
            #expect("\(error)" == "Number of active versions (4) in the Realm exceeded the limit of 3")
        }
        #expect(realm.objects(PCCounter.self).count == 1, "the refused write changed nothing")
        pinned.removeAll()
        try realm.write { realm.add(PCCounter()) }
        #expect(realm.objects(PCCounter.self).count == 2)
    }
}
