/// The form key-value coding reads a property in (`object["name"]`,
/// `value(forKey:)`), as Realm's does: an absent optional is nil rather than
/// an `Optional` boxed in `Any`, an `AnyRealmValue` is the value it holds, and
/// an enum is its raw value. So `dog["age"] == nil` and `dog["mood"] as? Int`
/// read as they do in Realm.
enum KeyValueCoding {
    /// `value` in key-value coding's form.
    static func plain(_ value: Any) -> Any? {
        switch value {
        case let value as any OptionalInput: return value.wrappedInput.flatMap(plain)
        case let value as AnyRealmValue: return value.plainValue
        case let value as any PersistableEnum: return value.rawValue
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
