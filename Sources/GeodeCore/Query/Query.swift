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
    /// the engine, and each copy of separate arrays retained each.
    private var box: ClauseBox?

    /// The `SORT`, `DISTINCT` and `LIMIT` clauses in the order they apply, as
    /// Realm applies them: each to the objects the ones before it left.
    package var clauses: [QueryClause] { box?.clauses ?? [] }

    /// The sort of the leading clauses the executor runs as one step: at most
    /// one sort, then one distinct, then one limit (``laterClauses`` follow).
    package var ordering: [QuerySortKey] { box?.ordering ?? [] }
    /// The distinct of the leading step.
    package var distinct: [QueryKeyPath] { box?.distinct ?? [] }
    /// The limit of the leading step.
    package var limit: Int? { box?.limit }
    /// The clauses after the leading step, applied one by one to its keys.
    package var laterClauses: ArraySlice<QueryClause> { box?.later ?? [] }

    /// Order by a distance from the geo point at `path` instead of `ordering`
    /// (nearest first; objects without a well-formed point last).
    package var distanceOrdering: DistanceOrdering? {
        get { box?.distanceOrdering }
        set { rebox(clauses, newValue) }
    }

    package init(
        predicate: QueryPredicate, ordering: [QuerySortKey] = [], distinct: [QueryKeyPath] = [], limit: Int? = nil
    ) {
        self.predicate = predicate
        if !ordering.isEmpty { append(.sort(ordering)) }
        if !distinct.isEmpty { append(.distinct(distinct)) }
        if let limit { append(.limit(limit)) }
    }

    /// Adds a clause after the others, as a clause written after them does.
    /// A sort right after a sort merges with it, its keys first and the
    /// earlier keys breaking ties (sorting again, stably); a limit right after
    /// a limit keeps the smaller.
    package mutating func append(_ clause: QueryClause) {
        var all = clauses
        switch (all.last, clause) {
        case let (.sort(earlier)?, .sort(keys)):
            all[all.count - 1] = .sort(keys + earlier)
        case let (.limit(earlier)?, .limit(n)):
            all[all.count - 1] = .limit(Swift.min(earlier, n))
        default:
            all.append(clause)
        }
        rebox(all, distanceOrdering)
    }

    private mutating func rebox(_ clauses: [QueryClause], _ distance: DistanceOrdering?) {
        box = clauses.isEmpty && distance == nil ? nil : ClauseBox(clauses, distance)
    }

    /// Clauses shared by copies of a query; never changed once made. The
    /// leading step is split off once here, not at every read.
    private final class ClauseBox: Sendable {
        let clauses: [QueryClause]
        let distanceOrdering: DistanceOrdering?
        let ordering: [QuerySortKey]
        let distinct: [QueryKeyPath]
        let limit: Int?
        let later: ArraySlice<QueryClause>

        init(_ clauses: [QueryClause], _ distance: DistanceOrdering?) {
            self.clauses = clauses
            distanceOrdering = distance
            var i = clauses.startIndex
            var ordering: [QuerySortKey] = [], distinct: [QueryKeyPath] = [], limit: Int?
            if i < clauses.endIndex, case let .sort(keys) = clauses[i] { ordering = keys; i += 1 }
            if i < clauses.endIndex, case let .distinct(paths) = clauses[i] { distinct = paths; i += 1 }
            if i < clauses.endIndex, case let .limit(n) = clauses[i] { limit = n; i += 1 }
            (self.ordering, self.distinct, self.limit) = (ordering, distinct, limit)
            later = clauses[i...]
        }
    }

    /// Every object.
    package static let all = Query(predicate: .constant(true))

    /// Whether the query selects every object in key order (``all``).
    package var selectsEverything: Bool {
        guard box == nil, case .constant(true) = predicate else { return false }
        return true
    }

    /// Whether the objects it selects come in key order (no sort, distinct,
    /// limit or distance ordering), as a scan finds them.
    package var keepsKeyOrder: Bool { box == nil }

    /// This query narrowed by `other`: predicates joined with AND; `other`'s
    /// clauses apply after this one's, as chained `filter` calls do.
    package func refined(by other: Query) -> Query {
        // Every object, in no order: the refinement alone (most refinements start here).
        if predicate.isTrue, box == nil { return other }
        var result = self
        result.predicate =
            predicate.isTrue ? other.predicate : (other.predicate.isTrue ? predicate : .and(predicate, other.predicate))
        for clause in other.clauses { result.append(clause) }
        if let distance = other.distanceOrdering { result.distanceOrdering = distance }
        return result
    }

    package var description: String {
        ([predicate.description] + (distanceOrdering.map { [$0.description] } ?? []) + clauses.map(\.description))
            .joined(separator: " ")
    }
}

/// A clause after a query's predicate.
package enum QueryClause: Sendable, Hashable, CustomStringConvertible {
    /// `SORT(name ASC, age DESC)`: a stable sort of the objects so far.
    case sort([QuerySortKey])
    /// `DISTINCT(age)`: the first object of each combination of values, in the order so far.
    case distinct([QueryKeyPath])
    /// `LIMIT(n)`: the first `n` objects so far.
    case limit(Int)

    package var description: String {
        switch self {
        case let .sort(keys):
            return "SORT(" + keys.map { "\($0.path) \($0.ascending ? "ASC" : "DESC")" }.joined(separator: ", ") + ")"
        case let .distinct(paths): return "DISTINCT(" + paths.map(\.description).joined(separator: ", ") + ")"
        case let .limit(n): return "LIMIT(\(n))"
        }
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
