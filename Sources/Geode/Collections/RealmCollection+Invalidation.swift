// Whether a managed collection's object is gone, as Realm's collections tell.

extension CollectionLocation {
    /// Whether the object holding the collection was deleted, or the realm
    /// invalidated since it was read.
    var isInvalidated: Bool { owner.wasInvalidated || !realm.exists(owner) }
}

extension List {
    /// Whether the object holding the list was deleted, or the realm
    /// invalidated since it was read (never, unmanaged).
    ///
    /// ```swift
    /// try realm.write { realm.delete(person) }
    /// person.dogs.isInvalidated   // true
    /// ```
    public var isInvalidated: Bool { location?.isInvalidated ?? false }
}

extension MutableSet {
    /// Whether the object holding the set was deleted, or the realm
    /// invalidated since it was read (never, unmanaged).
    public var isInvalidated: Bool { location?.isInvalidated ?? false }
}

extension Map {
    /// Whether the object holding the map was deleted, or the realm
    /// invalidated since it was read (never, unmanaged).
    public var isInvalidated: Bool { location?.isInvalidated ?? false }
}

extension LinkingObjects {
    /// Whether the object linked to was deleted, or the realm invalidated
    /// since it was read.
    public var isInvalidated: Bool { origin.map { $0.wasInvalidated || !$0.realm.exists($0) } ?? false }
}

extension Results {
    /// Whether the results can no longer be read, as Realm tells: once the
    /// realm was invalidated (``Realm/invalidate()``) since they were made,
    /// and for results over the values of a collection, once the object
    /// holding it was deleted. Results of objects still read after
    /// `invalidate()`, at the newest version; read them again from the realm.
    ///
    /// ```swift
    /// let dogs = realm.objects(Dog.self)
    /// realm.invalidate()
    /// dogs.isInvalidated   // true
    /// ```
    public var isInvalidated: Bool {
        epoch != realmOfResults.invalidations || (values?.location.isInvalidated ?? false)
    }
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
    /// Whether the wrapped collection can no longer be read (its object was
    /// deleted, or its realm invalidated).
    public var isInvalidated: Bool { invalidatedOf() }
}
