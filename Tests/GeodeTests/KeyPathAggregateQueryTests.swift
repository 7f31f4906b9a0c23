import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift: RealmSwift/Tests/QueryTests.swift
// (testKeypathCollectionAggregatesAvg, …Sum, …Min, …Max, testAggregateNotSupported, and
// the key-path aggregates of testCompoundAnd, testCompoundOr and testCompoundMixed), and
// Realm/Tests/QueryTests.m (testAggregateArrayCollectionOperators,
// testAggregateSetCollectionOperators and the `parents.@avg.age` fact of
// testLinkingObjects). The models (LinkToModernAllTypesObject, ModernAllTypesObject, the
// custom-persistable wrappers, IntegerArrayPropertyObject, PersonObject) are restated as
// `@Persisted` classes prefixed `KPA`, with the properties these facts read; the values
// and the counts are Realm's.
//
// What is restated: an aggregate of a property of the objects of a list, set or
// backlinks (`$0.list.intCol.min`, the query language's `list.@min.intCol`) compared
// with a value and with another property, for integers, floats, doubles, decimals,
// dates (smallest and largest only), enums through `rawValue`, types mapped to numbers,
// and optionals of them; an empty collection (no smallest, largest or mean value, a sum
// of 0); and an aggregate of a property reached through no collection, which Realm
// refuses when the query runs. Each typed query is also checked against the query text
// Realm builds for it, so that both spellings find the same objects.
//
// Left out, and why:
// - Int8, Int16, Int32 and Int64 properties and their wrappers: their facts repeat
//   those of Int (the engine stores every integer alike).
// - the NSPredicate text Realm asserts (testing API of Realm's builder).
// - the other refusals of testAggregateArrayCollectionOperators (a path after the
//   aggregated property, a double compared with an integer aggregate): the builder
//   cannot spell the first, and the type checker refuses the second (the query
//   language takes `array.@min.intCol == 1.23`, where Realm refuses it).
// - maps of objects: Realm's builder puts the aggregate right after the first property
//   of the path (`map.@min.@allValues.intCol` for `$0.map.values.intCol.min`), and
//   Realm's tests have no such fact to restate; Geode's `values` of a map does not
//   carry an aggregate to the map.

// MARK: - Models

enum KPAIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// Realm's IntWrapper: an integer mapped to a type of its own.
struct KPAIntWrapper: CustomPersistable, Hashable {
    typealias PersistedType = Int
    var value: Int
    init(persistedValue: Int) { value = persistedValue }
    var persistableValue: Int { value }
}

/// Realm's DoubleWrapper.
struct KPADoubleWrapper: CustomPersistable, Hashable {
    typealias PersistedType = Double
    var value: Double
    init(persistedValue: Double) { value = persistedValue }
    var persistableValue: Double { value }
}

/// Realm's DateWrapper.
struct KPADateWrapper: CustomPersistable, Hashable {
    typealias PersistedType = Date
    var value: Date
    init(persistedValue: Date) { value = persistedValue }
    var persistableValue: Date { value }
}

/// Realm's ModernAllTypesObject (and AllCustomPersistableTypes), with the numeric
/// properties the key-path aggregate facts read.
final class KPAAllTypes: Object {
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var decimalCol = Decimal128(0)
    @Persisted var intEnumCol = KPAIntEnum.value1
    @Persisted var optIntCol: Int?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optDateCol: Date?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optIntEnumCol: KPAIntEnum?
    @Persisted var int = KPAIntWrapper(persistedValue: 0)
    @Persisted var double = KPADoubleWrapper(persistedValue: 0)
    @Persisted var date = KPADateWrapper(persistedValue: Date(timeIntervalSince1970: 0))
    @Persisted var optInt: KPAIntWrapper?
    @Persisted var optDouble: KPADoubleWrapper?
    @Persisted var optDate: KPADateWrapper?
    @Persisted var scores: List<Int>
}

/// Realm's LinkToModernAllTypesObject: a list of the objects whose properties are aggregated.
final class KPALinkToAllTypes: Object {
    @Persisted var list: List<KPAAllTypes>
}

/// Realm's IntObject.
final class KPAIntObject: Object {
    @Persisted var intCol = 0
}

/// Realm's IntegerArrayPropertyObject, with the set of IntegerSetPropertyObject.
final class KPAIntegerCollections: Object {
    @Persisted var number = 0
    @Persisted var array: List<KPAIntObject>
    @Persisted var set: MutableSet<KPAIntObject>
}

/// Something holding a KPAIntegerCollections, to reach its list through a link.
final class KPAHolder: Object {
    @Persisted var number = 0
    @Persisted var collections: KPAIntegerCollections?
}

/// Realm's PersonObject: children listed, parents the people listing this one.
final class KPAPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var children: List<KPAPerson>
    @Persisted(originProperty: "children") var parents: LinkingObjects<KPAPerson>
}

// MARK: - Tests

@Suite struct KeyPathAggregateQueryTests {
    static let types: [ObjectBase.Type] = [
        KPAAllTypes.self, KPALinkToAllTypes.self, KPAIntObject.self, KPAIntegerCollections.self, KPAHolder.self,
        KPAPerson.self,
    ]

    static let ints = [1, 3, 5]
    static let floats: [Float] = [5.55444333, 6.55444333, 7.55444333]
    static let doubles = [123.456, 234.567, 345.678]
    static let dates = [1_000_000.0, 2_000_000, 3_000_000].map { Date(timeIntervalSince1970: $0) }
    static let decimals = [Decimal128(123.456), Decimal128(234.567), Decimal128(345.678)]
    static let enums: [KPAIntEnum] = [.value1, .value2, .value3]

    /// Realm's createKeypathCollectionAggregatesObject: one object listing three, whose
    /// properties hold the three values of each type, in order.
    private func withListedValues(_ body: (Results<KPALinkToAllTypes>) throws -> Void) throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                let parent = KPALinkToAllTypes()
                for i in 0 ..< 3 {
                    let child = KPAAllTypes()
                    child.intCol = Self.ints[i]
                    child.floatCol = Self.floats[i]
                    child.doubleCol = Self.doubles[i]
                    child.dateCol = Self.dates[i]
                    child.decimalCol = Self.decimals[i]
                    child.intEnumCol = Self.enums[i]
                    child.optIntCol = Self.ints[i]
                    child.optFloatCol = Self.floats[i]
                    child.optDoubleCol = Self.doubles[i]
                    child.optDateCol = Self.dates[i]
                    child.optDecimalCol = Self.decimals[i]
                    child.optIntEnumCol = Self.enums[i]
                    child.int = KPAIntWrapper(persistedValue: Self.ints[i])
                    child.double = KPADoubleWrapper(persistedValue: Self.doubles[i])
                    child.date = KPADateWrapper(persistedValue: Self.dates[i])
                    child.optInt = KPAIntWrapper(persistedValue: Self.ints[i])
                    child.optDouble = KPADoubleWrapper(persistedValue: Self.doubles[i])
                    child.optDate = KPADateWrapper(persistedValue: Self.dates[i])
                    parent.list.append(child)
                }
                realm.add(parent)
            }
            try body(realm.objects(KPALinkToAllTypes.self))
        }
    }

    /// The number of objects `typed` finds, after checking that `text` (with
    /// `argument`) finds the same objects.
    private func count<Root: Object>(
        _ objects: Results<Root>, _ text: String, _ argument: Any, _ typed: (Query<Root>) -> Query<Bool>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        let found = Array(objects.where(typed))
        let expected = Array(objects.filter(text, argument))
        #expect(found == expected, "\(text) with \(argument)", sourceLocation: sourceLocation)
        return found.count
    }

    /// The objects' `number`s that `typed` finds, after checking that `text` finds the same.
    private func numbers(
        _ objects: Results<KPAIntegerCollections>, _ text: String,
        _ typed: (Query<KPAIntegerCollections>) -> Query<Bool>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Int] {
        let found = objects.where(typed).map(\.number)
        #expect(found == objects.filter(text).map(\.number), "\(text)", sourceLocation: sourceLocation)
        return found
    }

    /// Expects `objects` to find `expected` objects for `path op rhs`, typed and as query text.
    private func expectCount<T>(
        _ objects: Results<KPALinkToAllTypes>, _ path: String, _ op: String, _ rhs: T, _ expected: Int,
        _ at: SourceLocation, _ typed: (Query<KPALinkToAllTypes>) -> Query<Bool>
    ) {
        let text = "\(path) \(op) %@"
        #expect(
            count(objects, text, rhs, typed, sourceLocation: at) == expected, "\(text) with \(rhs)", sourceLocation: at)
    }

    /// Realm's validateKeypathAverage and validateKeypathSum: the aggregate equals
    /// `value` and nothing smaller, and orders accordingly.
    private func checkMeanOrSum<T>(
        _ objects: Results<KPALinkToAllTypes>, _ path: String, _ value: T, _ smaller: T,
        _ aggregate: (Query<KPALinkToAllTypes>) -> Query<T>, sourceLocation at: SourceLocation = #_sourceLocation
    ) {
        expectCount(objects, path, "==", value, 1, at) { aggregate($0) == value }
        expectCount(objects, path, "==", smaller, 0, at) { aggregate($0) == smaller }
        expectCount(objects, path, "!=", value, 0, at) { aggregate($0) != value }
        expectCount(objects, path, "!=", smaller, 1, at) { aggregate($0) != smaller }
        expectCount(objects, path, ">", value, 0, at) { aggregate($0) > value }
        expectCount(objects, path, ">", smaller, 1, at) { aggregate($0) > smaller }
        expectCount(objects, path, "<", value, 0, at) { aggregate($0) < value }
        expectCount(objects, path, ">=", value, 1, at) { aggregate($0) >= value }
        expectCount(objects, path, "<=", value, 1, at) { aggregate($0) <= value }
    }

    /// Realm's validateKeypathMin and validateKeypathMax: the aggregate equals `value`
    /// and not `other`, and orders accordingly.
    private func checkExtreme<T>(
        _ objects: Results<KPALinkToAllTypes>, _ path: String, _ value: T, _ other: T,
        _ aggregate: (Query<KPALinkToAllTypes>) -> Query<T>, sourceLocation at: SourceLocation = #_sourceLocation
    ) {
        expectCount(objects, path, "==", value, 1, at) { aggregate($0) == value }
        expectCount(objects, path, "==", other, 0, at) { aggregate($0) == other }
        expectCount(objects, path, "!=", value, 0, at) { aggregate($0) != value }
        expectCount(objects, path, "!=", other, 1, at) { aggregate($0) != other }
        expectCount(objects, path, ">", value, 0, at) { aggregate($0) > value }
        expectCount(objects, path, "<", value, 0, at) { aggregate($0) < value }
        expectCount(objects, path, ">=", value, 1, at) { aggregate($0) >= value }
        expectCount(objects, path, "<=", value, 1, at) { aggregate($0) <= value }
    }

    private static let intSum = 1 + 3 + 5
    private static let doubleSum = 123.456 + 234.567 + 345.678
    private static let decimalSum = Decimal128(123.456) + Decimal128(234.567) + Decimal128(345.678)

    /// realm-swift QueryTests.swift testKeypathCollectionAggregatesAvg
    @Test func theMeanOfAPropertyOfListedObjectsComparesWithAValue() throws {
        try withListedValues { objects in
            let average = Self.intSum / 3
            checkMeanOrSum(objects, "list.@avg.intCol", average, 1) { $0.list.intCol.avg }
            checkMeanOrSum(objects, "list.@avg.doubleCol", Self.doubleSum / 3, 123.456) { $0.list.doubleCol.avg }
            checkMeanOrSum(objects, "list.@avg.decimalCol", Self.decimalSum / Decimal128(3), Decimal128(123.456)) {
                $0.list.decimalCol.avg
            }
            checkMeanOrSum(objects, "list.@avg.intEnumCol", average, 1) { $0.list.intEnumCol.rawValue.avg }
            checkMeanOrSum(
                objects, "list.@avg.int", KPAIntWrapper(persistedValue: average), KPAIntWrapper(persistedValue: 1)
            ) {
                $0.list.int.avg
            }
            checkMeanOrSum(
                objects, "list.@avg.double", KPADoubleWrapper(persistedValue: Self.doubleSum / 3),
                KPADoubleWrapper(persistedValue: 123.456)
            ) { $0.list.double.avg }
            checkMeanOrSum(objects, "list.@avg.optIntCol", Optional(average), 1) { $0.list.optIntCol.avg }
            checkMeanOrSum(objects, "list.@avg.optDoubleCol", Optional(Self.doubleSum / 3), 123.456) {
                $0.list.optDoubleCol.avg
            }
            checkMeanOrSum(
                objects, "list.@avg.optDecimalCol", Optional(Self.decimalSum / Decimal128(3)), Decimal128(123.456)
            ) {
                $0.list.optDecimalCol.avg
            }
            checkMeanOrSum(objects, "list.@avg.optIntEnumCol", Optional(average), 1) {
                $0.list.optIntEnumCol.rawValue.avg
            }
            checkMeanOrSum(
                objects, "list.@avg.optInt", Optional(KPAIntWrapper(persistedValue: average)),
                KPAIntWrapper(persistedValue: 1)
            ) { $0.list.optInt.avg }
            checkMeanOrSum(
                objects, "list.@avg.optDouble", Optional(KPADoubleWrapper(persistedValue: Self.doubleSum / 3)),
                KPADoubleWrapper(persistedValue: 123.456)
            ) { $0.list.optDouble.avg }
        }
    }

    /// realm-swift QueryTests.swift testKeypathCollectionAggregatesAvg (floats)
    @Test func theMeanOfAFloatPropertyOfListedObjectsComparesWithAFloat() throws {
        try withListedValues { objects in
            let floatSum = Float(5.55444333) + Float(6.55444333) + Float(7.55444333)
            checkMeanOrSum(objects, "list.@avg.floatCol", floatSum / 3, Float(5.55444333)) { $0.list.floatCol.avg }
            checkMeanOrSum(objects, "list.@avg.optFloatCol", Optional(floatSum / 3), Float(5.55444333)) {
                $0.list.optFloatCol.avg
            }
        }
    }

    /// realm-swift QueryTests.swift testKeypathCollectionAggregatesSum
    @Test func theSumOfAPropertyOfListedObjectsComparesWithAValue() throws {
        try withListedValues { objects in
            let floatSum = Float(5.55444333) + Float(6.55444333) + Float(7.55444333)
            checkMeanOrSum(objects, "list.@sum.intCol", Self.intSum, 1) { $0.list.intCol.sum }
            checkMeanOrSum(objects, "list.@sum.floatCol", floatSum, Float(5.55444333)) { $0.list.floatCol.sum }
            checkMeanOrSum(objects, "list.@sum.doubleCol", Self.doubleSum, 123.456) { $0.list.doubleCol.sum }
            checkMeanOrSum(objects, "list.@sum.decimalCol", Self.decimalSum, Decimal128(123.456)) {
                $0.list.decimalCol.sum
            }
            checkMeanOrSum(objects, "list.@sum.intEnumCol", Self.intSum, 1) { $0.list.intEnumCol.rawValue.sum }
            checkMeanOrSum(
                objects, "list.@sum.int", KPAIntWrapper(persistedValue: Self.intSum), KPAIntWrapper(persistedValue: 1)
            ) { $0.list.int.sum }
            checkMeanOrSum(
                objects, "list.@sum.double", KPADoubleWrapper(persistedValue: Self.doubleSum),
                KPADoubleWrapper(persistedValue: 123.456)
            ) { $0.list.double.sum }
            checkMeanOrSum(objects, "list.@sum.optIntCol", Optional(Self.intSum), 1) { $0.list.optIntCol.sum }
            checkMeanOrSum(objects, "list.@sum.optFloatCol", Optional(floatSum), Float(5.55444333)) {
                $0.list.optFloatCol.sum
            }
            checkMeanOrSum(objects, "list.@sum.optDoubleCol", Optional(Self.doubleSum), 123.456) {
                $0.list.optDoubleCol.sum
            }
            checkMeanOrSum(objects, "list.@sum.optDecimalCol", Optional(Self.decimalSum), Decimal128(123.456)) {
                $0.list.optDecimalCol.sum
            }
            checkMeanOrSum(objects, "list.@sum.optIntEnumCol", Optional(Self.intSum), 1) {
                $0.list.optIntEnumCol.rawValue.sum
            }
            checkMeanOrSum(
                objects, "list.@sum.optInt", Optional(KPAIntWrapper(persistedValue: Self.intSum)),
                KPAIntWrapper(persistedValue: 1)
            ) { $0.list.optInt.sum }
            checkMeanOrSum(
                objects, "list.@sum.optDouble", Optional(KPADoubleWrapper(persistedValue: Self.doubleSum)),
                KPADoubleWrapper(persistedValue: 123.456)
            ) { $0.list.optDouble.sum }
        }
    }

    /// realm-swift QueryTests.swift testKeypathCollectionAggregatesMin
    @Test func theSmallestValueOfAPropertyOfListedObjectsComparesWithAValue() throws {
        try withListedValues { objects in
            checkExtreme(objects, "list.@min.intCol", 1, 5) { $0.list.intCol.min }
            checkExtreme(objects, "list.@min.floatCol", Self.floats[0], Self.floats[2]) { $0.list.floatCol.min }
            checkExtreme(objects, "list.@min.doubleCol", 123.456, 345.678) { $0.list.doubleCol.min }
            checkExtreme(objects, "list.@min.dateCol", Self.dates[0], Self.dates[2]) { $0.list.dateCol.min }
            checkExtreme(objects, "list.@min.decimalCol", Self.decimals[0], Self.decimals[2]) { $0.list.decimalCol.min }
            checkExtreme(objects, "list.@min.intEnumCol", 1, 5) { $0.list.intEnumCol.rawValue.min }
            checkExtreme(objects, "list.@min.int", KPAIntWrapper(persistedValue: 1), KPAIntWrapper(persistedValue: 5)) {
                $0.list.int.min
            }
            checkExtreme(
                objects, "list.@min.double", KPADoubleWrapper(persistedValue: 123.456),
                KPADoubleWrapper(persistedValue: 345.678)
            ) { $0.list.double.min }
            checkExtreme(
                objects, "list.@min.date", KPADateWrapper(persistedValue: Self.dates[0]),
                KPADateWrapper(persistedValue: Self.dates[2])
            ) { $0.list.date.min }
            checkExtreme(objects, "list.@min.optIntCol", Optional(1), 5) { $0.list.optIntCol.min }
            checkExtreme(objects, "list.@min.optFloatCol", Optional(Self.floats[0]), Self.floats[2]) {
                $0.list.optFloatCol.min
            }
            checkExtreme(objects, "list.@min.optDoubleCol", Optional(123.456), 345.678) { $0.list.optDoubleCol.min }
            checkExtreme(objects, "list.@min.optDateCol", Optional(Self.dates[0]), Self.dates[2]) {
                $0.list.optDateCol.min
            }
            checkExtreme(objects, "list.@min.optDecimalCol", Optional(Self.decimals[0]), Self.decimals[2]) {
                $0.list.optDecimalCol.min
            }
            checkExtreme(objects, "list.@min.optIntEnumCol", Optional(1), 5) { $0.list.optIntEnumCol.rawValue.min }
            checkExtreme(
                objects, "list.@min.optInt", Optional(KPAIntWrapper(persistedValue: 1)),
                KPAIntWrapper(persistedValue: 5)
            ) { $0.list.optInt.min }
            checkExtreme(
                objects, "list.@min.optDouble", Optional(KPADoubleWrapper(persistedValue: 123.456)),
                KPADoubleWrapper(persistedValue: 345.678)
            ) { $0.list.optDouble.min }
            checkExtreme(
                objects, "list.@min.optDate", Optional(KPADateWrapper(persistedValue: Self.dates[0])),
                KPADateWrapper(persistedValue: Self.dates[2])
            ) { $0.list.optDate.min }
        }
    }

    /// realm-swift QueryTests.swift testKeypathCollectionAggregatesMax
    @Test func theLargestValueOfAPropertyOfListedObjectsComparesWithAValue() throws {
        try withListedValues { objects in
            checkExtreme(objects, "list.@max.intCol", 5, 1) { $0.list.intCol.max }
            checkExtreme(objects, "list.@max.floatCol", Self.floats[2], Self.floats[0]) { $0.list.floatCol.max }
            checkExtreme(objects, "list.@max.doubleCol", 345.678, 123.456) { $0.list.doubleCol.max }
            checkExtreme(objects, "list.@max.dateCol", Self.dates[2], Self.dates[0]) { $0.list.dateCol.max }
            checkExtreme(objects, "list.@max.decimalCol", Self.decimals[2], Self.decimals[0]) { $0.list.decimalCol.max }
            checkExtreme(objects, "list.@max.intEnumCol", 5, 1) { $0.list.intEnumCol.rawValue.max }
            checkExtreme(objects, "list.@max.int", KPAIntWrapper(persistedValue: 5), KPAIntWrapper(persistedValue: 1)) {
                $0.list.int.max
            }
            checkExtreme(
                objects, "list.@max.double", KPADoubleWrapper(persistedValue: 345.678),
                KPADoubleWrapper(persistedValue: 123.456)
            ) { $0.list.double.max }
            checkExtreme(
                objects, "list.@max.date", KPADateWrapper(persistedValue: Self.dates[2]),
                KPADateWrapper(persistedValue: Self.dates[0])
            ) { $0.list.date.max }
            checkExtreme(objects, "list.@max.optIntCol", Optional(5), 1) { $0.list.optIntCol.max }
            checkExtreme(objects, "list.@max.optFloatCol", Optional(Self.floats[2]), Self.floats[0]) {
                $0.list.optFloatCol.max
            }
            checkExtreme(objects, "list.@max.optDoubleCol", Optional(345.678), 123.456) { $0.list.optDoubleCol.max }
            checkExtreme(objects, "list.@max.optDateCol", Optional(Self.dates[2]), Self.dates[0]) {
                $0.list.optDateCol.max
            }
            checkExtreme(objects, "list.@max.optDecimalCol", Optional(Self.decimals[2]), Self.decimals[0]) {
                $0.list.optDecimalCol.max
            }
            checkExtreme(objects, "list.@max.optIntEnumCol", Optional(5), 1) { $0.list.optIntEnumCol.rawValue.max }
            checkExtreme(
                objects, "list.@max.optInt", Optional(KPAIntWrapper(persistedValue: 5)),
                KPAIntWrapper(persistedValue: 1)
            ) { $0.list.optInt.max }
            checkExtreme(
                objects, "list.@max.optDouble", Optional(KPADoubleWrapper(persistedValue: 345.678)),
                KPADoubleWrapper(persistedValue: 123.456)
            ) { $0.list.optDouble.max }
            checkExtreme(
                objects, "list.@max.optDate", Optional(KPADateWrapper(persistedValue: Self.dates[2])),
                KPADateWrapper(persistedValue: Self.dates[0])
            ) { $0.list.optDate.max }
        }
    }

    /// realm-swift QueryTests.swift testCompoundAnd, testCompoundOr and testCompoundMixed
    /// (their key-path aggregates)
    @Test func aggregatesOfListedObjectsCombineWithAndOrAndNot() throws {
        try withListedValues { objects in
            let sum = Self.doubleSum
            #expect(
                objects.where {
                    $0.list.doubleCol.min <= 123.456 && $0.list.doubleCol.max >= 345.678 && $0.list.doubleCol.sum == sum
                        && $0.list.doubleCol.min != 234.567 && $0.list.doubleCol.avg > 123.456
                        && $0.list.doubleCol.avg < 345.678
                }.count == 1)
            #expect(
                objects.where {
                    $0.list.optDoubleCol.min <= 123.456 && $0.list.optDoubleCol.max >= 345.678
                        && $0.list.optDoubleCol.sum == sum && $0.list.optDoubleCol.min != 234.567
                        && $0.list.optDoubleCol.avg > 123.456 && $0.list.optDoubleCol.avg < 345.678
                }.count == 1)
            #expect(
                objects.where {
                    $0.list.doubleCol.min < 123.456 || $0.list.doubleCol.max > 345.678 || $0.list.doubleCol.sum != sum
                        || $0.list.doubleCol.min == 0 || $0.list.doubleCol.avg >= 345.678
                        || $0.list.doubleCol.avg <= 123.456
                }.count == 0)
            #expect(
                objects.where {
                    $0.list.optDoubleCol.min < 123.456 || $0.list.optDoubleCol.max > 345.678
                        || $0.list.optDoubleCol.sum != sum || $0.list.optDoubleCol.min == 0
                        || $0.list.optDoubleCol.avg >= 345.678 || $0.list.optDoubleCol.avg <= 123.456
                }.count == 0)
            #expect(
                objects.where {
                    ($0.list.doubleCol.min <= 123.456 || $0.list.doubleCol.max >= 345.678)
                        && $0.list.doubleCol.sum == sum
                        && $0.list.doubleCol.sum != 0
                        && ($0.list.doubleCol.avg > 123.456 && $0.list.doubleCol.avg < 345.678)
                }.count == 1)
            #expect(
                objects.where {
                    ($0.list.optDoubleCol.min <= 123.456 || $0.list.optDoubleCol.max >= 345.678)
                        && $0.list.optDoubleCol.sum == sum && $0.list.optDoubleCol.sum != 0
                        && ($0.list.optDoubleCol.avg > 123.456 && $0.list.optDoubleCol.avg < 345.678)
                }.count == 1)
            // Realm's own overview: `!` applies to an aggregate comparison as to any other.
            #expect(objects.where { !($0.list.doubleCol.avg >= 0) }.count == 0)
        }
    }

    /// Realm/Tests/QueryTests.m testAggregateArrayCollectionOperators and
    /// testAggregateSetCollectionOperators: three objects numbered 1111, 2222 and 3333
    /// holding the integers {1234, 2, -12345}, {100} and none.
    private func withIntegerCollections(_ body: (Results<KPAIntegerCollections>) throws -> Void) throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write {
                for (number, values) in [(1111, [1234, 2, -12345]), (2222, [100]), (3333, [])] {
                    let holder = KPAIntegerCollections()
                    holder.number = number
                    for value in values {
                        let object = KPAIntObject()
                        object.intCol = value
                        holder.array.append(object)
                        holder.set.insert(object)
                    }
                    realm.add(holder)
                }
            }
            try body(realm.objects(KPAIntegerCollections.self))
        }
    }

    /// Realm/Tests/QueryTests.m testAggregateArrayCollectionOperators
    @Test func anEmptyListHasNoSmallestLargestOrMeanValueAndSumsToZero() throws {
        try withIntegerCollections { objects in
            #expect(numbers(objects, "array.@min.intCol == -12345") { $0.array.intCol.min == -12345 } == [1111])
            #expect(numbers(objects, "array.@min.intCol == 100") { $0.array.intCol.min == 100 } == [2222])
            #expect(numbers(objects, "array.@min.intCol < 1000") { $0.array.intCol.min < 1000 } == [1111, 2222])
            #expect(numbers(objects, "array.@min.intCol > -1000") { $0.array.intCol.min > -1000 } == [2222])

            #expect(numbers(objects, "array.@max.intCol == 1234") { $0.array.intCol.max == 1234 } == [1111])
            #expect(numbers(objects, "array.@max.intCol == 100") { $0.array.intCol.max == 100 } == [2222])
            #expect(numbers(objects, "array.@max.intCol > -1000") { $0.array.intCol.max > -1000 } == [1111, 2222])
            #expect(numbers(objects, "array.@max.intCol > 1000") { $0.array.intCol.max > 1000 } == [1111])

            #expect(numbers(objects, "array.@sum.intCol == 100") { $0.array.intCol.sum == 100 } == [2222])
            #expect(numbers(objects, "array.@sum.intCol == -11109") { $0.array.intCol.sum == -11109 } == [1111])
            #expect(numbers(objects, "array.@sum.intCol == 0") { $0.array.intCol.sum == 0 } == [3333])
            #expect(numbers(objects, "array.@sum.intCol > -50") { $0.array.intCol.sum > -50 } == [2222, 3333])
            #expect(numbers(objects, "array.@sum.intCol < 50") { $0.array.intCol.sum < 50 } == [1111, 3333])

            #expect(numbers(objects, "array.@avg.intCol == 100") { $0.array.intCol.avg == 100 } == [2222])
            #expect(numbers(objects, "array.@avg.intCol == -3703") { $0.array.intCol.avg == -3703 } == [1111])
            #expect(numbers(objects, "array.@avg.intCol == 0") { $0.array.intCol.avg == 0 } == [])
            #expect(numbers(objects, "array.@avg.intCol < -50") { $0.array.intCol.avg < -50 } == [1111])
            #expect(numbers(objects, "array.@avg.intCol > 50") { $0.array.intCol.avg > 50 } == [2222])
        }
    }

    /// Realm/Tests/QueryTests.m testAggregateArrayCollectionOperators (against a property)
    @Test func anAggregateOfListedObjectsComparesWithAnotherProperty() throws {
        try withIntegerCollections { objects in
            #expect(numbers(objects, "array.@min.intCol < number") { $0.array.intCol.min < $0.number } == [1111, 2222])
            #expect(numbers(objects, "number > array.@min.intCol") { $0.number > $0.array.intCol.min } == [1111, 2222])
            #expect(numbers(objects, "array.@max.intCol < number") { $0.array.intCol.max < $0.number } == [2222])
            #expect(numbers(objects, "number > array.@max.intCol") { $0.number > $0.array.intCol.max } == [2222])
            #expect(numbers(objects, "array.@avg.intCol < number") { $0.array.intCol.avg < $0.number } == [1111, 2222])
            #expect(numbers(objects, "number > array.@avg.intCol") { $0.number > $0.array.intCol.avg } == [1111, 2222])
        }
    }

    /// Realm/Tests/QueryTests.m testAggregateSetCollectionOperators
    @Test func aSetOfObjectsAggregatesAPropertyAsAListDoes() throws {
        try withIntegerCollections { objects in
            #expect(numbers(objects, "set.@min.intCol == -12345") { $0.set.intCol.min == -12345 } == [1111])
            #expect(numbers(objects, "set.@min.intCol < 1000") { $0.set.intCol.min < 1000 } == [1111, 2222])
            #expect(numbers(objects, "set.@min.intCol > -1000") { $0.set.intCol.min > -1000 } == [2222])
            #expect(numbers(objects, "set.@max.intCol > -1000") { $0.set.intCol.max > -1000 } == [1111, 2222])
            #expect(numbers(objects, "set.@max.intCol > 1000") { $0.set.intCol.max > 1000 } == [1111])
            #expect(numbers(objects, "set.@sum.intCol == 0") { $0.set.intCol.sum == 0 } == [3333])
            #expect(numbers(objects, "set.@sum.intCol > -50") { $0.set.intCol.sum > -50 } == [2222, 3333])
            #expect(numbers(objects, "set.@avg.intCol == -3703") { $0.set.intCol.avg == -3703 } == [1111])
            #expect(numbers(objects, "set.@avg.intCol == 0") { $0.set.intCol.avg == 0 } == [])
            #expect(numbers(objects, "set.@min.intCol < number") { $0.set.intCol.min < $0.number } == [1111, 2222])
            #expect(numbers(objects, "set.@max.intCol < number") { $0.set.intCol.max < $0.number } == [2222])
            #expect(numbers(objects, "set.@avg.intCol < number") { $0.set.intCol.avg < $0.number } == [1111, 2222])
        }
    }

    /// The facts of testAggregateArrayCollectionOperators asked through a link to the
    /// object holding the list: the aggregate goes where the list ends in the path.
    @Test func aListReachedThroughALinkAggregatesWhereTheListEnds() throws {
        try withIntegerCollections { objects in
            guard let realm = objects.first?.realm else {
                Issue.record("no stored object")
                return
            }
            try realm.write {
                for object in objects {
                    let holder = KPAHolder()
                    holder.number = object.number
                    holder.collections = object
                    realm.add(holder)
                }
            }
            let holders = realm.objects(KPAHolder.self)
            let found = { (text: String, typed: (Query<KPAHolder>) -> Query<Bool>) -> [Int] in
                let numbers = holders.where(typed).map(\.number)
                #expect(numbers == holders.filter(text).map(\.number), "\(text)")
                return numbers
            }
            #expect(
                found("collections.array.@min.intCol < 1000") { $0.collections.array.intCol.min < 1000 } == [
                    1111, 2222,
                ])
            #expect(found("collections.array.@sum.intCol == 0") { $0.collections.array.intCol.sum == 0 } == [3333])
            #expect(found("collections.set.@max.intCol > 1000") { $0.collections.set.intCol.max > 1000 } == [1111])
            #expect(found("collections.array.@avg.intCol > 50") { $0.collections.array.intCol.avg > 50 } == [2222])
        }
    }

    /// Realm/Tests/QueryTests.m testLinkingObjects (`parents.@avg.age < 60`)
    @Test func theMeanOfAPropertyOfLinkingObjectsLeavesOutThoseWithNone() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            func person(_ name: String, _ age: Int, _ children: [KPAPerson] = []) -> KPAPerson {
                let person = KPAPerson()
                person.name = name
                person.age = age
                person.children.append(objectsIn: children)
                realm.add(person)
                return person
            }
            try realm.write {
                let hannah = person("Hannah", 0)
                let elijah = person("Elijah", 3)
                let mark = person("Mark", 30, [hannah])
                let jason = person("Jason", 31, [elijah])
                let diane = person("Diane", 29, [hannah])
                let carol = person("Carol", 31)
                _ = person("Michael", 57, [jason, mark])
                _ = person("Raewynne", 57, [jason, mark])
                _ = person("Don", 64, [carol, diane])
                _ = person("Diane", 60, [carol, diane])
            }
            let people = realm.objects(KPAPerson.self)
            let found = people.where { $0.parents.age.avg < 60 }.map(\.name)
            #expect(found == ["Hannah", "Elijah", "Mark", "Jason"])
            #expect(found == people.filter("parents.@avg.age < 60").map(\.name))
        }
    }

    /// A list of values held by listed objects keeps its own aggregates: the aggregate
    /// applies to that list, not to the objects listing it (`list.scores.@max`).
    @Test func aListOfValuesOfListedObjectsKeepsItsOwnAggregate() throws {
        try withListedValues { objects in
            guard let realm = objects.first?.realm, let child = objects.first?.list.first else {
                Issue.record("no listed object")
                return
            }
            try realm.write { child.scores.append(objectsIn: [4, 40]) }
            #expect(count(objects, "list.scores.@max > %@", 10) { $0.list.scores.max > 10 } == 1)
            #expect(count(objects, "list.scores.@max > %@", 50) { $0.list.scores.max > 50 } == 0)
            #expect(count(objects, "list.scores.@count == %@", 2) { $0.list.scores.count == 2 } == 1)
            #expect(count(objects, "list.@count == %@", 3) { $0.list.count == 3 } == 1)
        }
    }

    /// realm-swift QueryTests.swift testAggregateNotSupported: an aggregate of a
    /// property reached through no collection builds, and the query is refused when
    /// it runs (Realm throws; Geode stops the program, as for any query it refuses).
    @Test(arguments: ["intCol", "doubleCol", "dateCol", "decimalCol"])
    func anAggregateOfAPropertyReachedThroughNoCollectionIsRefused(_ property: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [property = property as String] in
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: KeyPathAggregateQueryTests.types)
            try realm.write { realm.add(KPAAllTypes()) }
            let all = realm.objects(KPAAllTypes.self)
            switch property {
            case "intCol": _ = all.where { $0.intCol.avg == 1 }.count
            case "doubleCol": _ = all.where { $0.doubleCol.max != 1 }.count
            case "dateCol": _ = all.where { $0.dateCol.min > Date() }.count
            default: _ = all.where { $0.decimalCol.sum < Decimal128(1) }.count
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(property), "\(message)")
    }

    /// Realm/Tests/QueryTests.m testAggregateArrayCollectionOperators: an aggregate
    /// compared with another aggregate is refused when the query runs.
    @Test func anAggregateComparedWithAnotherAggregateIsRefused() async {
        await withKnownIssue(
            "Geode's engine takes a comparison of two aggregates (`array.@min.intCol == array.@min.intCol`) as it takes any other comparison of two values; realm-core does not handle aggregates on both sides and refuses the query"
        ) {
            await #expect(processExitsWith: .failure) {
                let directory = try TemporaryDirectory()
                let realm = try directory.realm(of: KeyPathAggregateQueryTests.types)
                try realm.write { realm.add(KPAIntegerCollections()) }
                _ = realm.objects(KPAIntegerCollections.self).where { $0.array.intCol.min == $0.array.intCol.min }.count
            }
        }
    }
}
