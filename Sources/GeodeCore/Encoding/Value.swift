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
