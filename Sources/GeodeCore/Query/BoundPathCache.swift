import Synchronization

/// Key paths already bound against one catalog, so that a query asked again
/// and again (the same filter with other arguments, as an app or a benchmark
/// does) does not resolve its key paths against the schema every time.
/// Binding a path was a quarter of the time a small spatial query took.
///
/// A cache belongs to one ``Catalog``: the catalog is immutable, so a path
/// bound against it stays right as long as it is in use, and a schema change
/// installs a new catalog with an empty cache. It holds at most
/// ``capacity`` paths; when full, it starts over.
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

    /// The paths by key, and the last few found, compared before hashing
    /// (comparing a key, short strings compared by their bits first, costs a
    /// small part of hashing it).
    private struct State {
        var paths: [Key: BoundPath] = [:]
        var recent = RecentEntries<Recent>(capacity: BoundPathCache.recentCapacity)
    }

    private final class Recent: Sendable {
        let key: Key
        let path: BoundPath

        init(key: Key, path: BoundPath) {
            self.key = key
            self.path = path
        }
    }

    static let capacity = 1024
    static let recentCapacity = 4
    private let state = Mutex(State())

    /// The bound path stored for `key`, if any.
    func path(for key: Key) -> BoundPath? {
        state.withLock { state in
            for entry in state.recent.entries where entry.key == key { return entry.path }
            guard let path = state.paths[key] else { return nil }
            state.recent.remember(Recent(key: key, path: path))
            return path
        }
    }

    /// Stores `path` for `key`.
    func store(_ path: BoundPath, for key: Key) {
        state.withLock { state in
            if state.paths.count >= Self.capacity { state = State() }
            state.paths[key] = path
            state.recent.remember(Recent(key: key, path: path))
        }
    }

    /// How many paths the cache holds (for tests).
    var count: Int { state.withLock { $0.paths.count } }
}
