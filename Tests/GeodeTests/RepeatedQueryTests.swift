import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A query asked again and again with other arguments (a lookup by id in a
/// loop) reuses the binding of the first, and still answers with its own
/// arguments, through the index, and refuses an argument that does not fit
/// every time, not only the first.
@Suite struct RepeatedQueryTests {
    final class Place: Object {
        @Persisted(indexed: true) var id: AnyRealmValue = .none
        @Persisted(indexed: true) var code = 0
        @Persisted var name = ""
    }

    private func makeRealm(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try Realm(
            configuration: .init(fileURL: directory.url.appendingPathComponent("p.geode"), objectTypes: [Place.self]))
        try realm.write {
            for i in 0 ..< 60 {
                let id: AnyRealmValue = i % 3 == 0 ? .string("p\(i)") : .int(i)
                realm.create(Place.self, value: ["id": id, "code": i % 7, "name": "place \(i)"])
            }
        }
        return realm
    }

    @Test func lookupsInALoopFindEachObjectByItsOwnId() throws {
        let directory = try TemporaryDirectory()
        let realm = try makeRealm(directory)
        let places = realm.objects(Place.self)
        for i in 0 ..< 60 {
            let id: AnyRealmValue = i % 3 == 0 ? .string("p\(i)") : .int(i)
            #expect(places.where { $0.id == id }.first?.name == "place \(i)")
            #expect(places.filter("id == %@", id).first?.name == "place \(i)")
            #expect(try places.query("id == %@", id).count == 1)
        }
        #expect(places.where { $0.id == .int(3) }.isEmpty, "3 is stored as the string p3")
        #expect(places.filter("id == %@", "p4").isEmpty)
        // Typed, not [Any]: Swift passes an [Any] to `Any...` as the arguments themselves.
        let mixed: [AnyRealmValue] = [.int(1), .int(2), .string("p3")]
        #expect(places.filter("id IN %@", mixed).count == 3)
        #expect(places.filter("id IN %@", [4, 5]).count == 2)
    }

    @Test func eachRepeatedQueryIsPlannedThroughTheIndexWithItsOwnValue() throws {
        let directory = try TemporaryDirectory()
        let realm = try makeRealm(directory)
        for code in 0 ..< 7 {
            let found = realm.objects(Place.self).where { $0.code == code }
            #expect(found.explain() == "index RepeatedQueryTests.Place.code (1 key, exact): code == \(code)")
            #expect(found.count == (code < 4 ? 9 : 8))
            #expect(found.allSatisfy { $0.code == code })
        }
    }

    @Test func anArgumentThatDoesNotFitIsRefusedEveryTime() throws {
        let directory = try TemporaryDirectory()
        let realm = try makeRealm(directory)
        let places = realm.objects(Place.self)
        for code in 0 ..< 3 {
            #expect(try places.query("code == %@", code).count > 0)
            #expect(throws: GeodeError.self) { try places.query("code == %@", "\(code)") }
            #expect(throws: GeodeError.self) { try places.query("code == %@", Double.infinity) }
        }
    }
}
