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
}

extension Optional: _QueryObjectPath where Wrapped: ObjectBase {
    public typealias _QueryTarget = Wrapped
}

extension List: _QueryObjectPath where Element: ObjectBase {
    public typealias _QueryTarget = Element
}

extension MutableSet: _QueryObjectPath where Element: ObjectBase {
    public typealias _QueryTarget = Element
}

extension LinkingObjects: _QueryObjectPath {
    public typealias _QueryTarget = Element
}

extension Query where T: _QueryObjectPath {
    /// The property `keyPath` names, of the linked, embedded or listed objects.
    public subscript<V>(dynamicMember keyPath: KeyPath<T._QueryTarget, V>) -> Query<V> {
        appending(step: QueryKeyPaths.step(of: keyPath, in: T._QueryTarget.self))
    }
}
