import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/CustomColumnNameTests.swift:
// classes whose `propertiesMapping()` stores every property under a `custom_`
// column, used through the public names by the schema, dynamic objects,
// queries, distinct, sorting, key-value coding, aggregates, sections,
// collections of objects and notifications. Realm runs one generic set of
// tests over a modern (`@Persisted`) and an old (`@objc dynamic`) model and
// over factories for an Int property, a List, a MutableSet and a Map; here
// each test runs the same check on both restated models (`CCModernCustomObject`
// and `CCOldCustomObject`) with the values Realm's factories give each. Each
// test names the realm-swift test it comes from.
//
// PropertiesMappingTests already restates this file in general terms with a
// model of its own (a mapped schema's column names, a description naming a
// column, queries, sorting, distinct, index(matching:), lookup by primary key,
// value(forKey:) and observers by public name). Its facts are not repeated as
// such: what is restated here is Realm's own models and values, which that
// suite does not use. CustomColumnKeyedObjectTest.testCustomColumnObjectDynamicMap
// is left out: its body only declares a nested function it never calls, so it
// asserts nothing.
//
// Left out as not applying to Geode on Linux: Realm's `@objc dynamic`
// declarations of `OldCustomObject`, `EmbeddedCustomObject` and the `@objc`
// enum `IntEnum` (restated as `@Persisted` and a `PersistableEnum`, and
// `RealmProperty<AnyRealmValue>` as `@Persisted var anyCol: AnyRealmValue`),
// Objective-C key-value coding on the model (`setValue(_:forKeyPath:)`, and
// `setValue(_:forUndefinedKey:)`/`value(forUndefinedKey:)` of
// testCustomColumnDynamicObjectSetValue, which Geode does not have: those
// values are set through the subscript by name instead), and `NSPredicate`
// (testCustomColumnResultsQueries builds one from each typed query; restated
// as the same query in a Realm Query Language string).

// MARK: - Models

/// Realm's `ModernIntEnum`.
enum CCModernIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// Realm's `IntEnum`, an `@objc` `RealmEnum` there, restated as a `PersistableEnum`.
enum CCIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
}

/// The mapping of Realm's `propertiesModernCustomMapping` and `propertiesCustomMapping` (the same names).
let ccCustomMapping: [String: String] = [
    "pk": "custom_pk", "intCol": "custom_intCol", "anyCol": "custom_anyCol", "intEnumCol": "custom_intEnumCol",
    "objectCol": "custom_objectCol", "arrayCol": "custom_arrayCol", "setCol": "custom_setCol",
    "mapCol": "custom_mapCol", "embeddedObject": "custom_embeddedObject", "arrayIntCol": "custom_arrayIntCol",
    "setIntCol": "custom_setIntCol", "mapIntCol": "custom_mapIntCol",
]

/// The mapping of Realm's `propertiesModernEmbeddedCustomMapping` and `propertiesEmbeddedCustomMapping`.
let ccEmbeddedCustomMapping: [String: String] = ["intCol": "custom_intCol"]

/// What the two restated models share, so that a check runs on both as
/// Realm's generic test classes run on `ModernCustomObject` and `OldCustomObject`.
protocol CCCustomColumnObject: Object {
    associatedtype Embedded: CCCustomColumnEmbedded
    var pk: ObjectId { get set }
    var intCol: Int { get set }
    var objectCol: Self? { get set }
    var arrayCol: List<Self> { get }
    var setCol: MutableSet<Self> { get }
    var mapCol: Map<String, Self?> { get }
    var embeddedObject: Embedded? { get set }
    var arrayIntCol: List<Int> { get }
    var setIntCol: MutableSet<Int> { get }
    /// Realm's `CustomColumnObjectFactory.create(primaryKey:nestedObject:)` for the model.
    static func make(primaryKey: ObjectId, nestedObject: Self?) -> Self
    /// Realm's `CustomColumnObjectFactory.createValues(primaryKey:)` for the model.
    static func makeValues(primaryKey: ObjectId) -> [String: Any]
}

/// The embedded models' one property.
protocol CCCustomColumnEmbedded: EmbeddedObject {
    var intCol: Int { get set }
}

/// Realm's `ModernCustomObject`: every property mapped to a `custom_` column.
final class CCModernCustomObject: Object, CCCustomColumnObject {
    @Persisted(primaryKey: true) var pk: ObjectId
    @Persisted var intCol: Int
    @Persisted var anyCol: AnyRealmValue
    @Persisted var intEnumCol: CCModernIntEnum

    @Persisted var objectCol: CCModernCustomObject?
    @Persisted var arrayCol: List<CCModernCustomObject>
    @Persisted var setCol: MutableSet<CCModernCustomObject>
    @Persisted var mapCol: Map<String, CCModernCustomObject?>

    @Persisted var embeddedObject: CCEmbeddedModernCustomObject?

    @Persisted var arrayIntCol: List<Int>
    @Persisted var setIntCol: MutableSet<Int>
    @Persisted var mapIntCol: Map<String, Int>

    override class func propertiesMapping() -> [String: String] { ccCustomMapping }

    static func make(primaryKey: ObjectId, nestedObject: CCModernCustomObject?) -> CCModernCustomObject {
        let object = CCModernCustomObject()
        object.pk = primaryKey
        object.embeddedObject = CCEmbeddedModernCustomObject()
        if let nestedObject {
            object.anyCol = .object(nestedObject)
            object.objectCol = nestedObject
            object.arrayCol.append(nestedObject)
            object.setCol.insert(nestedObject)
            object.mapCol["key"] = nestedObject
        }
        return object
    }

    static func makeValues(primaryKey: ObjectId) -> [String: Any] {
        [
            "pk": primaryKey, "intCol": 123, "anyCol": AnyRealmValue.int(345), "intEnumCol": CCModernIntEnum.value2,
            "objectCol": CCModernCustomObject(), "arrayCol": [CCModernCustomObject()],
            "setCol": [CCModernCustomObject()], "mapCol": ["key": CCModernCustomObject()],
            "embeddedObject": CCEmbeddedModernCustomObject(), "arrayIntCol": [123], "setIntCol": [345],
            "mapIntCol": ["key": 123],
        ]
    }
}

/// Realm's `EmbeddedModernCustomObject`.
final class CCEmbeddedModernCustomObject: EmbeddedObject, CCCustomColumnEmbedded {
    @Persisted var intCol: Int
    override class func propertiesMapping() -> [String: String] { ccEmbeddedCustomMapping }
}

/// Realm's `OldCustomObject` (`@objc dynamic` properties with defaults and
/// `primaryKey()` returning "pk" there), restated with `@Persisted`.
final class CCOldCustomObject: Object, CCCustomColumnObject {
    @Persisted(primaryKey: true) var pk = ObjectId.generate()
    @Persisted var intCol = 123
    @Persisted var anyCol: AnyRealmValue
    @Persisted var intEnumCol = CCIntEnum.value1

    @Persisted var objectCol: CCOldCustomObject?
    @Persisted var arrayCol: List<CCOldCustomObject>
    @Persisted var setCol: MutableSet<CCOldCustomObject>
    @Persisted var mapCol: Map<String, CCOldCustomObject?>

    @Persisted var embeddedObject: CCEmbeddedCustomObject?

    @Persisted var arrayIntCol: List<Int>
    @Persisted var setIntCol: MutableSet<Int>
    @Persisted var mapIntCol: Map<String, Int?>

    override class func propertiesMapping() -> [String: String] { ccCustomMapping }

    static func make(primaryKey: ObjectId, nestedObject: CCOldCustomObject?) -> CCOldCustomObject {
        let object = CCOldCustomObject()
        object.pk = primaryKey
        object.embeddedObject = CCEmbeddedCustomObject()
        if let nestedObject {
            object.objectCol = nestedObject
            object.arrayCol.append(nestedObject)
            object.setCol.insert(nestedObject)
            object.mapCol["key"] = nestedObject
        }
        return object
    }

    static func makeValues(primaryKey: ObjectId) -> [String: Any] {
        [
            "pk": primaryKey, "intCol": 123, "anyCol": AnyRealmValue.int(345), "intEnumCol": CCIntEnum.value2,
            "objectCol": CCOldCustomObject(), "arrayCol": [CCOldCustomObject()], "setCol": [CCOldCustomObject()],
            "mapCol": ["key": CCOldCustomObject()], "embeddedObject": CCEmbeddedCustomObject(),
            "arrayIntCol": [123], "setIntCol": [345], "mapIntCol": ["key": 123],
        ]
    }
}

/// Realm's `EmbeddedCustomObject` (`@objc dynamic var intCol = 123` there).
final class CCEmbeddedCustomObject: EmbeddedObject, CCCustomColumnEmbedded {
    @Persisted var intCol = 123
    override class func propertiesMapping() -> [String: String] { ccEmbeddedCustomMapping }
}

// MARK: - Helpers

/// An unmanaged list holding `values`.
private func ccList(_ values: [Int]) -> List<Int> {
    let list = List<Int>()
    list.append(objectsIn: values)
    return list
}

/// An unmanaged set holding `values`.
private func ccSet(_ values: [Int]) -> MutableSet<Int> {
    let set = MutableSet<Int>()
    set.insert(objectsIn: values)
    return set
}

/// Realm's maps of its Map factories: "key" 123, "key1" 345, "key3" 567 then 879.
private func ccMap<V: _PersistableValue>(_ first: V, _ second: V, _ third: V, _ fourth: V) -> Map<String, V> {
    let map = Map<String, V>()
    map["key"] = first
    map["key1"] = second
    map["key3"] = third
    map["key3"] = fourth
    return map
}

/// The values Realm's Int factories (`ModernResultsIntType`, `OldResultsIntType`)
/// set at `intCol`, `objectCol.intCol`, `embeddedObject.intCol` and
/// `objectCol.embeddedObject.intCol`.
struct CCIntValues {
    var intCol: Int
    var linkedIntCol: Int
    var embeddedIntCol: Int
    var linkedEmbeddedIntCol: Int

    static let modern = CCIntValues(intCol: 123, linkedIntCol: 345, embeddedIntCol: 567, linkedEmbeddedIntCol: 789)
    static let old = CCIntValues(intCol: 12, linkedIntCol: 24, embeddedIntCol: 36, linkedEmbeddedIntCol: 48)

    /// Sets the four values by their public names, as Realm's setUp does with `setValue(_:forKeyPath:)`.
    func set<M: CCCustomColumnObject>(on object: M) {
        object["intCol"] = intCol
        object.objectCol?["intCol"] = linkedIntCol
        object.embeddedObject?["intCol"] = embeddedIntCol
        object.objectCol?.embeddedObject?["intCol"] = linkedEmbeddedIntCol
    }
}

/// Realm's `CustomColumnTestsBase` after its setUp: `object` (primary key
/// 61184062c1d8f096a3695045) links `nested` and both are in `realm`.
struct CCBase<M: CCCustomColumnObject> {
    let realm: Realm
    let object: M
    let nested: M
    static var primaryKey: ObjectId { ObjectId("61184062c1d8f096a3695045") }

    /// In one write: `nested`, then `object` linking it, then `configure` (the
    /// factory's values set by name), then `object` added.
    init(_ realm: Realm, _ configure: (M) -> Void = { _ in }) throws {
        self.realm = realm
        var made: (M, M)?
        try realm.write {
            let nested = M.make(primaryKey: ObjectId.generate(), nestedObject: nil)
            let object = M.make(primaryKey: Self.primaryKey, nestedObject: nested)
            configure(object)
            realm.add(object)
            made = (object, nested)
        }
        let (object, nested) = try #require(made)
        self.object = object
        self.nested = nested
    }

    /// Realm's `setValue(_:for:)` helper: a one-name key path is set on
    /// `object`, a longer one by its last name on `nested`.
    func setValue(_ value: Any, forPublicName name: String) throws {
        let names = name.components(separatedBy: ".")
        try realm.write {
            if names.count > 1, let last = names.last {
                nested[last] = value
            } else {
                object[name] = value
            }
        }
    }
}

private func ccTypes<M: CCCustomColumnObject>(_: M.Type) -> [ObjectBase.Type] { [M.self, M.Embedded.self] }

// MARK: - Tests

@Suite struct ColumnNameConformanceTests {
    // MARK: Schema

    // CustomColumnNamesSchemaTest.testCustomColumnNameSchema
    @Test func everyPropertyOfTheSchemaNamesItsMappedColumn() {
        let schemas: [(ObjectSchema, [String: String])] = [
            (CCModernCustomObject().objectSchema, ccCustomMapping),
            (CCEmbeddedModernCustomObject().objectSchema, ccEmbeddedCustomMapping),
            (CCOldCustomObject().objectSchema, ccCustomMapping),
            (CCEmbeddedCustomObject().objectSchema, ccEmbeddedCustomMapping),
        ]
        for (schema, mapping) in schemas {
            #expect(!schema.properties.isEmpty)
            for property in schema.properties {
                #expect(mapping[property.name] == property.columnName, "\(schema.className).\(property.name)")
            }
        }
    }

    // CustomColumnNamesSchemaTest.testDescriptionWithCustomColumnName
    @Test func theSchemaDescriptionListsEachPropertyWithItsColumnName() {
        // name, type, linked class, primary key, collection kind, optional; in declaration order.
        let owner = "CCModernCustomObject"
        let rows: [(String, String, String?, Bool, String?, Bool)] = [
            ("pk", "object id", nil, true, nil, false),
            ("intCol", "int", nil, false, nil, false),
            ("anyCol", "mixed", nil, false, nil, false),
            ("intEnumCol", "int", nil, false, nil, false),
            ("objectCol", "object", owner, false, nil, true),
            ("arrayCol", "object", owner, false, "array", false),
            ("setCol", "object", owner, false, "set", false),
            ("mapCol", "object", owner, false, "dictionary", true),
            ("embeddedObject", "object", "CCEmbeddedModernCustomObject", false, nil, true),
            ("arrayIntCol", "int", nil, false, "array", false),
            ("setIntCol", "int", nil, false, "set", false),
            ("mapIntCol", "int", nil, false, "dictionary", false),
        ]
        func flag(_ value: Bool) -> String { value ? "YES" : "NO" }
        var expected = "\(owner) {\n"
        for (name, type, linked, primary, collection, optional) in rows {
            var lines = ["type = \(type);"]
            if let linked { lines += ["objectClassName = \(linked);", "linkOriginPropertyName = (null);"] }
            lines += [
                "columnName = custom_\(name);", "indexed = \(flag(primary));", "isPrimary = \(flag(primary));",
                "array = \(flag(collection == "array"));", "set = \(flag(collection == "set"));",
                "dictionary = \(flag(collection == "dictionary"));", "optional = \(flag(optional));",
            ]
            expected += "\t\(name) {\n" + lines.map { "\t\t\($0)\n" }.joined() + "\t}\n"
        }
        expected += "}"
        #expect(CCModernCustomObject().objectSchema.description == expected)
    }

    // MARK: Dynamic objects

    /// Realm's `CustomColumnModernDynamicObjectTest.setUp`: an object with
    /// primary key 6058f12682b2fbb1f334ef1d holding a new object in `anyCol`.
    private static func withDynamicFixture(_ body: (Realm) throws -> Void) throws {
        try withTemporaryRealm(of: ccTypes(CCModernCustomObject.self)) { realm in
            let object = CCModernCustomObject.make(
                primaryKey: ObjectId("6058f12682b2fbb1f334ef1d"), nestedObject: nil)
            object.anyCol = .object(CCModernCustomObject())
            try realm.write { realm.add(object) }
            try body(realm)
        }
    }

    // CustomColumnModernDynamicObjectTest.testCustomColumnDynamicObjectSubscript
    @Test func aDynamicObjectInAnAnyRealmValueIsReadAndWrittenByThePublicName() throws {
        try Self.withDynamicFixture { realm in
            let object = try #require(
                realm.object(ofType: CCModernCustomObject.self, forPrimaryKey: ObjectId("6058f12682b2fbb1f334ef1d")))
            let dynamicObject = try #require(object.anyCol.dynamicObject)
            try realm.write { dynamicObject["intCol"] = 56789 }
            #expect(dynamicObject["intCol"] as? Int == 56789)
        }
    }

    // CustomColumnModernDynamicObjectTest.testCustomColumnDynamicObjectSetValue (its count; Geode has no
    // `setValue(_:forUndefinedKey:)`/`value(forUndefinedKey:)`) and testCustomColumnDynamicObjectMemberLookUp
    @Test func dynamicMemberLookupOfADynamicObjectUsesThePublicName() throws {
        try Self.withDynamicFixture { realm in
            let dynamicObjects = realm.dynamicObjects("CCModernCustomObject")
            #expect(dynamicObjects.count == 2)
            let dynamicObject = try #require(dynamicObjects.first)
            try realm.write { dynamicObject.intCol = 98765 }
            #expect(dynamicObject.intCol as? Int == 98765)
        }
    }

    // CustomColumnModernDynamicObjectTest.testCustomColumnDynamicSchema
    @Test func theSchemaOfADynamicObjectNamesTheMappedColumns() throws {
        try Self.withDynamicFixture { realm in
            let dynamicObjects = realm.dynamicObjects("CCModernCustomObject")
            #expect(dynamicObjects.count == 2)
            let schema = try #require(dynamicObjects.first).objectSchema
            #expect(schema.properties.count == ccCustomMapping.count)
            for property in schema.properties {
                #expect(ccCustomMapping[property.name] == property.columnName, "\(property.name)")
            }
        }
    }

    // MARK: Results

    // CustomColumnResultsTest.testCustomColumnResultsCreate
    @Test func creatingFromAValueDictionaryByPublicNamesMakesAnObjectFoundByItsKey() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { CCIntValues.modern.set(on: $0) }
                let primaryKey = ObjectId.generate()
                let values = M.makeValues(primaryKey: primaryKey)
                try realm.write { realm.create(M.self, value: values) }
                let created = realm.object(ofType: M.self, forPrimaryKey: primaryKey)
                #expect(created != nil, "\(M.self)")
                #expect(created?.intCol == 123, "\(M.self)")
                // The unmanaged embedded object of the dictionary, copied by its public names.
                let embedded = try #require(values["embeddedObject"] as? M.Embedded)
                #expect(created?.embeddedObject?.intCol == embedded.intCol, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnResultsTest.testCustomColumnResultsByPrimaryKey
    @Test func anObjectIsFoundByItsMappedPrimaryKey() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: CCIntValues) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                let base = try CCBase<M>(realm) { values.set(on: $0) }
                let found = try #require(realm.object(ofType: M.self, forPrimaryKey: CCBase<M>.primaryKey))
                #expect(found == base.object, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self, .modern)
        try check(CCOldCustomObject.self, .old)
    }

    // CustomColumnResultsTest.testCustomColumnResultsQueries and testCustomColumnResultsIndexMatching
    // (ModernResultsIntType, OldResultsIntType)
    @Test func queriesOnMappedPropertiesThroughLinksAndEmbeddedObjectsFindTheFirstObject() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: CCIntValues) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { values.set(on: $0) }
                let results = realm.objects(M.self)
                let queries: [(String, (Query<M>) -> Query<Bool>, String, Int)] = [
                    ("intCol", { $0.intCol == values.intCol }, "intCol == %@", values.intCol),
                    ("objectCol.intCol", { $0.objectCol.intCol == values.linkedIntCol },
                     "objectCol.intCol == %@", values.linkedIntCol),
                    ("embeddedObject.intCol", { $0.embeddedObject.intCol == values.embeddedIntCol },
                     "embeddedObject.intCol == %@", values.embeddedIntCol),
                    ("objectCol.embeddedObject.intCol",
                     { $0.objectCol.embeddedObject.intCol == values.linkedEmbeddedIntCol },
                     "objectCol.embeddedObject.intCol == %@", values.linkedEmbeddedIntCol),
                ]
                for (name, query, format, value) in queries {
                    #expect(results.where(query).count == 1, "\(M.self) \(name)")
                    #expect(results.filter(format, value).count == 1, "\(M.self) \(name)")
                    #expect(results.index(matching: query) == 0, "\(M.self) \(name)")
                }
            }
        }
        try check(CCModernCustomObject.self, .modern)
        try check(CCOldCustomObject.self, .old)
    }

    // CustomColumnResultsTest.testCustomColumnResultsQueries and testCustomColumnResultsIndexMatching
    // (ModernListResultsIntType, OldListResultsIntType, ModernMutableSetResultsIntType,
    // OldMutableSetResultsIntType)
    @Test func queriesOnMappedListsAndSetsOfIntsFindTheFirstObject() throws {
        func check<M: CCCustomColumnObject>(
            _: M.Type, name: String, _ value: Any, contains element: Int,
            _ query: @escaping (Query<M>) -> Query<Bool>
        ) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { $0[name] = value }
                let results = realm.objects(M.self)
                #expect(results.where(query).count == 1, "\(M.self) \(name)")
                #expect(results.filter("%@ IN \(name)", element).count == 1, "\(M.self) \(name)")
                #expect(results.index(matching: query) == 0, "\(M.self) \(name)")
            }
        }
        try check(
            CCModernCustomObject.self, name: "arrayIntCol", ccList([123, 345, 567, 789, 901]), contains: 123,
            { $0.arrayIntCol.contains(123) })
        try check(
            CCOldCustomObject.self, name: "arrayIntCol", ccList([56, 12, 34, 67]), contains: 34,
            { $0.arrayIntCol.contains(34) })
        try check(
            CCModernCustomObject.self, name: "setIntCol", ccSet([123, 345, 567, 789, 901]), contains: 123,
            { $0.setIntCol.contains(123) })
        try check(
            CCOldCustomObject.self, name: "setIntCol", ccSet([56, 93, 67, 22]), contains: 22,
            { $0.setIntCol.contains(22) })
    }

    // CustomColumnResultsTest.testCustomColumnResultsQueries and testCustomColumnResultsIndexMatching
    // (ModernMapResultsIntType, OldMapResultsIntType)
    @Test func queriesOnTheKeysOfAMappedMapFindTheFirstObject() throws {
        try withTemporaryRealm(of: ccTypes(CCModernCustomObject.self)) { realm in
            _ = try CCBase<CCModernCustomObject>(realm) { $0["mapIntCol"] = ccMap(123, 345, 567, 879) }
            let results = realm.objects(CCModernCustomObject.self)
            #expect(results.where { $0.mapIntCol.keys.contains("key") }.count == 1)
            #expect(results.filter("%@ IN mapIntCol.@allKeys", "key").count == 1)
            #expect(results.index(matching: { $0.mapIntCol.keys.contains("key") }) == 0)
        }
        try withTemporaryRealm(of: ccTypes(CCOldCustomObject.self)) { realm in
            _ = try CCBase<CCOldCustomObject>(realm) { $0["mapIntCol"] = ccMap(Int?(123), 345, 567, 879) }
            let results = realm.objects(CCOldCustomObject.self)
            #expect(results.where { $0.mapIntCol.keys.contains("key") }.count == 1)
            #expect(results.filter("%@ IN mapIntCol.@allKeys", "key").count == 1)
            #expect(results.index(matching: { $0.mapIntCol.keys.contains("key") }) == 0)
        }
    }

    // CustomColumnResultsTest.testCustomColumnResultsDistinct (ModernResultsIntType, OldResultsIntType)
    @Test func distinctByPublicNamesLeavesOutObjectsWithoutTheLink() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: CCIntValues) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { values.set(on: $0) }
                let results = realm.objects(M.self)
                #expect(results.distinct(by: ["intCol"]).count == 2, "\(M.self)")
                #expect(results.distinct(by: ["objectCol.intCol"]).count == 1, "\(M.self)")
                #expect(results.distinct(by: ["embeddedObject.intCol"]).count == 2, "\(M.self)")
                #expect(results.distinct(by: ["objectCol.embeddedObject.intCol"]).count == 1, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self, .modern)
        try check(CCOldCustomObject.self, .old)
    }

    // CustomColumnResultsTest.testCustomColumnResultsSort (ModernResultsIntType, OldResultsIntType)
    @Test func sortingByAMappedNameUsesThePublicName() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: CCIntValues) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { values.set(on: $0) }
                let object2 = M.make(
                    primaryKey: ObjectId.generate(),
                    nestedObject: M.make(primaryKey: ObjectId.generate(), nestedObject: nil))
                try realm.write { realm.add(object2) }
                let results = realm.objects(M.self)
                let sorts: [(String, (M) -> Int?)] = [
                    ("intCol", { $0.intCol }),
                    ("objectCol.intCol", { $0.objectCol?.intCol }),
                    ("embeddedObject.intCol", { $0.embeddedObject?.intCol }),
                    ("objectCol.embeddedObject.intCol", { $0.objectCol?.embeddedObject?.intCol }),
                ]
                for (name, read) in sorts {
                    try realm.write {
                        let names = name.components(separatedBy: ".")
                        var target: ObjectBase? = object2
                        for step in names.dropLast() { target = target?[step] as? ObjectBase }
                        target?[names[names.count - 1]] = 0
                    }
                    let sorted = results.sorted(by: [SortDescriptor(keyPath: name, ascending: true)])
                    #expect(sorted.first.flatMap(read) == 0, "\(M.self) \(name)")
                }
            }
        }
        try check(CCModernCustomObject.self, .modern)
        try check(CCOldCustomObject.self, .old)
    }

    // CustomColumnResultsTest.testCustomColumnResultsSetGetValueForKey
    @Test func resultsSetAndReadTheValueOfAPublicNameOnEveryObject() throws {
        func check<M: CCCustomColumnObject, V>(
            _: M.Type, name: String, _ value: Any, as _: V.Type, _ matches: (V) -> Bool
        ) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm)
                let results = realm.objects(M.self)
                try realm.write {
                    results.setValue(value, forKey: name)
                    let read = results.value(forKey: name) as? [V]
                    #expect(read != nil, "\(M.self) \(name) as \(V.self)")
                    #expect(read?.count == 2, "\(M.self) \(name)")
                    #expect(read?.allSatisfy(matches) == true, "\(M.self) \(name)")
                }
            }
        }
        try check(CCModernCustomObject.self, name: "intCol", 256, as: Int.self) { $0 == 256 }
        try check(CCOldCustomObject.self, name: "intCol", 96, as: Int.self) { $0 == 96 }
        try check(CCModernCustomObject.self, name: "arrayIntCol", ccList([987, 765, 543, 321]), as: List<Int>.self) {
            Array($0) == [987, 765, 543, 321]
        }
        try check(CCOldCustomObject.self, name: "arrayIntCol", ccList([43, 87, 23, 18]), as: List<Int>.self) {
            Array($0) == [43, 87, 23, 18]
        }
        try check(
            CCModernCustomObject.self, name: "setIntCol", ccSet([987, 765, 543, 321]), as: MutableSet<Int>.self
        ) { Set($0) == [987, 765, 543, 321] }
        try check(CCOldCustomObject.self, name: "setIntCol", ccSet([23, 45, 36, 28]), as: MutableSet<Int>.self) {
            Set($0) == [23, 45, 36, 28]
        }
        try check(
            CCModernCustomObject.self, name: "mapIntCol", ccMap(123, 345, 567, 879), as: Map<String, Int>.self
        ) { $0.count == 3 && $0["key3"] == 879 }
        try check(
            CCOldCustomObject.self, name: "mapIntCol", ccMap(Int?(123), 345, 567, 879), as: Map<String, Int?>.self
        ) { $0.count == 3 && $0["key3"] == 879 }
    }

    // CustomColumnResultsTest.testCustomColumnResultsGetValueForKeyPath
    @Test func resultsReadValuesForKeyPathsThroughLinksAndEmbeddedObjects() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: CCIntValues) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { values.set(on: $0) }
                let results = realm.objects(M.self)
                for name in ["intCol", "objectCol.intCol", "embeddedObject.intCol", "objectCol.embeddedObject.intCol"] {
                    let read = results.value(forKeyPath: name) as? [Int?]
                    #expect(read != nil, "\(M.self) \(name): \(String(describing: results.value(forKeyPath: name)))")
                    #expect(read?.count == 2, "\(M.self) \(name)")
                }
            }
        }
        try check(CCModernCustomObject.self, .modern)
        try check(CCOldCustomObject.self, .old)
        // The List, MutableSet and Map factories read their collection the same way.
        try withTemporaryRealm(of: ccTypes(CCModernCustomObject.self)) { realm in
            _ = try CCBase<CCModernCustomObject>(realm) {
                $0["arrayIntCol"] = ccList([123, 345, 567, 789, 901])
                $0["setIntCol"] = ccSet([123, 345, 567, 789, 901])
                $0["mapIntCol"] = ccMap(123, 345, 567, 879)
            }
            let results = realm.objects(CCModernCustomObject.self)
            #expect((results.value(forKeyPath: "arrayIntCol") as? [List<Int>?])?.count == 2)
            #expect((results.value(forKeyPath: "setIntCol") as? [MutableSet<Int>?])?.count == 2)
            #expect((results.value(forKeyPath: "mapIntCol") as? [Map<String, Int>?])?.count == 2)
        }
    }

    /// Observes `results` by `keyPath`, sets `value` at `name` as Realm's
    /// `setValue(_:for:)` helper does, and gives what was heard after the initial call.
    private static func resultsObservation<M: CCCustomColumnObject>(
        _ base: CCBase<M>, _ keyPath: PartialKeyPath<M>, name: String, _ value: Any
    ) throws -> [String] {
        let heard = Collected<String>()
        let token = base.realm.objects(M.self).observe(keyPaths: [keyPath]) { change in
            switch change {
            case .initial: break
            case let .update(_, _, _, modifications): heard.add(modifications.isEmpty ? "unmodified" : "modified")
            case let .error(error): heard.add("error \(error)")
            }
        }
        defer { token.invalidate() }
        base.realm.refresh()
        try base.setValue(value, forPublicName: name)
        _ = heard.wait(for: 1, seconds: 1)
        return heard.all
    }

    // CustomColumnResultsTest.testCustomColumnResultsPropertyObservation
    @Test func observingResultsByAMappedKeyPathReportsTheModification() throws {
        try withTemporaryRealm(of: ccTypes(CCModernCustomObject.self)) { realm in
            let base = try CCBase<CCModernCustomObject>(realm) { CCIntValues.modern.set(on: $0) }
            #expect(try Self.resultsObservation(base, \.intCol, name: "intCol", 256) == ["modified"])
            #expect(
                try Self.resultsObservation(base, \.arrayIntCol, name: "arrayIntCol", ccList([987, 765, 543, 321]))
                    == ["modified"])
            #expect(
                try Self.resultsObservation(base, \.setIntCol, name: "setIntCol", ccSet([987, 765, 543, 321]))
                    == ["modified"])
            #expect(
                try Self.resultsObservation(base, \.mapIntCol, name: "mapIntCol", ccMap(123, 345, 567, 879))
                    == ["modified"])
        }
        try withTemporaryRealm(of: ccTypes(CCOldCustomObject.self)) { realm in
            let base = try CCBase<CCOldCustomObject>(realm) { CCIntValues.old.set(on: $0) }
            #expect(try Self.resultsObservation(base, \.intCol, name: "intCol", 96) == ["modified"])
            #expect(
                try Self.resultsObservation(base, \.arrayIntCol, name: "arrayIntCol", ccList([43, 87, 23, 18]))
                    == ["modified"])
            #expect(
                try Self.resultsObservation(base, \.setIntCol, name: "setIntCol", ccSet([23, 45, 36, 28]))
                    == ["modified"])
            #expect(
                try Self.resultsObservation(base, \.mapIntCol, name: "mapIntCol", ccMap(Int?(123), 345, 567, 879))
                    == ["modified"])
        }
    }

    // MARK: Results aggregates and sections

    // CustomColumnResultsAggregatesTest.testCustomColumnResultsAggregateAvg, ...Sum, ...Max and ...Min
    @Test func aggregatesOfAMappedPropertyByKeyPathAndByPublicName() throws {
        func check<M: CCCustomColumnObject>(
            _: M.Type, _ values: CCIntValues, average: Int, sum: Int, max: Int, min: Int
        ) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { values.set(on: $0) }
                let results = realm.objects(M.self)
                #expect(results.average(of: \.intCol) == average, "\(M.self)")
                #expect(results.average(ofProperty: "intCol") == average, "\(M.self)")
                #expect(results.sum(of: \.intCol) == sum, "\(M.self)")
                #expect(results.sum(ofProperty: "intCol") == sum, "\(M.self)")
                #expect(results.max(of: \.intCol) == max, "\(M.self)")
                #expect(results.max(ofProperty: "intCol") == max, "\(M.self)")
                #expect(results.min(of: \.intCol) == min, "\(M.self)")
                #expect(results.min(ofProperty: "intCol") == min, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self, .modern, average: 234, sum: 468, max: 345, min: 123)
        try check(CCOldCustomObject.self, .old, average: 18, sum: 36, max: 24, min: 12)
    }

    // CustomColumnResultsSectionedTest.testCustomColumnSectionedResults
    @Test func sectioningByAMappedKeyPathGivesASectionPerValue() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: CCIntValues) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                _ = try CCBase<M>(realm) { values.set(on: $0) }
                let sectioned = realm.objects(M.self).sectioned(by: \.intCol, ascending: true)
                #expect(sectioned.allKeys.count == 2, "\(M.self)")
                for section in sectioned {
                    #expect(section.count == 1, "\(M.self)")
                }
            }
        }
        try check(CCModernCustomObject.self, .modern)
        try check(CCOldCustomObject.self, .old)
    }

    // MARK: Objects

    // CustomColumnObjectTest.testCustomColumnObjectKVC (Realm asserts only that the sets succeed;
    // each value is read back here)
    @Test func settingAValueByItsPublicNameOnAnObject() throws {
        try withTemporaryRealm(of: ccTypes(CCModernCustomObject.self)) { realm in
            let base = try CCBase<CCModernCustomObject>(realm) { CCIntValues.modern.set(on: $0) }
            try base.setValue(111, forPublicName: "intCol")
            try base.setValue(999, forPublicName: "objectCol.intCol")
            try base.setValue(ccList([111, 222, 333, 444]), forPublicName: "arrayIntCol")
            try base.setValue(ccSet([111, 222, 333, 444]), forPublicName: "setIntCol")
            try base.setValue(ccMap(111, 222, 333, 444), forPublicName: "mapIntCol")
            #expect(base.object.intCol == 111)
            #expect(base.object.objectCol?.intCol == 999)
            #expect(Array(base.object.arrayIntCol) == [111, 222, 333, 444])
            #expect(Set(base.object.setIntCol) == [111, 222, 333, 444])
            #expect(base.object.mapIntCol.count == 3)
            #expect(base.object.mapIntCol["key3"] == 444)
        }
        try withTemporaryRealm(of: ccTypes(CCOldCustomObject.self)) { realm in
            let base = try CCBase<CCOldCustomObject>(realm) { CCIntValues.old.set(on: $0) }
            try base.setValue(111, forPublicName: "intCol")
            try base.setValue(ccList([99, 88, 22, 11]), forPublicName: "arrayIntCol")
            try base.setValue(ccSet([67, 45, 27, 84]), forPublicName: "setIntCol")
            try base.setValue(ccMap(Int?(111), 222, 333, 444), forPublicName: "mapIntCol")
            #expect(base.object.intCol == 111)
            #expect(Array(base.object.arrayIntCol) == [99, 88, 22, 11])
            #expect(Set(base.object.setIntCol) == [67, 45, 27, 84])
            #expect(base.object.mapIntCol.count == 3)
            #expect(base.object.mapIntCol["key3"] == 444)
        }
    }

    /// Observes `base.object` by `keyPath`, sets `value` at `name` as Realm's
    /// `setValue(_:for:)` helper does, and gives what was heard.
    private static func objectObservation<M: CCCustomColumnObject>(
        _ base: CCBase<M>, _ keyPath: PartialKeyPath<M>, name: String, _ value: Any
    ) throws -> [String] {
        let heard = Collected<String>()
        let token = base.object.observe(keyPaths: [keyPath]) { (change: ObjectChange<M>) in
            switch change {
            case let .change(_, properties): heard.add(properties.isEmpty ? "no properties" : "changed")
            case .deleted: heard.add("deleted")
            case let .error(error): heard.add("error \(error)")
            }
        }
        defer { token.invalidate() }
        base.realm.refresh()
        try base.setValue(value, forPublicName: name)
        _ = heard.wait(for: 1, seconds: 1)
        return heard.all
    }

    // CustomColumnObjectTest.testCustomColumnObjectPropertyObservation
    @Test func observingAnObjectByAMappedKeyPathReportsTheChange() throws {
        try withTemporaryRealm(of: ccTypes(CCModernCustomObject.self)) { realm in
            let base = try CCBase<CCModernCustomObject>(realm) { CCIntValues.modern.set(on: $0) }
            #expect(try Self.objectObservation(base, \.intCol, name: "intCol", 111) == ["changed"])
            #expect(
                try Self.objectObservation(base, \.objectCol!.intCol, name: "objectCol.intCol", 999) == ["changed"])
            #expect(
                try Self.objectObservation(base, \.arrayIntCol, name: "arrayIntCol", ccList([111, 222, 333, 444]))
                    == ["changed"])
            #expect(
                try Self.objectObservation(base, \.setIntCol, name: "setIntCol", ccSet([111, 222, 333, 444]))
                    == ["changed"])
            #expect(
                try Self.objectObservation(base, \.mapIntCol, name: "mapIntCol", ccMap(111, 222, 333, 444))
                    == ["changed"])
        }
        try withTemporaryRealm(of: ccTypes(CCOldCustomObject.self)) { realm in
            let base = try CCBase<CCOldCustomObject>(realm) { CCIntValues.old.set(on: $0) }
            #expect(try Self.objectObservation(base, \.intCol, name: "intCol", 111) == ["changed"])
            #expect(
                try Self.objectObservation(base, \.arrayIntCol, name: "arrayIntCol", ccList([99, 88, 22, 11]))
                    == ["changed"])
            #expect(
                try Self.objectObservation(base, \.setIntCol, name: "setIntCol", ccSet([67, 45, 27, 84]))
                    == ["changed"])
            #expect(
                try Self.objectObservation(
                    base, \.mapIntCol, name: "mapIntCol", ccMap(Int?(111), 222, 333, 444)) == ["changed"])
        }
    }

    // MARK: Collections of objects

    /// Three new objects (each linking a new object of its own) with
    /// `intCol` set by name to `value`, as Realm's collection tests make them.
    private static func newObjects<M: CCCustomColumnObject>(_: M.Type, intCol value: Int) -> [M] {
        (0...2).map { _ in
            let object = M.make(
                primaryKey: ObjectId.generate(),
                nestedObject: M.make(primaryKey: ObjectId.generate(), nestedObject: nil))
            object["intCol"] = value
            return object
        }
    }

    // CustomColumnListTest.testCustomColumnListGetValueForKey (ModernListIntType, OldListIntType)
    @Test func aListOfObjectsReadsTheValuesOfAPublicName() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                let base = try CCBase<M>(realm) { $0["intCol"] = 102 }
                let objects = Self.newObjects(M.self, intCol: 102)
                try realm.write { base.object["arrayCol"] = objects }
                let list = try #require(base.object["arrayCol"] as? List<M>)
                let byKey = list.value(forKey: "intCol") as? [Int]
                #expect(byKey?.count == 3, "\(M.self)")
                #expect(byKey?.first == 102, "\(M.self)")
                let byKeyPath = list.value(forKeyPath: "intCol") as? [Int]
                #expect(byKeyPath?.count == 3, "\(M.self)")
                #expect(byKeyPath?.first == 102, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnSetTest.testCustomColumnListGetValueForKey (ModernSetIntType, OldSetIntType)
    @Test func aSetOfObjectsReadsEachDistinctValueOfAPublicNameOnce() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                let base = try CCBase<M>(realm) { $0["intCol"] = 938 }
                let objects = MutableSet<M>()
                objects.insert(objectsIn: Self.newObjects(M.self, intCol: 938))
                try realm.write { base.object["setCol"] = objects }
                let set = try #require(base.object["setCol"] as? MutableSet<M>)
                let byKey = set.value(forKey: "intCol") as? [Int]
                #expect(byKey?.count == 1, "\(M.self): \(String(describing: byKey))")
                #expect(byKey?.first == 938, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    /// The unmanaged map of Realm's `CustomColumnMapTestBase.setUp`: "key0", "key1" and "key2", new
    /// objects with `intCol` 938, 588 and 610, in a map of values of type `V` (`M` there).
    private static func mapObjects<M: CCCustomColumnObject, V: _PersistableValue>(
        _: M.Type, as _: V.Type, _ wrap: (M) -> V
    ) -> Map<String, V> {
        let objects = Map<String, V>()
        for (key, value) in [("key0", 938), ("key1", 588), ("key2", 610)] {
            let object = M.make(
                primaryKey: ObjectId.generate(),
                nestedObject: M.make(primaryKey: ObjectId.generate(), nestedObject: nil))
            object["intCol"] = value
            objects[key] = wrap(object)
        }
        return objects
    }

    // CustomColumnMapTestBase.setUp, which assigns a `Map<String, O.Root>` by name to the
    // `Map<String, O.Root?>` property `mapCol`
    @Test func aMapOfObjectsIsAssignedByNameToAMappedMapOfOptionalObjects() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                let base = try CCBase<M>(realm) { $0["intCol"] = 938 }
                let objects = Self.mapObjects(M.self, as: M.self) { $0 }
                try realm.write { base.object["mapCol"] = objects }
                #expect(base.object.mapCol.keys.sorted() == ["key0", "key1", "key2"], "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    /// Realm's `CustomColumnMapTestBase.setUp` (ModernMapIntType, OldMapIntType):
    /// `mapCol` replaced by a `Map<String, M>` of the entries of `mapObjects`,
    /// read back as the property's `Map<String, M?>`.
    private static func withMapFixture<M: CCCustomColumnObject>(
        _: M.Type, _ body: (CCBase<M>, Map<String, M?>) throws -> Void
    ) throws {
        try withTemporaryRealm(of: ccTypes(M.self)) { realm in
            let base = try CCBase<M>(realm) { $0["intCol"] = 938 }
            let objects = Self.mapObjects(M.self, as: M.self) { $0 }
            try realm.write { base.object["mapCol"] = objects }
            let map = try #require(base.object["mapCol"] as? Map<String, M?>)
            #expect(map.keys.sorted() == ["key0", "key1", "key2"])
            try body(base, map)
        }
    }

    // CustomColumnMapTest.testCustomColumnMapGetValueForKey
    @Test func aMapOfObjectsGivesTheObjectWhosePublicNameIsRead() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try Self.withMapFixture(M.self) { _, map in
                let object = try #require(map.value(forKey: "key0") as? M)
                #expect(object["intCol"] as? Int == 938, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnMapTest.testCustomColumnMapSetValueForKey
    @Test func aMapOfObjectsSetsAnObjectForAKeyAndReadsItByKeyPath() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try Self.withMapFixture(M.self) { base, map in
                try base.realm.write {
                    let object = M.make(
                        primaryKey: ObjectId.generate(),
                        nestedObject: M.make(primaryKey: ObjectId.generate(), nestedObject: nil))
                    object["intCol"] = 1234
                    map.setValue(object, forKey: "key0")
                }
                let object = try #require(map.value(forKeyPath: "key0") as? M)
                #expect(object["intCol"] as? Int == 1234, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnMapTest.testCustomColumnMapPropertyObservation
    @Test func observingAMapOfObjectsByAPublicNameReportsOneModifiedKey() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try Self.withMapFixture(M.self) { base, map in
                let heard = Collected<String>()
                let token = map.observe(keyPaths: ["intCol"]) { change in
                    switch change {
                    case .initial: break
                    case let .update(_, _, _, modifications): heard.add("modified \(modifications.count)")
                    case let .error(error): heard.add("error \(error)")
                    }
                }
                defer { token.invalidate() }
                base.realm.refresh()
                try base.realm.write {
                    let current = base.object["mapCol"] as? Map<String, M?>
                    current?["key0"]??["intCol"] = 1234
                }
                _ = heard.wait(for: 1, seconds: 1)
                #expect(heard.all == ["modified 1"], "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnMapTest.testCustomColumnMapSortedObservation
    @Test func sortingAMapOfObjectsByAPublicName() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try Self.withMapFixture(M.self) { _, map in
                let sorted = map.sorted(byKeyPath: "intCol", ascending: true)
                let first = try #require(sorted.first)
                #expect(first?["intCol"] as? Int == 588, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnAggregatesMapTest.testCustomColumnResultsAggregateAvg, ...Sum, ...Max and ...Min
    @Test func aggregatesOfAMapOfObjectsByKeyPathAndByPublicName() throws {
        func check<M: CCCustomColumnObject>(_: M.Type) throws {
            try Self.withMapFixture(M.self) { _, map in
                #expect(map.average(of: \.intCol) == 712, "\(M.self)")
                #expect(map.average(ofProperty: "intCol") == 712, "\(M.self)")
                #expect(map.sum(of: \.intCol) == 2136, "\(M.self)")
                #expect(map.sum(ofProperty: "intCol") == 2136, "\(M.self)")
                #expect(map.max(of: \.intCol) == 938, "\(M.self)")
                #expect(map.max(ofProperty: "intCol") == 938, "\(M.self)")
                #expect(map.min(of: \.intCol) == 588, "\(M.self)")
                #expect(map.min(ofProperty: "intCol") == 588, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self)
        try check(CCOldCustomObject.self)
    }

    // CustomColumnObjectTest.testCustomColumnObjectDynamicListing and testCustomColumnObjectDynamicMutableSet
    // (ModernListResultsIntType, OldListResultsIntType and their sets)
    @Test func aMappedListOrSetOfIntsIsCountedThroughTheDynamicAPI() throws {
        func check<M: CCCustomColumnObject>(_: M.Type, _ values: [Int], count: Int) throws {
            try withTemporaryRealm(of: ccTypes(M.self)) { realm in
                let base = try CCBase<M>(realm) {
                    $0["arrayIntCol"] = ccList(values)
                    $0["setIntCol"] = ccSet(values)
                }
                #expect(base.object.dynamicList("arrayIntCol").count == count, "\(M.self)")
                #expect(base.object.dynamicMutableSet("setIntCol").count == count, "\(M.self)")
                // The typed collections stay what they were.
                #expect(Array(base.object.arrayIntCol) == values, "\(M.self)")
            }
        }
        try check(CCModernCustomObject.self, [123, 345, 567, 789, 901], count: 5)
        try check(CCOldCustomObject.self, [56, 12, 34, 67], count: 4)
    }
}
