import GeodeCore

/// Something registered with a realm to hear of its changes: a realm, a
/// collection or an object observer. The realm calls it on its own thread
/// (or queue) at each notification point: first ``deliverInitial()``, then
/// ``deliver(_:silently:)`` at every version after.
class ChangeObserver {
    private let invalidated = Locked(false)
    /// Whether the initial notification was delivered (or there is none).
    var hasDeliveredInitial = false

    /// Whether its token was invalidated: it is called no more.
    var isInvalidated: Bool { invalidated.withLock { $0 } }

    /// Stops the observer; safe from any thread.
    func invalidate() { invalidated.withLock { $0 = true } }

    /// Delivers the first notification (`.initial`).
    func deliverInitial() { hasDeliveredInitial = true }

    /// Tells of the changes `delivery` describes; with `silently`, only
    /// takes them in (the write was committed without notifying this observer).
    func deliver(_ delivery: ChangeDelivery, silently: Bool) {}

    /// Tells of a write of this realm that committed nothing (no new
    /// version): only a realm's own observer hears of it, as in Realm.
    func deliverEmptyCommit(silently: Bool) {}

    /// Tells of an error that ends the observation (a damaged store).
    func fail(_ error: Error) {}
}
