/// Bound queries by class and ``QueryShape``, so that a query asked again with
/// other constants (a lookup by id in a loop, the same filter with other
/// arguments) is bound by putting its constants into the binding of the
/// first: no key path resolved, no clause bound again. Binding afresh was
/// an eighth of what a lookup by an indexed id cost.
///
/// A cache belongs to one ``Catalog``, as ``BoundPathCache`` does: a schema
/// change installs a new catalog with an empty cache. It holds at most
/// ``capacity`` bindings (a ``CatalogCache``). Its bindings are only read
/// (each use makes its own ``BoundQuery``), so threads share them.
///
/// ```swift
/// let bound = try BoundQuery.bound(query, table: table, store: store)
/// ```
final class BoundQueryCache: Sendable {
    /// A table by identity: its entry's binding holds it, so no other table
    /// takes its address while the entry is kept.
    private struct Key: Hashable {
        let table: ObjectIdentifier
        let shape: QueryShape
    }

    static let capacity = 256
    /// Shaped queries hold no GEOS geometry (``QueryShape``): their bindings are only read.
    private let cache = CatalogCache<Key, BoundQuery>(capacity: BoundQueryCache.capacity)

    /// A query of `query`'s shape bound on `table` earlier, if any.
    func template(for query: Query, on table: Table) -> BoundQuery? {
        let id = ObjectIdentifier(table)
        // The recent entries are compared with `query` itself: its shape is hashed only past them.
        return cache.value(
            recentlyWhere: { $0.table == id && $0.shape.matches(query) },
            else: { QueryShape(query).map { Key(table: id, shape: $0) } })
    }

    /// Keeps `bound` as the binding of its query's shape on its table; does
    /// nothing for a query without a shape.
    func store(_ bound: BoundQuery) {
        guard let shape = QueryShape(bound.query) else { return }
        cache.store(bound, for: Key(table: ObjectIdentifier(bound.table), shape: shape))
    }

    /// How many bindings the cache holds (for tests).
    var count: Int { cache.count }
}
