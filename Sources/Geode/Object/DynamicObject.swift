import Foundation
import GeodeCore
import OrderedCollections

/// An object of a class the program has no Swift type for, read and written
/// by property name.
///
/// ```swift
/// for dog in realm.dynamicObjects("Dog") {
///     print(dog["name"] as? String ?? "")
/// }
/// try realm.write { realm.dynamicCreate("Dog", value: ["name": "Rex", "age": 3]) }
/// ```
@dynamicMemberLookup
public final class DynamicObject: Object {
    /// The property named `member`, as ``ObjectBase/subscript(_:)`` reads
    /// and writes it: `dog.name` for `dog["name"]`.
    ///
    /// ```swift
    /// migration.enumerateObjects(ofType: "Person") { old, new in
    ///     new?.fullName = old?.name
    /// }
    /// ```
    public subscript(dynamicMember member: String) -> Any? {
        get { self[member] }
        set { self[member] = newValue }
    }
}

/// A property value of a `DynamicObject`: the value in its plain Swift form
/// (`String`, `Int`, `Double`, `Bool`, `Date`, `Data`, `ObjectId`, `UUID`,
/// arrays, dictionaries, `DynamicObject` for links, nil for null).
public struct DynamicValue: _PersistableValue {
    /// The value.
    public var value: Any?

    public static var _geodeKind: _PropertyKind { .init(.mixed) }
    public static func _geodeDefault() -> DynamicValue { DynamicValue(value: nil) }

    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> DynamicValue? {
        DynamicValue(value: plain(value.value, context.realm))
    }

    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        .init(try Self.engine(value, context))
    }

    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> DynamicValue {
        if type(of: any) == DynamicValue.self, let dynamic = any as? DynamicValue { return dynamic }
        return DynamicValue(value: isNullInput(any) ? nil : any)
    }

    static func plain(_ value: Value, _ realm: Realm) -> Any? {
        switch value {
        case .null: return nil
        case let .bool(b): return b
        case let .int(i): return Int(i)
        case let .float(f): return f
        case let .double(d): return d
        case let .string(s): return s
        case let .binary(b): return Data(b)
        case let .timestamp(t): return t.date
        case let .objectId(id): return ObjectId(bytes: id)
        case let .uuid(u): return u
        case let .link(link): return realm.dynamicObject(for: link)
        case let .list(items): return items.map { plain($0, realm) as Any }
        case let .map(entries):
            return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, plain($0.value, realm) as Any) })
        case let .embedded(slots): return slots.map { plain($0, realm) as Any }
        case let .decimal128(d): return Decimal128(bits: d)
        }
    }

    /// The engine value of an input value: a plain Swift value, or any value a
    /// `@Persisted` property holds (an enum, a custom-persistable type, an
    /// `AnyRealmValue`, a collection, an embedded object, which becomes a
    /// dictionary of its properties). The engine's rules (`RowBuilder`) then
    /// check it against the property's type: this converts, it does not judge.
    ///
    /// With `numbersAs`, the number type of the property the value is given
    /// for, an `NSNumber` (the value, or an element of a collection) is read
    /// as that type, as Realm reads it: on Linux one of 0 or 1 also casts to
    /// `Bool`, which would make it a bool for an integer property.
    static func engine(_ any: Any?, _ context: _WriteContext, numbersAs numberType: GeodeCore.PropertyType? = nil)
        throws -> Value
    {
        guard let any else { return .null }
        // The common scalars before the optional and class tests, which look up conformances.
        if let value = commonScalar(any) { return value }
        guard let any = unwrappedInput(any) else { return .null }
        if holdsClassInstance(any) {
            if let numberType, let number = any as? NSNumber, let value = Self.number(number, as: numberType) {
                return value
            }
            switch any {
            case let collection as InputCollection: return try engine(collection.inputValue, context)
            case let v as Object: return try v._geodeEngineValue(context).value
            case let v as EmbeddedObject: return try engine(Self.properties(of: v), context)
            default: break
            }
        }
        if let value = commonScalar(any) { return value }
        // Read by an import: an engine value already.
        if let value = engineInput(any) { return value }
        switch any {
        case let v as Bool: return .bool(v)
        case let v as Int: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as Double: return .double(v)
        case let v as Float: return .float(v)
        case let v as String: return .string(v)
        case let v as Data: return .binary(Array(v))
        case let v as Date: return .timestamp(Timestamp(v))
        case let v as ObjectId: return .objectId(v.bytes)
        case let v as Decimal128: return .decimal128(v.bits)
        case let v as UUID: return .uuid(v)
        case let v as [Any]: return .list(try v.map { try engine($0, context, numbersAs: numberType) })
        case let v as [String: Any]:
            var map = OrderedDictionary<String, Value>()
            for key in v.keys.sorted() { map[key] = try engine(v[key] as Any?, context, numbersAs: numberType) }
            return .map(map)
        case let v as any _PersistableValue: return try v._geodeEngineValue(context).value
        default: throw GeodeError.invalidValue("\(type(of: any)) cannot be stored")
        }
    }

    /// `number` as a value of the number type `type` (integers only when
    /// whole, bools only 0 and 1); nil for another type, or a number it does
    /// not take.
    private static func number(_ number: NSNumber, as type: GeodeCore.PropertyType) -> Value? {
        let double = number.doubleValue
        switch type {
        case .int where double == double.rounded(): return .int(number.int64Value)
        case .bool where double == 0 || double == 1: return .bool(double == 1)
        case .float: return .float(number.floatValue)
        case .double: return .double(double)
        default: return nil
        }
    }

    /// A `String`, `Int`, `Double` or `Bool` by exact type: a failed cast costs more than the test.
    @inline(__always)
    static func commonScalar(_ any: Any) -> Value? {
        switch ObjectIdentifier(type(of: any)) {
        case ObjectIdentifier(String.self): return (any as? String).map { .string($0) }
        case ObjectIdentifier(Int.self): return (any as? Int).map { .int(Int64($0)) }
        case ObjectIdentifier(Double.self): return (any as? Double).map { .double($0) }
        case ObjectIdentifier(Bool.self): return (any as? Bool).map { .bool($0) }
        default: return nil
        }
    }

    /// An object's stored properties by name, with their current values.
    static func properties(of object: ObjectBase) -> [String: Any] {
        let info = object._ref?.cls.info ?? ClassInfo.of(type(of: object))
        var values: [String: Any] = [:]
        for (index, property) in info.properties.enumerated() where property.kind.type != .linkingObjects {
            values[property.name] = ValueAssignment.currentValue(of: object, index)
        }
        return values
    }
}
