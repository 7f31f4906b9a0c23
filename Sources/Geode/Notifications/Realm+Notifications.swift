import Foundation
import GeodeCore

extension Realm {
    /// What a realm notification says.
    public enum Notification: String {
        /// The realm advanced to a new version: its own write, or another
        /// thread's or process's seen at a refresh.
        case didChange = "RLMRealmDidChangeNotification"
        /// Another writer committed and the realm does not refresh on its own
        /// (``autorefresh`` is off): call ``refresh()`` to see it.
        case refreshRequired = "RLMRealmRefreshRequiredNotification"
    }

    /// What ``observe(_:)`` calls: the notification and the realm it is about.
    ///
    /// ```swift
    /// let block: Realm.NotificationBlock = { notification, realm in print(notification) }
    /// let token = realm.observe(block)
    /// ```
    public typealias NotificationBlock = (_ notification: Notification, _ realm: Realm) -> Void

    /// Calls `block` each time the realm advances to a new version.
    ///
    /// Notifications are delivered where the realm is used: for a realm
    /// opened with a queue (``init(configuration:queue:)``), on that queue as
    /// other threads and processes commit; otherwise at the realm's own
    /// commits and at each ``refresh()``.
    ///
    /// ```swift
    /// let token = realm.observe { notification, realm in
    ///     print(notification, realm.objects(Dog.self).count)
    /// }
    /// ```
    public func observe(_ block: @escaping NotificationBlock) -> NotificationToken {
        register(RealmObserver(realm: self, block: block))
    }

    /// Opens a realm confined to `queue`: use it only in blocks run on that
    /// queue. It refreshes there whenever another thread or process commits
    /// (unless ``autorefresh`` is off), and its observers are called there.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "dogs")
    /// queue.sync {
    ///     let realm = try! Realm(queue: queue)
    ///     token = realm.objects(Dog.self).observe { change in print(change) }
    /// }
    /// ```
    public convenience init(configuration: Configuration = .defaultConfiguration, queue: DispatchQueue?) throws {
        try self.init(configuration: configuration)
        self.queue = queue
    }

    /// Adds `observer` and returns the token that stops it.
    func register(_ observer: ChangeObserver) -> NotificationToken {
        precondition(!isFrozen, "Geode: a frozen realm never changes; it cannot be observed")
        precondition(
            transaction == nil, "Geode: notifications cannot be registered inside a write transaction")
        hasRead = true
        observers.append(observer)
        if queue != nil || actor != nil {
            ChangeWatcher.watch(self)
            scheduleRefresh(initialOnly: true)
        }
        let token = NotificationToken { [weak observer] in observer?.invalidate() }
        token.observer = observer
        return token
    }

    /// Registers `observer` with a realm confined to `queue` (opened now, of
    /// the same configuration), where `make` builds it from that realm; or
    /// with this realm when `queue` is nil.
    func register(on queue: DispatchQueue?, _ make: @escaping (Realm) -> ChangeObserver?) -> NotificationToken {
        // Checked here too: on a queue the observer is registered with a live realm there.
        precondition(!isFrozen, "Geode: a frozen realm never changes; it cannot be observed")
        guard let queue else {
            guard let observer = make(self) else { return .inert }
            return register(observer)
        }
        let queued: Realm
        do {
            queued = try Realm(configuration: configuration, queue: queue)
        } catch {
            deferReadError(error)
            return .inert
        }
        let token = NotificationToken.deferred()
        let work = Unchecked((queued, make, token))
        queue.async {
            let (realm, make, token) = work.value
            guard !token.isCancelled, let observer = make(realm) else { return }
            token.attach(realm.register(observer))
        }
        return token
    }

    /// Delivers to the observers what changed since `old` (and the first
    /// notification of observers registered since the last point);
    /// `afterCommit` when this realm's own write just committed.
    func notifyObservers(since old: PinnedTransaction, skipping tokens: [NotificationToken], afterCommit: Bool) {
        observers.removeAll { $0.isInvalidated }
        let current = observers
        guard !current.isEmpty else { return }
        var delivery: ChangeDelivery?
        if old.version != pinned.version {
            do {
                let changes = try store.read(pinned) { try $0.changes(since: old.version) }
                delivery = ChangeDelivery(realm: self, oldRealm: frozen(at: old), changes: changes)
            } catch {
                let failure = GeodeError.from(error)
                observers = []
                for observer in current { observer.fail(failure) }
                return
            }
        }
        let skipped = Set(tokens.compactMap { $0.observer.map(ObjectIdentifier.init) })
        for observer in current where !observer.isInvalidated {
            if !observer.hasDeliveredInitial {
                observer.deliverInitial()
            } else if let delivery {
                observer.deliver(delivery, silently: skipped.contains(ObjectIdentifier(observer)))
            } else if afterCommit {
                observer.deliverEmptyCommit(silently: skipped.contains(ObjectIdentifier(observer)))
            }
        }
    }

    /// Asks the realm's queue to refresh (or, with `initialOnly`, to deliver
    /// the first notifications of new observers); requests made while one
    /// waits are served by it.
    func scheduleRefresh(initialOnly: Bool = false) {
        guard queue != nil || actor != nil else { return }
        guard refreshState.withLock({ state in
            let wasIdle = state == 0
            state = max(state, initialOnly ? 1 : 2)
            return wasIdle
        }) else { return }
        let realm = Unchecked(self)
        if let queue {
            queue.async { realm.value.runScheduledRefresh() }
        } else if let actor {
            let hop = RefreshHop(realm: realm, actor: actor)
            Task { await hop.run() }
        }
    }

    /// Serves the refresh ``scheduleRefresh(initialOnly:)`` asked for, on the realm's queue or actor.
    fileprivate func runScheduledRefresh() {
        let state = refreshState.withLock { state in
            defer { state = 0 }
            return state
        }
        if state == 2 && !autorefresh {
            for observer in observers { (observer as? RealmObserver)?.refreshRequired() }
        } else if state == 2 || observers.contains(where: { !$0.hasDeliveredInitial }) {
            if transaction == nil { advance(skipping: [], afterCommit: false) }
        }
    }
}

/// A scheduled refresh of a realm isolated to `actor`, run there.
private struct RefreshHop: Sendable {
    let realm: Unchecked<Realm>
    let actor: any Actor

    func run() async {
        await refresh(on: actor)
    }

    private func refresh(on actor: isolated any Actor) {
        realm.value.runScheduledRefresh()
    }
}

/// `Realm.observe`: told of every new version.
final class RealmObserver: ChangeObserver {
    private weak var realm: Realm?
    private let block: (Realm.Notification, Realm) -> Void

    init(realm: Realm, block: @escaping (Realm.Notification, Realm) -> Void) {
        self.realm = realm
        self.block = block
        super.init()
        hasDeliveredInitial = true
    }

    override func deliver(_ delivery: ChangeDelivery, silently: Bool) {
        guard !silently else { return }
        block(.didChange, delivery.realm)
    }

    override func deliverEmptyCommit(silently: Bool) {
        guard !silently, let realm, !isInvalidated else { return }
        block(.didChange, realm)
    }

    func refreshRequired() {
        guard let realm, !isInvalidated else { return }
        block(.refreshRequired, realm)
    }
}
