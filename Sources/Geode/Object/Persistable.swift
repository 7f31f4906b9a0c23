import Foundation
import GeodeCore

/// A type that can be the value of a `@Persisted` property: every type of the
/// Realm property cheat sheet, optionals of them, links, collections.
///
/// Geode's own types conform; conform your own types through
/// `CustomPersistable` or `PersistableEnum` instead.
public protocol _Persistable {
    /// How the property is stored.
    static var _geodeKind: _PropertyKind { get }
    /// The value of a property nobody set (an unmanaged object's default).
    static func _geodeDefault() -> Self
    /// Reads the property of a managed object.
    static func _geodeGet(_ object: ObjectBase, _ property: Int) -> Self
    /// Writes the property of a managed object (inside a write transaction).
    static func _geodeSet(_ object: ObjectBase, _ property: Int, _ value: Self)
    /// The value as the engine stores it, adding what it links to (writes only).
    func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue
    /// The value from an input value (`create(value:)`, `init(value:)`), with
    /// Realm's rules: types exact, numbers only when exact, no dates or data
    /// from strings, UUIDs from strings.
    static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self
    /// A `create(value:)` input with what only the Swift type knows applied,
    /// before the engine's rules for the stored type: an enum's cases, a
    /// narrow integer's range, a UUID or ObjectId written as text. Other
    /// values pass unchanged (the default).
    static func _geodeInput(_ any: Any) throws -> Any
    /// Whether ``_geodeInput(_:)`` does anything (most types pass input on as it is).
    static var _geodeChecksInput: Bool { get }
    /// The value an unmanaged read returns while a projection's key path is
    /// traced: a fresh object, so the path goes on through links; a value
    /// unlikely to occur, so a transform of it shows; nil for the usual value.
    static func _geodeTraceValue() -> Self?
}

extension _Persistable {
    public static func _geodeTraceValue() -> Self? { nil }
    public static func _geodeInput(_ any: Any) throws -> Any { any }
    public static var _geodeChecksInput: Bool { false }
}

/// The value an `Any` holds, looking through an `Optional` in it; nil for a
/// nil optional or `NSNull`. Casts are chosen by the value's dynamic type
/// first: casting a Swift array or dictionary to a class (`is NSNull`)
/// bridges it to Foundation on Linux, which costs more than the rest of a write.
func unwrappedInput(_ any: Any) -> Any? {
    let dynamicType = type(of: any)
    if dynamicType is AnyClass { return isNullInput(any) ? nil : any }
    if dynamicType is OptionalInput.Type, let optional = any as? OptionalInput {
        return optional.wrappedInput.flatMap(unwrappedInput)
    }
    return any
}

/// Whether `any` holds an instance of a class (an object, a collection, `NSNull`),
/// so that class casts need no bridging attempt.
@inline(__always)
func holdsClassInstance(_ any: Any) -> Bool { type(of: any) is AnyClass }

/// Whether `any` is `NSNull`, tested without bridging a Swift collection.
@inline(__always)
func isNullInput(_ any: Any) -> Bool { holdsClassInstance(any) && any is NSNull }

/// An `Optional` seen through `Any`.
protocol OptionalInput {
    var wrappedInput: Any? { get }
}

extension Optional: OptionalInput {
    var wrappedInput: Any? { map { $0 as Any } }
}

/// The error for an input value of the wrong type.
func wrongInput<T>(_ any: Any, _ expected: T.Type) -> GeodeError {
    .invalidValue(.init("expected \(expected), found \(type(of: any)) (\(any))", kind: .wrongType))
}

/// A type that is one stored value (not a collection): it converts to and from
/// an engine value.
public protocol _PersistableValue: _Persistable {
    /// The Swift value of an engine value read at `context`; nil when it does not convert.
    static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self?
    /// Whether `_geodeFrom` needs only the kind of a list, map or embedded
    /// object (it reads on in place), so the reader need not decode it.
    static var _geodeReadsShallow: Bool { get }
    /// Whether ``_geodeFrom(stored:)`` reads the value straight from its
    /// stored bytes, so that a read builds no engine value (scalars do).
    static var _geodeDecodesStored: Bool { get }
    /// The Swift value of a value read in place from its document; nil when it
    /// does not convert. Called only when ``_geodeDecodesStored`` is true.
    static func _geodeFrom(stored: _StoredValue) throws -> Self?
}

/// A stored value read in place from its document, for the scalar types
/// that decode themselves without an engine value.
public struct _StoredValue {
    let view: ValueView

    /// Whether the stored value is null.
    var isNull: Bool { view.isNull }
}

extension _PersistableValue {
    public static var _geodeReadsShallow: Bool { false }
    public static var _geodeDecodesStored: Bool { false }
    public static func _geodeFrom(stored: _StoredValue) throws -> Self? { nil }

    /// The Swift value of a value read in place by a type that decodes stored
    /// bytes (``_geodeDecodesStored``); nil when there is none or it does not convert.
    static func _geodeFrom(stored view: ValueView?) throws -> Self? {
        try view.flatMap { try _geodeFrom(stored: _StoredValue(view: $0)) }
    }

    /// The Swift value of a value read in place at `context` (made only when
    /// needed): straight from its bytes for types that decode them, else
    /// through an engine value; nil when it does not convert.
    static func _geodeFrom(view: ValueView, _ context: @autoclosure () -> _ReadContext) throws -> Self? {
        if _geodeDecodesStored { return try _geodeFrom(stored: view) }
        return _geodeFrom(.init(_geodeReadsShallow ? try view.decodeShallow() : try view.decode()), context())
    }

    public static func _geodeGet(_ object: ObjectBase, _ property: Int) -> Self {
        guard let ref = object._ref else {
            preconditionFailure("Geode: reading an unmanaged object through the store")
        }
        if _geodeDecodesStored, let read = ref.readKept(property, as: Self.self) {
            return read ?? _geodeDefault()
        }
        let (value, context) = ref.realm.read(ref, property, shallow: _geodeReadsShallow)
        return _geodeFrom(value, context) ?? _geodeDefault()
    }

    public static func _geodeSet(_ object: ObjectBase, _ property: Int, _ value: Self) {
        guard let ref = object._ref else { preconditionFailure("Geode: writing an unmanaged object through the store") }
        ref.realm.write(ref, property) { context in try value._geodeEngineValue(context) }
    }
}

/// How a property is stored: type, collection kind, optionality, link target.
public struct _PropertyKind: @unchecked Sendable {
    var type: GeodeCore.PropertyType
    var collection: CollectionKind
    var isOptional: Bool
    var objectType: ObjectBase.Type?
    /// Whether the Swift type maps to the stored one (`CustomPersistable`).
    var isMapped = false

    init(
        _ type: GeodeCore.PropertyType, collection: CollectionKind = .single, isOptional: Bool = false,
        objectType: ObjectBase.Type? = nil
    ) {
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.objectType = objectType
    }

    /// Whether the stored property may hold null: the Swift type is optional,
    /// or a required mapped type is stored as an embedded object (a missing
    /// one reads as the mapped value of a default object).
    var storesNull: Bool {
        isOptional || (isMapped && type == .object && collection == .single)
    }
}

/// An engine value, carried through the public protocol.
public struct _EngineValue {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Where a value was read: its realm and its place in a document, so that
/// embedded objects and collections read from it stay bound to that place.
///
/// It lives only for the read that makes it, while the reader holds realm and
/// ref: it holds them unowned, so that reading a scalar retains nothing.
public struct _ReadContext {
    unowned(unsafe) let realm: Realm
    /// The object (or, for collections, the top-level object) the read went through.
    private unowned(unsafe) let base: ManagedRef
    /// The path below the document to the container of the value.
    private let prefix: [PathStep]
    /// The value's step in that container.
    private let step: PathStep

    /// The context of the value at `step` below `prefix` in `base`'s document;
    /// owner and path are built only when a value asks for them (embedded
    /// objects and collections), so reading a scalar allocates nothing.
    init(realm: Realm, base: ManagedRef, prefix: [PathStep], step: PathStep) {
        self.realm = realm
        self.base = base
        self.prefix = prefix
        self.step = step
    }

    /// The top-level object whose document holds the value.
    var owner: ManagedRef { base.owner }

    /// The value's path in that document.
    var path: [PathStep] { prefix + [step] }
}

/// What a value needs while being written: the realm and its write transaction,
/// to add the objects it links to.
public struct _WriteContext {
    let realm: Realm
    /// Nil when converting a lookup key: nothing may be added then.
    let transaction: StoreWriteTransaction?
}

// MARK: - Scalars

extension Bool: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.bool) }
    public static func _geodeDefault() -> Bool { false }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Bool? {
        if case let .bool(b) = value.value { return b }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Bool? {
        switch stored.view.kind {
        case .true?: return true
        case .false?: return false
        default: return nil
        }
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.bool(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Bool {
        guard let b = any as? Bool else { throw wrongInput(any, Bool.self) }
        return b
    }
}

/// Integers of every width store as 64-bit integers.
public protocol _PersistableInteger: _PersistableValue, FixedWidthInteger {}

extension _PersistableInteger {
    public static var _geodeKind: _PropertyKind { .init(.int) }
    public static func _geodeDefault() -> Self { 0 }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        if case let .int(i) = value.value { return Self(exactly: i) }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Self? {
        try stored.view.int().flatMap { Self(exactly: $0) }
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.int(Int64(self))) }
    public static var _geodeChecksInput: Bool { bitWidth < 64 }
    public static func _geodeInput(_ any: Any) throws -> Any {
        // An integer beyond an Int8, Int16 or Int32 property's range.
        if let i = any as? Int, Self(exactly: i) == nil { throw wrongInput(any, Self.self) }
        return any
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        switch any {
        case let i as Int: if let v = Self(exactly: i) { return v }
        case let i as Int64: if let v = Self(exactly: i) { return v }
        case let i as Int32: if let v = Self(exactly: i) { return v }
        case let i as Int16: if let v = Self(exactly: i) { return v }
        case let i as Int8: if let v = Self(exactly: i) { return v }
        case is Bool: break
        case let d as Double: if let v = Self(exactly: d) { return v }
        case let n as NSNumber:
            if let v = Self(exactly: n.doubleValue), Double(n.int64Value) == n.doubleValue { return v }
        default: break
        }
        throw wrongInput(any, Self.self)
    }
}

extension Int: _PersistableInteger {}
extension Int8: _PersistableInteger {}
extension Int16: _PersistableInteger {}
extension Int32: _PersistableInteger {}
extension Int64: _PersistableInteger {}

extension Float: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.float) }
    public static func _geodeDefault() -> Float { 0 }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Float? {
        if case let .float(f) = value.value { return f }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Float? { try stored.view.float() }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.float(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Float {
        switch any {
        case let f as Float: return f
        case is Bool: break
        case let d as Double: return Float(d)
        case let c as CGFloat: return Float(c)
        case let i as Int: return Float(i)
        case let n as NSNumber: return n.floatValue
        default: break
        }
        throw wrongInput(any, Float.self)
    }
}

extension Double: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.double) }
    public static func _geodeDefault() -> Double { 0 }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Double? {
        if case let .double(d) = value.value { return d }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Double? { try stored.view.double() }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.double(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Double {
        switch any {
        case let d as Double: return d
        case is Bool: break
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: break
        }
        throw wrongInput(any, Double.self)
    }
}

extension String: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.string) }
    public static func _geodeDefault() -> String { "" }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> String? {
        if case let .string(s) = value.value { return s }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> String? { try stored.view.string() }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.string(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> String {
        if let s = any as? String { return s }
        if let s = any as? Substring { return String(s) }
        throw wrongInput(any, String.self)
    }
}

extension Data: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.data) }
    public static func _geodeDefault() -> Data { Data() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Data? {
        if case let .binary(b) = value.value { return Data(b) }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.binary(Array(self))) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Data {
        if let d = any as? Data { return d }
        if let d = any as? [UInt8] { return Data(d) }
        throw wrongInput(any, Data.self)
    }
}

extension Date: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.date) }
    public static func _geodeDefault() -> Date { Date(timeIntervalSince1970: 0) }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Date? {
        if case let .timestamp(t) = value.value { return t.date }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Date? { try stored.view.timestamp()?.date }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        .init(.timestamp(Timestamp(self)))
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Date {
        if let d = any as? Date { return d }
        throw wrongInput(any, Date.self)
    }
}

extension UUID: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.uuid) }
    public static func _geodeDefault() -> UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> UUID? {
        if case let .uuid(u) = value.value { return u }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.uuid(self)) }
    public static func _geodeInput(_ any: Any) throws -> Any {
        if let s = any as? String, let u = UUID(uuidString: s) { return u }
        return any
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> UUID {
        if let u = any as? UUID { return u }
        if let s = any as? String, let u = UUID(uuidString: s) { return u }
        throw wrongInput(any, UUID.self)
    }
}

extension ObjectId: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.objectId) }
    public static func _geodeDefault() -> ObjectId { ObjectId() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> ObjectId? {
        if case let .objectId(id) = value.value { return ObjectId(bytes: id) }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.objectId(bytes)) }
    public static func _geodeInput(_ any: Any) throws -> Any {
        if let s = any as? String, let id = try? ObjectId(string: s) { return id }
        return any
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> ObjectId {
        if let id = any as? ObjectId { return id }
        if let s = any as? String { return try ObjectId(string: s) }
        throw wrongInput(any, ObjectId.self)
    }
}

extension Decimal128: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.decimal128) }
    public static func _geodeDefault() -> Decimal128 { Decimal128() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Decimal128? {
        if case let .decimal128(d) = value.value { return Decimal128(bits: d) }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.decimal128(bits)) }
    /// Decimals, integers, binary floating point (15 significant digits, as
    /// Realm) and decimal text.
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Decimal128 {
        switch any {
        case let d as Decimal128: return d
        case is Bool: break
        case let i as Int: return Decimal128(i)
        case let i as Int64: return Decimal128(i)
        case let i as Int32: return Decimal128(i)
        case let d as Double: return Decimal128(d)
        case let f as Float: return Decimal128(bits: Decimal128Bits(rounding: Double(f), significantDigits: 7))
        case let c as CGFloat: return Decimal128(Double(c))
        case let d as Decimal: return try Decimal128(string: "\(d)")
        case let s as String: return try Decimal128(string: s)
        case let n as NSNumber: return Decimal128(number: n)
        default: break
        }
        throw wrongInput(any, Decimal128.self)
    }
}

// MARK: - Optionals

extension Optional: _Persistable where Wrapped: _PersistableValue {
    public static var _geodeKind: _PropertyKind {
        var kind = Wrapped._geodeKind
        kind.isOptional = true
        return kind
    }
    public static func _geodeDefault() -> Wrapped? { nil }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        guard let self else { return .init(.null) }
        return try self._geodeEngineValue(context)
    }
    public static var _geodeChecksInput: Bool { Wrapped._geodeChecksInput }
    public static func _geodeInput(_ any: Any) throws -> Any {
        guard let value = unwrappedInput(any) else { return any }
        return try Wrapped._geodeInput(value)
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Wrapped? {
        if isNullInput(any) { return nil }
        if let optional = any as? Wrapped? { return optional }
        do {
            return try Wrapped._geodeFromAny(any, realm)
        } catch let GeodeError.invalidValue(failure) where failure.kind == .notConvertible {
            // A value a failable type does not convert is nil here, as Realm reads it.
            return nil
        }
    }
}

extension Optional: _PersistableValue where Wrapped: _PersistableValue {
    public static var _geodeReadsShallow: Bool { Wrapped._geodeReadsShallow }
    public static var _geodeDecodesStored: Bool { Wrapped._geodeDecodesStored }
    public static func _geodeFrom(stored: _StoredValue) throws -> Wrapped?? {
        if stored.isNull { return .some(nil) }
        return try Wrapped._geodeFrom(stored: stored).map { .some($0) }
    }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Wrapped?? {
        if case .null = value.value { return .some(nil) }
        return Wrapped._geodeFrom(value, context).map { .some($0) }
    }
}
