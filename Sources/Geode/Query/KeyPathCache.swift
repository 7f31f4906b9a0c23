import Foundation
import GeodeCore

/// What a key path means to a query, worked out once per key path and shared
/// by every thread.
///
/// A key path written in code is one object for the life of the program, so
/// the cache first looks it up by identity (one word hashed); a key path made
/// another way is found by value. Each entry keeps its key path alive, so an
/// identity in the cache is never reused by another object; key paths made at
/// run time could pile up, so past ``identityCapacity`` the identities start over.
final class KeyPathCache<Value>: @unchecked Sendable {
    /// A key path and what it means; the entry keeps the key path alive.
    private final class Entry {
        let keyPath: AnyKeyPath
        let value: Value

        init(_ keyPath: AnyKeyPath, _ value: Value) {
            self.keyPath = keyPath
            self.value = value
        }
    }

    /// The entries by key path and by identity, and the last few found,
    /// compared by identity before hashing.
    private struct State {
        var values: [AnyKeyPath: Value] = [:]
        var byIdentity: [ObjectIdentifier: Entry] = [:]
        var recent = RecentEntries<Entry>(capacity: KeyPathCache.recentCapacity)

        mutating func remember(_ keyPath: AnyKeyPath, _ value: Value) -> Value {
            if byIdentity.count >= KeyPathCache.identityCapacity { byIdentity.removeAll(keepingCapacity: true) }
            let entry = Entry(keyPath, value)
            byIdentity[ObjectIdentifier(keyPath)] = entry
            recent.remember(entry)
            return value
        }
    }

    private let lock = NSLock()
    private var state = State()
    static var identityCapacity: Int { 4096 }
    static var recentCapacity: Int { 4 }

    /// The cached value for `keyPath`, made by `make` the first time.
    func value(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
        let known: Value? = lock.withLock {
            for entry in state.recent.entries where entry.keyPath === keyPath { return entry.value }
            if let entry = state.byIdentity[ObjectIdentifier(keyPath)] { return entry.value }
            guard let value = state.values[keyPath] else { return nil }
            return state.remember(keyPath, value)
        }
        if let known { return known }
        let made = make()
        return lock.withLock {
            state.values[keyPath] = made
            return state.remember(keyPath, made)
        }
    }
}
