import Foundation
import Geode
@testable import GeodeCore
import GeodeTestSupport
import Testing

/// The backlink index: linking objects and deletes read it instead of every
/// object that might link, so it must hold exactly the links the documents
/// hold after any run of writes, and a store written before it existed gets
/// it when first opened for writing.
@Suite struct BacklinkIndexTests {
    final class Owner: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var pets: List<Pet>
        @Persisted var favorite: Pet?
        @Persisted var byName: Map<String, Pet?>
        @Persisted var tagged: MutableSet<Pet>
        @Persisted var anything: AnyRealmValue
        @Persisted var badge: Badge?
    }

    final class Badge: EmbeddedObject {
        @Persisted var awardedTo: Pet?
    }

    final class Pet: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(originProperty: "pets") var listedBy: LinkingObjects<Owner>
        @Persisted(originProperty: "favorite") var favoredBy: LinkingObjects<Owner>
    }

    static let types: [ObjectBase.Type] = [Owner.self, Pet.self, Badge.self]

    /// The store at `url` as `geode check` sees it: no problem, backlinks included.
    static func expectSound(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = try StoreCheck.run(path: url.path)
        #expect(report.problems.isEmpty, "\(report.problems.prefix(5))", sourceLocation: sourceLocation)
    }

    @Test func linkingObjectsFollowEveryWriteThatLinksOrUnlinks() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let (a, b) = (Pet(), Pet())
        (a.id, b.id) = (1, 2)
        let first = Owner()
        first.id = 1
        try realm.write {
            realm.add([a, b])
            first.pets.append(objectsIn: [a, b, a])
            first.favorite = b
            realm.add(first)
            realm.create(Owner.self, value: ["id": 2, "pets": [b], "favorite": b])
        }
        #expect(a.listedBy.map(\.id) == [1, 1], "an owner listing a pet twice links to it twice, as in Realm")
        #expect(b.listedBy.map(\.id) == [1, 2])
        #expect(b.favoredBy.map(\.id) == [1, 2])
        #expect(a.favoredBy.isEmpty, "links through another property are not these linking objects")
        try realm.write {
            first.pets.remove(at: 2)
            first.pets.remove(at: 0)
            first.favorite = a
        }
        #expect(a.listedBy.isEmpty && a.favoredBy.map(\.id) == [1])
        #expect(b.favoredBy.map(\.id) == [2])
        try realm.write { realm.delete(first) }
        #expect(a.favoredBy.isEmpty && b.listedBy.map(\.id) == [2])
        try Self.expectSound(realm.configuration.fileURL!)
    }

    @Test func deletingAnObjectRemovesItFromEveryPlaceThatHeldIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            for id in 1 ... 3 { realm.create(Pet.self, value: ["id": id]) }
            let pet = { realm.object(ofType: Pet.self, forPrimaryKey: $0)! }
            let owner = realm.create(Owner.self, value: ["id": 1])
            owner.pets.append(objectsIn: [pet(1), pet(2), pet(1)])
            owner.favorite = pet(1)
            owner.byName["rex"] = pet(1)
            owner.byName["tom"] = pet(2)
            owner.tagged.insert(pet(1))
            owner.anything = .fromDictionary(["deep": .fromArray([.object(pet(1)), .int(7), .object(pet(3))])])
            let badge = Badge()
            badge.awardedTo = pet(1)
            owner.badge = badge
            realm.create(Owner.self, value: ["id": 2, "pets": [pet(3)]])
        }
        let target = try #require(realm.object(ofType: Pet.self, forPrimaryKey: 1))
        try realm.write { realm.delete(target) }
        let owner = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        #expect(owner.pets.map(\.id) == [2], "both places in the list are gone")
        #expect(owner.favorite == nil)
        #expect(owner.byName.keys.sorted() == ["rex", "tom"] && owner.byName["rex"] == .some(nil))
        #expect(owner.tagged.isEmpty)
        #expect(owner.badge?.awardedTo == nil, "a link inside an embedded object becomes null")
        guard case let .dictionary(map) = owner.anything, case let .list(deep)? = map["deep"] else {
            Issue.record("the mixed value lost its shape: \(owner.anything)")
            return
        }
        #expect(deep.count == 3 && deep[0] == .none && deep[1] == .int(7), "a link inside a mixed value becomes null")
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 2)?.pets.map(\.id) == [3], "other owners keep theirs")
        try Self.expectSound(realm.configuration.fileURL!)
    }

    @Test func aLongRunOfRandomWritesKeepsTheIndexEqualToTheLinks() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        var generator = SeededGenerator(seed: 7)
        var nextPet = 0
        var nextOwner = 0
        for round in 0 ..< 12 {
            try realm.write {
                for _ in 0 ..< 40 {
                    let pets = realm.objects(Pet.self)
                    let owners = realm.objects(Owner.self)
                    let somePet = { pets.isEmpty ? nil : pets[Int(generator.next() % UInt64(pets.count))] }
                    switch generator.next() % 9 {
                    case 0, 1:
                        nextPet += 1
                        realm.create(Pet.self, value: ["id": nextPet])
                    case 2:
                        nextOwner += 1
                        let owner = realm.create(Owner.self, value: ["id": nextOwner])
                        if let pet = somePet() { owner.pets.append(pet) }
                        owner.favorite = somePet()
                    case 3:
                        guard !owners.isEmpty, let pet = somePet() else { continue }
                        owners[Int(generator.next() % UInt64(owners.count))].pets.append(pet)
                    case 4:
                        guard !owners.isEmpty else { continue }
                        let owner = owners[Int(generator.next() % UInt64(owners.count))]
                        if !owner.pets.isEmpty {
                            owner.pets.remove(at: Int(generator.next() % UInt64(owner.pets.count)))
                        }
                    case 5:
                        guard !owners.isEmpty, let pet = somePet() else { continue }
                        let owner = owners[Int(generator.next() % UInt64(owners.count))]
                        owner.anything = .fromArray([.object(pet), .fromDictionary(["again": .object(pet)])])
                        owner.byName["k\(generator.next() % 3)"] = pet
                    case 6:
                        if let pet = somePet() { realm.delete(pet) }
                    case 7:
                        guard !owners.isEmpty else { continue }
                        realm.delete(owners[Int(generator.next() % UInt64(owners.count))])
                    default:
                        guard !owners.isEmpty else { continue }
                        let owner = owners[Int(generator.next() % UInt64(owners.count))]
                        owner.favorite = somePet()
                        owner.tagged.removeAll()
                        if let pet = somePet() { owner.tagged.insert(pet) }
                    }
                }
            }
            try Self.expectSound(realm.configuration.fileURL!)
            for pet in realm.objects(Pet.self) {
                let listing = realm.objects(Owner.self).flatMap { owner in
                    owner.pets.filter { $0.id == pet.id }.map { _ in owner.id }
                }
                #expect(pet.listedBy.map(\.id) == listing.sorted(), "round \(round), pet \(pet.id)")
            }
        }
        try realm.write { realm.deleteAll() }
        try Self.expectSound(realm.configuration.fileURL!)
    }

    @Test func aMigrationBuildsTheIndexAgain() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("migrated.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: Self.types))
            try realm.write {
                let pet = realm.create(Pet.self, value: ["id": 1])
                realm.create(Owner.self, value: ["id": 1, "pets": [pet, pet], "favorite": pet])
            }
        }
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: Self.types)
        configuration.migrationBlock = { migration, _ in
            let owner = Owner.className()  // BacklinkIndexTests.Owner
            migration.enumerateObjects(ofType: owner) { _, new in new?["favorite"] = nil }
            migration.create(owner, value: ["id": 2, "favorite": ["id": 3]])
        }
        let realm = try Realm(configuration: configuration)
        let pet = try #require(realm.object(ofType: Pet.self, forPrimaryKey: 1))
        #expect(pet.listedBy.map(\.id) == [1, 1] && pet.favoredBy.isEmpty, "one owner, two links")
        #expect(realm.object(ofType: Pet.self, forPrimaryKey: 3)?.favoredBy.map(\.id) == [2])
        try Self.expectSound(url)
    }

    @Test func aStoreWrittenBeforeTheIndexGetsItWhenOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("format6.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: Self.types))
            try realm.write {
                let pet = realm.create(Pet.self, value: ["id": 1])
                realm.create(Owner.self, value: ["id": 1, "pets": [pet], "anything": AnyRealmValue.object(pet)])
            }
        }
        // As format 6 wrote it: no backlink index, and the format mark 6.
        do {
            let environment = try Environment.open(path: url.path, options: .init())
            defer { environment.release() }
            try environment.write { txn in
                let meta = try #require(try txn.existingDatabase("meta"))
                try txn.put(meta, key: Array("format".utf8), value: Array("GEODE\0".utf8) + [0, 0, 0, 6])
                let links = try #require(try txn.existingDatabase(BacklinkIndex.databaseName))
                try txn.drop(links, remove: true)
            }
        }
        unlink(Environment.lockPath(for: url.path))
        do {
            // Read-only, it stays as it is and its readers read the documents instead.
            let configuration = Realm.Configuration(fileURL: url, readOnly: true, objectTypes: Self.types)
            let realm = try Realm(configuration: configuration)
            #expect(realm.object(ofType: Pet.self, forPrimaryKey: 1)?.listedBy.map(\.id) == [1])
        }
        unlink(Environment.lockPath(for: url.path))
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: Self.types))
        #expect(realm.object(ofType: Pet.self, forPrimaryKey: 1)?.listedBy.map(\.id) == [1])
        try realm.write { realm.delete(realm.objects(Pet.self)) }
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.pets.isEmpty == true)
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.anything == AnyRealmValue.none)
        try Self.expectSound(url)
    }
}

extension BacklinkIndexTests {
    @Test func theStoreCheckFindsAMissingAndAStrayBacklink() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("checked.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: Self.types))
            try realm.write {
                let pet = realm.create(Pet.self, value: ["id": 1])
                realm.create(Owner.self, value: ["id": 1, "pets": [pet], "favorite": pet])
            }
        }
        try Self.expectSound(url)
        // One entry taken out of the index, and one no link makes put in.
        do {
            let environment = try Environment.open(path: url.path, options: .init())
            defer { environment.release() }
            try environment.write { txn in
                let links = try #require(try txn.existingDatabase(BacklinkIndex.databaseName))
                let cursor = try txn.cursor(links)
                let first = try #require(try cursor.first()).0
                var stray = Array(first)
                stray[11] &+= 1  // the same origin linking to another target key
                let removed = Array(first)
                _ = try txn.delete(links, key: removed)
                try txn.put(links, key: stray, value: [])
            }
        }
        unlink(Environment.lockPath(for: url.path))
        let problems = try StoreCheck.run(path: url.path).problems.map(\.detail)
        #expect(problems.sorted() == ["a backlink no object's link makes", "a link has no backlink entry"])
    }
}
