import Foundation
import Geode
import GeodeTestSupport
import Testing

/// `propertiesMapping()`: the store holds the mapped names while Swift code,
/// key paths, queries, key-value coding and notifications use the Swift
/// names, restating realm-swift's `CustomColumnNameTests`.
@Suite struct PropertiesMappingTests {
    final class Badge: EmbeddedObject {
        @Persisted var level = 0
        override class func propertiesMapping() -> [String: String] { ["level": "custom_level"] }
    }

    final class Owner: Object {
        @Persisted(primaryKey: true) var pk = 0
        @Persisted var intCol = 0
        @Persisted var name = ""
        @Persisted var tags: List<String>
        @Persisted var friend: Owner?
        @Persisted var badge: Badge?
        @Persisted(originProperty: "friend") var friendOf: LinkingObjects<Owner>
        override class func propertiesMapping() -> [String: String] {
            [
                "pk": "custom_pk", "intCol": "custom_intCol", "tags": "custom_tags", "friend": "custom_friend",
                "badge": "custom_badge",
            ]
        }
    }

    /// The same class as another program sees the file: by the stored names.
    final class StoredOwner: Object {
        @Persisted(primaryKey: true) var custom_pk = 0
        @Persisted var custom_intCol = 0
        @Persisted var name = ""
        @Persisted var custom_tags: List<String>
        @Persisted var custom_friend: StoredOwner?
        @Persisted var custom_badge: StoredBadge?
        @Persisted(originProperty: "custom_friend") var friendOf: LinkingObjects<StoredOwner>
        override class func _realmObjectName() -> String? { Owner.className() }
    }

    final class StoredBadge: EmbeddedObject {
        @Persisted var custom_level = 0
        override class func _realmObjectName() -> String? { Badge.className() }
    }

    private func owners(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try directory.realm(of: [Owner.self, Badge.self], named: "mapped")
        try realm.write {
            let ann = realm.create(
                Owner.self, value: ["pk": 1, "intCol": 56, "name": "Ann", "tags": ["a"], "badge": ["level": 3]])
            realm.create(Owner.self, value: ["pk": 2, "intCol": 78, "name": "Bob", "friend": ann])
        }
        return realm
    }

    @Test func theFileHoldsTheMappedNames() throws {
        let directory = try TemporaryDirectory()
        let url = try owners(directory).configuration.fileURL
        let other = try Realm(
            configuration: Realm.Configuration(fileURL: url, objectTypes: [StoredOwner.self, StoredBadge.self]))
        let bob = try #require(other.object(ofType: StoredOwner.self, forPrimaryKey: 2))
        #expect(bob.custom_intCol == 78)
        #expect(bob.custom_friend?.custom_tags.first == "a")
        #expect(bob.custom_friend?.custom_badge?.custom_level == 3)
    }

    @Test func theSchemaNamesEachPropertyAndItsColumn() throws {
        let directory = try TemporaryDirectory()
        let realm = try owners(directory)
        let schema = try #require(realm.schema[Owner.className()])
        let mapping = Owner.propertiesMapping()
        for property in schema.properties {
            #expect(property.columnName == mapping[property.name] ?? property.name)
        }
        #expect(schema["intCol"]?.columnName == "custom_intCol")
        #expect(schema.primaryKeyProperty?.name == "pk")
        #expect(schema["intCol"]?.description.contains("columnName = custom_intCol") == true)
    }

    @Test func queriesSortsAndKeyPathsUseTheSwiftNamesAndTheStoredOnes() throws {
        let directory = try TemporaryDirectory()
        let realm = try owners(directory)
        let owners = realm.objects(Owner.self)
        #expect(owners.where { $0.intCol > 60 }.map(\.name) == ["Bob"])
        #expect(owners.filter("intCol > 60").map(\.name) == ["Bob"])
        #expect(owners.filter("custom_intCol > 60").map(\.name) == ["Bob"])
        #expect(owners.filter("friend.badge.level == 3").map(\.name) == ["Bob"])
        #expect(owners.where { $0.tags.contains("a") }.map(\.name) == ["Ann"])
        #expect(owners.filter("ANY friendOf.name == 'Bob'").map(\.name) == ["Ann"])
        #expect(owners.sorted(byKeyPath: "intCol", ascending: false).map(\.pk) == [2, 1])
        #expect(owners.distinct(by: ["intCol"]).count == 2)
        #expect(owners.index(matching: "pk == 2") == 1)
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 1)?.name == "Ann")
        #expect(owners.value(forKey: "intCol") as? [Int] == [56, 78])
    }

    @Test func keyValueCodingAndDynamicObjectsUseTheSwiftNames() throws {
        let directory = try TemporaryDirectory()
        let realm = try owners(directory)
        let ann = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        #expect(ann["intCol"] as? Int == 56)
        try realm.write { ann["intCol"] = 57 }
        #expect(ann.intCol == 57)
        let dynamic = try #require(realm.dynamicObject(ofType: Owner.className(), forPrimaryKey: 1))
        #expect(dynamic["intCol"] as? Int == 57)
        #expect(dynamic["badge"].flatMap { ($0 as? DynamicObject)?["level"] as? Int } == 3)
    }

    @Test func importedRecordsMayNameAPropertyEitherWay() throws {
        let directory = try TemporaryDirectory()
        let realm = try owners(directory)
        let input = directory.url.appendingPathComponent("owners.ndjson")
        try Data(
            """
            {"pk": 3, "custom_intCol": 9, "name": "Cy"}
            {"custom_pk": 4, "intCol": 10, "name": "Di"}

            """.utf8
        ).write(to: input)
        try realm.importJSON(Owner.self, from: input)
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 3)?.intCol == 9)
        #expect(realm.object(ofType: Owner.self, forPrimaryKey: 4)?.intCol == 10)
    }

    @Test func observersNameTheSwiftProperties() throws {
        let directory = try TemporaryDirectory()
        let realm = try owners(directory)
        let ann = try #require(realm.object(ofType: Owner.self, forPrimaryKey: 1))
        var names: [String] = []
        var modified: [[Int]] = []
        let tokens = [
            ann.observe(keyPaths: ["intCol"]) { (change: ObjectChange<Owner>) in
                if case let .change(_, properties) = change { names += properties.map(\.name) }
            },
            realm.objects(Owner.self).observe(keyPaths: [\.intCol]) { change in
                if case let .update(_, _, _, modifications) = change { modified.append(modifications) }
            },
        ]
        realm.refresh()
        try realm.write { ann.name = "Anna" }
        try realm.write { ann.intCol = 1 }
        tokens.forEach { $0.invalidate() }
        #expect(names == ["intCol"])
        #expect(modified == [[0]])
    }
}
