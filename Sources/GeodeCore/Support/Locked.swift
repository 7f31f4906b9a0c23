import Foundation

/// A value only reached with its lock held: state shared between threads
/// that one value holds (objects that guard several members, or call out
/// while they hold their lock, keep an `NSLock` of their own).
///
/// It is an `NSLock` (a `pthread_mutex_t` on Linux) rather than the standard
/// library's `Synchronization.Mutex`, for ThreadSanitizer's sake. `Mutex`
/// waits on a futex inside the uninstrumented standard library, so the
/// sanitizer sees no ordering between two threads that took it in turn, and
/// `make sanitize` reported races on state that only a `Mutex` guarded (a
/// counter guarded by one, incremented from eight threads, drew the same
/// reports and still summed exactly). The sanitizer follows pthread mutexes,
/// so its reports are real ones.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// let seen = count.withLock { $0 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held: not re-entrant.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
