import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Realm-level facts of realm-swift's `RealmTests`: testIsEmpty, testEquals,
/// testInvalidate and testInWriteTransaction, testDynamicObjectForPrimaryKey.
@Suite struct RealmIdentityTests {
    final class Pet: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
    }

    final class Tag: EmbeddedObject {
        @Persisted var label = ""
    }

    final class Note: Object {
        @Persisted var text = ""
        @Persisted var tag: Tag?
    }

    @Test func aRealmIsEmptyUntilItHoldsAnObject() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self, Note.self, Tag.self])
        #expect(realm.isEmpty)
        try realm.write { realm.add(Note(value: ["text": "n", "tag": ["label": "t"]])) }
        #expect(!realm.isEmpty)
        try realm.write { realm.deleteAll() }
        #expect(realm.isEmpty)
    }

    @Test func realmsOfOneFileAreEqualAndOfTwoFilesAreNot() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.realm(of: [Pet.self])
        let again = try directory.realm(of: [Pet.self])
        let other = try directory.realm(of: [Pet.self], named: "other.geode")
        #expect(first == again)
        #expect(first != other)
        let frozen = first.freeze()
        #expect(frozen != first)
        #expect(frozen == frozen.freeze())
    }

    @Test func invalidatingEndsTheWriteAndReadsTheNewestVersion() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self])
        realm.beginWrite()
        realm.add(Pet(value: ["id": 1, "name": "Rex"]))
        realm.invalidate()
        #expect(!realm.isInWriteTransaction)
        #expect(realm.objects(Pet.self).isEmpty)
        let elsewhere = try directory.realm(of: [Pet.self])
        try elsewhere.write { elsewhere.add(Pet(value: ["id": 2, "name": "Ace"])) }
        realm.invalidate()
        #expect(realm.objects(Pet.self).map(\.name) == ["Ace"])
    }

    @Test func invalidatingInvalidatesWhatWasReadBeforeAndNothingReadAfter() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self, Note.self])
        try realm.write {
            realm.add(Pet(value: ["id": 1, "name": "Rex"]))
            realm.add(Note(value: ["text": "a", "tag": ["label": "x"]]))
        }
        let pets = realm.objects(Pet.self)
        let rex = try #require(pets.first)
        let tag = try #require(realm.objects(Note.self).first?.tag)
        realm.invalidate()
        #expect(rex.isInvalidated && tag.isInvalidated && pets.isInvalidated)
        // Results of a class still read, at the newest version; what is read now is valid.
        #expect(pets.map(\.name) == ["Rex"])
        let again = try #require(realm.object(ofType: Pet.self, forPrimaryKey: 1))
        #expect(!again.isInvalidated && again.name == "Rex")
        #expect(!realm.objects(Pet.self).isInvalidated)
        // Reading a new object from the old results gives a valid one.
        #expect(pets.first?.isInvalidated == false)
        try realm.write { again.name = "Max" }
        #expect(again.name == "Max")
    }

    @Test func aFrozenRealmIgnoresInvalidate() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self])
        try realm.write { realm.add(Pet(value: ["id": 1, "name": "Rex"])) }
        let frozen = realm.freeze()
        let rex = try #require(frozen.objects(Pet.self).first)
        frozen.invalidate()
        #expect(!rex.isInvalidated && rex.name == "Rex")
    }

    @Test func anObjectObservedBeforeInvalidateStillHearsItsChanges() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self])
        let rex = try realm.write { realm.create(Pet.self, value: ["id": 1, "name": "Rex"]) }
        let heard = Collected<String>()
        let token = rex.observe { change in
            if case let .change(_, properties) = change {
                heard.add(properties.map { "\($0.name)=\($0.newValue as? String ?? "?")" }.joined())
            }
        }
        defer { token.invalidate() }
        realm.invalidate()
        let again = try #require(realm.object(ofType: Pet.self, forPrimaryKey: 1))
        try realm.write { again.name = "Max" }
        #expect(heard.all == ["name=Max"])
    }

    /// realm-swift ProjectionTests.swift, testFreezeInsideWriteTransaction.
    @Test func freezingInsideAWriteGivesTheValuesTheWriteFound() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self])
        let pet = try realm.write { realm.create(Pet.self, value: ["id": 1, "name": "Rex"]) }
        try realm.write {
            pet.name = "Max"
            let frozen = pet.freeze()
            #expect(frozen.isFrozen)
            #expect(frozen.name == "Rex")
            #expect(realm.freeze().objects(Pet.self).map(\.name) == ["Rex"])
        }
        #expect(pet.name == "Max")
    }

    @Test func aDynamicObjectIsFoundByItsPrimaryKey() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Pet.self])
        try realm.write { realm.add(Pet(value: ["id": 7, "name": "Rex"])) }
        let pet = try #require(realm.dynamicObject(ofType: Pet.className(), forPrimaryKey: 7))
        #expect(pet["name"] as? String == "Rex")
        #expect(realm.dynamicObject(ofType: Pet.className(), forPrimaryKey: 8) == nil)
    }
}
