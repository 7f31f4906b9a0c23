import Foundation
import Geode
import GeodeTestSupport
import Synchronization
import Testing

/// Realm's file operations: compacting on launch, a consistent copy, deleting
/// a realm's files (realm-swift's `RealmTests` `testCompactOnLaunch…`,
/// `testWriteCopy…` and `testDeleteFiles…` restated).
@Suite struct RealmFilesTests {
    final class Note: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var text = ""
    }

    static func configuration(_ url: URL) -> Realm.Configuration {
        Realm.Configuration(fileURL: url, objectTypes: [Note.self])
    }

    /// 2,000 notes of 1 KB, 1,900 of them deleted: the file stays as large.
    static func realmWithFreePages(_ url: URL) throws {
        let realm = try Realm(configuration: configuration(url))
        try realm.write {
            for id in 0 ..< 2000 {
                realm.create(Note.self, value: ["id": id, "text": String(repeating: "n", count: 1000)])
            }
        }
        try realm.write { realm.delete(realm.objects(Note.self).filter("id >= 100")) }
    }

    @Test func shouldCompactOnLaunchShrinksTheFileAndKeepsEveryObject() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        let before = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        var configuration = Self.configuration(url)
        var asked: (Int, Int)?
        configuration.shouldCompactOnLaunch = { total, used in
            asked = (total, used)
            return true
        }
        let realm = try Realm(configuration: configuration)
        #expect(realm.objects(Note.self).count == 100)
        #expect(realm.object(ofType: Note.self, forPrimaryKey: 99)?.text.count == 1000)
        let (total, used) = try #require(asked)
        #expect(total == before && used < total / 4, "\(used) of \(total) bytes used")
        let after = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(after < before / 4, "\(before) → \(after) bytes")
    }

    @Test func shouldCompactOnLaunchIsNotAskedWhileTheRealmIsOpen() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        let open = try Realm(configuration: Self.configuration(url))
        var configuration = Self.configuration(url)
        var asked = false
        configuration.shouldCompactOnLaunch = { _, _ in
            asked = true; return true
        }
        let second = try Realm(configuration: configuration)
        #expect(!asked)
        #expect(second.objects(Note.self).count == open.objects(Note.self).count)
    }

    @Test func writeCopyMakesAStoreThatOpensWithTheSameObjects() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        let realm = try Realm(configuration: Self.configuration(url))
        let copyURL = directory.url.appendingPathComponent("copy.geode")
        try realm.writeCopy(toFile: copyURL)
        #expect(throws: GeodeError.self) { try realm.writeCopy(toFile: copyURL) }  // it exists now
        #expect(throws: GeodeError.self) {
            try realm.writeCopy(toFile: directory.url.appendingPathComponent("x.geode"), encryptionKey: Data(count: 64))
        }
        let copy = try Realm(configuration: Self.configuration(copyURL))
        #expect(copy.objects(Note.self).count == 100)
        #expect(copy.objects(Note.self).map(\.id).sorted() == Array(0 ..< 100))
    }

    @Test func writeCopyWhileAnotherThreadWritesCopiesOneCommittedVersion() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("busy.geode")
        let realm = try Realm(configuration: Self.configuration(url))
        let stop = Atomic<Bool>(false)
        let committed = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        // Each transaction adds a pair of notes (2k, 2k + 1): a copy taken
        // between commits holds whole pairs only.
        Thread {
            defer { done.signal() }
            guard let writer = try? Realm(configuration: Self.configuration(url)) else { return }
            var pair = 0
            while !stop.load(ordering: .relaxed) {
                try? writer.write {
                    writer.create(Note.self, value: ["id": 2 * pair, "text": String(repeating: "a", count: 500)])
                    writer.create(Note.self, value: ["id": 2 * pair + 1, "text": "b"])
                }
                pair += 1
                committed.store(pair, ordering: .relaxed)
            }
        }.start()
        var counts: [Int] = []
        var seen = 0
        for n in 0 ..< 5 {
            // Each copy after another commit (or after ten seconds without one).
            let deadline = Date().addingTimeInterval(10)
            while committed.load(ordering: .relaxed) <= seen && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            seen = committed.load(ordering: .relaxed)
            let copyURL = directory.url.appendingPathComponent("copy\(n).geode")
            try realm.writeCopy(toFile: copyURL)
            let copy = try Realm(configuration: Self.configuration(copyURL))
            let ids = Set(copy.objects(Note.self).map(\.id))
            #expect(ids.count % 2 == 0)
            #expect(ids.allSatisfy { ids.contains($0 ^ 1) })
            counts.append(ids.count)
        }
        stop.store(true, ordering: .relaxed)
        done.wait()
        // The writer kept committing while the copies were taken.
        #expect(counts.last ?? 0 > counts.first ?? 0)
        realm.refresh()
        #expect(realm.objects(Note.self).count >= counts.last ?? 0)
    }

    @Test func deleteFilesRefusesAnOpenRealmAndDeletesAClosedOne() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        do {
            let realm = try Realm(configuration: Self.configuration(url))
            #expect(throws: GeodeError.self) { try Realm.deleteFiles(for: Self.configuration(url)) }
            #expect(realm.objects(Note.self).count == 100)
        }
        #expect(Realm.fileExists(for: Self.configuration(url)))
        #expect(try Realm.deleteFiles(for: Self.configuration(url)))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!Realm.fileExists(for: Self.configuration(url)))
        #expect(try !Realm.deleteFiles(for: Self.configuration(url)))
    }

    @Test func aRealmFreezesAndThawsObjectsAndCollectionsAndCopiesToAConfiguration() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        let realm = try Realm(configuration: Self.configuration(url))
        let note = try #require(realm.object(ofType: Note.self, forPrimaryKey: 0))
        let notes = realm.objects(Note.self)
        let (frozenNote, frozenNotes) = (realm.freeze(note), realm.freeze(notes))
        try realm.write { realm.delete(note) }
        #expect(frozenNote.isFrozen && frozenNotes.isFrozen)
        #expect(frozenNotes.count == 100 && notes.count == 99)
        #expect(frozenNote.id == 0)
        #expect(realm.thaw(frozenNote) == nil)
        #expect(realm.thaw(realm.freeze(notes[0]))?.id == notes[0].id)
        let copy = directory.url.appendingPathComponent("copy.geode")
        try realm.writeCopy(configuration: Self.configuration(copy))
        #expect(try Realm(configuration: Self.configuration(copy)).objects(Note.self).count == 99)
        #expect(throws: GeodeError.self) {
            try realm.writeCopy(configuration: Realm.Configuration(inMemoryIdentifier: "nowhere"))
        }
    }

    @Test func asyncOpenHandsARealmConfinedToTheCallbackQueueOrTheError() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        let queue = DispatchQueue(label: "opened")
        let outcomes = Collected<String>()
        Realm.asyncOpen(configuration: Self.configuration(url), callbackQueue: queue) { result in
            dispatchPrecondition(condition: .onQueue(queue))
            outcomes.add((try? result.get()).map { "\($0.objects(Note.self).count) notes" } ?? "failed")
        }
        var missing = Self.configuration(directory.url.appendingPathComponent("missing.geode"))
        missing.readOnly = true
        Realm.asyncOpen(configuration: missing, callbackQueue: queue) { result in
            outcomes.add((try? result.get()).map { _ in "opened" } ?? "failed")
        }
        #expect(outcomes.wait(for: 2))
        #expect(outcomes.all.sorted() == ["100 notes", "failed"])
    }
}
