import Foundation
import OrderedCollections

/// A value as the engine stores it: every scalar Geode supports, links, and
/// lists and maps of values nested up to ``Value/maximumNesting`` levels.
///
/// Equality is identity of the stored value: floating-point values compare by
/// bit pattern (so `NaN == NaN` and `0.0 != -0.0`), and an int never equals a
/// double. The query layer defines Realm's numeric comparisons on top.
///
/// ```swift
/// let tags: Value = .list([.string("port"), .string("capital")])
/// let meta: Value = .map(["rank": .int(3), "tags": tags])
/// ```
package enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Float)
    case double(Double)
    case string(String)
    case binary([UInt8])
    case timestamp(Timestamp)
    case decimal128(Decimal128Bits)
    case objectId(ObjectIdBytes)
    case uuid(UUID)
    case link(Link)
    case list([Value])
    /// A map with string keys; key order is kept as inserted.
    case map(OrderedDictionary<String, Value>)
    /// An embedded object: its property values in the embedded class's slot order.
    case embedded([Value])

    /// Lists and maps nest up to this many levels (a collection held directly by
    /// a property is level 1).
    package static let maximumNesting = 100
    /// The largest string, in UTF-8 bytes.
    package static let maximumStringBytes = 16_777_199
    /// The largest binary value, in bytes.
    package static let maximumDataBytes = 16_777_200

    /// Whether the value is a decimal128 (numbers compare as decimals then).
    package var isDecimal: Bool {
        if case .decimal128 = self { return true }
        return false
    }

    /// The name of the value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return "data"
        case .timestamp: return "date"
        case .decimal128: return "decimal128"
        case .objectId: return "objectId"
        case .uuid: return "uuid"
        case .link: return "link"
        case .list: return "list"
        case .map: return "map"
        case .embedded: return "embedded object"
        }
    }

    package static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.float(a), .float(b)): return a.bitPattern == b.bitPattern
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern
        case let (.string(a), .string(b)): return a == b
        case let (.binary(a), .binary(b)): return a == b
        case let (.timestamp(a), .timestamp(b)): return a == b
        case let (.decimal128(a), .decimal128(b)): return a == b
        case let (.objectId(a), .objectId(b)): return a == b
        case let (.uuid(a), .uuid(b)): return a == b
        case let (.link(a), .link(b)): return a == b
        case let (.list(a), .list(b)): return a == b
        case let (.map(a), .map(b)): return a == b
        case let (.embedded(a), .embedded(b)): return a == b
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(v): hasher.combine(1); hasher.combine(v)
        case let .int(v): hasher.combine(2); hasher.combine(v)
        case let .float(v): hasher.combine(3); hasher.combine(v.bitPattern)
        case let .double(v): hasher.combine(4); hasher.combine(v.bitPattern)
        case let .string(v): hasher.combine(5); hasher.combine(v)
        case let .binary(v): hasher.combine(6); hasher.combine(v)
        case let .timestamp(v): hasher.combine(7); hasher.combine(v)
        case let .decimal128(v): hasher.combine(8); hasher.combine(v)
        case let .objectId(v): hasher.combine(9); hasher.combine(v)
        case let .uuid(v): hasher.combine(10); hasher.combine(v)
        case let .link(v): hasher.combine(11); hasher.combine(v)
        case let .list(v): hasher.combine(12); hasher.combine(v)
        case let .map(v): hasher.combine(13); hasher.combine(v)
        case let .embedded(v): hasher.combine(14); hasher.combine(v)
        }
    }
}

/// A point in time as Realm stores it: whole seconds since 1970 and nanoseconds
/// (same sign as the seconds).
package struct Timestamp: Hashable, Sendable {
    package var seconds: Int64
    package var nanoseconds: Int32

    package init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The timestamp nearest to a `Date`.
    package init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.towardZero)
        seconds = Int64(whole)
        nanoseconds = Int32(((interval - whole) * 1e9).rounded())
    }

    /// The timestamp as a `Date`.
    package var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}

/// The 12 bytes of an ObjectId.
package struct ObjectIdBytes: Hashable, Sendable {
    package var bytes: (UInt32, UInt32, UInt32)

    package init(_ bytes: [UInt8]) {
        precondition(bytes.count == 12, "an ObjectId has 12 bytes")
        func word(_ i: Int) -> UInt32 {
            UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        self.bytes = (word(0), word(4), word(8))
    }

    /// The bytes in order.
    package var array: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(12)
        for word in [bytes.0, bytes.1, bytes.2] {
            withUnsafeBytes(of: word.bigEndian) { out.append(contentsOf: $0) }
        }
        return out
    }

    package static func == (a: ObjectIdBytes, b: ObjectIdBytes) -> Bool {
        a.bytes.0 == b.bytes.0 && a.bytes.1 == b.bytes.1 && a.bytes.2 == b.bytes.2
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.0); hasher.combine(bytes.1); hasher.combine(bytes.2)
    }
}

/// The key of an object within its class: allocated in increasing order and
/// never reused.
package struct ObjectKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var rawValue: UInt64
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    package static func < (a: ObjectKey, b: ObjectKey) -> Bool { a.rawValue < b.rawValue }
    package var description: String { String(rawValue) }
}

/// A reference to an object: its class's table number and its key.
package struct Link: Hashable, Sendable {
    package var table: UInt32
    package var key: ObjectKey

    package init(table: UInt32, key: ObjectKey) {
        self.table = table
        self.key = key
    }
}
