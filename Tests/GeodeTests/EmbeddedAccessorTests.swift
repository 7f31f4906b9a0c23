import Foundation
import Geode
import GeodeTestSupport
import Testing

// An embedded object's accessor follows its object through the edits of the
// list, map or property holding it, as Realm's accessors do (they hold the
// object, not its place): a write through it never lands on another object.

final class EAPerson: Object {
    @Persisted var name = ""
    @Persisted var home: EAAddress?
    @Persisted var addresses: List<EAAddress>
    @Persisted var byLabel: Map<String, EAAddress?>
}

final class EAKeyed: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var home: EAAddress?
    @Persisted var addresses: List<EAAddress>
}

final class EAAddress: EmbeddedObject {
    @Persisted var street = ""
    @Persisted var rooms: List<EARoom>
}

final class EARoom: EmbeddedObject {
    @Persisted var name = ""
}

@Suite struct EmbeddedAccessorTests {
    static let types: [ObjectBase.Type] = [EAPerson.self, EAKeyed.self, EAAddress.self, EARoom.self]

    /// A person with addresses `streets`, in a realm of its own.
    private static func person(_ streets: [String], in directory: TemporaryDirectory) throws -> (Realm, EAPerson) {
        let realm = try directory.realm(of: types)
        let person = try realm.write {
            realm.create(
                EAPerson.self,
                value: ["name": "p", "addresses": streets.map { ["street": $0, "rooms": [["name": "\($0)1"]]] }])
        }
        return (realm, person)
    }

    private static func streets(_ person: EAPerson) -> [String] { person.addresses.map(\.street) }

    @Test func anAccessorFollowsItsObjectWhenElementsAreInsertedOrRemovedBeforeIt() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b", "c"], in: directory)
        let c = person.addresses[2]
        try realm.write { person.addresses.insert(EAAddress(value: ["street": "new"]), at: 0) }
        #expect(c.street == "c")
        #expect(c == person.addresses[3], "the accessor is the element now at index 3")
        try realm.write {
            person.addresses.remove(at: 0)
            person.addresses.remove(at: 0)
        }
        #expect(c.street == "c")
        #expect(!c.isInvalidated)
        try realm.write { c.street = "C" }
        #expect(Self.streets(person) == ["b", "C"], "the write reached c, not the object now at c's old index")
    }

    @Test func aRemovedObjectIsInvalidatedAndWritingItChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b", "c"], in: directory)
        let b = person.addresses[1]
        try realm.write { person.addresses.remove(at: 1) }
        #expect(b.isInvalidated)
        #expect(throws: GeodeError.self) { try realm.write { b.street = "x" } }
        #expect(Self.streets(person) == ["a", "c"])
    }

    @Test func anAccessorFollowsMovesSwapsAndOffsetMoves() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b", "c", "d"], in: directory)
        let held = Array(person.addresses)
        try realm.write { person.addresses.move(from: 0, to: 3) }
        #expect(Self.streets(person) == ["b", "c", "d", "a"])
        #expect(held.map(\.street) == ["a", "b", "c", "d"])
        try realm.write { person.addresses.swapAt(0, 2) }
        #expect(Self.streets(person) == ["d", "c", "b", "a"])
        #expect(held.map(\.street) == ["a", "b", "c", "d"])
        try realm.write { person.addresses.move(fromOffsets: IndexSet([0, 3]), toOffset: 2) }
        #expect(Self.streets(person) == ["c", "d", "a", "b"])
        #expect(held.map(\.street) == ["a", "b", "c", "d"])
        #expect(held.allSatisfy { !$0.isInvalidated })
        try realm.write { held[0].street = "A" }
        #expect(Self.streets(person) == ["c", "d", "A", "b"])
    }

    @Test func movingOffsetsOfAnUnmanagedListKeepsTheMovedElementsInOrder() {
        let list = List<String>()
        list.append(objectsIn: ["a", "b", "c", "d", "e"])
        list.move(fromOffsets: IndexSet([1, 3]), toOffset: 5)
        #expect(Array(list) == ["a", "c", "e", "b", "d"])
        list.move(fromOffsets: IndexSet([3, 4]), toOffset: 0)
        #expect(Array(list) == ["b", "d", "a", "c", "e"])
    }

    @Test func deletingAnEmbeddedObjectInvalidatesItAndMovesTheLaterOnesDown() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b", "c"], in: directory)
        let (a, c) = (person.addresses[0], person.addresses[2])
        try realm.write { realm.delete(a) }
        #expect(a.isInvalidated)
        #expect(c.street == "c")
        try realm.write { c.street = "C" }
        #expect(Self.streets(person) == ["b", "C"])
    }

    @Test func anEmbeddedObjectInsideAnotherFollowsItsOwner() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b"], in: directory)
        let room = person.addresses[1].rooms[0]
        try realm.write { person.addresses.remove(at: 0) }
        #expect(room.name == "b1")
        try realm.write { room.name = "B1" }
        #expect(person.addresses[0].rooms[0].name == "B1")
        try realm.write { person.addresses.removeAll() }
        #expect(room.isInvalidated, "the room went with the address holding it")
    }

    @Test func replacingAnEmbeddedPropertyInvalidatesWhatTheOldObjectHeld() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person([], in: directory)
        try realm.write { person.home = EAAddress(value: ["street": "old", "rooms": [["name": "hall"]]]) }
        let (home, hall) = (try #require(person.home), try #require(person.home?.rooms.first))
        try realm.write { person.home = EAAddress(value: ["street": "new"]) }
        #expect(home.isInvalidated)
        #expect(hall.isInvalidated)
        #expect(person.home?.street == "new")
        try realm.write { person.home = nil }
        #expect(person.home == nil)
    }

    @Test func aMapValueRemovedOrReplacedIsInvalidatedAndTheOthersAreNot() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person([], in: directory)
        try realm.write {
            person.byLabel["home"] = EAAddress(value: ["street": "h"])
            person.byLabel["work"] = EAAddress(value: ["street": "w"])
        }
        let (home, work) = (try #require(person.byLabel["home"] ?? nil), try #require(person.byLabel["work"] ?? nil))
        try realm.write { person.byLabel.removeObject(for: "home") }
        #expect(home.isInvalidated)
        #expect(!work.isInvalidated)
        try realm.write { person.byLabel["home"] = EAAddress(value: ["street": "h2"]) }
        #expect(home.isInvalidated, "a new object under the key is not the removed one")
        try realm.write { person.byLabel["work"] = EAAddress(value: ["street": "w2"]) }
        #expect(work.isInvalidated)
    }

    @Test func aCancelledWritePutsAccessorsBackInPlace() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b", "c"], in: directory)
        let c = person.addresses[2]
        realm.beginWrite()
        person.addresses.remove(at: 0)
        person.addresses.move(from: 1, to: 0)
        let added = EAAddress(value: ["street": "new"])
        person.addresses.append(added)
        #expect(c.street == "c")
        realm.cancelWrite()
        #expect(c.street == "c")
        #expect(c == person.addresses[2])
        #expect(Self.streets(person) == ["a", "b", "c"])
        #expect(added.realm == nil, "the object appended in the cancelled write is unmanaged again, as added ones are")
        #expect(added.street == "new")
    }

    @Test func embeddedObjectsKeptByCodeBecomeManagedWhenTheirOwnerIsAdded() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let person = EAPerson()
        let home = EAAddress(value: ["street": "home"])
        let listed = EAAddress(value: ["street": "listed"])
        let labelled = EAAddress(value: ["street": "labelled"])
        let room = EARoom(value: ["name": "hall"])
        person.home = home
        person.addresses.append(EAAddress(value: ["street": "not kept"]))
        person.addresses.append(listed)
        person.byLabel["work"] = labelled
        listed.rooms.append(room)
        try realm.write { realm.add(person) }
        for object in [home, listed, labelled, room] as [ObjectBase] {
            #expect(object.realm === realm, "\(object) is managed")
        }
        try realm.write {
            home.street = "Home"
            listed.street = "Listed"
            labelled.street = "Labelled"
            room.name = "Hall"
        }
        #expect(person.home?.street == "Home")
        #expect(Self.streets(person) == ["not kept", "Listed"])
        #expect(person.byLabel["work"]??.street == "Labelled")
        #expect(person.addresses[1].rooms[0].name == "Hall")
    }

    @Test func aCancelledAddLeavesItsEmbeddedObjectsUnmanagedWithTheirValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let person = EAPerson()
        let home = EAAddress(value: ["street": "home"])
        person.home = home
        realm.beginWrite()
        realm.add(person)
        #expect(home.realm === realm)
        realm.cancelWrite()
        #expect(home.realm == nil)
        #expect(home.street == "home")
        #expect(realm.objects(EAPerson.self).isEmpty)
    }

    @Test func aWriteThatFailsPutsAccessorsBackInPlace() throws {
        let directory = try TemporaryDirectory()
        let (realm, person) = try Self.person(["a", "b", "c"], in: directory)
        let c = person.addresses[2]
        #expect(throws: GeodeError.self) {
            try realm.write {
                person.addresses.remove(at: 0)
                person.addresses.remove(at: 7)  // refused: the write fails and changes nothing
            }
        }
        #expect(c.street == "c")
        #expect(c == person.addresses[2])
        #expect(Self.streets(person) == ["a", "b", "c"])
    }

    /// realm-swift ObjectCreationTests.swift, testAddAndUpdateEmbedded and
    /// testAddAndUpdateChangedEmbedded: an update `.all` deletes the embedded
    /// objects it replaces; an update `.modified` changes them in place.
    @Test func anUpdateAllReplacesEmbeddedObjectsAndAModifiedUpdateChangesThem() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let keyed = try realm.write {
            realm.create(EAKeyed.self, value: ["id": 1, "home": ["street": "a"], "addresses": [["street": "x"]]])
        }
        let (home, first) = (try #require(keyed.home), keyed.addresses[0])
        try realm.write {
            realm.add(
                EAKeyed(value: ["id": 1, "home": ["street": "b"], "addresses": [["street": "y"]]]), update: .modified)
        }
        #expect(!home.isInvalidated && !first.isInvalidated)
        #expect(home.street == "b" && first.street == "y")
        try realm.write {
            realm.add(EAKeyed(value: ["id": 1, "home": ["street": "c"], "addresses": [["street": "z"]]]), update: .all)
        }
        #expect(home.isInvalidated && first.isInvalidated)
        #expect(keyed.home?.street == "c")
        let (newHome, newFirst) = (try #require(keyed.home), keyed.addresses[0])
        try realm.write { realm.create(EAKeyed.self, value: ["id": 1, "home": ["street": "d"]], update: .all) }
        #expect(newHome.isInvalidated, "the given embedded object is replaced")
        #expect(!newFirst.isInvalidated && newFirst.street == "z", "what the input leaves out is kept")
    }

    @Test func aCreateWithUpdateReachesTheObjectsItsEmbeddedObjectsLinkTo() throws {
        // Realm hands the update policy to every object a create makes, the ones an
        // embedded object links to included: an existing key is updated, not refused.
        try withTemporaryRealm(of: EmbeddedQueryModel.types) { realm in
            try realm.write {
                realm.create(EmbeddedQueryModel.EQCompany.self, value: ["id": 1, "name": "Ruter"])
                realm.create(
                    EmbeddedQueryModel.EQRoute.self,
                    value: ["id": 1, "stops": [["name": "a", "company": ["id": 1, "name": "Ruter AS"]]]],
                    update: .modified)
            }
            #expect(realm.objects(EmbeddedQueryModel.EQCompany.self).count == 1)
            #expect(realm.object(ofType: EmbeddedQueryModel.EQCompany.self, forPrimaryKey: 1)?.name == "Ruter AS")
            // Without an update policy, the existing key is refused and the write keeps nothing.
            #expect(throws: GeodeError.self) {
                try realm.write {
                    realm.create(
                        EmbeddedQueryModel.EQRoute.self,
                        value: ["id": 2, "stops": [["name": "b", "company": ["id": 1, "name": "Vy"]]]])
                }
            }
            #expect(realm.object(ofType: EmbeddedQueryModel.EQRoute.self, forPrimaryKey: 2) == nil)
            #expect(realm.object(ofType: EmbeddedQueryModel.EQCompany.self, forPrimaryKey: 1)?.name == "Ruter AS")
        }
    }
}
