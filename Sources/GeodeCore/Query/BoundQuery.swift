import Foundation

/// A query bound to a class of a store's schema: key paths resolved, types
/// checked, shapes prepared, the plan chosen. Run it in any transaction with
/// ``QueryExecutor/init(bound:transaction:)``. A class: results and executors
/// share one, rather than copying its paths and plan each time they pass it on.
///
/// ```swift
/// let bound = try BoundQuery.bound(query, table: table, store: store)
/// let keys = try store.read { try QueryExecutor(bound: bound, transaction: $0).run() }
/// ```
package final class BoundQuery {
    let query: Query
    let table: Table
    let predicate: BoundPredicate
    let ordering: [(BoundPath, Bool)]
    let distinct: [BoundPath]
    /// The clauses after the leading sort, distinct and limit, bound.
    let later: [BoundClause]
    let plan: QueryExecutor.Plan
    /// The geo point path of a distance ordering, and the ordering.
    let distance: (BoundPath, GeometrySlots, DistanceOrdering)?

    /// `query` bound to `table`: a query of the same ``QueryShape`` bound
    /// before lends its binding, and only `query`'s constants are checked and
    /// put in; else it is bound afresh, and lends its binding to the next.
    package static func bound(_ query: Query, table: Table, store: Store) throws -> BoundQuery {
        let catalog = store.current
        if let template = catalog.boundQueries.template(for: query, on: table),
            let predicate = try QueryBinder(store: store).rebind(template.predicate, to: query.predicate)
        {
            return BoundQuery(query: query, predicate: predicate, template: template)
        }
        let bound = try BoundQuery(query: query, table: table, store: store)
        // Kept only when the whole binding saw this catalog (as bound key paths are).
        if store.current === catalog { catalog.boundQueries.store(bound) }
        return bound
    }

    /// `template`'s binding with `predicate`, the binding of `query`'s constants.
    private init(query: Query, predicate: BoundPredicate, template: BoundQuery) {
        self.query = query
        table = template.table
        self.predicate = predicate
        ordering = template.ordering
        distinct = template.distinct
        later = template.later
        plan = QueryExecutor.plan(predicate, table)
        distance = template.distance
    }

    /// `query` bound to `table` afresh (``bound(_:table:store:)`` reuses
    /// the binding of a query of the same shape).
    private init(query: Query, table: Table, store: Store) throws {
        self.query = query
        self.table = table
        let binder = QueryBinder(store: store)
        predicate = try binder.bind(query.predicate, in: table.schema)
        ordering = try query.ordering.map { key in
            let path = try binder.bindPath(key.path, in: table.schema)
            try QueryExecutor.requireSingle(path, "SORT")
            return (path, key.ascending)
        }
        distinct = try Self.bindDistinct(query.distinct, binder, table)
        later = try query.laterClauses.map { clause in
            switch clause {
            case let .sort(keys):
                return .sort(
                    keys: try keys.map { key in
                        let path = try binder.bindPath(key.path, in: table.schema)
                        try QueryExecutor.requireSingle(path, "SORT")
                        return path
                    }, ascending: keys.map(\.ascending))
            case let .distinct(paths): return .distinct(try Self.bindDistinct(paths, binder, table))
            case let .limit(n): return .limit(n)
            }
        }
        plan = QueryExecutor.plan(predicate, table)
        if let ordering = query.distanceOrdering {
            let path = try binder.bindPath(ordering.path, in: table.schema)
            guard let slots = path.geometrySlots else {
                throw StoreError.invalidQuery(
                    message: "\(path.label) is not a geo point: cannot sort by distance", column: ordering.path.column)
            }
            distance = (path, slots, ordering)
        } else {
            distance = nil
        }
    }
}

extension BoundQuery {
    /// A clause after the leading step, its key paths bound.
    enum BoundClause {
        case sort(keys: [BoundPath], ascending: [Bool])
        case distinct([BoundPath])
        case limit(Int)
    }

    private static func bindDistinct(_ paths: [QueryKeyPath], _ binder: QueryBinder, _ table: Table) throws
        -> [BoundPath]
    {
        try paths.map { key in
            let path = try binder.bindPath(key, in: table.schema)
            try QueryExecutor.requireSingle(path, "DISTINCT")
            return path
        }
    }
}
