// Sorting a collection of values, and making it distinct: `List`,
// `MutableSet` and `Map` values and the `Results` made from them. As in Realm,
// the collection must be managed, and the results are live: they read the
// collection again after each change.

/// A collection whose values can be read as live ``Results``: a managed
/// `List` or `MutableSet` of values, the values of a managed `Map`, or
/// results over values.
public protocol _ValueCollection {
    /// The type of the values.
    associatedtype _Value
    /// The values, in the collection's order, as live results.
    func _geodeValueResults() -> Results<_Value>
}

extension _ValueCollection where _Value: SortableType {
    /// The values sorted: numbers by value, strings and data by their bytes,
    /// nulls first when ascending (last when descending); equal values keep
    /// their order.
    ///
    /// ```swift
    /// let best = player.scores.sorted(ascending: false).prefix(3)
    /// ```
    public func sorted(ascending: Bool = true) -> Results<_Value> {
        _geodeValueResults().appending(.sorted(ascending: ascending))
    }
}

extension _ValueCollection where _Value: SortableType, Self: RealmCollection {
    /// The first of each group of equal values, in the order they come.
    ///
    /// ```swift
    /// let tags = Array(post.tags.distinct())   // ["swift", "geo"] from ["swift", "geo", "swift"]
    /// ```
    public func distinct() -> Results<_Value> {
        _geodeValueResults().appending(.distinct)
    }
}

extension Results where Element: SortableType {
    /// These results over values with `step` done after their own steps.
    func appending(_ step: ResultValues<Element>.Step) -> Results<Element> {
        guard let values else {
            preconditionFailure("Geode: \(Element.self) results hold objects: sort them by a key path")
        }
        return Results(values: values.appending(step), realm: realmOfResults, cls: cls)
    }
}

/// Results over the values `location` holds.
private func valueResults<Element: _PersistableValue>(
    _ location: CollectionLocation?, keyed: Bool, _ kind: String
) -> Results<Element> {
    guard let location else {
        preconditionFailure("Geode: only a managed \(kind)'s values can be sorted or made distinct, as in Realm")
    }
    return Results(values: ResultValues(of: location, keyed: keyed), realm: location.realm, cls: location.owner.cls)
}

extension List: _ValueCollection where Element: SortableType {
    /// The list's values as live results.
    public func _geodeValueResults() -> Results<Element> { valueResults(location, keyed: false, "list") }
}

extension MutableSet: _ValueCollection where Element: SortableType {
    /// The set's values as live results.
    public func _geodeValueResults() -> Results<Element> { valueResults(location, keyed: false, "set") }
}

extension Map: _ValueCollection where Value: SortableType {
    /// The map's values, in the order of its keys, as live results.
    public func _geodeValueResults() -> Results<Value> { valueResults(location, keyed: true, "map") }
}

extension Results: _ValueCollection where Element: SortableType {
    /// These results.
    public func _geodeValueResults() -> Results<Element> { self }
}

extension Results where Element: SortableType & Equatable {
    /// The position of the first value equal to `value`; nil when there is none.
    ///
    /// ```swift
    /// let rank = player.scores.sorted(ascending: false).index(of: 90)
    /// ```
    public func index(of value: Element) -> Int? { firstIndex(of: value) }
}
