import Foundation
import GeodeCore

/// The form key-value coding reads a property in (`object["name"]`,
/// `value(forKey:)`), as Realm's does: an absent optional is nil rather than
/// an `Optional` boxed in `Any`, an `AnyRealmValue` is the value it holds, an
/// enum is its raw value and a `CustomPersistable` its persisted value. So
/// `dog["age"] == nil` and `dog["mood"] as? Int` read as they do in Realm.
enum KeyValueCoding {
    /// `value` in key-value coding's form.
    static func plain(_ value: Any) -> Any? {
        switch value {
        case let value as any OptionalInput: return value.wrappedInput.flatMap(plain)
        case let value as AnyRealmValue: return value.plainValue
        case let value as any PersistableEnum: return value.rawValue
        // Realm's key-value coding speaks the stored type: a mapped value reads as its persisted value.
        case let value as any _CustomPersistable: return plain(value.persistableValue)
        // A sized integer reads as a number that casts to `Int` as well as to its own
        // type (`object["int8"] as? Int`), as Realm's key-value coding gives it.
        case let value as Int8: return NSNumber(value: value)
        case let value as Int16: return NSNumber(value: value)
        case let value as Int32: return NSNumber(value: value)
        case let value as Int64: return NSNumber(value: value)
        default: return value
        }
    }
}

extension AnyRealmValue {
    /// The value this holds, as `Any`; nil for `.none`.
    var plainValue: Any? {
        switch self {
        case .none: return nil
        case let .int(v): return v
        case let .bool(v): return v
        case let .float(v): return v
        case let .double(v): return v
        case let .string(v): return v
        case let .data(v): return v
        case let .date(v): return v
        case let .objectId(v): return v
        case let .decimal128(v): return v
        case let .uuid(v): return v
        case let .object(v): return v
        case let .list(v): return v
        case let .dictionary(v): return v
        }
    }
}

extension KeyValueCoding {
    /// The value at `keyPath` from `root`, as key-value coding follows it:
    /// each name reads a property of an object (`self` is the object or value), a
    /// collection maps the rest of the path over its elements (a set gives
    /// each value once), and a
    /// collection operator (`@count`, `@min`, `@max`, `@sum`, `@avg`,
    /// `@unionOfObjects`, `@distinctUnionOfObjects`) reduces them.
    static func value(at keyPath: String, of root: Any?) -> Any? {
        value(keyPath.split(separator: ".").map(String.init)[...], of: root)
    }

    private static func value(_ names: ArraySlice<String>, of value: Any?) -> Any? {
        guard let name = names.first else { return value }
        let rest = names.dropFirst()
        if let value, let elements = inputElements(value) {
            if name.hasPrefix("@") { return reduce(elements, name, rest) }
            let values = elements.map { self.value(names, of: $0) }
            // A set's values make a set, as Realm reads them from one (`NSNull()` for nil);
            // values that cannot be hashed (collections) stay an array, each once.
            guard holdsClassInstance(value), (value as? InputCollection)?.holdsDistinctValues == true else {
                return values
            }
            let hashable = values.map { $0.map { $0 as? AnyHashable } ?? AnyHashable(NSNull()) }
            if hashable.allSatisfy({ $0 != nil }) { return Set(hashable.compactMap { $0 }) }
            var seen = Set<AnyHashable?>()
            return values.filter { value in
                guard let value else { return seen.insert(nil).inserted }
                return (value as? AnyHashable).map { seen.insert($0).inserted } ?? true
            }
        }
        // `self` is the value itself: an object, or an element of a collection of values.
        if name == "self" { return self.value(rest, of: value.flatMap(plain)) }
        guard let object = (value as? ObjectBase) ?? (value as? any RealmFetchable)?._geodeObject else { return nil }
        return self.value(rest, of: object[name])
    }

    private static func reduce(_ elements: [Any], _ name: String, _ rest: ArraySlice<String>) -> Any? {
        if name == "@count" { return elements.count }
        let values = elements.map { value(rest, of: $0) }
        switch name {
        case "@unionOfObjects": return values.compactMap { $0 }
        case "@distinctUnionOfObjects":
            var seen = Set<AnyHashable>()
            return values.compactMap { $0 }.filter { ($0 as? AnyHashable).map { seen.insert($0).inserted } ?? true }
        case "@min", "@max":
            let present = values.compactMap { $0 }
            let best = present.dropFirst().reduce(present.first) { best, next in
                guard let best, let order = compare(next, best) else { return best }
                return (name == "@min" ? order < 0 : order > 0) ? next : best
            }
            return best
        case "@sum", "@avg":
            let numbers = values.compactMap { $0 }
            if numbers.contains(where: { $0 is Decimal128 }) {
                let total = numbers.reduce(Decimal128(0)) { $0 + (decimal($1) ?? 0) }
                return name == "@sum" ? total : numbers.isEmpty ? nil : total / Decimal128(numbers.count)
            }
            if name == "@sum", numbers.allSatisfy({ $0 is Int }) { return numbers.reduce(0) { $0 + ($1 as? Int ?? 0) } }
            let total = numbers.reduce(0.0) { $0 + (double($1) ?? 0) }
            return name == "@sum" ? total : numbers.isEmpty ? nil : total / Double(numbers.count)
        default:
            preconditionFailure("Geode: \(name) is not a collection operator")
        }
    }

    /// -1, 0 or 1 for two values in the store's order (realm-core's order of
    /// mixed values: within a kind by value, numbers of any type together,
    /// across kinds bool, numbers, string, data, date, object id, UUID); nil
    /// for values the store has no order for (objects, collections).
    private static func compare(_ a: Any, _ b: Any) -> Int? {
        guard let x = storedForm(a), let y = storedForm(b) else { return nil }
        switch MixedOrder.compare(x, y) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    /// A plain value as the store holds it, for ordering; nil for objects and
    /// collections. The exact types first: an `NSNumber` of 0 or 1 casts to `Bool`.
    private static func storedForm(_ value: Any) -> GeodeCore.Value? {
        if let scalar = DynamicValue.commonScalar(value) { return scalar }
        if holdsClassInstance(value), let number = value as? NSNumber {
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? .double(number.doubleValue) : .int(number.int64Value)
        }
        switch value {
        case let v as any BinaryInteger: return Int64(exactly: v).map { .int($0) } ?? .double(Double(v))
        case let v as Float: return .float(v)
        case let v as Data: return .binary(Array(v))
        case let v as Date: return .timestamp(Timestamp(v))
        case let v as Decimal128: return .decimal128(v.bits)
        case let v as ObjectId: return .objectId(v.bytes)
        case let v as UUID: return .uuid(v)
        case let v as AnyRealmValue: return v.plainValue.flatMap(storedForm)
        default: return nil
        }
    }

    /// The order of two values read by key-value coding, for sorting in
    /// memory: nil first, then as ``compare(_:_:)`` orders them; values that
    /// do not compare are kept in place (0).
    static func order(_ a: Any?, _ b: Any?) -> Int {
        switch (a, b) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case let (a?, b?): return compare(a, b) ?? 0
        }
    }

    private static func double(_ value: Any) -> Double? {
        switch value {
        case let v as Int: return Double(v)
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as any BinaryInteger: return Double(v)
        case let v as Decimal128: return v.doubleValue
        default: return nil
        }
    }

    private static func decimal(_ value: Any) -> Decimal128? {
        switch value {
        case let v as Decimal128: return v
        case let v as Int: return Decimal128(v)
        case let v as Double: return Decimal128(v)
        case let v as Float: return Decimal128(Double(v))
        default: return nil
        }
    }
}
