import Foundation
import GeodeCore
import OrderedCollections

/// A value of any supported type, for a property that holds different types in
/// different objects: scalars, a link to an object, or lists and maps of
/// `AnyRealmValue`.
///
/// ```swift
/// dog.companion = .string("Fluffy the Cat")
/// dog.companion = .object(Dog(value: ["name": "Spot"]))
/// if case let .string(name) = dog.companion { print(name) }
/// ```
public enum AnyRealmValue: Hashable {
    case none
    case int(Int)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case objectId(ObjectId)
    case decimal128(Decimal128)
    case uuid(UUID)
    case object(Object)
    /// A list of values. Read from a managed object it is live: it reads and
    /// changes the stored list in place, at any depth.
    case list(List<AnyRealmValue>)
    /// A map of values. Read from a managed object it is live, like `list`.
    case dictionary(Map<String, AnyRealmValue>)

    /// The integer, if the value is one.
    public var intValue: Int? { if case let .int(v) = self { return v }; return nil }
    /// The bool, if the value is one.
    public var boolValue: Bool? { if case let .bool(v) = self { return v }; return nil }
    /// The float, if the value is one.
    public var floatValue: Float? { if case let .float(v) = self { return v }; return nil }
    /// The double, if the value is one.
    public var doubleValue: Double? { if case let .double(v) = self { return v }; return nil }
    /// The string, if the value is one.
    public var stringValue: String? { if case let .string(v) = self { return v }; return nil }
    /// The data, if the value is one.
    public var dataValue: Data? { if case let .data(v) = self { return v }; return nil }
    /// The date, if the value is one.
    public var dateValue: Date? { if case let .date(v) = self { return v }; return nil }
    /// The ObjectId, if the value is one.
    public var objectIdValue: ObjectId? { if case let .objectId(v) = self { return v }; return nil }
    /// The Decimal128, if the value is one.
    public var decimal128Value: Decimal128? { if case let .decimal128(v) = self { return v }; return nil }
    /// The UUID, if the value is one.
    public var uuidValue: UUID? { if case let .uuid(v) = self { return v }; return nil }
    /// The list, if the value is one.
    public var listValue: List<AnyRealmValue>? { if case let .list(v) = self { return v }; return nil }
    /// The map, if the value is one.
    public var dictionaryValue: Map<String, AnyRealmValue>? {
        if case let .dictionary(v) = self { return v }; return nil
    }
    /// The object as a `DynamicObject` (read by property name), if the value is one.
    public var dynamicObject: DynamicObject? {
        guard case let .object(object) = self, let ref = object._ref, ref.path.isEmpty else { return nil }
        return ref.realm.dynamicObject(for: Link(table: ref.root.table.schema.table, key: ref.key))
    }
    /// The object as `type`, if the value is an object of that type.
    public func object<T: Object>(_ type: T.Type) -> T? { if case let .object(v) = self { return v as? T }; return nil }

    /// Whether two values are equal: scalars by value, objects when they are
    /// the same object, and lists and maps as `List` and `Map` compare — a
    /// managed one equals only itself, unmanaged ones equal when their
    /// contents are.
    ///
    /// ```swift
    /// AnyRealmValue.int(1) == .int(1)                          // true
    /// box.value == box.value                                    // true: the same stored list
    /// first.value == second.value                               // false: two objects' lists
    /// ```
    public static func == (a: AnyRealmValue, b: AnyRealmValue) -> Bool {
        switch (a, b) {
        case (.none, .none): return true
        case let (.int(x), .int(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case let (.float(x), .float(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.data(x), .data(y)): return x == y
        case let (.date(x), .date(y)): return x == y
        case let (.objectId(x), .objectId(y)): return x == y
        case let (.decimal128(x), .decimal128(y)): return x == y
        case let (.uuid(x), .uuid(y)): return x == y
        case let (.object(x), .object(y)): return x.isSameObject(as: y)
        case let (.list(x), .list(y)): return x == y
        case let (.dictionary(x), .dictionary(y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .none: hasher.combine(0)
        case let .int(v): hasher.combine(v)
        case let .bool(v): hasher.combine(v)
        case let .float(v): hasher.combine(v)
        case let .double(v): hasher.combine(v)
        case let .string(v): hasher.combine(v)
        case let .data(v): hasher.combine(v)
        case let .date(v): hasher.combine(v)
        case let .objectId(v): hasher.combine(v)
        case let .decimal128(v): hasher.combine(v)
        case let .uuid(v): hasher.combine(v)
        case let .object(v): hasher.combine(v)
        case let .list(v): hasher.combine(v.count)
        case let .dictionary(v): hasher.combine(v.count)
        }
    }
}

extension AnyRealmValue: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.mixed) }
    public static var _geodeReadsShallow: Bool { true }
    public static func _geodeDefault() -> AnyRealmValue { .none }

    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> AnyRealmValue? {
        // Nested collections stay bound to their place in the owner's document.
        switch value.value {
        case .list:
            return .list(
                List(location: CollectionLocation(realm: context.realm, owner: context.owner, mixedAt: context.path)))
        case .map:
            return .dictionary(
                Map(location: CollectionLocation(realm: context.realm, owner: context.owner, mixedAt: context.path)))
        default:
            return from(value.value, context.realm)
        }
    }

    /// An unmanaged value from an engine value; links resolve through `realm`
    /// (none without one: they become `.none`).
    static func from(_ value: Value, _ realm: Realm?) -> AnyRealmValue? {
        switch value {
        case .null: return AnyRealmValue.none
        case let .int(i): return .int(Int(i))
        case let .bool(b): return .bool(b)
        case let .float(f): return .float(f)
        case let .double(d): return .double(d)
        case let .string(s): return .string(s)
        case let .binary(b): return .data(Data(b))
        case let .timestamp(t): return .date(t.date)
        case let .objectId(id): return .objectId(ObjectId(bytes: id))
        case let .uuid(u): return .uuid(u)
        case let .link(link):
            return (realm?.object(for: link) as? Object).map(AnyRealmValue.object) ?? AnyRealmValue.none
        case let .list(items):
            let list = List<AnyRealmValue>()
            for item in items { list.append(from(item, realm) ?? .none) }
            return .list(list)
        case let .map(entries):
            let map = Map<String, AnyRealmValue>()
            for (key, item) in entries { map[key] = from(item, realm) ?? AnyRealmValue.none }
            return .dictionary(map)
        case let .decimal128(d): return .decimal128(Decimal128(bits: d))
        case .embedded: return nil
        }
    }

    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        switch self {
        case let .object(v): return try v._geodeEngineValue(context)
        case let .list(v): return try v._geodeEngineValue(context)
        case let .dictionary(v): return try v._geodeEngineValue(context)
        default: return .init(scalarEngineValue ?? .null)
        }
    }

    /// The engine value of a scalar case; nil for objects, lists and dictionaries.
    var scalarEngineValue: Value? {
        switch self {
        case .none: return .null
        case let .int(v): return .int(Int64(v))
        case let .bool(v): return .bool(v)
        case let .float(v): return .float(v)
        case let .double(v): return .double(v)
        case let .string(v): return .string(v)
        case let .data(v): return .binary(Array(v))
        case let .date(v): return .timestamp(Timestamp(v))
        case let .objectId(v): return .objectId(v.bytes)
        case let .decimal128(v): return .decimal128(v.bits)
        case let .uuid(v): return .uuid(v)
        case .object, .list, .dictionary: return nil
        }
    }

    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> AnyRealmValue {
        switch any {
        case let v as AnyRealmValue: return v
        case is NSNull: return AnyRealmValue.none
        case let v as Bool: return .bool(v)
        case let v as Int: return .int(v)
        // Integers of every width are one kind of value, as in Realm.
        case let v as Int8: return .int(Int(v))
        case let v as Int16: return .int(Int(v))
        case let v as Int32: return .int(Int(v))
        case let v as Int64: return .int(Int(v))
        case let v as Double: return .double(v)
        case let v as Float: return .float(v)
        case let v as String: return .string(v)
        case let v as Data: return .data(v)
        case let v as Date: return .date(v)
        case let v as ObjectId: return .objectId(v)
        case let v as Decimal128: return .decimal128(v)
        case let v as UUID: return .uuid(v)
        case let v as Object: return .object(v)
        case let v as [Any]: return .list(try List<AnyRealmValue>._geodeFromAny(v, realm))
        case let v as [String: Any]: return .dictionary(try Map<String, AnyRealmValue>._geodeFromAny(v, realm))
        default: throw wrongInput(any, AnyRealmValue.self)
        }
    }
}

extension AnyRealmValue {
    /// ``none``, as Realm Swift's `AnyRealmValue()` is.
    ///
    /// ```swift
    /// let empty = AnyRealmValue()   // .none
    /// ```
    public init() { self = .none }
}
