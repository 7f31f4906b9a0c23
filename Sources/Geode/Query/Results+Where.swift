import Foundation
import GeodeCore
import GeodeGeo

extension Results where Element: RealmFetchable {
    /// The objects that match a type-safe query.
    ///
    /// ```swift
    /// let found = realm.objects(Dog.self).where { $0.age > 2 && $0.name.contains("ex") }
    /// ```
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        let predicate = isIncluded(Query<Element>([])).predicate
        do {
            return try refined(GeodeCore.Query(predicate: predicate))
        } catch {
            preconditionFailure("Geode: invalid query \(predicate): \(GeodeError.from(error))")
        }
    }
}
