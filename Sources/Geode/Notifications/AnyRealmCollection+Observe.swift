import Foundation

/// The collections ``AnyRealmCollection`` and sectioned views observe
/// through: their own `observe`, with the collection in each change typed
/// as `Any`.
protocol ErasedObserving {
    /// `observe(keyPaths:on:_:)`; with key paths, a write to one of
    /// `sortKeyPaths` of an element is delivered too, as a change without
    /// positions (not a modification): a sectioned view, which sorts the
    /// elements itself, works out from it which moved.
    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken
}

extension ErasedObserving {
    func observeErased(
        keyPaths: [String]?, sortKeyPaths: [String] = [], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<Any>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, on: queue) { block($0.erased) }
    }
}

extension RealmCollectionChange {
    /// The same change, with the collection typed as `Any`.
    var erased: RealmCollectionChange<Any> { mapCollection { $0 } }
}

extension Results: ErasedObserving where Element: RealmFetchable {}
extension List: ErasedObserving {}
extension MutableSet: ErasedObserving {}
extension LinkingObjects: ErasedObserving {}
extension AnyRealmCollection: ErasedObserving {}

extension AnyRealmCollection {
    /// Calls `block` with the collection now, then after each write that
    /// changes it, as the wrapped collection's own `observe` does.
    ///
    /// ```swift
    /// let dogs = AnyRealmCollection(realm.objects(Dog.self))
    /// let token = dogs.observe { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<AnyRealmCollection<Element>>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: [], on: queue, block)
    }

    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<AnyRealmCollection<Element>>) -> Void
    ) -> NotificationToken {
        guard let observeBase else {
            preconditionFailure("Geode: the collection this AnyRealmCollection wraps cannot be observed")
        }
        return observeBase(keyPaths, sortKeyPaths, queue, block)
    }
}

extension RealmCollection where Element: ObjectBase {
    /// Calls `block` with the collection now, then after each write that
    /// changes it, as the collection's own `observe` does: what generic code
    /// over `RealmCollection` observes through.
    ///
    /// ```swift
    /// func watch<C: RealmCollection>(_ dogs: C) -> NotificationToken where C.Element == Dog {
    ///     dogs.observe { change in print(change) }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken {
        guard let observing = self as? any ErasedObserving else {
            preconditionFailure("Geode: a \(Self.self) cannot be observed")
        }
        return observing.observeErased(keyPaths: keyPaths, on: queue) { change in
            switch change {
            case let .initial(collection as Self): block(.initial(collection))
            case let .update(collection as Self, deletions, insertions, modifications):
                block(.update(collection, deletions: deletions, insertions: insertions, modifications: modifications))
            case let .error(error): block(.error(error))
            default: preconditionFailure("Geode: a \(Self.self) observer was handed another collection")
            }
        }
    }

    /// The collection's `observe(keyPaths:on:_:)` with the key paths as
    /// Swift key paths: only changes to those properties count as
    /// modifications.
    ///
    /// ```swift
    /// let token = realm.objects(Dog.self).observe(keyPaths: [\.name, \.owner?.name]) { change in
    ///     print(change)
    /// }
    /// ```
    public func observe(
        keyPaths: [PartialKeyPath<Element>], on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { QueryKeyPaths.name(of: $0) }, on: queue, block)
    }
}
