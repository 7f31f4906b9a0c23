import Foundation
import Geode
import GeodeTestSupport
import Testing

/// LMDB keeps one reader slot per version in use. When frozen realms hold
/// every slot, Geode neither hangs nor goes on silently on an old version: the
/// next throwing call says so, and letting the frozen realms go frees the slots.
@Suite struct ReaderSlotTests {
    final class Counter: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var value = 0
    }

    @Test func aFullReaderTableIsAClearErrorAndFreesWhenFrozenRealmsGo() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("slots.geode"), objectTypes: [Counter.self]))
        try realm.write { realm.create(Counter.self, value: ["id": 1]) }
        var frozen: [Realm] = []
        var failure: GeodeError?
        var committed = 0
        for value in 1 ... 1100 {
            do {
                try realm.write { realm.object(ofType: Counter.self, forPrimaryKey: 1)?.value = value }
                committed = value
                try realm.throwDeferredError()
            } catch let error as GeodeError {
                failure = error
                break
            }
            frozen.append(realm.freeze())
        }
        let error = try #require(failure, "1,100 versions held at once fill LMDB's 1,024 reader slots")
        #expect(String(describing: error).contains("MDB_READERS_FULL"), "\(error)")
        #expect(String(describing: error).contains("frozen"), "\(error)")
        frozen.removeAll()
        #expect(realm.refresh())
        #expect(
            realm.object(ofType: Counter.self, forPrimaryKey: 1)?.value == committed,
            "the last commit shows once a slot is free")
        try realm.write { realm.object(ofType: Counter.self, forPrimaryKey: 1)?.value = -1 }
        try realm.throwDeferredError()
        #expect(realm.object(ofType: Counter.self, forPrimaryKey: 1)?.value == -1)
    }
}
