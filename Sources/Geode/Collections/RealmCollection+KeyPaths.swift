import Foundation

// Realm Swift's forms of the collection operations that take Swift key paths
// and query closures instead of strings. A key path names a property of the
// element class (`\.age`), or one reached through links and embedded objects
// (`\.owner?.name`); it is read on an unmanaged instance to learn the
// properties' names, once per key path.

extension SortDescriptor {
    /// A sort by the property `keyPath` names (through links and embedded
    /// objects: `\Dog.owner?.name` sorts by `owner.name`).
    ///
    /// ```swift
    /// let byAge = dogs.sorted(by: [SortDescriptor(keyPath: \Dog.age, ascending: false)])
    /// ```
    public init<Root: ObjectBase>(keyPath: PartialKeyPath<Root>, ascending: Bool = true) {
        self.init(keyPath: QueryKeyPaths.name(of: keyPath), ascending: ascending)
    }
}

/// The string-named operations of collections of objects, which their
/// key-path forms go through: `Results` and every `_ObjectCollection` offer
/// them; `distinct(by: [\Dog.age])` is given here, and `sorted(by: \.age)`,
/// `min(of: \.age)` and the rest to every ``RealmCollection`` of objects.
public protocol _PropertyOperations: RealmCollection where Element: Object {
    /// The objects sorted by `keyPath`.
    func sorted(byKeyPath keyPath: String, ascending: Bool) -> Results<Element>
    /// The first object for each distinct combination of the values at `keyPaths`.
    func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String
    /// The smallest value of `property`.
    func min<T: _PersistableValue>(ofProperty property: String) -> T?
    /// The largest value of `property`.
    func max<T: _PersistableValue>(ofProperty property: String) -> T?
    /// The sum of `property`.
    func sum<T: _PersistableValue>(ofProperty property: String) -> T
    /// The mean of `property`.
    func average<T: _PersistableValue>(ofProperty property: String) -> T?
}

extension Results: _PropertyOperations where Element: Object {}

extension _PropertyOperations {
    /// The first object for each distinct combination of the properties `keyPaths` name.
    ///
    /// ```swift
    /// let oneDogPerAge = realm.objects(Dog.self).distinct(by: [\Dog.age])
    /// ```
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == PartialKeyPath<Element> {
        distinct(by: keyPaths.map { QueryKeyPaths.name(of: $0) })
    }
}

extension Results where Element: Object {
    /// The position of the first object matching a type-safe query.
    ///
    /// ```swift
    /// let i = dogs.index { $0.name == "Rex" }
    /// ```
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        let wanted = Set(self.where(isIncluded).keys)
        return keys.firstIndex { wanted.contains($0) }
    }
}

extension _ObjectCollection {
    /// The objects sorted by several keys, the first deciding first.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        _geodeResults().sorted(by: sortDescriptors)
    }

    /// The first object for each distinct combination of the values at `keyPaths`.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        _geodeResults().distinct(by: keyPaths)
    }

    /// The position of the first object matching `predicateFormat` (for an
    /// unmanaged list or set, found among its objects in memory).
    ///
    /// ```swift
    /// let i = person.dogs.index(matching: "age > %@", 3)
    /// ```
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        if let objects = _unmanagedObjects {
            return UnmanagedQuery.firstIndex(of: objects) { $0.filter(predicateFormat, arguments: args) }
        }
        let results = _geodeResults()
        let wanted = Set(results.filter(predicateFormat, arguments: args).keys)
        return results.keys.firstIndex { wanted.contains($0) }
    }

    /// The position of the first object matching a type-safe query (for an
    /// unmanaged list or set, found among its objects in memory).
    ///
    /// ```swift
    /// let i = person.dogs.index { $0.age > 3 }
    /// ```
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        if let objects = _unmanagedObjects { return UnmanagedQuery.firstIndex(of: objects) { $0.where(isIncluded) } }
        return _geodeResults().index(matching: isIncluded)
    }
}

extension RealmCollection {
    /// The elements at `indexes`, in their order.
    ///
    /// ```swift
    /// let firstTwo = dogs.objects(at: [0, 1])
    /// ```
    public func objects(at indexes: IndexSet) -> [Element] {
        indexes.map { self[$0] }
    }
}

// `index(of:)` on the concrete collections, so that it is chosen over the
// standard library's deprecated `Collection.index(of:)`.

extension List where Element: Object {
    /// The position of `object` in the list, if it holds it.
    ///
    /// ```swift
    /// let i = person.dogs.index(of: rex)
    /// ```
    public func index(of object: Element) -> Int? {
        guard realm != nil else { return firstIndex { $0 === object } }
        return _geodeResults().index(of: object)
    }
}

extension MutableSet where Element: Object {
    /// The position of `object` in the set's order, if it holds it.
    public func index(of object: Element) -> Int? {
        guard realm != nil else { return firstIndex { $0 === object } }
        return _geodeResults().index(of: object)
    }
}

extension LinkingObjects {
    /// The position of `object` among the linking objects, if it is one of them
    /// (never, while the object linked to is unmanaged).
    public func index(of object: Element) -> Int? {
        guard realm != nil else { return nil }
        return _geodeResults().index(of: object)
    }
}

/// A collection whose objects can be read as live ``Results``: what lets
/// ``AnyRealmCollection`` filter, sort and aggregate the collection it wraps.
protocol ResultsSource {
    /// The objects as `Results<Element>`, type-erased.
    var erasedResults: Any { get }
}

extension Results: ResultsSource where Element: RealmFetchable {
    var erasedResults: Any { self }
}

extension List: ResultsSource where Element: Object {
    var erasedResults: Any { _geodeResults() }
}

extension MutableSet: ResultsSource where Element: Object {
    var erasedResults: Any { _geodeResults() }
}

extension LinkingObjects: ResultsSource {
    var erasedResults: Any { _geodeResults() }
}

extension AnyRealmCollection: _PropertyOperations, _ObjectCollection where Element: Object {
    /// The wrapped collection's objects as live results.
    public func _geodeResults() -> Results<Element> {
        guard let results = resultsOf?() as? Results<Element> else {
            preconditionFailure("Geode: only a collection of objects can be queried through AnyRealmCollection")
        }
        return results
    }
}

extension AnyRealmCollection where Element: Object {
    /// The position of `object` in the wrapped collection, if it holds it.
    public func index(of object: Element) -> Int? {
        guard realm != nil else { return firstIndex { $0 === object } }
        return _geodeResults().index(of: object)
    }
}
