import Foundation
import Geode
import GeodeTestSupport
import Testing

/// `freeze()` pins a version: later writes do not show in it, it reads from
/// another thread, and `thaw()` returns to the live data.
@Suite struct FrozenSnapshotTests {
    typealias Item = QueryModel.QItem

    @Test func frozenResultsKeepTheirVersionAndReadFromAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("f.geode"),
                objectTypes: [Item.self, QueryModel.QOwner.self, QueryModel.QPet.self, QueryModel.QAddress.self]))
        try realm.write {
            for id in 1 ... 3 { realm.create(Item.self, value: ["id": id, "name": "n\(id)", "age": id * 10]) }
        }
        let live = realm.objects(Item.self).filter("age >= 20")
        let frozen = live.freeze()
        let frozenItem = try #require(realm.object(ofType: Item.self, forPrimaryKey: 2)).freeze()
        #expect(frozen.isFrozen && !live.isFrozen && frozenItem.isFrozen)
        try realm.write {
            realm.create(Item.self, value: ["id": 4, "name": "n4", "age": 40])
            realm.object(ofType: Item.self, forPrimaryKey: 2)?.age = 5
        }
        #expect(live.map(\.id) == [3, 4])
        #expect(frozen.map(\.id) == [2, 3], "the snapshot does not see the write")
        #expect(frozenItem.age == 20)

        let fromOtherThread = DispatchQueue(label: "reader").sync { () -> [Int] in frozen.map(\.age) }
        #expect(fromOtherThread == [20, 30])

        #expect(frozen.thaw()?.map(\.id) == [3, 4])
        #expect(frozenItem.thaw()?.age == 5)
        try realm.write { realm.delete(try #require(realm.object(ofType: Item.self, forPrimaryKey: 2))) }
        #expect(frozenItem.age == 20, "a frozen object outlives its deletion")
        #expect(frozenItem.thaw() == nil)
        #expect(realm.freeze().objects(Item.self).count == 3)
        #expect(realm.freeze().isFrozen && !realm.isFrozen)
    }
}
