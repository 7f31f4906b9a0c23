import Foundation
import GeodeCore

/// An IEEE 754-2008 128-bit decimal floating-point number, as Realm and
/// MongoDB store it: 34 significant digits, exponents from -6176 to 6111,
/// NaN and infinities. Arithmetic rounds half to even (Intel's Decimal
/// Floating-Point Math Library does it).
///
/// Equality and order are numeric (`1.10 == 1.1`); NaN equals NaN and sorts
/// below every number, so sets, dictionaries and sorting behave. A `Double`
/// converts with 15 significant digits, as Realm does, so `Decimal128(0.1)`
/// is exactly `0.1`.
///
/// ```swift
/// let price: Decimal128 = "19.90"
/// let total = price * 3 + Decimal128(0.5)
/// print(total)                         // 60.20
/// let parsed = try Decimal128(string: "6.02E+23")
/// ```
public struct Decimal128: Sendable, Hashable, Comparable, CustomStringConvertible, Codable,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    SignedNumeric, Strideable
{
    package let bits: Decimal128Bits

    init(bits: Decimal128Bits) { self.bits = bits }

    /// Zero.
    public init() { bits = Decimal128Bits(0) }

    /// The exact value of an integer.
    ///
    /// ```swift
    /// Decimal128(42).stringValue          // "42"
    /// ```
    public init<T: BinaryInteger>(_ value: T) {
        if let i = Int64(exactly: value) {
            bits = Decimal128Bits(i)
        } else {
            // Beyond Int64: 128-bit integers and such, through their digits.
            bits = (try? Decimal128Bits(parsing: String(value))) ?? .nan
        }
    }

    /// The exact value of an integer.
    public init(_ value: Int) { bits = Decimal128Bits(Int64(value)) }

    /// The integer when it has at most 34 digits (all fit exactly); nil otherwise.
    public init?<T: BinaryInteger>(exactly source: T) {
        guard Int64(exactly: source) != nil || String(source).filter(\.isNumber).count <= 34 else { return nil }
        self.init(source)
    }

    /// A double rounded to 15 significant digits, as Realm converts it.
    ///
    /// ```swift
    /// Decimal128(0.25).doubleValue         // 0.25
    /// ```
    public init(_ value: Double) { bits = Decimal128Bits(rounding: value) }

    /// Parses decimal text: `"1.5"`, `"-0.001"`, `"6.02E+23"`, `"NaN"`, `"Infinity"`.
    /// More than 34 significant digits are rounded.
    ///
    /// ```swift
    /// let d = try Decimal128(string: "19.90")
    /// ```
    /// - Throws: ``GeodeError/invalidValue(_:)`` when the text is not a number.
    public init(string: String) throws {
        do {
            bits = try Decimal128Bits(parsing: string.trimmingCharacters(in: .whitespaces))
        } catch {
            throw GeodeError.invalidValue("\(error)")
        }
    }

    /// The value of an `NSNumber` (integers exactly, others as doubles).
    public init(number: NSNumber) {
        let type = UInt8(bitPattern: number.objCType.pointee)
        if type == UInt8(ascii: "d") || type == UInt8(ascii: "f") {
            self.init(number.doubleValue)
        } else {
            self.init(number.int64Value)
        }
    }

    /// A decimal from a number, a numeric string or another `Decimal128`,
    /// as `create(value:)` takes it; a signaling NaN from nil or `NSNull`, as
    /// Realm makes it, and NaN from text that is not a number (use
    /// ``init(string:)`` to learn where it stops being one). Any other type
    /// is a programming error and stops the program, as in Realm.
    ///
    /// ```swift
    /// let price = Decimal128(value: "19.90")
    /// let count = Decimal128(value: 3)
    /// ```
    public init(value: Any) {
        if unwrappedInput(value) == nil {
            self.init(bits: .signalingNaN)
            return
        }
        if let text = value as? String {
            self = (try? Decimal128(string: text)) ?? Decimal128(bits: .nan)
            return
        }
        do {
            self = try Decimal128._geodeFromAny(value, nil)
        } catch {
            preconditionFailure("Geode: \(type(of: value)) cannot be converted to a Decimal128")
        }
    }

    /// The exact value of an integer literal: `let d: Decimal128 = 42`.
    public init(integerLiteral value: Int64) { bits = Decimal128Bits(value) }

    /// A float literal rounded to 15 significant digits, as `init(_: Double)` does.
    public init(floatLiteral value: Double) { self.init(value) }

    /// A literal that must parse: `let d: Decimal128 = "1.10"` (a bad literal is
    /// a programming error and stops the program; use `init(string:)` for input).
    public init(stringLiteral value: String) {
        guard let parsed = try? Decimal128(string: value) else {
            preconditionFailure("Geode: \"\(value)\" is not a Decimal128 literal")
        }
        self = parsed
    }

    // MARK: Values

    /// The largest finite value, 9.999…E+6144 (34 nines).
    public static let max = Decimal128(bits: Decimal128Bits(low: 0x378D_8E63_FFFF_FFFF, high: 0x5FFF_ED09_BEAD_87C0))
    /// The smallest finite value, -9.999…E+6144.
    public static let min = Decimal128(bits: Decimal128Bits(low: 0x378D_8E63_FFFF_FFFF, high: 0xDFFF_ED09_BEAD_87C0))
    /// Quiet NaN.
    public static let nan = Decimal128(bits: .nan)
    /// Positive infinity.
    public static let infinity = Decimal128(bits: .infinity)
    /// Zero.
    public static var zero: Decimal128 { Decimal128() }

    /// The decimal text, as Realm writes it: the coefficient's digits with
    /// the point moved left while the exponent is not zero and more than one
    /// digit stands before it, then `E` and what is left of the exponent, and
    /// trailing zeros after the point dropped (`"2.5"`, `"-1"` for −1.0,
    /// `"3E-1"` for 0.21 / 0.7, `"1.5E2"` for 1.5e2, `"NaN"`, `"-Inf"`).
    public var stringValue: String {
        guard let (negative, coefficient, stored) = bits.parts else {
            return (bits.isNegative ? "-" : "") + (bits.isNaN ? "NaN" : "Inf")
        }
        // A coefficient beyond 64 bits: Realm gives the library's text as it is.
        guard UInt64(coefficient) != nil else { return bits.libraryString }
        var before = coefficient.count
        var exponent = stored
        while before > 1 && exponent != 0 {
            before -= 1
            exponent += 1
        }
        var text = (negative ? "-" : "") + coefficient.prefix(before)
        var after = coefficient.dropFirst(before)
        while after.last == "0" { after.removeLast() }
        if !after.isEmpty { text += "." + after }
        if exponent != 0 { text += "E\(exponent)" }
        return text
    }
    /// The decimal text, the same as `stringValue`.
    public var description: String { stringValue }
    /// The nearest `Double`.
    public var doubleValue: Double { bits.double }
    /// The value as Foundation's `Decimal` (38 digits; NaN for NaN and infinities).
    public var decimalValue: Decimal { bits.isFinite ? Decimal(string: bits.string) ?? .nan : .nan }
    /// The value when it is an integer that fits in `Int`; nil otherwise.
    public var intValue: Int? { bits.exactInt64.flatMap { Int(exactly: $0) } }
    /// Whether the value is NaN (quiet or signaling).
    public var isNaN: Bool { bits.isNaN }
    /// Whether the value is a signaling NaN.
    public var isSignaling: Bool { bits.isSignalingNaN }
    /// Whether the value is a signaling NaN (Realm's name).
    public var isSignalingNaN: Bool { bits.isSignalingNaN }
    /// Whether the value is +∞ or −∞.
    public var isInfinite: Bool { bits.isInfinite }
    /// Whether the value is neither infinite nor NaN.
    public var isFinite: Bool { bits.isFinite }
    /// Whether the value is zero, of either sign and any exponent.
    public var isZero: Bool { bits.isZero }
    /// The absolute value.
    public var magnitude: Decimal128 { Decimal128(bits: bits.magnitude) }

    // MARK: Arithmetic

    /// The IEEE 754 decimal128 sum, rounded half to even to 34 digits.
    public static func + (a: Decimal128, b: Decimal128) -> Decimal128 { Decimal128(bits: a.bits.adding(b.bits)) }
    /// The IEEE 754 decimal128 difference, rounded half to even to 34 digits.
    public static func - (a: Decimal128, b: Decimal128) -> Decimal128 { Decimal128(bits: a.bits.subtracting(b.bits)) }
    /// The IEEE 754 decimal128 product, rounded half to even to 34 digits.
    public static func * (a: Decimal128, b: Decimal128) -> Decimal128 {
        Decimal128(bits: a.bits.multiplied(by: b.bits))
    }
    /// Division rounded to 34 digits; division by zero gives an infinity (NaN for 0/0).
    public static func / (a: Decimal128, b: Decimal128) -> Decimal128 { Decimal128(bits: a.bits.divided(by: b.bits)) }
    /// Adds `b` to `a`, rounding the sum to 34 digits.
    public static func += (a: inout Decimal128, b: Decimal128) { a = a + b }
    /// Subtracts `b` from `a`, rounding the difference to 34 digits.
    public static func -= (a: inout Decimal128, b: Decimal128) { a = a - b }
    /// Multiplies `a` by `b`, rounding the product to 34 digits.
    public static func *= (a: inout Decimal128, b: Decimal128) { a = a * b }
    /// Divides `a` by `b`, rounding the quotient to 34 digits.
    public static func /= (a: inout Decimal128, b: Decimal128) { a = a / b }
    /// The value with its sign flipped (exact; NaN stays NaN).
    public static prefix func - (a: Decimal128) -> Decimal128 { Decimal128(bits: a.bits.negated) }
    /// Flips the sign in place.
    public mutating func negate() { self = -self }

    /// The difference `other - self`, rounded to 34 digits.
    public func distance(to other: Decimal128) -> Decimal128 { other - self }
    /// The sum `self + n`, rounded to 34 digits.
    public func advanced(by n: Decimal128) -> Decimal128 { self + n }

    // MARK: Comparison

    /// Numeric equality (`1.10 == 1.1`); NaN equals NaN.
    public static func == (a: Decimal128, b: Decimal128) -> Bool { a.bits.compare(b.bits) == .orderedSame }
    /// Numeric order, with NaN below every number.
    public static func < (a: Decimal128, b: Decimal128) -> Bool { a.bits.compare(b.bits) == .orderedAscending }

    /// Hashes the nearest double, which equal decimals share (`1.10` and `1.1`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits.isNaN ? Double.nan : bits.double)
    }

    // MARK: Codable

    /// Encodes the decimal text, so no digit is lost.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }

    /// Decodes decimal text or a JSON number.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = try Decimal128(string: text)
        } else if let i = try? container.decode(Int64.self) {
            self.init(i)
        } else {
            self.init(try container.decode(Double.self))
        }
    }
}
