import Foundation
import GeodeCore

/// Collections of objects that queries can narrow — `List`, `MutableSet` and
/// `LinkingObjects` of objects: their objects, in collection order, become the
/// candidates of a live ``Results``.
public protocol _ObjectCollection: _PropertyOperations {
    /// Every object of the collection as live results.
    func _geodeResults() -> Results<Element>
    /// The objects of an unmanaged collection, which aggregates read in
    /// memory; nil for a managed one.
    var _unmanagedObjects: [Element]? { get }
}

extension _ObjectCollection {
    /// Nil: the collection is managed (the default).
    public var _unmanagedObjects: [Element]? { nil }
}

/// Results over the objects `keys` names, in that order, read at each evaluation.
private func results<Element: Object>(_ keys: CollectionKeys?, in realm: Realm?) -> Results<Element> {
    guard let realm, let keys else {
        preconditionFailure("Geode: querying a collection needs a managed one; add its object to a realm first")
    }
    return Results(realm: realm, cls: realm.realmClass(Element.self), base: .keys(keys))
}

extension List: _PropertyOperations, _ObjectCollection where Element: Object {
    public func _geodeResults() -> Results<Element> {
        results(.linked { [self] in location }, in: location?.realm)
    }
    /// The list's objects while it is unmanaged.
    public var _unmanagedObjects: [Element]? { location == nil ? Array(self) : nil }
}

extension MutableSet: _PropertyOperations, _ObjectCollection where Element: Object {
    public func _geodeResults() -> Results<Element> {
        results(.linked { [self] in location }, in: location?.realm)
    }
    /// The set's objects while it is unmanaged.
    public var _unmanagedObjects: [Element]? { location == nil ? Array(self) : nil }
}

extension LinkingObjects: _ObjectCollection {
    public func _geodeResults() -> Results<Element> {
        results(origin.map { .linking(Element.self, to: $0, through: originProperty) }, in: origin?.realm)
    }
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

    /// The smallest value of `property` over the objects (read in memory
    /// while the collection is unmanaged, as Realm does).
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? {
        guard let objects = _unmanagedObjects else { return _geodeResults().min(ofProperty: property) }
        return Results<Element>.swiftValue(Aggregate.minimum.apply(InMemoryAggregate.values(of: property, objects)))
    }
    /// The largest value of `property` over the objects.
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? {
        guard let objects = _unmanagedObjects else { return _geodeResults().max(ofProperty: property) }
        return Results<Element>.swiftValue(Aggregate.maximum.apply(InMemoryAggregate.values(of: property, objects)))
    }
    /// The sum of `property` over the objects.
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T {
        guard let objects = _unmanagedObjects else { return _geodeResults().sum(ofProperty: property) }
        return Results<Element>.swiftValue(Aggregate.sum.apply(InMemoryAggregate.values(of: property, objects))) ?? T._geodeDefault()
    }
    /// The mean of `property` over the objects.
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? {
        guard let objects = _unmanagedObjects else { return _geodeResults().average(ofProperty: property) }
        return Results<Element>.swiftValue(Aggregate.average.apply(InMemoryAggregate.values(of: property, objects)))
    }

    /// Sets property `key` of every object to `value` (inside a write
    /// transaction when the collection is managed), as key-value coding does.
    ///
    /// ```swift
    /// try realm.write { person.dogs.setValue(true, forKey: "vaccinated") }
    /// ```
    public func setValue(_ value: Any?, forKey key: String) {
        guard let objects = _unmanagedObjects else { return _geodeResults().setValue(value, forKey: key) }
        for object in objects { object[key] = value }
    }
}

extension Results where Element: RealmFetchable {
    /// `filter(_:_:)` with its arguments as an array.
    func filter(_ predicateFormat: String, arguments: [Any]) -> Results<Element> {
        do {
            return try query(predicateFormat, arguments: arguments)
        } catch {
            preconditionFailure("Geode: invalid query \"\(predicateFormat)\": \(error)")
        }
    }
}
