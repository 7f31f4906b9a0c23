import Foundation
import Geode
import GeodeTestSupport
import Testing

/// What a read-only realm takes from a file whose schema differs from the
/// declared one, as Realm's read-only realms do: nothing in the file changes.
@Suite struct ReadOnlySchemaTests {
    final class ROWord: Object {
        override class func _realmObjectName() -> String? { "ROWord" }
        @Persisted var text = ""
    }
    final class RONumber: Object {
        @Persisted var value = 0
    }
    final class ROKeyed: Object {
        @Persisted(primaryKey: true) var id = 0
    }
    /// The file's `ROWord` of a later release: its `text` is indexed, and it
    /// dropped nothing.
    final class ROWordIndexed: Object {
        override class func _realmObjectName() -> String? { "ROWord" }
        @Persisted(indexed: true) var text = ""
    }
    /// A release that stopped reading `text`.
    final class ROWordWithoutText: Object {
        override class func _realmObjectName() -> String? { "ROWord" }
    }
    /// A release that added `count`, which the file lacks.
    final class ROWordWithCount: Object {
        override class func _realmObjectName() -> String? { "ROWord" }
        @Persisted var text = ""
        @Persisted var count = 0
    }

    static func file(_ directory: TemporaryDirectory) throws -> URL {
        let url = URL(fileURLWithPath: directory.path("words.geode"))
        let realm = try Realm(configuration: .init(fileURL: url, objectTypes: [ROWord.self]))
        try realm.write {
            realm.create(ROWord.self, value: ["text": "a"])
            realm.create(ROWord.self, value: ["text": "b"])
        }
        return url
    }

    static func readOnly(_ url: URL, _ types: [ObjectBase.Type]) throws -> Realm {
        try Realm(configuration: .init(fileURL: url, readOnly: true, objectTypes: types))
    }

    /// realm-swift RLMRealmTests.m, testReadOnlyRealmWithMissingTables
    @Test func aClassTheFileLacksReadsAsEmpty() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.file(directory)
        let before = try Data(contentsOf: url)
        let realm = try Self.readOnly(url, [ROWord.self, RONumber.self, ROKeyed.self])
        #expect(realm.objects(ROWord.self).count == 2)
        #expect(realm.object(ofType: ROKeyed.self, forPrimaryKey: 0) == nil)
        let numbers = realm.objects(RONumber.self)
        #expect(numbers.count == 0)
        #expect(numbers.where { $0.value == 5 }.count == 0)
        #expect(try numbers.query("value == 5").isEmpty)
        #expect(numbers.sorted(byKeyPath: "value").count == 0)
        #expect(numbers.first == nil && numbers.last == nil)
        #expect(numbers.index(matching: "value == 5") == nil)
        #expect(numbers.max(ofProperty: "value") as Int? == nil)
        #expect(numbers.min(ofProperty: "value") as Int? == nil)
        #expect(numbers.average(ofProperty: "value") as Double? == nil)
        #expect(numbers.sum(ofProperty: "value") as Int == 0)
        #expect(Array(numbers).isEmpty)
        #expect(try Data(contentsOf: url) == before, "opening read-only changed the file")
    }

    /// realm-swift RLMRealmTests.m, testReadOnlyRealmWithMissingColumns
    @Test func aPropertyTheFileLacksIsRefused() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.file(directory)
        #expect(throws: GeodeError.self) { try Self.readOnly(url, [ROWordWithCount.self]) }
    }

    /// realm-core's read-only schema check lets a property go undeclared and
    /// an index differ: the file's values and indexes stay as they are.
    @Test func anUndeclaredPropertyAndADifferentIndexAreTaken() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.file(directory)
        let without = try Self.readOnly(url, [ROWordWithoutText.self])
        #expect(without.objects(ROWordWithoutText.self).count == 2)
        let indexed = try Self.readOnly(url, [ROWordIndexed.self])
        #expect(indexed.objects(ROWordIndexed.self).where { $0.text == "b" }.count == 1)
        #expect(try indexed.objects(ROWordIndexed.self).query("text IN {'a', 'b', 'c'}").count == 2)
        // A writable realm still asks for a migration to stop reading a property.
        #expect(throws: GeodeError.self) {
            try Realm(configuration: .init(fileURL: url, objectTypes: [ROWordWithoutText.self]))
        }
    }
}
