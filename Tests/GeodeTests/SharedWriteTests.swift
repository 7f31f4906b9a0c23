import Foundation
import Geode
import GeodeTestSupport
import Testing

// Realm keeps one live realm per thread and file, so `try Realm()` anywhere on
// a thread is the realm that is writing. Geode's instances of one thread and
// store share the write instead: these are the patterns code written for Realm
// relies on.

final class SWDog: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
}

final class SWCat: Object {
    @Persisted var name = ""
}

@Suite struct SharedWriteTests {
    @Test func anObjectReadThroughOneRealmChangesInAnotherRealmsWrite() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        try realm.write { realm.create(SWDog.self, value: ["id": 1, "name": "Rex"]) }
        let dog = try #require(realm.objects(SWDog.self).first)
        let other = try Realm(configuration: realm.configuration)
        try other.write { dog.name = "Max" }
        #expect(dog.name == "Max")
        #expect(other.objects(SWDog.self).first?.name == "Max")
        #expect(!realm.isInWriteTransaction)
        #expect(!other.isInWriteTransaction)
    }

    @Test func aRealmOpenedInsideAWriteIsWritingAndSeesItsChanges() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let configuration = realm.configuration
        try realm.write {
            realm.create(SWDog.self, value: ["id": 1, "name": "Rex"])
            let inner = try Realm(configuration: configuration)
            #expect(inner.isInWriteTransaction)
            #expect(inner.objects(SWDog.self).count == 1, "the uncommitted dog")
            inner.add(SWDog(value: ["id": 2, "name": "Max"]))
            #expect(realm.objects(SWDog.self).count == 2)
        }
        let after = try Realm(configuration: configuration)
        #expect(after.objects(SWDog.self).map(\.name).sorted() == ["Max", "Rex"])
    }

    @Test func aRealmOpenedBeforeAWriteJoinsItWhenAskedAndLeavesItWhenItCommits() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let other = try Realm(configuration: realm.configuration)
        let bystander = try Realm(configuration: realm.configuration)
        let dogs = other.objects(SWDog.self)
        #expect(dogs.isEmpty)
        realm.beginWrite()
        realm.create(SWDog.self, value: ["id": 6])
        #expect(bystander.objects(SWDog.self).isEmpty, "a realm joins when it writes or is asked: it reads its version")
        #expect(other.isInWriteTransaction)
        other.create(SWDog.self, value: ["id": 7])
        #expect(dogs.count == 2)
        try other.commitWrite()
        #expect(!realm.isInWriteTransaction)
        #expect(!other.isInWriteTransaction)
        #expect(realm.objects(SWDog.self).count == 2)
        #expect(dogs.count == 2)
    }

    @Test func aCancelledWriteUndoesWhatEveryRealmSharingItAdded() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let other = try Realm(configuration: realm.configuration)
        let dog = SWDog(value: ["id": 3, "name": "Rex"])
        realm.beginWrite()
        other.add(dog)
        #expect(dog.realm != nil)
        realm.cancelWrite()
        #expect(dog.realm == nil, "unmanaged again, with its values")
        #expect(dog.name == "Rex")
        #expect(!other.isInWriteTransaction)
        #expect(other.objects(SWDog.self).isEmpty)
    }

    @Test func aRefusedChangeThroughASharingRealmFailsTheWholeWrite() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let configuration = realm.configuration
        #expect(throws: GeodeError.self) {
            try realm.write {
                realm.create(SWDog.self, value: ["id": 1])
                let inner = try Realm(configuration: configuration)
                inner.create(SWDog.self, value: ["id": 1])  // a duplicate primary key
            }
        }
        #expect(realm.objects(SWDog.self).isEmpty)
        #expect(!realm.isInWriteTransaction)
    }

    @Test func aWriteBegunInsideAWriteOfTheThreadThrowsAndTheOuterOneCommitsNothing() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let other = try Realm(configuration: realm.configuration)
        for inner in [realm, other] {
            #expect(throws: GeodeError.self) {
                try realm.write {
                    realm.create(SWDog.self, value: ["id": 1])
                    try inner.write { inner.create(SWDog.self, value: ["id": 2]) }
                }
            }
            #expect(!realm.isInWriteTransaction)
            #expect(!other.isInWriteTransaction)
            #expect(realm.objects(SWDog.self).isEmpty)
        }
    }

    @Test func aRealmOpenedInsideAWriteCannotChangeTheSchema() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        var configuration = realm.configuration
        configuration.objectTypes = [SWDog.self, SWCat.self]
        try realm.write {
            realm.create(SWDog.self, value: ["id": 1])
            #expect(throws: GeodeError.self) { _ = try Realm(configuration: configuration) }
        }
        #expect(realm.objects(SWDog.self).count == 1)
        #expect(try Realm(configuration: configuration).objects(SWCat.self).isEmpty, "added once the write is over")
    }

    @Test func aRealmOpensOnAnotherThreadWhileAWriteIsOpen() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let configuration = realm.configuration
        try realm.write { realm.create(SWDog.self, value: ["id": 1]) }
        let seen = SharedValue<[Int]>([])
        let opened = DispatchSemaphore(value: 0)
        realm.beginWrite()
        realm.create(SWDog.self, value: ["id": 2])
        Thread {
            // The schema stands: opening reads it and waits for no writer.
            if let elsewhere = try? Realm(configuration: configuration) {
                seen.value = Array(elsewhere.objects(SWDog.self).map(\.id))
            }
            opened.signal()
        }.start()
        // Were opening to wait for the write, this would time out (and the write end).
        let result = opened.wait(timeout: .now() + 60)
        try realm.commitWrite()
        if result == .timedOut { opened.wait() }
        #expect(result == .success, "opening waited for the write of another thread")
        #expect(seen.value == [1], "the other thread reads the last committed version")
    }

    @Test func aRealmOpensWhileAnotherProcessHoldsAWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("records.geode")
        let configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: path), schemaVersion: 1, objectTypes: [Record.self])
        _ = try Realm(configuration: configuration)
        let release = directory.path("release")
        let worker = try Subprocess.start("GeodeTestWorker", ["hold-write", path, release])
        #expect(worker.readLine() == "writing")
        let count = SharedValue<Int?>(nil)
        let opened = DispatchSemaphore(value: 0)
        Thread {
            if let realm = try? Realm(configuration: configuration) { count.value = realm.objects(Record.self).count }
            opened.signal()
        }.start()
        // LMDB's write lock spans processes: were opening to take it, this would time out.
        let result = opened.wait(timeout: .now() + 60)
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        if result == .timedOut { opened.wait() }
        let outcome = worker.finish()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(result == .success, "opening waited for the other process's write")
        #expect(count.value == 0, "the other process has not committed")
    }

    @Test func realmsOfOtherThreadsDoNotShareTheWrite() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [SWDog.self])
        let configuration = realm.configuration
        // A thread of its own (`DispatchQueue.sync` would run on this one).
        let seen = SharedValue<[Bool]>([])
        let (opened, go, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        Thread {
            let elsewhere = try? Realm(configuration: configuration)
            opened.signal()
            go.wait()
            if let elsewhere {
                seen.value = [elsewhere.isInWriteTransaction, elsewhere.objects(SWDog.self).isEmpty]
            }
            done.signal()
        }.start()
        opened.wait()
        try realm.write {
            realm.create(SWDog.self, value: ["id": 1])
            go.signal()
            done.wait()
        }
        #expect(seen.value == [false, true])
    }
}
