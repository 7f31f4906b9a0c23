import Foundation
import Geode
import GeodeTestSupport
import Testing

// MARK: - Models

final class SCFlag: Object {
    @Persisted var flag = false
}

enum SCLevel: Int, PersistableEnum {
    case low = 1
    case high = 3
}

/// One property of each kind a schema can report, in a known order.
final class SCEverything: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var int8Col: Int8 = 12
    @Persisted var int16Col: Int16 = 123
    @Persisted var int32Col: Int32 = 123
    @Persisted var int64Col: Int64 = 123
    @Persisted var levelCol = SCLevel.low
    @Persisted var floatCol: Float = 1.5
    @Persisted var doubleCol = 2.5
    @Persisted var stringCol = "a"
    @Persisted var dataCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var decimalCol = Decimal128(5)
    @Persisted var objectIdCol = ObjectId.generate()
    @Persisted var linkCol: SCFlag?
    @Persisted var uuidCol = UUID()
    @Persisted var anyCol: AnyRealmValue
    @Persisted var listCol: List<SCFlag>
    @Persisted var setCol: MutableSet<SCFlag>
    @Persisted var mapCol: Map<String, SCFlag?>
}

final class SCKeyedByName: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var count = 0
}

final class SCOptionals: Object {
    @Persisted var optString: String?
    @Persisted var optInt: Int?
    @Persisted var optLink: SCFlag?
    @Persisted var optStrings: List<String?>
}

final class SCWalker: Object {
    @Persisted var name = ""
    @Persisted var dog: SCDog?
}

final class SCDog: Object {
    @Persisted var name = ""
    @Persisted(originProperty: "dog") var walkers: LinkingObjects<SCWalker>
}

final class SCCollar: EmbeddedObject {
    @Persisted var size = 0
}

final class SCPet: Object {
    @Persisted var collar: SCCollar?
}

/// Facts about schema introspection restated from realm-swift's
/// `RealmSwift/Tests/ObjectSchemaTests.swift`, `RealmSwift/Tests/PropertyTests.swift`
/// and `RealmSwift/Tests/SchemaTests.swift` (with their models in
/// `SwiftTestObjects.swift`), through Geode's public API and models of our own.
/// Objective-C names, `@objc dynamic` properties, `RealmOptional` and
/// `RealmProperty` are left out. Each test names the Realm test it restates.
@Suite struct SchemaConformanceTests {
    static let allTypes: [ObjectBase.Type] = [
        SCFlag.self, SCEverything.self, SCKeyedByName.self, SCOptionals.self, SCWalker.self, SCDog.self,
        SCCollar.self, SCPet.self,
    ]

    static func schema(_ directory: TemporaryDirectory) throws -> Schema {
        try directory.realm(of: allTypes).schema
    }

    static func everything(_ directory: TemporaryDirectory) throws -> ObjectSchema {
        try #require(try schema(directory)["SCEverything"])
    }

    // MARK: ObjectSchemaTests

    /// ObjectSchemaTests.swift, testProperties
    @Test func anObjectSchemaListsItsPropertiesInDeclarationOrder() throws {
        let directory = try TemporaryDirectory()
        let names = try Self.everything(directory).properties.map(\.name)
        #expect(
            names == [
                "boolCol", "intCol", "int8Col", "int16Col", "int32Col", "int64Col", "levelCol", "floatCol",
                "doubleCol", "stringCol", "dataCol", "dateCol", "decimalCol", "objectIdCol", "linkCol", "uuidCol",
                "anyCol", "listCol", "setCol", "mapCol",
            ])
        #expect(SCEverything().objectSchema.properties.map(\.name) == names)
    }

    /// ObjectSchemaTests.swift, testClassNameProperty
    @Test func anObjectSchemaIsNamedAfterItsClass() throws {
        let directory = try TemporaryDirectory()
        #expect(try Self.everything(directory).className == "SCEverything")
        #expect(SCKeyedByName().objectSchema.className == "SCKeyedByName")
    }

    /// ObjectSchemaTests.swift, testObjectClass
    @Test func anObjectSchemaKnowsTheClassItDescribes() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(try #require(schema["SCEverything"]).objectClass == SCEverything.self)
        #expect(try #require(schema["SCFlag"]).objectClass == SCFlag.self)
        #expect(SCKeyedByName().objectSchema.objectClass == SCKeyedByName.self)
        let fileOnly = ObjectSchema(className: "SCNoSwiftType", properties: [Property(name: "id", type: .int)])
        #expect(fileOnly.objectClass == DynamicObject.self, "a class with no Swift type reads as dynamic objects")
    }

    /// ObjectSchemaTests.swift, testPrimaryKeyProperty
    @Test func onlyAClassWithAPrimaryKeyReportsAPrimaryKeyProperty() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(try #require(schema["SCEverything"]).primaryKeyProperty == nil)
        let key = try #require(schema["SCKeyedByName"]?.primaryKeyProperty)
        #expect(key.name == "name")
        #expect(key.isPrimary && key.type == .string)
    }

    /// ObjectSchemaTests.swift, testDescription
    @Test func anObjectSchemaDescribesEveryPropertyInRealmsFormat() throws {
        let directory = try TemporaryDirectory()
        func entry(
            _ name: String, _ type: String, link: String? = nil, array: Bool = false, set: Bool = false,
            map: Bool = false, optional: Bool = false
        ) -> String {
            func flag(_ value: Bool) -> String { value ? "YES" : "NO" }
            var lines = ["type = \(type)"]
            if let link { lines += ["objectClassName = \(link)", "linkOriginPropertyName = (null)"] }
            lines += [
                "columnName = \(name)", "indexed = NO", "isPrimary = NO", "array = \(flag(array))",
                "set = \(flag(set))", "dictionary = \(flag(map))", "optional = \(flag(optional))",
            ]
            return "\t\(name) {\n" + lines.map { "\t\t\($0);\n" }.joined() + "\t}\n"
        }
        let expected =
            "SCEverything {\n"
            + [
                entry("boolCol", "bool"), entry("intCol", "int"), entry("int8Col", "int"), entry("int16Col", "int"),
                entry("int32Col", "int"), entry("int64Col", "int"), entry("levelCol", "int"),
                entry("floatCol", "float"), entry("doubleCol", "double"), entry("stringCol", "string"),
                entry("dataCol", "data"), entry("dateCol", "date"), entry("decimalCol", "decimal128"),
                entry("objectIdCol", "object id"), entry("linkCol", "object", link: "SCFlag", optional: true),
                entry("uuidCol", "uuid"), entry("anyCol", "mixed"),
                entry("listCol", "object", link: "SCFlag", array: true),
                entry("setCol", "object", link: "SCFlag", set: true),
                entry("mapCol", "object", link: "SCFlag", map: true, optional: true),
            ].joined() + "}"
        #expect(try Self.everything(directory).description == expected)
        #expect(SCEverything().objectSchema.description == expected)
    }

    /// ObjectSchemaTests.swift, testDescription (RLMObjectSchema's format, which
    /// lists computed properties after the stored ones and marks embedded classes)
    @Test func linkingObjectsAndEmbeddedClassesAreDescribedAsRealmDoes() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        let dog = try #require(schema["SCDog"])
        let walkers =
            "\twalkers {\n\t\ttype = linking objects;\n\t\tobjectClassName = SCWalker;\n"
            + "\t\tlinkOriginPropertyName = dog;\n\t\tcolumnName = walkers;\n\t\tindexed = NO;\n"
            + "\t\tisPrimary = NO;\n\t\tarray = YES;\n\t\tset = NO;\n\t\tdictionary = NO;\n\t\toptional = NO;\n\t}\n"
        #expect(dog["walkers"]?.isArray == true && dog["walkers"]?.isSet == false)
        #expect(dog.description.hasPrefix("SCDog {\n\tname {\n"))
        #expect(dog.description.hasSuffix(walkers + "}"))
        let collar = try #require(schema["SCCollar"])
        #expect(collar.isEmbedded)
        #expect(collar.description.hasPrefix("SCCollar (embedded) {\n\tsize {\n"))
        #expect(try #require(schema["SCPet"]).isEmbedded == false)
    }

    /// ObjectSchemaTests.swift, testSubscript
    @Test func anObjectSchemaFindsAPropertyByNameAndNothingForAnUnknownName() throws {
        let directory = try TemporaryDirectory()
        let everything = try Self.everything(directory)
        #expect(everything["noSuchProperty"] == nil)
        #expect(everything["boolCol"]?.name == "boolCol")
        #expect(everything["mapCol"]?.isMap == true)
    }

    /// ObjectSchemaTests.swift, testEquals
    @Test func objectSchemasOfTheSameClassAreEqualAndOfOthersAreNot() throws {
        let directory = try TemporaryDirectory()
        let first = try Self.schema(directory)
        let again = try directory.realm(of: Self.allTypes).schema
        #expect(first["SCEverything"] == again["SCEverything"])
        #expect(first["SCEverything"] != again["SCFlag"])
        #expect(first["SCFlag"] != first["SCKeyedByName"])
    }

    // MARK: PropertyTests

    /// PropertyTests.swift, testName
    @Test func aPropertyIsNamedAsDeclared() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(schema["SCEverything"]?["intCol"]?.name == "intCol")
        #expect(schema["SCOptionals"]?["optLink"]?.name == "optLink")
        #expect(schema["SCKeyedByName"]?["name"]?.name == "name")
        #expect(schema["SCEverything"]?["intCol"]?.columnName == "intCol")
    }

    /// PropertyTests.swift, testType
    @Test func aPropertyReportsTheTypeOfItsValues() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        let everything = try #require(schema["SCEverything"])
        #expect(everything["intCol"]?.type == .int)
        #expect(everything["int8Col"]?.type == .int)
        #expect(everything["levelCol"]?.type == .int)
        #expect(everything["floatCol"]?.type == .float)
        #expect(everything["dataCol"]?.type == .data)
        #expect(everything["decimalCol"]?.type == .decimal128)
        #expect(everything["objectIdCol"]?.type == .objectId)
        #expect(everything["uuidCol"]?.type == .UUID)
        #expect(everything["anyCol"]?.type == .any)
        #expect(everything["listCol"]?.type == .object)
        #expect(schema["SCOptionals"]?["optLink"]?.type == .object)
        #expect(schema["SCKeyedByName"]?["name"]?.type == .string)
        #expect(schema["SCDog"]?["walkers"]?.type == .linkingObjects)
    }

    /// PropertyTests.swift, testIndexed
    @Test func onlyThePrimaryKeyIsIndexedWhenNothingElseAsksToBe() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(schema["SCEverything"]?["intCol"]?.isIndexed == false)
        #expect(schema["SCOptionals"]?["optLink"]?.isIndexed == false)
        #expect(schema["SCKeyedByName"]?["name"]?.isIndexed == true)
        #expect(schema["SCKeyedByName"]?["count"]?.isIndexed == false)
    }

    /// PropertyTests.swift, testOptional
    @Test func aPropertyIsOptionalExactlyWhenDeclaredOptional() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        let optionals = try #require(schema["SCOptionals"])
        #expect(schema["SCEverything"]?["intCol"]?.isOptional == false)
        #expect(schema["SCEverything"]?["listCol"]?.isOptional == false)
        #expect(optionals["optLink"]?.isOptional == true)
        #expect(optionals["optString"]?.isOptional == true)
        #expect(optionals["optInt"]?.isOptional == true)
        #expect(optionals["optStrings"]?.isOptional == true && optionals["optStrings"]?.isArray == true)
    }

    /// PropertyTests.swift, testObjectClassName
    @Test func onlyLinksNameTheClassTheyPointAt() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(schema["SCEverything"]?["intCol"]?.objectClassName == nil)
        #expect(schema["SCOptionals"]?["optLink"]?.objectClassName == "SCFlag")
        #expect(schema["SCKeyedByName"]?["name"]?.objectClassName == nil)
        #expect(schema["SCEverything"]?["listCol"]?.objectClassName == "SCFlag")
        #expect(schema["SCDog"]?["walkers"]?.objectClassName == "SCWalker")
    }

    /// PropertyTests.swift, testEquals
    @Test func propertiesAreEqualWhenTheyDescribeTheSameColumn() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        let again = try directory.realm(of: Self.allTypes).schema
        let intCol = try #require(schema["SCEverything"]?["intCol"])
        #expect(intCol == again["SCEverything"]?["intCol"])
        #expect(intCol != schema["SCOptionals"]?["optLink"])
        #expect(intCol != schema["SCEverything"]?["int8Col"])
    }

    // MARK: SchemaTests

    /// SchemaTests.swift, testObjectSchema
    @Test func aSchemaListsTheClassesOfItsRealm() throws {
        let directory = try TemporaryDirectory()
        let classes = try Self.schema(directory).objectSchema.map(\.className)
        #expect(!classes.isEmpty)
        #expect(Set(classes) == Set(Self.allTypes.map { $0.className() }))
    }

    /// SchemaTests.swift, testDescription (and RLMSchema's format: classes in
    /// order of name, each indented by a tab)
    @Test func aSchemaDescribesItsClassesInOrderOfName() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        let description = schema.description
        #expect(description.hasPrefix("Schema {\n\tSCCollar (embedded) {\n"))
        #expect(description.hasSuffix("\t}\n}"))
        let flag = try #require(schema["SCFlag"]).description.replacingOccurrences(of: "\n", with: "\n\t")
        #expect(description.contains("\t" + flag + "\n"))
        let order = [
            "SCCollar", "SCDog", "SCEverything", "SCFlag", "SCKeyedByName", "SCOptionals", "SCPet", "SCWalker",
        ]
        let positions = order.compactMap { description.range(of: "\n\t\($0) ")?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    /// SchemaTests.swift, testSubscript
    @Test func aSchemaFindsAClassByNameAndNothingForAnUnknownName() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(schema["SCEverything"]?.className == "SCEverything")
        #expect(schema["NoSuchClass"] == nil)
    }

    /// SchemaTests.swift, testEquals
    @Test func schemasOfTheSameRealmAreEqual() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        #expect(schema == (try directory.realm(of: Self.allTypes).schema))
        let other = try TemporaryDirectory()
        #expect(schema != (try other.realm(of: [SCFlag.self]).schema))
    }

    /// SchemaTests.swift, testNoSchemaForUnpersistedObjectClasses
    @Test func theBaseClassesHaveNoSchema() throws {
        let directory = try TemporaryDirectory()
        let schema = try Self.schema(directory)
        for base in ["Object", "EmbeddedObject", "ObjectBase", "DynamicObject", "MigrationObject", "AsymmetricObject"] {
            #expect(schema[base] == nil, "\(base)")
        }
    }

    /// SchemaTests.swift, testValidNestedClass (a private class keeps its own name)
    @Test func aPrivateClassIsInTheSchemaUnderItsOwnName() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.realm(of: [SCHidden.self]).schema
        #expect(schema["SCHidden"]?.className == "SCHidden")
        #expect(schema["SCHidden"]?.properties.map(\.name) == ["value"])
    }
}

private final class SCHidden: Object {
    @Persisted var value = 0
}
