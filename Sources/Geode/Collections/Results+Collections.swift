import GeodeCore

/// Collections of objects that queries can narrow — `List`, `MutableSet` and
/// `LinkingObjects` of objects: their objects, in collection order, become the
/// candidates of a live ``Results``.
public protocol _ObjectCollection {
    associatedtype Element: Object
    /// Every object of the collection as live results.
    func _geodeResults() -> Results<Element>
}

/// The keys of the links in a stored list or set value.
private func linkKeys(_ location: CollectionLocation?) -> [ObjectKey] {
    guard case let .list(items)? = location?.value else { return [] }
    return items.compactMap { if case let .link(link) = $0 { return link.key } else { return nil } }
}

/// Results over the objects `keys` names, in that order, read at each evaluation.
private func results<Element: Object>(_ realm: Realm?, _ keys: @escaping () -> [ObjectKey]) -> Results<Element> {
    guard let realm else {
        preconditionFailure("Geode: querying a collection needs a managed one; add its object to a realm first")
    }
    return Results(realm: realm, cls: realm.realmClass(Element.self), base: .keys(keys))
}

extension List: _ObjectCollection where Element: Object {
    public func _geodeResults() -> Results<Element> { results(location?.realm) { linkKeys(self.location) } }
}

extension MutableSet: _ObjectCollection where Element: Object {
    public func _geodeResults() -> Results<Element> { results(location?.realm) { linkKeys(self.location) } }
}

extension LinkingObjects: _ObjectCollection {
    public func _geodeResults() -> Results<Element> { results(origin?.realm) { self.keys } }
}

extension _ObjectCollection {
    /// The objects that match `predicateFormat`, in collection order.
    ///
    /// ```swift
    /// let oldDogs = person.dogs.filter("age > %@", 10)
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        _geodeResults().filter(predicateFormat, arguments: args)
    }

    /// The objects that match a type-safe query, in collection order.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        _geodeResults().where(isIncluded)
    }

    /// The objects sorted by `keyPath`.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        _geodeResults().sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The smallest value of `property` over the objects.
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? {
        _geodeResults().min(ofProperty: property)
    }
    /// The largest value of `property` over the objects.
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? {
        _geodeResults().max(ofProperty: property)
    }
    /// The sum of `property` over the objects.
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T {
        _geodeResults().sum(ofProperty: property)
    }
    /// The mean of `property` over the objects.
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? {
        _geodeResults().average(ofProperty: property)
    }
}

extension Results {
    /// `filter(_:_:)` with its arguments as an array.
    func filter(_ predicateFormat: String, arguments: [Any]) -> Results<Element> {
        do {
            return try query(predicateFormat, arguments: arguments)
        } catch {
            preconditionFailure("Geode: invalid query \"\(predicateFormat)\": \(error)")
        }
    }
}
