// `==` between collections, as Realm's collections (Objective-C objects) have
// it: a managed collection equals only itself — the same property of the same
// object of one store, read through any realm — and an unmanaged one equals
// another unmanaged one holding equal elements.

extension CollectionLocation {
    /// Whether `other` is the same managed collection: the same place of the same object.
    func isSame(as other: CollectionLocation) -> Bool {
        owner.isSame(as: other.owner) && path == other.path
    }

    /// Whether two collections are equal: both managed and the same one, or
    /// both unmanaged and `sameElements`.
    static func equal(_ lhs: CollectionLocation?, _ rhs: CollectionLocation?, sameElements: () -> Bool) -> Bool {
        switch (lhs, rhs) {
        case let (a?, b?): return a.isSame(as: b)
        case (nil, nil): return sameElements()
        default: return false
        }
    }
}

extension List: Equatable where Element: Equatable {
    /// Whether two lists are equal: a managed list equals only itself, an
    /// unmanaged one a list of equal elements in the same order.
    ///
    /// ```swift
    /// let a = List<Int>(), b = List<Int>()
    /// a.append(1); b.append(1)
    /// a == b   // true; person.tags == person.tags is true, two people's tags are not
    /// ```
    public static func == (lhs: List, rhs: List) -> Bool {
        lhs === rhs || CollectionLocation.equal(lhs.location, rhs.location) { lhs.elementsEqual(rhs) }
    }
}

extension MutableSet: Equatable where Element: Equatable {
    /// Whether two sets are equal: a managed set equals only itself, an
    /// unmanaged one a set of equal elements.
    public static func == (lhs: MutableSet, rhs: MutableSet) -> Bool {
        lhs === rhs
            || CollectionLocation.equal(lhs.location, rhs.location) {
                lhs.count == rhs.count && lhs.allSatisfy { element in rhs.contains { $0 == element } }
            }
    }
}

extension Map: Equatable where Value: Equatable {
    /// Whether two maps are equal: a managed map equals only itself, an
    /// unmanaged one a map of equal values under the same keys.
    public static func == (lhs: Map, rhs: Map) -> Bool {
        lhs === rhs
            || CollectionLocation.equal(lhs.location, rhs.location) {
                lhs.count == rhs.count && lhs.allSatisfy { entry in rhs[entry.key] == entry.value }
            }
    }
}

extension Results: Equatable {
    /// Whether two results are the same instance, as Realm's results compare:
    /// two `realm.objects(Dog.self)` are not equal, though they hold the same objects.
    ///
    /// ```swift
    /// let dogs = realm.objects(Dog.self)
    /// dogs == dogs                        // true
    /// dogs == realm.objects(Dog.self)     // false
    /// ```
    public static func == (lhs: Results, rhs: Results) -> Bool { lhs === rhs }
}

extension LinkingObjects: Equatable {
    /// Whether two linking-objects collections are the same instance, as in
    /// Realm: reading `person.dogs` twice gives two that are not equal.
    public static func == (lhs: LinkingObjects, rhs: LinkingObjects) -> Bool { lhs === rhs }
}

extension AnyRealmCollection: Equatable {
    /// Whether two wrappers are the same instance, as in Realm: wrapping the
    /// same results twice gives two that are not equal.
    public static func == (lhs: AnyRealmCollection, rhs: AnyRealmCollection) -> Bool { lhs === rhs }
}
