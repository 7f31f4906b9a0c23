/// The aggregate operators of queries and collections (`@sum`, `@avg`,
/// `@min`, `@max`; `sum(ofProperty:)` …), on numbers (and dates for min/max).
///
/// ```swift
/// Aggregate.sum.apply([.int(2), .double(0.5)])      // .double(2.5)
/// Aggregate.average.apply([])                         // .null
/// ```
package enum Aggregate: Sendable {
    case sum, average, minimum, maximum

    /// The aggregate of `values`, as realm-core computes it: sum and mean of
    /// the numbers (others are skipped); min and max of every value in the
    /// mixed order (so the min of a mixed list holding `false` and numbers is
    /// `false`); nulls and Decimal128 NaN take no part. A sum of integers stays
    /// an integer unless it overflows; the mean is a double; min, max and mean
    /// of nothing are null, the sum of nothing 0. When a Decimal128 takes
    /// part, sum and mean are Decimal128.
    package func apply(_ values: [Value]) -> Value {
        let numbers = values.filter {
            switch $0 {
            case let .decimal128(d): return !d.isNaN
            case .int, .float, .double: return true
            case .null: return false
            default: return self == .minimum || self == .maximum
            }
        }
        switch self {
        case .minimum: return numbers.min { MixedOrder.compare($0, $1) == .orderedAscending } ?? .null
        case .maximum: return numbers.max { MixedOrder.compare($0, $1) == .orderedAscending } ?? .null
        case .sum, .average:
            // A Decimal128 among the values, NaN included, makes the arithmetic decimal (as realm-core's).
            if values.contains(where: \.isDecimal) { return decimal(numbers) }
            var integral = true
            var intSum: Int64 = 0
            var doubleSum = 0.0
            for v in numbers {
                switch v {
                case let .int(i):
                    let (s, overflow) = intSum.addingReportingOverflow(i)
                    if overflow { integral = false } else { intSum = s }
                    doubleSum += Double(i)
                case let .float(f): integral = false; doubleSum += Double(f)
                case let .double(d): integral = false; doubleSum += d
                default: integral = false
                }
            }
            if self == .average { return numbers.isEmpty ? .null : .double(doubleSum / Double(numbers.count)) }
            return integral ? .int(intSum) : .double(doubleSum)
        }
    }

    /// The sum or mean in decimal arithmetic, when a Decimal128 takes part.
    private func decimal(_ numbers: [Value]) -> Value {
        var sum = Decimal128Bits(0)
        for v in numbers { if let d = MixedOrder.decimal(v) { sum = sum.adding(d) } }
        if self == .average { sum = sum.divided(by: Decimal128Bits(Int64(numbers.count))) }
        return .decimal128(sum)
    }
}
