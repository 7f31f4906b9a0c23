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
    /// The collections the object held unmanaged and kept as its managed ones
    /// once added, by property index (see ``AdoptedCollection``).
    final var _adoptedCollections: [Int: AnyObject]?
    /// The index of the property an unmanaged read reached last: how a
    /// type-safe query learns which property a key path names.
    @usableFromInline final var _lastRead = -1

    /// Creates an unmanaged object: a plain Swift object until it is added to a realm.
    public required init() {}

    /// The object's class and each property's value, in Realm's format;
    /// a subclass may override it, as with Realm.
    ///
    /// ```swift
    /// print(dog)   // Dog {\n\tname = Rex;\n\tage = 3;\n}
    /// ```
    open var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

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

    /// The names the store gives some properties, by Swift name (Realm's hook
    /// of the same name): for a store shared with other programs whose names
    /// are not Swift's. The file holds the mapped names; Swift code, key paths
    /// and queries use the Swift names (queries take the stored names too).
    ///
    /// ```swift
    /// final class Person: Object {
    ///     @Persisted var firstName = ""
    ///     override class func propertiesMapping() -> [String: String] { ["firstName": "first_name"] }
    /// }
    /// let people = realm.objects(Person.self).filter("firstName == 'Ann'")
    /// ```
    open class func propertiesMapping() -> [String: String] { [:] }

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
            try ValueAssignment.assign(value, to: self)
        } catch {
            preconditionFailure("Geode: \(type(of: self))(value:): \(error)")
        }
        ClassInfo.of(type(of: self)).markValuesHeldElsewhere(in: self)
    }

    /// An unmanaged object from an input value, throwing where `init(value:)`
    /// stops: a nested value of `create(value:)` must fail the write, not the program.
    static func checked(_ value: Any) throws -> Self {
        let object = Self()
        try ValueAssignment.assign(value, to: object)
        ClassInfo.of(Self.self).markValuesHeldElsewhere(in: object)
        return object
    }

    /// Makes the object managed at `ref`, its first managed place (an
    /// iteration later repoints `_ref` itself): the wrappers of an `Encodable`
    /// class learn that the values are not theirs (see
    /// ``ClassInfo/markValuesHeldElsewhere(in:)``).
    final func becomeManaged(_ ref: ManagedRef) {
        _ref = ref
        ref.cls.info.markValuesHeldElsewhere(in: self)
    }

    /// The realm that manages the object; nil while it is unmanaged.
    public var realm: Realm? { _ref?.realm }

    /// Whether the object can no longer be used: it was deleted from its
    /// realm, or the realm was invalidated (``Realm/invalidate()``) since
    /// the object was read. Never, unmanaged.
    ///
    /// ```swift
    /// realm.invalidate()
    /// dog.isInvalidated   // true
    /// ```
    public var isInvalidated: Bool {
        guard let ref = _ref else { return false }
        return ref.wasInvalidated || !ref.realm.exists(ref)
    }

    /// The object's schema: its class name and properties.
    public var objectSchema: ObjectSchema { ObjectSchema((_ref?.cls.info ?? ClassInfo.of(type(of: self))).schema) }
}

extension ObjectBase: Equatable, Hashable {
    /// Two objects are equal when they are the same stored object
    /// (``isSameObject(as:)``) or, unmanaged, the same instance.
    ///
    /// Realm compares live objects of a class without a primary key by
    /// instance alone; Geode compares every managed object by what it is in
    /// the store, which answers the same wherever Realm says "equal".
    public static func == (lhs: ObjectBase, rhs: ObjectBase) -> Bool { lhs.isSameObject(as: rhs) }

    /// Whether `object` is an object equal to this one (`==`): Realm's
    /// Objective-C spelling, kept for code written for it.
    ///
    /// ```swift
    /// dog.isEqual(realm.objects(Dog.self).first)
    /// ```
    public func isEqual(_ object: Any?) -> Bool {
        guard let object, holdsClassInstance(object), let other = object as? ObjectBase else { return false }
        return self == other
    }

    /// Hashes the class and key of a managed object, or the instance's
    /// identity of an unmanaged one, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        if let ref = _ref {
            hasher.combine(ref.root.name)
            hasher.combine(ref.key.rawValue)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    /// Whether `object` is the same stored object as this one (same file,
    /// class, key and place in it, both live or both frozen), or the same
    /// unmanaged instance, whether or not the class has a primary key.
    ///
    /// ```swift
    /// let first = realm.objects(Dog.self).first
    /// let again = realm.objects(Dog.self).first
    /// first?.isSameObject(as: again)   // true: the same stored object
    /// ```
    public func isSameObject(as object: ObjectBase?) -> Bool {
        guard let object else { return false }
        if self === object { return true }
        guard let a = _ref, let b = object._ref else { return false }
        return a.isSame(as: b)
    }
}

extension ObjectBase {
    /// The value of the property named `key` (key-value coding style): the
    /// property's value as Realm's key-value coding gives it (`String`, `Int`,
    /// `List<Dog>`, an object; nil for an unset optional, the value an
    /// `AnyRealmValue` holds, an enum's raw value), or nil for a name the class
    /// does not have. Setting converts the value
    /// with `create(value:)`'s rules; managed objects only inside a write,
    /// which throws (``GeodeError/schema(_:)``) when the name is not a
    /// property of the class, or (``GeodeError/invalidValue(_:)``) when the
    /// property cannot hold the value.
    ///
    /// ```swift
    /// dog["name"] = "Rex"
    /// let age = dog["age"] as? Int
    /// ```
    public subscript(key: String) -> Any? {
        get {
            let info = _ref?.cls.info ?? ClassInfo.of(type(of: self))
            guard let index = info.index(of: key) else { return nil }
            if let ref = _ref, info.properties[index].kind.type == .object {
                if let embedded = ref.realm.dynamicEmbeddedObject(in: ref, index) { return embedded }
            }
            // A dynamic object's collections are live and typed by their elements, as in Realm.
            if let ref = _ref, info.type == DynamicObject.self, info.properties[index].kind.collection != .single,
                let collection = DynamicObject.liveCollection(of: self, ref.cls.table.schema.properties[index], index)
            {
                return collection
            }
            // A dynamic object's values are plain already: no existential to open.
            if _ref != nil, info.properties[index].valueType == DynamicValue.self {
                return DynamicValue._geodeGet(self, index).value
            }
            let value = ValueAssignment.currentValue(of: self, index)
            return KeyValueCoding.plain((value as? DynamicValue).map { $0.value as Any } ?? value)
        }
        set {
            let info = _ref?.cls.info ?? ClassInfo.of(type(of: self))
            guard let index = info.index(of: key) else {
                // A name the class lacks fails the write, as a value the property cannot hold does.
                guard let realm = _ref?.realm else {
                    preconditionFailure("Geode: \(info.name) has no property '\(key)'")
                }
                if realm.requireWrite("setting \(info.name).\(key)") != nil {
                    realm.record(
                        GeodeError.schema(
                            GeodeError.SchemaFailure(
                                "Invalid property name '\(key)' for class '\(info.name)'", className: info.name,
                                property: key)))
                }
                return
            }
            let property = info.properties[index]
            // A dynamic object takes values as `dynamicCreate` does, straight to the engine
            // (no typed wrapper to make and open again for each set).
            if let ref = _ref, info.type == DynamicObject.self {
                ref.realm.dynamicSet(ref, index, to: newValue)
                return
            }
            do {
                let typed = try property.valueType._geodeFromAny(newValue ?? NSNull(), _ref?.realm)
                if _ref != nil {
                    Self.setManaged(typed, on: self, index)
                } else {
                    var values = _unmanaged ?? [:]
                    // A collection keeps its identity: only then is the value held now needed.
                    values[index] =
                        property.kind.collection == .single
                        ? typed : Self.unmanagedAssignment(typed, over: ValueAssignment.unmanagedValue(of: self, index))
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

    /// What an unmanaged property holds once `new` is assigned over `old`
    /// (see ``_Persistable/_geodeUnmanagedAssignment(_:replacing:)``).
    private static func unmanagedAssignment<T: _Persistable>(_ new: T, over old: any _Persistable) -> T {
        T._geodeUnmanagedAssignment(new, replacing: old as? T)
    }

    /// Writes a typed value through its own type's managed setter.
    private static func setManaged<T: _Persistable>(_ value: T, on object: ObjectBase, _ index: Int) {
        T._geodeSet(object, index, value)
    }

    /// The value of the property named `key` (as `self[key]`).
    public func value(forKey key: String) -> Any? { self[key] }

    /// The value at `keyPath`, through links, embedded objects and collections
    /// (key-value coding): `owner.name`, `dogs.@count`, `dogs.@max.age`.
    ///
    /// ```swift
    /// let ownerName = dog.value(forKeyPath: "owner.name") as? String
    /// ```
    public func value(forKeyPath keyPath: String) -> Any? { KeyValueCoding.value(at: keyPath, of: self) }

    /// Sets the property named `key` (as `self[key] = value`).
    public func setValue(_ value: Any?, forKey key: String) { self[key] = value }
}
