/// A parsed query: a predicate plus the `SORT`, `DISTINCT` and `LIMIT`
/// clauses that follow it. Both front ends (the query language and the
/// type-safe `where {}` builder) produce this one form; the engine binds it to
/// a class and runs it.
///
/// ```swift
/// let query = try QueryParser.parse("age > 5 AND name BEGINSWITH[c] 'r' SORT(age DESC) LIMIT(10)")
/// let keys = try QueryExecutor(query: query, table: table, transaction: txn).run()
/// ```
package struct Query: Sendable, CustomStringConvertible {
    package var predicate: QueryPredicate
    package var ordering: [QuerySortKey] = []
    package var distinct: [QueryKeyPath] = []
    package var limit: Int?
    /// Order by a distance from the geo point at `path` instead of `ordering`
    /// (nearest first; objects without a well-formed point last).
    package var distanceOrdering: DistanceOrdering?

    package init(predicate: QueryPredicate, ordering: [QuerySortKey] = [], distinct: [QueryKeyPath] = [], limit: Int? = nil) {
        self.predicate = predicate
        self.ordering = ordering
        self.distinct = distinct
        self.limit = limit
    }

    /// Every object.
    package static let all = Query(predicate: .constant(true))

    /// This query narrowed by `other`: predicates joined with AND; `other`'s
    /// clauses apply after this one's, as chained `filter` calls do.
    package func refined(by other: Query) -> Query {
        var result = self
        result.predicate = predicate.isTrue ? other.predicate : (other.predicate.isTrue ? predicate : .and(predicate, other.predicate))
        if !other.ordering.isEmpty { result.ordering = other.ordering }
        result.distinct += other.distinct
        if let limit = other.limit { result.limit = min(limit, result.limit ?? limit) }
        if let distance = other.distanceOrdering { result.distanceOrdering = distance }
        return result
    }

    package var description: String {
        var text = predicate.description
        if !ordering.isEmpty {
            text += " SORT(" + ordering.map { "\($0.path) \($0.ascending ? "ASC" : "DESC")" }.joined(separator: ", ") + ")"
        }
        if !distinct.isEmpty { text += " DISTINCT(" + distinct.map(\.description).joined(separator: ", ") + ")" }
        if let limit { text += " LIMIT(\(limit))" }
        return text
    }
}

/// One key of a sort: a key path and its direction.
package struct QuerySortKey: Sendable, Hashable {
    package var path: QueryKeyPath
    package var ascending: Bool

    package init(path: QueryKeyPath, ascending: Bool) {
        self.path = path
        self.ascending = ascending
    }
}

/// A distance to sort by: the geo point at `path`, measured by `measure`
/// (longitude, latitude → distance), which the layer owning the geometry supplies.
package struct DistanceOrdering: Sendable {
    package var path: QueryKeyPath
    package var measure: @Sendable (Double, Double) -> Double

    package init(path: QueryKeyPath, measure: @escaping @Sendable (Double, Double) -> Double) {
        self.path = path
        self.measure = measure
    }
}
