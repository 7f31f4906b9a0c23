/// A List, MutableSet or Map that an unmanaged object held and that becomes
/// that object's managed collection when the object is added: code that kept
/// `let tags = dog.tags` before `realm.add(dog)` writes to the store through
/// it afterwards, as in Realm (its unmanaged elements stay, unread, so that a
/// cancelled write can hand the collection back unmanaged as it was).
protocol AdoptedCollection: AnyObject {
    /// Where the collection lives; nil while it is unmanaged.
    var location: CollectionLocation? { get }
    /// Makes the collection live at `location`, or unmanaged again with nil.
    func adopt(_ location: CollectionLocation?)
    /// Replaces this unmanaged collection's elements with `other`'s.
    func takeElements(of other: Self)
}

extension AdoptedCollection {
    /// What an unmanaged property holding `old` holds once `new` is
    /// assigned: `old` with `new`'s elements, so that the property keeps one
    /// collection (as in Realm); `new` itself when either is managed or they
    /// are the same collection.
    static func assigned(_ new: Self, over old: Self?) -> Self {
        guard let old, old !== new, old.location == nil, new.location == nil else { return new }
        old.takeElements(of: new)
        return old
    }
}

extension Realm {
    /// Makes the collections `object` held unmanaged its managed ones: called
    /// once the object's values are written, since they are read from them.
    func adoptCollections(of object: ObjectBase, _ cls: RealmClass) {
        var adopted: [Int: AnyObject] = [:]
        for index in cls.info.collectionPlaces {
            guard let collection = cls.info.heldObject(of: object, index) as? any AdoptedCollection else { continue }
            collection.adopt(CollectionLocation(object: object, property: index))
            adopted[index] = collection
        }
        object._adoptedCollections = adopted.isEmpty ? nil : adopted
    }

    /// Hands an object's adopted collections back unmanaged, with the elements
    /// they had (a cancelled or failed write makes the object unmanaged again).
    static func releaseCollections(of object: ObjectBase) {
        guard let adopted = object._adoptedCollections else { return }
        for collection in adopted.values { (collection as? any AdoptedCollection)?.adopt(nil) }
        object._adoptedCollections = nil
    }
}
