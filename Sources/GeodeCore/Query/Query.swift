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
    /// The clauses after the predicate, behind one reference, nil when there
    /// are none (most queries): a query is copied several times on its way to
    /// the engine, and each copy of four separate clauses retained each.
    private var clauses: ClauseBox?

    package var ordering: [QuerySortKey] {
        get { clauses?.clauses.ordering ?? [] }
        set { update { $0.ordering = newValue } }
    }

    package var distinct: [QueryKeyPath] {
        get { clauses?.clauses.distinct ?? [] }
        set { update { $0.distinct = newValue } }
    }

    package var limit: Int? {
        get { clauses?.clauses.limit }
        set { update { $0.limit = newValue } }
    }

    /// Order by a distance from the geo point at `path` instead of `ordering`
    /// (nearest first; objects without a well-formed point last).
    package var distanceOrdering: DistanceOrdering? {
        get { clauses?.clauses.distanceOrdering }
        set { update { $0.distanceOrdering = newValue } }
    }

    package init(predicate: QueryPredicate, ordering: [QuerySortKey] = [], distinct: [QueryKeyPath] = [], limit: Int? = nil) {
        self.predicate = predicate
        let clauses = Clauses(ordering: ordering, distinct: distinct, limit: limit)
        self.clauses = clauses.isEmpty ? nil : ClauseBox(clauses)
    }

    /// The SORT, DISTINCT and LIMIT clauses and the distance ordering.
    private struct Clauses: Sendable {
        var ordering: [QuerySortKey] = []
        var distinct: [QueryKeyPath] = []
        var limit: Int?
        var distanceOrdering: DistanceOrdering?

        var isEmpty: Bool { ordering.isEmpty && distinct.isEmpty && limit == nil && distanceOrdering == nil }
    }

    /// Clauses shared by copies of a query; never changed once made.
    private final class ClauseBox: Sendable {
        let clauses: Clauses
        init(_ clauses: Clauses) { self.clauses = clauses }
    }

    private mutating func update(_ change: (inout Clauses) -> Void) {
        var changed = clauses?.clauses ?? Clauses()
        change(&changed)
        clauses = changed.isEmpty ? nil : ClauseBox(changed)
    }

    /// Every object.
    package static let all = Query(predicate: .constant(true))

    /// Whether the query selects every object in key order (``all``).
    package var selectsEverything: Bool {
        guard clauses == nil, case .constant(true) = predicate else { return false }
        return true
    }

    /// This query narrowed by `other`: predicates joined with AND; `other`'s
    /// clauses apply after this one's, as chained `filter` calls do.
    package func refined(by other: Query) -> Query {
        // Every object, in no order: the refinement alone (most refinements start here).
        if predicate.isTrue, clauses == nil { return other }
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
