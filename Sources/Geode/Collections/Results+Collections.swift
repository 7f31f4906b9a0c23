import GeodeCore

/// Collections of objects that queries can narrow: their objects, in order,
/// become the candidates of a ``Results``.
protocol ObjectKeySource {
    associatedtype Element: Object
    /// The realm, when the collection is managed.
    var sourceRealm: Realm? { get }
    /// The keys of the collection's objects, read at the time of the call.
    func objectKeys() -> [ObjectKey]
}

extension ObjectKeySource {
    /// Every object of the collection as live results, to filter, sort and aggregate.
    func results(_ what: String) -> Results<Element> {
        guard let realm = sourceRealm else {
            preconditionFailure("Geode: \(what) needs a managed collection; add its object to a realm first")
        }
        return Results(realm: realm, cls: realm.realmClass(Element.self), base: .keys { self.objectKeys() })
    }
}

/// The keys of the links in a stored list or set value.
private func linkKeys(_ value: Value) -> [ObjectKey] {
    guard case let .list(items) = value else { return [] }
    return items.compactMap { if case let .link(link) = $0 { return link.key } else { return nil } }
}

extension List: ObjectKeySource where Element: Object {
    var sourceRealm: Realm? { location?.realm }
    func objectKeys() -> [ObjectKey] { location.map { linkKeys($0.value) } ?? [] }
}

extension MutableSet: ObjectKeySource where Element: Object {
    var sourceRealm: Realm? { location?.realm }
    func objectKeys() -> [ObjectKey] { location.map { linkKeys($0.value) } ?? [] }
}

extension LinkingObjects: ObjectKeySource {
    var sourceRealm: Realm? { origin?.realm }
    func objectKeys() -> [ObjectKey] { keys }
}

extension List where Element: Object {
    /// The list's objects that match `predicateFormat`, in list order.
    ///
    /// ```swift
    /// let oldDogs = person.dogs.filter("age > %@", 10)
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        results("filter").filter(predicateFormat, arguments: args)
    }

    /// The list's objects that match a type-safe query, in list order.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> { results("where").where(isIncluded) }

    /// The list's objects sorted by `keyPath`.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        results("sorted").sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The smallest, largest, total and mean of a property over the list's objects.
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? { results("min").min(ofProperty: property) }
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? { results("max").max(ofProperty: property) }
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T { results("sum").sum(ofProperty: property) }
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? { results("average").average(ofProperty: property) }
}

extension MutableSet where Element: Object {
    /// The set's objects that match `predicateFormat`.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        results("filter").filter(predicateFormat, arguments: args)
    }

    /// The set's objects that match a type-safe query.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> { results("where").where(isIncluded) }

    /// The set's objects sorted by `keyPath`.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        results("sorted").sorted(byKeyPath: keyPath, ascending: ascending)
    }
}

extension LinkingObjects {
    /// The linking objects that match `predicateFormat`.
    ///
    /// ```swift
    /// let activeOwners = dog.owners.filter("active == true")
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        results("filter").filter(predicateFormat, arguments: args)
    }

    /// The linking objects that match a type-safe query.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> { results("where").where(isIncluded) }

    /// The linking objects sorted by `keyPath`.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        results("sorted").sorted(byKeyPath: keyPath, ascending: ascending)
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
