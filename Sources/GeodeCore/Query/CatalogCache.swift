/// A bounded table of what was worked out against one ``Catalog`` (bound key
/// paths, bound queries), shared by every thread reading through it. It holds
/// at most `capacity` entries; when full, it starts over. The last few
/// entries found (``RecentEntries``) are looked through before a key is
/// hashed: a query asked in a loop finds its entry by a comparison or two.
///
/// Unchecked: a value is never changed once stored, and is only read.
///
/// ```swift
/// let cache = CatalogCache<String, Int>(capacity: 256)
/// cache.store(1, for: "id")
/// cache.value(for: "id")   // 1
/// ```
final class CatalogCache<Key: Hashable, Value>: @unchecked Sendable {
    /// Unchecked for the same reason as the cache: never changed once made.
    private final class Entry: @unchecked Sendable {
        let key: Key
        let value: Value

        init(_ key: Key, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var recent: RecentEntries<Entry>
    }

    private let capacity: Int
    private let recentCapacity: Int
    private let state: Locked<State>

    init(capacity: Int, recentCapacity: Int = 4) {
        self.capacity = capacity
        self.recentCapacity = recentCapacity
        state = Locked(State(recent: RecentEntries(capacity: recentCapacity)))
    }

    /// The value stored for `key`.
    func value(for key: Key) -> Value? {
        value(recentlyWhere: { $0 == key }, else: { key })
    }

    /// The value of a recently found key that `isWanted` accepts, else the
    /// one stored for `key()` (made only then; nil when there is no key).
    func value(recentlyWhere isWanted: (Key) -> Bool, else key: () -> Key?) -> Value? {
        let found = state.withLock { state -> Entry? in
            for entry in state.recent.entries where isWanted(entry.key) { return entry }
            guard let key = key(), let entry = state.entries[key] else { return nil }
            state.recent.remember(entry)
            return entry
        }
        return found?.value
    }

    /// Stores `value` for `key`.
    func store(_ value: Value, for key: Key) {
        let entry = Entry(key, value)
        state.withLock { state in
            if state.entries.count >= capacity { state = State(recent: RecentEntries(capacity: recentCapacity)) }
            state.entries[entry.key] = entry
            state.recent.remember(entry)
        }
    }

    /// How many entries the cache holds (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}
