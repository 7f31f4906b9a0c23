import Synchronization

/// Bound queries by class and ``QueryShape``, so that a query asked again with
/// other constants (a lookup by id in a loop, the same filter with other
/// arguments) is bound by putting its constants into the binding of the
/// first: no key path resolved, no clause bound again. Binding afresh was
/// an eighth of what a lookup by an indexed id cost.
///
/// A cache belongs to one ``Catalog``, as ``BoundPathCache`` does: a schema
/// change installs a new catalog with an empty cache. It holds at most
/// ``capacity`` bindings; when full, it starts over. Its bindings are only
/// read (each use makes its own ``BoundQuery``), so threads share them.
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

    /// Unchecked: an entry is never changed once made, and its binding is
    /// only read; shaped queries hold no GEOS geometry (``QueryShape``).
    private final class Entry: @unchecked Sendable {
        let key: Key
        let bound: BoundQuery

        init(_ key: Key, _ bound: BoundQuery) {
            self.key = key
            self.bound = bound
        }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var recent = RecentEntries<Entry>(capacity: BoundQueryCache.recentCapacity)
    }

    static let capacity = 256
    static let recentCapacity = 4
    private let state = Mutex(State())

    /// A query of `query`'s shape bound on `table` earlier, if any.
    func template(for query: Query, on table: Table) -> BoundQuery? {
        let id = ObjectIdentifier(table)
        let found = state.withLock { state -> Entry? in
            for entry in state.recent.entries where entry.key.table == id && entry.key.shape.matches(query) {
                return entry
            }
            guard let shape = QueryShape(query), let entry = state.entries[Key(table: id, shape: shape)] else {
                return nil
            }
            state.recent.remember(entry)
            return entry
        }
        return found?.bound
    }

    /// Keeps `bound` as the binding of its query's shape on its table; does
    /// nothing for a query without a shape.
    func store(_ bound: BoundQuery) {
        guard let shape = QueryShape(bound.query) else { return }
        let entry = Entry(Key(table: ObjectIdentifier(bound.table), shape: shape), bound)
        state.withLock { state in
            if state.entries.count >= Self.capacity { state = State() }
            state.entries[entry.key] = entry
            state.recent.remember(entry)
        }
    }

    /// How many bindings the cache holds (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}
