import GeodeCore

/// The objects of a class in a realm, live: every read reflects the realm's
/// current version (inside a write, its changes so far).
///
/// ```swift
/// let dogs = realm.objects(Dog.self)
/// print(dogs.count, dogs.first?.name ?? "none")
/// for dog in dogs { print(dog.name) }
/// ```
public final class Results<Element: Object>: RandomAccessCollection {
    let realmOfResults: Realm
    let cls: RealmClass
    private var cachedKeys: [ObjectKey] = []
    private var cachedVersion = -1

    init(realm: Realm, cls: RealmClass) {
        self.realmOfResults = realm
        self.cls = cls
    }

    /// The keys of the objects, recomputed when the realm changed.
    var keys: [ObjectKey] {
        if cachedVersion != realmOfResults.changeCount {
            var keys: [ObjectKey] = []
            do {
                try realmOfResults.withTransaction { txn in
                    try txn.forEach(in: cls.table) { key, _ in
                        keys.append(key)
                        return true
                    }
                }
            } catch {
                preconditionFailure("Geode: reading \(cls.name) objects failed: \(error)")
            }
            cachedKeys = keys
            cachedVersion = realmOfResults.changeCount
        }
        return cachedKeys
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }

    /// The object at `index`.
    public subscript(index: Int) -> Element {
        let keys = self.keys
        precondition(index >= 0 && index < keys.count, "Geode: index \(index) is out of bounds (\(keys.count) objects)")
        guard let object = realmOfResults.accessor(cls, keys[index]) as? Element else {
            preconditionFailure("Geode: object of class \(cls.name) is not a \(Element.self)")
        }
        return object
    }
}
