import Foundation
import Geode
import GeodeTestSupport
import Testing

final class NOwner: Object {
    @Persisted var name = ""
    @Persisted var scores: Map<String, Int>
    @Persisted var tags: MutableSet<String>
    @Persisted var extra: AnyRealmValue
    @Persisted var address: NAddress?
    @Persisted(originProperty: "owner") var pets: LinkingObjects<NPet>
}

final class NAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var zip = ""
}

final class NPet: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var owner: NOwner?
}

private let types: [ObjectBase.Type] = [NOwner.self, NAddress.self, NPet.self]

private func summary<C>(_ change: RealmCollectionChange<C>) -> String {
    switch change {
    case .initial: return "initial"
    case let .update(_, d, i, m): return "d\(d) i\(i) m\(m)"
    case let .error(error): return "error \(error)"
    }
}

@Suite("Change notifications")
struct NotificationTests {
    @Test("A change to a linked object modifies the objects linking to it, unless key paths leave it out")
    func linkedObjectChanges() throws {
        try withTemporaryRealm(of: types) { realm in
            let owner = NOwner(value: ["name": "Ann"])
            try realm.write {
                realm.add(owner)
                realm.add(NPet(value: ["name": "Rex", "owner": owner]))
                realm.add(NPet(value: ["name": "Tom"]))
            }
            let pets = realm.objects(NPet.self)
            let all = Collected<String>(), ages = Collected<String>(), ownerNames = Collected<String>()
            let tokens = [
                pets.observe { all.add(summary($0)) },
                pets.observe(keyPaths: ["age"]) { ages.add(summary($0)) },
                pets.observe(keyPaths: ["owner.name"]) { ownerNames.add(summary($0)) },
            ]
            realm.refresh()
            try realm.write { owner.name = "Bea" }
            #expect(all.all == ["initial", "d[] i[] m[0]"])
            #expect(ages.all == ["initial"])
            #expect(ownerNames.all == ["initial", "d[] i[] m[0]"])
            tokens.forEach { $0.invalidate() }
        }
    }

    @Test("An object observer hears each changed property with its old and new value, then its deletion")
    func objectChanges() throws {
        try withTemporaryRealm(of: types) { realm in
            let pet = NPet(value: ["name": "Rex", "age": 3])
            try realm.write { realm.add(pet) }
            let heard = Collected<String>()
            let token = pet.observe { (change: ObjectChange<NPet>) in
                switch change {
                case let .change(_, properties):
                    heard.add(properties.map { "\($0.name) \($0.oldValue ?? "nil")→\($0.newValue ?? "nil")" }.joined(separator: ", "))
                case .deleted: heard.add("deleted")
                case let .error(error): heard.add("error \(error)")
                }
            }
            let names = Collected<String>()
            let nameToken = pet.observe(keyPaths: ["name"]) { (change: ObjectChange<NPet>) in
                if case let .change(_, properties) = change { names.add(properties.map(\.name).joined()) }
            }
            try realm.write { pet.age = 4 }
            try realm.write {
                pet.name = "Max"
                pet.age = 5
            }
            try realm.write { realm.delete(pet) }
            #expect(heard.all == ["age 3→4", "name Rex→Max, age 4→5", "deleted"])
            #expect(names.all == ["name"])
            token.invalidate()
            nameToken.invalidate()
        }
    }

    @Test("Changes inside nested AnyRealmValue collections and embedded objects notify their owner")
    func nestedChanges() throws {
        try withTemporaryRealm(of: types) { realm in
            let owner = NOwner(value: ["name": "Ann"])
            try realm.write {
                owner.extra = .dictionary(
                    Map<String, AnyRealmValue>._fromEntries([
                        ("a", .list(List<AnyRealmValue>._fromElements([.int(1), .int(2)])))
                    ]))
                owner.address = NAddress(value: ["city": "Oslo"])
                realm.add(owner)
            }
            let heard = Collected<String>()
            let token = owner.observe { (change: ObjectChange<NOwner>) in
                if case let .change(_, properties) = change { heard.add(properties.map(\.name).joined(separator: ",")) }
            }
            let cities = Collected<String>()
            let addressToken = owner.address!.observe { (change: ObjectChange<NAddress>) in
                if case let .change(_, properties) = change {
                    cities.add(properties.map { "\($0.name)=\($0.newValue ?? "nil")" }.joined())
                }
            }
            try realm.write { owner.extra.dictionaryValue?["a"]?.listValue?.append(.int(3)) }
            try realm.write { owner.address?.city = "Bergen" }
            #expect(heard.all == ["extra", "address"])
            #expect(cities.all == ["city=Bergen"])
            token.invalidate()
            addressToken.invalidate()
        }
    }

    @Test("Map, set and linking objects observers report what changed in them")
    func otherCollections() throws {
        try withTemporaryRealm(of: types) { realm in
            let owner = NOwner(value: ["name": "Ann"])
            try realm.write {
                owner.scores["a"] = 1
                owner.scores["b"] = 2
                owner.tags.insert("x")
                realm.add(owner)
            }
            let maps = Collected<String>(), sets = Collected<String>(), pets = Collected<String>()
            let mapToken = owner.scores.observe { change in
                switch change {
                case .initial: maps.add("initial")
                case let .update(_, d, i, m): maps.add("d\(d) i\(i) m\(m)")
                case let .error(error): maps.add("error \(error)")
                }
            }
            let setToken = owner.tags.observe { sets.add(summary($0)) }
            let petToken = owner.pets.observe { pets.add(summary($0)) }
            realm.refresh()
            try realm.write {
                owner.scores["a"] = 10
                owner.scores.removeObject(for: "b")
                owner.scores["c"] = 3
                owner.tags.insert("y")
                realm.add(NPet(value: ["name": "Rex", "owner": owner]))
            }
            #expect(maps.all == ["initial", "d[\"b\"] i[\"c\"] m[\"a\"]"])
            #expect(sets.all == ["initial", "d[] i[1] m[]"])
            #expect(pets.all == ["initial", "d[] i[0] m[]"])
            [mapToken, setToken, petToken].forEach { $0.invalidate() }
        }
    }

    @Test("Realm observers hear every new version; write(withoutNotifying:) leaves out the tokens given")
    func realmNotificationsAndSkipping() throws {
        try withTemporaryRealm(of: types) { realm in
            let versions = Collected<Realm.Notification>()
            let realmToken = realm.observe { notification, _ in versions.add(notification) }
            let pets = realm.objects(NPet.self)
            let heard = Collected<String>()
            let token = pets.observe { heard.add(summary($0)) }
            realm.refresh()
            try realm.write(withoutNotifying: [token]) { realm.add(NPet(value: ["name": "Rex"])) }
            try realm.write { realm.add(NPet(value: ["name": "Tom"])) }
            #expect(heard.all == ["initial", "d[] i[1] m[]"])
            #expect(versions.all == [.didChange, .didChange])
            token.invalidate()
            try realm.write { realm.add(NPet(value: ["name": "Max"])) }
            #expect(heard.all.count == 2)
            realmToken.invalidate()
        }
    }

    @Test("A key path into an embedded object counts only changes to what it names")
    func embeddedKeyPaths() throws {
        try withTemporaryRealm(of: types) { realm in
            let owner = NOwner(value: ["name": "Ann", "address": ["city": "Oslo", "zip": "0150"]])
            try realm.write { realm.add(owner) }
            let owners = Collected<String>(), cities = Collected<String>()
            let resultsToken = realm.objects(NOwner.self).observe(keyPaths: ["address.city"]) {
                owners.add(summary($0))
            }
            let objectToken = owner.observe(keyPaths: ["address.city"]) { (change: ObjectChange<NOwner>) in
                if case let .change(_, properties) = change { cities.add(properties.map(\.name).joined()) }
            }
            realm.refresh()
            try realm.write { owner.address?.zip = "0151" }
            try realm.write { owner.address?.city = "Bergen" }
            #expect(owners.all == ["initial", "d[] i[] m[0]"])
            #expect(cities.all == ["address"])
            resultsToken.invalidate()
            objectToken.invalidate()
        }
    }

    @Test("AnyRealmCollection observes through the collection it wraps")
    func typeErasedCollection() throws {
        try withTemporaryRealm(of: types) { realm in
            let heard = Collected<String>()
            let pets = AnyRealmCollection(realm.objects(NPet.self))
            let token = pets.observe { change in
                if case let .update(collection, _, insertions, _) = change {
                    heard.add("\(collection.count) \(insertions)")
                }
            }
            realm.refresh()
            try realm.write { realm.add(NPet(value: ["name": "Rex"])) }
            #expect(heard.all == ["1 [0]"])
            token.invalidate()
        }
    }

    @Test("A token invalidated by another observer's block during a delivery stops before its own turn")
    func invalidatedMidFlight() throws {
        try withTemporaryRealm(of: types) { realm in
            let pets = realm.objects(NPet.self)
            let second = Collected<String>()
            var secondToken: NotificationToken?
            let first = pets.observe { change in
                if case .update = change { secondToken?.invalidate() }
            }
            secondToken = pets.observe { second.add(summary($0)) }
            realm.refresh()
            try realm.write { realm.add(NPet(value: ["name": "Rex"])) }
            #expect(second.all == ["initial"])
            first.invalidate()
        }
    }

    @Test("An observer further behind than the change log keeps compares the versions' documents")
    func observerBeyondTheLog() throws {
        try withTemporaryRealm(of: types) { realm in
            try realm.write {
                realm.add(NPet(value: ["name": "Rex", "age": 1]))
                realm.add(NPet(value: ["name": "Tom", "age": 1]))
                realm.add(NPet(value: ["name": "Max", "age": 1]))
            }
            let heard = Collected<String>()
            let token = realm.objects(NPet.self).observe { heard.add(summary($0)) }
            realm.refresh()
            // Written on a thread of its own: a realm of this thread would share each write.
            let configuration = realm.configuration
            let wrote = SharedValue(false)
            let done = DispatchSemaphore(value: 0)
            Thread {
                defer { done.signal() }
                guard let writer = try? Realm(configuration: configuration),
                    let rex = writer.objects(NPet.self).first
                else { return }
                for age in 2 ... 10_200 { try? writer.write { rex.age = age } }
                try? writer.write {
                    writer.objects(NPet.self)[2].age = 5
                    writer.add(NPet(value: ["name": "Kim"]))
                }
                wrote.value = true
            }.start()
            done.wait()
            #expect(wrote.value)
            realm.refresh()
            #expect(heard.all == ["initial", "d[] i[3] m[0, 2]"])
            token.invalidate()
        }
    }

    @Test("A queue realm with autorefresh off hears refreshRequired and waits for refresh()")
    func refreshRequired() throws {
        let directory = try TemporaryDirectory()
        let queue = DispatchQueue(label: "manual")
        let heard = Collected<String>()
        let holder = SharedRealm()
        try queue.sync {
            let realm = try Realm(configuration: directory.realm(of: types).configuration, queue: queue)
            realm.autorefresh = false
            holder.realm = realm
            holder.token = realm.observe { notification, realm in
                heard.add("\(notification) \(realm.objects(NPet.self).count)")
            }
        }
        let writer = try directory.realm(of: types)
        try writer.write { writer.add(NPet(value: ["name": "Rex"])) }
        #expect(heard.wait(for: 1))
        queue.sync { _ = holder.realm?.refresh() }
        #expect(heard.all == ["refreshRequired 0", "didChange 1"])
        holder.token?.invalidate()
    }

    @Test("An observer on a queue hears another thread's commit on that queue")
    func queueDelivery() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: types)
        let queue = DispatchQueue(label: "observer")
        let heard = Collected<String>()
        let token = realm.objects(NPet.self).observe(on: queue) { change in
            dispatchPrecondition(condition: .onQueue(queue))
            heard.add(summary(change))
        }
        #expect(heard.wait(for: 1))
        let writer = Thread {
            guard let other = try? directory.realm(of: types) else { return }
            try? other.write { other.add(NPet(value: ["name": "Rex"])) }
        }
        writer.start()
        #expect(heard.wait(for: 2))
        #expect(heard.all == ["initial", "d[] i[0] m[]"])
        token.invalidate()
    }

    @Test("An observer hears a commit made by another process")
    func crossProcessDelivery() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("records.geode")
        let realm = try Realm(
            configuration: .init(fileURL: URL(fileURLWithPath: path), schemaVersion: 1, objectTypes: [Record.self]))
        let queue = DispatchQueue(label: "observer")
        let heard = Collected<String>()
        let token = realm.objects(Record.self).observe(on: queue) { heard.add(summary($0)) }
        #expect(heard.wait(for: 1))
        let outcome = try Subprocess.run("GeodeTestWorker", ["write", path, "1", "1", "5"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(heard.wait(for: 2))
        #expect(heard.all == ["initial", "d[] i[0, 1, 2, 3, 4] m[]"])
        token.invalidate()
    }

    @Test("Results changes arrive as an asynchronous sequence of frozen snapshots")
    func asyncSequence() async throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: types)
        let stream = realm.objects(NPet.self).changes
        var seen: [String] = []
        for await change in stream {
            switch change {
            case let .initial(pets):
                #expect(pets.isFrozen)
                seen.append("initial \(pets.count)")
                let writer = try directory.realm(of: types)
                try writer.write { writer.add(NPet(value: ["name": "Rex"])) }
            case let .update(pets, _, insertions, _):
                seen.append("update \(pets.count) \(insertions)")
            case let .error(error):
                Issue.record("error \(error)")
            }
            if seen.count == 2 { break }
        }
        #expect(seen == ["initial 0", "update 1 [0]"])
    }

    @Test("Observing a deleted object registers nothing and the next throwing call says why")
    func observingDeletedObject() throws {
        try withTemporaryRealm(of: types) { realm in
            let pet = NPet(value: ["name": "Rex"])
            try realm.write { realm.add(pet) }
            let other = try Realm(configuration: realm.configuration)
            try other.write { other.deleteAll() }
            realm.refresh()
            let token = pet.observe { (_: ObjectChange<NPet>) in Issue.record("an inert token's block ran") }
            #expect(throws: GeodeError.self) { try realm.throwDeferredError() }
            try realm.write { realm.add(NPet()) }
            token.invalidate()
        }
    }
}

/// A realm and token kept for a queue that uses them.
private final class SharedRealm: @unchecked Sendable {
    var realm: Realm?
    var token: NotificationToken?
}

/// The record class the worker process writes (`GeodeTestWorker write`).
final class Record: Object {
    @Persisted(indexed: true) var batch = 0
    @Persisted var index = 0
    @Persisted var payload = ""
}
