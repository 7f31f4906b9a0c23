import Foundation
import GeodeCore
import GeodeGeo

extension Query where T: ObjectBase {
    /// The property `keyPath` names.
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> {
        appending(step: QueryKeyPaths.step(of: keyPath, in: T.self))
    }
}

/// Wrappers through which a query reaches the properties of objects: optional
/// links and embedded objects, lists, sets and backlinks of objects.
public protocol _QueryObjectPath {
    associatedtype _QueryTarget: ObjectBase
    /// Whether the path reaches many objects (a list, set or backlinks), not at
    /// most one: past such a path an aggregate of a property applies to those
    /// objects.
    ///
    /// ```swift
    /// List<Dog>._queryReachesMany   // true: `$0.dogs.age.min` is `dogs.@min.age`
    /// ```
    static var _queryReachesMany: Bool { get }
}

extension Optional: _QueryObjectPath where Wrapped: ObjectBase {
    public typealias _QueryTarget = Wrapped
    /// False: a link or an embedded object reaches at most one object (`Dog?`).
    public static var _queryReachesMany: Bool { false }
}

extension List: _QueryObjectPath where Element: ObjectBase {
    public typealias _QueryTarget = Element
    /// True: a list of objects reaches many (`List<Dog>`).
    public static var _queryReachesMany: Bool { true }
}

extension MutableSet: _QueryObjectPath where Element: ObjectBase {
    public typealias _QueryTarget = Element
    /// True: a set of objects reaches many (`MutableSet<Dog>`).
    public static var _queryReachesMany: Bool { true }
}

extension LinkingObjects: _QueryObjectPath {
    public typealias _QueryTarget = Element
    /// True: backlinks reach every object linking here (`LinkingObjects<Person>`).
    public static var _queryReachesMany: Bool { true }
}

extension Query where T: _QueryObjectPath {
    /// The property `keyPath` names, of the linked, embedded or listed objects.
    ///
    /// Past a list, set or backlinks of objects the query notes where that
    /// collection ends in the path, as a projected collection's does, so that
    /// an aggregate of the property applies there: `$0.dogs.age.max` is
    /// `dogs.@max.age`. A property that is itself a collection keeps its own
    /// aggregates (`$0.dogs.scores.max` is `dogs.scores.@max`).
    public subscript<V>(dynamicMember keyPath: KeyPath<T._QueryTarget, V>) -> Query<V> {
        let step = QueryKeyPaths.step(of: keyPath, in: T._QueryTarget.self)
        guard let end = collectionEnd ?? (T._queryReachesMany ? components.count : nil),
            !(V.self is any _QueryCollection.Type || V.self is any _QueryMap.Type)
        else { return appending(step: step) }
        return Query<V>(components + step, quantifier, collectionEnd: end)
    }
}
