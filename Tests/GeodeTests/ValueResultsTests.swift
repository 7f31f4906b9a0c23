import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Sorting and making distinct the values of lists, sets and maps, restating
/// realm-swift's primitive collection facts (`sorted(ascending:)` gives the
/// values in order and reversed, `distinct()` the first of each value, a
/// map's values sort too) and what results over values are: live, chainable,
/// and compared as realm-core compares values.
@Suite struct ValueResultsTests {
    enum Level: Int, PersistableEnum {
        case low = 1, middle, high
    }

    final class Holder: Object {
        @Persisted var ints: List<Int>
        @Persisted var int8s: List<Int8>
        @Persisted var floats: List<Float>
        @Persisted var doubles: List<Double>
        @Persisted var strings: List<String>
        @Persisted var datas: List<Data>
        @Persisted var dates: List<Date>
        @Persisted var decimals: List<Decimal128>
        @Persisted var optionalInts: List<Int?>
        @Persisted var optionalStrings: List<String?>
        @Persisted var levels: List<Level>
        @Persisted var mixed: List<AnyRealmValue>
        @Persisted var intSet: MutableSet<Int>
        @Persisted var stringSet: MutableSet<String>
        @Persisted var doubleMap: Map<String, Double>
        @Persisted var optionalDateMap: Map<String, Date?>
        @Persisted var flags: List<Bool>
        @Persisted var ids: MutableSet<ObjectId>
        @Persisted var uuidMap: Map<String, UUID?>
    }

    private func holder(_ directory: TemporaryDirectory) throws -> (Realm, Holder) {
        let realm = try directory.realm(of: [Holder.self])
        let holder = Holder()
        try realm.write { realm.add(holder) }
        return (realm, holder)
    }

    /// `values` rotated by one, as realm-swift's tests append them: no order is given away.
    private func rotated<T>(_ values: [T]) -> [T] { Array(values.dropFirst()) + [values[0]] }

    /// Appends `values` rotated to the list at `keyPath`, then checks both sort directions.
    private func expectSorts<T: Equatable & SortableType>(
        _ realm: Realm, _ list: List<T>, _ values: [T], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try realm.write { list.append(objectsIn: rotated(values)) }
        #expect(Array(list.sorted(ascending: true)) == values, sourceLocation: sourceLocation)
        #expect(Array(list.sorted(ascending: false)) == values.reversed(), sourceLocation: sourceLocation)
        #expect(Array(list.sorted()) == values, sourceLocation: sourceLocation)
    }

    @Test func aListOfEachSortableTypeSortsBothWays() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try expectSorts(realm, holder.ints, [1, 2, 3])
        try expectSorts(realm, holder.int8s, [-7, 0, 5])
        try expectSorts(realm, holder.floats, [1.1, 2.2, 3.3])
        try expectSorts(realm, holder.doubles, [-1.5, 2.25, 3.0e10])
        try expectSorts(realm, holder.strings, ["B", "a", "b"])  // by bytes: upper case first
        try expectSorts(realm, holder.datas, [Data([1]), Data([1, 0]), Data([2])])
        try expectSorts(
            realm, holder.dates,
            [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2), Date(timeIntervalSince1970: 3)])
        try expectSorts(realm, holder.decimals, [Decimal128(-1), Decimal128(2), Decimal128(30)])
        try expectSorts(realm, holder.levels, [.low, .middle, .high])
    }

    @Test func nullsComeFirstAscendingAndLastDescending() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try expectSorts(realm, holder.optionalInts, [nil, 1, 3])
        try expectSorts(realm, holder.optionalStrings, [nil, "a", "c"])
    }

    @Test func distinctKeepsTheFirstOfEachValueInOrder() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write {
            holder.strings.append(objectsIn: ["c", "a", "b"])
            holder.strings.append(objectsIn: ["c", "a", "b"])
            holder.optionalInts.append(objectsIn: [3, nil, 1, nil, 3])
        }
        #expect(Array(holder.strings.distinct()) == ["c", "a", "b"])
        #expect(Array(holder.optionalInts.distinct()) == [3, nil, 1])
        #expect(holder.strings.distinct().count == 3)
    }

    @Test func stepsChainInTheOrderGiven() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write { holder.ints.append(objectsIn: [2, 3, 1, 3, 2]) }
        #expect(Array(holder.ints.sorted().distinct()) == [1, 2, 3])
        #expect(Array(holder.ints.distinct().sorted(ascending: false)) == [3, 2, 1])
        #expect(Array(holder.ints.sorted(ascending: false).sorted()) == [1, 2, 2, 3, 3])
    }

    @Test func aSetSortsBothWays() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write {
            holder.intSet.insert(objectsIn: [20, 3, 100])
            holder.stringSet.insert(objectsIn: ["pear", "apple", "fig"])
        }
        #expect(Array(holder.intSet.sorted(ascending: true)) == [3, 20, 100])
        #expect(Array(holder.intSet.sorted(ascending: false)) == [100, 20, 3])
        #expect(Array(holder.stringSet.sorted()) == ["apple", "fig", "pear"])
        #expect(Array(holder.stringSet.distinct()).sorted() == ["apple", "fig", "pear"])
    }

    @Test func aMapsValuesSortWithoutTheirKeys() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        let first = Date(timeIntervalSince1970: 10)
        let second = Date(timeIntervalSince1970: 20)
        try realm.write {
            holder.doubleMap.merge(["b": 2.5, "a": 9, "c": -1]) { $1 }
            holder.optionalDateMap["later"] = second
            holder.optionalDateMap["none"] = .some(nil)
            holder.optionalDateMap["sooner"] = first
        }
        #expect(Array(holder.doubleMap.sorted()) == [-1, 2.5, 9])
        #expect(Array(holder.doubleMap.sorted(ascending: false)) == [9, 2.5, -1])
        #expect(Array(holder.optionalDateMap.sorted()) == [nil, first, second])
    }

    @Test func mixedValuesSortByKindThenValueAndEqualNumbersAreOneValue() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write {
            holder.mixed.append(objectsIn: [
                .string("x"), .int(2), .none, .bool(true), .double(1.5), .double(2), .int(1),
            ])
        }
        // null < bool < numbers (compared across types) < string, as realm-core orders them.
        let sorted = Array(holder.mixed.sorted())
        #expect(sorted == [.none, .bool(true), .int(1), .double(1.5), .int(2), .double(2), .string("x")])
        #expect(Array(holder.mixed.distinct()) == [.string("x"), .int(2), .none, .bool(true), .double(1.5), .int(1)])
    }

    @Test func resultsOverValuesAreLive() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        let sorted = holder.ints.sorted(ascending: false)
        #expect(sorted.isEmpty)
        #expect(sorted.first == nil)
        try realm.write { holder.ints.append(objectsIn: [5, 9, 1]) }
        #expect(Array(sorted) == [9, 5, 1])
        #expect(sorted.count == 3 && sorted.first == 9 && sorted.last == 1 && sorted[1] == 5)
        try realm.write { holder.ints.remove(at: 1) }
        #expect(Array(sorted) == [5, 1])
        #expect(sorted.realm != nil)
        #expect(!sorted.isInvalidated)
        try realm.write { realm.delete(holder) }
        #expect(sorted.isInvalidated)
    }

    @Test func resultsOverValuesAggregateAndDescribeThemselves() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write { holder.doubles.append(objectsIn: [4, 1, 4, 7]) }
        let distinct = holder.doubles.distinct()
        #expect(distinct.min() == 1)
        #expect(distinct.max() == 7)
        #expect(distinct.sum() == 12)
        #expect(distinct.average() == 4.0)
        #expect(distinct.index(of: 7) == 2)
        #expect(distinct.description.hasPrefix("Results<double> <0x"))
        #expect(distinct.description.contains("[2] 7"))
        let erased = AnyRealmCollection(holder.ints.sorted())
        #expect(erased.isEmpty)
    }
}

extension ValueResultsTests {
    @Test func valuesFilterWithSelfInEitherQueryForm() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write {
            holder.ints.append(objectsIn: [5, 12, 7, 30, 1])
            holder.strings.append(objectsIn: ["Jade", "amber", "jet", "ruby"])
            holder.doubleMap.merge(["tea": 2.5, "cake": 4, "bread": 12]) { $1 }
            holder.optionalInts.append(objectsIn: [nil, 3, nil, 8])
            holder.levels.append(objectsIn: [.high, .low, .middle])
        }
        #expect(Array(holder.ints.filter("self > %@", 6)) == [12, 7, 30])
        #expect(Array(holder.ints.where { $0 > 6 }) == [12, 7, 30])
        #expect(Array(holder.ints.where { $0 > 6 }.sorted()) == [7, 12, 30])
        #expect(Array(holder.ints.filter("self BETWEEN {5, 12}")) == [5, 12, 7])
        #expect(Array(holder.ints.filter("self IN {1, 30, 99}")) == [30, 1])
        #expect(Array(holder.strings.filter("self BEGINSWITH[c] 'j'")) == ["Jade", "jet"])
        #expect(Array(holder.strings.where { $0.contains("e") }) == ["Jade", "amber", "jet"])
        #expect(holder.doubleMap.where { $0 < 10 }.sorted().map { $0 } == [2.5, 4])
        #expect(Array(holder.doubleMap.sorted(byKeyPath: "self", ascending: false)) == [12, 4, 2.5])
        #expect(Array(holder.optionalInts.filter("self == nil")) == [nil, nil])
        #expect(Array(holder.optionalInts.where { $0 != nil }) == [3, 8])
        #expect(Array(holder.levels.where { $0 == .middle || $0 == .high }) == [.high, .middle])
    }

    @Test func filteredValuesAreLive() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        let big = holder.ints.filter("self >= 10")
        #expect(big.isEmpty)
        try realm.write { holder.ints.append(objectsIn: [3, 10, 40]) }
        #expect(Array(big) == [10, 40])
        try realm.write { holder.ints[0] = 99 }
        #expect(Array(big) == [99, 10, 40])
        #expect(big.sum() == 149)
    }

    @Test func resultsOverValuesFreezeAndThaw() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        try realm.write { holder.ints.append(objectsIn: [3, 1, 2]) }
        let sorted = holder.ints.sorted(ascending: true)
        let frozen = sorted.freeze()
        #expect(frozen.isFrozen && !sorted.isFrozen)
        try realm.write { holder.ints.append(0) }
        #expect(Array(frozen) == [1, 2, 3] && Array(sorted) == [0, 1, 2, 3])
        let read = DispatchQueue(label: "reader").sync { Array(frozen) }
        #expect(read == [1, 2, 3], "a frozen snapshot is read on another thread")
        let thawed = frozen.thaw()
        #expect(!thawed.isFrozen && Array(thawed) == [0, 1, 2, 3])
        #expect(Array(frozen.filter("self > 1")) == [2, 3], "steps apply to the snapshot")
    }

    @Test func boolsObjectIdsAndUUIDsFilterThoughTheyDoNotSort() throws {
        let directory = try TemporaryDirectory()
        let (realm, holder) = try holder(directory)
        let kept = ObjectId.generate()
        let one = UUID()
        try realm.write {
            holder.flags.append(objectsIn: [true, false, true])
            holder.ids.insert(objectsIn: [kept, ObjectId.generate()])
            holder.uuidMap["a"] = one
            holder.uuidMap["b"] = .some(nil)
        }
        #expect(Array(holder.flags.filter("self == true")) == [true, true])
        #expect(Array(holder.flags.where { $0 == false }) == [false])
        #expect(Array(holder.ids.filter("self == %@", kept)) == [kept])
        #expect(Array(holder.uuidMap.where { $0 != nil }) == [one])
        #expect(holder.flags.where { $0 }.freeze().count == 2)
    }
}
