import Foundation
import Geode
import GeodeTestSupport
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

    @Test func deleteFilesRefusesAnOpenRealmAndDeletesAClosedOne() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("notes.geode")
        try Self.realmWithFreePages(url)
        do {
            let realm = try Realm(configuration: Self.configuration(url))
            #expect(throws: GeodeError.self) { try Realm.deleteFiles(for: Self.configuration(url)) }
            #expect(realm.objects(Note.self).count == 100)
        }
        #expect(try Realm.deleteFiles(for: Self.configuration(url)))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try !Realm.deleteFiles(for: Self.configuration(url)))
    }
}
