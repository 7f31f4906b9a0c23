import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The actor a test opens its realm on.
private actor PetKeeper {
    private(set) var seen: [String] = []
    private var realm: Realm?

    func open(_ configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    func add(_ name: String) async throws {
        guard let realm else { return }
        try await realm.asyncWrite { realm.add(NPet(value: ["name": name])) }
    }

    var count: Int { realm?.objects(NPet.self).count ?? -1 }

    func note(_ text: String) { seen.append(text) }

    /// Waits (five seconds at most) until `count` notes are in.
    func waitFor(_ count: Int) async throws {
        var waited = 0
        while seen.count < count, waited < 1000 {
            try await Task.sleep(nanoseconds: 5_000_000)
            waited += 1
        }
    }
}

/// A list, for an actor to observe.
final class CCPlaylist: Object {
    @Persisted var songs: List<String>
}

@Suite("Swift concurrency: actor realms, async writes, thread-safe references")
struct ConcurrencyTests {
    private let types: [ObjectBase.Type] = [NOwner.self, NAddress.self, NPet.self, CCPlaylist.self]

    @Test("An actor-isolated realm writes with asyncWrite and sees other writers' commits")
    func actorRealm() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("actor.geode"), objectTypes: types)
        let keeper = PetKeeper()
        try await keeper.open(configuration)
        try await keeper.add("Rex")
        #expect(await keeper.count == 1)
        let other = try Realm(configuration: configuration)
        try other.write { other.add(NPet(value: ["name": "Tom"])) }
        await Task.yield()
        let results = other.objects(NPet.self)
        let token = await results.observe(on: keeper) { keeper, change in
            if case let .update(_, _, insertions, _) = change { keeper.note("inserted \(insertions)") }
            if case let .initial(pets) = change { keeper.note("initial \(pets.count)") }
        }
        var waited = 0
        while await keeper.seen.isEmpty, waited < 1000 {
            try await Task.sleep(nanoseconds: 5_000_000)
            waited += 1
        }
        try other.write { other.add(NPet(value: ["name": "Max"])) }
        waited = 0
        while await keeper.seen.count < 2, waited < 1000 {
            try await Task.sleep(nanoseconds: 5_000_000)
            waited += 1
        }
        #expect(await keeper.seen == ["initial 2", "inserted [2]"])
        token.invalidate()

        let max = try #require(other.objects(NPet.self).where { $0.name == "Max" }.first)
        let objectToken = await max.observe(on: keeper) { (keeper, change: ObjectChange<NPet>) in
            if case let .change(_, properties) = change { keeper.note(properties.map(\.name).joined()) }
        }
        try other.write { max.age = 7 }
        waited = 0
        while await keeper.seen.count < 3, waited < 1000 {
            try await Task.sleep(nanoseconds: 5_000_000)
            waited += 1
        }
        #expect(await keeper.seen.last == "age")
        objectToken.invalidate()
    }

    /// A store in a new directory, a keeper whose realm of it is isolated to
    /// the keeper, and a realm of it on this thread.
    private func keeperAndRealm() async throws -> (TemporaryDirectory, PetKeeper, Realm) {
        let directory = try TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("actor.geode"), objectTypes: types)
        let keeper = PetKeeper()
        try await keeper.open(configuration)
        return (directory, keeper, try Realm(configuration: configuration))
    }

    @Test("An actor hears a list, a set, a map and linking objects change, each read there")
    func collectionsObservedOnAnActor() async throws {
        let (directory, keeper, realm) = try await keeperAndRealm()
        defer { withExtendedLifetime(directory) {} }
        let owner = NOwner(value: ["name": "Ann"])
        let playlist = CCPlaylist()
        try realm.write {
            realm.add(owner)
            realm.add(playlist)
        }
        @Sendable func insertions<C>(_ name: String, _ change: RealmCollectionChange<C>) -> String? {
            switch change {
            case .initial: return "\(name) initial"
            case let .update(_, _, insertions, _): return "\(name) \(insertions)"
            case .error: return nil
            }
        }
        let tokens = [
            await playlist.songs.observe(on: keeper) { keeper, change in
                insertions("list", change).map { keeper.note($0) }
            },
            await owner.tags.observe(on: keeper) { keeper, change in insertions("set", change).map { keeper.note($0) } },
            await owner.pets.observe(on: keeper) { keeper, change in
                insertions("pets", change).map { keeper.note($0) }
            },
            await owner.scores.observe(on: keeper) { keeper, change in
                switch change {
                case .initial: keeper.note("map initial")
                case let .update(_, _, insertions, _): keeper.note("map \(insertions)")
                case .error: break
                }
            },
        ]
        try await keeper.waitFor(4)
        try realm.write {
            playlist.songs.append("a")
            owner.tags.insert("x")
            owner.scores["k"] = 1
            realm.add(NPet(value: ["name": "Rex", "owner": owner]))
        }
        try await keeper.waitFor(8)
        #expect(
            Set(await keeper.seen)
                == [
                    "list initial", "set initial", "pets initial", "map initial", "list [0]", "set [0]", "pets [0]",
                    "map [\"k\"]",
                ])
        for token in tokens { token.invalidate() }
    }

    @Test("An actor hears an AnyRealmCollection, and generic code over RealmCollection, change")
    func erasedAndGenericCollectionsObservedOnAnActor() async throws {
        let (directory, keeper, realm) = try await keeperAndRealm()
        defer { withExtendedLifetime(directory) {} }
        let owner = NOwner(value: ["name": "Ann"])
        try realm.write { realm.add(owner) }
        /// Generic code: observes any collection of pets on `keeper`, noting what `name` heard.
        func watch<C: RealmCollection & SendableMetatype>(_ pets: C, as name: String) async -> NotificationToken
        where C.Element == NPet {
            await pets.observe(on: keeper) { keeper, change in
                switch change {
                case let .initial(pets): keeper.note("\(name) initial \(pets.count)")
                case let .update(pets, _, insertions, _): keeper.note("\(name) \(insertions) of \(pets.count)")
                case .error: keeper.note("\(name) error")
                }
            }
        }
        let erased = await AnyRealmCollection(owner.pets).observe(on: keeper) { keeper, change in
            if case let .update(pets, _, insertions, _) = change {
                keeper.note("erased \(insertions) \(type(of: pets) == AnyRealmCollection<NPet>.self)")
            }
        }
        let generic = await watch(realm.objects(NPet.self), as: "results")
        let genericErased = await watch(AnyRealmCollection(owner.pets), as: "any")
        try await keeper.waitFor(2)
        try realm.write { realm.add(NPet(value: ["name": "Rex", "owner": owner])) }
        try await keeper.waitFor(5)
        #expect(
            Set(await keeper.seen)
                == ["results initial 0", "any initial 0", "erased [0] true", "results [0] of 1", "any [0] of 1"])
        for token in [erased, generic, genericErased] { token.invalidate() }
    }

    @Test("A thread-safe reference resolves an object, results and a list on another thread, once")
    func threadSafeReferences() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: types)
        let owner = NOwner(value: ["name": "Ann"])
        try realm.write {
            realm.add(owner)
            owner.scores["a"] = 1
            realm.add(NPet(value: ["name": "Rex", "age": 3]))
        }
        let ownerReference = ThreadSafeReference(to: owner)
        let petsReference = ThreadSafeReference(to: realm.objects(NPet.self).where { $0.age > 2 })
        let scoresReference = ThreadSafeReference(to: owner.scores)
        let found = SharedValue<[String]>([])
        let thread = Thread {
            guard let other = try? directory.realm(of: types) else { return }
            let name = other.resolve(ownerReference)?.name ?? "missing"
            let pets = other.resolve(petsReference)?.count ?? -1
            let score = other.resolve(scoresReference)?["a"].flatMap { $0 } ?? -1
            found.value = [name, String(pets), String(score)]
        }
        thread.start()
        var waited = 0
        while found.value.isEmpty, waited < 1000 {
            Thread.sleep(forTimeInterval: 0.005)
            waited += 1
        }
        #expect(found.value == ["Ann", "1", "1"])
    }

    @Test("writeAsync on a queue realm commits there and reports how it ended")
    func writeAsyncOnQueue() throws {
        let directory = try TemporaryDirectory()
        let queue = DispatchQueue(label: "writer")
        let outcome = SharedValue<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        try queue.sync {
            let realm = try Realm(configuration: directory.realm(of: types).configuration, queue: queue)
            realm.writeAsync({ realm.add(NPet(value: ["name": "Rex"])) }) { error in
                outcome.value = error.map { "\($0)" } ?? "committed \(realm.objects(NPet.self).count)"
                done.signal()
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcome.value == "committed 1")
    }
}

extension ConcurrencyTests {
    @Test("A @ThreadSafe property reads its object on whichever thread asks, and nil once it is deleted")
    func threadSafeProperty() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: types)
        let pet = NPet(value: ["name": "Rex"])
        try realm.write { realm.add(pet) }
        final class Holder: @unchecked Sendable {
            @ThreadSafe var pet: NPet?
        }
        let holder = Holder()
        holder.pet = pet
        let names = SharedValue<[String]>([])
        let read = {
            let thread = Thread { names.value.append(holder.pet?.name ?? "nil") }
            thread.start()
            var waited = 0
            let before = names.value.count
            while names.value.count == before, waited < 1000 {
                Thread.sleep(forTimeInterval: 0.005)
                waited += 1
            }
        }
        read()
        try realm.write { realm.delete(pet) }
        read()
        #expect(names.value == ["Rex", "nil"])
    }

    @Test("An asynchronous write not yet started can be cancelled; one committed reports success")
    func cancellingAsyncWrites() throws {
        let directory = try TemporaryDirectory()
        let queue = DispatchQueue(label: "writer")
        let outcomes = SharedValue<[String]>([])
        let done = DispatchSemaphore(value: 0)
        try queue.sync {
            let realm = try Realm(configuration: directory.realm(of: types).configuration, queue: queue)
            let cancelled = realm.writeAsync({ realm.add(NPet(value: ["name": "Never"])) }) { _ in
                outcomes.value.append("cancelled write ran")
            }
            #expect(realm.isPerformingAsynchronousWriteOperations)
            try realm.cancelAsyncWrite(cancelled)
            realm.beginAsyncWrite {
                realm.add(NPet(value: ["name": "Rex"]))
                realm.commitAsyncWrite { error in
                    outcomes.value.append(error.map { "\($0)" } ?? "committed \(realm.objects(NPet.self).count)")
                    done.signal()
                }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcomes.value == ["committed 1"])
    }
}

/// A value tests set on one thread and read on another, after waiting.
final class SharedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
