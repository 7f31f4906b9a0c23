import GeodeCore

/// The objects a collection holds (a list, a set, a map's values,
/// backlinks), as the candidates of a ``Results``: read again at each
/// evaluation, and found again in another realm of the same store, so that
/// the results can be observed on a queue or passed to another thread live.
struct CollectionKeys {
    /// The keys now, in the collection's order.
    let read: () throws -> [ObjectKey]
    /// The same collection in another realm; nil when it cannot be followed
    /// there (its owner is gone) or when the keys are a snapshot.
    let moved: ((Realm) -> CollectionKeys?)?

    /// Keys fixed once: a snapshot, which another realm reads as they are.
    static func fixed(_ keys: [ObjectKey]) -> CollectionKeys {
        CollectionKeys(read: { keys }, moved: nil)
    }

    /// The objects the stored collection `location` gives links to (a list
    /// or set's elements, a map's values), in its order. The location is
    /// asked at each read: a collection follows its owner's embedded edits.
    /// Read as results are, after ``Realm/invalidate()`` too.
    static func linked(from location: @escaping () -> CollectionLocation?) -> CollectionKeys {
        CollectionKeys(
            read: { linkKeys(location()?.storedValue) },
            moved: { realm in
                location()?.resolved(in: realm).map { moved in linked { moved } }
            })
    }

    /// The objects whose property `property` links to `origin`.
    static func linking<Element: Object>(_: Element.Type, to origin: ManagedRef, through property: String)
        -> CollectionKeys
    {
        let backlinks = LinkingObjects<Element>(origin: origin, originProperty: property)
        let locate = origin.locator()
        return CollectionKeys(
            read: { backlinks.keys },
            moved: { realm in locate(realm).map { linking(Element.self, to: $0, through: property) } })
    }

    /// The keys of the links in a stored list, set or map value.
    private static func linkKeys(_ value: Value?) -> [ObjectKey] {
        switch value {
        case let .list(items)?:
            return items.compactMap { if case let .link(link) = $0 { return link.key } else { return nil } }
        case let .map(entries)?:
            return entries.values.compactMap { if case let .link(link) = $0 { return link.key } else { return nil } }
        default:
            return []
        }
    }
}
