import Foundation
import GeodeCore

extension CollectionLocation {
    /// The same collection in `realm` (another realm of the same store).
    func resolved(in other: Realm) -> CollectionLocation? {
        if other === realm { return self }
        guard let root = other.realmClass(named: owner.root.name) else { return nil }
        let ref = ManagedRef(realm: other, cls: root, root: root, key: owner.key, path: [])
        guard other.exists(ref) else { return nil }
        return CollectionLocation(realm: other, owner: ref, path: path, name: name)
    }

    /// Registers the observer `make` builds from the collection's location
    /// in the realm that delivers (this one, or one confined to `queue`).
    func register(
        on queue: DispatchQueue?, _ make: @escaping (CollectionLocation) -> ChangeObserver
    ) -> NotificationToken {
        realm.register(on: queue, resolving(make))
    }

    /// Registers the observer `make` builds from the collection's location
    /// in a realm isolated to `actor`.
    func register<A: Actor>(on actor: A, _ make: @escaping (CollectionLocation) -> ChangeObserver) async
        -> NotificationToken
    {
        await realm.register(on: actor, resolving(make))
    }

    /// `make` applied to this collection as a realm of the same store reads it.
    private func resolving(_ make: @escaping (CollectionLocation) -> ChangeObserver) -> (Realm) -> ChangeObserver? {
        let source = Unchecked(self)
        return { realm in source.value.resolved(in: realm).map(make) }
    }
}

extension List {
    /// Calls `block` with the list now, then after each write that changes it:
    /// the positions removed, inserted and modified (an element replaced, or a
    /// linked object's property changed, as `keyPaths` sees it).
    ///
    /// ```swift
    /// let token = person.dogs.observe { change in
    ///     if case .update(_, let deletions, let insertions, let modifications) = change {
    ///         print(deletions, insertions, modifications)
    ///     }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<List<Element>>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: [], on: queue, block)
    }

    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<List<Element>>) -> Void
    ) -> NotificationToken {
        guard let location else { preconditionFailure("Geode: only a managed list can be observed") }
        return location.register(on: queue, Self.observer(keyPaths, sortKeyPaths: sortKeyPaths, block))
    }

    /// The observer of the list at a location, calling `block`.
    static func observer(
        _ keyPaths: [String]?, sortKeyPaths: [String] = [],
        _ block: @escaping (RealmCollectionChange<List<Element>>) -> Void
    ) -> (CollectionLocation) -> ChangeObserver {
        { location in
            CollectionObserver(
                location: location, shape: .list, keyPaths: keyPaths, sortKeyPaths: sortKeyPaths,
                sink: CollectionSink(List(location: location), block))
        }
    }
}

extension MutableSet {
    /// Calls `block` with the set now, then after each write that changes it:
    /// the positions (in the set's order) removed, inserted and modified.
    ///
    /// ```swift
    /// let token = dog.citiesVisited.observe { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<MutableSet<Element>>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: [], on: queue, block)
    }

    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<MutableSet<Element>>) -> Void
    ) -> NotificationToken {
        guard let location else { preconditionFailure("Geode: only a managed set can be observed") }
        return location.register(on: queue, Self.observer(keyPaths, sortKeyPaths: sortKeyPaths, block))
    }

    /// The observer of the set at a location, calling `block`.
    static func observer(
        _ keyPaths: [String]?, sortKeyPaths: [String] = [],
        _ block: @escaping (RealmCollectionChange<MutableSet<Element>>) -> Void
    ) -> (CollectionLocation) -> ChangeObserver {
        { location in
            CollectionObserver(
                location: location, shape: .set, keyPaths: keyPaths, sortKeyPaths: sortKeyPaths,
                sink: CollectionSink(MutableSet(location: location), block))
        }
    }
}

extension Map {
    /// Calls `block` with the map now, then after each write that changes it:
    /// the keys removed, added, and whose values changed.
    ///
    /// ```swift
    /// let token = person.scores.observe { change in
    ///     if case .update(_, let deletions, let insertions, let modifications) = change {
    ///         print(deletions, insertions, modifications)
    ///     }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void
    ) -> NotificationToken {
        guard let location else { preconditionFailure("Geode: only a managed map can be observed") }
        return location.register(on: queue, Self.observer(keyPaths, block))
    }

    /// The observer of the map at a location, calling `block`.
    static func observer(
        _ keyPaths: [String]?, _ block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void
    ) -> (CollectionLocation) -> ChangeObserver {
        { location in
            CollectionObserver(
                location: location, shape: .map, keyPaths: keyPaths, sink: CollectionSink(map: Map(location: location), block))
        }
    }
}

extension LinkingObjects {
    /// Calls `block` with the linking objects now, then after each write that
    /// changes them: which objects stopped or started linking here, and which
    /// were modified.
    ///
    /// ```swift
    /// let token = dog.owners.observe { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<LinkingObjects<Element>>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: [], on: queue, block)
    }

    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<LinkingObjects<Element>>) -> Void
    ) -> NotificationToken {
        guard let origin else { preconditionFailure("Geode: only the linking objects of a managed object can be observed") }
        return origin.realm.register(on: queue, observer(keyPaths, sortKeyPaths: sortKeyPaths, block))
    }

    /// The observer of these linking objects as a realm of the same store
    /// reads them (nil when the object linked to is gone there), calling `block`.
    func observer(
        _ keyPaths: [String]?, sortKeyPaths: [String] = [],
        _ block: @escaping (RealmCollectionChange<LinkingObjects<Element>>) -> Void
    ) -> (Realm) -> ChangeObserver? {
        let source = Unchecked((origin, originProperty))
        return { realm in
            let (origin, property) = source.value
            guard let origin, let root = realm.realmClass(named: origin.root.name) else { return nil }
            let target = ManagedRef(realm: realm, cls: root, root: root, key: origin.key, path: [])
            let objects = LinkingObjects(origin: target, originProperty: property)
            let cls = realm.realmClass(Element.self)
            ChangeDelivery.checkKeyPaths(keyPaths, from: cls.table.schema.name, in: realm.store.schema)
            return KeysObserver(
                cls: cls, keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, isWholeClass: false, isInKeyOrder: true,
                keys: { objects.keys }, sink: CollectionSink(objects, block))
        }
    }
}
