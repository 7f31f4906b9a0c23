import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/Decimal128Tests.swift (no
// models). Each test names the realm-swift test it comes from; the values
// asserted are the ones Realm's tests assert.
//
// Left out as already restated by ResultsConformanceTests.swift ("Decimal128
// (Decimal128Tests.swift)"): testDecimal128Initialization, the sums, differences,
// quotients, products and printed text of testDecimal128Addition,
// testDecimal128Subtraction, testDecimal128Division and
// testDecimal128Multiplication, all six comparison tests, testIsNaN, testMinMax,
// testMagnitude, testNegate, testAdvance and testDistance. What is left here are
// the facts those tests leave out: that arithmetic leaves its operands as they were.
//
// Not restated as Realm writes it: testNegate calls `negate()` on a `let`
// constant, which works because Realm's `Decimal128` is a class; Geode's is a
// struct, so `negate()` is `mutating` and needs a `var` (ResultsConformanceTests
// restates the values with `var`).
//
// Nothing of this file needs Objective-C, Combine or SwiftUI.

@Suite struct Decimal128ConformanceTests {
    /// realm-swift Decimal128Tests.swift, testDecimal128Addition: after `d1 + d2`,
    /// `d3 + d4` and `d5 + d6`, every operand keeps its value.
    @Test func additionLeavesItsOperandsAsTheyWere() throws {
        let first: Decimal128 = 3.144444
        let second: Decimal128 = 3.144444
        let third: Decimal128 = "1.234567"
        let fourth: Decimal128 = "9.876543"
        let two = try #require(Decimal128(exactly: 0b10))
        let one = try #require(Decimal128(exactly: 0b1))
        _ = first + second
        _ = third + fourth
        #expect(two + one == 3.0)
        #expect(first == 3.144444)
        #expect(second == 3.144444)
        #expect(third.description == "1.234567")
        #expect(fourth.description == "9.876543")
        #expect(two == 2.0)
        #expect(one == 1.0)
    }

    /// realm-swift Decimal128Tests.swift, testDecimal128Subtraction: after `d1 - d2`,
    /// `d3 - d4` and `d5 - d6`, every operand keeps its value.
    @Test func subtractionLeavesItsOperandsAsTheyWere() throws {
        let first: Decimal128 = 2.5
        let second: Decimal128 = 3.5
        let third: Decimal128 = "2.5"
        let fourth: Decimal128 = "3.5"
        let two = try #require(Decimal128(exactly: 0b10))
        let one = try #require(Decimal128(exactly: 0b1))
        #expect(first - second == -1.0)
        #expect((third - fourth).description == "-1")
        #expect(two - one == 1.0)
        #expect(first == 2.5)
        #expect(second == 3.5)
        #expect(third.description == "2.5")
        #expect(fourth.description == "3.5")
        #expect(two == 2.0)
        #expect(one == 1.0)
    }

    /// realm-swift Decimal128Tests.swift, testIsNaN: `Decimal128(value:)` needs no `try`;
    /// nil is NaN, a number is not.
    @Test func aDecimalFromAnyValueIsMadeWithoutTryAndNilIsNaN() {
        #expect(Decimal128(value: NSNull()).isNaN)
        #expect(!Decimal128(value: 10).isNaN)
        #expect(Decimal128(value: "1.5") == 1.5)
        #expect(Decimal128(value: "not a number").isNaN)
    }
}
