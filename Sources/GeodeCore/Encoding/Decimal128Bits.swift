import CDecimal
import Foundation

/// The 128 bits of an IEEE 754-2008 decimal128 in binary integer decimal
/// encoding (BID, the encoding Realm and BSON store), with the arithmetic of
/// Intel's Decimal Floating-Point Math Library: 34 significant digits,
/// exponents from -6176 to 6111, round half to even.
///
/// ```swift
/// let price = try Decimal128Bits(parsing: "19.90")
/// price.adding(Decimal128Bits(1)).string   // "20.90"
/// ```
package struct Decimal128Bits: Hashable, Sendable {
    package var low: UInt64
    package var high: UInt64

    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    private init(_ bid: BID_UINT128) {
        self.init(low: bid.w.0, high: bid.w.1)
    }

    private var bid: BID_UINT128 { BID_UINT128(w: (low, high)) }

    /// Round half to even, the rounding of every operation here.
    private static let nearestEven: _IDEC_round = 0

    // MARK: Conversions

    /// The exact value of an integer.
    package init(_ value: Int64) {
        self.init(__bid128_from_int64(value))
    }

    /// A double rounded to 34 significant digits (its nearest decimal128).
    package init(exactly value: Double) {
        var flags: _IDEC_flags = 0
        self.init(__binary64_to_bid128(value, Self.nearestEven, &flags))
    }

    /// A double rounded to 15 significant digits (7 for a float's value) with
    /// trailing fractional zeros dropped, as Realm converts binary floating
    /// point: `0.1` becomes `0.1`, not the 34 digits of the binary fraction,
    /// and `100.0` becomes `100`.
    package init(rounding value: Double, significantDigits: Int = 15) {
        guard value.isFinite else {
            self = value.isNaN ? .nan : (value < 0 ? Self.infinity.negated : Self.infinity)
            return
        }
        if value == 0 {
            self.init(low: 0, high: value.sign == .minus ? 0xB040_0000_0000_0000 : 0x3040_0000_0000_0000)
            return
        }
        // "%.14e" prints exactly 15 significant digits: d.dddddddddddddde±x.
        let places = max(0, min(significantDigits, 34) - 1)
        let text = String(format: "%.\(places)e", value)
        guard let e = text.firstIndex(where: { $0 == "e" }), let exponent = Int(text[text.index(after: e)...]) else {
            self.init(exactly: value)
            return
        }
        var digits = text[..<e].filter(\.isNumber)
        var scale = exponent - places
        while digits.count > 1, digits.last == "0", scale < 0 {
            digits.removeLast()
            scale += 1
        }
        let sign = value < 0 ? "-" : ""
        self = (try? Self(parsing: "\(sign)\(digits)E\(scale)")) ?? Self(exactly: value)
    }

    /// Parses decimal text: an optional sign, digits with an optional point,
    /// an optional exponent (`1.5`, `-0.001`, `6.02E+23`, `.5`), or `NaN`,
    /// `Inf`, `Infinity` in any letter case. More than 34 digits are rounded.
    ///
    /// - Throws: ``DecimalSyntaxError`` naming the offending character.
    package init(parsing text: String) throws {
        try Self.validate(text)
        var flags: _IDEC_flags = 0
        var chars = Array(text.utf8CString)
        self.init(
            chars.withUnsafeMutableBufferPointer { __bid128_from_string($0.baseAddress, Self.nearestEven, &flags) })
    }

    private static func validate(_ text: String) throws {
        let bytes = Array(text.utf8)
        var i = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        let word = String(decoding: bytes[i...], as: UTF8.self).lowercased()
        if ["nan", "inf", "infinity"].contains(word) { return }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var digits = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { throw DecimalSyntaxError(text: text, offset: min(i, bytes.count)) }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let start = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            guard i > start, i - start <= 6 else { throw DecimalSyntaxError(text: text, offset: start) }
        }
        guard i == bytes.count else { throw DecimalSyntaxError(text: text, offset: i) }
    }

    /// The nearest double.
    package var double: Double {
        var flags: _IDEC_flags = 0
        return __bid128_to_binary64(bid, Self.nearestEven, &flags)
    }

    /// The value as an integer when it is one and fits in 64 bits.
    package var exactInt64: Int64? {
        guard isFinite else { return nil }
        var flags: _IDEC_flags = 0
        let i = __bid128_to_int64_xrnint(bid, &flags)
        return flags == 0 ? i : nil
    }

    /// The value in scientific notation as the General Decimal Arithmetic
    /// specification writes it (and MongoDB prints decimals): plain when the
    /// exponent is at most 0 and the value not below 1E-6 in scale (`1.10`,
    /// `0.000001`, `-0`), otherwise with an exponent (`1E+3`, `1.5E-7`);
    /// `NaN`, `Infinity`, `-Infinity`.
    package var string: String {
        if isNaN { return "NaN" }
        if isInfinite { return isNegative ? "-Infinity" : "Infinity" }
        guard let (negative, coefficient, exponent) = parts else { return libraryString }
        let sign = negative ? "-" : ""
        let adjusted = exponent + coefficient.count - 1
        if exponent <= 0, adjusted >= -6 {
            if exponent == 0 { return sign + coefficient }
            let point = coefficient.count + exponent
            if point > 0 {
                let index = coefficient.index(coefficient.startIndex, offsetBy: point)
                return sign + coefficient[..<index] + "." + coefficient[index...]
            }
            return sign + "0." + String(repeating: "0", count: -point) + coefficient
        }
        var mantissa = String(coefficient.prefix(1))
        if coefficient.count > 1 { mantissa += "." + coefficient.dropFirst() }
        return sign + mantissa + "E" + (adjusted >= 0 ? "+" : "-") + String(abs(adjusted))
    }

    /// The value as the decimal library writes it: `+<coefficient>E<exponent>`.
    package var libraryString: String {
        var flags: _IDEC_flags = 0
        var buffer = [CChar](repeating: 0, count: 64)
        __bid128_to_string(&buffer, bid, &flags)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A finite value's sign, coefficient (its digits without leading zeros;
    /// "0" for zero) and exponent: the value is the coefficient × 10^exponent.
    /// Nil for NaN and the infinities.
    package var parts: (negative: Bool, coefficient: String, exponent: Int)? {
        guard isFinite else { return nil }
        let raw = libraryString
        let body = raw.drop { $0 == "+" || $0 == "-" }
        guard let e = body.firstIndex(where: { $0 == "E" }), let exponent = Int(body[body.index(after: e)...]) else {
            return nil
        }
        let coefficient = String(body[..<e].drop { $0 == "0" })
        return (raw.hasPrefix("-"), coefficient.isEmpty ? "0" : coefficient, exponent)
    }

    // MARK: Classification

    /// Quiet NaN.
    package static let nan = Decimal128Bits(low: 0, high: 0x7C00_0000_0000_0000)
    /// Signaling NaN.
    package static let signalingNaN = Decimal128Bits(low: 0, high: 0x7E00_0000_0000_0000)
    /// Positive infinity.
    package static let infinity = Decimal128Bits(low: 0, high: 0x7800_0000_0000_0000)

    package var isNaN: Bool { __bid128_isNaN(bid) != 0 }
    package var isSignalingNaN: Bool { __bid128_isSignaling(bid) != 0 }
    package var isInfinite: Bool { __bid128_isInf(bid) != 0 }
    package var isFinite: Bool { __bid128_isFinite(bid) != 0 }
    package var isZero: Bool { __bid128_isZero(bid) != 0 }
    package var isNegative: Bool { __bid128_isSigned(bid) != 0 }

    // MARK: Arithmetic

    package var negated: Decimal128Bits { Self(__bid128_negate(bid)) }
    package var magnitude: Decimal128Bits { Self(__bid128_abs(bid)) }

    package func adding(_ other: Decimal128Bits) -> Decimal128Bits { combined(with: other, __bid128_add) }
    package func subtracting(_ other: Decimal128Bits) -> Decimal128Bits { combined(with: other, __bid128_sub) }
    package func multiplied(by other: Decimal128Bits) -> Decimal128Bits { combined(with: other, __bid128_mul) }
    package func divided(by other: Decimal128Bits) -> Decimal128Bits { combined(with: other, __bid128_div) }

    private typealias Operation = (BID_UINT128, BID_UINT128, _IDEC_round, UnsafeMutablePointer<_IDEC_flags>?) ->
        BID_UINT128

    /// One rounded operation of the library (its status flags are not needed:
    /// overflow, division by zero and invalid operations yield infinities and NaN).
    private func combined(with other: Decimal128Bits, _ operation: Operation) -> Decimal128Bits {
        var flags: _IDEC_flags = 0
        return Self(operation(bid, other.bid, Self.nearestEven, &flags))
    }

    // MARK: Comparison

    /// Numeric order (`1.10` equals `1.1`), with every NaN equal to every
    /// other NaN and below every number, so sorting and equality are total.
    package func compare(_ other: Decimal128Bits) -> ComparisonResult {
        let a = isNaN, b = other.isNaN
        if a || b { return a && b ? .orderedSame : (a ? .orderedAscending : .orderedDescending) }
        var flags: _IDEC_flags = 0
        if __bid128_quiet_less(bid, other.bid, &flags) != 0 { return .orderedAscending }
        if __bid128_quiet_equal(bid, other.bid, &flags) != 0 { return .orderedSame }
        return .orderedDescending
    }

    /// Whether the bits are the same (`1.10` and `1.1` are not).
    package func bitwiseEqual(_ other: Decimal128Bits) -> Bool { low == other.low && high == other.high }
}

/// Decimal text that does not parse, with the offset of the first bad character.
package struct DecimalSyntaxError: Error, CustomStringConvertible {
    package let text: String
    package let offset: Int

    package var description: String {
        "'\(text)' is not a decimal number (at character \(offset + 1))"
    }
}
