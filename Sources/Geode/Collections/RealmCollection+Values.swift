import GeodeCore

// Sorting, filtering and making distinct a collection of values: `List`,
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

    /// The values sorted, as ``sorted(ascending:)``: values have one key
    /// path, `self`, as in Realm.
    ///
    /// ```swift
    /// let prices = shop.pricesByItem.sorted(byKeyPath: "self", ascending: false)
    /// ```
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<_Value> {
        precondition(keyPath == "self", "Geode: values sort by \"self\", not by \"\(keyPath)\"")
        return sorted(ascending: ascending)
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

extension _ValueCollection where _Value: _PlainValue {
    /// The values that match `predicateFormat`, a Realm Query Language
    /// predicate in which the value is `self`, in the collection's order.
    /// As in Realm, a predicate that does not parse or does not fit the
    /// values stops the program with a message naming the column.
    ///
    /// ```swift
    /// let passing = player.scores.filter("self >= %@", 50)
    /// let jTags = post.tags.filter("self BEGINSWITH[c] 'j'")
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<_Value> {
        let results = _geodeValueResults()
        do {
            let parsed = try QueryParser.parse(predicateFormat, QueryArguments.convert(args, results.realmOfResults))
            return results.appending(.query(try ResultValues<_Value>.query(parsed, in: results.realmOfResults)))
        } catch {
            preconditionFailure("Geode: invalid query \"\(predicateFormat)\": \(GeodeError.from(error))")
        }
    }

    /// The values that match a type-safe query, in which `$0` is the value.
    ///
    /// ```swift
    /// let passing = player.scores.where { $0 >= 50 }
    /// let cheap = shop.pricesByItem.where { $0 < 10 }
    /// ```
    public func `where`(_ isIncluded: (Query<_Value>) -> Query<Bool>) -> Results<_Value> {
        let results = _geodeValueResults()
        let predicate = isIncluded(Query<_Value>([.property(DocumentQuery.valueName)])).predicate
        do {
            let query = try ResultValues<_Value>.query(GeodeCore.Query(predicate: predicate), in: results.realmOfResults)
            return results.appending(.query(query))
        } catch {
            preconditionFailure("Geode: invalid query \(predicate): \(GeodeError.from(error))")
        }
    }
}

extension Results {
    /// These results over values with `step` done after their own steps.
    func appending(_ step: ResultValues<Element>.Step) -> Results<Element> {
        guard let values else {
            preconditionFailure("Geode: \(Element.self) results hold objects: sort them by a key path")
        }
        return Results(values: values.appending(step))
    }

    /// The same values (or embedded objects) read from a frozen copy of the realm.
    func frozenValues() -> Results<Element> {
        guard let values, !isFrozenRealm else { return self }
        return Results(values: values.moved(to: values.location.frozen("collection")))
    }

    /// The same values (or embedded objects) read from the live realm.
    func thawedValues() -> Results<Element> {
        guard let values, isFrozenRealm else { return self }
        guard let location = values.location.thawed else {
            preconditionFailure("Geode: the object holding these values was deleted; they cannot be thawed")
        }
        return Results(values: values.moved(to: location))
    }

    /// Whether the results read a frozen copy of the realm.
    var isFrozenRealm: Bool { realmOfResults.isFrozen }
}

/// Results over the values (or embedded objects) `location` holds.
func valueResults<Element: _PersistableValue>(
    _ location: CollectionLocation?, keyed: Bool, _ kind: String
) -> Results<Element> {
    guard let location else {
        preconditionFailure(
            "Geode: only a managed \(kind)'s values can be sorted, filtered or made distinct, as in Realm")
    }
    return Results(values: ResultValues(of: location, keyed: keyed))
}

extension List: _ValueCollection where Element: _PlainValue {
    /// The list's values as live results.
    public func _geodeValueResults() -> Results<Element> { valueResults(location, keyed: false, "list") }
}

extension MutableSet: _ValueCollection where Element: _PlainValue {
    /// The set's values as live results.
    public func _geodeValueResults() -> Results<Element> { valueResults(location, keyed: false, "set") }
}

extension Map: _ValueCollection where Value: _PlainValue {
    /// The map's values, in the order of its keys, as live results.
    public func _geodeValueResults() -> Results<Value> { valueResults(location, keyed: true, "map") }
}

extension Results: _ValueCollection where Element: _PlainValue {
    /// These results.
    public func _geodeValueResults() -> Results<Element> { self }
}

extension Results where Element: _PlainValue {
    /// Whether the results read a frozen copy of the collection (they never change).
    public var isFrozen: Bool { isFrozenRealm }

    /// The same values read from a frozen copy of the realm: a snapshot that
    /// never changes and can be read on another thread.
    ///
    /// ```swift
    /// let snapshot = player.scores.sorted(ascending: false).freeze()
    /// ```
    public func freeze() -> Results<Element> { frozenValues() }

    /// The same values read from the live realm; the object holding the
    /// collection must still exist there.
    ///
    /// ```swift
    /// let live = snapshot.thaw()
    /// ```
    public func thaw() -> Results<Element> { thawedValues() }
}

extension Results where Element: _PlainValue & Equatable {
    /// The position of the first value equal to `value`; nil when there is none.
    ///
    /// ```swift
    /// let rank = player.scores.sorted(ascending: false).index(of: 90)
    /// ```
    public func index(of value: Element) -> Int? { firstIndex(of: value) }
}
