import Foundation
import Geode
import GeodeTestSupport
import Testing

// Code written for Realm Swift, spelled as Realm Swift's public API spells it
// (RealmSwift/Realm.swift, Error.swift, Object.swift, PersistedProperty.swift,
// ObjectId.swift, AnyRealmValue.swift, RealmConfiguration.swift), compiles
// against Geode and does what Realm's documentation says.

/// A kennel's dog with an enum of Realm's raw-valued kinds.
final class SPDog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var vaccinated = false
    @Persisted var size = SPSize.small
    @Persisted var weight: Int?
    @Persisted var limit = 0
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<SPPerson>
}

/// A size stored as its raw value.
enum SPSize: Int, PersistableEnum {
    case small = 1, medium = 5, large = 3
}

/// A status stored as a string.
enum SPStatus: String, PersistableEnum {
    case open, closed
}

/// Lists, sets and maps of mixed values (Realm's `ModernAllTypesObject` mixed collections).
final class SPMixed: Object {
    @Persisted var list: List<AnyRealmValue>
    @Persisted var set: MutableSet<AnyRealmValue>
    @Persisted var map: Map<String, AnyRealmValue>
}

/// A person with a list and a set of dogs.
final class SPPerson: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var dogs: List<SPDog>
    @Persisted var favourites: MutableSet<SPDog>
}

@Suite struct RealmSwiftSpellingTests {
    /// Saves through a helper typed with Realm's nested name for the policy.
    private func save(_ person: SPPerson, in realm: Realm, update: Realm.UpdatePolicy = .modified) {
        realm.add(person, update: update)
    }

    // Realm.swift: `Realm.UpdatePolicy` is nested and Int-backed (error 1, all 2, modified 3).
    @Test func updatePolicyIsNestedInRealmWithRealmsRawValues() throws {
        #expect(Realm.UpdatePolicy.error.rawValue == 1)
        #expect(Realm.UpdatePolicy.all.rawValue == 2)
        #expect(Realm.UpdatePolicy.modified.rawValue == 3)
        #expect(Realm.UpdatePolicy(rawValue: 3) == .modified)
        try withTemporaryRealm(of: [SPPerson.self, SPDog.self]) { realm in
            try realm.write {
                save(SPPerson(value: ["id": 1, "name": "Ann"]), in: realm)
                save(SPPerson(value: ["id": 1, "name": "Bea"]), in: realm)
            }
            #expect(realm.objects(SPPerson.self).count == 1)
            #expect(realm.object(ofType: SPPerson.self, forPrimaryKey: 1)?.name == "Bea")
        }
    }

    // Error.swift: Realm's errors are NSErrors: their message is the localized description.
    @Test func anErrorsLocalizedDescriptionIsItsMessage() throws {
        let directory = try TemporaryDirectory()
        var configuration = Realm.Configuration(fileURL: directory.url.appendingPathComponent("missing.geode"))
        configuration.readOnly = true
        do {
            _ = try Realm(configuration: configuration)
            Issue.record("a missing read-only store opened")
        } catch {
            let geode = try #require(error as? Realm.Error)
            #expect(error.localizedDescription == geode.description)
            #expect(!error.localizedDescription.contains("could not be completed"))
            let nsError = error as NSError
            #expect(nsError.code == Realm.Error.Code.fileNotFound.rawValue)
            #expect(nsError.domain == GeodeError.errorDomain)
            #expect(geode.userInfo[NSFilePathErrorKey] as? String == configuration.fileURL?.path)
        }
    }

    // Error.swift: two errors are equal when their code and message are.
    @Test func errorsWithTheSameCodeAndMessageAreEqual() {
        #expect(Realm.Error(.fail) == Realm.Error(.fail))
        #expect(Realm.Error(.fail) != Realm.Error(.fileExists))
        let gone = Realm.Error(.fileNotFound, userInfo: [NSLocalizedDescriptionKey: "gone"])
        #expect(gone != Realm.Error(.fileNotFound, userInfo: [NSLocalizedDescriptionKey: "elsewhere"]))
    }

    // RealmTests.testDeleteRealmFilesWhileOpen: deleting an open store's files fails with `alreadyOpen`.
    @Test func deletingTheFilesOfAnOpenStoreIsAlreadyOpen() throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("open.geode"), objectTypes: [SPDog.self])
        let realm = try Realm(configuration: configuration)
        do {
            _ = try Realm.deleteFiles(for: configuration)
            Issue.record("the files of an open store were deleted")
        } catch Realm.Error.alreadyOpen {
            #expect(Realm.fileExists(for: configuration))
        }
        _ = realm
    }

    // RLMError.h: every code Realm declares can be caught by name, and an error made from it carries it.
    @Test func realmsOtherCodesCanBeCaughtByName() {
        for code: Realm.Error.Code in [
            .fileFormatUpgradeRequired, .incompatibleLockFile, .addressSpaceExhausted, .alreadyOpen,
            .incompatibleHistories,
        ] {
            #expect(Realm.Error(code).code == code)
        }
        do {
            throw Realm.Error(.incompatibleLockFile)
        } catch Realm.Error.incompatibleLockFile {
        } catch {
            Issue.record("caught as \(error)")
        }
    }

    // Object.swift: a migration writes a dynamic object's properties as members.
    @Test func aDynamicObjectsPropertiesReadAndWriteAsMembers() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("dynamic.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [SPDog.self]))
            try realm.write { realm.create(SPDog.self, value: ["name": "Rex", "age": 3]) }
        }
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [SPDog.self])
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "SPDog") { old, new in
                let age = old?.age as? Int ?? 0
                new?.age = age + 10
                new?.name = "\(old?.name as? String ?? "")!"
            }
        }
        let realm = try Realm(configuration: configuration)
        let dog = try #require(realm.objects(SPDog.self).first)
        #expect(dog.age == 13 && dog.name == "Rex!")
        let dynamic = try #require(realm.dynamicObjects("SPDog").first)
        #expect(dynamic.name as? String == "Rex!")
    }

    // PersistedProperty.swift: enums order by raw value, and `init()` is the first case.
    @Test func persistableEnumsCompareByRawValueAndDefaultToTheFirstCase() {
        #expect(SPSize() == .small)
        #expect(SPStatus() == .open)
        #expect(SPSize.large < SPSize.medium)
        #expect([SPSize.medium, .small, .large].sorted() == [.small, .large, .medium])
        #expect(SPStatus.closed < SPStatus.open)
        #expect([SPSize.medium, .large].max() == .medium)
    }

    // RealmCollection.setValue(_:forKey:): a list or set sets a property on each of its objects.
    @Test func aListOrSetSetsAPropertyOnEachObject() throws {
        try withTemporaryRealm(of: [SPPerson.self, SPDog.self]) { realm in
            let person = SPPerson(value: ["id": 1, "dogs": [["name": "A"], ["name": "B"]]])
            person.favourites.insert(SPDog(value: ["name": "C"]))
            // Unmanaged, the objects are set in memory.
            person.dogs.setValue(2, forKey: "age")
            #expect(person.dogs.map(\.age) == [2, 2])
            try realm.write {
                realm.add(person)
                person.dogs.setValue(true, forKey: "vaccinated")
                person.favourites.setValue(7, forKey: "age")
            }
            #expect(realm.objects(SPDog.self).filter("vaccinated == true").count == 2)
            #expect(person.favourites.first?.age == 7)
            #expect(person.favourites.first?.vaccinated == false)
        }
    }

    // Realm.swift: `NotificationBlock`, `init(queue:)` with an optional queue, `Realm.AsyncOpenTask`.
    @Test func realmsNestedNamesAndOptionalQueueCompile() throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("names.geode"), objectTypes: [SPDog.self])
        let queue: DispatchQueue? = nil
        let realm = try Realm(configuration: configuration, queue: queue)
        #expect(realm.queue == nil)
        var heard: [Realm.Notification] = []
        let block: Realm.NotificationBlock = { notification, _ in heard.append(notification) }
        let token = realm.observe(block)
        try realm.write { realm.add(SPDog()) }
        #expect(heard == [.didChange])
        token.invalidate()
        let task: Realm.AsyncOpenTask? = nil
        #expect(task == nil)
    }

    // Realm.swift: `Realm.open(configuration:)` opens a realm isolated to the caller's actor.
    @MainActor @Test func openIsolatesTheRealmToTheCallersActor() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("open.geode"), objectTypes: [SPDog.self])
        let realm = try await Realm.open(configuration: configuration)
        #expect(realm.actor != nil)
        try await realm.asyncWrite { realm.add(SPDog(value: ["name": "Rex"])) }
        #expect(realm.objects(SPDog.self).count == 1)
    }

    // ObjectId.swift: `init(timestamp:machineId:processId:)` keeps the seconds and the ids' low bytes.
    @Test func anObjectIdFromATimestampAndIdsKeepsThem() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.75)
        let first = ObjectId(timestamp: date, machineId: 0x0A0B0C, processId: 0x0102)
        let second = ObjectId(timestamp: date, machineId: 0x0A0B0C, processId: 0x0102)
        #expect(first.timestamp == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(first.stringValue.hasPrefix("6553f1000c0b0a0201"))
        #expect(first != second && first < second)
    }

    // AnyRealmValue.swift: `AnyRealmValue()` is `.none`.
    @Test func anEmptyAnyRealmValueIsNone() {
        #expect(AnyRealmValue() == .none)
    }

    // RealmConfiguration.swift: a configuration describes itself; `schemaVersionAtURL` takes Realm's key argument.
    @Test func aConfigurationDescribesItselfAndSchemaVersionTakesRealmsArguments() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("described.geode")
        let configuration = Realm.Configuration(fileURL: url, schemaVersion: 4, objectTypes: [SPDog.self])
        #expect(configuration.description.contains(url.path))
        #expect(configuration.description.contains("schemaVersion: 4"))
        _ = try Realm(configuration: configuration)
        #expect(try schemaVersionAtURL(url, encryptionKey: nil) == 4)
        #expect(throws: Realm.Error.self) { try schemaVersionAtURL(url, encryptionKey: Data(count: 64)) }
    }

    // PrimitiveListTests / PrimitiveMutableSetTests / PrimitiveMapTests, MinMax… and Addable…AnyRealmValue:
    // a collection of mixed values has min, max, sum and average.
    @Test func mixedCollectionsAggregateTheirValues() throws {
        try withTemporaryRealm(of: [SPMixed.self]) { realm in
            let holder = SPMixed()
            #expect(holder.list.min() == nil && holder.list.max() == nil)
            #expect(holder.list.sum() == .int(0) && holder.list.average() == nil)
            try realm.write { realm.add(holder) }
            #expect(holder.list.min() == nil && holder.map.max() == nil && holder.set.average() == nil)
            try realm.write {
                holder.list.append(objectsIn: [.int(3), .int(1), .int(2)])
                holder.set.insert(objectsIn: [.double(1.5), .double(2.5), .none])
                holder.map["a"] = .decimal128(Decimal128(2))
                holder.map["b"] = .decimal128(Decimal128(4))
            }
            #expect(holder.list.min() == .int(1) && holder.list.max() == .int(3))
            #expect(holder.list.sum() == .int(6) && holder.list.average() == .double(2))
            #expect(holder.set.min() == .double(1.5) && holder.set.max() == .double(2.5))
            #expect(holder.set.sum() == .double(4) && holder.set.average() == .double(2))
            #expect(holder.map.min() == .decimal128(Decimal128(2)) && holder.map.max() == .decimal128(Decimal128(4)))
            #expect(holder.map.sum() == .decimal128(Decimal128(6)) && holder.map.average() == .decimal128(Decimal128(3)))
            // Strings order after numbers and are not added; objects and nulls count for nothing.
            try realm.write { holder.list.append(objectsIn: [.string("a"), .none]) }
            #expect(holder.list.max() == .string("a") && holder.list.min() == .int(1))
            #expect(holder.list.sum() == .int(6))
        }
    }

    // RealmCollectionTypeTests (ResultsFromLinkViewTests): results of a list are observed on a queue
    // as any results are, and read there live.
    @Test func resultsOfAListCanBeObservedOnAQueue() throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("queue.geode"), objectTypes: [SPPerson.self, SPDog.self])
        let realm = try Realm(configuration: configuration)
        let person = SPPerson(value: ["id": 1, "dogs": [["age": 1], ["age": 5]]])
        try realm.write { realm.add(person) }
        let counts = SPCounts()
        let heard = DispatchSemaphore(value: 0)
        let token = person.dogs.filter("age > 2").observe(on: DispatchQueue(label: "spelling.observe")) { change in
            switch change {
            case let .initial(results): counts.append(results.count)
            case let .update(results, _, insertions, _): counts.append(results.count * 10 + insertions.count)
            case .error: counts.append(-1)
            }
            heard.signal()
        }
        #expect(heard.wait(timeout: .now() + 10) == .success)
        try realm.write { person.dogs.append(SPDog(value: ["age": 9])) }
        #expect(heard.wait(timeout: .now() + 10) == .success)
        token.invalidate()
        #expect(counts.values == [1, 21])
    }

    // ThreadSafeReferenceTests.testPassThreadSafeReferencesToMultipleObjects (results of a list):
    // a reference to a list's results resolves to live results of the same list.
    @Test func aReferenceToAListsResultsResolvesLive() throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("reference.geode"),
            objectTypes: [SPPerson.self, SPDog.self])
        let realm = try Realm(configuration: configuration)
        let person = SPPerson(value: ["id": 1, "dogs": [["age": 1], ["age": 5]]])
        try realm.write { realm.add(person) }
        let reference = ThreadSafeReference(to: person.dogs.filter("age > 2"))
        let counts = SPCounts()
        let thread = Thread {
            guard let other = try? Realm(configuration: configuration), let results = other.resolve(reference)
            else { return counts.append(-1) }
            counts.append(results.count)
            try? other.write {
                other.object(ofType: SPPerson.self, forPrimaryKey: 1)?.dogs.append(SPDog(value: ["age": 7]))
            }
            counts.append(results.count)
        }
        thread.start()
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(counts.values == [1, 2])
    }

    // QueryTests.swift: comparisons between two properties with <= and >=, a range of an optional
    // property, and linking objects counted and tested in a type-safe query.
    @Test func typeSafeQueriesTakeRealmsOtherComparisons() throws {
        try withTemporaryRealm(of: [SPPerson.self, SPDog.self]) { realm in
            try realm.write {
                realm.create(SPDog.self, value: ["name": "a", "age": 3, "limit": 3, "weight": 10])
                realm.create(SPDog.self, value: ["name": "b", "age": 5, "limit": 2])
                let owned = realm.create(SPDog.self, value: ["name": "c", "age": 1, "limit": 4, "weight": 30])
                let person = realm.create(SPPerson.self, value: ["id": 1])
                person.dogs.append(owned)
            }
            let dogs = realm.objects(SPDog.self)
            #expect(Set(dogs.where { $0.age <= $0.limit }.map(\.name)) == ["a", "c"])
            #expect(Set(dogs.where { $0.age >= $0.limit }.map(\.name)) == ["a", "b"])
            #expect(dogs.where { $0.weight.contains(5...15) }.map(\.name) == ["a"])
            #expect(dogs.where { $0.weight.contains(10..<30) }.map(\.name) == ["a"])
            #expect(Set(dogs.where { $0.owners.count == 0 }.map(\.name)) == ["a", "b"])
            let person = try #require(realm.object(ofType: SPPerson.self, forPrimaryKey: 1))
            #expect(dogs.where { $0.owners.contains(person) }.map(\.name) == ["c"])
        }
    }
}

/// Numbers heard on other threads, kept under a lock.
final class SPCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Int] = []

    func append(_ value: Int) { lock.withLock { kept.append(value) } }

    var values: [Int] { lock.withLock { kept } }
}
