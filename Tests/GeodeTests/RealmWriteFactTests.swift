import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts from realm-swift's `RealmSwift/Tests/RealmTests.swift` (testWriteReturning,
// testThrowsWrite, testAddWithUpdateMultipleObjects, testDeleteMutableSetOfObjects,
// testDeleteResults, testIntPrimaryKey, testUUIDPrimaryKey, testObjectIdPrimaryKey) and
// `ObjectTests.swift` (testSettingUnmanagedObjectValuesWithSwiftDictionary).

final class RWWord: Object {
    @Persisted var text = ""
}

final class RWCounter: Object {
    @Persisted var value = 0
}

final class RWKeyed: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var count = 0
}

final class RWTeam: Object {
    @Persisted var name = ""
    @Persisted var members: MutableSet<RWCounter>
}

final class RWBag: Object {
    @Persisted var name = ""
    @Persisted var words: List<RWWord>
    @Persisted var counters: List<RWCounter>
    @Persisted var wordSet: MutableSet<RWWord>
}

final class RWKey8: Object {
    @Persisted(primaryKey: true) var id: Int8 = 0
    @Persisted var label = ""
}

final class RWKey16: Object {
    @Persisted(primaryKey: true) var id: Int16 = 0
    @Persisted var label = ""
}

final class RWKey32: Object {
    @Persisted(primaryKey: true) var id: Int32 = 0
    @Persisted var label = ""
}

final class RWKey64: Object {
    @Persisted(primaryKey: true) var id: Int64 = 0
    @Persisted var label = ""
}

final class RWKeyUUID: Object {
    @Persisted(primaryKey: true) var id: UUID
    @Persisted var label = ""
}

final class RWKeyObjectId: Object {
    @Persisted(primaryKey: true) var id: ObjectId
    @Persisted var n = 0
}

private struct Boom: Error {}

@Suite struct RealmWriteFactTests {
    static let types: [ObjectBase.Type] = [
        RWWord.self, RWCounter.self, RWKeyed.self, RWTeam.self, RWBag.self, RWKey8.self, RWKey16.self, RWKey32.self,
        RWKey64.self, RWKeyUUID.self, RWKeyObjectId.self,
    ]

    @Test func aWriteReturnsWhatItsBlockReturnsAndAnErrorItThrowsUnchanged() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let word = try realm.write { realm.create(RWWord.self, value: ["1"]) }
        #expect(word.text == "1")
        #expect(word.realm != nil)
        #expect(throws: Boom.self) { try realm.write { throw Boom() } }
        #expect(throws: Boom.self) {
            try realm.write {
                realm.create(RWWord.self, value: ["2"])
                throw Boom()
            }
        }
        #expect(!realm.isInWriteTransaction)
        #expect(realm.objects(RWWord.self).map(\.text) == ["1"])
    }

    @Test func newObjectsWithOnePrimaryKeyAddedWithUpdateMakeOneObject() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            realm.add([RWKeyed(), RWKeyed()], update: .all)
            #expect(realm.objects(RWKeyed.self).count == 1)
        }
        #expect(realm.objects(RWKeyed.self).count == 1)
    }

    @Test func deletingASetsObjectsEmptiesTheSetAndDeletingResultsDeletesWhatMatched() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let team = RWTeam()
        try realm.write {
            team.members.insert(RWCounter())
            realm.add(team)
            #expect(realm.objects(RWCounter.self).count == 1)
            realm.delete(team.members)
            #expect(team.members.isEmpty)
            #expect(realm.objects(RWCounter.self).isEmpty)
        }
        #expect(realm.objects(RWCounter.self).isEmpty)
        try realm.write {
            for value in [1, 1, 2] { realm.add(RWCounter(value: [value])) }
            realm.delete(realm.objects(RWCounter.self).filter("value = 1"))
            #expect(realm.objects(RWCounter.self).map(\.value) == [2])
        }
        #expect(realm.objects(RWCounter.self).map(\.value) == [2])
    }

    @Test func primaryKeysOfEveryIntegerWidthUUIDAndObjectIdAreLookedUp() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let (u1, u2) = (
            try #require(UUID(uuidString: "8a12daba-8b23-11eb-8dcd-0242ac130003")),
            try #require(UUID(uuidString: "85d4fbee-6ec6-47df-bfa1-615931903d7e"))
        )
        let (o1, o2) = (
            try ObjectId(string: "1234567890ab1234567890aa"), try ObjectId(string: "1234567890ab1234567890ab")
        )
        try realm.write {
            for (id, label) in [(1, "a"), (2, "b")] {
                realm.create(RWKey8.self, value: ["id": id, "label": label])
                realm.create(RWKey16.self, value: ["id": id, "label": label])
                realm.create(RWKey32.self, value: ["id": id, "label": label])
                realm.create(RWKey64.self, value: ["id": id, "label": label])
            }
            realm.create(RWKeyUUID.self, value: [u1, "a"])
            realm.create(RWKeyUUID.self, value: [u2, "b"])
            realm.create(RWKeyObjectId.self, value: [o1, 1])
            realm.create(RWKeyObjectId.self, value: [o2, 2])
        }
        #expect(realm.object(ofType: RWKey8.self, forPrimaryKey: Int8(1))?.label == "a")
        #expect(realm.object(ofType: RWKey8.self, forPrimaryKey: 2)?.label == "b")
        #expect(realm.object(ofType: RWKey8.self, forPrimaryKey: Int8(0)) == nil)
        #expect(realm.object(ofType: RWKey16.self, forPrimaryKey: Int16(1))?.label == "a")
        #expect(realm.object(ofType: RWKey16.self, forPrimaryKey: 1)?.label == "a")
        #expect(realm.object(ofType: RWKey16.self, forPrimaryKey: Int16(0)) == nil)
        #expect(realm.object(ofType: RWKey32.self, forPrimaryKey: Int32(2))?.label == "b")
        #expect(realm.object(ofType: RWKey32.self, forPrimaryKey: Int32(0)) == nil)
        #expect(realm.object(ofType: RWKey64.self, forPrimaryKey: Int64(2))?.label == "b")
        #expect(realm.object(ofType: RWKey64.self, forPrimaryKey: Int64(0)) == nil)
        #expect(realm.object(ofType: RWKeyUUID.self, forPrimaryKey: u1)?.label == "a")
        #expect(realm.object(ofType: RWKeyUUID.self, forPrimaryKey: u2)?.label == "b")
        #expect(
            realm.object(
                ofType: RWKeyUUID.self, forPrimaryKey: UUID(uuidString: "4ee1fa48-8b23-11eb-8dcd-0242ac130003"))
                == nil)
        #expect(realm.object(ofType: RWKeyObjectId.self, forPrimaryKey: o1)?.n == 1)
        #expect(realm.object(ofType: RWKeyObjectId.self, forPrimaryKey: o2)?.n == 2)
        #expect(
            realm.object(ofType: RWKeyObjectId.self, forPrimaryKey: try ObjectId(string: "1234567890ab1234567890ac"))
                == nil)
    }

    @Test func keyValueSettingOnAnUnmanagedObjectBuildsTheObjectsOfItsCollections() {
        let bag = RWBag()
        bag.setValue("foo", forKey: "name")
        bag.setValue([["text": "bar"]], forKey: "words")
        bag.setValue([["value": 50]], forKey: "counters")
        bag.setValue([["text": "baz"]], forKey: "wordSet")
        #expect(bag.name == "foo")
        #expect(bag.words.first?.text == "bar")
        #expect(bag.counters.first?.value == 50)
        #expect(bag.wordSet.first?.text == "baz")
    }
}
