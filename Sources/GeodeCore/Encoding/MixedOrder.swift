import Foundation

/// Equality and ordering of mixed values as realm-core defines them for
/// AnyRealmValue: int, float, double (and Decimal128) compare by numeric value
/// across types; bool compares only with bool; strings never equal binary data
/// or numbers; and values of different kinds sort in one fixed order:
///
///     null < bool < numbers < string < binary < date < ObjectId < UUID < link < list < map
///
/// ```swift
/// MixedOrder.equal(.int(1), .double(1.0))          // true
/// MixedOrder.compare(.string("a"), .int(5)) == .orderedDescending
/// ```
package enum MixedOrder {
    /// The rank of a value's kind in the cross-type order.
    static func rank(_ value: Value) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .int, .float, .double, .decimal128: return 2
        case .string: return 3
        case .binary: return 4
        case .timestamp: return 5
        case .objectId: return 6
        case .uuid: return 7
        case .link: return 8
        case .list, .embedded: return 9
        case .map: return 10
        }
    }

    /// Whether two values are equal under realm-core's rules.
    package static func equal(_ a: Value, _ b: Value) -> Bool {
        compare(a, b) == .orderedSame
    }

    /// The elements a set of `values` holds: one of each group of equal
    /// values (so 123, 123.0 and Decimal128 123 are one element of a mixed
    /// set), in this order, as realm-core keeps a set's elements sorted.
    package static func setElements(_ values: [Value]) -> [Value] {
        var kept: [Value] = []
        kept.reserveCapacity(values.count)
        for value in values {
            insert(value, intoSet: &kept)
        }
        return kept
    }

    /// Adds `value` to the sorted set `elements` unless an equal one is there.
    package static func insert(_ value: Value, intoSet elements: inout [Value]) {
        let (index, found) = position(of: value, inSet: elements)
        if !found { elements.insert(value, at: index) }
    }

    /// Whether the sorted set `elements` holds a value equal to `value`.
    package static func contains(_ value: Value, inSet elements: [Value]) -> Bool {
        position(of: value, inSet: elements).found
    }

    /// Where `value` is, or would go, in the sorted set `elements` (binary search).
    private static func position(of value: Value, inSet elements: [Value]) -> (index: Int, found: Bool) {
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            switch compare(elements[middle], value) {
            case .orderedAscending: low = middle + 1
            case .orderedDescending: high = middle
            case .orderedSame: return (middle, true)
            }
        }
        return (low, false)
    }

    /// The order of two values: within a kind by value (numbers numerically,
    /// strings by UTF-8 bytes, NaN below every number), across kinds by `rank`.
    package static func compare(_ a: Value, _ b: Value) -> ComparisonResult {
        let ra = rank(a), rb = rank(b)
        if ra != rb { return ra < rb ? .orderedAscending : .orderedDescending }
        switch (a, b) {
        case (.null, .null): return .orderedSame
        case let (.bool(x), .bool(y)): return order(x ? 1 : 0, y ? 1 : 0)
        case var (.string(x), .string(y)):
            return x.withUTF8 { u in y.withUTF8 { v in bytes(UnsafeRawBufferPointer(u), UnsafeRawBufferPointer(v)) } }
        case let (.binary(x), .binary(y)):
            return x.withUnsafeBytes { u in y.withUnsafeBytes { v in bytes(u, v) } }
        case let (.timestamp(x), .timestamp(y)):
            return x.seconds != y.seconds ? order(x.seconds, y.seconds) : order(x.nanoseconds, y.nanoseconds)
        case let (.objectId(x), .objectId(y)): return bytes(x.array, y.array)
        case let (.uuid(x), .uuid(y)):
            return withUnsafeBytes(of: x.uuid) { u in withUnsafeBytes(of: y.uuid) { v in bytes(u, v) } }
        case let (.link(x), .link(y)):
            return x.table != y.table ? order(x.table, y.table) : order(x.key.rawValue, y.key.rawValue)
        case let (.list(x), .list(y)), let (.embedded(x), .embedded(y)):
            for (u, v) in zip(x, y) {
                let c = compare(u, v)
                if c != .orderedSame { return c }
            }
            return order(x.count, y.count)
        case let (.map(x), .map(y)):
            // Realm keeps a dictionary's keys sorted: compare in that order, whatever order they were added in.
            let sortedX = x.elements.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            let sortedY = y.elements.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for ((ku, u), (kv, v)) in zip(sortedX, sortedY) {
                let ck = bytes(Array(ku.utf8), Array(kv.utf8))
                if ck != .orderedSame { return ck }
                let c = compare(u, v)
                if c != .orderedSame { return c }
            }
            return order(x.count, y.count)
        default:
            return numeric(a, b)
        }
    }

    /// Numbers of any type: integers exactly (also against doubles beyond 2^53),
    /// NaN below every other number and equal to NaN.
    private static func numeric(_ a: Value, _ b: Value) -> ComparisonResult {
        if case let .int(x) = a, case let .int(y) = b { return order(x, y) }
        if a.isDecimal || b.isDecimal, let x = decimal(a), let y = decimal(b) { return x.compare(y) }
        guard let x = double(a), let y = double(b) else { return .orderedSame }
        if x.isNaN || y.isNaN {
            return x.isNaN && y.isNaN ? .orderedSame : (x.isNaN ? .orderedAscending : .orderedDescending)
        }
        if x != y { return x < y ? .orderedAscending : .orderedDescending }
        // Equal as doubles: an integer may still differ from the double it rounds to.
        if case let .int(i) = a, let exact = Int64(exactly: y) { return order(i, exact) }
        if case let .int(i) = b, let exact = Int64(exactly: x) { return order(exact, i) }
        if case .int = a { return .orderedAscending }
        if case .int = b { return .orderedDescending }
        return .orderedSame
    }

    /// A number as a decimal128: integers exactly, doubles rounded to 15 and
    /// floats to 7 significant digits, as realm-core promotes them (so the
    /// double `5.1` equals the decimal `5.10`).
    static func decimal(_ value: Value) -> Decimal128Bits? {
        switch value {
        case let .decimal128(d): return d
        case let .int(i): return Decimal128Bits(i)
        case let .float(f): return Decimal128Bits(rounding: Double(f), significantDigits: 7)
        case let .double(d): return Decimal128Bits(rounding: d)
        default: return nil
        }
    }

    /// An integer, float or double as a double; nil for other values.
    static func double(_ value: Value) -> Double? {
        switch value {
        case let .int(i): return Double(i)
        case let .float(f): return Double(f)
        case let .double(d): return d
        default: return nil
        }
    }

    private static func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
        x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    }

    private static func bytes(_ x: [UInt8], _ y: [UInt8]) -> ComparisonResult {
        x.withUnsafeBytes { u in y.withUnsafeBytes { v in bytes(u, v) } }
    }

    /// Byte order, then the shorter first: memcmp over the common prefix.
    private static func bytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> ComparisonResult {
        let common = min(x.count, y.count)
        if common > 0, let a = x.baseAddress, let b = y.baseAddress {
            let r = memcmp(a, b, common)
            if r != 0 { return r < 0 ? .orderedAscending : .orderedDescending }
        }
        return order(x.count, y.count)
    }
}
