/// What changed in a collection since the last notification, as
/// `Results.observe(keyPaths:on:_:)` and the collections' `observe` report it.
///
/// Deletions and modifications are indices in the collection as it was,
/// insertions indices in the collection as it is now, as Realm reports them:
/// what a table view's batch update takes (its reloads name rows as they were).
///
/// ```swift
/// let token = dogs.observe { change in
///     switch change {
///     case .initial(let dogs): print("\(dogs.count) dogs")
///     case .update(_, let deletions, let insertions, let modifications):
///         print(deletions, insertions, modifications)
///     case .error(let error): print(error)
///     }
/// }
/// ```
public enum RealmCollectionChange<CollectionType> {
    /// The collection when observing began.
    case initial(CollectionType)
    /// The collection after a write changed it.
    case update(CollectionType, deletions: [Int], insertions: [Int], modifications: [Int])
    /// The collection could not be read (a damaged store); no notification follows.
    case error(Error)
}

/// What changed in a ``Map`` since the last notification: the keys removed,
/// added, and whose values changed.
///
/// ```swift
/// let token = person.scores.observe { change in
///     if case .update(_, let deletions, let insertions, let modifications) = change {
///         print(deletions, insertions, modifications)
///     }
/// }
/// ```
public enum RealmMapChange<Collection> {
    /// The map when observing began.
    case initial(Collection)
    /// The map after a write changed it.
    case update(Collection, deletions: [String], insertions: [String], modifications: [String])
    /// The map could not be read (a damaged store); no notification follows.
    case error(Error)
}

/// One property of an observed object that a write changed.
///
/// ```swift
/// if case .change(_, let properties) = change {
///     for p in properties { print(p.name, p.oldValue ?? "nil", p.newValue ?? "nil") }
/// }
/// ```
public struct PropertyChange {
    /// The property's name.
    public let name: String
    /// Its value before the change; nil for a list, set or map property.
    public let oldValue: Any?
    /// Its value after the change; nil for a list, set or map property.
    public let newValue: Any?
}

/// What happened to an observed object, as `Object.observe(keyPaths:on:_:)` reports it.
///
/// ```swift
/// let token = dog.observe { change in
///     switch change {
///     case .change(let dog, let properties): print(dog, properties.map(\.name))
///     case .deleted: print("deleted")
///     case .error(let error): print(error)
///     }
/// }
/// ```
public enum ObjectChange<T> {
    /// The object could not be read (a damaged store); no notification follows.
    case error(Error)
    /// Properties of the object changed.
    case change(T, [PropertyChange])
    /// The object was deleted; no notification follows.
    case deleted
}

// The changes carry the collection or object of the queue or thread that
// delivered them, or a frozen snapshot (the asynchronous sequences): such
// values are safe to hand on, as Geode's rule for realms says (one thread at
// a time), which their types cannot express.
extension RealmCollectionChange: @unchecked Sendable {}
extension RealmMapChange: @unchecked Sendable {}
extension ObjectChange: @unchecked Sendable {}
extension PropertyChange: @unchecked Sendable {}
