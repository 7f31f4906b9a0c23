import Foundation
import Geode
import GeodeTestSupport
import Testing

// The observation of a projection's `ProjectedCollection`, restated from realm-swift's
// RealmSwift/Tests/ProjectedCollectTests.swift (testObserve, testObserveKeyPathNoChange,
// observeOnQueue, testObserveFrozenCollection), with models of its own prefixed `PCO`. Realm
// runs each of those tests for a projected list and a projected set; so does each test here that
// takes a `Kind`. A projected collection's changes are those of the list or set it projects, at
// the same positions, and each one carries the projected collection.
//
// Realm waits for notifications with expectations. Here an observer on this thread hears its
// first notification at the next `refresh()` or write, and its changes at each write; one on a
// queue is waited for with `Collected.wait(for:)`. Realm's "throws" on observing a frozen
// collection is an Objective-C exception that stops a Swift program; an exit test observes Geode
// stopping.

// MARK: - Models

final class PCOPerson: Object {
    @Persisted var firstName = ""
    @Persisted var lastName = ""
}

/// Realm's `PersistedCollections`: the same people in a list and in a set.
final class PCOGroup: Object {
    @Persisted var list: List<PCOPerson>
    @Persisted var set: MutableSet<PCOPerson>
}

/// Realm's `ProjectedCollections`: the first names of the list's and of the set's people.
final class PCOGroupView: Projection<PCOGroup> {
    @Projected(\PCOGroup.list.projectTo.firstName) var list: ProjectedCollection<String>
    @Projected(\PCOGroup.set.projectTo.firstName) var set: ProjectedCollection<String>
}

// MARK: - Helpers

/// A change as text: `initial [names]` or `update [names] d[…] i[…] m[…]`.
private func pcoSummary<C: Collection>(_ change: RealmCollectionChange<C>) -> String where C.Element == String {
    switch change {
    case let .initial(names): return "initial \(Array(names))"
    case let .update(names, deletions, insertions, modifications):
        return "update \(Array(names)) d\(deletions) i\(insertions) m\(modifications)"
    case let .error(error): return "error \(error)"
    }
}

/// The same change with the collection left out (to compare a projected collection's positions
/// with its list's or set's).
private func pcoPositions<C>(_ change: RealmCollectionChange<C>) -> String {
    switch change {
    case .initial: return "initial"
    case let .update(_, deletions, insertions, modifications): return "d\(deletions) i\(insertions) m\(modifications)"
    case let .error(error): return "error \(error)"
    }
}

/// Marks in an exit test's standard error that its setup finished.
private func pcoReady() {
    FileHandle.standardError.write(Data("PCO-READY\n".utf8))
}

// MARK: - Tests

@Suite("Observing a projected collection")
struct ProjectedCollectionObservationTests {
    static let types: [ObjectBase.Type] = [PCOPerson.self, PCOGroup.self]

    enum Kind: String, CaseIterable, Sendable {
        case list, set
    }

    /// Realm's `ProjectedCollectionsTestsTemplate.setUp`: John, Daenerys and Tyrion, in the list or
    /// the set of one group; its projection's collection of that kind.
    private static func names(_ kind: Kind, _ realm: Realm) throws -> ProjectedCollection<String> {
        try realm.write {
            let people = ["John", "Daenerys", "Tyrion"].map { name in
                realm.create(PCOPerson.self, value: ["firstName": name, "lastName": "Of " + name])
            }
            realm.create(PCOGroup.self, value: [kind.rawValue: people])
        }
        let view = try #require(realm.objects(PCOGroupView.self).first)
        return kind == .list ? view.list : view.set
    }

    /// The person whose first name is `name`.
    private static func person(_ name: String, _ realm: Realm) throws -> PCOPerson {
        try #require(realm.objects(PCOPerson.self).filter("firstName == %@", name).first)
    }

    /// realm-swift testObserve (its first notification): the first notification carries the
    /// projected collection, with its three names.
    @Test(arguments: Kind.allCases)
    func theFirstNotificationCarriesTheProjectedCollection(_ kind: Kind) throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let names = try Self.names(kind, realm)
            let heard = Collected<String>()
            let counts = Collected<Int>()
            let token = names.observe { (change: RealmCollectionChange<ProjectedCollection<String>>) in
                if case let .initial(collection) = change { counts.add(collection.count) }
                heard.add(pcoSummary(change))
            }
            realm.refresh()
            #expect(counts.all == [3])
            #expect(heard.all == ["initial [\"John\", \"Daenerys\", \"Tyrion\"]"])
            token.invalidate()
        }
    }

    /// A write that removes, adds and changes people of a projected list reports the list's own
    /// positions (deletions and modifications where they were, insertions where they are), with
    /// the projected collection as it is after the write.
    @Test func anUpdateReportsTheListsPositionsWithTheProjectedCollection() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let names = try Self.names(.list, realm)
            let group = try #require(realm.objects(PCOGroup.self).first)
            let projected = Collected<String>()
            let projectedPositions = Collected<String>()
            let listPositions = Collected<String>()
            let tokens = [
                names.observe {
                    projected.add(pcoSummary($0))
                    projectedPositions.add(pcoPositions($0))
                },
                group.list.observe { listPositions.add(pcoPositions($0)) },
            ]
            realm.refresh()
            let tyrion = try Self.person("Tyrion", realm)
            try realm.write {
                group.list.remove(at: 0)
                group.list.append(realm.create(PCOPerson.self, value: ["firstName": "Arya"]))
                tyrion.firstName = "Ty"
            }
            #expect(
                projected.all == [
                    "initial [\"John\", \"Daenerys\", \"Tyrion\"]",
                    "update [\"Daenerys\", \"Ty\", \"Arya\"] d[0] i[2] m[2]",
                ])
            #expect(projectedPositions.all == listPositions.all)
            tokens.forEach { $0.invalidate() }
        }
    }

    /// A write that changes a person of a projected set, then one that removes two people from
    /// it, report the set's own positions, as an observer of the set hears them.
    @Test func anUpdateReportsTheSetsPositionsWithTheProjectedCollection() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let names = try Self.names(.set, realm)
            let group = try #require(realm.objects(PCOGroup.self).first)
            let projected = Collected<String>()
            let projectedPositions = Collected<String>()
            let setPositions = Collected<String>()
            let tokens = [
                names.observe {
                    projected.add(pcoSummary($0))
                    projectedPositions.add(pcoPositions($0))
                },
                group.set.observe { setPositions.add(pcoPositions($0)) },
            ]
            realm.refresh()
            let daenerys = try Self.person("Daenerys", realm)
            let john = try Self.person("John", realm)
            let tyrion = try Self.person("Tyrion", realm)
            let before = Array(names)
            try realm.write { daenerys.firstName = "Dany" }
            try realm.write {
                group.set.remove(john)
                group.set.remove(tyrion)
            }
            let johnAt = try #require(before.firstIndex(of: "John"))
            let tyrionAt = try #require(before.firstIndex(of: "Tyrion"))
            let danyAt = try #require(before.firstIndex(of: "Daenerys"))
            #expect(
                projected.all == [
                    "initial \(before)", "update \(before.map { $0 == "Daenerys" ? "Dany" : $0 }) d[] i[] m[\(danyAt)]",
                    "update [\"Dany\"] d\([johnAt, tyrionAt].sorted()) i[] m[]",
                ])
            #expect(projectedPositions.all == setPositions.all)
            tokens.forEach { $0.invalidate() }
        }
    }

    /// realm-swift testObserve: `commitWrite(withoutNotifying:)` keeps the change from the token
    /// it names; another token on the same collection hears it (every person deleted).
    @Test(arguments: Kind.allCases)
    func aCommitWithoutNotifyingATokenSkipsOnlyThatToken(_ kind: Kind) throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let names = try Self.names(kind, realm)
            let skipped = Collected<String>()
            let told = Collected<String>()
            let skippedToken = names.observe { skipped.add(pcoSummary($0)) }
            let toldToken = names.observe { told.add(pcoSummary($0)) }
            realm.refresh()
            realm.beginWrite()
            realm.delete(realm.objects(PCOPerson.self))
            try realm.commitWrite(withoutNotifying: [skippedToken])
            let initial = "initial [\"John\", \"Daenerys\", \"Tyrion\"]"
            #expect(skipped.all == [initial])
            #expect(told.all == [initial, "update [] d[0, 1, 2] i[] m[]"])
            skippedToken.invalidate()
            toldToken.invalidate()
        }
    }

    /// realm-swift testObserveKeyPathNoChange: observed with key paths, a projected collection
    /// hears no change to a property the key paths leave out, nor another thread's new object
    /// outside it; a change to a property they name is heard.
    @Test(arguments: Kind.allCases)
    func keyPathsLeaveOutChangesToOtherProperties(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let names = try Self.names(kind, realm)
        let byFirstName = Collected<String>()
        let byAnything = Collected<String>()
        let tokens = [
            names.observe(keyPaths: ["firstName"]) { byFirstName.add(pcoPositions($0)) },
            names.observe { byAnything.add(pcoPositions($0)) },
        ]
        realm.refresh()
        let position = try #require(Array(names).firstIndex(of: "John"))
        let john = try Self.person("John", realm)
        try realm.write { john.lastName = "Snow" }
        let created = DispatchSemaphore(value: 0)
        Thread {
            if let other = try? directory.realm(of: Self.types) {
                _ = try? other.write { other.create(PCOPerson.self, value: ["firstName": "Name"]) }
            }
            created.signal()
        }.start()
        #expect(created.wait(timeout: .now() + 10) == .success)
        realm.refresh()
        #expect(byFirstName.all == ["initial"])
        try realm.write { john.firstName = "Jon" }
        #expect(byFirstName.all == ["initial", "d[] i[] m[\(position)]"])
        #expect(byAnything.all == ["initial", "d[] i[] m[\(position)]", "d[] i[] m[\(position)]"])
        tokens.forEach { $0.invalidate() }
    }

    /// realm-swift observeOnQueue: an observer given a queue is called on it, first with the
    /// collection's three names, then, after a write on this thread deletes the people, with
    /// the empty collection and their three positions deleted.
    @Test(arguments: Kind.allCases)
    func anObserverOnAQueueHearsTheChangesThere(_ kind: Kind) throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let names = try Self.names(kind, realm)
            let queue = DispatchQueue(label: "pco-observer")
            let heard = Collected<String>()
            let token = names.observe(keyPaths: nil, on: queue) { change in
                dispatchPrecondition(condition: .onQueue(queue))
                heard.add(pcoSummary(change))
            }
            #expect(heard.wait(for: 1))
            try realm.write { realm.delete(realm.objects(PCOPerson.self)) }
            #expect(heard.wait(for: 2))
            #expect(heard.all == ["initial [\"John\", \"Daenerys\", \"Tyrion\"]", "update [] d[0, 1, 2] i[] m[]"])
            token.invalidate()
        }
    }

    /// A projected collection wrapped in `AnyRealmCollection` is observed through it: the
    /// wrapper's notifications carry the wrapped projected collection's elements.
    @Test func anAnyRealmCollectionOfAProjectedCollectionObservesIt() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let erased = AnyRealmCollection(try Self.names(.list, realm))
            let heard = Collected<String>()
            let token = erased.observe { heard.add(pcoSummary($0)) }
            realm.refresh()
            let tyrion = try Self.person("Tyrion", realm)
            try realm.write { tyrion.firstName = "Ty" }
            #expect(
                heard.all == [
                    "initial [\"John\", \"Daenerys\", \"Tyrion\"]",
                    "update [\"John\", \"Daenerys\", \"Ty\"] d[] i[] m[2]",
                ])
            token.invalidate()
        }
    }

    /// Observes the frozen projected collection of one person, in a list or a set, in a new
    /// realm (what the exit tests below run; it stops the program, as Realm does).
    private static func observeAFrozenProjectedCollection(_ kind: Kind, on queue: DispatchQueue? = nil) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: types)
        let view = try realm.write {
            PCOGroupView(
                projecting: realm.create(
                    PCOGroup.self, value: [kind.rawValue: [["firstName": "John"]]] as [String: Any]))
        }
        let frozen = (kind == .list ? view.list : view.set).freeze()
        guard frozen.isFrozen else { return }
        pcoReady()
        _ = frozen.observe(on: queue) { _ in }
    }

    /// realm-swift testObserveFrozenCollection, for a list: observing a frozen projected
    /// collection stops the program ("Frozen Realms do not change and do not have change
    /// notifications.").
    @Test func observingAFrozenProjectedListStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try ProjectedCollectionObservationTests.observeAFrozenProjectedCollection(.list)
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("PCO-READY") && message.contains("frozen"), "\(message)")
    }

    /// realm-swift testObserveFrozenCollection, for a set.
    @Test func observingAFrozenProjectedSetStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try ProjectedCollectionObservationTests.observeAFrozenProjectedCollection(.set)
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("PCO-READY") && message.contains("frozen"), "\(message)")
    }

    /// Observing a frozen projected collection on a queue stops the program too (rather than
    /// observing the live collection there).
    @Test func observingAFrozenProjectedCollectionOnAQueueStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try ProjectedCollectionObservationTests.observeAFrozenProjectedCollection(
                .list, on: DispatchQueue(label: "pco-frozen"))
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("PCO-READY") && message.contains("frozen"), "\(message)")
    }
}

// MARK: - Other members of Realm's ProjectedCollection

extension ProjectedCollectionObservationTests {
    /// Realm's `ProjectedCollection.index(of:)`: the position of the first element equal to a
    /// value, in the list's or set's order; nil for a value it does not hold.
    @Test(arguments: Kind.allCases)
    func indexOfFindsAnElementsPosition(_ kind: Kind) throws {
        try withTemporaryRealm(of: Self.types) { realm in
            let names = try Self.names(kind, realm)
            let order = Array(names)
            #expect(names.index(of: "Tyrion") == order.firstIndex(of: "Tyrion"))
            #expect(names.index(of: "Tyrion") != nil)
            #expect(names.index(of: "Nobody") == nil)
        }
    }

    /// Realm's `ProjectedCollection` is `ThreadConfined`: a thread-safe reference to it resolves,
    /// on another thread, to the same projection of the list or set read by that thread's realm.
    @Test(arguments: Kind.allCases)
    func aThreadSafeReferenceResolvesOnAnotherThread(_ kind: Kind) throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let names = try Self.names(kind, realm)
        let expected = Array(names)
        let reference = ThreadSafeReference(to: names)
        let resolved = SharedValue<[String]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            if let other = try? directory.realm(of: Self.types), let names = other.resolve(reference) {
                resolved.value = Array(names)
            }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(resolved.value == expected)
    }
}
