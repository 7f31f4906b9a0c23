// Whether a managed collection's object is gone, as Realm's collections tell.

extension CollectionLocation {
    /// Whether the object holding the collection was deleted.
    var isInvalidated: Bool { !realm.exists(owner) }
}

extension List {
    /// Whether the object holding the list was deleted (never, unmanaged).
    ///
    /// ```swift
    /// try realm.write { realm.delete(person) }
    /// person.dogs.isInvalidated   // true
    /// ```
    public var isInvalidated: Bool { location?.isInvalidated ?? false }
}

extension MutableSet {
    /// Whether the object holding the set was deleted (never, unmanaged).
    public var isInvalidated: Bool { location?.isInvalidated ?? false }
}

extension Map {
    /// Whether the object holding the map was deleted (never, unmanaged).
    public var isInvalidated: Bool { location?.isInvalidated ?? false }
}

extension LinkingObjects {
    /// Whether the object linked to was deleted.
    public var isInvalidated: Bool { origin.map { !$0.realm.exists($0) } ?? false }
}

extension Results {
    /// Whether the results can no longer be read: for results of objects
    /// never, in Geode (they read the realm's current version, even after
    /// ``Realm/invalidate()``); for results over the values of a collection,
    /// once the object holding it was deleted.
    public var isInvalidated: Bool { values?.location.isInvalidated ?? false }
}

/// The collections that tell whether they can still be read.
protocol InvalidationReporting {
    var isInvalidated: Bool { get }
}

extension Results: InvalidationReporting {}
extension List: InvalidationReporting {}
extension MutableSet: InvalidationReporting {}
extension Map: InvalidationReporting {}
extension LinkingObjects: InvalidationReporting {}

extension AnyRealmCollection {
    /// Whether the wrapped collection can no longer be read (its object was deleted).
    public var isInvalidated: Bool { invalidatedOf() }
}
