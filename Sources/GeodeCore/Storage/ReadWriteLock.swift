import Foundation

/// A `pthread_rwlock_t` in stable memory.
///
/// The environment holds it shared for the length of every transaction closure
/// (while zero-copy pointers into the memory map are alive) and exclusively to
/// move the map when it grows.
final class ReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    func lockShared() { pthread_rwlock_rdlock(lock) }
    func unlock() { pthread_rwlock_unlock(lock) }

    /// Takes the lock exclusively, giving up after `timeout` seconds; a thread
    /// that already holds it shared would otherwise wait forever on itself.
    func tryLockExclusive(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while pthread_rwlock_trywrlock(lock) != 0 {
            if Date() > deadline { return false }
            usleep(200)
        }
        return true
    }
}
