import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A map key may be as long as a string may be, and no longer: a longer one is
/// refused, whether written through the object model or imported from JSON.
@Suite struct MapKeyLimitTests {
    final class Tagged: Object {
        @Persisted var attrs: Map<String, Int>
        @Persisted var extra: AnyRealmValue
    }

    static let longKey = String(repeating: "k", count: 17_000_000)

    @Test func aMapKeyLongerThanAStringMayBeIsRefused() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("keys.geode"), objectTypes: [Tagged.self]))
        for value in [["attrs": [Self.longKey: 1]], ["extra": [Self.longKey: 1]]] as [[String: Any]] {
            do {
                try realm.write { realm.create(Tagged.self, value: value) }
                Issue.record("a 17 MB map key was accepted")
            } catch {
                #expect(
                    String(describing: error).contains("map key of 17000000 bytes"),
                    "\(String(describing: error).prefix(200))")
            }
        }
        #expect(realm.objects(Tagged.self).isEmpty)
        try realm.write { realm.create(Tagged.self, value: ["attrs": ["short": 1]]) }
        #expect(realm.objects(Tagged.self).count == 1)
    }

    @Test func anImportedMapKeyLongerThanAStringMayBeIsRefused() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("long-key.ndjson")
        try Data(("{\"a\": 1}\n{\"" + Self.longKey + "\": 1}\n").utf8).write(to: file)
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("docs.geode"), objectTypes: [JSONDocument.self]))
        do {
            _ = try realm.importJSONDocuments(from: file)
            Issue.record("a 17 MB map key was imported")
        } catch {
            #expect(
                String(describing: error).contains("map key of 17000000 bytes"),
                "\(String(describing: error).prefix(200))")
        }
    }
}
