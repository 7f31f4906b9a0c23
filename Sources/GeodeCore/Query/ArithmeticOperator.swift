/// The operators of an arithmetic expression in a query: `2 * age + 5 == 55`,
/// `age / number > 20`.
///
/// Numbers meet in the wider of their two types, in the order Int, Float,
/// Double, Decimal128 (an Int and a Float make a Float; anything and a
/// Decimal128 a Decimal128). Anything else — null, a string, a bool, a date
/// held by an AnyRealmValue — makes null, which no ordering matches. Ints wrap
/// on overflow; an Int divided by zero is `Int64.max` (`Int64.min` for a
/// negative dividend), so it matches nothing that a real quotient would;
/// floating-point division by zero gives an infinity. These are realm-core's
/// rules.
///
/// ```swift
/// ArithmeticOperator.multiply.apply(.int(2), .double(1.5))   // .double(3.0)
/// ArithmeticOperator.divide.apply(.int(7), .int(0))          // .int(Int64.max)
/// ```
package enum ArithmeticOperator: String, Sendable, Hashable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"

    /// `a op b` under the rules above.
    package func apply(_ a: Value, _ b: Value) -> Value {
        guard let rankA = Self.rank(a), let rankB = Self.rank(b) else { return .null }
        switch max(rankA, rankB) {
        case 0:
            guard case let .int(x) = a, case let .int(y) = b else { return .null }
            return .int(integer(x, y))
        case 1:
            guard let x = MixedOrder.double(a), let y = MixedOrder.double(b) else { return .null }
            return .float(floating(Float(x), Float(y)))
        case 2:
            guard let x = MixedOrder.double(a), let y = MixedOrder.double(b) else { return .null }
            return .double(floating(x, y))
        default:
            guard let x = MixedOrder.decimal(a), let y = MixedOrder.decimal(b) else { return .null }
            switch self {
            case .add: return .decimal128(x.adding(y))
            case .subtract: return .decimal128(x.subtracting(y))
            case .multiply: return .decimal128(x.multiplied(by: y))
            case .divide: return .decimal128(x.divided(by: y))
            }
        }
    }

    private func integer(_ x: Int64, _ y: Int64) -> Int64 {
        switch self {
        case .add: return x &+ y
        case .subtract: return x &- y
        case .multiply: return x &* y
        case .divide:
            if y == 0 { return x < 0 ? .min : .max }
            // Int64.min / -1 overflows: it wraps, rather than trapping.
            return x.dividedReportingOverflow(by: y).partialValue
        }
    }

    private func floating<F: BinaryFloatingPoint>(_ x: F, _ y: F) -> F {
        switch self {
        case .add: return x + y
        case .subtract: return x - y
        case .multiply: return x * y
        case .divide: return x / y
        }
    }

    /// The place of a number's type in Int < Float < Double < Decimal128; nil
    /// for every other value.
    private static func rank(_ value: Value) -> Int? {
        switch value {
        case .int: return 0
        case .float: return 1
        case .double: return 2
        case .decimal128: return 3
        default: return nil
        }
    }
}
