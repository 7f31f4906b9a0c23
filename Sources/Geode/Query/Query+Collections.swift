import Foundation
import GeodeCore
import GeodeGeo

/// The collections whose elements a query can test.
public protocol _QueryCollection {
    associatedtype _QueryElement
}

extension List: _QueryCollection { public typealias _QueryElement = Element }
extension MutableSet: _QueryCollection { public typealias _QueryElement = Element }
extension LinkingObjects: _QueryCollection { public typealias _QueryElement = Element }

extension Query where T: _QueryCollection {
    /// Holds an element equal to `value`.
    public func contains(_ value: T._QueryElement) -> Query<Bool> {
        comparison(.equal, .value(Self.engineValue(value)))
    }

    /// Holds an element equal to one of `values`.
    public func containsAny<S: Sequence>(in values: S) -> Query<Bool> where S.Element == T._QueryElement {
        comparison(.in, .values(Self.engineValues(values)))
    }

    /// The number of elements.
    public var count: Query<Int> { aggregate(.count) }
    /// The smallest element.
    public var min: Query<T._QueryElement> { aggregate(.min) }
    /// The largest element.
    public var max: Query<T._QueryElement> { aggregate(.max) }
    /// The sum of the elements.
    public var sum: Query<T._QueryElement> { aggregate(.sum) }
    /// The mean of the elements.
    public var avg: Query<T._QueryElement> { aggregate(.avg) }

    /// `collection.@op`, or for a projected collection `collection.@op.rest`
    /// (`friends.@count`, `friends.@max.age`).
    private func aggregate<V>(_ op: QueryKeyPath.Component) -> Query<V> {
        guard let end = collectionEnd, end < components.count else { return appending(op) }
        let rest = Array(components[end...])
        return Query<V>(Array(components[..<end]) + (op == .count ? [op] : [op] + rest), quantifier)
    }

    /// Some element must match the comparison that follows (`ANY`).
    public var any: Query<T._QueryElement> { Query<T._QueryElement>(components, .any) }
    /// Every element must match the comparison that follows (`ALL`).
    public var all: Query<T._QueryElement> { Query<T._QueryElement>(components, .all) }
    /// No element may match the comparison that follows (`NONE`).
    public var none: Query<T._QueryElement> { Query<T._QueryElement>(components, QueryQuantifier.none) }
}

extension Query where T: _QueryObjectPath, T: _QueryCollection {
    /// The number of objects that match `predicate` (`SUBQUERY(…).@count`).
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.dogs.matching { $0.age > 3 }.count > 1 }
    /// ```
    public func matching(_ predicate: (Query<T._QueryTarget>) -> Query<Bool>) -> QuerySubquery {
        QuerySubquery(
            collection: QueryKeyPath(components),
            predicate: predicate(Query<T._QueryTarget>([.property("$x")])).predicate)
    }
}

extension Query where T: _QueryMap {
    /// The value under `key` of a map.
    public subscript(key: String) -> Query<T._QueryValue?> { appending(.key(key)) }
    /// The keys of a map (compare them: any key matches).
    public var keys: Query<String> { appending(.keys) }
    /// The values of a map (compare them: any value matches).
    public var values: Query<T._QueryValue> { appending(.values) }
}

/// Maps, for `keys` and `values` in queries.
public protocol _QueryMap {
    associatedtype _QueryValue
}

extension Map: _QueryMap { public typealias _QueryValue = Value }
