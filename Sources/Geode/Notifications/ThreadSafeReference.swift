import GeodeCore

/// What can be handed to another thread through a ``ThreadSafeReference``:
/// objects, results and the collections of objects.
public protocol ThreadConfined {
    /// The realm it belongs to; nil when it is unmanaged.
    var realm: Realm? { get }
    /// Whether it was deleted (or its realm invalidated): it then has no
    /// reference to hand over.
    var isInvalidated: Bool { get }
    /// How the same thing is found in another realm of the same store.
    func _geodeResolver() -> _ThreadConfinedResolver
}

/// How a ``ThreadConfined`` value is found again in another realm (for ``ThreadSafeReference``).
public struct _ThreadConfinedResolver: @unchecked Sendable {
    let resolve: (Realm) -> Any?
}

/// A way to hand an object or collection to another thread: made on the
/// thread that has it, resolved once in a realm of the other thread. The
/// reference keeps the version it was made at readable until it is resolved.
/// A realm that has read nothing yet resolves it at that version, and reads
/// there until it refreshes, as Realm begins a realm's reads at its first
/// use; a realm that has read resolves it at its own version, refreshed
/// first when that is older.
///
/// ```swift
/// let reference = ThreadSafeReference(to: dog)
/// DispatchQueue.global().async {
///     let realm = try! Realm()
///     guard let dog = realm.resolve(reference) else { return }   // nil if it was deleted
///     print(dog.name)
/// }
/// ```
public final class ThreadSafeReference<Confined: ThreadConfined>: Sendable {
    private let resolver: _ThreadConfinedResolver
    /// The store version the value's realm read when the reference was made.
    private let version: Int
    private let used = Locked(false)
    /// The version the reference was made at, kept readable until it is
    /// resolved: a realm that has read nothing resolves it there.
    private let pin: Locked<Unchecked<PinnedTransaction>?>

    /// A reference to `value`, which must be managed by a realm.
    public init(to value: Confined) {
        guard let realm = value.realm else {
            preconditionFailure("Geode: only a managed object or collection has a thread-safe reference")
        }
        // As in Realm: a deleted object, or a collection of one, is not handed to another thread.
        precondition(!value.isInvalidated, "Geode: cannot construct a reference to an invalidated object")
        resolver = value._geodeResolver()
        version = realm.pinned.version
        pin = Locked(realm.transaction == nil ? Unchecked(realm.pinned) : nil)
    }

    /// Whether the reference was resolved already (it can be only once).
    public var isInvalidated: Bool { used.withLock { $0 } }

    /// The value in `realm`, which first advances to the reference's version
    /// when it reads an older one (so an object made on another thread is
    /// found); stops the program if resolved a second time, as in Realm.
    func resolve(in realm: Realm) -> Confined? {
        let first = used.withLock { used in
            defer { used = true }
            return !used
        }
        precondition(first, "Geode: a ThreadSafeReference can be resolved only once")
        if let pinned = pin.withLock({ pin in
            defer { pin = nil }
            return pin
        }) {
            realm.begin(at: pinned.value)
        }
        if !realm.isFrozen, !realm.isInWriteTransaction, realm.pinned.version < version { realm.refresh() }
        return resolver.resolve(realm) as? Confined
    }
}

extension Realm {
    /// The object or collection `reference` was made for, in this realm; nil
    /// when it no longer exists. A reference is resolved once. When the
    /// reference was made at a later version than this realm reads, the realm
    /// is refreshed first, as in Realm.
    ///
    /// ```swift
    /// let dog = realm.resolve(reference)
    /// ```
    public func resolve<Confined: ThreadConfined>(_ reference: ThreadSafeReference<Confined>) -> Confined? {
        reference.resolve(in: self)
    }
}

extension ManagedRef {
    /// Finds the same place (object, or embedded object along its path) in
    /// another realm of the store: nil when its class is unknown there or the
    /// object no longer exists.
    func locator() -> (Realm) -> ManagedRef? {
        let (rootName, className, key, path) = (root.name, cls.name, self.key, self.path)
        return { realm in
            guard let root = realm.realmClass(named: rootName), let cls = realm.realmClass(named: className) else {
                return nil
            }
            let ref = ManagedRef(realm: realm, cls: cls, root: root, key: key, path: path)
            return realm.exists(ref) ? ref : nil
        }
    }
}

extension ObjectBase: ThreadConfined {
    public func _geodeResolver() -> _ThreadConfinedResolver {
        guard let locate = _ref?.locator() else { return _ThreadConfinedResolver { _ in nil } }
        let type = Swift.type(of: self)
        return _ThreadConfinedResolver { realm in
            guard let ref = locate(realm) else { return nil }
            let object = type.init()
            object.becomeManaged(ref)
            return object
        }
    }
}

extension Results: ThreadConfined where Element: RealmFetchable {
    public func _geodeResolver() -> _ThreadConfinedResolver {
        let source = Unchecked(self)
        if case let .keys(collection) = base, collection.moved == nil {
            // A snapshot's results: the objects as they are now.
            let keys = Unchecked(self.keys)
            return _ThreadConfinedResolver { realm in
                let results = source.value
                let cls = realm.realmClass(Element._geodeRootType)
                return Results(realm: realm, cls: cls, query: results.query, base: .keys(.fixed(keys.value)))
            }
        }
        return _ThreadConfinedResolver { source.value.resolved(in: $0) }
    }
}

extension List: ThreadConfined {
    public func _geodeResolver() -> _ThreadConfinedResolver {
        let location = Unchecked(self.location)
        return _ThreadConfinedResolver { realm in
            location.value?.resolved(in: realm).map { List(location: $0) }
        }
    }
}

extension MutableSet: ThreadConfined {
    public func _geodeResolver() -> _ThreadConfinedResolver {
        let location = Unchecked(self.location)
        return _ThreadConfinedResolver { realm in
            location.value?.resolved(in: realm).map { MutableSet(location: $0) }
        }
    }
}

extension LinkingObjects: ThreadConfined {
    public func _geodeResolver() -> _ThreadConfinedResolver {
        guard let locate = origin?.locator() else { return _ThreadConfinedResolver { _ in nil } }
        let property = originProperty
        return _ThreadConfinedResolver { realm in
            locate(realm).map { LinkingObjects(origin: $0, originProperty: property) }
        }
    }
}

extension Projection: ThreadConfined {
    /// Finds the root object in the other realm and projects it again.
    public func _geodeResolver() -> _ThreadConfinedResolver {
        let root = rootObject._geodeResolver()
        let type = Swift.type(of: self)
        return _ThreadConfinedResolver { realm in (root.resolve(realm) as? Root).map { type.init(projecting: $0) } }
    }
}

extension AnyRealmCollection: ThreadConfined {
    public func _geodeResolver() -> _ThreadConfinedResolver {
        resolverOf?() ?? _ThreadConfinedResolver { _ in nil }
    }
}

extension Map: ThreadConfined {
    /// The realm of the object holding the map; nil for an unmanaged map.
    public var realm: Realm? { location?.realm }

    public func _geodeResolver() -> _ThreadConfinedResolver {
        let location = Unchecked(self.location)
        return _ThreadConfinedResolver { realm in
            location.value?.resolved(in: realm).map { Map(location: $0) }
        }
    }
}
