import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/SortDescriptorTests.swift and
// RealmSwift/Tests/KeyPathTests.swift, with the models of ModernTestObjects.swift and
// KeyPathTests.swift restated as `@Persisted` classes prefixed `SK`. Each test names
// the realm-swift test it comes from; the values asserted are the ones Realm's
// tests assert.
//
// KeyPathTests checks Realm's internal `_name(for:)`, which Geode does not have;
// the names are read here through `SortDescriptor(keyPath:)` with a Swift key path,
// which names a key path as `_name(for:)` does. Of the long lists of properties,
// one of each kind is kept (every scalar type, optional or not, enums, links,
// lists, sets and maps of values and of objects, mixed, linking objects).
//
// Left out as already restated by ResultsConformanceTests.swift: SortDescriptorTests'
// testAscendingDefaultsToTrue, testDescription, testStringLiteralConvertible and
// testComparison; of KeyPathTests, a path through an optional link
// (`objectCol?.intCol`) and through an optional embedded object.
//
// Left out as Geode lacks the API: testCustomTypes (its `CustomPersistable`
// wrapper types are not declared here; the names of such columns follow the same
// path). Realm's old-syntax models (`@objc dynamic`, `let … = List<…>()`,
// `RealmProperty`) are restated as `@Persisted`, since `@objc dynamic` does not
// exist on Linux.

// MARK: - Models

/// Realm's `ModernIntEnum`.
enum SKIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
}

/// Realm's `ModernStringEnum`.
enum SKStringEnum: String, PersistableEnum {
    case value1 = "a"
    case value2 = "c"
}

/// Realm's `ModernAllTypesObject`, with one collection column of each kind.
final class SKAllTypes: Object {
    @Persisted(primaryKey: true) var pk: ObjectId
    @Persisted var boolCol: Bool
    @Persisted var intCol: Int
    @Persisted var int8Col: Int8 = 1
    @Persisted var int16Col: Int16 = 2
    @Persisted var int32Col: Int32 = 3
    @Persisted var int64Col: Int64 = 4
    @Persisted var floatCol: Float = 5
    @Persisted var doubleCol: Double = 6
    @Persisted var stringCol: String
    @Persisted var binaryCol: Data
    @Persisted var dateCol: Date
    @Persisted var decimalCol: Decimal128
    @Persisted var objectIdCol: ObjectId
    @Persisted var objectCol: SKAllTypes?
    @Persisted var arrayCol: List<SKAllTypes>
    @Persisted var setCol: MutableSet<SKAllTypes>
    @Persisted var mapCol: Map<String, SKAllTypes?>
    @Persisted var anyCol: AnyRealmValue
    @Persisted var uuidCol: UUID
    @Persisted var intEnumCol: SKIntEnum
    @Persisted var stringEnumCol: SKStringEnum

    @Persisted var optIntCol: Int?
    @Persisted var optStringCol: String?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntEnumCol: SKIntEnum?

    @Persisted var arrayInt: List<Int>
    @Persisted var arrayOptString: List<String?>
    @Persisted var arrayAny: List<AnyRealmValue>
    @Persisted var setDate: MutableSet<Date>
    @Persisted var setOptUuid: MutableSet<UUID?>
    @Persisted var mapDecimal: Map<String, Decimal128>
    @Persisted var mapOptBinary: Map<String, Data?>

    @Persisted(originProperty: "objectCol") var linkingObjects: LinkingObjects<SKAllTypes>
}

/// Realm's `ModernEmbeddedTreeObject3`.
final class SKTree3: EmbeddedObject {
    @Persisted var value = 0
}

/// Realm's `ModernEmbeddedTreeObject2`.
final class SKTree2: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var child: SKTree3?
    @Persisted var children: List<SKTree3>
}

/// Realm's `ModernAllTypesEmbeddedObject`, with one column of each kind.
final class SKAllTypesEmbedded: EmbeddedObject {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var intEnumCol: SKIntEnum
    @Persisted var stringCol = "a"
    @Persisted var decimalCol = Decimal128(123)
    @Persisted var anyCol: AnyRealmValue
    @Persisted var embeddedCol: SKTree2?
    @Persisted var arrayCol: List<Int>
    @Persisted var setCol: MutableSet<Int>
    @Persisted var mapCol: Map<String, Int>
    @Persisted var arrayEmbeddedCol: List<SKTree2>
    @Persisted var mapEmbeddedCol: Map<String, SKTree2?>
}

/// Realm's `ModernKeyPathObject`.
final class SKKeyPathObject: Object {
    @Persisted var embeddedCol: SKAllTypesEmbedded?
    @Persisted var list: List<SKAllTypes>
    @Persisted var set: MutableSet<SKAllTypes>
    @Persisted var map: Map<String, SKAllTypes?>
}

/// Realm's `SwiftOldSyntaxAllTypesEmbeddedObject` (its `@objc dynamic` and `let`
/// properties restated as `@Persisted`), with its embedded tree column.
final class SKOldSyntaxEmbedded: EmbeddedObject {
    @Persisted var boolCol = false
    @Persisted var embeddedCol: SKTree2?
}

/// Realm's `SwiftOldSyntaxAllTypesObject` (restated as `@Persisted`), with a few
/// of its columns.
final class SKOldSyntaxObject: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var stringCol = "a"
    @Persisted var objectCol: SKAllTypes?
    @Persisted var embeddedCol: SKOldSyntaxEmbedded?
    @Persisted var arrayCol: List<Int>
    @Persisted var mapObjCol: Map<String, SKAllTypes?>
}

// MARK: - Tests

@Suite struct SortAndKeyPathConformanceTests {
    /// The name Geode gives a key path (Realm's `_name(for:)`).
    private func name<Root: ObjectBase>(_ keyPath: PartialKeyPath<Root>) -> String {
        SortDescriptor(keyPath: keyPath).keyPath
    }

    /// realm-swift SortDescriptorTests.swift, testReversedReturnsReversedDescriptor
    @Test func aReversedSortDescriptorKeepsItsKeyPathAndTurnsItsDirection() {
        let descriptor = SortDescriptor(keyPath: "property")
        let reversed = descriptor.reversed()
        #expect(reversed.keyPath == descriptor.keyPath)
        #expect(!reversed.ascending)
        #expect(reversed.reversed().ascending)
    }

    /// realm-swift KeyPathTests.swift, testModernObjectTopLevel (the paths that name one property)
    @Test func aKeyPathToAPropertyIsNamedByThePropertysName() {
        let cases: [(PartialKeyPath<SKAllTypes>, String)] = [
            (\.pk, "pk"), (\.boolCol, "boolCol"), (\.intCol, "intCol"), (\.int8Col, "int8Col"),
            (\.int16Col, "int16Col"), (\.int32Col, "int32Col"), (\.int64Col, "int64Col"),
            (\.floatCol, "floatCol"), (\.doubleCol, "doubleCol"), (\.stringCol, "stringCol"),
            (\.binaryCol, "binaryCol"), (\.dateCol, "dateCol"), (\.decimalCol, "decimalCol"),
            (\.objectIdCol, "objectIdCol"), (\.objectCol, "objectCol"), (\.arrayCol, "arrayCol"),
            (\.setCol, "setCol"), (\.mapCol, "mapCol"), (\.anyCol, "anyCol"), (\.uuidCol, "uuidCol"),
            (\.intEnumCol, "intEnumCol"), (\.stringEnumCol, "stringEnumCol"),
            (\.optIntCol, "optIntCol"), (\.optStringCol, "optStringCol"), (\.optDecimalCol, "optDecimalCol"),
            (\.optUuidCol, "optUuidCol"), (\.optIntEnumCol, "optIntEnumCol"),
            (\.arrayInt, "arrayInt"), (\.arrayOptString, "arrayOptString"), (\.arrayAny, "arrayAny"),
            (\.setDate, "setDate"), (\.setOptUuid, "setOptUuid"), (\.mapDecimal, "mapDecimal"),
            (\.mapOptBinary, "mapOptBinary"), (\.linkingObjects, "linkingObjects"),
        ]
        for (keyPath, expected) in cases {
            #expect(name(keyPath) == expected)
        }
        #expect(name(\SKKeyPathObject.embeddedCol) == "embeddedCol")
        #expect(name(\SKKeyPathObject.list) == "list")
        #expect(name(\SKKeyPathObject.set) == "set")
        #expect(name(\SKKeyPathObject.map) == "map")
    }

    /// realm-swift KeyPathTests.swift, testModernObjectTopLevel: a path through a map
    /// value names the map and the property (`map[""]??.boolCol` is "map.boolCol").
    @Test func aKeyPathThroughAMapValueNamesTheMapAndTheProperty() {
        #expect(name(\SKKeyPathObject.map[""]??.boolCol) == "map.boolCol")
        #expect(name(\SKKeyPathObject.map[""]??.objectCol) == "map.objectCol")
        #expect(name(\SKKeyPathObject.map[""]??.objectCol?.linkingObjects) == "map.objectCol.linkingObjects")
        #expect(
            name(\SKKeyPathObject.map[""]??.objectCol?.linkingObjects[0].boolCol)
                == "map.objectCol.linkingObjects.boolCol")
    }

    /// realm-swift KeyPathTests.swift, testModernObjectTopLevel: a path through an
    /// element of a list, a set or linking objects names the collection and the property.
    @Test func aKeyPathThroughACollectionElementNamesTheCollectionAndTheProperty() {
        #expect(name(\SKAllTypes.linkingObjects[0].boolCol) == "linkingObjects.boolCol")
        #expect(name(\SKKeyPathObject.list[0].boolCol) == "list.boolCol")
        #expect(name(\SKKeyPathObject.list[0].objectCol) == "list.objectCol")
        #expect(name(\SKKeyPathObject.list[0].objectCol?.linkingObjects) == "list.objectCol.linkingObjects")
        #expect(
            name(\SKKeyPathObject.list[0].objectCol?.linkingObjects[0].boolCol)
                == "list.objectCol.linkingObjects.boolCol")
        #expect(name(\SKKeyPathObject.set[0].boolCol) == "set.boolCol")
        #expect(name(\SKKeyPathObject.set[0].objectCol) == "set.objectCol")
        #expect(
            name(\SKKeyPathObject.set[0].objectCol?.linkingObjects[0].boolCol)
                == "set.objectCol.linkingObjects.boolCol")
    }

    /// realm-swift KeyPathTests.swift, testModernObjectNested
    @Test func aKeyPathThroughAnOptionalLinkNamesEveryStep() {
        let cases: [(PartialKeyPath<SKAllTypes>, String)] = [
            (\.objectCol?.pk, "objectCol.pk"), (\.objectCol?.boolCol, "objectCol.boolCol"),
            (\.objectCol?.int8Col, "objectCol.int8Col"), (\.objectCol?.floatCol, "objectCol.floatCol"),
            (\.objectCol?.binaryCol, "objectCol.binaryCol"), (\.objectCol?.decimalCol, "objectCol.decimalCol"),
            (\.objectCol?.objectCol, "objectCol.objectCol"), (\.objectCol?.arrayCol, "objectCol.arrayCol"),
            (\.objectCol?.setCol, "objectCol.setCol"), (\.objectCol?.mapCol, "objectCol.mapCol"),
            (\.objectCol?.anyCol, "objectCol.anyCol"), (\.objectCol?.stringEnumCol, "objectCol.stringEnumCol"),
            (\.objectCol?.optIntEnumCol, "objectCol.optIntEnumCol"),
            (\.objectCol?.arrayOptString, "objectCol.arrayOptString"),
            (\.objectCol?.setOptUuid, "objectCol.setOptUuid"), (\.objectCol?.mapOptBinary, "objectCol.mapOptBinary"),
            (\.objectCol?.linkingObjects, "objectCol.linkingObjects"),
        ]
        for (keyPath, expected) in cases {
            #expect(name(keyPath) == expected)
        }
    }

    /// realm-swift KeyPathTests.swift, testOldObjectSyntax (old-syntax models restated as `@Persisted`)
    @Test func keyPathsOfAnOldSyntaxModelAreNamedAsAModernOnesAre() {
        #expect(name(\SKOldSyntaxObject.boolCol) == "boolCol")
        #expect(name(\SKOldSyntaxObject.stringCol) == "stringCol")
        #expect(name(\SKOldSyntaxObject.objectCol) == "objectCol")
        #expect(name(\SKOldSyntaxObject.objectCol?.boolCol) == "objectCol.boolCol")
        #expect(name(\SKOldSyntaxObject.embeddedCol) == "embeddedCol")
        #expect(name(\SKOldSyntaxObject.embeddedCol?.boolCol) == "embeddedCol.boolCol")
        #expect(name(\SKOldSyntaxObject.embeddedCol?.embeddedCol?.child) == "embeddedCol.embeddedCol.child")
        #expect(name(\SKOldSyntaxObject.arrayCol) == "arrayCol")
        #expect(name(\SKOldSyntaxObject.mapObjCol) == "mapObjCol")
        #expect(name(\SKAllTypes.linkingObjects) == "linkingObjects")
    }

    /// realm-swift KeyPathTests.swift, testEmbeddedObject and testOldSyntaxEmbeddedObject
    @Test func keyPathsOfAnEmbeddedObjectNameEveryStep() {
        let cases: [(PartialKeyPath<SKAllTypesEmbedded>, String)] = [
            (\.boolCol, "boolCol"), (\.intCol, "intCol"), (\.intEnumCol, "intEnumCol"), (\.stringCol, "stringCol"),
            (\.decimalCol, "decimalCol"), (\.anyCol, "anyCol"), (\.arrayCol, "arrayCol"), (\.setCol, "setCol"),
            (\.mapCol, "mapCol"), (\.arrayEmbeddedCol, "arrayEmbeddedCol"), (\.mapEmbeddedCol, "mapEmbeddedCol"),
            (\.embeddedCol, "embeddedCol"), (\.embeddedCol?.child, "embeddedCol.child"),
            (\.embeddedCol?.child?.value, "embeddedCol.child.value"),
        ]
        for (keyPath, expected) in cases {
            #expect(name(keyPath) == expected)
        }
    }

    /// realm-swift KeyPathTests.swift, testEmbeddedObject: a path through a map
    /// value of embedded objects names the map and the properties.
    @Test func aKeyPathThroughAMapOfEmbeddedObjectsNamesTheMapAndTheProperties() {
        #expect(name(\SKAllTypesEmbedded.mapEmbeddedCol[""]??.value) == "mapEmbeddedCol.value")
        #expect(name(\SKAllTypesEmbedded.mapEmbeddedCol[""]??.child) == "mapEmbeddedCol.child")
        #expect(name(\SKAllTypesEmbedded.mapEmbeddedCol[""]??.child?.value) == "mapEmbeddedCol.child.value")
    }
}
