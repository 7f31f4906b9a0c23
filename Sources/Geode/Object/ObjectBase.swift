import Foundation
import GeodeCore

/// The common base of `Object` and `EmbeddedObject`. Subclass those, not this.
open class ObjectBase {
    /// Where a managed object lives; nil while it is unmanaged. Read by every
    /// property access, on the one thread using the object, so without the
    /// runtime's exclusivity check.
    @usableFromInline @exclusivity(unchecked) final var _ref: ManagedRef?
    /// Values of an unmanaged object assigned by property index (through
    /// `init(value:)`), which take precedence over the wrappers' own.
    @usableFromInline @exclusivity(unchecked) final var _unmanaged: [Int: Any]?
    /// The index of the property an unmanaged read reached last: how a
    /// type-safe query learns which property a key path names.
    @usableFromInline final var _lastRead = -1

    /// Creates an unmanaged object: a plain Swift object until it is added to a realm.
    public required init() {}

    /// The name of the class in the store and in queries: its Swift name
    /// without the module, with the enclosing types of a nested class.
    ///
    /// ```swift
    /// Dog.className()                      // "Dog"
    /// realm.schema[Dog.className()]?.properties.count
    /// ```
    public final class func className() -> String { ClassInfo.className(self) }

    /// The name the class has in the store, when it is not the Swift name
    /// (Realm's hook of the same name): for a store whose class names are not
    /// Swift identifiers, or two Swift types of one name in different scopes.
    ///
    /// ```swift
    /// final class LegacyPerson: Object {
    ///     override class func _realmObjectName() -> String? { "person" }
    ///     @Persisted var name = ""
    /// }
    /// ```
    open class func _realmObjectName() -> String? { nil }

    /// Creates an unmanaged object from a dictionary (property name → value), an
    /// array in property order, or another object.
    ///
    /// ```swift
    /// let dog = Dog(value: ["name": "Pluto", "age": 3])
    /// let other = Dog(value: ["Fido", 5])
    /// ```
    public required convenience init(value: Any) {
        self.init()
        do {
            try ValueAssignment.assign(value, to: self, cycleGuard: [])
        } catch {
            preconditionFailure("Geode: \(type(of: self))(value:): \(error)")
        }
    }

    /// An unmanaged object from an input value, throwing where `init(value:)`
    /// stops: a nested value of `create(value:)` must fail the write, not the program.
    static func checked(_ value: Any) throws -> Self {
        let object = Self()
        try ValueAssignment.assign(value, to: object, cycleGuard: [])
        return object
    }

    /// The realm that manages the object; nil while it is unmanaged.
    public var realm: Realm? { _ref?.realm }

    /// Whether the object was deleted from its realm (or its realm closed).
    public var isInvalidated: Bool {
        guard let ref = _ref else { return false }
        return !ref.realm.exists(ref)
    }

    /// The object's schema: its class name and properties.
    public var objectSchema: ObjectSchema { ObjectSchema((_ref?.cls.info ?? ClassInfo.of(type(of: self))).schema) }
}

/// A top-level object: stored in its own right, addressed by key (and primary
/// key), linked to from other objects.
///
/// ```swift
/// class Dog: Object {
///     @Persisted var name = ""
///     @Persisted var age = 0
/// }
/// ```
open class Object: ObjectBase {}

/// An object that lives inside exactly one owner and dies with it.
///
/// ```swift
/// class Address: EmbeddedObject {
///     @Persisted var street: String?
///     @Persisted var city: String?
/// }
/// ```
open class EmbeddedObject: ObjectBase {}

/// Where a managed object lives: the top-level object whose document holds it,
/// and the path inside that document (empty for the top-level object itself).
@usableFromInline
final class ManagedRef {
    let realm: Realm
    /// The object's own class.
    let cls: RealmClass
    /// The top-level class and key of the document.
    let root: RealmClass
    /// Changed only by ``repoint(to:document:)``, on the thread using the
    /// accessor: read without the runtime's exclusivity check.
    @exclusivity(unchecked) private(set) var key: ObjectKey
    /// Path from the document to this object: slot, then list index or map key.
    let path: [PathStep]
    /// Where the document lay in the realm's version when the accessor was
    /// made outside a write: reads at that version need no lookup.
    @exclusivity(unchecked) private(set) var document: PinnedDocument?

    init(realm: Realm, cls: RealmClass, root: RealmClass, key: ObjectKey, path: [PathStep], document: PinnedDocument? = nil) {
        self.realm = realm
        self.cls = cls
        self.root = root
        self.key = key
        self.path = path
        self.document = document
    }

    /// Points this ref, which one top-level accessor alone holds, at object
    /// `key` of the same class.
    func repoint(to key: ObjectKey, document: PinnedDocument?) {
        self.key = key
        self.document = document
    }

    /// The value in slot `slot` of this object, in `document` (the top-level
    /// object's document, which holds embedded objects too).
    @inline(__always)
    func value(_ slot: Int, in document: ContainerView) throws -> ValueView? {
        path.isEmpty ? try document.value(at: slot) : try document.value(atPath: path + [.index(slot)])
    }

    /// Reads scalar property `property` straight from the document the
    /// accessor kept, as `T` decodes it in place: `.some(nil)` when the value
    /// does not convert (a missing value reads as null would), nil when there
    /// is no good kept document and the caller must read through
    /// ``Realm/read(_:_:shallow:)``. The hottest path of the object model:
    /// a top-level object's read retains nothing.
    @inline(__always)
    func readKept<T: _PersistableValue>(_ property: Int, as type: T.Type) -> T?? {
        guard let kept = document else { return nil }
        let slot = cls.slots[property]
        var read: T?? = nil
        do {
            let wasGood: Bool
            if path.isEmpty {
                // The closure captures the slot, not the ref (which would be retained for every read).
                wasGood = try kept.read(slot: slot, pinnedAt: realm.keptDocumentSerial) { read = .some(try T._geodeFrom(stored: $0)) }
            } else {
                wasGood = try kept.read(pinnedAt: realm.keptDocumentSerial) { read = .some(try T._geodeFrom(stored: try value(slot, in: $0))) }
            }
            guard wasGood else { return nil }
            return consume read
        } catch {
            // Read again the ordinary way, which defers the error and gives the default value.
            return nil
        }
    }

    /// The ref of the top-level object whose document holds this one.
    var owner: ManagedRef {
        path.isEmpty ? self : ManagedRef(realm: realm, cls: root, root: root, key: key, path: [], document: document)
    }
}

// MARK: - Links and embedded objects as values

extension Object: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.object, objectType: self) }
    public static func _geodeDefault() -> Self { Self() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        guard case let .link(link) = value.value else { return nil }
        return context.realm.object(for: link) as? Self
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        guard let txn = context.transaction else {
            return .init(.link(try context.realm.existingLink(to: self)))
        }
        return .init(.link(try context.realm.link(to: self, txn)))
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        if let object = any as? Self { return object }
        if any is [String: Any] || any is [Any] || any is ObjectBase { return try checked(any) }
        throw GeodeError.invalidValue("expected \(Self.self) (an object, a dictionary or an array), found \(type(of: any))")
    }
}

extension EmbeddedObject: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.object, objectType: self) }
    public static var _geodeReadsShallow: Bool { true }
    public static func _geodeDefault() -> Self { Self() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        guard case .embedded = value.value else { return nil }
        return context.realm.embeddedObject(of: self, owner: context.owner, path: context.path) as? Self
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeInput(_ any: Any) throws -> Any {
        // A dictionary for an embedded object: each property's own checks (the engine builds it).
        guard let dictionary = any as? [String: Any] else { return any }
        let info = ClassInfo.of(self)
        var checked = dictionary
        for (name, value) in dictionary {
            guard let index = info.index(of: name) else { continue }
            do {
                checked[name] = try info.properties[index].valueType._geodeInput(value)
            } catch let error as GeodeError {
                throw error.located(in: info.name, name)
            }
        }
        return checked
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        guard let txn = context.transaction else { throw GeodeError.invalidValue("an embedded object cannot be a lookup key") }
        return .init(.embedded(try context.realm.embeddedSlots(of: self, txn)))
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        if let object = any as? Self { return object }
        if any is [String: Any] || any is [Any] || any is ObjectBase { return try checked(any) }
        throw GeodeError.invalidValue("expected \(Self.self) (an object, a dictionary or an array), found \(type(of: any))")
    }

}

extension ObjectBase: Equatable, Hashable {
    /// Two objects are equal when they are the same stored object (same realm,
    /// class and key) or, unmanaged, the same instance.
    public static func == (lhs: ObjectBase, rhs: ObjectBase) -> Bool {
        if lhs === rhs { return true }
        guard let a = lhs._ref, let b = rhs._ref else { return false }
        return a.realm.store.path == b.realm.store.path && a.root.name == b.root.name && a.key == b.key && a.path == b.path
    }

    public func hash(into hasher: inout Hasher) {
        if let ref = _ref {
            hasher.combine(ref.root.name)
            hasher.combine(ref.key.rawValue)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }
}

extension ObjectBase {
    /// The value of the property named `key` (key-value coding style): the
    /// property's own Swift value (`String`, `Int?`, `List<Dog>`, an object),
    /// or nil for a name the class does not have. Setting converts the value
    /// with `create(value:)`'s rules; managed objects only inside a write.
    ///
    /// ```swift
    /// dog["name"] = "Rex"
    /// let age = dog["age"] as? Int
    /// ```
    public subscript(key: String) -> Any? {
        get {
            let info = _ref?.cls.info ?? ClassInfo.of(type(of: self))
            guard let index = info.index(of: key) else { return nil }
            if let ref = _ref, let embedded = ref.realm.dynamicEmbeddedObject(in: ref, index) {
                return embedded
            }
            if let ref = _ref, let embedded = ref.realm.dynamicEmbeddedCollection(in: ref, index) {
                return embedded
            }
            let value = ValueAssignment.currentValue(of: self, index)
            return (value as? DynamicValue).map { $0.value as Any } ?? value
        }
        set {
            let info = _ref?.cls.info ?? ClassInfo.of(type(of: self))
            guard let index = info.index(of: key) else {
                preconditionFailure("Geode: \(info.name) has no property '\(key)'")
            }
            let property = info.properties[index]
            do {
                let typed = try property.valueType._geodeFromAny(newValue ?? NSNull(), _ref?.realm)
                if _ref != nil {
                    Self.setManaged(typed, on: self, index)
                } else {
                    var values = _unmanaged ?? [:]
                    values[index] = typed
                    _unmanaged = values
                }
            } catch {
                if let realm = _ref?.realm, realm.isInWriteTransaction {
                    realm.record(GeodeError.from(error).located(in: info.name, key))
                } else {
                    preconditionFailure("Geode: \(info.name).\(key): \(error)")
                }
            }
        }
    }

    /// Writes a typed value through its own type's managed setter.
    private static func setManaged<T: _Persistable>(_ value: T, on object: ObjectBase, _ index: Int) {
        T._geodeSet(object, index, value)
    }

    /// The value of the property named `key` (as `self[key]`).
    public func value(forKey key: String) -> Any? { self[key] }

    /// Sets the property named `key` (as `self[key] = value`).
    public func setValue(_ value: Any?, forKey key: String) { self[key] = value }
}
