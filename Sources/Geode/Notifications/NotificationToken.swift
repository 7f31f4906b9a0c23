import Foundation

/// Keeps a change notification registered: notifications stop when the
/// token is invalidated, or when it is released.
///
/// ```swift
/// let token = realm.objects(Dog.self).observe { change in print(change) }
/// // …
/// token.invalidate()
/// ```
public final class NotificationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var cancel: (() -> Void)?
    private var cancelled = false
    /// The token of the registration this one stands for, once it is made
    /// (an observer registered on another queue).
    private var attached: NotificationToken?
    /// The observer it stops (for `write(withoutNotifying:)`).
    weak var observer: ChangeObserver?

    /// Whether the token stands for a registration (not ``inert``).
    private let registers: Bool

    init(_ cancel: (() -> Void)?, registers: Bool? = nil) {
        self.cancel = cancel
        self.registers = registers ?? (cancel != nil)
    }

    /// A token that was never registered (nothing to stop).
    static var inert: NotificationToken { NotificationToken(nil) }

    /// A token for a registration made later, elsewhere (``attach(_:)``).
    static func deferred() -> NotificationToken { NotificationToken(nil, registers: true) }

    /// Whether ``invalidate()`` was called.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Makes `inner` the registration this token stops.
    func attach(_ inner: NotificationToken) {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            inner.invalidate()
            return
        }
        attached = inner
        observer = inner.observer
        lock.unlock()
    }

    /// Stops the notifications. Safe to call more than once and from any
    /// thread; true when the token was still valid (false when it was already
    /// invalidated, or never registered), as in Realm.
    ///
    /// ```swift
    /// let stopped = token.invalidate()   // true the first time
    /// ```
    @discardableResult
    public func invalidate() -> Bool {
        lock.lock()
        let wasValid = registers && !cancelled
        cancelled = true
        let work = cancel
        let inner = attached
        cancel = nil
        attached = nil
        lock.unlock()
        work?()
        inner?.invalidate()
        return wasValid
    }

    deinit { invalidate() }
}
