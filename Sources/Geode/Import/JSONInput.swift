import Foundation
import GeodeCore
import GeodeImport
import OrderedCollections

/// JSON values as the Swift values `create(value:)` takes, for the imports
/// into a Swift class (whose nested objects become related objects through
/// the object model).
enum JSONInput {
    static func any(_ value: Value) -> Any {
        switch value {
        case .null: return NSNull()
        case let .bool(b): return b
        case let .int(i): return Int(i)
        case let .double(d): return d
        case let .string(s): return s
        case let .timestamp(t): return t.date
        case let .binary(bytes): return Data(bytes)
        case let .list(items): return items.map(any)
        case let .map(entries):
            return Dictionary(entries.map { ($0.key, any($0.value)) }, uniquingKeysWith: { a, _ in a })
        case let .embedded(slots):
            // A point built by the GeoJSON importer: type, coordinates.
            return ["type": slots.first.map(any) ?? "Point", "coordinates": slots.count > 1 ? any(slots[1]) : []]
        default: return NSNull()
        }
    }

    /// `value` for property `name` of `cls`, with the settings' date and data decoding.
    static func any(_ value: Value, for cls: RealmClass, _ name: String, settings: ImportSettings) throws -> Any {
        guard let property = cls.table.schema.property(named: name) else { return any(value) }
        return any(try RecordValue.value(value, for: property, settings, at: "/\(name)"))
    }
}
