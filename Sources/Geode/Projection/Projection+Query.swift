import Foundation
import GeodeCore

extension Query where T: ProjectionObservable {
    /// The root property a projection's property reads, for type-safe queries
    /// by projected names (Realm queries projections only by root names).
    ///
    /// ```swift
    /// realm.objects(PersonProjection.self).where { $0.homeCity == "Paris" }   // address.city == 'Paris'
    /// ```
    ///
    /// A property that transforms its value (`lastName.localizedUppercase`)
    /// cannot be queried so: the store holds the untransformed value.
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> {
        let path = ProjectionPaths.path(of: keyPath, in: T.self)
        return Query<V>(
            components + path.components, quantifier, collectionEnd: path.collectionEnd.map { components.count + $0 })
    }
}

extension ProjectedCollection: _QueryCollection { public typealias _QueryElement = Element }
extension ProjectedMap: _QueryMap { public typealias _QueryValue = Value }

/// Finds and caches the stored path behind each projected property.
enum ProjectionPaths {
    /// A projected property's stored path, and where a projected collection ends in it.
    struct Path {
        var components: [QueryKeyPath.Component]
        var collectionEnd: Int?
    }

    private static let paths = KeyPathCache<Path>()

    static func path<P: ProjectionObservable, V>(of keyPath: KeyPath<P, V>, in type: P.Type) -> Path {
        paths.value(for: keyPath) {
            let projection = P(projecting: P.Root())
            let trace = ProjectionTrace.run { projection[keyPath: keyPath] }
            guard !trace.components.isEmpty else {
                preconditionFailure(
                    "Geode: \(keyPath) reads no stored property of \(P.Root.self); it cannot be queried")
            }
            guard !trace.isTransformed else {
                preconditionFailure(
                    "Geode: \(keyPath) transforms the value of \(P.Root.self).\(QueryKeyPath(trace.components)); "
                        + "query that property instead (filter by root property names)")
            }
            return Path(components: trace.components, collectionEnd: trace.collectionEnd)
        }
    }
}
