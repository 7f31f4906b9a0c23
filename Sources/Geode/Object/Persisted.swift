import Foundation

/// Declares a stored property of an `Object` or `EmbeddedObject`.
///
/// Before the object is added to a realm the value lives in the object, as in
/// any Swift class; once it is managed, reads and writes go to the store.
///
/// ```swift
/// class Dog: Object {
///     @Persisted(primaryKey: true) var id = 0
///     @Persisted var name = ""
///     @Persisted var age: Int?
///     @Persisted var toys: List<String>
/// }
/// ```
@propertyWrapper
public struct Persisted<Value: _Persistable> {
    /// The value of an unmanaged object, or a collection accessor once made.
    @usableFromInline var stored: Value?
    /// Set while the class's schema is being discovered; names this property.
    @usableFromInline let token: Int32
    /// The property's index in its class, once resolved.
    @usableFromInline var property = -1
    @usableFromInline let options: PersistedOptions

    /// Unavailable: the property is read and written only through the
    /// enclosing object (`subscript(_enclosingInstance:wrapped:storage:)`).
    @available(
        *, unavailable, message: "@Persisted can only be used on properties of Object and EmbeddedObject subclasses"
    )
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }  // swiftlint:disable:this unused_setter_value
    }

    /// A property whose default is its type's zero value (`""`, `0`, `nil`, an empty list).
    @inlinable
    public init() {
        self.init(stored: nil, options: PersistedOptions())
    }

    /// A property with a default value.
    @inlinable
    public init(wrappedValue: Value) {
        self.init(stored: wrappedValue, options: PersistedOptions())
    }

    /// A primary-key property (Int, String, ObjectId, UUID and their optionals).
    @inlinable
    public init(primaryKey: Bool) {
        self.init(stored: nil, options: PersistedOptions(isPrimaryKey: primaryKey))
    }

    /// A primary-key property with a default value.
    @inlinable
    public init(wrappedValue: Value, primaryKey: Bool) {
        self.init(stored: wrappedValue, options: PersistedOptions(isPrimaryKey: primaryKey))
    }

    /// An indexed property.
    @inlinable
    public init(indexed: Bool) {
        self.init(stored: nil, options: PersistedOptions(isIndexed: indexed))
    }

    /// An indexed property with a default value.
    @inlinable
    public init(wrappedValue: Value, indexed: Bool) {
        self.init(stored: wrappedValue, options: PersistedOptions(isIndexed: indexed))
    }

    @inlinable
    init(stored: Value?, options: PersistedOptions) {
        self.stored = stored
        self.options = options
        token = _nextDiscoveryToken()
        if token != 0 {
            // Compiled here, for this property's type, in the model's module.
            _registerWrapperReader(
                token,
                read: { address, context in
                    let wrapper = address.assumingMemoryBound(to: Persisted<Value>.self)
                    return try (wrapper.pointee.stored ?? Value._geodeInitial())._geodeEngineValue(context)
                },
                shared: { address in Persisted<Value>.sharedObject(at: address) })
        }
    }

    /// Reads and writes the property of `object`, managed or not. Inlinable so
    /// that each model class gets it specialized for its property types.
    @inlinable
    public static subscript<EnclosingSelf: ObjectBase>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        @inline(__always) get {
            if object._ref != nil {
                return Value._geodeGet(object, resolve(object, storageKeyPath))
            }
            // A plain unmanaged read: the wrapper's own value, nothing to look up.
            if object._unmanaged == nil, !_keyPathTracingIsActive() {
                return storedValue(object, storageKeyPath)
            }
            return unmanagedValue(object, storageKeyPath)
        }
        @inline(__always) set {
            if object._ref != nil {
                Value._geodeSet(object, resolve(object, storageKeyPath), newValue)
            } else {
                guard Value.self is AnyObject.Type else {
                    if object._unmanaged != nil { dropAssigned(object, storageKeyPath) }
                    object[keyPath: storageKeyPath].stored = newValue
                    return
                }
                // A collection keeps its identity: the one the property holds now takes the elements.
                let old =
                    object._unmanaged == nil
                    ? object[keyPath: storageKeyPath].stored : unmanagedValue(object, storageKeyPath)
                if object._unmanaged != nil { dropAssigned(object, storageKeyPath) }
                object[keyPath: storageKeyPath].stored = Value._geodeUnmanagedAssignment(newValue, replacing: old)
            }
        }
    }

    /// The value of an unmanaged object's property (or, while a key path is
    /// traced, the value the trace hands out).
    @inlinable
    static func unmanagedValue<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf, _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        let tracing = _keyPathTracingIsActive()
        if tracing || object._unmanaged != nil {
            // The index tells a type-safe query or a projection which property a key path
            // reads; not while the class itself is being discovered (its init runs then).
            let index = _discoveryIsActive() ? -1 : resolve(object, storageKeyPath)
            if tracing {
                object._lastRead = index
                if let traced = _projectionTraceRead(object, index, Value.self) { return traced }
            }
            // Bound first: a missing entry (nil `Any?`) would cast to an optional `Value` as nil.
            if let assigned = object._unmanaged?[index], let value = assigned as? Value { return value }
        }
        return storedValue(object, storageKeyPath)
    }

    /// The wrapper's own value, or the type's default. Always inlined, so that
    /// the key path is the literal of the property's accessor and compiles to
    /// a field access (through the runtime, a key path costs about a microsecond).
    @inlinable @inline(__always)
    static func storedValue<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf, _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        if let value = object[keyPath: storageKeyPath].stored { return value }
        let value = Value._geodeInitial()
        // Collections are reference types, and a new id or date must read the
        // same the next time: keep the one handed out.
        if Value.self is AnyObject.Type || Value._geodeInitialVaries { object[keyPath: storageKeyPath].stored = value }
        return value
    }

    /// Drops the value `init(value:)` set aside for the property, which a
    /// value set since replaces.
    @inlinable
    static func dropAssigned<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf, _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) {
        let index = _discoveryIsActive() ? -1 : resolve(object, storageKeyPath)
        object._unmanaged?[index] = nil
    }

    /// The property's index, found once per object through its class's
    /// discovery instance and cached in the wrapper.
    @inlinable
    static func resolve<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf, _ storage: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Int {
        let cached = object[keyPath: storage].property
        if cached >= 0 { return cached }
        let index = _propertyIndex(
            of: object, keyPath: storage,
            token: { instance in
                guard let instance = instance as? EnclosingSelf else { return -1 }
                return Int(instance[keyPath: storage].token)
            })
        object[keyPath: storage].property = index
        return index
    }
}

/// The index of the property reached through `keyPath` in `object`'s class;
/// `token` reads the property's discovery token from the class's discovery instance.
@usableFromInline
func _propertyIndex(of object: ObjectBase, keyPath: AnyKeyPath, token: (ObjectBase) -> Int) -> Int {
    let info = ClassInfo.of(type(of: object))
    return info.propertyIndex(for: keyPath, token: { token(info.discoveryInstance) })
}

/// Whether a class is being discovered on this thread (its init is running).
@usableFromInline
func _discoveryIsActive() -> Bool { SchemaDiscovery.isActive }

/// The next discovery token on this thread (0 unless a class is being discovered).
@usableFromInline
func _nextDiscoveryToken() -> Int32 { SchemaDiscovery.nextToken() }

/// What `@Persisted(...)` says of a property beyond its type.
@usableFromInline
struct PersistedOptions {
    @usableFromInline var isPrimaryKey = false
    @usableFromInline var isIndexed = false
    @usableFromInline var originProperty: String?

    @usableFromInline
    init(isPrimaryKey: Bool = false, isIndexed: Bool = false, originProperty: String? = nil) {
        self.isPrimaryKey = isPrimaryKey
        self.isIndexed = isIndexed
        self.originProperty = originProperty
    }
}

/// Lets schema discovery read a wrapper found by `Mirror` without knowing its type.
protocol DiscoverablePersisted {
    var token: Int32 { get }
    var options: PersistedOptions { get }
    var kind: _PropertyKind { get }
    var valueType: any _Persistable.Type { get }
    /// The value an unmanaged object holds (its default when never set).
    var unmanagedValue: any _Persistable { get }
    /// The value an unmanaged object holds, read from the wrapper at `address`
    /// inside the object (where the standard library's field reflection found it).
    static func unmanagedValue(at address: UnsafeRawPointer) -> any _Persistable
    /// The collection or embedded object the wrapper at `address` holds, when
    /// something else holds it too (see ``_Persistable/_geodeSharedObject(_:)``);
    /// nil for other values, and when none was ever set or read.
    static func sharedObject(at address: UnsafeMutableRawPointer) -> AnyObject?
    /// Caches the property index in the wrapper at `address`, which tells
    /// `encode(to:)` that the object's value is not the wrapper's.
    static func markHeldElsewhere(at address: UnsafeMutableRawPointer, index: Int)
}

extension Persisted: DiscoverablePersisted {
    var kind: _PropertyKind { Value._geodeKind }
    var valueType: any _Persistable.Type { Value.self }
    var unmanagedValue: any _Persistable { stored ?? Value._geodeInitial() }

    static func markHeldElsewhere(at address: UnsafeMutableRawPointer, index: Int) {
        address.assumingMemoryBound(to: Self.self).pointee.property = index
    }

    static func unmanagedValue(at address: UnsafeRawPointer) -> any _Persistable {
        let wrapper = UnsafeMutableRawPointer(mutating: address).assumingMemoryBound(to: Self.self)
        if let value = wrapper.pointee.stored { return value }
        let value = Value._geodeInitial()
        // Kept as the accessor keeps it (see `storedValue`): a new id or date read
        // here, by a copy of the object, must be the one its property reads.
        if Value.self is AnyObject.Type || Value._geodeInitialVaries { wrapper.pointee.stored = value }
        return value
    }

    /// Inlinable, so that the wrapper's initializer compiles it for the
    /// property's type (``_registerWrapperReader(_:read:shared:)``): looking up
    /// the metadata of `Value?` at run time on every call was most of what an
    /// add spent finding the collections and embedded objects code kept.
    @inlinable
    static func sharedObject(at address: UnsafeMutableRawPointer) -> AnyObject? {
        let wrapper = address.assumingMemoryBound(to: Self.self)
        guard wrapper.pointee.stored != nil else { return nil }
        // A single-payload enum: the value lies where the optional does.
        return withUnsafeMutablePointer(to: &wrapper.pointee.stored) {
            Value._geodeSharedObject(in: UnsafeMutableRawPointer($0))
        }
    }
}
