import Foundation
import GeodeCore

extension Realm: Equatable {
    /// Two realms are equal when they are views of the same file that read
    /// alike: both live and used in the same place (opened on the same
    /// thread, or confined to the same queue or actor), or both frozen at
    /// the same version. Realm hands out one live instance per thread and
    /// file; Geode may make several, and they compare equal.
    ///
    /// ```swift
    /// try Realm(configuration: config) == Realm(configuration: config)   // true
    /// ```
    public static func == (lhs: Realm, rhs: Realm) -> Bool {
        if lhs === rhs { return true }
        guard lhs.store.path == rhs.store.path, lhs.isFrozen == rhs.isFrozen else { return false }
        if lhs.isFrozen { return lhs.pinned.version == rhs.pinned.version }
        switch (lhs.queue, rhs.queue, lhs.actor, rhs.actor) {
        case let (left?, right?, _, _): return left === right
        case let (nil, nil, left?, right?): return left === right
        case (nil, nil, nil, nil): return pthread_equal(lhs.openingThread, rhs.openingThread) != 0
        default: return false
        }
    }
}

extension Realm {
    /// Whether the realm holds no objects of any class.
    ///
    /// ```swift
    /// if realm.isEmpty { seedSampleData(realm) }
    /// ```
    public var isEmpty: Bool {
        store.schema.classes.allSatisfy { cls in cls.isEmbedded || dynamicObjects(cls.name).isEmpty }
    }

    /// Lets go of the version the realm reads, as Realm's `invalidate()` does:
    /// an open write transaction is cancelled (its changes discarded), and the
    /// next read sees the newest version. Call it on a realm kept idle for a
    /// long time, so that LMDB can reuse the pages of older versions.
    ///
    /// As in Realm, every object, list, set, map and results read from the
    /// realm before is invalidated: ``ObjectBase/isInvalidated`` (and the
    /// collections' `isInvalidated`) is true, and reading or writing such an
    /// object or one of its collections stops the program with a message
    /// that says so. Read them again from the realm. Results of a class
    /// (`realm.objects(Dog.self)` and the queries over it), which no object
    /// holds, say they are invalidated but still read, at the newest version.
    /// A frozen realm never changes: invalidating it does nothing.
    ///
    /// ```swift
    /// realm.invalidate()
    /// dog.isInvalidated                           // true
    /// let again = realm.object(ofType: Dog.self, forPrimaryKey: dog.id)
    /// ```
    public func invalidate() {
        guard !isFrozen else { return }
        if isInWriteTransaction { cancelWrite() }
        invalidations += 1
        refresh()
    }

    /// The object of the class named `typeName` whose primary key is `key`, by
    /// name: for code that has no Swift type for the class.
    ///
    /// ```swift
    /// let dog = realm.dynamicObject(ofType: "Dog", forPrimaryKey: 1)
    /// let name = dog?["name"] as? String
    /// ```
    public func dynamicObject(ofType typeName: String, forPrimaryKey key: Any?) -> DynamicObject? {
        guard let cls = dynamicClass(named: typeName), let primaryKey = cls.table.schema.primaryKey else {
            preconditionFailure("Geode: the realm has no class named '\(typeName)' with a primary key")
        }
        return dynamicObjects(typeName).filter("%K == %@", primaryKey.name, key ?? NSNull()).first
    }
}
