// Frozen and live copies of the collections an object holds, as Realm Swift's.

extension CollectionLocation {
    /// The same place in `other`, a frozen or live realm of the same file; nil
    /// when the object holding it does not exist there (deleted since).
    func rebound(to other: Realm) -> CollectionLocation? {
        guard let owner = owner.rebound(to: other) else { return nil }
        return CollectionLocation(realm: other, owner: owner, path: path, name: name)
    }

    /// The location in a frozen copy of its realm (itself when frozen already).
    func frozen(_ kind: String) -> CollectionLocation {
        if realm.isFrozen { return self }
        guard let location = rebound(to: realm.freeze()) else {
            preconditionFailure("Geode: the object holding this \(kind) was deleted; it cannot be frozen")
        }
        return location
    }

    /// The location in a live realm; nil when its object was deleted since.
    var thawed: CollectionLocation? { realm.isFrozen ? rebound(to: realm.thaw()) : self }
}

extension ManagedRef {
    /// This top-level object in `other`, a frozen or live realm of the same
    /// file; nil when it does not exist there.
    func rebound(to other: Realm) -> ManagedRef? {
        let cls =
            cls.info.type == DynamicObject.self
            ? other.dynamicClass(named: cls.name) : other.realmClass(cls.info.type)
        guard let cls else { return nil }
        let ref = ManagedRef(realm: other, cls: cls, root: cls, key: key, path: [])
        return other.exists(ref) ? ref : nil
    }
}

extension List {
    /// Whether the list belongs to a frozen object: it never changes and can
    /// be read on any thread.
    public var isFrozen: Bool { location?.realm.isFrozen ?? false }

    /// The list as it is now, frozen: a snapshot that never changes and can
    /// be read on any thread. An unmanaged list cannot be frozen.
    ///
    /// ```swift
    /// let dogs = person.dogs.freeze()
    /// DispatchQueue.global().async { print(dogs.count) }
    /// ```
    public func freeze() -> List {
        guard let location else { preconditionFailure("Geode: an unmanaged list cannot be frozen") }
        return location.realm.isFrozen ? self : List(location: location.frozen("list"))
    }

    /// The live list of a frozen one; nil when its object was deleted since.
    ///
    /// ```swift
    /// let live = frozenDogs.thaw()
    /// ```
    public func thaw() -> List? {
        guard let location else { return self }
        return location.thawed.map { List(location: $0) }
    }
}

extension MutableSet {
    /// Whether the set belongs to a frozen object (see ``List/isFrozen``).
    public var isFrozen: Bool { location?.realm.isFrozen ?? false }

    /// The set as it is now, frozen (see ``List/freeze()``).
    ///
    /// ```swift
    /// let tags = post.tags.freeze()
    /// ```
    public func freeze() -> MutableSet {
        guard let location else { preconditionFailure("Geode: an unmanaged set cannot be frozen") }
        return location.realm.isFrozen ? self : MutableSet(location: location.frozen("set"))
    }

    /// The live set of a frozen one; nil when its object was deleted since.
    ///
    /// ```swift
    /// let live = frozenTags.thaw()
    /// ```
    public func thaw() -> MutableSet? {
        guard let location else { return self }
        return location.thawed.map { MutableSet(location: $0) }
    }
}

extension Map {
    /// Whether the map belongs to a frozen object (see ``List/isFrozen``).
    public var isFrozen: Bool { location?.realm.isFrozen ?? false }

    /// The map as it is now, frozen (see ``List/freeze()``).
    ///
    /// ```swift
    /// let scores = player.scores.freeze()
    /// ```
    public func freeze() -> Map {
        guard let location else { preconditionFailure("Geode: an unmanaged map cannot be frozen") }
        return location.realm.isFrozen ? self : Map(location: location.frozen("map"))
    }

    /// The live map of a frozen one; nil when its object was deleted since.
    ///
    /// ```swift
    /// let live = frozenScores.thaw()
    /// ```
    public func thaw() -> Map? {
        guard let location else { return self }
        return location.thawed.map { Map(location: $0) }
    }
}

extension LinkingObjects {
    /// Whether the linking objects belong to a frozen object (see ``List/isFrozen``).
    public var isFrozen: Bool { origin?.realm.isFrozen ?? false }

    /// The linking objects as they are now, frozen (see ``List/freeze()``).
    ///
    /// ```swift
    /// let owners = dog.owners.freeze()
    /// ```
    public func freeze() -> LinkingObjects {
        guard let origin else {
            preconditionFailure("Geode: the linking objects of an unmanaged object cannot be frozen")
        }
        if origin.realm.isFrozen { return self }
        guard origin.path.isEmpty, let frozen = origin.rebound(to: origin.realm.freeze()) else {
            preconditionFailure("Geode: the object of these linking objects was deleted; they cannot be frozen")
        }
        return LinkingObjects(origin: frozen, originProperty: originProperty)
    }

    /// The live linking objects of frozen ones; nil when their object was deleted since.
    ///
    /// ```swift
    /// let live = frozenOwners.thaw()
    /// ```
    public func thaw() -> LinkingObjects? {
        guard let origin, origin.realm.isFrozen else { return self }
        return origin.rebound(to: origin.realm.thaw()).map {
            LinkingObjects(origin: $0, originProperty: originProperty)
        }
    }
}

extension AnyRealmCollection {
    /// Whether the wrapped collection is frozen: it never changes and can be
    /// read on any thread.
    public var isFrozen: Bool { realm?.isFrozen ?? false }

    /// A frozen copy of the wrapped collection, wrapped (itself when frozen
    /// already); a collection of a kind that cannot be frozen stops the program.
    ///
    /// ```swift
    /// let snapshot = AnyRealmCollection(realm.objects(Dog.self)).freeze()
    /// ```
    public func freeze() -> AnyRealmCollection {
        if isFrozen { return self }
        guard let frozenOf else { preconditionFailure("Geode: this collection cannot be frozen") }
        return frozenOf()
    }

    /// A live copy of the wrapped collection, wrapped (itself when live); nil
    /// when the object holding it was deleted since.
    ///
    /// ```swift
    /// let live = snapshot.thaw()
    /// ```
    public func thaw() -> AnyRealmCollection? {
        guard isFrozen else { return self }
        return thawedOf?()
    }
}

extension AnyRealmCollection: FreezableCollection {
    func frozenCopy() -> AnyRealmCollection { freeze() }
    func thawedCopy() -> AnyRealmCollection? { thaw() }
}

/// The collections that freeze and thaw as themselves: what sections and
/// `Realm.freeze(_:)` freeze through, whatever the collection's type.
protocol FreezableCollection: RealmCollection {
    func frozenCopy() -> Self
    func thawedCopy() -> Self?
    var isInvalidated: Bool { get }
}

extension Results: FreezableCollection where Element: RealmFetchable {
    func frozenCopy() -> Results { freeze() }
    func thawedCopy() -> Results? { thaw() }
}

extension List: FreezableCollection {
    func frozenCopy() -> List { freeze() }
    func thawedCopy() -> List? { thaw() }
}

extension MutableSet: FreezableCollection {
    func frozenCopy() -> MutableSet { freeze() }
    func thawedCopy() -> MutableSet? { thaw() }
}

extension LinkingObjects: FreezableCollection {
    func frozenCopy() -> LinkingObjects { freeze() }
    func thawedCopy() -> LinkingObjects? { thaw() }
}
