import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/ObjectSchemaInitializationTests.swift
// (what a class's schema says of each property: name, type, optionality,
// collection, target class, index and primary key) and from the schema and
// freezing tests of RealmSwift/Tests/ObjectTests.swift, with the models of
// SwiftTestObjects.swift, ModernTestObjects.swift and
// CustomPersistableTestObjects.swift restated as `@Persisted` classes prefixed
// `SIC`. Each test names the realm-swift test it comes from; the values asserted
// are the ones Realm's tests assert.
//
// Restated here: testAllValidTypes, testPrimaryKey, testIgnoredProperties (both
// files), testIndexedProperties (both files), testIndexedOptionalProperties,
// testOptionalProperties, testImplicitlyUnwrappedOptionalsAreParsedAsOptionals,
// testNotExplicitlyIgnoredComputedProperties, testModernIndexableTypes,
// testCustomIndexableTypes, testPropertyPopulation (with the Map element kinds of
// testModernPropertyPopulation), testModernIndexed, testModernPrimary,
// testCustomIndexed, testCustomPrimary, testSharedSchemaUnmanaged,
// testSharedSchemaManaged, testBaseClassesDoNotHaveSharedSchema,
// testFreezeAllPropertyTypes, testFreezeDynamicObject, testFreezeUnmanaged,
// testThawUnmanaged and testAsyncSequenceObserve.
//
// How the Objective-C declarations are restated:
// - `@objc dynamic` properties, `NSString` and `NSDate` become `@Persisted`
//   properties of the Swift types (`optNSStringCol` is left out: it is a second
//   `String?`); `RealmProperty<T?>`/`RealmOptional<T>` become `@Persisted var x: T?`.
// - Realm lists indexed properties with `indexedProperties()` and ignored ones with
//   `ignoredProperties()`; Geode has neither: a property is indexed by
//   `@Persisted(indexed: true)` and ignored by not being `@Persisted`. The counts
//   Realm's tests take of those lists are restated as counts of indexed properties,
//   and `Object.ignoredProperties() == []` is left out.
// - Realm refuses `@Persisted(indexed: true)` on a type that cannot be indexed, and
//   `primaryKey: true` on one that cannot be a key, at compile time (the
//   initialisers are constrained); Geode accepts the declaration and refuses the
//   schema when a realm opens, with a `GeodeError.schema` naming class and
//   property. Both halves are restated as Geode does them.
// - testAsyncSequenceObserve reads Combine's `valuePublisher(obj).values`, which
//   hands back the live object; Geode has no Combine on Linux and restates it with
//   `object.changes(as:)`, whose elements are frozen snapshots (documented in
//   ChangeNotifications.md), so the snapshot's values are asserted, not identity.
//
// Left out: testNonRealmOptionalTypesDeclaredAsRealmOptional (`RealmOptional<Set<Int>>`;
// in Geode a `Set<Int>?` cannot be `@Persisted` at all, which the compiler refuses,
// and no test can state that), and the halves of testPropertyPopulation about
// Objective-C getter and setter selectors.

// MARK: - Models

final class SICBoolHolder: Object {
    @Persisted var boolCol = false
}

/// One property of each kind testAllValidTypes looks at.
final class SICAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var floatCol: Float = 1.23
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var binaryCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var uuidCol = UUID()
    @Persisted var anyCol: AnyRealmValue
    @Persisted var objectCol: SICBoolHolder?
    @Persisted var arrayCol: List<SICBoolHolder>
    @Persisted var setCol: MutableSet<SICBoolHolder>
}

final class SICEmployee: Object {
    @Persisted var name = ""
}

final class SICCompany: Object {
    @Persisted var employees: List<SICEmployee>
    @Persisted var employeeSet: MutableSet<SICEmployee>
}

final class SICPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// Only `name` is persisted: the rest are plain Swift properties.
final class SICIgnored: Object {
    @Persisted var name = ""
    var runtimeProperty: Int = 0
    var runtimeDefaultProperty = "property"
    var readOnlyProperty: Int { runtimeProperty * 2 }
}

final class SICComputed: Object {
    @Persisted var _urlBacking: String?
    var url: URL? {
        get { _urlBacking.flatMap(URL.init(string:)) }
        set { _urlBacking = newValue?.absoluteString }
    }
    var urlHost: String? { url?.host }
}

enum SICIntEnum: Int, PersistableEnum {
    case one = 1
    case two = 2
}

enum SICStringEnum: String, PersistableEnum {
    case first
    case second
}

/// ObjectTests' SwiftIndexedPropertiesObject: ten indexed properties, three that
/// cannot be indexed and are not.
final class SICIndexed: Object {
    @Persisted(indexed: true) var stringCol = ""
    @Persisted(indexed: true) var intCol = 0
    @Persisted(indexed: true) var int8Col: Int8 = 0
    @Persisted(indexed: true) var int16Col: Int16 = 0
    @Persisted(indexed: true) var int32Col: Int32 = 0
    @Persisted(indexed: true) var int64Col: Int64 = 0
    @Persisted(indexed: true) var boolCol = false
    @Persisted(indexed: true) var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted(indexed: true) var uuidCol = UUID()
    @Persisted(indexed: true) var anyCol: AnyRealmValue
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var dataCol = Data()
}

/// ObjectTests' SwiftIndexedOptionalPropertiesObject.
final class SICIndexedOptionals: Object {
    @Persisted(indexed: true) var optionalStringCol: String?
    @Persisted(indexed: true) var optionalDateCol: Date?
    @Persisted(indexed: true) var optionalBoolCol: Bool?
    @Persisted(indexed: true) var optionalIntCol: Int?
    @Persisted(indexed: true) var optionalInt8Col: Int8?
    @Persisted(indexed: true) var optionalInt16Col: Int16?
    @Persisted(indexed: true) var optionalInt32Col: Int32?
    @Persisted(indexed: true) var optionalInt64Col: Int64?
    @Persisted(indexed: true) var optionalUUIDCol: UUID?
    @Persisted var optionalDataCol: Data?
    @Persisted var optionalFloatCol: Float?
    @Persisted var optionalDoubleCol: Double?
}

/// Every property optional, of every type that may be.
final class SICOptionals: Object {
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optEnumCol: SICIntEnum?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optObjectCol: SICBoolHolder?
}

final class SICImplicitlyUnwrapped: Object {
    @Persisted var optObjectCol: SICBoolHolder!
    @Persisted var optStringCol: String!
    @Persisted var optBinaryCol: Data!
    @Persisted var optDateCol: Date!
    @Persisted var optDecimalCol: Decimal128!
    @Persisted var optObjectIdCol: ObjectId!
    @Persisted var optUuidCol: UUID!
}

/// ModernAllIndexableTypesObject: each type that can be indexed, indexed.
final class SICAllIndexed: Object {
    @Persisted(indexed: true) var boolCol: Bool
    @Persisted(indexed: true) var intCol: Int
    @Persisted(indexed: true) var int8Col: Int8 = 1
    @Persisted(indexed: true) var int16Col: Int16 = 2
    @Persisted(indexed: true) var int32Col: Int32 = 3
    @Persisted(indexed: true) var int64Col: Int64 = 4
    @Persisted(indexed: true) var stringCol: String
    @Persisted(indexed: true) var dateCol: Date
    @Persisted(indexed: true) var uuidCol: UUID
    @Persisted(indexed: true) var objectIdCol: ObjectId
    @Persisted(indexed: true) var intEnumCol: SICIntEnum
    @Persisted(indexed: true) var stringEnumCol: SICStringEnum
    @Persisted(indexed: true) var optIntCol: Int?
    @Persisted(indexed: true) var optInt8Col: Int8?
    @Persisted(indexed: true) var optInt16Col: Int16?
    @Persisted(indexed: true) var optInt32Col: Int32?
    @Persisted(indexed: true) var optInt64Col: Int64?
    @Persisted(indexed: true) var optBoolCol: Bool?
    @Persisted(indexed: true) var optStringCol: String?
    @Persisted(indexed: true) var optDateCol: Date?
    @Persisted(indexed: true) var optUuidCol: UUID?
    @Persisted(indexed: true) var optObjectIdCol: ObjectId?
    @Persisted(indexed: true) var optIntEnumCol: SICIntEnum?
    @Persisted(indexed: true) var optStringEnumCol: SICStringEnum?
}

/// ModernAllIndexableButNotIndexedObject: the same types, `indexed: false`.
final class SICAllIndexableNotIndexed: Object {
    @Persisted(indexed: false) var boolCol: Bool
    @Persisted(indexed: false) var intCol: Int
    @Persisted(indexed: false) var int8Col: Int8 = 1
    @Persisted(indexed: false) var int16Col: Int16 = 2
    @Persisted(indexed: false) var int32Col: Int32 = 3
    @Persisted(indexed: false) var int64Col: Int64 = 4
    @Persisted(indexed: false) var stringCol: String
    @Persisted(indexed: false) var dateCol: Date
    @Persisted(indexed: false) var uuidCol: UUID
    @Persisted(indexed: false) var objectIdCol: ObjectId
    @Persisted(indexed: false) var intEnumCol: SICIntEnum
    @Persisted(indexed: false) var stringEnumCol: SICStringEnum
    @Persisted(indexed: false) var optIntCol: Int?
    @Persisted(indexed: false) var optInt8Col: Int8?
    @Persisted(indexed: false) var optInt16Col: Int16?
    @Persisted(indexed: false) var optInt32Col: Int32?
    @Persisted(indexed: false) var optInt64Col: Int64?
    @Persisted(indexed: false) var optBoolCol: Bool?
    @Persisted(indexed: false) var optStringCol: String?
    @Persisted(indexed: false) var optDateCol: Date?
    @Persisted(indexed: false) var optUuidCol: UUID?
    @Persisted(indexed: false) var optObjectIdCol: ObjectId?
    @Persisted(indexed: false) var optIntEnumCol: SICIntEnum?
    @Persisted(indexed: false) var optStringEnumCol: SICStringEnum?
}

// Custom persistable wrappers of each type that can be indexed.
struct SICBoolWrap: CustomPersistable, Hashable {
    var raw: Bool
    init(persistedValue: Bool) { raw = persistedValue }
    var persistableValue: Bool { raw }
}

struct SICIntWrap: CustomPersistable, Hashable {
    var raw: Int
    init(persistedValue: Int) { raw = persistedValue }
    var persistableValue: Int { raw }
}

struct SICInt8Wrap: CustomPersistable, Hashable {
    var raw: Int8
    init(persistedValue: Int8) { raw = persistedValue }
    var persistableValue: Int8 { raw }
}

struct SICInt16Wrap: CustomPersistable, Hashable {
    var raw: Int16
    init(persistedValue: Int16) { raw = persistedValue }
    var persistableValue: Int16 { raw }
}

struct SICInt32Wrap: CustomPersistable, Hashable {
    var raw: Int32
    init(persistedValue: Int32) { raw = persistedValue }
    var persistableValue: Int32 { raw }
}

struct SICInt64Wrap: CustomPersistable, Hashable {
    var raw: Int64
    init(persistedValue: Int64) { raw = persistedValue }
    var persistableValue: Int64 { raw }
}

struct SICStringWrap: CustomPersistable, Hashable {
    var raw: String
    init(persistedValue: String) { raw = persistedValue }
    var persistableValue: String { raw }
}

struct SICDateWrap: CustomPersistable, Hashable {
    var raw: Date
    init(persistedValue: Date) { raw = persistedValue }
    var persistableValue: Date { raw }
}

struct SICUUIDWrap: CustomPersistable, Hashable {
    var raw: UUID
    init(persistedValue: UUID) { raw = persistedValue }
    var persistableValue: UUID { raw }
}

struct SICObjectIdWrap: CustomPersistable, Hashable {
    var raw: ObjectId
    init(persistedValue: ObjectId) { raw = persistedValue }
    var persistableValue: ObjectId { raw }
}

/// CustomAllIndexableTypesObject.
final class SICCustomIndexed: Object {
    @Persisted(indexed: true) var boolCol: SICBoolWrap
    @Persisted(indexed: true) var intCol: SICIntWrap
    @Persisted(indexed: true) var int8Col: SICInt8Wrap
    @Persisted(indexed: true) var int16Col: SICInt16Wrap
    @Persisted(indexed: true) var int32Col: SICInt32Wrap
    @Persisted(indexed: true) var int64Col: SICInt64Wrap
    @Persisted(indexed: true) var stringCol: SICStringWrap
    @Persisted(indexed: true) var dateCol: SICDateWrap
    @Persisted(indexed: true) var uuidCol: SICUUIDWrap
    @Persisted(indexed: true) var objectIdCol: SICObjectIdWrap
    @Persisted(indexed: true) var optIntCol: SICIntWrap?
    @Persisted(indexed: true) var optInt8Col: SICInt8Wrap?
    @Persisted(indexed: true) var optInt16Col: SICInt16Wrap?
    @Persisted(indexed: true) var optInt32Col: SICInt32Wrap?
    @Persisted(indexed: true) var optInt64Col: SICInt64Wrap?
    @Persisted(indexed: true) var optBoolCol: SICBoolWrap?
    @Persisted(indexed: true) var optStringCol: SICStringWrap?
    @Persisted(indexed: true) var optDateCol: SICDateWrap?
    @Persisted(indexed: true) var optUuidCol: SICUUIDWrap?
    @Persisted(indexed: true) var optObjectIdCol: SICObjectIdWrap?
}

/// CustomAllIndexableButNotIndexedObject.
final class SICCustomNotIndexed: Object {
    @Persisted(indexed: false) var boolCol: SICBoolWrap
    @Persisted(indexed: false) var intCol: SICIntWrap
    @Persisted(indexed: false) var int8Col: SICInt8Wrap
    @Persisted(indexed: false) var int16Col: SICInt16Wrap
    @Persisted(indexed: false) var int32Col: SICInt32Wrap
    @Persisted(indexed: false) var int64Col: SICInt64Wrap
    @Persisted(indexed: false) var stringCol: SICStringWrap
    @Persisted(indexed: false) var dateCol: SICDateWrap
    @Persisted(indexed: false) var uuidCol: SICUUIDWrap
    @Persisted(indexed: false) var objectIdCol: SICObjectIdWrap
    @Persisted(indexed: false) var optIntCol: SICIntWrap?
    @Persisted(indexed: false) var optInt8Col: SICInt8Wrap?
    @Persisted(indexed: false) var optInt16Col: SICInt16Wrap?
    @Persisted(indexed: false) var optInt32Col: SICInt32Wrap?
    @Persisted(indexed: false) var optInt64Col: SICInt64Wrap?
    @Persisted(indexed: false) var optBoolCol: SICBoolWrap?
    @Persisted(indexed: false) var optStringCol: SICStringWrap?
    @Persisted(indexed: false) var optDateCol: SICDateWrap?
    @Persisted(indexed: false) var optUuidCol: SICUUIDWrap?
    @Persisted(indexed: false) var optObjectIdCol: SICObjectIdWrap?
}

/// testModernIndexed: the six ways of declaring an `Int`, with and without an index.
final class SICIndexDeclarations: Object {
    @Persisted var plain: Int
    @Persisted var withValue = 1
    @Persisted(indexed: false) var notIndexed: Int
    @Persisted(indexed: false) var notIndexedWithValue = 1
    @Persisted(indexed: true) var indexed: Int
    @Persisted(indexed: true) var indexedWithValue = 1
}

/// testCustomIndexed: the same six, of a custom persistable type.
final class SICCustomIndexDeclarations: Object {
    @Persisted var plain: SICIntWrap
    @Persisted var withValue = SICIntWrap(persistedValue: 1)
    @Persisted(indexed: false) var notIndexed: SICIntWrap
    @Persisted(indexed: false) var notIndexedWithValue = SICIntWrap(persistedValue: 1)
    @Persisted(indexed: true) var indexed: SICIntWrap
    @Persisted(indexed: true) var indexedWithValue = SICIntWrap(persistedValue: 1)
}

/// testModernPrimary: four ways of declaring an `Int` that is not the primary key,
/// and one that is (a class has one primary key; the sixth way is the next class).
final class SICPrimaryDeclarations: Object {
    @Persisted var plain: Int
    @Persisted var withValue = 1
    @Persisted(primaryKey: false) var notPrimary: Int
    @Persisted(primaryKey: false) var notPrimaryWithValue = 1
    @Persisted(primaryKey: true) var primary: Int
}

final class SICPrimaryWithValue: Object {
    @Persisted(primaryKey: true) var primaryWithValue = 1
}

/// testCustomPrimary: the same, of a custom persistable type.
final class SICCustomPrimaryDeclarations: Object {
    @Persisted var plain: SICIntWrap
    @Persisted var withValue = SICIntWrap(persistedValue: 1)
    @Persisted(primaryKey: false) var notPrimary: SICIntWrap
    @Persisted(primaryKey: false) var notPrimaryWithValue = SICIntWrap(persistedValue: 1)
    @Persisted(primaryKey: true) var primary: SICIntWrap
}

final class SICCustomPrimaryWithValue: Object {
    @Persisted(primaryKey: true) var primaryWithValue = SICIntWrap(persistedValue: 1)
}

/// testPropertyPopulation: each scalar type alone, optional, and as the element of a
/// List, MutableSet and Map, required and optional.
final class SICPopulation: Object {
    @Persisted var int: Int
    @Persisted var intOpt: Int?
    @Persisted var intList: List<Int>
    @Persisted var intOptList: List<Int?>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var intOptSet: MutableSet<Int?>
    @Persisted var intMap: Map<String, Int>
    @Persisted var intOptMap: Map<String, Int?>
    @Persisted var int8: Int8
    @Persisted var int8Opt: Int8?
    @Persisted var int8List: List<Int8>
    @Persisted var int8OptList: List<Int8?>
    @Persisted var int8Set: MutableSet<Int8>
    @Persisted var int8OptSet: MutableSet<Int8?>
    @Persisted var int8Map: Map<String, Int8>
    @Persisted var int8OptMap: Map<String, Int8?>
    @Persisted var int16: Int16
    @Persisted var int16Opt: Int16?
    @Persisted var int16List: List<Int16>
    @Persisted var int16OptList: List<Int16?>
    @Persisted var int16Set: MutableSet<Int16>
    @Persisted var int16OptSet: MutableSet<Int16?>
    @Persisted var int16Map: Map<String, Int16>
    @Persisted var int16OptMap: Map<String, Int16?>
    @Persisted var int32: Int32
    @Persisted var int32Opt: Int32?
    @Persisted var int32List: List<Int32>
    @Persisted var int32OptList: List<Int32?>
    @Persisted var int32Set: MutableSet<Int32>
    @Persisted var int32OptSet: MutableSet<Int32?>
    @Persisted var int32Map: Map<String, Int32>
    @Persisted var int32OptMap: Map<String, Int32?>
    @Persisted var int64: Int64
    @Persisted var int64Opt: Int64?
    @Persisted var int64List: List<Int64>
    @Persisted var int64OptList: List<Int64?>
    @Persisted var int64Set: MutableSet<Int64>
    @Persisted var int64OptSet: MutableSet<Int64?>
    @Persisted var int64Map: Map<String, Int64>
    @Persisted var int64OptMap: Map<String, Int64?>
    @Persisted var bool: Bool
    @Persisted var boolOpt: Bool?
    @Persisted var boolList: List<Bool>
    @Persisted var boolOptList: List<Bool?>
    @Persisted var boolSet: MutableSet<Bool>
    @Persisted var boolOptSet: MutableSet<Bool?>
    @Persisted var boolMap: Map<String, Bool>
    @Persisted var boolOptMap: Map<String, Bool?>
    @Persisted var float: Float
    @Persisted var floatOpt: Float?
    @Persisted var floatList: List<Float>
    @Persisted var floatOptList: List<Float?>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var floatOptSet: MutableSet<Float?>
    @Persisted var floatMap: Map<String, Float>
    @Persisted var floatOptMap: Map<String, Float?>
    @Persisted var double: Double
    @Persisted var doubleOpt: Double?
    @Persisted var doubleList: List<Double>
    @Persisted var doubleOptList: List<Double?>
    @Persisted var doubleSet: MutableSet<Double>
    @Persisted var doubleOptSet: MutableSet<Double?>
    @Persisted var doubleMap: Map<String, Double>
    @Persisted var doubleOptMap: Map<String, Double?>
    @Persisted var string: String
    @Persisted var stringOpt: String?
    @Persisted var stringList: List<String>
    @Persisted var stringOptList: List<String?>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var stringOptSet: MutableSet<String?>
    @Persisted var stringMap: Map<String, String>
    @Persisted var stringOptMap: Map<String, String?>
    @Persisted var data: Data
    @Persisted var dataOpt: Data?
    @Persisted var dataList: List<Data>
    @Persisted var dataOptList: List<Data?>
    @Persisted var dataSet: MutableSet<Data>
    @Persisted var dataOptSet: MutableSet<Data?>
    @Persisted var dataMap: Map<String, Data>
    @Persisted var dataOptMap: Map<String, Data?>
    @Persisted var date: Date
    @Persisted var dateOpt: Date?
    @Persisted var dateList: List<Date>
    @Persisted var dateOptList: List<Date?>
    @Persisted var dateSet: MutableSet<Date>
    @Persisted var dateOptSet: MutableSet<Date?>
    @Persisted var dateMap: Map<String, Date>
    @Persisted var dateOptMap: Map<String, Date?>
    @Persisted var uuid: UUID
    @Persisted var uuidOpt: UUID?
    @Persisted var uuidList: List<UUID>
    @Persisted var uuidOptList: List<UUID?>
    @Persisted var uuidSet: MutableSet<UUID>
    @Persisted var uuidOptSet: MutableSet<UUID?>
    @Persisted var uuidMap: Map<String, UUID>
    @Persisted var uuidOptMap: Map<String, UUID?>
    @Persisted var decimal: Decimal128
    @Persisted var decimalOpt: Decimal128?
    @Persisted var decimalList: List<Decimal128>
    @Persisted var decimalOptList: List<Decimal128?>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var decimalOptSet: MutableSet<Decimal128?>
    @Persisted var decimalMap: Map<String, Decimal128>
    @Persisted var decimalOptMap: Map<String, Decimal128?>
    @Persisted var objectId: ObjectId
    @Persisted var objectIdOpt: ObjectId?
    @Persisted var objectIdList: List<ObjectId>
    @Persisted var objectIdOptList: List<ObjectId?>
    @Persisted var objectIdSet: MutableSet<ObjectId>
    @Persisted var objectIdOptSet: MutableSet<ObjectId?>
    @Persisted var objectIdMap: Map<String, ObjectId>
    @Persisted var objectIdOptMap: Map<String, ObjectId?>
    @Persisted var anyList: List<AnyRealmValue>
    @Persisted var objectList: List<SICBoolHolder>
    @Persisted var objectSet: MutableSet<SICBoolHolder>
    @Persisted var objectMap: Map<String, SICBoolHolder?>
    @Persisted var optionalObject: SICBoolHolder?
}

final class SICCollar: EmbeddedObject {
    @Persisted var size = 0
}

final class SICCounter: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var intCol = 0
}

// Declarations Geode refuses when a realm opens (Realm: at compile time).
final class SICIndexedFloat: Object { @Persisted(indexed: true) var value: Float }
final class SICIndexedDouble: Object { @Persisted(indexed: true) var value: Double }
final class SICIndexedData: Object { @Persisted(indexed: true) var value: Data }
final class SICIndexedDecimal: Object { @Persisted(indexed: true) var value: Decimal128 }
final class SICIndexedList: Object { @Persisted(indexed: true) var value: List<Int> }
final class SICIndexedLink: Object { @Persisted(indexed: true) var value: SICBoolHolder? }
final class SICKeyedByBool: Object { @Persisted(primaryKey: true) var value: Bool }
final class SICKeyedByFloat: Object { @Persisted(primaryKey: true) var value: Float }
final class SICKeyedByDouble: Object { @Persisted(primaryKey: true) var value: Double }
final class SICKeyedByData: Object { @Persisted(primaryKey: true) var value: Data }
final class SICKeyedByDecimal: Object { @Persisted(primaryKey: true) var value: Decimal128 }
final class SICKeyedByAny: Object { @Persisted(primaryKey: true) var value: AnyRealmValue }
final class SICKeyedByList: Object { @Persisted(primaryKey: true) var value: List<Int> }

/// A class whose declaration a realm refuses, by name (arguments must be Sendable).
enum SICRefused: String, CaseIterable, Sendable {
    case indexedFloat, indexedDouble, indexedData, indexedDecimal, indexedList, indexedLink
    case keyedByBool, keyedByFloat, keyedByDouble, keyedByData, keyedByDecimal, keyedByAny, keyedByList

    var type: ObjectBase.Type {
        switch self {
        case .indexedFloat: return SICIndexedFloat.self
        case .indexedDouble: return SICIndexedDouble.self
        case .indexedData: return SICIndexedData.self
        case .indexedDecimal: return SICIndexedDecimal.self
        case .indexedList: return SICIndexedList.self
        case .indexedLink: return SICIndexedLink.self
        case .keyedByBool: return SICKeyedByBool.self
        case .keyedByFloat: return SICKeyedByFloat.self
        case .keyedByDouble: return SICKeyedByDouble.self
        case .keyedByData: return SICKeyedByData.self
        case .keyedByDecimal: return SICKeyedByDecimal.self
        case .keyedByAny: return SICKeyedByAny.self
        case .keyedByList: return SICKeyedByList.self
        }
    }

    var isIndexRefusal: Bool { rawValue.hasPrefix("indexed") }
}

/// What a schema should say of one property.
struct SICColumn: Sendable, CustomTestStringConvertible {
    var name: String
    var type: PropertyType
    var optional = false
    var list = false
    var set = false
    var map = false
    var target: String?

    var testDescription: String { name }

    /// The eight ways SICPopulation declares each scalar type, in its order: `base`,
    /// `baseOpt`, `baseList`, `baseOptList`, `baseSet`, `baseOptSet`, `baseMap`, `baseOptMap`.
    static func population(_ base: String, _ type: PropertyType) -> [SICColumn] {
        ["", "List", "Set", "Map"].flatMap { kind in
            [false, true].map { optional in
                SICColumn(
                    name: base + (optional ? "Opt" : "") + kind, type: type, optional: optional, list: kind == "List",
                    set: kind == "Set", map: kind == "Map")
            }
        }
    }
}

private func sicStandardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite struct SchemaInitializationConformanceTests {
    static let types: [ObjectBase.Type] = [
        SICBoolHolder.self, SICAllTypes.self, SICEmployee.self, SICCompany.self, SICPrimaryString.self,
        SICIgnored.self, SICComputed.self, SICIndexed.self, SICIndexedOptionals.self, SICOptionals.self,
        SICImplicitlyUnwrapped.self, SICAllIndexed.self, SICAllIndexableNotIndexed.self, SICCustomIndexed.self,
        SICCustomNotIndexed.self, SICIndexDeclarations.self, SICCustomIndexDeclarations.self,
        SICPrimaryDeclarations.self, SICPrimaryWithValue.self, SICCustomPrimaryDeclarations.self,
        SICCustomPrimaryWithValue.self, SICPopulation.self, SICCollar.self, SICCounter.self,
    ]

    // MARK: ObjectSchemaInitializationTests

    static let allTypesColumns: [SICColumn] = [
        SICColumn(name: "boolCol", type: .bool),
        SICColumn(name: "intCol", type: .int),
        SICColumn(name: "floatCol", type: .float),
        SICColumn(name: "doubleCol", type: .double),
        SICColumn(name: "stringCol", type: .string),
        SICColumn(name: "binaryCol", type: .data),
        SICColumn(name: "dateCol", type: .date),
        SICColumn(name: "uuidCol", type: .UUID),
        SICColumn(name: "anyCol", type: .any),
        SICColumn(name: "objectCol", type: .object, optional: true, target: "SICBoolHolder"),
        SICColumn(name: "arrayCol", type: .object, list: true, target: "SICBoolHolder"),
        SICColumn(name: "setCol", type: .object, set: true, target: "SICBoolHolder"),
    ]

    /// Checks everything `column` says of `property`, and that it is not indexed.
    private func check(_ property: Property?, _ column: SICColumn) throws {
        let property = try #require(property, "\(column.name)")
        #expect(property.name == column.name)
        #expect(property.type == column.type)
        #expect(property.isOptional == column.optional)
        #expect(property.isArray == column.list)
        #expect(property.isSet == column.set)
        #expect(property.isMap == column.map)
        #expect(property.objectClassName == column.target)
        #expect(!property.isIndexed)
        #expect(!property.isPrimary)
    }

    /// testAllValidTypes: each property of an unmanaged object's schema, by name.
    @Test(arguments: allTypesColumns)
    func eachPropertyOfAnUnmanagedObjectsSchemaIsDescribedByItsDeclaration(_ column: SICColumn) throws {
        try check(SICAllTypes().objectSchema[column.name], column)
    }

    /// testAllValidTypes: no property for a name nothing declares.
    @Test func aNameNothingDeclaresHasNoProperty() {
        #expect(SICAllTypes().objectSchema["noSuchCol"] == nil)
    }

    /// testAllValidTypes: a list and a set of objects of another class name that class.
    @Test func listsAndSetsOfObjectsNameTheClassOfTheirElements() throws {
        let schema = SICCompany().objectSchema
        try check(schema["employees"], SICColumn(name: "employees", type: .object, list: true, target: "SICEmployee"))
        try check(
            schema["employeeSet"], SICColumn(name: "employeeSet", type: .object, set: true, target: "SICEmployee"))
    }

    /// testPrimaryKey
    @Test func onlyAClassDeclaringAPrimaryKeyHasAPrimaryKeyProperty() throws {
        #expect(SICAllTypes().objectSchema.primaryKeyProperty == nil)
        let key = try #require(SICPrimaryString().objectSchema.primaryKeyProperty)
        #expect(key.name == "stringCol")
        #expect(key.isPrimary && key.isIndexed)
    }

    /// ObjectSchemaInitializationTests.testIgnoredProperties and ObjectTests.testIgnoredProperties:
    /// properties that are not `@Persisted` (stored, with a default, or read-only) are not in the schema.
    @Test func propertiesThatAreNotPersistedAreNotInTheSchema() {
        let schema = SICIgnored().objectSchema
        #expect(schema["runtimeProperty"] == nil)
        #expect(schema["runtimeDefaultProperty"] == nil)
        #expect(schema["readOnlyProperty"] == nil)
        #expect(schema.properties.map(\.name) == ["name"])
    }

    /// ObjectSchemaInitializationTests.testIgnoredProperties: an ignored property keeps its value,
    /// unmanaged and once the object is added (Geode: it stays on the Swift object, unstored).
    @Test func anIgnoredPropertyIsNeitherStoredNorRefused() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = SICIgnored()
        object.runtimeProperty = 21
        try realm.write { realm.add(object) }
        #expect(object.readOnlyProperty == 42)
        #expect(realm.schema["SICIgnored"]?.properties.map(\.name) == ["name"])
    }

    /// ObjectSchemaInitializationTests.testIndexedProperties and ObjectTests.testIndexedProperties
    @Test func propertiesDeclaredIndexedAreIndexedAndTheOthersAreNot() throws {
        let schema = SICIndexed().objectSchema
        let indexed = [
            "stringCol", "intCol", "int8Col", "int16Col", "int32Col", "int64Col", "boolCol", "dateCol", "uuidCol",
            "anyCol",
        ]
        for name in indexed { #expect(schema[name]?.isIndexed == true, "\(name)") }
        for name in ["floatCol", "doubleCol", "dataCol"] { #expect(schema[name]?.isIndexed == false, "\(name)") }
        // Realm: `indexedProperties().count == 10`.
        #expect(schema.properties.filter(\.isIndexed).count == 10)
    }

    /// ObjectTests.testIndexedOptionalProperties
    @Test func optionalPropertiesDeclaredIndexedAreIndexed() throws {
        let schema = SICIndexedOptionals().objectSchema
        let indexed = [
            "optionalStringCol", "optionalDateCol", "optionalBoolCol", "optionalIntCol", "optionalInt8Col",
            "optionalInt16Col", "optionalInt32Col", "optionalInt64Col", "optionalUUIDCol",
        ]
        for name in indexed { #expect(schema[name]?.isIndexed == true, "\(name)") }
        for name in ["optionalDataCol", "optionalFloatCol", "optionalDoubleCol"] {
            #expect(schema[name]?.isIndexed == false, "\(name)")
        }
        // Realm: `indexedProperties().count == 9`.
        #expect(schema.properties.filter(\.isIndexed).count == 9)
    }

    /// testIndexedProperties, testIndexedOptionalProperties, testModernIndexableTypes and
    /// testCustomIndexableTypes (Realm's classes are valid): a realm opens with every
    /// declaration of them, and its schema says what the classes' do.
    @Test func aRealmOpensWithEveryIndexableDeclarationAndKeepsItsIndexes() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        for type in [
            SICIndexed.self, SICIndexedOptionals.self, SICAllIndexed.self, SICCustomIndexed.self,
            SICIndexDeclarations.self,
        ] as [ObjectBase.Type] {
            let stored = try #require(realm.schema[type.className()])
            #expect(stored.properties.map(\.isIndexed) == type.sharedSchema()?.properties.map(\.isIndexed))
        }
    }

    /// testOptionalProperties: every property of the class is optional, and the types are
    /// all those an optional may have.
    @Test func everyPropertyDeclaredOptionalIsOptional() {
        let schema = SICOptionals().objectSchema
        for property in schema.properties { #expect(property.isOptional, "\(property.name)") }
        let expected: Set<PropertyType> = [
            .string, .data, .date, .object, .int, .float, .double, .bool, .decimal128, .objectId, .UUID,
        ]
        #expect(Set(schema.properties.map(\.type)) == expected)
    }

    /// testImplicitlyUnwrappedOptionalsAreParsedAsOptionals
    @Test func implicitlyUnwrappedOptionalsAreOptional() throws {
        let schema = SICImplicitlyUnwrapped().objectSchema
        let names = [
            "optObjectCol", "optStringCol", "optBinaryCol", "optDateCol", "optDecimalCol", "optObjectIdCol",
            "optUuidCol",
        ]
        for name in names { #expect(schema[name]?.isOptional == true, "\(name)") }
        #expect(schema.properties.count == names.count)
    }

    /// testNotExplicitlyIgnoredComputedProperties
    @Test func computedPropertiesAreNotInTheSchema() throws {
        let schema = SICComputed().objectSchema
        #expect(schema.properties.count == 1)
        #expect(schema["_urlBacking"] != nil)
        #expect(schema["url"] == nil && schema["urlHost"] == nil)
    }

    /// testModernIndexableTypes
    @Test func everyIndexableTypeDeclaredIndexedIsIndexedAndNotWhenDeclaredNot() {
        for property in SICAllIndexed().objectSchema.properties { #expect(property.isIndexed, "\(property.name)") }
        for property in SICAllIndexableNotIndexed().objectSchema.properties {
            #expect(!property.isIndexed, "\(property.name)")
        }
        #expect(SICAllIndexed().objectSchema.properties.count == 24)
    }

    /// testCustomIndexableTypes
    @Test func customPersistableTypesMappedToIndexableTypesCanBeIndexed() {
        for property in SICCustomIndexed().objectSchema.properties {
            #expect(property.isIndexed, "\(property.name)")
        }
        for property in SICCustomNotIndexed().objectSchema.properties {
            #expect(!property.isIndexed, "\(property.name)")
        }
        #expect(SICCustomIndexed().objectSchema.properties.count == 20)
    }

    static let populationColumns: [SICColumn] =
        SICColumn.population("int", .int) + SICColumn.population("int8", .int)
        + SICColumn.population("int16", .int) + SICColumn.population("int32", .int)
        + SICColumn.population("int64", .int) + SICColumn.population("bool", .bool)
        + SICColumn.population("float", .float) + SICColumn.population("double", .double)
        + SICColumn.population("string", .string) + SICColumn.population("data", .data)
        + SICColumn.population("date", .date) + SICColumn.population("uuid", .UUID)
        + SICColumn.population("decimal", .decimal128) + SICColumn.population("objectId", .objectId) + [
            SICColumn(name: "anyList", type: .any, list: true),
            SICColumn(name: "objectList", type: .object, list: true, target: "SICBoolHolder"),
            SICColumn(name: "objectSet", type: .object, set: true, target: "SICBoolHolder"),
            SICColumn(name: "objectMap", type: .object, optional: true, map: true, target: "SICBoolHolder"),
            SICColumn(name: "optionalObject", type: .object, optional: true, target: "SICBoolHolder"),
        ]

    /// testPropertyPopulation (with the Map kinds of testModernPropertyPopulation): the type,
    /// optionality and collection each declaration gives its property.
    @Test(arguments: populationColumns)
    func eachDeclarationGivesItsPropertyTypeOptionalityAndCollection(_ column: SICColumn) throws {
        try check(SICPopulation().objectSchema[column.name], column)
    }

    /// testPropertyPopulation: the class has those properties and no others.
    @Test func thePopulatedClassHasExactlyTheDeclaredProperties() {
        #expect(SICPopulation().objectSchema.properties.map(\.name) == Self.populationColumns.map(\.name))
    }

    /// testModernIndexed
    @Test func onlyIndexedTrueIndexesAnInt() throws {
        let schema = SICIndexDeclarations().objectSchema
        for name in ["plain", "withValue", "notIndexed", "notIndexedWithValue"] {
            #expect(schema[name]?.isIndexed == false, "\(name)")
        }
        for name in ["indexed", "indexedWithValue"] { #expect(schema[name]?.isIndexed == true, "\(name)") }
    }

    /// testCustomIndexed
    @Test func onlyIndexedTrueIndexesACustomPersistable() throws {
        let schema = SICCustomIndexDeclarations().objectSchema
        for name in ["plain", "withValue", "notIndexed", "notIndexedWithValue"] {
            #expect(schema[name]?.isIndexed == false, "\(name)")
        }
        for name in ["indexed", "indexedWithValue"] { #expect(schema[name]?.isIndexed == true, "\(name)") }
        #expect(schema["indexed"]?.type == .int)
    }

    /// testModernPrimary
    @Test func onlyPrimaryKeyTrueMakesAnIntThePrimaryKey() throws {
        let schema = SICPrimaryDeclarations().objectSchema
        for name in ["plain", "withValue", "notPrimary", "notPrimaryWithValue"] {
            #expect(schema[name]?.isPrimary == false, "\(name)")
        }
        #expect(schema["primary"]?.isPrimary == true)
        #expect(SICPrimaryWithValue().objectSchema["primaryWithValue"]?.isPrimary == true)
        #expect(schema.primaryKeyProperty?.name == "primary")
    }

    /// testCustomPrimary
    @Test func onlyPrimaryKeyTrueMakesACustomPersistableThePrimaryKey() throws {
        let schema = SICCustomPrimaryDeclarations().objectSchema
        for name in ["plain", "withValue", "notPrimary", "notPrimaryWithValue"] {
            #expect(schema[name]?.isPrimary == false, "\(name)")
        }
        #expect(schema["primary"]?.isPrimary == true)
        #expect(SICCustomPrimaryWithValue().objectSchema["primaryWithValue"]?.isPrimary == true)
        #expect(schema.primaryKeyProperty?.type == .int)
    }

    /// Realm refuses these declarations when the program is compiled (`indexed:` and
    /// `primaryKey:` are offered only for types that can be); Geode compiles them and
    /// refuses the schema when a realm opens, naming the class and the property.
    @Test(arguments: SICRefused.allCases)
    func aTypeThatCannotBeIndexedOrAKeyIsRefusedWhenARealmOpens(_ refused: SICRefused) throws {
        let directory = try TemporaryDirectory()
        let name = refused.type.className()
        do {
            _ = try directory.realm(of: [refused.type, SICBoolHolder.self])
            Issue.record("a realm opened with \(name)")
        } catch GeodeError.schema(let failure) {
            #expect(failure.className == name)
            #expect(failure.property == "value")
            #expect(failure.message.contains("'\(name).value'"), "\(failure.message)")
            let says = refused.isIndexRefusal ? "cannot be indexed" : "cannot be a primary key"
            #expect(failure.message.contains(says), "\(failure.message)")
        }
    }

    // MARK: ObjectTests: shared schema

    /// testSharedSchemaUnmanaged
    @Test func anUnmanagedObjectsClassHasTheSharedSchemaOfItsClass() throws {
        let object = SICAllTypes()
        let shared = try #require(SICAllTypes.sharedSchema())
        #expect(type(of: object).sharedSchema() == shared)
        #expect(object.objectSchema == shared)
        #expect(shared.className == "SICAllTypes")
    }

    /// testSharedSchemaManaged (Realm's test takes an unmanaged object; this one adds it)
    @Test func aManagedObjectsClassHasTheSharedSchemaOfItsClass() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = SICAllTypes()
        try realm.write { realm.add(object) }
        let shared = try #require(SICAllTypes.sharedSchema())
        #expect(type(of: object).sharedSchema() == shared)
        #expect(object.objectSchema == shared)
        #expect(realm.schema["SICAllTypes"] == shared)
    }

    /// testBaseClassesDoNotHaveSharedSchema (Realm's `RLMObject` and `RLMEmbeddedObject` are
    /// Objective-C; Geode's other base class is `DynamicObject`)
    @Test func theBaseClassesHaveNoSharedSchema() {
        #expect(ObjectBase.sharedSchema() == nil)
        #expect(Object.sharedSchema() == nil)
        #expect(EmbeddedObject.sharedSchema() == nil)
        #expect(DynamicObject.sharedSchema() == nil)
        #expect(SICCollar.sharedSchema()?.isEmbedded == true)
    }

    // MARK: ObjectTests: freezing

    /// testFreezeAllPropertyTypes: a frozen object reads the values of the live one, for
    /// every property type, optional or not, alone and in lists.
    @Test func aFrozenObjectReadsTheSameValuesForEveryPropertyType() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let all = SICAllTypes()
        all.boolCol = true
        all.intCol = 456
        all.floatCol = 4.56
        all.doubleCol = 45.6
        all.stringCol = "b"
        all.binaryCol = Data("b".utf8)
        all.dateCol = Date(timeIntervalSince1970: 2)
        all.objectCol = SICBoolHolder()
        all.objectCol?.boolCol = true
        all.anyCol = .string("hello")
        let optionals = SICOptionals()
        optionals.optStringCol = "String"
        optionals.optBinaryCol = Data()
        optionals.optDateCol = Date(timeIntervalSince1970: 3)
        optionals.optIntCol = 1
        optionals.optInt8Col = 2
        optionals.optInt16Col = 3
        optionals.optInt32Col = 4
        optionals.optInt64Col = 5
        optionals.optFloatCol = 6.1
        optionals.optDoubleCol = 7.2
        optionals.optBoolCol = true
        optionals.optEnumCol = .two
        optionals.optUuidCol = UUID()
        let lists = SICPopulation()
        lists.intList.append(1)
        lists.int8List.append(2)
        lists.int16List.append(3)
        lists.int32List.append(4)
        lists.int64List.append(5)
        lists.floatList.append(6.6)
        lists.doubleList.append(7.7)
        lists.stringList.append("8")
        lists.dataList.append(Data("9".utf8))
        lists.dateList.append(Date(timeIntervalSince1970: 10))
        lists.intOptList.append(objectsIn: [11, nil])
        lists.int8OptList.append(objectsIn: [12, nil])
        lists.int16OptList.append(objectsIn: [13, nil])
        lists.int32OptList.append(objectsIn: [14, nil])
        lists.int64OptList.append(objectsIn: [15, nil])
        lists.floatOptList.append(objectsIn: [16.16, nil])
        lists.doubleOptList.append(objectsIn: [17.17, nil])
        lists.stringOptList.append(objectsIn: ["18", nil])
        lists.dataOptList.append(objectsIn: [Data("19".utf8), nil])
        lists.dateOptList.append(objectsIn: [Date(timeIntervalSince1970: 20), nil])
        lists.uuidList.append(UUID())
        lists.uuidOptList.append(objectsIn: [UUID(), nil])
        lists.anyList.append(objectsIn: [AnyRealmValue.string("hello"), AnyRealmValue.none])
        try realm.write {
            realm.add(all)
            realm.add(optionals)
            realm.add(lists)
        }

        let frozenAll = all.freeze()
        #expect(frozenAll.isFrozen && !all.isFrozen)
        #expect(frozenAll.boolCol == all.boolCol)
        #expect(frozenAll.intCol == all.intCol)
        #expect(frozenAll.floatCol == all.floatCol)
        #expect(frozenAll.doubleCol == all.doubleCol)
        #expect(frozenAll.stringCol == all.stringCol)
        #expect(frozenAll.binaryCol == all.binaryCol)
        #expect(frozenAll.dateCol == all.dateCol)
        #expect(frozenAll.objectCol?.boolCol == all.objectCol?.boolCol)
        #expect(frozenAll.uuidCol == all.uuidCol)
        #expect(frozenAll.anyCol == all.anyCol)

        let frozenOptionals = optionals.freeze()
        #expect(frozenOptionals.optStringCol == optionals.optStringCol)
        #expect(frozenOptionals.optBinaryCol == optionals.optBinaryCol)
        #expect(frozenOptionals.optDateCol == optionals.optDateCol)
        #expect(frozenOptionals.optIntCol == optionals.optIntCol)
        #expect(frozenOptionals.optInt8Col == optionals.optInt8Col)
        #expect(frozenOptionals.optInt16Col == optionals.optInt16Col)
        #expect(frozenOptionals.optInt32Col == optionals.optInt32Col)
        #expect(frozenOptionals.optInt64Col == optionals.optInt64Col)
        #expect(frozenOptionals.optFloatCol == optionals.optFloatCol)
        #expect(frozenOptionals.optDoubleCol == optionals.optDoubleCol)
        #expect(frozenOptionals.optBoolCol == optionals.optBoolCol)
        #expect(frozenOptionals.optEnumCol == optionals.optEnumCol)
        #expect(frozenOptionals.optUuidCol == optionals.optUuidCol)

        let frozenLists = lists.freeze()
        #expect(Array(frozenLists.intList) == Array(lists.intList))
        #expect(Array(frozenLists.int8List) == Array(lists.int8List))
        #expect(Array(frozenLists.int16List) == Array(lists.int16List))
        #expect(Array(frozenLists.int32List) == Array(lists.int32List))
        #expect(Array(frozenLists.int64List) == Array(lists.int64List))
        #expect(Array(frozenLists.floatList) == Array(lists.floatList))
        #expect(Array(frozenLists.doubleList) == Array(lists.doubleList))
        #expect(Array(frozenLists.stringList) == Array(lists.stringList))
        #expect(Array(frozenLists.dataList) == Array(lists.dataList))
        #expect(Array(frozenLists.dateList) == Array(lists.dateList))
        #expect(Array(frozenLists.intOptList) == Array(lists.intOptList))
        #expect(Array(frozenLists.int8OptList) == Array(lists.int8OptList))
        #expect(Array(frozenLists.int16OptList) == Array(lists.int16OptList))
        #expect(Array(frozenLists.int32OptList) == Array(lists.int32OptList))
        #expect(Array(frozenLists.int64OptList) == Array(lists.int64OptList))
        #expect(Array(frozenLists.floatOptList) == Array(lists.floatOptList))
        #expect(Array(frozenLists.doubleOptList) == Array(lists.doubleOptList))
        #expect(Array(frozenLists.stringOptList) == Array(lists.stringOptList))
        #expect(Array(frozenLists.dataOptList) == Array(lists.dataOptList))
        #expect(Array(frozenLists.dateOptList) == Array(lists.dateOptList))
        #expect(Array(frozenLists.uuidList) == Array(lists.uuidList))
        #expect(Array(frozenLists.uuidOptList) == Array(lists.uuidOptList))
        #expect(Array(frozenLists.anyList) == Array(lists.anyList))
        #expect(frozenLists.intOptList.count == 2 && frozenLists.anyList.count == 2)
    }

    /// testFreezeDynamicObject: a frozen dynamic object's lists and sets, and their objects,
    /// are frozen.
    @Test func aFrozenDynamicObjectsCollectionsAndTheirObjectsAreFrozen() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write {
            realm.create(SICAllTypes.self, value: ["arrayCol": [["boolCol": true]], "setCol": [["boolCol": true]]])
        }
        let object = try #require(realm.dynamicObjects("SICAllTypes").first).freeze()
        #expect(object.isFrozen)
        #expect(object.dynamicList("arrayCol").isFrozen)
        #expect(object.dynamicList("arrayCol").first?.isFrozen == true)
        #expect(object.dynamicMutableSet("setCol").isFrozen)
        #expect(object.dynamicMutableSet("setCol").first?.isFrozen == true)
    }

    /// testFreezeUnmanaged: "Unmanaged objects cannot be frozen." (Geode's words:
    /// "an unmanaged object cannot be frozen")
    @Test func freezingAnUnmanagedObjectStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SICBoolHolder().freeze()
        }
        #expect(sicStandardError(result).contains("an unmanaged object cannot be frozen"))
    }

    /// testFreezeUnmanaged, for an embedded object (Realm freezes both through the same call)
    @Test func freezingAnUnmanagedEmbeddedObjectStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SICCollar().freeze()
        }
        #expect(sicStandardError(result).contains("an unmanaged embedded object cannot be frozen"))
    }

    /// testThawUnmanaged: "Unmanaged objects cannot be thawed." (Geode's words:
    /// "an unmanaged object cannot be thawed")
    @Test func thawingAnUnmanagedObjectStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SICBoolHolder().thaw()
        }
        #expect(sicStandardError(result).contains("an unmanaged object cannot be thawed"))
    }

    // MARK: ObjectTests: asynchronous sequence

    /// testAsyncSequenceObserve, through `changes(as:)`: after each of nine writes, the next
    /// element carries the object with the value just written (Geode: a frozen snapshot of it).
    @Test(.timeLimit(.minutes(1)))
    func eachWriteToAnObjectIsTheNextElementOfItsChanges() async throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = try realm.write { realm.create(SICCounter.self, value: ["id": 1]) }
        var changes = object.changes(as: SICCounter.self).makeAsyncIterator()
        for value in 1..<10 {
            let writer = try directory.realm(of: Self.types)
            try writer.write {
                for counter in writer.objects(SICCounter.self) { counter.intCol += 1 }
            }
            guard case let .change(seen, properties)? = await changes.next() else {
                Issue.record("no change after write \(value)")
                return
            }
            #expect(seen.intCol == value)
            #expect(seen.id == 1)
            #expect(seen.isFrozen)
            #expect(properties.map(\.name) == ["intCol"])
        }
    }
}
