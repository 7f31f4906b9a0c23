import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A store whose documents were damaged on disk never stops the program: reads
/// that cannot throw answer as if the damaged part were empty, and the next
/// throwing call on the realm throws a `GeodeError.damagedStore` naming it.
@Suite struct DamagedStoreTests {
    final class Note: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var text = ""
        @Persisted var tags: List<String>
    }

    static let marker = Array("MARK-".utf8)

    /// A store of 50 notes whose texts start with the marker, then closed; the
    /// length of the texts of every `step`th note is overwritten on disk.
    static func damagedStore(_ directory: TemporaryDirectory, step: Int) throws -> Realm.Configuration {
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("notes.geode"), objectTypes: [Note.self])
        do {
            let realm = try Realm(configuration: configuration)
            try realm.write {
                for id in 0 ..< 50 {
                    realm.create(
                        Note.self,
                        value: [
                            "id": id, "text": "MARK-\(id)-" + String(repeating: "x", count: 40),
                            "tags": ["a", "b"],
                        ])
                }
            }
        }
        let path = directory.url.appendingPathComponent("notes.geode").path
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var found = 0
        var i = 1
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0], Array(bytes[i ..< i + marker.count]) == marker {
                // The byte before a string's text is its length: make it run past the document.
                if found % step == 0 { bytes[i - 1] = 0x7F }
                found += 1
                i += marker.count
            } else {
                i += 1
            }
        }
        #expect(found >= 50, "every text is in the file")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return configuration
    }

    @Test func readsThatCannotThrowGiveDefaultsAndTheNextThrowingCallThrows() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: try Self.damagedStore(directory, step: 5))
        let notes = realm.objects(Note.self)
        #expect(notes.count == 50, "counting reads keys, not documents")
        var readable = 0
        for note in notes where note.text.hasPrefix("MARK-") { readable += 1 }
        #expect(readable == 40, "the ten damaged texts read as empty")
        #expect(realm.deferredError != nil)
        do {
            try realm.throwDeferredError()
            Issue.record("the damage was not reported")
        } catch GeodeError.damagedStore(let damage) {
            // The first damaged note read is the one named, by its primary key.
            #expect(damage.className == "DamagedStoreTests.Note", "\(damage)")
            #expect(damage.objectKey != nil, "\(damage)")
            #expect(damage.message.contains("DamagedStoreTests.Note object with primary key "), "\(damage)")
        }
        #expect(realm.deferredError == nil, "thrown once")
        #expect(throws: Never.self) { try realm.throwDeferredError() }
    }

    @Test func aQueryOverDamagedDocumentsThrowsFromTheNextThrowingCall() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(configuration: try Self.damagedStore(directory, step: 7))
        let matching = realm.objects(Note.self).filter("text BEGINSWITH 'MARK'")
        _ = matching.count
        _ = Array(matching)
        do {
            try realm.write {}
            Issue.record("the damage was not reported")
        } catch GeodeError.damagedStore(let damage) {
            // The scan names the object whose document does not decode.
            #expect(damage.className == "DamagedStoreTests.Note" && damage.objectKey != nil, "\(damage)")
        }
        // The write that threw committed nothing and the realm goes on.
        try realm.write { realm.create(Note.self, value: ["id": 1000, "text": "fresh"]) }
        #expect(realm.object(ofType: Note.self, forPrimaryKey: 1000)?.text == "fresh")
    }
}
