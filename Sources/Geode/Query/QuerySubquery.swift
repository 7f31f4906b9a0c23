import Foundation
import GeodeCore
import GeodeGeo

/// The objects of a collection that match a predicate; compare its `count`.
public struct QuerySubquery {
    let collection: QueryKeyPath
    let predicate: QueryPredicate

    /// The number of matching objects.
    public var count: QuerySubqueryCount { QuerySubqueryCount(subquery: self) }
}
