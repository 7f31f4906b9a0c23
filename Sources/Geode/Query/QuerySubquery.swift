import Foundation
import GeodeCore
import GeodeGeo

/// The objects of a collection that match a predicate; compare its `count`.
public struct QuerySubquery {
    let collection: QueryKeyPath
    /// The variable naming the collection's element in `predicate`.
    let variable: String
    let predicate: QueryPredicate

    /// The number of matching objects.
    public var count: QuerySubqueryCount { QuerySubqueryCount(subquery: self) }
}
