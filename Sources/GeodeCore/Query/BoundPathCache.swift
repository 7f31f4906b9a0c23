/// Key paths already bound against one catalog, so that a query asked again
/// and again (the same filter with other arguments, as an app or a benchmark
/// does) does not resolve its key paths against the schema every time.
/// Binding a path was a quarter of the time a small spatial query took.
///
/// A cache belongs to one ``Catalog``: the catalog is immutable, so a path
/// bound against it stays right as long as it is in use, and a schema change
/// installs a new catalog with an empty cache. It holds at most
/// ``capacity`` paths (a ``CatalogCache``).
///
/// ```swift
/// if let bound = catalog.boundPaths.path(for: key) { return bound }
/// ```
final class BoundPathCache: Sendable {
    struct Key: Hashable, Sendable {
        let className: String
        let path: QueryKeyPath
        let variable: String?
    }

    static let capacity = 1024
    private let cache = CatalogCache<Key, BoundPath>(capacity: BoundPathCache.capacity)

    /// The bound path stored for `key`, if any.
    func path(for key: Key) -> BoundPath? { cache.value(for: key) }

    /// Stores `path` for `key`.
    func store(_ path: BoundPath, for key: Key) { cache.store(path, for: key) }

    /// How many paths the cache holds (for tests).
    var count: Int { cache.count }
}
