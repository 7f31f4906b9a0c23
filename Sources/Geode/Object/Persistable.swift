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
    /// The type's zero value: what a managed read gives for a value the
    /// store lacks, and the base of a mapped type's default.
    static func _geodeDefault() -> Self
    /// The value of a property declared without a default, read before
    /// anything set it: ``_geodeDefault()``, except that a `Date` is now, and
    /// an `ObjectId` or `UUID` a new one, as in Realm (so that
    /// `@Persisted(primaryKey: true) var _id: ObjectId` is unique).
    static func _geodeInitial() -> Self
    /// Whether ``_geodeInitial()`` gives a new value at each call, so that an
    /// unmanaged wrapper keeps the first one it hands out.
    static var _geodeInitialVaries: Bool { get }
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
    /// What an unmanaged object's property holds once `new` is assigned over
    /// `old`: `new` (the default); for a collection, `old` with `new`'s
    /// elements, so that the property keeps one collection, as in Realm.
    static func _geodeUnmanagedAssignment(_ new: Self, replacing old: Self?) -> Self
    /// The object the value is, for a collection or an embedded object (or an
    /// optional one): what becomes managed with the object holding it when
    /// that object is added; nil for other values (the default).
    var _geodeHeldObject: AnyObject? { get }
    /// The object the `Self` at `pointer` is or holds (a wrapper's stored
    /// value, a collection's element) when something besides that place holds
    /// it too: code that kept it. Nil when the place is its only holder, since
    /// nothing can then read it unmanaged once it is stored; nil for other values.
    static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject?
}

extension _Persistable {
    public static func _geodeInitial() -> Self { _geodeDefault() }
    public static var _geodeInitialVaries: Bool { false }
    public static func _geodeTraceValue() -> Self? { nil }
    public static func _geodeUnmanagedAssignment(_ new: Self, replacing old: Self?) -> Self { new }
    public var _geodeHeldObject: AnyObject? { nil }
    public static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject? { nil }
    public static func _geodeInput(_ any: Any) throws -> Any { any }
    public static var _geodeChecksInput: Bool { false }
}

/// The class reference an optional one at `pointer` holds, when something
/// besides that place holds it too (``_Persistable/_geodeSharedObject(in:)``
/// of a collection or an embedded object). Read as `AnyObject?`, which has
/// the layout of every optional class reference: a generic class's own
/// optional type would be looked up at run time on each call, a tenth of
/// what adding an object with a collection cost.
func sharedReference(at pointer: UnsafeMutableRawPointer) -> AnyObject? {
    let held = pointer.assumingMemoryBound(to: AnyObject?.self)
    return isKnownUniquelyReferenced(&held.pointee) ? nil : held.pointee
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

/// The error for an input value of the wrong type, quoting the value's
/// first line (an object or a collection describes itself at length).
func wrongInput<T>(_ any: Any, _ expected: T.Type) -> GeodeError {
    let text = "\(any)"
    let shown = text.prefix { $0 != "\n" }.prefix(120)
    let quoted = shown.count < text.count ? shown + "…" : shown
    return .invalidValue(.init("expected \(expected), found \(type(of: any)) (\(quoted))", kind: .wrongType))
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
        guard _geodeKind.type == .object, let embedded = unwrappedInput(value) as? EmbeddedObject else {
            ref.realm.write(ref, property) { context in try value._geodeEngineValue(context) }
            return
        }
        ref.realm.assign(embedded, to: ref, property)
    }
}
