import Foundation
import GeodeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Tells the queue- and actor-confined realms of a store that another writer
/// committed.
///
/// One thread per store with such realms. It sleeps in `poll(2)` on two
/// things: a pipe this process's commits write to (``noteCommit(in:)``), and
/// an inotify watch on the store file, which any process's commit writes
/// (LMDB writes its pages and meta page with `pwrite`; Geode never maps the
/// file writable). On each wake-up it asks LMDB which version a new reader
/// would see (``VersionProbe``). A commit's file writes come a moment before
/// readers can see it, so after a wake-up that found nothing new it looks
/// again every ``busyInterval`` for a little while; idle, it looks only every
/// ``idleInterval`` (for a file system without inotify events, it polls at
/// ``busyInterval`` throughout). The thread ends when the last of its realms is gone.
final class ChangeWatcher: @unchecked Sendable {
    /// How soon it looks again while a commit may be on its way (milliseconds).
    static let busyInterval: Int32 = 1
    /// How long it sleeps with nothing happening (milliseconds).
    static let idleInterval: Int32 = 250
    /// How long after a wake-up it keeps looking at ``busyInterval`` (seconds).
    static let busySpell: TimeInterval = 0.02

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var watchers: [String: ChangeWatcher] = [:]

    private let path: String
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var realms: [WeakRealm] = []
    /// The pipe commits in this process wake the thread through: read end, write end.
    private let wake: (read: Int32, write: Int32)

    private struct WeakRealm {
        weak var realm: Realm?
    }

    private init(path: String) {
        self.path = path
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            fds = [-1, -1]
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    /// Starts telling `realm` (which has a queue or an actor) of new versions.
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
        watcher.lock.withLock {
            if !watcher.realms.contains(where: { $0.realm === realm }) {
                watcher.realms.append(WeakRealm(realm: realm))
            }
        }
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
        guard let watcher, watcher.wake.write >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(watcher.wake.write, &byte, 1)
    }

    private func run(_ store: Store, from version: Int) {
        var seen = version
        let probe = try? store.versionProbe()
        var events = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if events >= 0 && inotify_add_watch(events, path, UInt32(IN_MODIFY)) < 0 {
            close(events)
            events = -1
        }
        let watchesFile = events >= 0
        defer { if watchesFile { close(events) } }
        var busyUntil = Date()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let live = lock.withLock { () -> [Realm] in
                realms.removeAll { $0.realm == nil }
                return realms.compactMap(\.realm)
            }
            if live.isEmpty {
                Self.registryLock.lock()
                let stillEmpty = lock.withLock { realms.allSatisfy { $0.realm == nil } }
                if stillEmpty { Self.watchers[path] = nil }
                Self.registryLock.unlock()
                if stillEmpty { return }
                continue
            }
            let latest = probe?.visibleVersion() ?? store.latestVersion
            if latest != seen {
                seen = latest
                for realm in live { realm.scheduleRefresh() }
            }
            // Sleep until a commit here or a write to the file, or the interval ends.
            let busy = Date() < busyUntil || !watchesFile
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if watchesFile { fds.append(pollfd(fd: events, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), busy ? Self.busyInterval : Self.idleInterval)
            if ready > 0 {
                for entry in fds where entry.revents != 0 {
                    while read(entry.fd, &buffer, buffer.count) > 0 {}
                }
                busyUntil = Date(timeIntervalSinceNow: Self.busySpell)
            }
        }
    }
}
