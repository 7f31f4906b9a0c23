import GeodeCore

extension Results where Element: RealmFetchable {
    /// Whether the results belong to a frozen realm (they never change).
    public var isFrozen: Bool { realmOfResults.isFrozen }

    /// The same query on a frozen copy of the realm: a snapshot that never
    /// changes and can be read from another thread.
    ///
    /// ```swift
    /// let snapshot = realm.objects(Dog.self).filter("age > 2").freeze()
    /// ```
    public func freeze() -> Results<Element> {
        if isFrozen { return self }
        let frozen = realmOfResults.freeze()
        let cls = frozen.realmClass(Element._geodeRootType)
        switch base {
        case .table:
            return Results(realm: frozen, cls: cls, query: query)
        case let .keys(collection):
            // The query over the same collection at this version, which a thaw
            // follows back to a live realm; a snapshot's matches, fixed now.
            if let follow = collection.moved, let moved = follow(frozen) {
                return Results(realm: frozen, cls: cls, query: query, base: .keys(moved))
            }
            return Results(realm: frozen, cls: cls, query: .all, base: .keys(.fixed(keys)))
        }
    }

    /// The same query on a live realm (optional, as Realm Swift declares it;
    /// never nil: a query has no object that can be deleted).
    ///
    /// ```swift
    /// if let live = frozenDogs.thaw() { print(live.count) }
    /// ```
    public func thaw() -> Results<Element>? {
        guard isFrozen else { return self }
        return resolved(in: realmOfResults.thaw())
    }
}

extension Object {
    /// Whether the object belongs to a frozen realm.
    public var isFrozen: Bool { realm?.isFrozen ?? false }

    /// The object in a frozen copy of its realm: its values at this version,
    /// readable from another thread. Inside a write transaction, its values
    /// as the write found them; an object created in that write cannot be
    /// frozen yet (as in Realm). An unmanaged object cannot be frozen.
    ///
    /// ```swift
    /// let frozenDog = dog.freeze()
    /// ```
    public func freeze() -> Self {
        guard let ref = _ref else { preconditionFailure("Geode: an unmanaged object cannot be frozen") }
        guard !ref.realm.isFrozen else { return self }
        ref.checkNotInvalidated("the \(ref.cls.name) object")
        precondition(ref.path.isEmpty, "Geode: freeze the object that owns an embedded object")
        let frozen = ref.realm.freeze()
        guard let cls = frozen.counterpartClass(of: self, ref) else {
            preconditionFailure("Geode: the frozen realm has no class '\(ref.cls.name)'")
        }
        precondition(
            !ref.realm.isInWriteTransaction || frozen.exists(cls, ref.key),
            "Geode: an object cannot be frozen in the write transaction that created it")
        guard let object = frozen.accessor(cls, ref.key) as? Self else {
            preconditionFailure("Geode: the frozen object is not a \(Self.self)")
        }
        return object
    }

    /// The object in a live realm; nil when it was deleted since. An
    /// unmanaged object cannot be thawed (as in Realm).
    public func thaw() -> Self? {
        guard let ref = _ref else { preconditionFailure("Geode: an unmanaged object cannot be thawed") }
        guard ref.realm.isFrozen else { return self }
        let live = ref.realm.thaw()
        guard let cls = live.counterpartClass(of: self, ref) else { return nil }
        let exists = (try? live.withTransaction { try $0.contains(ref.key, in: cls.table) }) ?? false
        return exists ? live.accessor(cls, ref.key) as? Self : nil
    }
}

extension EmbeddedObject {
    /// Whether the object belongs to a frozen realm.
    public var isFrozen: Bool { realm?.isFrozen ?? false }

    /// The embedded object in a frozen copy of its realm, at the same place
    /// in the same owner: its values at this version. Inside a write
    /// transaction, as the write found them; one created in that write cannot
    /// be frozen yet (as in Realm). An unmanaged one cannot be frozen.
    ///
    /// ```swift
    /// let frozenAddress = person.address?.freeze()
    /// ```
    public func freeze() -> Self {
        guard let realm = _ref?.realm else {
            preconditionFailure("Geode: an unmanaged embedded object cannot be frozen")
        }
        guard !realm.isFrozen else { return self }
        guard let frozen = _geodeResolver().resolve(realm.freeze()) as? Self else {
            preconditionFailure("Geode: an embedded object cannot be frozen in the write transaction that created it")
        }
        return frozen
    }

    /// The embedded object in a live realm; nil when it, or its place, is gone since.
    /// An unmanaged one cannot be thawed.
    public func thaw() -> Self? {
        guard let realm = _ref?.realm else {
            preconditionFailure("Geode: an unmanaged embedded object cannot be thawed")
        }
        guard realm.isFrozen else { return self }
        return _geodeResolver().resolve(realm.thaw()) as? Self
    }
}

extension Realm {
    /// This realm's class for `object`, of another version of the same store:
    /// by name for a ``DynamicObject``, which has no Swift class of its own.
    fileprivate func counterpartClass(of object: Object, _ ref: ManagedRef) -> RealmClass? {
        object is DynamicObject ? dynamicClass(named: ref.cls.name) : realmClass(type(of: object))
    }

    /// `object` frozen: ``Object/freeze()`` or ``EmbeddedObject/freeze()``.
    ///
    /// ```swift
    /// let snapshot = realm.freeze(dog)
    /// ```
    public func freeze<T: ObjectBase>(_ object: T) -> T {
        let frozen: ObjectBase
        switch object {
        case let object as Object: frozen = object.freeze()
        case let object as EmbeddedObject: frozen = object.freeze()
        default: frozen = object
        }
        guard let typed = frozen as? T else { preconditionFailure("Geode: the frozen object is not a \(T.self)") }
        return typed
    }

    /// `object` in a live realm: ``Object/thaw()`` or ``EmbeddedObject/thaw()``;
    /// nil when it is gone since.
    ///
    /// ```swift
    /// let live = realm.thaw(snapshot)
    /// ```
    public func thaw<T: ObjectBase>(_ object: T) -> T? {
        switch object {
        case let object as Object: return object.thaw() as? T
        case let object as EmbeddedObject: return object.thaw() as? T
        default: return object
        }
    }

    /// `collection` frozen: the same collection at this version, readable from any thread.
    ///
    /// ```swift
    /// let snapshot = realm.freeze(realm.objects(Dog.self))
    /// ```
    public func freeze<Collection: RealmCollection>(_ collection: Collection) -> Collection {
        guard let frozen = (collection as? any FreezableCollection)?.frozenCopy() as? Collection else {
            preconditionFailure("Geode: a \(Collection.self) cannot be frozen")
        }
        return frozen
    }
}
