import Foundation
import GeodeCore

/// A type Geode stores by mapping it to a type it supports, when the mapping
/// cannot fail.
///
/// Declare `PersistedType` (a primitive such as `String` or `Double`, or an
/// `EmbeddedObject` subclass for types made of several values), an initialiser
/// from it and a property back to it. The mapped type can then be a
/// `@Persisted` property, required or optional, a `List` or `MutableSet`
/// element or a `Map` value. The schema shows the persisted type, so switching
/// a property between the two needs no migration.
///
/// ```swift
/// class CGPointObject: EmbeddedObject {
///     @Persisted var x: Double
///     @Persisted var y: Double
/// }
/// extension CGPoint: CustomPersistable {
///     public typealias PersistedType = CGPointObject
///     public init(persistedValue: CGPointObject) { self.init(x: persistedValue.x, y: persistedValue.y) }
///     public var persistableValue: CGPointObject { CGPointObject(value: [x, y]) }
/// }
/// class PointModel: Object {
///     @Persisted var point: CGPoint
///     @Persisted var line: List<CGPoint>
/// }
/// ```
///
/// Queries test the persisted value; arguments may be either type. A type
/// mapped to an embedded object compares member by member:
/// `$0.point == CGPoint(x: 1, y: 2)` means `point.x == 1 AND point.y == 2`.
public protocol CustomPersistable: _CustomPersistable {
    /// The mapped value of a stored value.
    init(persistedValue: PersistedType)
}

/// A type Geode stores by mapping it to a type it supports, when reading the
/// stored value back may fail (not every `String` is a `URL`).
///
/// An optional property reads a value that does not convert as `nil`; a
/// required one stops the program with a message naming the property and the
/// value, so declare such properties optional.
///
/// ```swift
/// extension URL: FailableCustomPersistable {
///     public typealias PersistedType = String
///     public init?(persistedValue: String) { self.init(string: persistedValue) }
///     public var persistableValue: String { absoluteString }
/// }
/// class Club: Object {
///     @Persisted var name: String
///     @Persisted var url: URL?
/// }
/// ```
public protocol FailableCustomPersistable: _CustomPersistable {
    /// The mapped value of a stored value; nil when it does not convert.
    init?(persistedValue: PersistedType)
}

/// What `CustomPersistable` and `FailableCustomPersistable` share. Conform to
/// one of those.
public protocol _CustomPersistable: _PersistableValue {
    /// The type the value is stored as: a primitive Geode stores or an
    /// `EmbeddedObject` subclass; never optional, a collection or another
    /// mapped type.
    associatedtype PersistedType: _PersistedTypeCandidate
    /// The value as it is stored.
    var persistableValue: PersistedType { get }
    /// The mapped value of a stored value, nil when it does not convert.
    static func _geodeMapped(from persisted: PersistedType) -> Self?
}

/// The types a `CustomPersistable` may be stored as: Bool, the integer types,
/// Float, Double, String, Data, Date, UUID, ObjectId, and `EmbeddedObject`
/// subclasses. An optional, a collection, a link or another mapped type is
/// refused at compile time by this constraint.
public protocol _PersistedTypeCandidate: _PersistableValue {}

extension Bool: _PersistedTypeCandidate {}
extension Int: _PersistedTypeCandidate {}
extension Int8: _PersistedTypeCandidate {}
extension Int16: _PersistedTypeCandidate {}
extension Int32: _PersistedTypeCandidate {}
extension Int64: _PersistedTypeCandidate {}
extension Float: _PersistedTypeCandidate {}
extension Double: _PersistedTypeCandidate {}
extension String: _PersistedTypeCandidate {}
extension Data: _PersistedTypeCandidate {}
extension Date: _PersistedTypeCandidate {}
extension UUID: _PersistedTypeCandidate {}
extension ObjectId: _PersistedTypeCandidate {}
extension Decimal128: _PersistedTypeCandidate {}
extension EmbeddedObject: _PersistedTypeCandidate {}

extension CustomPersistable {
    public static func _geodeMapped(from persisted: PersistedType) -> Self? { Self(persistedValue: persisted) }
}

extension FailableCustomPersistable {
    public static func _geodeMapped(from persisted: PersistedType) -> Self? { Self(persistedValue: persisted) }
}

extension _CustomPersistable {
    /// Stored as the persisted type; a required property mapped to an
    /// embedded object may hold null in the store (it reads as the mapped
    /// value of a default embedded object).
    public static var _geodeKind: _PropertyKind {
        var kind = PersistedType._geodeKind
        kind.isMapped = true
        return kind
    }

    public static var _geodeReadsShallow: Bool { PersistedType._geodeReadsShallow }

    /// The mapped value of the persisted type's default (`""`, `0`, an
    /// embedded object of defaults). A failable type whose default does not
    /// convert has none: give such a property a default value or make it optional.
    public static func _geodeDefault() -> Self {
        let persisted = PersistedType._geodeDefault()
        guard let value = _geodeMapped(from: persisted) else {
            preconditionFailure(
                "Geode: \(Self.self) cannot be built from the default \(PersistedType.self) value "
                    + "(\(describe(persisted))); give the property a default value or declare it optional")
        }
        return value
    }

    /// The mapped value of the persisted type's initial value (a new
    /// `ObjectId`, now), or of its default when that one does not convert.
    public static func _geodeInitial() -> Self {
        _geodeMapped(from: PersistedType._geodeInitial()) ?? _geodeDefault()
    }

    public static var _geodeInitialVaries: Bool { PersistedType._geodeInitialVaries }

    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        PersistedType._geodeFrom(value, context).flatMap(_geodeMapped(from:))
    }

    /// Reads a required mapped property: null (an embedded value never set)
    /// reads as the default; a stored value that does not convert stops the
    /// program, naming the property and the value.
    public static func _geodeGet(_ object: ObjectBase, _ property: Int) -> Self {
        guard let ref = object._ref else { preconditionFailure("Geode: reading an unmanaged object through the store") }
        let (value, context) = ref.realm.read(ref, property, shallow: _geodeReadsShallow)
        if case .null = value.value { return _geodeDefault() }
        guard let persisted = PersistedType._geodeFrom(value, context) else {
            preconditionFailure(
                "Geode: \(ref.cls.name).\(ref.cls.info.properties[property].name) holds "
                    + "\(QueryLiteral.describe(value.value)), which is not a \(PersistedType.self)")
        }
        guard let mapped = _geodeMapped(from: persisted) else {
            // Realm stops here; Geode answers the default value and keeps the
            // error for the next throwing call (the rule for reads that cannot throw).
            let name = ref.cls.info.properties[property].name
            let message =
                "\(ref.cls.name).\(name) holds \(describe(persisted)), which does not convert to \(Self.self); "
                + "declare the property optional to read such values as nil"
            ref.realm.deferReadError(
                GeodeError.invalidValue(.init(message, kind: .notConvertible, className: ref.cls.name, property: name)))
            guard let fallback = _geodeMapped(from: PersistedType._geodeDefault()) else {
                preconditionFailure("Geode: " + message)
            }
            return fallback
        }
        return mapped
    }

    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        try persistableValue._geodeEngineValue(context)
    }

    /// The mapped value, or the persisted value converted (`create(value:)`
    /// and `init(value:)` accept both).
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        if let value = any as? Self { return value }
        // Null for a wrapper of an embedded object is the default embedded object, as in Realm.
        if isNullInput(any), PersistedType.self is EmbeddedObject.Type { return _geodeDefault() }
        let persisted = try PersistedType._geodeFromAny(any, realm)
        guard let value = _geodeMapped(from: persisted) else {
            throw GeodeError.invalidValue(
                .init("\(describe(persisted)) does not convert to \(Self.self)", kind: .notConvertible))
        }
        return value
    }

    /// A persisted value in words, for messages.
    private static func describe(_ persisted: PersistedType) -> String {
        if persisted is ObjectBase { return "a default \(PersistedType.self)" }
        if let string = persisted as? String { return "\"\(string)\"" }
        return "\(persisted)"
    }
}
