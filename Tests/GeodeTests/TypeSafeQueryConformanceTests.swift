import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/QueryTests.swift (generated from
// QueryTests.swift.gyb): Realm's type-safe `where {}` queries, each with the number of
// objects Realm finds. The models of ModernTestObjects.swift, TestValueFactory.swift and
// CustomPersistableTestObjects.swift are restated as `@Persisted` classes prefixed `TQC`,
// with the properties these facts read. Each test names the realm-swift test it comes
// from; the inputs and the counts are Realm's.
//
// What is restated is the type-safe builder itself: every operator on every property
// type (equality, ordering, ranges, `in`, the string operators with their options and
// binary data), `&&`, `||`, `!`, implicit Bool, optionals against nil, AnyRealmValue
// and nested mixed collections, objects, embedded objects, custom-persistable types
// mapped to embedded objects (member by member), enums, lists, sets and maps (element
// tests, `containsAny`, ranges, keys, values, subscripts, `count`, `min`, `max`, `sum`,
// `avg` through a link), linking objects, subqueries and column comparisons. The
// query-language forms of many of these facts are in Data/Fixtures/realm/
// (queries-swift.json, dictionary-core.json, mixed-swift.json); here they are
// asked through `where {}`.
//
// Left out, and why:
// - the NSPredicate text Realm asserts for each query (`_constructPredicate`, testing
//   API of Realm's builder): Geode builds its own engine predicate; only the counts
//   are compared.
// - Realm's subquery spelling `($0.arrayCol.intCol != 123).count` (a predicate with a
//   count): Geode spells a subquery `$0.arrayCol.matching { $0.intCol != 123 }.count`;
//   testSubquery's facts are restated in that spelling.
// - facts Geode rejects at compile time where Realm throws at run time:
//   testMapSubscriptObject (a key path after a map subscript) and the last fact of
//   testSubquery (a subquery without a collection). testAggregateNotSupported
//   (`$0.intCol.avg` on a single value) is restated in KeyPathAggregateQueryTests.
// - testInvalidMemberwiseEquality: Realm throws for a custom-persistable type stored as
//   an embedded object holding a link or a list. Geode compares a nested embedded object
//   member by member too, and stops the program on a list (seen below with
//   testEqualEmbeddedObject); a thrown error cannot be restated as a count.
// - the custom-persistable wrappers of every scalar and collection type
//   (AllCustomPersistableTypes, CustomPersistableCollections): their scalar facts are
//   in GeoCustomConformanceTests; the collections of wrappers are not restated.
// - the collections of enums other than Int and String (EnumInt8 … EnumDouble), whose
//   facts repeat those of EnumInt; the sums and averages of enum collections, which
//   Realm compares with a raw value through `.rawValue` on the collection (Geode has
//   `rawValue` on single enum values only).
// - testKeypathCollectionAggregates* and the key-path aggregates of testCompound*
//   (`$0.list.intCol.min`): restated in KeyPathAggregateQueryTests.

// MARK: - Models

enum TQCIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

enum TQCStringEnum: String, PersistableEnum {
    case value1 = "a"
    case value2 = "c"
    case value3 = "e"
    case value4 = "Foó"
}

/// Realm's EnumInt (the enum collections' values).
enum TQCEnumInt: Int, PersistableEnum {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// Realm's EnumString.
enum TQCEnumString: String, PersistableEnum {
    case value1 = "a"
    case value2 = "b"
    case value3 = "c"
}

/// Realm's ModernAllTypesObject.
final class TQCAllTypes: Object {
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
    @Persisted var objectCol: TQCAllTypes?
    @Persisted var arrayCol: List<TQCAllTypes>
    @Persisted var setCol: MutableSet<TQCAllTypes>
    @Persisted var mapCol: Map<String, TQCAllTypes?>
    @Persisted var anyCol: AnyRealmValue
    @Persisted var uuidCol: UUID
    @Persisted var intEnumCol: TQCIntEnum
    @Persisted var stringEnumCol: TQCStringEnum

    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntEnumCol: TQCIntEnum?
    @Persisted var optStringEnumCol: TQCStringEnum?

    @Persisted var arrayBool: List<Bool>
    @Persisted var arrayInt: List<Int>
    @Persisted var arrayInt8: List<Int8>
    @Persisted var arrayInt16: List<Int16>
    @Persisted var arrayInt32: List<Int32>
    @Persisted var arrayInt64: List<Int64>
    @Persisted var arrayFloat: List<Float>
    @Persisted var arrayDouble: List<Double>
    @Persisted var arrayString: List<String>
    @Persisted var arrayBinary: List<Data>
    @Persisted var arrayDate: List<Date>
    @Persisted var arrayDecimal: List<Decimal128>
    @Persisted var arrayObjectId: List<ObjectId>
    @Persisted var arrayAny: List<AnyRealmValue>
    @Persisted var arrayUuid: List<UUID>

    @Persisted var arrayOptBool: List<Bool?>
    @Persisted var arrayOptInt: List<Int?>
    @Persisted var arrayOptInt8: List<Int8?>
    @Persisted var arrayOptInt16: List<Int16?>
    @Persisted var arrayOptInt32: List<Int32?>
    @Persisted var arrayOptInt64: List<Int64?>
    @Persisted var arrayOptFloat: List<Float?>
    @Persisted var arrayOptDouble: List<Double?>
    @Persisted var arrayOptString: List<String?>
    @Persisted var arrayOptBinary: List<Data?>
    @Persisted var arrayOptDate: List<Date?>
    @Persisted var arrayOptDecimal: List<Decimal128?>
    @Persisted var arrayOptObjectId: List<ObjectId?>
    @Persisted var arrayOptUuid: List<UUID?>

    @Persisted var setBool: MutableSet<Bool>
    @Persisted var setInt: MutableSet<Int>
    @Persisted var setInt8: MutableSet<Int8>
    @Persisted var setInt16: MutableSet<Int16>
    @Persisted var setInt32: MutableSet<Int32>
    @Persisted var setInt64: MutableSet<Int64>
    @Persisted var setFloat: MutableSet<Float>
    @Persisted var setDouble: MutableSet<Double>
    @Persisted var setString: MutableSet<String>
    @Persisted var setBinary: MutableSet<Data>
    @Persisted var setDate: MutableSet<Date>
    @Persisted var setDecimal: MutableSet<Decimal128>
    @Persisted var setObjectId: MutableSet<ObjectId>
    @Persisted var setAny: MutableSet<AnyRealmValue>
    @Persisted var setUuid: MutableSet<UUID>

    @Persisted var setOptBool: MutableSet<Bool?>
    @Persisted var setOptInt: MutableSet<Int?>
    @Persisted var setOptInt8: MutableSet<Int8?>
    @Persisted var setOptInt16: MutableSet<Int16?>
    @Persisted var setOptInt32: MutableSet<Int32?>
    @Persisted var setOptInt64: MutableSet<Int64?>
    @Persisted var setOptFloat: MutableSet<Float?>
    @Persisted var setOptDouble: MutableSet<Double?>
    @Persisted var setOptString: MutableSet<String?>
    @Persisted var setOptBinary: MutableSet<Data?>
    @Persisted var setOptDate: MutableSet<Date?>
    @Persisted var setOptDecimal: MutableSet<Decimal128?>
    @Persisted var setOptObjectId: MutableSet<ObjectId?>
    @Persisted var setOptUuid: MutableSet<UUID?>

    @Persisted var mapBool: Map<String, Bool>
    @Persisted var mapInt: Map<String, Int>
    @Persisted var mapInt8: Map<String, Int8>
    @Persisted var mapInt16: Map<String, Int16>
    @Persisted var mapInt32: Map<String, Int32>
    @Persisted var mapInt64: Map<String, Int64>
    @Persisted var mapFloat: Map<String, Float>
    @Persisted var mapDouble: Map<String, Double>
    @Persisted var mapString: Map<String, String>
    @Persisted var mapBinary: Map<String, Data>
    @Persisted var mapDate: Map<String, Date>
    @Persisted var mapDecimal: Map<String, Decimal128>
    @Persisted var mapObjectId: Map<String, ObjectId>
    @Persisted var mapAny: Map<String, AnyRealmValue>
    @Persisted var mapUuid: Map<String, UUID>

    @Persisted var mapOptBool: Map<String, Bool?>
    @Persisted var mapOptInt: Map<String, Int?>
    @Persisted var mapOptInt8: Map<String, Int8?>
    @Persisted var mapOptInt16: Map<String, Int16?>
    @Persisted var mapOptInt32: Map<String, Int32?>
    @Persisted var mapOptInt64: Map<String, Int64?>
    @Persisted var mapOptFloat: Map<String, Float?>
    @Persisted var mapOptDouble: Map<String, Double?>
    @Persisted var mapOptString: Map<String, String?>
    @Persisted var mapOptBinary: Map<String, Data?>
    @Persisted var mapOptDate: Map<String, Date?>
    @Persisted var mapOptDecimal: Map<String, Decimal128?>
    @Persisted var mapOptObjectId: Map<String, ObjectId?>
    @Persisted var mapOptUuid: Map<String, UUID?>

    @Persisted(originProperty: "objectCol") var linkingObjects: LinkingObjects<TQCAllTypes>
}

/// Realm's LinkToModernAllTypesObject.
final class TQCLink: Object {
    @Persisted var object: TQCAllTypes?
    @Persisted var list: List<TQCAllTypes>
    @Persisted var set: MutableSet<TQCAllTypes>
    @Persisted var map: Map<String, TQCAllTypes?>
}

/// Realm's ModernCollectionObject.
final class TQCCollection: Object {
    @Persisted var list: List<TQCAllTypes>
    @Persisted var set: MutableSet<TQCAllTypes>
    @Persisted var map: Map<String, TQCAllTypes?>
}

/// Realm's ModernCircleObject.
final class TQCCircle: Object {
    @Persisted var obj: TQCCircle?
    @Persisted var array: List<TQCCircle>
}

/// Realm's ModernCollectionsOfEnums, with the Int and String enums.
final class TQCEnumCollections: Object {
    @Persisted var listInt: List<TQCEnumInt>
    @Persisted var listIntOpt: List<TQCEnumInt?>
    @Persisted var listString: List<TQCEnumString>
    @Persisted var listStringOpt: List<TQCEnumString?>
    @Persisted var setInt: MutableSet<TQCEnumInt>
    @Persisted var setIntOpt: MutableSet<TQCEnumInt?>
    @Persisted var setString: MutableSet<TQCEnumString>
    @Persisted var setStringOpt: MutableSet<TQCEnumString?>
    @Persisted var mapInt: Map<String, TQCEnumInt>
    @Persisted var mapIntOpt: Map<String, TQCEnumInt?>
    @Persisted var mapString: Map<String, TQCEnumString>
    @Persisted var mapStringOpt: Map<String, TQCEnumString?>
}

/// Realm's LinkToModernCollectionsOfEnums.
final class TQCLinkToEnumCollections: Object {
    @Persisted var object: TQCEnumCollections?
}

/// Realm's ModernEmbeddedParentObject.
final class TQCEmbeddedParent: Object {
    @Persisted var object: TQCEmbeddedTree1?
    @Persisted var array: List<TQCEmbeddedTree1>
}

/// Realm's ModernEmbeddedTreeObject1 (its backlinks left out).
final class TQCEmbeddedTree1: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var bool = false
    @Persisted var child: TQCEmbeddedTree2?
    @Persisted var children: List<TQCEmbeddedTree2>
}

/// Realm's ModernEmbeddedTreeObject2 (its child and backlinks left out).
final class TQCEmbeddedTree2: EmbeddedObject {
    @Persisted var value = 0
}

/// Realm's ModernEmbeddedObject.
final class TQCEmbeddedValue: EmbeddedObject {
    @Persisted var value = 0
}

/// Realm's EmbeddedObjectWrapper: an Int stored as an embedded object.
struct TQCEmbeddedWrapper: CustomPersistable {
    typealias PersistedType = TQCEmbeddedValue
    var value: Int
    init(value: Int = 1) { self.value = value }
    init(persistedValue: TQCEmbeddedValue) { value = persistedValue.value }
    var persistableValue: TQCEmbeddedValue { TQCEmbeddedValue(value: ["value": value]) }
}

/// Realm's AllCustomPersistableTypes, with its embedded mapping only.
final class TQCCustomTypes: Object {
    @Persisted var object: TQCEmbeddedWrapper?
}

/// Realm's LinkToAllCustomPersistableTypes.
final class TQCLinkToCustomTypes: Object {
    @Persisted var object: TQCCustomTypes?
    @Persisted var list: List<TQCCustomTypes>
    @Persisted var set: MutableSet<TQCCustomTypes>
    @Persisted var map: Map<String, TQCCustomTypes?>
}

/// Realm's AddressSwift.
final class TQCAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var country = ""
}

/// Realm's AddressSwiftWrapper: a struct stored as an embedded address.
struct TQCAddressWrapper: CustomPersistable {
    typealias PersistedType = TQCAddress
    var city = ""
    var country = ""
    init(city: String, country: String) {
        self.city = city
        self.country = country
    }
    init(persistedValue: TQCAddress) {
        city = persistedValue.city
        country = persistedValue.country
    }
    var persistableValue: TQCAddress { TQCAddress(value: ["city": city, "country": country]) }
}

/// Realm's LinkToAddressSwiftWrapper (its `object` and `optObject` both optional here:
/// an embedded object is stored behind an optional link).
final class TQCLinkToAddress: Object {
    @Persisted var object: TQCAddressWrapper?
    @Persisted var optObject: TQCAddressWrapper?
    @Persisted var list: List<TQCAddressWrapper>
    @Persisted var map: Map<String, TQCAddressWrapper>
    @Persisted var optMap: Map<String, TQCAddressWrapper?>
}

// MARK: - Values

/// Realm's `queryValues()` of each type: three values, the scalar properties hold the
/// second, lists and sets the first two, maps "foo" → first and "bar" → second.
enum TQCValues {
    static let bools = [true, true, false]
    static let ints = [1, 3, 5]
    static let int8s: [Int8] = [8, 9, 10]
    static let int16s: [Int16] = [16, 17, 18]
    static let int32s: [Int32] = [32, 33, 34]
    static let int64s: [Int64] = [64, 65, 66]
    static let floats: [Float] = [5.55444333, 6.55444333, 7.55444333]
    static let doubles = [123.456, 234.567, 345.678]
    static let strings = ["Foo", "Foó", "foo"]
    static let datas = [Data(count: 64), Data(count: 128), Data(count: 256)]
    static let dates = [1_000_000.0, 2_000_000, 3_000_000].map { Date(timeIntervalSince1970: $0) }
    static let decimals = [Decimal128(123.456), Decimal128(234.567), Decimal128(345.678)]
    static let objectIds = [
        ObjectId("61184062c1d8f096a3695046"), ObjectId("61184062c1d8f096a3695045"),
        ObjectId("61184062c1d8f096a3695044"),
    ]
    static let uuids = [
        "33041937-05b2-464a-98ad-3910cbe0d09e", "33041937-05b2-464a-98ad-3910cbe0d09f",
        "33041937-05b2-464a-98ad-3910cbe0d08e",
    ].map { UUID(uuidString: $0) ?? UUID() }
    static var anys: [AnyRealmValue] { [.objectId(objectIds[0]), .string("Hello"), .int(123)] }
    static let intEnums: [TQCIntEnum] = [.value1, .value2, .value3]
    static let enumInts: [TQCEnumInt] = [.value1, .value2, .value3]
    static let enumStrings: [TQCEnumString] = [.value1, .value2, .value3]
}

// MARK: - Facts

/// One of Realm's facts: a type-safe query and the number of objects it finds.
struct TQCFact<Root: Object> {
    let text: String
    let count: Int
    let query: (Query<Root>) -> Query<Bool>

    init(_ text: String, _ count: Int, _ query: @escaping (Query<Root>) -> Query<Bool>) {
        self.text = text
        self.count = count
        self.query = query
    }
}

/// Realm's validate… helpers, as lists of facts.
enum TQCFacts {
    /// validateEquals: `== value` finds `equal`, `!= value` finds `notEqual`.
    static func equals<Root: Object, T>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<T>, _ value: T, equal: Int = 1, notEqual: Int = 0
    ) -> [TQCFact<Root>] {
        [
            TQCFact("\(name) == \(value)", equal) { lhs($0) == value },
            TQCFact("\(name) != \(value)", notEqual) { lhs($0) != value },
        ]
    }

    /// validateEqualsNil: an optional holding a value is not nil.
    static func equalsNil<Root: Object, T: ExpressibleByNilLiteral>(_ name: String, _ lhs: @escaping (Query<Root>) -> Query<T>)
        -> [TQCFact<Root>]
    {
        [TQCFact("\(name) == nil", 0) { lhs($0) == nil }, TQCFact("\(name) != nil", 1) { lhs($0) != nil }]
    }

    /// validateNumericComparisons and validateStringComparisons.
    static func ordered<Root: Object, T>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<T>, _ value: T,
        greater: Int = 0, greaterOrEqual: Int = 1, less: Int = 0, lessOrEqual: Int = 1
    ) -> [TQCFact<Root>] {
        [
            TQCFact("\(name) > \(value)", greater) { lhs($0) > value },
            TQCFact("\(name) >= \(value)", greaterOrEqual) { lhs($0) >= value },
            TQCFact("\(name) < \(value)", less) { lhs($0) < value },
            TQCFact("\(name) <= \(value)", lessOrEqual) { lhs($0) <= value },
        ]
    }

    /// validateNumericContains on a property holding the second of `values`.
    static func ranges<Root: Object, T: Comparable>(_ name: String, _ lhs: @escaping (Query<Root>) -> Query<T>, _ values: [T])
        -> [TQCFact<Root>]
    {
        [
            TQCFact("\(name) in v0..<v2", 1) { lhs($0).contains(values[0]..<values[2]) },
            TQCFact("\(name) in v0..<v1", 0) { lhs($0).contains(values[0]..<values[1]) },
            TQCFact("\(name) in v0...v2", 1) { lhs($0).contains(values[0]...values[2]) },
            TQCFact("\(name) in v0...v1", 1) { lhs($0).contains(values[0]...values[1]) },
        ]
    }

    /// validateNumericContains on an optional property.
    static func optionalRanges<Root: Object, T: Comparable>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<T?>, _ values: [T]
    ) -> [TQCFact<Root>] {
        [
            TQCFact("\(name) in v0..<v2", 1) { lhs($0).contains(values[0]..<values[2]) },
            TQCFact("\(name) in v0..<v1", 0) { lhs($0).contains(values[0]..<values[1]) },
            TQCFact("\(name) in v0...v2", 1) { lhs($0).contains(values[0]...values[2]) },
            TQCFact("\(name) in v0...v1", 1) { lhs($0).contains(values[0]...values[1]) },
        ]
    }

    /// testContainsIn: the value is in a list holding it, and not outside it.
    static func memberOf<Root: Object, T>(_ name: String, _ lhs: @escaping (Query<Root>) -> Query<T>, _ values: [T])
        -> [TQCFact<Root>]
    {
        [
            TQCFact("\(name) IN {v0, v1}", 1) { lhs($0).in([values[0], values[1]]) },
            TQCFact("NOT \(name) IN {v1}", 0) { !lhs($0).in([values[1]]) },
        ]
    }

    /// validateCollectionContains (and validateCollectionContainsNil with `nilValue`),
    /// then testListContainsAnyInObject, testSetContainsAnyInObject and testAny.
    static func elements<Root: Object, C: _QueryCollection>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<C>, _ values: [C._QueryElement],
        nilValue: C._QueryElement? = nil
    ) -> [TQCFact<Root>] {
        var facts: [TQCFact<Root>] = [
            TQCFact("v0 IN \(name)", 1) { lhs($0).contains(values[0]) },
            TQCFact("v2 IN \(name)", 0) { lhs($0).contains(values[2]) },
            TQCFact("NOT v0 IN \(name)", 0) { !lhs($0).contains(values[0]) },
            TQCFact("NOT v2 IN \(name)", 1) { !lhs($0).contains(values[2]) },
            TQCFact("ANY \(name) IN {v0, v1}", 1) { lhs($0).containsAny(in: [values[0], values[1]]) },
            TQCFact("ANY \(name) == v0", 1) { lhs($0) == values[0] },
        ]
        if let none = nilValue {
            facts.append(TQCFact("nil IN \(name)", 0) { lhs($0).contains(none) })
            facts.append(TQCFact("NOT nil IN \(name)", 1) { !lhs($0).contains(none) })
        }
        return facts
    }

    /// The same for a map's values (testCollectionContainsElement, testMapContainsAnyInObject).
    static func mapElements<Root: Object, M: _QueryMap>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<M>, _ values: [M._QueryValue],
        nilValue: M._QueryValue? = nil
    ) -> [TQCFact<Root>] {
        var facts: [TQCFact<Root>] = [
            TQCFact("v0 IN \(name)", 1) { lhs($0).contains(values[0]) },
            TQCFact("v2 IN \(name)", 0) { lhs($0).contains(values[2]) },
            TQCFact("NOT v0 IN \(name)", 0) { !lhs($0).contains(values[0]) },
            TQCFact("NOT v2 IN \(name)", 1) { !lhs($0).contains(values[2]) },
            TQCFact("ANY \(name) IN {v0, v1}", 1) { lhs($0).containsAny(in: [values[0], values[1]]) },
        ]
        if let none = nilValue {
            facts.append(TQCFact("nil IN \(name)", 0) { lhs($0).contains(none) })
            facts.append(TQCFact("NOT nil IN \(name)", 1) { !lhs($0).contains(none) })
        }
        return facts
    }

    /// validateAllKeys: the keys "foo" and "bar", tested with each string operator.
    static func keys<Root: Object, M: _QueryMap>(_ name: String, _ lhs: @escaping (Query<Root>) -> Query<M>) -> [TQCFact<Root>] {
        let cd: StringOptions = [.caseInsensitive, .diacriticInsensitive]
        return [
            TQCFact("ANY \(name).@allKeys == foo", 1) { lhs($0).keys == "foo" },
            TQCFact("ANY \(name).@allKeys != foo", 1) { lhs($0).keys != "foo" },
            TQCFact("ANY \(name).@allKeys CONTAINS[cd] foo", 1) { lhs($0).keys.contains("foo", options: cd) },
            TQCFact("ANY \(name).@allKeys CONTAINS foo", 1) { lhs($0).keys.contains("foo") },
            TQCFact("ANY \(name).@allKeys BEGINSWITH[cd] foo", 1) { lhs($0).keys.starts(with: "foo", options: cd) },
            TQCFact("ANY \(name).@allKeys BEGINSWITH foo", 1) { lhs($0).keys.starts(with: "foo") },
            TQCFact("ANY \(name).@allKeys ENDSWITH[cd] foo", 1) { lhs($0).keys.ends(with: "foo", options: cd) },
            TQCFact("ANY \(name).@allKeys ENDSWITH foo", 1) { lhs($0).keys.ends(with: "foo") },
            TQCFact("ANY \(name).@allKeys LIKE[c] foo", 1) { lhs($0).keys.like("foo", caseInsensitive: true) },
            TQCFact("ANY \(name).@allKeys LIKE foo", 1) { lhs($0).keys.like("foo") },
        ]
    }

    /// validateMapSubscriptEquality (and, for numbers, validateMapSubscriptNumericComparisons).
    static func subscripted<Root: Object, M: _QueryMap>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<M>, _ value: M._QueryValue, ordered: Bool
    ) -> [TQCFact<Root>] {
        let some = Optional(value)
        var facts: [TQCFact<Root>] = [
            TQCFact("\(name)['foo'] == v0", 1) { lhs($0)["foo"] == some },
            TQCFact("\(name)['foo'] != v0", 0) { lhs($0)["foo"] != some },
        ]
        if ordered {
            facts += [
                TQCFact("\(name)['foo'] > v0", 0) { lhs($0)["foo"] > some },
                TQCFact("\(name)['foo'] >= v0", 1) { lhs($0)["foo"] >= some },
                TQCFact("\(name)['foo'] < v0", 0) { lhs($0)["foo"] < some },
                TQCFact("\(name)['foo'] <= v0", 1) { lhs($0)["foo"] <= some },
            ]
        }
        return facts
    }

    /// testMapAllValues: the values compared as a whole (any value matches).
    static func values<Root: Object, M: _QueryMap>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<M>, _ values: [M._QueryValue], ordered: Bool,
        notEqual: Int = 1
    ) -> [TQCFact<Root>] {
        var facts = equals("ANY \(name).@allValues", { lhs($0).values }, values[0], notEqual: notEqual)
        if ordered { facts += self.ordered("ANY \(name).@allValues", { lhs($0).values }, values[1], less: 1) }
        return facts
    }

    /// testCollectionContainsRange on a collection holding the first two values.
    static func collectionRanges<Root: Object, C: _QueryCollection>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<C>, _ values: [C._QueryElement]
    ) -> [TQCFact<Root>] where C._QueryElement: Comparable {
        [
            TQCFact("\(name).@min >= v0 && \(name).@max <= v1", 1) { lhs($0).contains(values[0]...values[1]) },
            TQCFact("\(name).@min >= v0 && \(name).@max < v1", 0) { lhs($0).contains(values[0]..<values[1]) },
        ]
    }

    /// The same for a map's values.
    static func mapRanges<Root: Object, M: _QueryMap>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<M>, _ values: [M._QueryValue]
    ) -> [TQCFact<Root>] where M._QueryValue: Comparable {
        [
            TQCFact("\(name).@min >= v0 && \(name).@max <= v1", 1) { lhs($0).contains(values[0]...values[1]) },
            TQCFact("\(name).@min >= v0 && \(name).@max < v1", 0) { lhs($0).contains(values[0]..<values[1]) },
        ]
    }

    /// testCollectionContainsRange on a collection of optionals.
    static func optionalCollectionRanges<Root: Object, C: _QueryCollection, W: Comparable>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<C>, _ values: [W]
    ) -> [TQCFact<Root>] where C._QueryElement == W? {
        [
            TQCFact("\(name).@min >= v0 && \(name).@max <= v1", 1) { lhs($0).contains(values[0]...values[1]) },
            TQCFact("\(name).@min >= v0 && \(name).@max < v1", 0) { lhs($0).contains(values[0]..<values[1]) },
        ]
    }

    /// testCollectionContainsRange on a map of optionals.
    static func optionalMapRanges<Root: Object, M: _QueryMap, W: Comparable>(
        _ name: String, _ lhs: @escaping (Query<Root>) -> Query<M>, _ values: [W]
    ) -> [TQCFact<Root>] where M._QueryValue == W? {
        [
            TQCFact("\(name).@min >= v0 && \(name).@max <= v1", 1) { lhs($0).contains(values[0]...values[1]) },
            TQCFact("\(name).@min >= v0 && \(name).@max < v1", 0) { lhs($0).contains(values[0]..<values[1]) },
        ]
    }

    /// validateSum and validateAverage: `aggregate` of a collection equal to `total`, above `smaller`.
    static func summed<Root: Object, T>(
        _ name: String, _ aggregate: @escaping (Query<Root>) -> Query<T>, _ total: T, _ smaller: T
    ) -> [TQCFact<Root>] {
        [
            TQCFact("\(name) == total", 1) { aggregate($0) == total },
            TQCFact("\(name) == v0", 0) { aggregate($0) == smaller },
            TQCFact("\(name) != total", 0) { aggregate($0) != total },
            TQCFact("\(name) != v0", 1) { aggregate($0) != smaller },
            TQCFact("\(name) > total", 0) { aggregate($0) > total },
            TQCFact("\(name) > v0", 1) { aggregate($0) > smaller },
            TQCFact("\(name) < total", 0) { aggregate($0) < total },
            TQCFact("\(name) >= total", 1) { aggregate($0) >= total },
            TQCFact("\(name) <= total", 1) { aggregate($0) <= total },
        ]
    }

    /// validateMin and validateMax: `aggregate` equal to `extreme`, not to `other`.
    static func extreme<Root: Object, T>(
        _ name: String, _ aggregate: @escaping (Query<Root>) -> Query<T>, _ extreme: T, _ other: T
    ) -> [TQCFact<Root>] {
        [
            TQCFact("\(name) == extreme", 1) { aggregate($0) == extreme },
            TQCFact("\(name) == other", 0) { aggregate($0) == other },
            TQCFact("\(name) != extreme", 0) { aggregate($0) != extreme },
            TQCFact("\(name) != other", 1) { aggregate($0) != other },
            TQCFact("\(name) > extreme", 0) { aggregate($0) > extreme },
            TQCFact("\(name) < extreme", 0) { aggregate($0) < extreme },
            TQCFact("\(name) >= extreme", 1) { aggregate($0) >= extreme },
            TQCFact("\(name) <= extreme", 1) { aggregate($0) <= extreme },
        ]
    }

    /// validateCount: a collection of three.
    static func counted<Root: Object>(_ name: String, _ count: @escaping (Query<Root>) -> Query<Int>) -> [TQCFact<Root>] {
        [
            TQCFact("\(name).@count == 3", 1) { count($0) == 3 },
            TQCFact("\(name).@count == 0", 0) { count($0) == 0 },
            TQCFact("\(name).@count != 3", 0) { count($0) != 3 },
            TQCFact("\(name).@count != 2", 1) { count($0) != 2 },
            TQCFact("\(name).@count < 3", 0) { count($0) < 3 },
            TQCFact("\(name).@count < 4", 1) { count($0) < 4 },
            TQCFact("\(name).@count > 2", 1) { count($0) > 2 },
            TQCFact("\(name).@count > 3", 0) { count($0) > 3 },
            TQCFact("\(name).@count <= 2", 0) { count($0) <= 2 },
            TQCFact("\(name).@count <= 3", 1) { count($0) <= 3 },
            TQCFact("\(name).@count >= 3", 1) { count($0) >= 3 },
            TQCFact("\(name).@count >= 4", 0) { count($0) >= 4 },
        ]
    }
}

/// The string modifiers of Realm's string tests.
let tqcStringModifiers: [(String, StringOptions)] = [
    ("", []), ("[c]", [.caseInsensitive]), ("[d]", [.diacriticInsensitive]),
    ("[cd]", [.caseInsensitive, .diacriticInsensitive]),
]

// MARK: - Suite

@Suite struct TypeSafeQueryConformanceTests {
    static let types: [ObjectBase.Type] = [
        TQCAllTypes.self, TQCLink.self, TQCCollection.self, TQCCircle.self, TQCEnumCollections.self,
        TQCLinkToEnumCollections.self, TQCEmbeddedParent.self, TQCEmbeddedTree1.self, TQCEmbeddedTree2.self,
        TQCEmbeddedValue.self, TQCCustomTypes.self, TQCLinkToCustomTypes.self, TQCAddress.self,
        TQCLinkToAddress.self,
    ]

    let directory: TemporaryDirectory
    let realm: Realm

    /// Realm's setUp: one object of each class, scalars holding the second value,
    /// lists and sets the first two, maps "foo" → first, "bar" → second.
    init() throws {
        directory = try TemporaryDirectory()
        realm = try directory.realm(of: Self.types)
        let object = TQCAllTypes()
        Self.fillScalars(object)
        Self.fillCollections(object, count: 2, map: { values in ["foo": values[0], "bar": values[1]] })
        let enums = TQCEnumCollections()
        Self.fill(enums, TQCValues.enumInts, count: 2, \.listInt, \.listIntOpt, \.setInt, \.setIntOpt, \.mapInt, \.mapIntOpt)
        Self.fill(
            enums, TQCValues.enumStrings, count: 2, \.listString, \.listStringOpt, \.setString, \.setStringOpt,
            \.mapString, \.mapStringOpt)
        let custom = TQCCustomTypes()
        try realm.write {
            realm.add(object)
            realm.add(enums)
            realm.add(custom)
            realm.add(TQCLink())
        }
    }

    static func fillScalars(_ o: TQCAllTypes) {
        o.boolCol = false
        o.intCol = TQCValues.ints[1]
        o.int8Col = TQCValues.int8s[1]
        o.int16Col = TQCValues.int16s[1]
        o.int32Col = TQCValues.int32s[1]
        o.int64Col = TQCValues.int64s[1]
        o.floatCol = TQCValues.floats[1]
        o.doubleCol = TQCValues.doubles[1]
        o.stringCol = TQCValues.strings[1]
        o.binaryCol = TQCValues.datas[1]
        o.dateCol = TQCValues.dates[1]
        o.decimalCol = TQCValues.decimals[1]
        o.objectIdCol = TQCValues.objectIds[1]
        o.uuidCol = TQCValues.uuids[1]
        o.intEnumCol = .value2
        o.stringEnumCol = .value2
        o.optBoolCol = false
        o.optIntCol = TQCValues.ints[1]
        o.optInt8Col = TQCValues.int8s[1]
        o.optInt16Col = TQCValues.int16s[1]
        o.optInt32Col = TQCValues.int32s[1]
        o.optInt64Col = TQCValues.int64s[1]
        o.optFloatCol = TQCValues.floats[1]
        o.optDoubleCol = TQCValues.doubles[1]
        o.optStringCol = TQCValues.strings[1]
        o.optBinaryCol = TQCValues.datas[1]
        o.optDateCol = TQCValues.dates[1]
        o.optDecimalCol = TQCValues.decimals[1]
        o.optObjectIdCol = TQCValues.objectIds[1]
        o.optUuidCol = TQCValues.uuids[1]
        o.optIntEnumCol = .value2
        o.optStringEnumCol = .value2
    }

    /// Each list and set gets the first `count` values of its type, each map `map(values)`.
    static func fillCollections(
        _ o: TQCAllTypes, count: Int, map: (_ values: [Any]) -> [String: Any]
    ) {
        func fill<V: _PersistableValue & Hashable>(
            _ values: [V], _ list: KeyPath<TQCAllTypes, List<V>>, _ optList: KeyPath<TQCAllTypes, List<V?>>?,
            _ set: KeyPath<TQCAllTypes, MutableSet<V>>, _ optSet: KeyPath<TQCAllTypes, MutableSet<V?>>?,
            _ plain: KeyPath<TQCAllTypes, Map<String, V>>, _ optional: KeyPath<TQCAllTypes, Map<String, V?>>?
        ) {
            let first = Array(values.prefix(count))
            o[keyPath: list].append(objectsIn: first)
            o[keyPath: set].insert(objectsIn: first)
            if let optList { o[keyPath: optList].append(objectsIn: first.map { Optional($0) }) }
            if let optSet { o[keyPath: optSet].insert(objectsIn: first.map { Optional($0) }) }
            for (key, value) in map(values) {
                guard let value = value as? V else { continue }
                o[keyPath: plain][key] = value
                if let optional { o[keyPath: optional][key] = .some(value) }
            }
        }
        fill(TQCValues.bools, \.arrayBool, \.arrayOptBool, \.setBool, \.setOptBool, \.mapBool, \.mapOptBool)
        fill(TQCValues.ints, \.arrayInt, \.arrayOptInt, \.setInt, \.setOptInt, \.mapInt, \.mapOptInt)
        fill(TQCValues.int8s, \.arrayInt8, \.arrayOptInt8, \.setInt8, \.setOptInt8, \.mapInt8, \.mapOptInt8)
        fill(TQCValues.int16s, \.arrayInt16, \.arrayOptInt16, \.setInt16, \.setOptInt16, \.mapInt16, \.mapOptInt16)
        fill(TQCValues.int32s, \.arrayInt32, \.arrayOptInt32, \.setInt32, \.setOptInt32, \.mapInt32, \.mapOptInt32)
        fill(TQCValues.int64s, \.arrayInt64, \.arrayOptInt64, \.setInt64, \.setOptInt64, \.mapInt64, \.mapOptInt64)
        fill(TQCValues.floats, \.arrayFloat, \.arrayOptFloat, \.setFloat, \.setOptFloat, \.mapFloat, \.mapOptFloat)
        fill(
            TQCValues.doubles, \.arrayDouble, \.arrayOptDouble, \.setDouble, \.setOptDouble, \.mapDouble,
            \.mapOptDouble)
        fill(
            TQCValues.strings, \.arrayString, \.arrayOptString, \.setString, \.setOptString, \.mapString,
            \.mapOptString)
        fill(TQCValues.datas, \.arrayBinary, \.arrayOptBinary, \.setBinary, \.setOptBinary, \.mapBinary, \.mapOptBinary)
        fill(TQCValues.dates, \.arrayDate, \.arrayOptDate, \.setDate, \.setOptDate, \.mapDate, \.mapOptDate)
        fill(
            TQCValues.decimals, \.arrayDecimal, \.arrayOptDecimal, \.setDecimal, \.setOptDecimal, \.mapDecimal,
            \.mapOptDecimal)
        fill(
            TQCValues.objectIds, \.arrayObjectId, \.arrayOptObjectId, \.setObjectId, \.setOptObjectId,
            \.mapObjectId, \.mapOptObjectId)
        fill(TQCValues.uuids, \.arrayUuid, \.arrayOptUuid, \.setUuid, \.setOptUuid, \.mapUuid, \.mapOptUuid)
        fill(TQCValues.anys, \.arrayAny, nil, \.setAny, nil, \.mapAny, nil)
    }

    static func fill<V: _PersistableValue & Hashable>(
        _ o: TQCEnumCollections, _ values: [V], count: Int, _ list: KeyPath<TQCEnumCollections, List<V>>,
        _ optList: KeyPath<TQCEnumCollections, List<V?>>, _ set: KeyPath<TQCEnumCollections, MutableSet<V>>,
        _ optSet: KeyPath<TQCEnumCollections, MutableSet<V?>>, _ map: KeyPath<TQCEnumCollections, Map<String, V>>,
        _ optMap: KeyPath<TQCEnumCollections, Map<String, V?>>
    ) {
        let first = Array(values.prefix(count))
        o[keyPath: list].append(objectsIn: first)
        o[keyPath: optList].append(objectsIn: first.map { Optional($0) })
        o[keyPath: set].insert(objectsIn: first)
        o[keyPath: optSet].insert(objectsIn: first.map { Optional($0) })
        let entries: [(String, V)] = count == 2 ? [("foo", values[0]), ("bar", values[1])] : [
            ("foo", values[2]), ("bar", values[1]), ("baz", values[0]),
        ]
        for (key, value) in entries {
            o[keyPath: map][key] = value
            o[keyPath: optMap][key] = .some(value)
        }
    }

    /// Realm's initLinkedCollectionAggregatesObject: everything deleted, then a link to a
    /// new object whose lists and sets hold all three values, its maps "foo" → third,
    /// "bar" → second, "baz" → first; and the same for the enum collections.
    func linkedAggregates() throws {
        try realm.write {
            realm.deleteAll()
            let child = TQCAllTypes()
            Self.fillCollections(child, count: 3, map: { values in ["foo": values[2], "bar": values[1], "baz": values[0]] })
            realm.create(TQCLink.self, value: ["object": child])
            let enums = TQCEnumCollections()
            Self.fill(
                enums, TQCValues.enumInts, count: 3, \.listInt, \.listIntOpt, \.setInt, \.setIntOpt, \.mapInt,
                \.mapIntOpt)
            Self.fill(
                enums, TQCValues.enumStrings, count: 3, \.listString, \.listStringOpt, \.setString, \.setStringOpt,
                \.mapString, \.mapStringOpt)
            realm.create(TQCLinkToEnumCollections.self, value: ["object": enums])
        }
    }

    func check<Root: Object>(_ facts: [TQCFact<Root>], sourceLocation: SourceLocation = #_sourceLocation) {
        let all = realm.objects(Root.self)
        for fact in facts {
            #expect(all.where(fact.query).count == fact.count, "\(fact.text)", sourceLocation: sourceLocation)
        }
    }

    var first: TQCAllTypes {
        get throws { try #require(realm.objects(TQCAllTypes.self).first) }
    }

    // MARK: Equality

    /// `== v1` and `!= v1` of every scalar property, and `== nil`, `!= nil` of the optional ones.
    static var scalarEqualities: [TQCFact<TQCAllTypes>] {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.equals("boolCol", \.boolCol, false)
        facts += F.equals("intCol", \.intCol, V.ints[1])
        facts += F.equals("int8Col", \.int8Col, V.int8s[1])
        facts += F.equals("int16Col", \.int16Col, V.int16s[1])
        facts += F.equals("int32Col", \.int32Col, V.int32s[1])
        facts += F.equals("int64Col", \.int64Col, V.int64s[1])
        facts += F.equals("floatCol", \.floatCol, V.floats[1])
        facts += F.equals("doubleCol", \.doubleCol, V.doubles[1])
        facts += F.equals("stringCol", \.stringCol, V.strings[1])
        facts += F.equals("binaryCol", \.binaryCol, V.datas[1])
        facts += F.equals("dateCol", \.dateCol, V.dates[1])
        facts += F.equals("decimalCol", \.decimalCol, V.decimals[1])
        facts += F.equals("objectIdCol", \.objectIdCol, V.objectIds[1])
        facts += F.equals("uuidCol", \.uuidCol, V.uuids[1])
        facts += F.equals("intEnumCol", \.intEnumCol, TQCIntEnum.value2)
        facts += F.equals("stringEnumCol", \.stringEnumCol, TQCStringEnum.value2)
        facts += F.equals("optBoolCol", \.optBoolCol, false)
        facts += F.equals("optIntCol", \.optIntCol, V.ints[1])
        facts += F.equals("optInt8Col", \.optInt8Col, V.int8s[1])
        facts += F.equals("optInt16Col", \.optInt16Col, V.int16s[1])
        facts += F.equals("optInt32Col", \.optInt32Col, V.int32s[1])
        facts += F.equals("optInt64Col", \.optInt64Col, V.int64s[1])
        facts += F.equals("optFloatCol", \.optFloatCol, V.floats[1])
        facts += F.equals("optDoubleCol", \.optDoubleCol, V.doubles[1])
        facts += F.equals("optStringCol", \.optStringCol, V.strings[1])
        facts += F.equals("optBinaryCol", \.optBinaryCol, V.datas[1])
        facts += F.equals("optDateCol", \.optDateCol, V.dates[1])
        facts += F.equals("optDecimalCol", \.optDecimalCol, V.decimals[1])
        facts += F.equals("optObjectIdCol", \.optObjectIdCol, V.objectIds[1])
        facts += F.equals("optUuidCol", \.optUuidCol, V.uuids[1])
        facts += F.equals("optIntEnumCol", \.optIntEnumCol, TQCIntEnum.value2)
        facts += F.equals("optStringEnumCol", \.optStringEnumCol, TQCStringEnum.value2)
        facts += F.equalsNil("optBoolCol", \.optBoolCol)
        facts += F.equalsNil("optIntCol", \.optIntCol)
        facts += F.equalsNil("optInt8Col", \.optInt8Col)
        facts += F.equalsNil("optInt16Col", \.optInt16Col)
        facts += F.equalsNil("optInt32Col", \.optInt32Col)
        facts += F.equalsNil("optInt64Col", \.optInt64Col)
        facts += F.equalsNil("optFloatCol", \.optFloatCol)
        facts += F.equalsNil("optDoubleCol", \.optDoubleCol)
        facts += F.equalsNil("optStringCol", \.optStringCol)
        facts += F.equalsNil("optBinaryCol", \.optBinaryCol)
        facts += F.equalsNil("optDateCol", \.optDateCol)
        facts += F.equalsNil("optDecimalCol", \.optDecimalCol)
        facts += F.equalsNil("optObjectIdCol", \.optObjectIdCol)
        facts += F.equalsNil("optUuidCol", \.optUuidCol)
        facts += F.equalsNil("optIntEnumCol", \.optIntEnumCol)
        facts += F.equalsNil("optStringEnumCol", \.optStringEnumCol)
        return facts
    }

    /// realm-swift QueryTests.swift testEquals
    @Test func everyScalarPropertyEqualsItsValueAndOptionalsAreNotNil() {
        check(Self.scalarEqualities)
    }

    /// realm-swift QueryTests.swift testImplicitBooleanOperation
    @Test func aBoolKeyPathAloneMeansTrueAndNotMeansFalse() throws {
        check([
            TQCFact<TQCAllTypes>("boolCol == true", 0) { $0.boolCol },
            TQCFact("boolCol == false", 1) { !$0.boolCol },
            TQCFact("intCol == 0 && boolCol == true", 0) { $0.intCol == 0 && $0.boolCol },
            TQCFact("boolCol == true && intCol == 0", 0) { $0.boolCol && $0.intCol == 0 },
            TQCFact("intCol == 0 || boolCol == false", 1) { $0.intCol == 0 || !$0.boolCol },
            TQCFact("boolCol == false || intCol == 0", 1) { !$0.boolCol || $0.intCol == 0 },
        ])
        try linkedAggregates()
        check([
            TQCFact<TQCLink>("object.boolCol == true", 0) { $0.object.boolCol },
            TQCFact("object.boolCol == false", 1) { !$0.object.boolCol },
        ])
        try realm.write {
            let parent = TQCEmbeddedParent()
            parent.object = TQCEmbeddedTree1()
            realm.add(parent)
        }
        check([
            TQCFact<TQCEmbeddedParent>("object.bool == true", 0) { $0.object.bool },
            TQCFact("object.bool == false", 1) { !$0.object.bool },
        ])
    }

    /// The twelve kinds of mixed value of Realm's AnyRealmValue tests.
    func mixedValues() throws -> [AnyRealmValue] {
        let circle = TQCCircle()
        try realm.write { realm.add(circle) }
        return [
            .none, .int(123), .bool(true), .float(123.456), .double(123.456), .string("FooBar"),
            .data(Data(count: 64)), .date(Date(timeIntervalSince1970: 1_000_000)), .object(circle),
            .objectId(TQCValues.objectIds[0]), .decimal128(Decimal128(123.456)), .uuid(TQCValues.uuids[0]),
        ]
    }

    /// realm-swift QueryTests.swift testEqualAnyRealmValue and testNotEqualAnyRealmValue
    @Test func aMixedPropertyEqualsEachKindOfValueItHolds() throws {
        let object = try first
        for value in try mixedValues() {
            try realm.write { object.anyCol = value }
            check([
                TQCFact<TQCAllTypes>("anyCol == \(value)", 1) { $0.anyCol == value },
                TQCFact("anyCol != \(value)", 0) { $0.anyCol != value },
            ])
        }
    }

    /// realm-swift QueryTests.swift testEqualAnyRealmList and testEqualAnyRealmDictionary
    @Test func aMixedPropertyHoldingACollectionEqualsTheSameCollection() throws {
        let object = try first
        for value in try mixedValues() {
            try realm.write { object.anyCol = .fromArray([value]) }
            check([TQCFact<TQCAllTypes>("anyCol == [\(value)]", 1) { $0.anyCol == .fromArray([value]) }])
            try realm.write { object.anyCol = .fromDictionary(["key": value]) }
            check([
                TQCFact<TQCAllTypes>("anyCol == {key: \(value)}", 1) { $0.anyCol == .fromDictionary(["key": value]) }
            ])
        }
    }

    /// realm-swift QueryTests.swift testNestedAnyRealmList
    @Test func nestedMixedListsAreReachedByIndexAndByAnyElement() throws {
        let object = try first
        let level2 = AnyRealmValue.fromArray([.string("john"), .bool(false)])
        let level3 = AnyRealmValue.fromArray([level2, .double(76.54)])
        let level4 = AnyRealmValue.fromArray([level3, .int(99)])
        try realm.write { object.anyCol = .fromArray([level4, .float(20.34)]) }
        check([
            TQCFact<TQCAllTypes>("anyCol[1] == 20.34", 1) { $0.anyCol[1] == .float(20.34) },
            TQCFact("anyCol[*] == 20.34", 1) { $0.anyCol.any == .float(20.34) },
            TQCFact("anyCol[0][1] == 99", 1) { $0.anyCol[0][1] == .int(99) },
            TQCFact("anyCol[0][0][1] == 76.54", 1) { $0.anyCol[0][0][1] == .double(76.54) },
            TQCFact("anyCol[0][0][*] == 76.54", 1) { $0.anyCol[0][0].any == .double(76.54) },
            TQCFact("anyCol[0][0][0][0] == 'john'", 1) { $0.anyCol[0][0][0][0] == .string("john") },
            TQCFact("anyCol[0][0][0][1] == false", 1) { $0.anyCol[0][0][0][1] == .bool(false) },
            TQCFact("anyCol[0][0][0][*] == 'john'", 1) { $0.anyCol[0][0][0].any == .string("john") },
            TQCFact("anyCol[0][0][0][*] == false", 1) { $0.anyCol[0][0][0].any == .bool(false) },
            TQCFact("anyCol[0][1] >= 99", 1) { $0.anyCol[0][1] >= .int(99) },
            TQCFact("anyCol[0][1] <= 99", 1) { $0.anyCol[0][1] <= .int(99) },
            TQCFact("anyCol[0][1] != 99", 0) { $0.anyCol[0][1] != .int(99) },
            TQCFact("anyCol['#any'] == 20.34 (a key, not every element)", 0) { $0.anyCol["#any"] == .float(20.34) },
        ])
    }

    /// realm-swift QueryTests.swift testNestedAnyRealmDictionary
    @Test func nestedMixedDictionariesAreReachedByKeyAndByAnyValue() throws {
        let object = try first
        let level2 = AnyRealmValue.fromDictionary(["key6": .string("john"), "key7": .bool(false)])
        let level3 = AnyRealmValue.fromDictionary(["key4": level2, "key5": .double(76.54)])
        let level4 = AnyRealmValue.fromDictionary(["key2": level3, "key3": .int(99)])
        try realm.write { object.anyCol = .fromDictionary(["key0": level4, "key1": .float(20.34)]) }
        check([
            TQCFact<TQCAllTypes>("anyCol['key1'] == 20.34", 1) { $0.anyCol["key1"] == .float(20.34) },
            TQCFact("anyCol[*] == 20.34", 1) { $0.anyCol.any == .float(20.34) },
            TQCFact("anyCol['key0']['key3'] == 99", 1) { $0.anyCol["key0"]["key3"] == .int(99) },
            TQCFact("anyCol['key0'][*] == 99", 1) { $0.anyCol["key0"].any == .int(99) },
            TQCFact("anyCol['key0']['key2']['key5'] == 76.54", 1) {
                $0.anyCol["key0"]["key2"]["key5"] == .double(76.54)
            },
            TQCFact("anyCol['key0']['key2'][*] == 76.54", 1) { $0.anyCol["key0"]["key2"].any == .double(76.54) },
            TQCFact("anyCol['key0']['key2']['key4']['key6'] == 'john'", 1) {
                $0.anyCol["key0"]["key2"]["key4"]["key6"] == .string("john")
            },
            TQCFact("anyCol['key0']['key2']['key4']['key7'] == false", 1) {
                $0.anyCol["key0"]["key2"]["key4"]["key7"] == .bool(false)
            },
            TQCFact("anyCol['key0'][*] >= 99", 1) { $0.anyCol["key0"].any >= .int(99) },
            TQCFact("anyCol['key0'][*] <= 99", 1) { $0.anyCol["key0"].any <= .int(99) },
            TQCFact("anyCol['key0']['key3'] != 99", 0) { $0.anyCol["key0"]["key3"] != .int(99) },
            TQCFact("anyCol['key0']['#any'] == 99 (a key, not every value)", 0) {
                $0.anyCol["key0"]["#any"] == .int(99)
            },
        ])
    }

    /// realm-swift QueryTests.swift testEqualObject and testNotEqualObject
    @Test func aLinkEqualsTheObjectItLinksTo() throws {
        let object = try first
        let nested = TQCAllTypes()
        try realm.write { object.objectCol = nested }
        check([
            TQCFact<TQCAllTypes>("objectCol == nested", 1) { $0.objectCol == nested },
            // The nested object's own link is nil, which is not the nested object.
            TQCFact("objectCol != nested", 1) { $0.objectCol != nested },
        ])
    }

    /// realm-swift QueryTests.swift testEqualEmbeddedObject and testNotEqualEmbeddedObject:
    /// an embedded object equals itself, not another one with the same values.
    @Test func anEmbeddedObjectEqualsItselfNotAnEqualCopy() async {
        await withKnownIssue(
            "Geode compares an embedded object member by member (an equal unmanaged copy matches), and stops the program when the object holds a list, as this one does"
        ) {
            await #expect(processExitsWith: .success) {
                let directory = try TemporaryDirectory()
                let realm = try directory.realm(of: TypeSafeQueryConformanceTests.types)
                let nested = TQCEmbeddedTree1()
                nested.value = 123
                let parent = TQCEmbeddedParent()
                parent.object = nested
                try realm.write { realm.add(parent) }
                let copy = TQCEmbeddedTree1()
                copy.value = 123
                let parents = realm.objects(TQCEmbeddedParent.self)
                guard parents.where({ $0.object == nested }).count == 1,
                    parents.where({ $0.object != nested }).count == 0,
                    parents.where({ $0.object == copy }).count == 0,
                    parents.where({ $0.object != copy }).count == 1
                else { exit(1) }
            }
        }
    }

    /// realm-swift QueryTests.swift createLinksToMappedEmbeddedObject: the custom-persistable
    /// object holds `TQCEmbeddedWrapper(value: 2)`, and a link object reaches it through each kind of link.
    func linksToMappedEmbeddedObject() throws {
        let custom = try #require(realm.objects(TQCCustomTypes.self).first)
        try realm.write {
            custom.object = TQCEmbeddedWrapper(value: 2)
            realm.create(
                TQCLinkToCustomTypes.self,
                value: ["object": custom, "list": [custom], "set": [custom], "map": ["1": custom]])
        }
    }

    /// realm-swift QueryTests.swift testEqualMappedToEmbeddedObject and testNotEqualMappedToEmbeddedObject
    @Test func aTypeMappedToAnEmbeddedObjectComparesMemberByMember() throws {
        try linksToMappedEmbeddedObject()
        let two = TQCEmbeddedWrapper(value: 2)
        let three = TQCEmbeddedWrapper(value: 3)
        check([
            TQCFact<TQCCustomTypes>("object.value == 2", 1) { $0.object.persistableValue.value == 2 },
            TQCFact("object == 2", 1) { $0.object == two },
            TQCFact("object.value == 3", 0) { $0.object.persistableValue.value == 3 },
            TQCFact("object == 3", 0) { $0.object == three },
            TQCFact("object.value != 2", 0) { $0.object.persistableValue.value != 2 },
            TQCFact("object != 2", 0) { $0.object != two },
            TQCFact("object.value != 3", 1) { $0.object.persistableValue.value != 3 },
            TQCFact("object != 3", 1) { $0.object != three },
        ])
        check([
            TQCFact<TQCLinkToCustomTypes>("object.object.value == 2", 1) { $0.object.object.persistableValue.value == 2 },
            TQCFact("object.object == 2", 1) { $0.object.object == two },
            TQCFact("object.object.value == 3", 0) { $0.object.object.persistableValue.value == 3 },
            TQCFact("object.object == 3", 0) { $0.object.object == three },
            TQCFact("object.object.value != 2", 0) { $0.object.object.persistableValue.value != 2 },
            TQCFact("object.object != 2", 0) { $0.object.object != two },
            TQCFact("object.object.value != 3", 1) { $0.object.object.persistableValue.value != 3 },
            TQCFact("object.object != 3", 1) { $0.object.object != three },
            TQCFact("ANY list.object.value == 2", 1) { $0.list.object.persistableValue.value == 2 },
            TQCFact("ANY list.object == 2", 1) { $0.list.object == two },
            TQCFact("ANY list.object.value == 3", 0) { $0.list.object.persistableValue.value == 3 },
            TQCFact("ANY list.object == 3", 0) { $0.list.object == three },
            TQCFact("ANY list.object.value != 2", 0) { $0.list.object.persistableValue.value != 2 },
            TQCFact("ANY list.object != 2", 0) { $0.list.object != two },
            TQCFact("ANY list.object.value != 3", 1) { $0.list.object.persistableValue.value != 3 },
            TQCFact("ANY list.object != 3", 1) { $0.list.object != three },
            TQCFact("ANY set.object.value == 2", 1) { $0.set.object.persistableValue.value == 2 },
            TQCFact("ANY set.object == 2", 1) { $0.set.object == two },
            TQCFact("ANY set.object == 3", 0) { $0.set.object == three },
            TQCFact("ANY set.object != 2", 0) { $0.set.object != two },
            TQCFact("ANY set.object != 3", 1) { $0.set.object != three },
        ])
    }

    /// realm-swift QueryTests.swift testEqualMappedToEmbeddedObject (through a map's values)
    @Test func aTypeMappedToAnEmbeddedObjectComparesMemberByMemberThroughAMap() throws {
        try linksToMappedEmbeddedObject()
        let two = TQCEmbeddedWrapper(value: 2)
        let three = TQCEmbeddedWrapper(value: 3)
        check([
            TQCFact<TQCLinkToCustomTypes>("ANY map.@allValues.object.value == 2", 1) {
                $0.map.values.object.persistableValue.value == 2
            },
            TQCFact("ANY map.@allValues.object == 2", 1) { $0.map.values.object == two },
            TQCFact("ANY map.@allValues.object.value == 3", 0) { $0.map.values.object.persistableValue.value == 3 },
            TQCFact("ANY map.@allValues.object == 3", 0) { $0.map.values.object == three },
            TQCFact("ANY map.@allValues.object != 2", 0) { $0.map.values.object != two },
            TQCFact("ANY map.@allValues.object != 3", 1) { $0.map.values.object != three },
        ])
    }

    /// realm-swift QueryTests.swift testMemberwiseEquality
    @Test func memberwiseEqualityGroupsAndUsesOneElementPerComparison() throws {
        let a = TQCAddressWrapper(city: "a", country: "b")
        let b = TQCAddressWrapper(city: "a", country: "c")
        let c = TQCAddressWrapper(city: "b", country: "b")
        realm.beginWrite()
        defer { realm.cancelWrite() }
        let link1 = realm.create(TQCLinkToAddress.self, value: ["object": a, "optObject": a])
        let link2 = realm.create(TQCLinkToAddress.self, value: ["object": b, "optObject": b])
        realm.create(TQCLinkToAddress.self, value: ["object": c, "optObject": c])
        check([
            TQCFact<TQCLinkToAddress>("object == a", 1) { $0.object == a },
            TQCFact("object != a", 2) { $0.object != a },
            TQCFact("optObject == a", 1) { $0.optObject == a },
            TQCFact("optObject != a", 2) { $0.optObject != a },
            // x || (y && z), not (x || y) && z
            TQCFact("object.city != 'c' || object == a", 3) { $0.object.persistableValue.city != "c" || $0.object == a },
            TQCFact("object == a || object.city != 'c'", 3) { $0.object == a || $0.object.persistableValue.city != "c" },
        ])
        link1.list.append(a)
        link1.map["foo"] = a
        link1.optMap["foo"] = a
        check([
            TQCFact<TQCLinkToAddress>("ANY list == a", 1) { $0.list == a },
            TQCFact("ANY list != a", 0) { $0.list != a },
            TQCFact("ANY map.@allValues == a", 1) { $0.map.values == a },
            TQCFact("ANY map.@allValues != a", 0) { $0.map.values != a },
            TQCFact("ANY optMap.@allValues != a", 0) { $0.optMap.values != a },
            TQCFact("ANY optMap.@allValues == a", 1) { $0.optMap.values == a },
        ])
        // b's city and c's country together are a's: the comparison must take one element at a time.
        link2.list.append(b)
        link2.list.append(c)
        check([
            TQCFact<TQCLinkToAddress>("ANY list == a", 1) { $0.list == a },
            TQCFact("ANY list != a", 1) { $0.list != a },
        ])
    }

    // MARK: Ordering

    /// realm-swift QueryTests.swift testNumericComparisons
    @Test func numericPropertiesOrderAgainstTheirValueAndNothingOrdersAgainstNil() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.ordered("intCol", \.intCol, V.ints[1])
        facts += F.ordered("int8Col", \.int8Col, V.int8s[1])
        facts += F.ordered("int16Col", \.int16Col, V.int16s[1])
        facts += F.ordered("int32Col", \.int32Col, V.int32s[1])
        facts += F.ordered("int64Col", \.int64Col, V.int64s[1])
        facts += F.ordered("floatCol", \.floatCol, V.floats[1])
        facts += F.ordered("doubleCol", \.doubleCol, V.doubles[1])
        facts += F.ordered("dateCol", \.dateCol, V.dates[1])
        facts += F.ordered("decimalCol", \.decimalCol, V.decimals[1])
        facts += F.ordered("intEnumCol", \.intEnumCol, TQCIntEnum.value2)
        facts += F.ordered("optIntCol", \.optIntCol, V.ints[1])
        facts += F.ordered("optInt8Col", \.optInt8Col, V.int8s[1])
        facts += F.ordered("optInt16Col", \.optInt16Col, V.int16s[1])
        facts += F.ordered("optInt32Col", \.optInt32Col, V.int32s[1])
        facts += F.ordered("optInt64Col", \.optInt64Col, V.int64s[1])
        facts += F.ordered("optFloatCol", \.optFloatCol, V.floats[1])
        facts += F.ordered("optDoubleCol", \.optDoubleCol, V.doubles[1])
        facts += F.ordered("optDateCol", \.optDateCol, V.dates[1])
        facts += F.ordered("optDecimalCol", \.optDecimalCol, V.decimals[1])
        facts += F.ordered("optIntEnumCol", \.optIntEnumCol, TQCIntEnum.value2)
        func againstNil<T>(_ name: String, _ lhs: @escaping (Query<TQCAllTypes>) -> Query<T?>) {
            facts += F.ordered(name, lhs, nil, greater: 0, greaterOrEqual: 0, less: 0, lessOrEqual: 0)
        }
        againstNil("optIntCol", \.optIntCol)
        againstNil("optInt8Col", \.optInt8Col)
        againstNil("optInt16Col", \.optInt16Col)
        againstNil("optInt32Col", \.optInt32Col)
        againstNil("optInt64Col", \.optInt64Col)
        againstNil("optFloatCol", \.optFloatCol)
        againstNil("optDoubleCol", \.optDoubleCol)
        againstNil("optDateCol", \.optDateCol)
        againstNil("optDecimalCol", \.optDecimalCol)
        againstNil("optIntEnumCol", \.optIntEnumCol)
        check(facts)
    }

    /// realm-swift QueryTests.swift testStringComparisons
    @Test func stringsOrderAgainstTheirValueAndAboveNil() {
        typealias F = TQCFacts
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.ordered("stringCol", \.stringCol, "Foó")
        facts += F.ordered("stringEnumCol", \.stringEnumCol, TQCStringEnum.value2)
        facts += F.ordered("optStringCol", \.optStringCol, "Foó")
        facts += F.ordered("optStringEnumCol", \.optStringEnumCol, TQCStringEnum.value2)
        facts += F.ordered("optStringCol", \.optStringCol, nil, greater: 1, greaterOrEqual: 1, less: 0, lessOrEqual: 0)
        facts += F.ordered(
            "optStringEnumCol", \.optStringEnumCol, nil, greater: 1, greaterOrEqual: 1, less: 0, lessOrEqual: 0)
        check(facts)
    }

    /// realm-swift QueryTests.swift testGreaterThan/LessThanNumericAnyRealmValue and
    /// testGreaterThan/LessThanStringAnyRealmValue
    @Test func aMixedNumberOrStringOrdersAgainstItself() throws {
        let object = try first
        let values: [AnyRealmValue] = [
            .int(123), .float(123.456), .double(123.456), .string("FooBar"),
            .date(Date(timeIntervalSince1970: 1_000_000)), .decimal128(Decimal128(123.456)),
        ]
        for value in values {
            try realm.write { object.anyCol = value }
            check(TQCFacts.ordered("anyCol", \Query<TQCAllTypes>.anyCol, value))
        }
    }

    /// realm-swift QueryTests.swift testNumericContains
    @Test func aNumberIsInAClosedRangeUpToItAndNotInAHalfOpenOne() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.ranges("intCol", \.intCol, V.ints)
        facts += F.ranges("int8Col", \.int8Col, V.int8s)
        facts += F.ranges("int16Col", \.int16Col, V.int16s)
        facts += F.ranges("int32Col", \.int32Col, V.int32s)
        facts += F.ranges("int64Col", \.int64Col, V.int64s)
        facts += F.ranges("floatCol", \.floatCol, V.floats)
        facts += F.ranges("doubleCol", \.doubleCol, V.doubles)
        facts += F.ranges("dateCol", \.dateCol, V.dates)
        facts += F.ranges("decimalCol", \.decimalCol, V.decimals)
        facts += F.ranges("intEnumCol.rawValue", { $0.intEnumCol.rawValue }, V.ints)
        facts += F.optionalRanges("optIntCol", \.optIntCol, V.ints)
        facts += F.optionalRanges("optInt8Col", \.optInt8Col, V.int8s)
        facts += F.optionalRanges("optInt16Col", \.optInt16Col, V.int16s)
        facts += F.optionalRanges("optInt32Col", \.optInt32Col, V.int32s)
        facts += F.optionalRanges("optInt64Col", \.optInt64Col, V.int64s)
        facts += F.optionalRanges("optFloatCol", \.optFloatCol, V.floats)
        facts += F.optionalRanges("optDoubleCol", \.optDoubleCol, V.doubles)
        facts += F.optionalRanges("optDateCol", \.optDateCol, V.dates)
        facts += F.optionalRanges("optDecimalCol", \.optDecimalCol, V.decimals)
        facts += F.optionalRanges("optIntEnumCol.rawValue", { $0.optIntEnumCol.rawValue }, V.ints)
        check(facts)
    }

    /// realm-swift QueryTests.swift testContainsIn
    @Test func everyScalarIsInAListHoldingItAndNotOutsideIt() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.memberOf("boolCol", \.boolCol, [true, false])
        facts += F.memberOf("intCol", \.intCol, V.ints)
        facts += F.memberOf("int8Col", \.int8Col, V.int8s)
        facts += F.memberOf("int16Col", \.int16Col, V.int16s)
        facts += F.memberOf("int32Col", \.int32Col, V.int32s)
        facts += F.memberOf("int64Col", \.int64Col, V.int64s)
        facts += F.memberOf("floatCol", \.floatCol, V.floats)
        facts += F.memberOf("doubleCol", \.doubleCol, V.doubles)
        facts += F.memberOf("stringCol", \.stringCol, V.strings)
        facts += F.memberOf("binaryCol", \.binaryCol, V.datas)
        facts += F.memberOf("dateCol", \.dateCol, V.dates)
        facts += F.memberOf("decimalCol", \.decimalCol, V.decimals)
        facts += F.memberOf("objectIdCol", \.objectIdCol, V.objectIds)
        facts += F.memberOf("uuidCol", \.uuidCol, V.uuids)
        facts += F.memberOf("intEnumCol", \.intEnumCol, V.intEnums)
        facts += F.memberOf("stringEnumCol", \.stringEnumCol, [TQCStringEnum.value1, .value2])
        facts += F.memberOf("optBoolCol", \.optBoolCol, [true, false])
        facts += F.memberOf("optIntCol", \.optIntCol, V.ints)
        facts += F.memberOf("optInt8Col", \.optInt8Col, V.int8s)
        facts += F.memberOf("optInt16Col", \.optInt16Col, V.int16s)
        facts += F.memberOf("optInt32Col", \.optInt32Col, V.int32s)
        facts += F.memberOf("optInt64Col", \.optInt64Col, V.int64s)
        facts += F.memberOf("optFloatCol", \.optFloatCol, V.floats)
        facts += F.memberOf("optDoubleCol", \.optDoubleCol, V.doubles)
        facts += F.memberOf("optStringCol", \.optStringCol, V.strings)
        facts += F.memberOf("optBinaryCol", \.optBinaryCol, V.datas)
        facts += F.memberOf("optDateCol", \.optDateCol, V.dates)
        facts += F.memberOf("optDecimalCol", \.optDecimalCol, V.decimals)
        facts += F.memberOf("optObjectIdCol", \.optObjectIdCol, V.objectIds)
        facts += F.memberOf("optUuidCol", \.optUuidCol, V.uuids)
        facts += F.memberOf("optIntEnumCol", \.optIntEnumCol, V.intEnums)
        facts += F.memberOf("optStringEnumCol", \.optStringEnumCol, [TQCStringEnum.value1, .value2])
        check(facts)
    }

    // MARK: Strings

    /// Realm's validateStringOperations: `full` tested whole, `prefix` and `suffix` at the ends.
    static func stringOperations<T: _QueryString>(
        _ name: String, _ lhs: @escaping (Query<TQCAllTypes>) -> Query<T>, full: String, prefix: String,
        suffix: String, count: (_ equals: Bool, StringOptions) -> Int
    ) -> [TQCFact<TQCAllTypes>] {
        var facts: [TQCFact<TQCAllTypes>] = []
        for (modifier, options) in tqcStringModifiers {
            let matching = count(true, options)
            let notMatching = count(false, options)
            facts += [
                TQCFact("\(name) ==\(modifier) \(full)", matching) { lhs($0).equals(full, options: options) },
                TQCFact("NOT \(name) ==\(modifier) \(full)", 1 - matching) { !lhs($0).equals(full, options: options) },
                TQCFact("\(name) !=\(modifier) \(full)", notMatching) { lhs($0).notEquals(full, options: options) },
                TQCFact("NOT \(name) !=\(modifier) \(full)", 1 - notMatching) {
                    !lhs($0).notEquals(full, options: options)
                },
                TQCFact("\(name) CONTAINS\(modifier) \(full)", matching) { lhs($0).contains(full, options: options) },
                TQCFact("NOT \(name) CONTAINS\(modifier) \(full)", 1 - matching) {
                    !lhs($0).contains(full, options: options)
                },
                TQCFact("\(name) BEGINSWITH\(modifier) \(prefix)", matching) {
                    lhs($0).starts(with: prefix, options: options)
                },
                TQCFact("NOT \(name) BEGINSWITH\(modifier) \(prefix)", 1 - matching) {
                    !lhs($0).starts(with: prefix, options: options)
                },
                TQCFact("\(name) ENDSWITH\(modifier) \(suffix)", matching) {
                    lhs($0).ends(with: suffix, options: options)
                },
                TQCFact("NOT \(name) ENDSWITH\(modifier) \(suffix)", 1 - matching) {
                    !lhs($0).ends(with: suffix, options: options)
                },
            ]
        }
        return facts
    }

    /// realm-swift QueryTests.swift testStringOperations
    @Test func stringOperatorsTakeEachOptionAndNot() {
        var facts: [TQCFact<TQCAllTypes>] = []
        // "Foó" is held by the string properties; the enums hold "c".
        facts += Self.stringOperations(
            "stringCol", \.stringCol, full: "Foó", prefix: "Fo", suffix: "oó", count: { equals, _ in equals ? 1 : 0 })
        facts += Self.stringOperations(
            "optStringCol", \.optStringCol, full: "Foó", prefix: "Fo", suffix: "oó",
            count: { equals, _ in equals ? 1 : 0 })
        facts += Self.stringOperations(
            "stringEnumCol.rawValue", { $0.stringEnumCol.rawValue }, full: "Foó", prefix: "Fo", suffix: "oó",
            count: { equals, _ in equals ? 0 : 1 })
        facts += Self.stringOperations(
            "optStringEnumCol.rawValue", { $0.optStringEnumCol.rawValue }, full: "Foó", prefix: "Fo", suffix: "oó",
            count: { equals, _ in equals ? 0 : 1 })
        check(facts)
    }

    /// realm-swift QueryTests.swift testStringLike: pattern, matches, matches ignoring case ("Foó" held).
    static let likePatterns: [(String, Int, Int)] = [
        ("Foó", 1, 1), ("f*", 0, 1), ("*ó", 1, 1), ("f?ó", 0, 1), ("f*ó", 0, 1), ("f??ó", 0, 0), ("*o*", 1, 1),
        ("*O*", 0, 1), ("?o?", 1, 1), ("?O?", 0, 1),
    ]

    /// realm-swift QueryTests.swift testStringLike
    @Test func likeMatchesWildcardsWithAndWithoutCase() {
        var facts: [TQCFact<TQCAllTypes>] = []
        for (pattern, sensitive, insensitive) in Self.likePatterns {
            facts += [
                TQCFact("stringCol LIKE \(pattern)", sensitive) { $0.stringCol.like(pattern) },
                TQCFact("stringCol LIKE[c] \(pattern)", insensitive) { $0.stringCol.like(pattern, caseInsensitive: true) },
                TQCFact("optStringCol LIKE \(pattern)", sensitive) { $0.optStringCol.like(pattern) },
                TQCFact("optStringCol LIKE[c] \(pattern)", insensitive) {
                    $0.optStringCol.like(pattern, caseInsensitive: true)
                },
                // The enums hold "c": no pattern matches.
                TQCFact("stringEnumCol LIKE \(pattern)", 0) { $0.stringEnumCol.rawValue.like(pattern) },
                TQCFact("optStringEnumCol LIKE[c] \(pattern)", 0) {
                    $0.optStringEnumCol.rawValue.like(pattern, caseInsensitive: true)
                },
            ]
        }
        check(facts)
    }

    /// realm-swift QueryTests.swift testLexicographicalComparison: string, >, >=, <, <= against "Foó".
    static let lexicographic: [(String, Int, Int, Int, Int)] = [
        ("Foó", 0, 1, 0, 1), ("Foo", 1, 1, 0, 0), ("f*", 0, 0, 1, 1), ("*ó", 1, 1, 0, 0), ("f?ó", 0, 0, 1, 1),
        ("f*ó", 0, 0, 1, 1), ("f??ó", 0, 0, 1, 1), ("*o*", 1, 1, 0, 0), ("*O*", 1, 1, 0, 0), ("?o?", 1, 1, 0, 0),
        ("?O?", 1, 1, 0, 0), ("Foô", 0, 0, 1, 1), ("Fpó", 0, 0, 1, 1), ("Goó", 0, 0, 1, 1), ("Foò", 1, 1, 0, 0),
        ("Fnó", 1, 1, 0, 0), ("Eoó", 1, 1, 0, 0),
    ]

    /// realm-swift QueryTests.swift testLexicographicalComparison
    @Test func stringsOrderByTheirCharacters() throws {
        let object = try first
        try realm.write {
            object.stringEnumCol = .value4
            object.optStringEnumCol = .value4
        }
        var facts: [TQCFact<TQCAllTypes>] = []
        for (string, gt, ge, lt, le) in Self.lexicographic {
            facts += TQCFacts.ordered(
                "stringCol", \.stringCol, string, greater: gt, greaterOrEqual: ge, less: lt, lessOrEqual: le)
            facts += TQCFacts.ordered(
                "optStringCol", \.optStringCol, string, greater: gt, greaterOrEqual: ge, less: lt, lessOrEqual: le)
            facts += TQCFacts.ordered(
                "stringEnumCol.rawValue", { $0.stringEnumCol.rawValue }, string, greater: gt, greaterOrEqual: ge,
                less: lt, lessOrEqual: le)
            facts += TQCFacts.ordered(
                "optStringEnumCol.rawValue", { $0.optStringEnumCol.rawValue }, string, greater: gt,
                greaterOrEqual: ge, less: lt, lessOrEqual: le)
        }
        check(facts)
    }

    /// realm-swift QueryTests.swift testBinarySearchQueries: 128 zero bytes held; 28 zero bytes
    /// are inside them, 28 one bytes are not.
    @Test func binaryDataTakesTheStringOperators() {
        let zeros = Data(count: 28)
        let ones = Data(repeating: 1, count: 28)
        func facts<T: _QueryString>(_ name: String, _ lhs: @escaping (Query<TQCAllTypes>) -> Query<T>)
            -> [TQCFact<TQCAllTypes>]
        {
            [
                TQCFact("\(name) BEGINSWITH zeros", 1) { lhs($0).starts(with: zeros) },
                TQCFact("NOT \(name) BEGINSWITH zeros", 0) { !lhs($0).starts(with: zeros) },
                TQCFact("\(name) ENDSWITH zeros", 1) { lhs($0).ends(with: zeros) },
                TQCFact("NOT \(name) ENDSWITH zeros", 0) { !lhs($0).ends(with: zeros) },
                TQCFact("\(name) CONTAINS zeros", 1) { lhs($0).contains(zeros) },
                TQCFact("NOT \(name) CONTAINS zeros", 0) { !lhs($0).contains(zeros) },
                TQCFact("\(name) == zeros", 0) { lhs($0).equals(zeros) },
                TQCFact("NOT \(name) == zeros", 1) { !lhs($0).equals(zeros) },
                TQCFact("\(name) != zeros", 1) { lhs($0).notEquals(zeros) },
                TQCFact("NOT \(name) != zeros", 0) { !lhs($0).notEquals(zeros) },
                TQCFact("\(name) BEGINSWITH ones", 0) { lhs($0).starts(with: ones) },
                TQCFact("\(name) ENDSWITH ones", 0) { lhs($0).ends(with: ones) },
                TQCFact("\(name) CONTAINS ones", 0) { lhs($0).contains(ones) },
                TQCFact("NOT \(name) CONTAINS ones", 1) { !lhs($0).contains(ones) },
                TQCFact("\(name) == ones", 0) { lhs($0).equals(ones) },
                TQCFact("NOT \(name) == ones", 1) { !lhs($0).equals(ones) },
                TQCFact("\(name) != ones", 1) { lhs($0).notEquals(ones) },
                TQCFact("NOT \(name) != ones", 0) { !lhs($0).notEquals(ones) },
            ]
        }
        check(facts("binaryCol", \.binaryCol) + facts("optBinaryCol", \.optBinaryCol))
    }

    // MARK: Lists and sets

    /// realm-swift QueryTests.swift testCollectionContainsElement, testListContainsAnyInObject,
    /// testSetContainsAnyInObject and testAny (lists and sets)
    @Test func listsAndSetsHoldTheirFirstTwoValues() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.elements("arrayBool", \.arrayBool, V.bools)
        facts += F.elements("arrayInt", \.arrayInt, V.ints)
        facts += F.elements("arrayInt8", \.arrayInt8, V.int8s)
        facts += F.elements("arrayInt16", \.arrayInt16, V.int16s)
        facts += F.elements("arrayInt32", \.arrayInt32, V.int32s)
        facts += F.elements("arrayInt64", \.arrayInt64, V.int64s)
        facts += F.elements("arrayFloat", \.arrayFloat, V.floats)
        facts += F.elements("arrayDouble", \.arrayDouble, V.doubles)
        facts += F.elements("arrayString", \.arrayString, V.strings)
        facts += F.elements("arrayBinary", \.arrayBinary, V.datas)
        facts += F.elements("arrayDate", \.arrayDate, V.dates)
        facts += F.elements("arrayDecimal", \.arrayDecimal, V.decimals)
        facts += F.elements("arrayObjectId", \.arrayObjectId, V.objectIds)
        facts += F.elements("arrayUuid", \.arrayUuid, V.uuids)
        facts += F.elements("arrayAny", \.arrayAny, V.anys)
        facts += F.elements("arrayOptBool", \.arrayOptBool, V.bools.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptInt", \.arrayOptInt, V.ints.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptInt8", \.arrayOptInt8, V.int8s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptInt16", \.arrayOptInt16, V.int16s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptInt32", \.arrayOptInt32, V.int32s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptInt64", \.arrayOptInt64, V.int64s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptFloat", \.arrayOptFloat, V.floats.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptDouble", \.arrayOptDouble, V.doubles.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptString", \.arrayOptString, V.strings.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptBinary", \.arrayOptBinary, V.datas.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptDate", \.arrayOptDate, V.dates.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptDecimal", \.arrayOptDecimal, V.decimals.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptObjectId", \.arrayOptObjectId, V.objectIds.map { $0 }, nilValue: .some(nil))
        facts += F.elements("arrayOptUuid", \.arrayOptUuid, V.uuids.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setBool", \.setBool, V.bools)
        facts += F.elements("setInt", \.setInt, V.ints)
        facts += F.elements("setInt8", \.setInt8, V.int8s)
        facts += F.elements("setInt16", \.setInt16, V.int16s)
        facts += F.elements("setInt32", \.setInt32, V.int32s)
        facts += F.elements("setInt64", \.setInt64, V.int64s)
        facts += F.elements("setFloat", \.setFloat, V.floats)
        facts += F.elements("setDouble", \.setDouble, V.doubles)
        facts += F.elements("setString", \.setString, V.strings)
        facts += F.elements("setBinary", \.setBinary, V.datas)
        facts += F.elements("setDate", \.setDate, V.dates)
        facts += F.elements("setDecimal", \.setDecimal, V.decimals)
        facts += F.elements("setObjectId", \.setObjectId, V.objectIds)
        facts += F.elements("setUuid", \.setUuid, V.uuids)
        facts += F.elements("setAny", \.setAny, V.anys)
        facts += F.elements("setOptBool", \.setOptBool, V.bools.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptInt", \.setOptInt, V.ints.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptInt8", \.setOptInt8, V.int8s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptInt16", \.setOptInt16, V.int16s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptInt32", \.setOptInt32, V.int32s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptInt64", \.setOptInt64, V.int64s.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptFloat", \.setOptFloat, V.floats.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptDouble", \.setOptDouble, V.doubles.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptString", \.setOptString, V.strings.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptBinary", \.setOptBinary, V.datas.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptDate", \.setOptDate, V.dates.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptDecimal", \.setOptDecimal, V.decimals.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptObjectId", \.setOptObjectId, V.objectIds.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setOptUuid", \.setOptUuid, V.uuids.map { $0 }, nilValue: .some(nil))
        check(facts)
    }

    /// realm-swift QueryTests.swift testCollectionContainsElement, testListContainsAnyInObject,
    /// testSetContainsAnyInObject, testMapContainsAnyInObject and testAny (collections of enums)
    @Test func collectionsOfEnumsHoldTheirFirstTwoCases() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCEnumCollections>] = []
        facts += F.elements("listInt", \.listInt, V.enumInts)
        facts += F.elements("listIntOpt", \.listIntOpt, V.enumInts.map { $0 }, nilValue: .some(nil))
        facts += F.elements("listString", \.listString, V.enumStrings)
        facts += F.elements("listStringOpt", \.listStringOpt, V.enumStrings.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setInt", \.setInt, V.enumInts)
        facts += F.elements("setIntOpt", \.setIntOpt, V.enumInts.map { $0 }, nilValue: .some(nil))
        facts += F.elements("setString", \.setString, V.enumStrings)
        facts += F.elements("setStringOpt", \.setStringOpt, V.enumStrings.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapInt", \.mapInt, V.enumInts)
        facts += F.mapElements("mapIntOpt", \.mapIntOpt, V.enumInts.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapString", \.mapString, V.enumStrings)
        facts += F.mapElements("mapStringOpt", \.mapStringOpt, V.enumStrings.map { $0 }, nilValue: .some(nil))
        facts += F.keys("mapInt", \.mapInt)
        facts += F.keys("mapStringOpt", \.mapStringOpt)
        facts += F.values("mapInt", \.mapInt, V.enumInts, ordered: true)
        facts += F.values("mapIntOpt", \.mapIntOpt, V.enumInts.map { $0 }, ordered: true)
        facts += F.values("mapString", \.mapString, V.enumStrings, ordered: false)
        facts += F.subscripted("mapInt", \.mapInt, V.enumInts[0], ordered: true)
        facts += F.subscripted("mapStringOpt", \.mapStringOpt, V.enumStrings[0], ordered: false)
        facts += F.collectionRanges("listInt", \.listInt, V.enumInts)
        facts += F.collectionRanges("setInt", \.setInt, V.enumInts)
        facts += F.mapRanges("mapInt", \.mapInt, V.enumInts)
        check(facts)
    }

    /// realm-swift QueryTests.swift testCollectionContainsRange (lists and sets)
    @Test func aNumericListOrSetIsInARangeHoldingAllItsElements() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.collectionRanges("arrayInt", \.arrayInt, V.ints)
        facts += F.collectionRanges("arrayInt8", \.arrayInt8, V.int8s)
        facts += F.collectionRanges("arrayInt16", \.arrayInt16, V.int16s)
        facts += F.collectionRanges("arrayInt32", \.arrayInt32, V.int32s)
        facts += F.collectionRanges("arrayInt64", \.arrayInt64, V.int64s)
        facts += F.collectionRanges("arrayFloat", \.arrayFloat, V.floats)
        facts += F.collectionRanges("arrayDouble", \.arrayDouble, V.doubles)
        facts += F.collectionRanges("arrayDate", \.arrayDate, V.dates)
        facts += F.collectionRanges("arrayDecimal", \.arrayDecimal, V.decimals)
        facts += F.collectionRanges("setInt", \.setInt, V.ints)
        facts += F.collectionRanges("setInt8", \.setInt8, V.int8s)
        facts += F.collectionRanges("setInt16", \.setInt16, V.int16s)
        facts += F.collectionRanges("setInt32", \.setInt32, V.int32s)
        facts += F.collectionRanges("setInt64", \.setInt64, V.int64s)
        facts += F.collectionRanges("setFloat", \.setFloat, V.floats)
        facts += F.collectionRanges("setDouble", \.setDouble, V.doubles)
        facts += F.collectionRanges("setDate", \.setDate, V.dates)
        facts += F.collectionRanges("setDecimal", \.setDecimal, V.decimals)
        facts += F.optionalCollectionRanges("arrayOptInt", \.arrayOptInt, V.ints)
        facts += F.optionalCollectionRanges("arrayOptInt8", \.arrayOptInt8, V.int8s)
        facts += F.optionalCollectionRanges("arrayOptInt16", \.arrayOptInt16, V.int16s)
        facts += F.optionalCollectionRanges("arrayOptInt32", \.arrayOptInt32, V.int32s)
        facts += F.optionalCollectionRanges("arrayOptInt64", \.arrayOptInt64, V.int64s)
        facts += F.optionalCollectionRanges("arrayOptFloat", \.arrayOptFloat, V.floats)
        facts += F.optionalCollectionRanges("arrayOptDouble", \.arrayOptDouble, V.doubles)
        facts += F.optionalCollectionRanges("arrayOptDate", \.arrayOptDate, V.dates)
        facts += F.optionalCollectionRanges("arrayOptDecimal", \.arrayOptDecimal, V.decimals)
        facts += F.optionalCollectionRanges("setOptInt", \.setOptInt, V.ints)
        facts += F.optionalCollectionRanges("setOptFloat", \.setOptFloat, V.floats)
        facts += F.optionalCollectionRanges("setOptDate", \.setOptDate, V.dates)
        facts += F.optionalCollectionRanges("setOptDecimal", \.setOptDecimal, V.decimals)
        check(facts)
    }

    /// realm-swift QueryTests.swift testListContainsObject, testSetContainsObject and testMapContainsObject
    @Test func aCollectionOfObjectsContainsAnObjectOnceAdded() throws {
        let object = try first
        let holder = TQCCollection()
        try realm.write { realm.add(holder) }
        let inList = realm.objects(TQCCollection.self).where { $0.list.contains(object) }
        let inSet = realm.objects(TQCCollection.self).where { $0.set.contains(object) }
        let inMap = realm.objects(TQCCollection.self).where { $0.map.contains(object) }
        #expect(inList.count == 0)
        #expect(inSet.count == 0)
        #expect(inMap.count == 0)
        try realm.write {
            holder.list.append(object)
            holder.set.insert(object)
            holder.map["foo"] = object
        }
        #expect(inList.count == 1)
        #expect(inSet.count == 1)
        #expect(inMap.count == 1)
        // testListContainsAnyInObject, testSetContainsAnyInObject and testMapContainsAnyInObject (objects)
        check([
            TQCFact<TQCCollection>("ANY list IN {object}", 1) { $0.list.containsAny(in: [object]) },
            TQCFact("ANY set IN {object}", 1) { $0.set.containsAny(in: [object]) },
            TQCFact("ANY map IN {object}", 1) { $0.map.containsAny(in: [object]) },
        ])
    }

    /// realm-swift QueryTests.swift testCollectionFromProperty: a query on a list, a set and a map of objects.
    @Test func aQueryOnACollectionOfObjectsFindsItsObject() throws {
        let object = try first
        let link = try realm.write {
            realm.create(TQCLink.self, value: ["list": [object], "set": [object], "map": ["foo": object]])
        }
        for fact in Self.scalarEqualities where fact.count == 1 {
            #expect(link.list.where(fact.query).count == 1, "list: \(fact.text)")
            #expect(link.set.where(fact.query).count == 1, "set: \(fact.text)")
        }
        #expect(link.map.where { $0.intCol == 3 }.count == 1)
        #expect(link.map.where { $0.stringEnumCol == .value2 }.count == 1)
        #expect(link.map.where { $0.optUuidCol == TQCValues.uuids[1] }.count == 1)
        #expect(link.map.where { $0.optStringCol == nil }.count == 0)
    }

    // MARK: Maps

    /// realm-swift QueryTests.swift testCollectionContainsElement and testMapContainsAnyInObject (maps)
    @Test func mapsHoldTheirTwoValues() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.mapElements("mapBool", \.mapBool, V.bools)
        facts += F.mapElements("mapInt", \.mapInt, V.ints)
        facts += F.mapElements("mapInt8", \.mapInt8, V.int8s)
        facts += F.mapElements("mapInt16", \.mapInt16, V.int16s)
        facts += F.mapElements("mapInt32", \.mapInt32, V.int32s)
        facts += F.mapElements("mapInt64", \.mapInt64, V.int64s)
        facts += F.mapElements("mapFloat", \.mapFloat, V.floats)
        facts += F.mapElements("mapDouble", \.mapDouble, V.doubles)
        facts += F.mapElements("mapString", \.mapString, V.strings)
        facts += F.mapElements("mapBinary", \.mapBinary, V.datas)
        facts += F.mapElements("mapDate", \.mapDate, V.dates)
        facts += F.mapElements("mapDecimal", \.mapDecimal, V.decimals)
        facts += F.mapElements("mapObjectId", \.mapObjectId, V.objectIds)
        facts += F.mapElements("mapUuid", \.mapUuid, V.uuids)
        facts += F.mapElements("mapAny", \.mapAny, V.anys)
        facts += F.mapElements("mapOptBool", \.mapOptBool, V.bools.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptInt", \.mapOptInt, V.ints.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptInt8", \.mapOptInt8, V.int8s.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptInt16", \.mapOptInt16, V.int16s.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptInt32", \.mapOptInt32, V.int32s.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptInt64", \.mapOptInt64, V.int64s.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptFloat", \.mapOptFloat, V.floats.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptDouble", \.mapOptDouble, V.doubles.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptString", \.mapOptString, V.strings.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptBinary", \.mapOptBinary, V.datas.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptDate", \.mapOptDate, V.dates.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptDecimal", \.mapOptDecimal, V.decimals.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptObjectId", \.mapOptObjectId, V.objectIds.map { $0 }, nilValue: .some(nil))
        facts += F.mapElements("mapOptUuid", \.mapOptUuid, V.uuids.map { $0 }, nilValue: .some(nil))
        check(facts)
    }

    /// realm-swift QueryTests.swift testMapAllKeys
    @Test func mapKeysTakeEveryStringOperator() {
        typealias F = TQCFacts
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.keys("mapBool", \.mapBool)
        facts += F.keys("mapInt", \.mapInt)
        facts += F.keys("mapInt8", \.mapInt8)
        facts += F.keys("mapFloat", \.mapFloat)
        facts += F.keys("mapDouble", \.mapDouble)
        facts += F.keys("mapString", \.mapString)
        facts += F.keys("mapBinary", \.mapBinary)
        facts += F.keys("mapDate", \.mapDate)
        facts += F.keys("mapDecimal", \.mapDecimal)
        facts += F.keys("mapObjectId", \.mapObjectId)
        facts += F.keys("mapUuid", \.mapUuid)
        facts += F.keys("mapAny", \.mapAny)
        facts += F.keys("mapOptInt", \.mapOptInt)
        facts += F.keys("mapOptString", \.mapOptString)
        facts += F.keys("mapOptUuid", \.mapOptUuid)
        check(facts)
    }

    /// realm-swift QueryTests.swift testMapAllValues (equality and ordering)
    @Test func mapValuesCompareAsAnyValue() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        // Both of mapBool's values are true: none differs from true.
        facts += F.values("mapBool", \.mapBool, V.bools, ordered: false, notEqual: 0)
        facts += F.values("mapInt", \.mapInt, V.ints, ordered: true)
        facts += F.values("mapInt8", \.mapInt8, V.int8s, ordered: true)
        facts += F.values("mapInt16", \.mapInt16, V.int16s, ordered: true)
        facts += F.values("mapInt32", \.mapInt32, V.int32s, ordered: true)
        facts += F.values("mapInt64", \.mapInt64, V.int64s, ordered: true)
        facts += F.values("mapFloat", \.mapFloat, V.floats, ordered: true)
        facts += F.values("mapDouble", \.mapDouble, V.doubles, ordered: true)
        facts += F.values("mapString", \.mapString, V.strings, ordered: false)
        facts += F.values("mapBinary", \.mapBinary, V.datas, ordered: false)
        facts += F.values("mapDate", \.mapDate, V.dates, ordered: true)
        facts += F.values("mapDecimal", \.mapDecimal, V.decimals, ordered: true)
        facts += F.values("mapObjectId", \.mapObjectId, V.objectIds, ordered: false)
        facts += F.values("mapUuid", \.mapUuid, V.uuids, ordered: false)
        facts += F.values("mapAny", \.mapAny, V.anys, ordered: false)
        facts += F.values("mapOptBool", \.mapOptBool, V.bools.map { $0 }, ordered: false, notEqual: 0)
        facts += F.values("mapOptInt", \.mapOptInt, V.ints.map { $0 }, ordered: true)
        facts += F.values("mapOptInt8", \.mapOptInt8, V.int8s.map { $0 }, ordered: true)
        facts += F.values("mapOptInt16", \.mapOptInt16, V.int16s.map { $0 }, ordered: true)
        facts += F.values("mapOptInt32", \.mapOptInt32, V.int32s.map { $0 }, ordered: true)
        facts += F.values("mapOptInt64", \.mapOptInt64, V.int64s.map { $0 }, ordered: true)
        facts += F.values("mapOptFloat", \.mapOptFloat, V.floats.map { $0 }, ordered: true)
        facts += F.values("mapOptDouble", \.mapOptDouble, V.doubles.map { $0 }, ordered: true)
        facts += F.values("mapOptString", \.mapOptString, V.strings.map { $0 }, ordered: false)
        facts += F.values("mapOptBinary", \.mapOptBinary, V.datas.map { $0 }, ordered: false)
        facts += F.values("mapOptDate", \.mapOptDate, V.dates.map { $0 }, ordered: true)
        facts += F.values("mapOptDecimal", \.mapOptDecimal, V.decimals.map { $0 }, ordered: true)
        facts += F.values("mapOptObjectId", \.mapOptObjectId, V.objectIds.map { $0 }, ordered: false)
        facts += F.values("mapOptUuid", \.mapOptUuid, V.uuids.map { $0 }, ordered: false)
        check(facts)
    }

    /// realm-swift QueryTests.swift testMapAllValues (the string operators on "Foo" and "Foó")
    @Test func mapStringValuesTakeEveryStringOperator() {
        var facts: [TQCFact<TQCAllTypes>] = []
        // Any value matches: "Foo" equals "Foo", and "Foó" differs from it unless diacritics are ignored.
        let count: (Bool, StringOptions) -> Int = { equals, options in
            options.contains(.diacriticInsensitive) ? (equals ? 1 : 0) : 1
        }
        facts += Self.stringOperations(
            "ANY mapString.@allValues", { $0.mapString.values }, full: "Foo", prefix: "Foo", suffix: "Foo",
            count: count)
        facts += Self.stringOperations(
            "ANY mapOptString.@allValues", { $0.mapOptString.values }, full: "Foo", prefix: "Foo", suffix: "Foo",
            count: count)
        facts += [
            TQCFact("ANY mapString.@allValues LIKE[c] Foo", 1) { $0.mapString.values.like("Foo", caseInsensitive: true) },
            TQCFact("ANY mapString.@allValues LIKE Foo", 1) { $0.mapString.values.like("Foo") },
            TQCFact("ANY mapOptString.@allValues LIKE[c] Foo", 1) {
                $0.mapOptString.values.like("Foo", caseInsensitive: true)
            },
            TQCFact("ANY mapOptString.@allValues LIKE Foo", 1) { $0.mapOptString.values.like("Foo") },
        ]
        check(facts)
    }

    /// realm-swift QueryTests.swift testMapAllKeysAllValuesSubscript (equality and ordering)
    @Test func aMapSubscriptComparesTheValueUnderTheKey() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.subscripted("mapBool", \.mapBool, V.bools[0], ordered: false)
        facts += F.subscripted("mapInt", \.mapInt, V.ints[0], ordered: true)
        facts += F.subscripted("mapInt8", \.mapInt8, V.int8s[0], ordered: true)
        facts += F.subscripted("mapInt16", \.mapInt16, V.int16s[0], ordered: true)
        facts += F.subscripted("mapInt32", \.mapInt32, V.int32s[0], ordered: true)
        facts += F.subscripted("mapInt64", \.mapInt64, V.int64s[0], ordered: true)
        facts += F.subscripted("mapFloat", \.mapFloat, V.floats[0], ordered: true)
        facts += F.subscripted("mapDouble", \.mapDouble, V.doubles[0], ordered: true)
        facts += F.subscripted("mapString", \.mapString, V.strings[0], ordered: false)
        facts += F.subscripted("mapBinary", \.mapBinary, V.datas[0], ordered: false)
        facts += F.subscripted("mapDate", \.mapDate, V.dates[0], ordered: true)
        facts += F.subscripted("mapDecimal", \.mapDecimal, V.decimals[0], ordered: true)
        facts += F.subscripted("mapObjectId", \.mapObjectId, V.objectIds[0], ordered: false)
        facts += F.subscripted("mapUuid", \.mapUuid, V.uuids[0], ordered: false)
        facts += F.subscripted("mapAny", \.mapAny, V.anys[0], ordered: false)
        facts += F.subscripted("mapOptBool", \.mapOptBool, V.bools[0], ordered: false)
        facts += F.subscripted("mapOptInt", \.mapOptInt, V.ints[0], ordered: true)
        facts += F.subscripted("mapOptInt8", \.mapOptInt8, V.int8s[0], ordered: true)
        facts += F.subscripted("mapOptInt16", \.mapOptInt16, V.int16s[0], ordered: true)
        facts += F.subscripted("mapOptInt32", \.mapOptInt32, V.int32s[0], ordered: true)
        facts += F.subscripted("mapOptInt64", \.mapOptInt64, V.int64s[0], ordered: true)
        facts += F.subscripted("mapOptFloat", \.mapOptFloat, V.floats[0], ordered: true)
        facts += F.subscripted("mapOptDouble", \.mapOptDouble, V.doubles[0], ordered: true)
        facts += F.subscripted("mapOptString", \.mapOptString, V.strings[0], ordered: false)
        facts += F.subscripted("mapOptBinary", \.mapOptBinary, V.datas[0], ordered: false)
        facts += F.subscripted("mapOptDate", \.mapOptDate, V.dates[0], ordered: true)
        facts += F.subscripted("mapOptDecimal", \.mapOptDecimal, V.decimals[0], ordered: true)
        facts += F.subscripted("mapOptObjectId", \.mapOptObjectId, V.objectIds[0], ordered: false)
        facts += F.subscripted("mapOptUuid", \.mapOptUuid, V.uuids[0], ordered: false)
        check(facts)
    }

    /// realm-swift QueryTests.swift testMapAllKeysAllValuesSubscript (the string operators on "Foo")
    @Test func aMapSubscriptTakesEveryStringOperator() {
        let cd: StringOptions = [.caseInsensitive, .diacriticInsensitive]
        var facts: [TQCFact<TQCAllTypes>] = []
        func operators<T: _QueryString>(_ name: String, _ lhs: @escaping (Query<TQCAllTypes>) -> Query<T>) {
            facts += [
                TQCFact("\(name)['foo'] CONTAINS[cd] Foo", 1) { lhs($0).contains("Foo", options: cd) },
                TQCFact("\(name)['foo'] CONTAINS Foo", 1) { lhs($0).contains("Foo") },
                TQCFact("NOT \(name)['foo'] CONTAINS Foo", 0) { !lhs($0).contains("Foo") },
                TQCFact("\(name)['foo'] BEGINSWITH[cd] Foo", 1) { lhs($0).starts(with: "Foo", options: cd) },
                TQCFact("\(name)['foo'] BEGINSWITH Foo", 1) { lhs($0).starts(with: "Foo") },
                TQCFact("\(name)['foo'] ENDSWITH[cd] Foo", 1) { lhs($0).ends(with: "Foo", options: cd) },
                TQCFact("\(name)['foo'] ENDSWITH Foo", 1) { lhs($0).ends(with: "Foo") },
                TQCFact("\(name)['foo'] LIKE[c] Foo", 1) { lhs($0).like("Foo", caseInsensitive: true) },
                TQCFact("\(name)['foo'] LIKE Foo", 1) { lhs($0).like("Foo") },
            ]
        }
        operators("mapString", { $0.mapString["foo"] })
        operators("mapOptString", { $0.mapOptString["foo"] })
        check(facts)
    }

    /// realm-swift QueryTests.swift testCollectionContainsRange (maps)
    @Test func aNumericMapIsInARangeHoldingAllItsValues() {
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCAllTypes>] = []
        facts += F.mapRanges("mapInt", \.mapInt, V.ints)
        facts += F.mapRanges("mapInt8", \.mapInt8, V.int8s)
        facts += F.mapRanges("mapInt16", \.mapInt16, V.int16s)
        facts += F.mapRanges("mapInt32", \.mapInt32, V.int32s)
        facts += F.mapRanges("mapInt64", \.mapInt64, V.int64s)
        facts += F.mapRanges("mapFloat", \.mapFloat, V.floats)
        facts += F.mapRanges("mapDouble", \.mapDouble, V.doubles)
        facts += F.mapRanges("mapDate", \.mapDate, V.dates)
        facts += F.mapRanges("mapDecimal", \.mapDecimal, V.decimals)
        facts += F.optionalMapRanges("mapOptInt", \.mapOptInt, V.ints)
        facts += F.optionalMapRanges("mapOptInt64", \.mapOptInt64, V.int64s)
        facts += F.optionalMapRanges("mapOptFloat", \.mapOptFloat, V.floats)
        facts += F.optionalMapRanges("mapOptDouble", \.mapOptDouble, V.doubles)
        facts += F.optionalMapRanges("mapOptDate", \.mapOptDate, V.dates)
        facts += F.optionalMapRanges("mapOptDecimal", \.mapOptDecimal, V.decimals)
        check(facts)
    }

    // MARK: Linking objects

    /// realm-swift QueryTests.swift testLinkingObjects
    @Test func anObjectNoneLinksToHasNoLinkingObjects() throws {
        let objects = Array(realm.objects(TQCAllTypes.self))
        let object = try first
        check([
            TQCFact<TQCAllTypes>("object IN linkingObjects", 0) { $0.linkingObjects.contains(object) },
            TQCFact("ANY linkingObjects IN objects", 0) { $0.linkingObjects.containsAny(in: objects) },
            TQCFact("NOT object IN linkingObjects", 1) { !$0.linkingObjects.contains(object) },
            TQCFact("NOT ANY linkingObjects IN objects", 1) { !$0.linkingObjects.containsAny(in: objects) },
        ])
    }

    // MARK: Compound

    /// realm-swift QueryTests.swift testCompoundAnd
    @Test func andCombinesScalarsCollectionsAndAggregates() {
        // Realm's values of Int: lists [1, 3], maps {foo: 1, bar: 3}.
        let (v0, v1, total, zero) = (1, 3, 4, 0)
        var facts: [TQCFact<TQCAllTypes>] = [
            TQCFact("boolCol == false && optBoolCol == false", 1) { $0.boolCol == false && $0.optBoolCol == false },
            TQCFact("(boolCol == false) && (optBoolCol == false)", 1) {
                ($0.boolCol == false) && ($0.optBoolCol == false)
            },
            TQCFact("boolCol == false && true IN arrayBool", 1) { $0.boolCol == false && $0.arrayBool.contains(true) },
            TQCFact("boolCol != true && true IN arrayBool", 1) { $0.boolCol != true && $0.arrayBool.contains(true) },
            TQCFact("boolCol == false && true IN arrayOptBool", 1) {
                $0.boolCol == false && $0.arrayOptBool.contains(true)
            },
            TQCFact("boolCol != true && true IN arrayOptBool", 1) {
                $0.boolCol != true && $0.arrayOptBool.contains(true)
            },
            TQCFact("boolCol == false && true IN setBool", 1) { $0.boolCol == false && $0.setBool.contains(true) },
            TQCFact("boolCol != true && true IN setBool", 1) { $0.boolCol != true && $0.setBool.contains(true) },
            TQCFact("boolCol == false && true IN setOptBool", 1) { $0.boolCol == false && $0.setOptBool.contains(true) },
            TQCFact("boolCol != true && true IN setOptBool", 1) { $0.boolCol != true && $0.setOptBool.contains(true) },
            TQCFact("boolCol == false && true IN mapBool", 1) { $0.boolCol == false && $0.mapBool.contains(true) },
            TQCFact("boolCol != true && mapBool['foo'] == true", 1) {
                ($0.boolCol != true) && ($0.mapBool["foo"] == true)
            },
            TQCFact("boolCol != true && mapBool['foo'] == true && mapBool['bar'] == true", 1) {
                ($0.boolCol != true) && ($0.mapBool["foo"] == true) && ($0.mapBool["bar"] == true)
            },
            TQCFact("boolCol == false && true IN mapOptBool", 1) { $0.boolCol == false && $0.mapOptBool.contains(true) },
            TQCFact("boolCol != true && mapOptBool['foo'] == true", 1) {
                ($0.boolCol != true) && ($0.mapOptBool["foo"] == true)
            },
            TQCFact("boolCol != true && mapOptBool['foo'] == true && mapOptBool['bar'] == true", 1) {
                ($0.boolCol != true) && ($0.mapOptBool["foo"] == true) && ($0.mapOptBool["bar"] == true)
            },
        ]
        // The aggregates of [1, 3] (lists) and {foo: 1, bar: 3} (maps).
        facts += [
            TQCFact("arrayInt aggregates", 1) {
                ($0.arrayInt.min <= v0) && ($0.arrayInt.max >= v1) && ($0.arrayInt.sum == total)
                    && ($0.arrayInt.count != zero) && ($0.arrayInt.avg > v0) && ($0.arrayInt.avg < v1)
            },
            TQCFact("arrayOptInt aggregates", 1) {
                ($0.arrayOptInt.min <= v0) && ($0.arrayOptInt.max >= v1) && ($0.arrayOptInt.sum == total)
                    && ($0.arrayOptInt.count != zero) && ($0.arrayOptInt.avg > v0) && ($0.arrayOptInt.avg < v1)
            },
            TQCFact("mapInt aggregates", 1) {
                ($0.mapInt.min <= v0) && ($0.mapInt.max >= v1) && ($0.mapInt.sum == total) && ($0.mapInt.count != zero)
                    && ($0.mapInt.avg > v0) && ($0.mapInt.avg < v1)
            },
            TQCFact("mapOptInt aggregates", 1) {
                ($0.mapOptInt.min <= v0) && ($0.mapOptInt.max >= v1) && ($0.mapOptInt.sum == total)
                    && ($0.mapOptInt.count != zero) && ($0.mapOptInt.avg > v0) && ($0.mapOptInt.avg < v1)
            },
        ]
        check(facts)
    }

    /// The `== v1` and `!= v1` facts of the scalar properties in Realm's declaration order,
    /// for the pairs of testCompoundOr and testCompoundMixed.
    static var scalarPairs: [(String, TQCFact<TQCAllTypes>, TQCFact<TQCAllTypes>)] {
        let facts = scalarEqualities.prefix(64)
        return stride(from: 0, to: facts.count, by: 2).map { index in
            let equal = facts[facts.startIndex + index]
            return (equal.text, equal, facts[facts.startIndex + index + 1])
        }
    }

    /// realm-swift QueryTests.swift testCompoundOr
    @Test func orCombinesScalarsCollectionsAndAggregates() {
        // Realm's values of Int: lists [1, 3], maps {foo: 1, bar: 3}.
        let (v0, v1, v2, total, zero) = (1, 3, 5, 4, 0)
        let pairs = Self.scalarPairs
        var facts: [TQCFact<TQCAllTypes>] = []
        // Neighbours in declaration order (the plain properties, then the optional ones).
        for group in [pairs[0..<16], pairs[16..<32]] {
            for (a, b) in zip(group, group.dropFirst()) {
                facts.append(TQCFact("\(a.0) || \(b.0)", 1) { a.1.query($0) || b.1.query($0) })
            }
        }
        facts += [
            TQCFact("boolCol == false || true IN arrayBool", 1) { $0.boolCol == false || $0.arrayBool.contains(true) },
            TQCFact("boolCol != true || true IN arrayBool", 1) { $0.boolCol != true || $0.arrayBool.contains(true) },
            TQCFact("boolCol == false || true IN arrayOptBool", 1) {
                $0.boolCol == false || $0.arrayOptBool.contains(true)
            },
            TQCFact("boolCol != true || true IN setBool", 1) { $0.boolCol != true || $0.setBool.contains(true) },
            TQCFact("boolCol != true || true IN setOptBool", 1) { $0.boolCol != true || $0.setOptBool.contains(true) },
            TQCFact("boolCol == false || true IN mapBool", 1) { $0.boolCol == false || $0.mapBool.contains(true) },
            TQCFact("boolCol != true || mapBool['foo'] == true", 1) {
                ($0.boolCol != true) || ($0.mapBool["foo"] == true)
            },
            TQCFact("boolCol != true || mapOptBool['foo'] == true || mapOptBool['bar'] == true", 1) {
                ($0.boolCol != true) || ($0.mapOptBool["foo"] == true) || ($0.mapOptBool["bar"] == true)
            },
            TQCFact("boolCol == false || 3 IN mapInt", 1) { $0.boolCol == false || $0.mapInt.contains(3) },
            TQCFact("boolCol != true || mapInt['foo'] == 3", 1) { ($0.boolCol != true) || ($0.mapInt["foo"] == 3) },
            TQCFact("boolCol != true || mapOptInt['foo'] == 1 || mapOptInt['bar'] == 3", 1) {
                ($0.boolCol != true) || ($0.mapOptInt["foo"] == 1) || ($0.mapOptInt["bar"] == 3)
            },
            TQCFact("arrayInt aggregates, any of them", 1) {
                ($0.arrayInt.min <= v0) || ($0.arrayInt.max >= v2) || ($0.arrayInt.sum != total)
                    || ($0.arrayInt.count == zero) || ($0.arrayInt.avg > v1) || ($0.arrayInt.avg < v0)
            },
            TQCFact("arrayOptInt aggregates, any of them", 1) {
                ($0.arrayOptInt.min <= v0) || ($0.arrayOptInt.max >= v2) || ($0.arrayOptInt.sum != total)
                    || ($0.arrayOptInt.count == zero) || ($0.arrayOptInt.avg > v1) || ($0.arrayOptInt.avg < v0)
            },
        ]
        check(facts)
    }

    /// realm-swift QueryTests.swift testCompoundMixed
    @Test func andOfOrsGroupsAsWritten() {
        // Realm's values of Int: lists [1, 3], maps {foo: 1, bar: 3}.
        let (v0, v2, total, zero) = (1, 5, 4, 0)
        let pairs = Self.scalarPairs
        var facts: [TQCFact<TQCAllTypes>] = []
        for group in [pairs[0..<16], pairs[16..<32]] {
            for (a, b) in zip(group, group.dropFirst()) {
                facts.append(
                    TQCFact("(\(a.0) || \(b.0)) && (\(a.2.text) || \(b.2.text))", 0) {
                        (a.1.query($0) || b.1.query($0)) && (a.2.query($0) || b.2.query($0))
                    })
                facts.append(TQCFact("(\(a.0)) || (\(b.0))", 1) { (a.1.query($0)) || (b.1.query($0)) })
            }
        }
        // validateCompoundString: the string neighbours.
        facts += [
            TQCFact("NOT (doubleCol == v1 || stringCol CONTAINS Foó) && stringCol == Foó", 0) {
                !($0.doubleCol == 234.567 || $0.stringCol.contains("Foó")) && ($0.stringCol == "Foó")
            },
            TQCFact("NOT (optDoubleCol == v1 || optStringCol CONTAINS Foó) && optStringCol == Foó", 0) {
                !($0.optDoubleCol == 234.567 || $0.optStringCol.contains("Foó")) && ($0.optStringCol == "Foó")
            },
        ]
        facts += [
            TQCFact("arrayInt aggregates, grouped", 1) {
                (($0.arrayInt.min <= v0) || ($0.arrayInt.max >= v2)) && ($0.arrayInt.sum == total)
                    && ($0.arrayInt.count != zero) && ($0.arrayInt.avg > v0 && $0.arrayInt.avg < v2)
            },
            TQCFact("arrayOptInt aggregates, grouped", 1) {
                (($0.arrayOptInt.min <= v0) || ($0.arrayOptInt.max >= v2)) && ($0.arrayOptInt.sum == total)
                    && ($0.arrayOptInt.count != zero) && ($0.arrayOptInt.avg > v0 && $0.arrayOptInt.avg < v2)
            },
            TQCFact("mapInt aggregates, grouped", 1) {
                (($0.mapInt.min <= v0) || ($0.mapInt.max >= v2)) && ($0.mapInt.sum == total)
                    && ($0.mapInt.count != zero) && ($0.mapInt.avg > v0 && $0.mapInt.avg < v2)
            },
            TQCFact("mapOptInt aggregates, grouped", 1) {
                (($0.mapOptInt.min <= v0) || ($0.mapOptInt.max >= v2)) && ($0.mapOptInt.sum == total)
                    && ($0.mapOptInt.count != zero) && ($0.mapOptInt.avg > v0 && $0.mapOptInt.avg < v2)
            },
        ]
        check(facts)
    }

    /// realm-swift QueryTests.swift testAny (links through lists and sets)
    @Test func comparisonsThroughListsAndSetsOfObjectsFindNothingInEmptyOnes() {
        check([
            TQCFact<TQCAllTypes>("ANY arrayCol.intCol != 123 && ANY arrayCol.objectCol.intCol > 456 && ...", 0) {
                (($0.arrayCol.intCol != 123) && ($0.arrayCol.objectCol.intCol > 456))
                    && (($0.setCol.intCol != 123) && ($0.setCol.objectCol.intCol > 456))
            }
        ])
    }

    // MARK: Subqueries

    /// realm-swift QueryTests.swift testSubquery (in Geode's spelling, `matching`)
    @Test func subqueriesCountTheMatchingObjectsOfAList() throws {
        check([
            TQCFact<TQCAllTypes>("SUBQUERY(arrayCol, intCol != 123).@count > 0", 0) {
                $0.arrayCol.matching { $0.intCol != 123 }.count > 0
            },
            TQCFact("intCol == 5 && SUBQUERY(arrayCol, stringCol == 'Bar').@count == 0", 0) {
                $0.intCol == 5 && $0.arrayCol.matching { $0.stringCol == "Bar" }.count == 0
            },
            TQCFact("intCol == 5 && SUBQUERY(setCol, stringCol == 'Bar').@count == 0", 0) {
                $0.intCol == 5 && $0.setCol.matching { $0.stringCol == "Bar" }.count == 0
            },
        ])
        let object = try first
        try realm.write {
            let listed = TQCAllTypes(value: ["intCol": 5, "stringCol": "Foo"])
            object.arrayCol.append(listed)
            object.setCol.insert(listed)
        }
        check([
            TQCFact<TQCAllTypes>("SUBQUERY(arrayCol, arrayInt.@count >= 0).@count > 0", 1) {
                $0.arrayCol.matching { $0.arrayInt.count >= 0 }.count > 0
            },
            TQCFact("SUBQUERY(arrayCol, arrayInt.@count >= 0 && SUBQUERY(arrayCol, intCol != 123).@count > 0)", 0) {
                $0.arrayCol.matching {
                    $0.arrayInt.count >= 0 && $0.arrayCol.matching { $0.intCol != 123 }.count > 0
                }.count > 0
            },
            TQCFact("SUBQUERY(arrayCol, intCol != 123).@count > 0", 1) {
                $0.arrayCol.matching { $0.intCol != 123 }.count > 0
            },
            TQCFact("SUBQUERY(arrayCol, intCol > 0 && intCol <= 5).@count > 0", 1) {
                $0.arrayCol.matching { $0.intCol > 0 && $0.intCol <= 5 }.count > 0
            },
            TQCFact("SUBQUERY(arrayCol, intCol == 5).@count == 1 && SUBQUERY(arrayCol, stringCol == 'Bar').@count == 0", 1) {
                $0.arrayCol.matching { $0.intCol == 5 }.count == 1
                    && $0.arrayCol.matching { $0.stringCol == "Bar" }.count == 0
            },
            TQCFact("intCol == 3 && SUBQUERY(setCol, stringCol == 'Bar').@count == 0", 1) {
                ($0.intCol == 3) && $0.setCol.matching { $0.stringCol == "Bar" }.count == 0
            },
            TQCFact("intCol == 3 && SUBQUERY(setCol, intCol == 5 && stringCol != 'Blah').@count == 1", 1) {
                ($0.intCol == 3) && $0.setCol.matching { ($0.intCol == 5) && ($0.stringCol != "Blah") }.count == 1
            },
        ])
    }

    /// realm-swift QueryTests.swift testSubquery (column comparison): Realm reads the
    /// unprefixed `stringCol` inside the subquery on the listed object, so the object
    /// whose listed object has its own string matches one, and only the other object
    /// (with an empty list) counts none.
    @Test func aSubqueryComparingWithAnOuterPropertyFindsRealmsCount() throws {
        let object = try first
        try realm.write {
            let listed = TQCAllTypes(value: ["intCol": 5, "stringCol": "Foo"])
            object.arrayCol.append(listed)
        }
        let found = realm.objects(TQCAllTypes.self).where { outer in
            outer.arrayCol.matching { $0.stringCol == outer.stringCol }.count == 0
        }
        #expect(found.count == 1)
    }

    // MARK: Aggregates through a link

    /// realm-swift QueryTests.swift testCollectionAggregatesSum and testCollectionAggregatesAvg
    @Test func sumsAndAveragesOfCollectionsThroughALink() throws {
        try linkedAggregates()
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCLink>] = []
        func sums<T: AdditiveArithmetic>(
            _ name: String, _ values: [T], _ list: @escaping (Query<TQCLink>) -> Query<List<T>>,
            _ set: @escaping (Query<TQCLink>) -> Query<MutableSet<T>>,
            _ map: @escaping (Query<TQCLink>) -> Query<Map<String, T>>, average: T
        ) {
            let total = values[0] + values[1] + values[2]
            facts += F.summed("object.array\(name).@sum", { list($0).sum }, total, values[0])
            facts += F.summed("object.set\(name).@sum", { set($0).sum }, total, values[0])
            facts += F.summed("object.map\(name).@sum", { map($0).sum }, total, values[0])
            facts += F.summed("object.array\(name).@avg", { list($0).avg }, average, values[0])
            facts += F.summed("object.set\(name).@avg", { set($0).avg }, average, values[0])
            facts += F.summed("object.map\(name).@avg", { map($0).avg }, average, values[0])
        }
        func optionalSums<T: AdditiveArithmetic>(
            _ name: String, _ values: [T], _ list: @escaping (Query<TQCLink>) -> Query<List<T?>>,
            _ set: @escaping (Query<TQCLink>) -> Query<MutableSet<T?>>,
            _ map: @escaping (Query<TQCLink>) -> Query<Map<String, T?>>, average: T
        ) {
            let total: T? = values[0] + values[1] + values[2]
            let first: T? = values[0]
            let mean: T? = average
            facts += F.summed("object.arrayOpt\(name).@sum", { list($0).sum }, total, first)
            facts += F.summed("object.setOpt\(name).@sum", { set($0).sum }, total, first)
            facts += F.summed("object.mapOpt\(name).@sum", { map($0).sum }, total, first)
            facts += F.summed("object.arrayOpt\(name).@avg", { list($0).avg }, mean, first)
            facts += F.summed("object.setOpt\(name).@avg", { set($0).avg }, mean, first)
            facts += F.summed("object.mapOpt\(name).@avg", { map($0).avg }, mean, first)
        }
        sums("Int", V.ints, \.object.arrayInt, \.object.setInt, \.object.mapInt, average: 3)
        sums("Int8", V.int8s, \.object.arrayInt8, \.object.setInt8, \.object.mapInt8, average: 9)
        sums("Int16", V.int16s, \.object.arrayInt16, \.object.setInt16, \.object.mapInt16, average: 17)
        sums("Int32", V.int32s, \.object.arrayInt32, \.object.setInt32, \.object.mapInt32, average: 33)
        sums("Int64", V.int64s, \.object.arrayInt64, \.object.setInt64, \.object.mapInt64, average: 65)
        sums(
            "Float", V.floats, \.object.arrayFloat, \.object.setFloat, \.object.mapFloat,
            average: (V.floats[0] + V.floats[1] + V.floats[2]) / 3)
        sums(
            "Double", V.doubles, \.object.arrayDouble, \.object.setDouble, \.object.mapDouble,
            average: (V.doubles[0] + V.doubles[1] + V.doubles[2]) / 3)
        sums(
            "Decimal", V.decimals, \.object.arrayDecimal, \.object.setDecimal, \.object.mapDecimal,
            average: (V.decimals[0] + V.decimals[1] + V.decimals[2]) / 3)
        optionalSums("Int", V.ints, \.object.arrayOptInt, \.object.setOptInt, \.object.mapOptInt, average: 3)
        optionalSums("Int8", V.int8s, \.object.arrayOptInt8, \.object.setOptInt8, \.object.mapOptInt8, average: 9)
        optionalSums(
            "Int16", V.int16s, \.object.arrayOptInt16, \.object.setOptInt16, \.object.mapOptInt16, average: 17)
        optionalSums(
            "Int32", V.int32s, \.object.arrayOptInt32, \.object.setOptInt32, \.object.mapOptInt32, average: 33)
        optionalSums(
            "Int64", V.int64s, \.object.arrayOptInt64, \.object.setOptInt64, \.object.mapOptInt64, average: 65)
        optionalSums(
            "Float", V.floats, \.object.arrayOptFloat, \.object.setOptFloat, \.object.mapOptFloat,
            average: (V.floats[0] + V.floats[1] + V.floats[2]) / 3)
        optionalSums(
            "Double", V.doubles, \.object.arrayOptDouble, \.object.setOptDouble, \.object.mapOptDouble,
            average: (V.doubles[0] + V.doubles[1] + V.doubles[2]) / 3)
        optionalSums(
            "Decimal", V.decimals, \.object.arrayOptDecimal, \.object.setOptDecimal, \.object.mapOptDecimal,
            average: (V.decimals[0] + V.decimals[1] + V.decimals[2]) / 3)
        check(facts)
    }

    /// realm-swift QueryTests.swift testCollectionAggregatesMin and testCollectionAggregatesMax
    @Test func smallestAndLargestOfCollectionsThroughALink() throws {
        try linkedAggregates()
        typealias F = TQCFacts
        typealias V = TQCValues
        var facts: [TQCFact<TQCLink>] = []
        func extremes<T>(
            _ name: String, _ values: [T], _ list: @escaping (Query<TQCLink>) -> Query<List<T>>,
            _ set: @escaping (Query<TQCLink>) -> Query<MutableSet<T>>,
            _ map: @escaping (Query<TQCLink>) -> Query<Map<String, T>>
        ) {
            facts += F.extreme("object.array\(name).@min", { list($0).min }, values[0], values[2])
            facts += F.extreme("object.set\(name).@min", { set($0).min }, values[0], values[2])
            facts += F.extreme("object.map\(name).@min", { map($0).min }, values[0], values[2])
            facts += F.extreme("object.array\(name).@max", { list($0).max }, values[2], values[0])
            facts += F.extreme("object.set\(name).@max", { set($0).max }, values[2], values[0])
            facts += F.extreme("object.map\(name).@max", { map($0).max }, values[2], values[0])
        }
        extremes("Int", V.ints, \.object.arrayInt, \.object.setInt, \.object.mapInt)
        extremes("Int8", V.int8s, \.object.arrayInt8, \.object.setInt8, \.object.mapInt8)
        extremes("Int16", V.int16s, \.object.arrayInt16, \.object.setInt16, \.object.mapInt16)
        extremes("Int32", V.int32s, \.object.arrayInt32, \.object.setInt32, \.object.mapInt32)
        extremes("Int64", V.int64s, \.object.arrayInt64, \.object.setInt64, \.object.mapInt64)
        extremes("Float", V.floats, \.object.arrayFloat, \.object.setFloat, \.object.mapFloat)
        extremes("Double", V.doubles, \.object.arrayDouble, \.object.setDouble, \.object.mapDouble)
        extremes("Decimal", V.decimals, \.object.arrayDecimal, \.object.setDecimal, \.object.mapDecimal)
        extremes(
            "OptInt", V.ints.map { Optional($0) }, \.object.arrayOptInt, \.object.setOptInt, \.object.mapOptInt)
        extremes(
            "OptDouble", V.doubles.map { Optional($0) }, \.object.arrayOptDouble, \.object.setOptDouble,
            \.object.mapOptDouble)
        extremes(
            "OptDecimal", V.decimals.map { Optional($0) }, \.object.arrayOptDecimal, \.object.setOptDecimal,
            \.object.mapOptDecimal)
        check(facts)
        var enums: [TQCFact<TQCLinkToEnumCollections>] = []
        enums += F.extreme("object.listInt.@min", { $0.object.listInt.min }, TQCEnumInt.value1, .value3)
        enums += F.extreme("object.setInt.@max", { $0.object.setInt.max }, TQCEnumInt.value3, .value1)
        enums += F.extreme("object.mapInt.@min", { $0.object.mapInt.min }, TQCEnumInt.value1, .value3)
        enums += F.extreme("object.listIntOpt.@max", { $0.object.listIntOpt.max }, TQCEnumInt?.some(.value3), .value1)
        check(enums)
    }

    /// realm-swift QueryTests.swift testCollectionAggregatesCount
    @Test func countsOfCollectionsThroughALink() throws {
        try linkedAggregates()
        typealias F = TQCFacts
        var facts: [TQCFact<TQCLink>] = []
        facts += F.counted("object.arrayInt", { $0.object.arrayInt.count })
        facts += F.counted("object.arrayString", { $0.object.arrayString.count })
        facts += F.counted("object.arrayBinary", { $0.object.arrayBinary.count })
        facts += F.counted("object.arrayDate", { $0.object.arrayDate.count })
        facts += F.counted("object.arrayAny", { $0.object.arrayAny.count })
        facts += F.counted("object.arrayOptUuid", { $0.object.arrayOptUuid.count })
        facts += F.counted("object.setDouble", { $0.object.setDouble.count })
        facts += F.counted("object.setObjectId", { $0.object.setObjectId.count })
        facts += F.counted("object.setAny", { $0.object.setAny.count })
        facts += F.counted("object.setOptString", { $0.object.setOptString.count })
        facts += F.counted("object.mapInt", { $0.object.mapInt.count })
        facts += F.counted("object.mapDecimal", { $0.object.mapDecimal.count })
        facts += F.counted("object.mapAny", { $0.object.mapAny.count })
        facts += F.counted("object.mapOptFloat", { $0.object.mapOptFloat.count })
        check(facts)
        var enums: [TQCFact<TQCLinkToEnumCollections>] = []
        enums += F.counted("object.listString", { $0.object.listString.count })
        enums += F.counted("object.setIntOpt", { $0.object.setIntOpt.count })
        enums += F.counted("object.mapStringOpt", { $0.object.mapStringOpt.count })
        check(enums)
    }

    // MARK: Column comparison

    /// realm-swift QueryTests.swift testColumnComparison
    @Test func aPropertyComparedWithItselfIsEqualAndNullLinksCompareEqual() {
        let cd: StringOptions = [.caseInsensitive, .diacriticInsensitive]
        check([
            TQCFact<TQCAllTypes>("stringEnumCol == stringEnumCol", 1) { $0.stringEnumCol == $0.stringEnumCol },
            TQCFact("stringCol != stringCol", 0) { $0.stringCol != $0.stringCol },
            TQCFact("stringEnumCol != stringEnumCol", 0) { $0.stringEnumCol != $0.stringEnumCol },
            TQCFact("stringEnumCol > stringEnumCol", 0) { $0.stringEnumCol > $0.stringEnumCol },
            TQCFact("stringCol > stringCol", 0) { $0.stringCol > $0.stringCol },
            TQCFact("stringEnumCol >= stringEnumCol", 1) { $0.stringEnumCol >= $0.stringEnumCol },
            TQCFact("stringCol >= stringCol", 1) { $0.stringCol >= $0.stringCol },
            TQCFact("stringEnumCol < stringEnumCol", 0) { $0.stringEnumCol < $0.stringEnumCol },
            TQCFact("stringCol < stringCol", 0) { $0.stringCol < $0.stringCol },
            TQCFact("stringEnumCol <= stringEnumCol", 1) { $0.stringEnumCol <= $0.stringEnumCol },
            TQCFact("stringCol <= stringCol", 1) { $0.stringCol <= $0.stringCol },
            TQCFact("intCol > intCol", 0) { $0.intCol > $0.intCol },
            TQCFact("intEnumCol > intEnumCol", 0) { $0.intEnumCol > $0.intEnumCol },
            TQCFact("intCol >= intCol", 1) { $0.intCol >= $0.intCol },
            TQCFact("intEnumCol >= intEnumCol", 1) { $0.intEnumCol >= $0.intEnumCol },
            TQCFact("intCol < intCol", 0) { $0.intCol < $0.intCol },
            TQCFact("intEnumCol < intEnumCol", 0) { $0.intEnumCol < $0.intEnumCol },
            TQCFact("intCol <= intCol", 1) { $0.intCol <= $0.intCol },
            TQCFact("intEnumCol <= intEnumCol", 1) { $0.intEnumCol <= $0.intEnumCol },
            TQCFact("optStringCol == optStringCol", 1) { $0.optStringCol == $0.optStringCol },
            TQCFact("optStringCol != optStringCol", 0) { $0.optStringCol != $0.optStringCol },
            TQCFact("optIntCol > optIntCol", 0) { $0.optIntCol > $0.optIntCol },
            TQCFact("optIntCol >= optIntCol", 1) { $0.optIntCol >= $0.optIntCol },
            TQCFact("optIntCol < optIntCol", 0) { $0.optIntCol < $0.optIntCol },
            TQCFact("optIntCol <= optIntCol", 1) { $0.optIntCol <= $0.optIntCol },
            // objectCol is nil: both sides are null.
            TQCFact("objectCol.stringCol == objectCol.stringCol", 1) { $0.objectCol.stringCol == $0.objectCol.stringCol },
            TQCFact("objectCol.stringCol != objectCol.stringCol", 0) { $0.objectCol.stringCol != $0.objectCol.stringCol },
            TQCFact("objectCol.intCol > objectCol.intCol", 0) { $0.objectCol.intCol > $0.objectCol.intCol },
            TQCFact("objectCol.intCol >= objectCol.intCol", 1) { $0.objectCol.intCol >= $0.objectCol.intCol },
            TQCFact("objectCol.intCol < objectCol.intCol", 0) { $0.objectCol.intCol < $0.objectCol.intCol },
            TQCFact("objectCol.intCol <= objectCol.intCol", 1) { $0.objectCol.intCol <= $0.objectCol.intCol },
            TQCFact("objectCol.optStringCol == objectCol.optStringCol", 1) {
                $0.objectCol.optStringCol == $0.objectCol.optStringCol
            },
            TQCFact("objectCol.optStringCol != objectCol.optStringCol", 0) {
                $0.objectCol.optStringCol != $0.objectCol.optStringCol
            },
            TQCFact("objectCol.optIntCol > objectCol.optIntCol", 0) { $0.objectCol.optIntCol > $0.objectCol.optIntCol },
            TQCFact("objectCol.optIntCol >= objectCol.optIntCol", 1) {
                $0.objectCol.optIntCol >= $0.objectCol.optIntCol
            },
            TQCFact("objectCol.optIntCol < objectCol.optIntCol", 0) { $0.objectCol.optIntCol < $0.objectCol.optIntCol },
            TQCFact("objectCol.optIntCol <= objectCol.optIntCol", 1) {
                $0.objectCol.optIntCol <= $0.objectCol.optIntCol
            },
            TQCFact("stringCol CONTAINS[cd] stringCol", 1) { $0.stringCol.contains($0.stringCol, options: cd) },
            TQCFact("stringCol BEGINSWITH[cd] stringCol", 1) { $0.stringCol.starts(with: $0.stringCol, options: cd) },
            TQCFact("stringCol ENDSWITH[cd] stringCol", 1) { $0.stringCol.ends(with: $0.stringCol, options: cd) },
            TQCFact("stringCol LIKE[c] stringCol", 1) { $0.stringCol.like($0.stringCol, caseInsensitive: true) },
            TQCFact("stringCol ==[cd] stringCol", 1) { $0.stringCol.equals($0.stringCol, options: cd) },
            TQCFact("stringCol !=[cd] stringCol", 0) { $0.stringCol.notEquals($0.stringCol, options: cd) },
            TQCFact("stringCol CONTAINS[cd] optStringCol", 1) { $0.stringCol.contains($0.optStringCol, options: cd) },
            TQCFact("optStringCol CONTAINS[cd] optStringCol", 1) {
                $0.optStringCol.contains($0.optStringCol, options: cd)
            },
            TQCFact("optStringCol CONTAINS[cd] stringCol", 1) { $0.optStringCol.contains($0.stringCol, options: cd) },
            TQCFact("optStringCol BEGINSWITH[cd] optStringCol", 1) {
                $0.optStringCol.starts(with: $0.optStringCol, options: cd)
            },
            TQCFact("optStringCol BEGINSWITH[cd] stringCol", 1) {
                $0.optStringCol.starts(with: $0.stringCol, options: cd)
            },
            TQCFact("optStringCol ENDSWITH[cd] optStringCol", 1) {
                $0.optStringCol.ends(with: $0.optStringCol, options: cd)
            },
            TQCFact("optStringCol ENDSWITH[cd] stringCol", 1) { $0.optStringCol.ends(with: $0.stringCol, options: cd) },
            TQCFact("optStringCol LIKE[c] optStringCol", 1) {
                $0.optStringCol.like($0.optStringCol, caseInsensitive: true)
            },
            TQCFact("optStringCol LIKE[c] stringCol", 1) { $0.optStringCol.like($0.stringCol, caseInsensitive: true) },
            TQCFact("optStringCol ==[cd] optStringCol", 1) { $0.optStringCol.equals($0.optStringCol, options: cd) },
            TQCFact("optStringCol ==[cd] stringCol", 1) { $0.optStringCol.equals($0.stringCol, options: cd) },
            TQCFact("optStringCol !=[cd] optStringCol", 0) {
                $0.optStringCol.notEquals($0.optStringCol, options: cd)
            },
            TQCFact("optStringCol !=[cd] stringCol", 0) { $0.optStringCol.notEquals($0.stringCol, options: cd) },
        ])
    }

    /// realm-swift QueryTests.swift testColumnComparison: two collection columns cannot be
    /// compared (Realm throws; refusing, Geode would stop the program).
    @Test(arguments: [false, true]) func comparingTwoCollectionColumnsIsRefused(_ notEqual: Bool) async {
        await withKnownIssue(
            "Geode's builder passes `list == list` to the engine, which compares the lists whole (as realm-core's query language does)"
        ) {
            await #expect(processExitsWith: .failure) { [notEqual] in
                let directory = try TemporaryDirectory()
                let realm = try directory.realm(of: TypeSafeQueryConformanceTests.types)
                try realm.write { realm.add(TQCAllTypes()) }
                let all = realm.objects(TQCAllTypes.self)
                _ = notEqual
                    ? all.where { $0.arrayCol != $0.arrayCol }.count : all.where { $0.arrayCol == $0.arrayCol }.count
            }
        }
    }
}
