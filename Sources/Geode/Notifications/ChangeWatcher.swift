import Foundation
import GeodeCore

/// Tells the queue-confined realms of a store that another writer committed.
///
/// One thread per store with such realms: woken at once by commits in this
/// process (``noteCommit(in:)``), and every ``pollInterval`` otherwise, when
/// it asks LMDB which version a new reader would see (``VersionProbe``) —
/// how it learns of commits by other processes, which LMDB announces to no
/// one. The thread ends when the last of its realms is gone.
final class ChangeWatcher: @unchecked Sendable {
    /// How often the file is looked at for other processes' commits.
    static let pollInterval: TimeInterval = 0.002

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var watchers: [String: ChangeWatcher] = [:]

    private let path: String
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var realms: [WeakRealm] = []
    private var woken = false

    private struct WeakRealm {
        weak var realm: Realm?
    }

    private init(path: String) { self.path = path }

    /// Starts telling `realm` (which has a queue) of new versions.
    static func watch(_ realm: Realm) {
        let path = realm.store.path
        registryLock.lock()
        let watcher: ChangeWatcher
        var started = false
        if let existing = watchers[path] {
            watcher = existing
        } else {
            watcher = ChangeWatcher(path: path)
            watchers[path] = watcher
            started = true
        }
        watcher.condition.lock()
        if !watcher.realms.contains(where: { $0.realm === realm }) { watcher.realms.append(WeakRealm(realm: realm)) }
        watcher.condition.unlock()
        registryLock.unlock()
        // A commit made before the thread looks for the first time must not be missed.
        let version = realm.pinned.version
        if started {
            let store = Unchecked(realm.store)
            let thread = Thread { watcher.run(store.value, from: version) }
            thread.name = "Geode change watcher"
            thread.start()
        } else if realm.store.latestVersion != version {
            realm.scheduleRefresh()
        }
    }

    /// Wakes the watcher of `store`, if any: this process just committed.
    static func noteCommit(in store: Store) {
        registryLock.lock()
        let watcher = watchers[store.path]
        registryLock.unlock()
        guard let watcher else { return }
        watcher.condition.lock()
        watcher.woken = true
        watcher.condition.signal()
        watcher.condition.unlock()
    }

    private func run(_ store: Store, from version: Int) {
        var seen = version
        let probe = try? store.versionProbe()
        while true {
            condition.lock()
            if !woken { _ = condition.wait(until: Date(timeIntervalSinceNow: Self.pollInterval)) }
            woken = false
            realms.removeAll { $0.realm == nil }
            let live = realms.compactMap(\.realm)
            condition.unlock()
            if live.isEmpty {
                Self.registryLock.lock()
                condition.lock()
                let stillEmpty = realms.allSatisfy { $0.realm == nil }
                if stillEmpty { Self.watchers[path] = nil }
                condition.unlock()
                Self.registryLock.unlock()
                if stillEmpty { return }
                continue
            }
            let latest = probe?.visibleVersion() ?? store.latestVersion
            guard latest != seen else { continue }
            seen = latest
            for realm in live { realm.scheduleRefresh() }
        }
    }
}

