import Foundation
import Geode
import GeodeTestSupport
import Testing

/// min(), max(), sum() and average() of lists and sets of optionals, of
/// decimals, and of maps' values, restating realm-swift's PrimitiveListTests,
/// PrimitiveMutableSetTests and PrimitiveMapTests (the MinMax and Addable
/// tests): nulls are left out, an empty collection has no minimum, maximum or
/// average and sums to zero.
@Suite struct NumberAggregateTests {
    final class Sheet: Object {
        @Persisted var scores: List<Int?>
        @Persisted var weights: MutableSet<Double?>
        @Persisted var prices: List<Decimal128>
        @Persisted var optionalPrices: List<Decimal128?>
        @Persisted var days: List<Date?>
        @Persisted var byPlayer: Map<String, Int>
        @Persisted var optionalByPlayer: Map<String, Double?>
    }

    private func sheets(_ realm: Realm) throws -> [Sheet] {
        let filled = Sheet()
        filled.scores.append(objectsIn: [3, nil, 1, 2])
        filled.weights.insert(objectsIn: [1.5, nil, 4.5])
        filled.prices.append(objectsIn: [Decimal128(1), Decimal128(2), Decimal128(4)])
        filled.optionalPrices.append(objectsIn: [nil, Decimal128(3), Decimal128(6)])
        filled.days.append(objectsIn: [Date(timeIntervalSince1970: 20), nil, Date(timeIntervalSince1970: 10)])
        for (player, score) in [("ann", 4), ("bob", 1), ("cy", 7)] { filled.byPlayer[player] = score }
        filled.optionalByPlayer["ann"] = 2.0
        filled.optionalByPlayer["bob"] = .some(nil)
        let managed = Sheet(value: filled)
        try realm.write { realm.add(managed) }
        return [filled, managed]
    }

    @Test func aggregatesOfOptionalsLeaveNilsOut() throws {
        let directory = try TemporaryDirectory()
        for sheet in try sheets(try directory.realm(of: [Sheet.self])) {
            #expect(sheet.scores.min() == 1)
            #expect(sheet.scores.max() == 3)
            #expect(sheet.scores.sum() == 6)
            #expect(sheet.scores.average() == 2.0)
            #expect(sheet.weights.min() == 1.5)
            #expect(sheet.weights.sum() == 6.0)
            #expect(sheet.weights.average() == 3.0)
            #expect(sheet.days.min() == Date(timeIntervalSince1970: 10))
            #expect(sheet.days.max() == Date(timeIntervalSince1970: 20))
            #expect(sheet.optionalPrices.average() == Decimal128(4.5))
            #expect(sheet.prices.average() == Decimal128(7) / Decimal128(3))
            #expect(sheet.prices.sum() == Decimal128(7))
        }
    }

    @Test func aMapAggregatesItsValues() throws {
        let directory = try TemporaryDirectory()
        for sheet in try sheets(try directory.realm(of: [Sheet.self])) {
            #expect(sheet.byPlayer.min() == 1)
            #expect(sheet.byPlayer.max() == 7)
            #expect(sheet.byPlayer.sum() == 12)
            #expect(sheet.byPlayer.average() == 4.0)
            #expect(sheet.optionalByPlayer.min() == 2.0)
            #expect(sheet.optionalByPlayer.max() == 2.0)
        }
    }

    @Test func emptyCollectionsHaveNoExtremesAndSumToZero() {
        let sheet = Sheet()
        sheet.scores.append(nil)
        #expect(sheet.scores.min() == nil)
        #expect(sheet.scores.max() == nil)
        #expect(sheet.scores.sum() == 0)
        #expect((sheet.scores.average() as Double?) == nil)
        #expect(sheet.prices.average() == nil)
        #expect(sheet.byPlayer.min() == nil)
        #expect(sheet.byPlayer.sum() == 0)
        #expect((sheet.byPlayer.average() as Double?) == nil)
    }
}
