import Foundation
import GeodeCore
import OrderedCollections

/// Random engine values for property-based tests: every scalar type with its
/// edge values, and lists and maps nested to a chosen depth.
package struct ValueGenerator {
    package var random: SeededGenerator

    package init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Scalars that sit on the edges of their types.
    package static let edgeScalars: [Value] = [
        .null, .bool(false), .bool(true),
        .int(0), .int(-1), .int(127), .int(128), .int(-129), .int(32767), .int(-32769),
        .int(Int64(Int32.max) + 1), .int(.min), .int(.max),
        .float(0), .float(-0.0), .float(.nan), .float(.infinity), .float(-.greatestFiniteMagnitude),
        .float(.leastNonzeroMagnitude),
        .double(0), .double(-0.0), .double(.nan), .double(-.infinity), .double(.greatestFiniteMagnitude),
        .double(.leastNonzeroMagnitude), .double(0.1),
        .string(""), .string("ü日本語🙂"), .string("nul\u{0}inside"),
        .binary([]), .binary([0, 255, 1]),
        .timestamp(Timestamp(seconds: .min, nanoseconds: -999_999_999)),
        .timestamp(Timestamp(seconds: .max, nanoseconds: 999_999_999)),
        .timestamp(Timestamp(seconds: 0, nanoseconds: 0)),
        .decimal128(Decimal128Bits(low: .max, high: .max)),
        .decimal128(Decimal128Bits(low: 1, high: 0x3040_0000_0000_0000)),
        .objectId(ObjectIdBytes([UInt8](repeating: 0xFF, count: 12))), .objectId(ObjectIdBytes(Array(0 ..< 12))),
        .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))), .uuid(UUID()),
        .link(Link(table: .max, key: ObjectKey(.max))), .link(Link(table: 1, key: ObjectKey(0))),
    ]

    /// A random scalar.
    package mutating func scalar() -> Value {
        switch Int.random(in: 0 ..< 12, using: &random) {
        case 0: return Self.edgeScalars.randomElement(using: &random)!
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            return .int(Int64.random(in: .min ... .max, using: &random) >> Int64.random(in: 0 ..< 63, using: &random))
        case 3: return .float(Float(bitPattern: UInt32.random(in: 0 ... .max, using: &random)))
        case 4: return .double(Double(bitPattern: UInt64.random(in: 0 ... .max, using: &random)))
        case 5: return .string(string())
        case 6:
            return .binary(
                (0 ..< Int.random(in: 0 ..< 40, using: &random)).map { _ in UInt8.random(in: 0 ... 255, using: &random)
                })
        case 7:
            return .timestamp(
                Timestamp(
                    seconds: Int64.random(in: -1 << 40 ... 1 << 40, using: &random),
                    nanoseconds: Int32.random(in: 0 ..< 1_000_000_000, using: &random)))
        case 8: return .objectId(ObjectIdBytes((0 ..< 12).map { _ in UInt8.random(in: 0 ... 255, using: &random) }))
        case 9: return .uuid(UUID())
        case 10:
            return .decimal128(
                Decimal128Bits(
                    low: UInt64.random(in: 0 ... .max, using: &random),
                    high: UInt64.random(in: 0 ... .max, using: &random)))
        default:
            return .link(
                Link(
                    table: UInt32.random(in: 1 ... 50, using: &random),
                    key: ObjectKey(UInt64.random(in: 0 ... .max, using: &random))))
        }
    }

    /// A random string of up to 30 characters from several scripts.
    package mutating func string() -> String {
        let alphabet = Array("abcXYZ 019._$-äöüßéñ日本語中文한국어🙂🌍\"\\\n\t")
        return String(
            (0 ..< Int.random(in: 0 ..< 30, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    /// A random value: a scalar, or a list or map nested up to `depth` more levels.
    package mutating func value(depth: Int) -> Value {
        guard depth > 0, Int.random(in: 0 ..< 3, using: &random) == 0 else { return scalar() }
        let count = Int.random(in: 0 ..< 6, using: &random)
        if Bool.random(using: &random) {
            return .list((0 ..< count).map { _ in value(depth: depth - 1) })
        }
        var map = OrderedDictionary<String, Value>()
        for i in 0 ..< count { map["k\(i)_\(string())"] = value(depth: depth - 1) }
        return .map(map)
    }

    /// A list or map nested exactly `levels` deep (the outermost is level 1).
    package static func nested(levels: Int) -> Value {
        var value: Value = .string("leaf")
        for level in (1 ... levels).reversed() {
            value = level % 2 == 0 ? .list([value]) : .map(["l\(level)": value])
        }
        return value
    }
}
