/// An enum stored as its raw value (an integer or a string), which
/// collections of it sort by.
///
/// ```swift
/// enum TaskStatus: String, PersistableEnum {
///     case notStarted, inProgress, complete
/// }
/// class Task: Object {
///     @Persisted var status = TaskStatus.notStarted
/// }
/// ```
public protocol PersistableEnum: _PersistableValue, SortableType, RawRepresentable, CaseIterable, Hashable,
    Comparable
where RawValue: _PersistableValue & Comparable {}

extension PersistableEnum {
    /// The first case, as Realm Swift makes an enum's default.
    ///
    /// ```swift
    /// let status = TaskStatus()   // .notStarted
    /// ```
    public init() { self = Self._geodeDefault() }

    /// Cases order by their raw values, as queries and sorts order them.
    ///
    /// ```swift
    /// TaskStatus.notStarted < TaskStatus.complete   // "notStarted" < "complete": false
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public static var _geodeKind: _PropertyKind { RawValue._geodeKind }
    public static func _geodeDefault() -> Self {
        guard let first = allCases.first else {
            preconditionFailure("Geode: a PersistableEnum needs at least one case")
        }
        return first
    }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        RawValue._geodeFrom(value, context).flatMap(Self.init(rawValue:))
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        try rawValue._geodeEngineValue(context)
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeInput(_ any: Any) throws -> Any {
        if let raw = any as? RawValue, Self(rawValue: raw) == nil {
            throw GeodeError.invalidValue("\(raw) is not a case of \(Self.self)")
        }
        return any
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        if let value = any as? Self { return value }
        let raw = try RawValue._geodeFromAny(any, realm)
        guard let value = Self(rawValue: raw) else {
            // A raw value that names no case does not convert: an optional enum reads it as nil, as Realm does.
            throw GeodeError.invalidValue(.init("\(raw) is not a case of \(Self.self)", kind: .notConvertible))
        }
        return value
    }
}
