import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Schemas: invalid ones are refused naming class and property; a stored schema
/// is reconciled on open with Realm's migration rules.
@Suite struct SchemaTests {
    private static let person = ClassSchema(
        name: "Person",
        properties: [
            PropertySchema(name: "id", type: .int, isPrimaryKey: true),
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "dog", type: .object, isOptional: true, objectClassName: "Dog"),
        ])
    private static let dog = ClassSchema(
        name: "Dog",
        properties: [
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "owners", type: .linkingObjects, objectClassName: "Person", originProperty: "dog"),
        ])

    /// A store at `path` of the first release (Person, Dog at version 1) holding one Dog, Rex: its key.
    static func storeWithRex(at path: String) throws -> ObjectKey {
        let store = try Store.open(StoreConfiguration(path: path, schema: Schema(classes: [person, dog], version: 1)))
        return try store.write { try $0.insert([.string("Rex")], into: try store.table("Dog")) }
    }

    @Test(
        arguments: [
            (
                ClassSchema(name: "A", properties: [PropertySchema(name: "b", type: .object, objectClassName: "A")]),
                "to-one relationship 'A.b' must be optional"
            ),
            (
                ClassSchema(name: "A", properties: [PropertySchema(name: "d", type: .double, isPrimaryKey: true)]),
                "'A.d' of type double cannot be a primary key"
            ),
            (
                ClassSchema(
                    name: "A",
                    properties: [
                        PropertySchema(name: "x", type: .int, isPrimaryKey: true),
                        PropertySchema(name: "y", type: .string, isPrimaryKey: true),
                    ]),
                "class 'A' has 2 primary keys"
            ),
            (
                ClassSchema(
                    name: "A",
                    properties: [PropertySchema(name: "s", type: .object, collection: .set, objectClassName: "E")]),
                "'A.s': a MutableSet cannot hold embedded objects"
            ),
            (
                ClassSchema(
                    name: "A",
                    properties: [
                        PropertySchema(name: "l", type: .linkingObjects, objectClassName: "Nope", originProperty: "x")
                    ]),
                "names class 'Nope'"
            ),
            (
                ClassSchema(
                    name: "A",
                    properties: [
                        PropertySchema(
                            name: "l", type: .linkingObjects, objectClassName: "E", originProperty: "missing")
                    ]),
                "names property 'E.missing'"
            ),
            (
                ClassSchema(
                    name: "A",
                    properties: [
                        PropertySchema(name: "l", type: .linkingObjects, objectClassName: "E", originProperty: "n")
                    ]),
                "is not a link to A"
            ),
            (
                ClassSchema(name: "A", properties: [PropertySchema(name: "m", type: .mixed, isOptional: true)]),
                "AnyRealmValue cannot be optional"
            ),
            (
                ClassSchema(
                    name: "A",
                    properties: [PropertySchema(name: "t", type: .object, isOptional: true, objectClassName: "Missing")]
                ),
                "links to class 'Missing', which is not in the schema"
            ),
            (
                ClassSchema(name: "A", properties: [PropertySchema(name: "f", type: .float, isIndexed: true)]),
                "'A.f' of type float cannot be indexed"
            ),
        ] as [(ClassSchema, String)])
    func invalidSchemasAreRefusedWhenOpening(cls: ClassSchema, message: String) throws {
        let embedded = ClassSchema(name: "E", properties: [PropertySchema(name: "n", type: .string)], isEmbedded: true)
        let directory = try TemporaryDirectory()
        do {
            _ = try Store.open(
                StoreConfiguration(path: directory.path("s.geode"), schema: Schema(classes: [cls, embedded])))
            Issue.record("an invalid schema was accepted")
        } catch let error as StoreError {
            #expect(String(describing: error).contains(message), "\(error)")
        }
        #expect(directory.fileNames.isEmpty, "a refused open leaves no files")
    }

    @Test func theStoredSchemaIsReadBackWhenNoneIsGiven() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        let declared = Schema(classes: [Self.person, Self.dog], version: 3)
        _ = try Store.open(StoreConfiguration(path: path, schema: declared))
        let reopened = try Store.open(StoreConfiguration(path: path))
        #expect(reopened.schema.version == 3)
        #expect(reopened.schema["Person"]?.properties.map(\.name) == ["id", "name", "dog"])
        #expect(reopened.schema["Dog"]?.property(named: "owners")?.originProperty == "dog")
        #expect(reopened.schema["Person"]?.primaryKey?.name == "id")
    }

    @Test func aChangedPropertyTypeNeedsAHigherVersionAndThenStartsAtZero() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        let rex = try Self.storeWithRex(at: path)
        var changed = Self.dog
        changed.properties[0] = PropertySchema(name: "name", type: .int)
        do {
            _ = try Store.open(
                StoreConfiguration(path: path, schema: Schema(classes: [Self.person, changed], version: 1)))
            Issue.record("a type change was accepted under the same version")
        } catch let StoreError.schemaMismatch(_, differences) {
            #expect(differences.contains("property 'Dog.name' changed type from string to int"), "\(differences)")
        }
        let store = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.person, changed], version: 2)))
        #expect(try store.read { try $0.row(rex, in: try store.table("Dog")) } == [.int(0)])
        #expect(store.schema["Dog"]?.slotsAreDense == true, "the old values are gone from the documents")
    }

    @Test func addingAPropertyNeedsAHigherVersionAndOldDocumentsReadTheDefault() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        let key = try Self.storeWithRex(at: path)
        var grown = Self.dog
        grown.properties.insert(PropertySchema(name: "age", type: .int), at: 0)
        grown.properties.append(PropertySchema(name: "nickname", type: .string, isOptional: true))
        #expect(throws: StoreError.self) {
            _ = try Store.open(
                StoreConfiguration(path: path, schema: Schema(classes: [Self.person, grown], version: 1)))
        }
        let store = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.person, grown], version: 2)))
        let table = try store.table("Dog")
        #expect(try store.read { try $0.row(key, in: table) } == [.int(0), .string("Rex"), .null])
        let second = try store.write { try $0.insert([.int(4), .string("Fido"), .string("F")], into: table) }
        #expect(try store.read { try $0.row(second, in: table) } == [.int(4), .string("Fido"), .string("F")])
    }

    @Test func settingOnePropertyOfAnOldDocumentGivesTheOtherNewPropertiesTheirDefaults() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        let key = try Self.storeWithRex(at: path)
        var grown = Self.dog
        grown.properties.append(PropertySchema(name: "age", type: .int))
        grown.properties.append(PropertySchema(name: "nickname", type: .string, isOptional: true))
        let store = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.person, grown], version: 2)))
        let table = try store.table("Dog")
        let nickname = try #require(table.schema.property(named: "nickname"))
        try store.write { try $0.update(.string("R"), of: nickname, key: key, in: table) }
        #expect(try store.read { try $0.row(key, in: table) } == [.string("Rex"), .int(0), .string("R")])
        #expect(throws: StoreError.self) {
            try store.write { try $0.update(.int(3), of: nickname, key: key, in: table) }
        }
        #expect(
            try store.read { try $0.row(key, in: table) } == [.string("Rex"), .int(0), .string("R")],
            "a refused value changes nothing")
    }

    @Test func removingAPropertyRetiresItsSlot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        let ann: ObjectKey
        do {
            let store = try Store.open(
                StoreConfiguration(path: path, schema: Schema(classes: [Self.person, Self.dog], version: 1)))
            ann = try store.write { try $0.insert([.int(1), .string("Ann"), .null], into: try store.table("Person")) }
        }
        var slim = Self.person
        slim.properties.remove(at: 1)
        let store = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [slim, Self.dog], version: 2)))
        let table = try store.table("Person")
        #expect(try store.read { try $0.row(ann, in: table) } == [.int(1), .null])
        let key = try store.write { try $0.insert([.int(2), .null], into: table) }
        #expect(try store.read { try $0.row(key, in: table) } == [.int(2), .null])
    }

    @Test func newClassesAndSubsetsNeedNoVersionChange() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        _ = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.person, Self.dog], version: 1)))
        let extra = ClassSchema(name: "Toy", properties: [PropertySchema(name: "name", type: .string)])
        let withToy = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.person, Self.dog, extra], version: 1)))
        #expect(withToy.schema.classes.map(\.name).sorted() == ["Dog", "Person", "Toy"])
        let onlyToy = try Store.open(StoreConfiguration(path: path, schema: Schema(classes: [extra], version: 1)))
        #expect(onlyToy.schema.classes.count == 3, "classes the program does not declare stay in the store")
    }

    @Test func aLowerSchemaVersionIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        _ = try Store.open(
            StoreConfiguration(path: path, schema: Schema(classes: [Self.person, Self.dog], version: 5)))
        do {
            _ = try Store.open(
                StoreConfiguration(path: path, schema: Schema(classes: [Self.person, Self.dog], version: 4)))
            Issue.record("a lower version was accepted")
        } catch let StoreError.schemaMismatch(_, differences) {
            #expect(differences == ["schema version 4 is lower than the stored version 5"])
        }
    }

    @Test func deleteIfMigrationNeededStartsOver() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("s.geode")
        do {
            let store = try Store.open(
                StoreConfiguration(path: path, schema: Schema(classes: [Self.person, Self.dog], version: 1)))
            try store.write { _ = try $0.insert([.string("Rex")], into: try store.table("Dog")) }
        }
        var changed = Self.dog
        changed.properties[0] = PropertySchema(name: "name", type: .int)
        var configuration = StoreConfiguration(path: path, schema: Schema(classes: [Self.person, changed], version: 1))
        configuration.deleteIfMigrationNeeded = true
        let store = try Store.open(configuration)
        let table = try store.table("Dog")
        #expect(try store.read { try $0.count(table) } == 0)
        #expect(try store.write { try $0.insert([.int(7)], into: table) } == ObjectKey(1))
    }
}
