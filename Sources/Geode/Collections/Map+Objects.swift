import GeodeCore

/// The queries, sorts and aggregates Realm offers on a map of objects
/// (`Map<String, Dog?>`): over the objects the map's values link to, in the
/// order of its keys. Queries and sorts need a managed map; aggregates are
/// read in memory while it is unmanaged.
extension Map where Value: RealmFetchable & _QueryObjectPath, Value._QueryTarget: Object {
    /// The map's objects as live results, in key order.
    func objectResults() -> Results<Value> { linkedObjects(as: Value.self) }

    /// The map's objects as live results of `Element` (`Dog?` or `Dog`), in
    /// the order of the map's keys, read again at each evaluation.
    fileprivate func linkedObjects<Element>(as _: Element.Type) -> Results<Element> {
        guard let realm = location?.realm else {
            preconditionFailure("Geode: querying a map needs a managed one; add its object to a realm first")
        }
        return Results(
            realm: realm, cls: realm.realmClass(Value._geodeRootType), base: .keys(.linked { [self] in location }))
    }

    /// The map's objects that match `predicateFormat`.
    ///
    /// ```swift
    /// let ripe = basket.fruit.filter("ripeness > %@", 3)
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Value> {
        objectResults().filter(predicateFormat, arguments: args)
    }

    /// The map's objects that match a type-safe query.
    ///
    /// ```swift
    /// let ripe = basket.fruit.where { $0.ripeness > 3 }
    /// ```
    public func `where`(_ isIncluded: (Query<Value>) -> Query<Bool>) -> Results<Value> {
        objectResults().where(isIncluded)
    }

    /// The map's objects sorted by the property `keyPath` names.
    ///
    /// ```swift
    /// let byName = basket.fruit.sorted(byKeyPath: "name")
    /// ```
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Value> {
        objectResults().sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The map's objects sorted by several keys, the first deciding first.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Value> where S.Element == SortDescriptor {
        objectResults().sorted(by: sortDescriptors)
    }

    /// The map's objects sorted by the property `keyPath` names.
    ///
    /// ```swift
    /// let byName = basket.fruit.sorted(by: \.name)
    /// ```
    public func sorted<T>(by keyPath: KeyPath<Value._QueryTarget, T>, ascending: Bool = true) -> Results<Value> {
        sorted(byKeyPath: QueryKeyPaths.name(of: keyPath), ascending: ascending)
    }

    /// The smallest value of `property` over the map's objects; nil when there is none.
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? {
        MapObjects(map: self).min(ofProperty: property)
    }

    /// The largest value of `property` over the map's objects; nil when there is none.
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? {
        MapObjects(map: self).max(ofProperty: property)
    }

    /// The sum of `property` over the map's objects (0 when there are none).
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T {
        MapObjects(map: self).sum(ofProperty: property)
    }

    /// The mean of `property` over the map's objects; nil when there are no values.
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? {
        MapObjects(map: self).average(ofProperty: property)
    }

    /// The smallest value of the property `keyPath` names over the map's objects.
    ///
    /// ```swift
    /// let least = basket.fruit.min(of: \.ripeness)
    /// ```
    public func min<T: _PersistableValue>(of keyPath: KeyPath<Value._QueryTarget, T>) -> T? {
        MapObjects(map: self).min(of: keyPath)
    }

    /// The largest value of the property `keyPath` names over the map's objects.
    public func max<T: _PersistableValue>(of keyPath: KeyPath<Value._QueryTarget, T>) -> T? {
        MapObjects(map: self).max(of: keyPath)
    }

    /// The sum of the property `keyPath` names over the map's objects.
    public func sum<T: _PersistableValue>(of keyPath: KeyPath<Value._QueryTarget, T>) -> T {
        MapObjects(map: self).sum(of: keyPath)
    }

    /// The mean of the property `keyPath` names over the map's objects.
    public func average<T: _PersistableValue>(of keyPath: KeyPath<Value._QueryTarget, T>) -> T? {
        MapObjects(map: self).average(of: keyPath)
    }
}

/// A map's objects as a collection of objects, so that its aggregates are
/// those of lists and sets: through results when it is managed, in memory
/// while it is not.
private struct MapObjects<Key: _MapKey, Value: _PersistableValue & RealmFetchable & _QueryObjectPath>: _ObjectCollection
where Value._QueryTarget: Object {
    typealias Element = Value._QueryTarget
    let map: Map<Key, Value>

    func _geodeResults() -> Results<Element> { map.linkedObjects(as: Element.self) }

    var _unmanagedObjects: [Element]? {
        map.location == nil ? map.compactMap { $0.value as? Element } : nil
    }

    typealias ElementType = Element
    var realm: Realm? { map.location?.realm }
    var startIndex: Int { 0 }
    var endIndex: Int { _unmanagedObjects?.count ?? _geodeResults().count }
    subscript(index: Int) -> Element { _unmanagedObjects?[index] ?? _geodeResults()[index] }
}
