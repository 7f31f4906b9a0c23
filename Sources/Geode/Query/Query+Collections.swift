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

    /// Some element must match the comparison that follows (`ANY`).
    public var any: Query<T._QueryElement> { Query<T._QueryElement>(components, .any) }
    /// Every element must match the comparison that follows (`ALL`).
    public var all: Query<T._QueryElement> { Query<T._QueryElement>(components, .all) }
    /// No element may match the comparison that follows (`NONE`).
    public var none: Query<T._QueryElement> { Query<T._QueryElement>(components, QueryQuantifier.none) }
}

extension Query where T: _QueryCollection {
    /// Some element equal to `value`, as Realm reads `collection == value`.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.scores == 100 }
    /// ```
    public static func == (lhs: Query<T>, rhs: T._QueryElement) -> Query<Bool> { lhs.equality(.equal, rhs) }
    /// Some element not equal to `value`.
    public static func != (lhs: Query<T>, rhs: T._QueryElement) -> Query<Bool> { lhs.equality(.notEqual, rhs) }
}

extension Query where T: _QueryCollection, T._QueryElement: Comparable {
    /// Some element less than `value`.
    public static func < (lhs: Query<T>, rhs: T._QueryElement) -> Query<Bool> {
        lhs.comparison(.less, .value(engineValue(rhs)))
    }
    /// Some element less than or equal to `value`.
    public static func <= (lhs: Query<T>, rhs: T._QueryElement) -> Query<Bool> {
        lhs.comparison(.lessOrEqual, .value(engineValue(rhs)))
    }
    /// Some element greater than `value`.
    public static func > (lhs: Query<T>, rhs: T._QueryElement) -> Query<Bool> {
        lhs.comparison(.greater, .value(engineValue(rhs)))
    }
    /// Some element greater than or equal to `value`.
    public static func >= (lhs: Query<T>, rhs: T._QueryElement) -> Query<Bool> {
        lhs.comparison(.greaterOrEqual, .value(engineValue(rhs)))
    }

    /// Every element within `range` (its smallest at least the lower
    /// bound, its largest at most the upper), as Realm reads it.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.scores.contains(50...100) }
    /// ```
    public func contains(_ range: ClosedRange<T._QueryElement>) -> Query<Bool> {
        min >= range.lowerBound && max <= range.upperBound
    }

    /// Every element at least the range's lower bound and below its upper bound.
    public func contains(_ range: Range<T._QueryElement>) -> Query<Bool> {
        min >= range.lowerBound && max < range.upperBound
    }
}

extension Query where T: _QueryCollection {
    /// Every element of a collection of optionals within `range` (its smallest at
    /// least the lower bound, its largest at most the upper), as Realm reads it.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.optionalScores.contains(50...100) }
    /// ```
    public func contains<W: Comparable>(_ range: ClosedRange<W>) -> Query<Bool> where T._QueryElement == W? {
        min >= range.lowerBound && max <= range.upperBound
    }

    /// Every element of a collection of optionals at least the range's lower bound and below its upper bound.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.optionalScores.contains(50 ..< 100) }
    /// ```
    public func contains<W: Comparable>(_ range: Range<W>) -> Query<Bool> where T._QueryElement == W? {
        min >= range.lowerBound && max < range.upperBound
    }
}

extension Query where T: _QueryObjectPath, T: _QueryCollection {
    /// The number of objects that match `predicate` (`SUBQUERY(…).@count`).
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.dogs.matching { $0.age > 3 }.count > 1 }
    /// ```
    public func matching(_ predicate: (Query<T._QueryTarget>) -> Query<Bool>) -> QuerySubquery {
        let variable = elementVariable
        return QuerySubquery(
            collection: QueryKeyPath(components), variable: variable,
            predicate: predicate(Query<T._QueryTarget>([.property(variable)])).predicate)
    }
}

extension Query where T: _QueryMap {
    /// The value under `key` of a map.
    public subscript(key: String) -> Query<T._QueryValue?> { appending(.key(key)) }
    /// The keys of a map (compare them: any key matches).
    public var keys: Query<String> { appending(.keys) }
    /// The values of a map (compare them: any value matches).
    public var values: Query<T._QueryValue> { appending(.values) }

    /// Holds a value equal to `value`.
    ///
    /// ```swift
    /// realm.objects(Shop.self).where { $0.pricesByItem.contains(9.5) }
    /// ```
    public func contains(_ value: T._QueryValue) -> Query<Bool> { values.equality(.equal, value) }

    /// Holds a value equal to one of `values`.
    public func containsAny<S: Sequence>(in values: S) -> Query<Bool> where S.Element == T._QueryValue {
        self.values.comparison(.in, .values(Self.engineValues(values)))
    }

    /// The number of entries.
    public var count: Query<Int> { appending(.count) }
    /// The smallest value.
    public var min: Query<T._QueryValue> { appending(.min) }
    /// The largest value.
    public var max: Query<T._QueryValue> { appending(.max) }
    /// The sum of the values.
    public var sum: Query<T._QueryValue> { appending(.sum) }
    /// The mean of the values.
    public var avg: Query<T._QueryValue> { appending(.avg) }
}

extension Query where T: _QueryMap, T._QueryValue: Comparable {
    /// Every value within `range`, as Realm reads it.
    public func contains(_ range: ClosedRange<T._QueryValue>) -> Query<Bool> {
        min >= range.lowerBound && max <= range.upperBound
    }

    /// Every value at least the range's lower bound and below its upper bound.
    public func contains(_ range: Range<T._QueryValue>) -> Query<Bool> {
        min >= range.lowerBound && max < range.upperBound
    }
}

extension Query where T: _QueryMap {
    /// Every value of a map of optionals within `range`, as Realm reads it.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.optionalScoresByRound.contains(50...100) }
    /// ```
    public func contains<W: Comparable>(_ range: ClosedRange<W>) -> Query<Bool> where T._QueryValue == W? {
        min >= range.lowerBound && max <= range.upperBound
    }

    /// Every value of a map of optionals at least the range's lower bound and below its upper bound.
    ///
    /// ```swift
    /// realm.objects(Player.self).where { $0.optionalScoresByRound.contains(50 ..< 100) }
    /// ```
    public func contains<W: Comparable>(_ range: Range<W>) -> Query<Bool> where T._QueryValue == W? {
        min >= range.lowerBound && max < range.upperBound
    }
}

/// Maps, for `keys` and `values` in queries.
public protocol _QueryMap {
    associatedtype _QueryValue
}

extension Map: _QueryMap { public typealias _QueryValue = Value }
