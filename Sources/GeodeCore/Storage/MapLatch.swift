import Foundation

/// What keeps the memory map in place: a `pthread_rwlock_t` and the count of
/// the map's moves, both in stable memory.
///
/// The environment holds the lock shared for the length of every transaction
/// closure (while zero-copy pointers into the map are alive) and exclusively
/// to move the map when it grows, counting the move. A kept document carries
/// a ``Handle``, which reaches the same memory with no reference counting:
/// reading a property of a kept document is the hottest path of the object
/// model.
package final class MapLatch: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    private let moves: UnsafeMutablePointer<Int>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
        moves = .allocate(capacity: 1)
        moves.initialize(to: 0)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
        moves.deallocate()
    }

    /// How many times the map moved; stable while the lock is held shared.
    var generation: Int { moves.pointee }

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

    /// Counts a move of the map; the caller holds the lock exclusively.
    func recordMove() { moves.pointee += 1 }

    /// The latch and its current generation, for a pointer into the map
    /// taken now; the caller holds the lock shared.
    var stamp: Stamp { Stamp(lock: lock, moves: moves, generation: moves.pointee) }

    /// Where the map stood when a pointer into it was taken: reaches the
    /// latch without retaining it, so that checking the pointer costs no
    /// reference counting. Whoever holds a stamp must know that the latch is
    /// alive: a kept document is read only while the version it was found in
    /// is pinned, and a pinned version keeps its environment (which owns the
    /// latch) open.
    package struct Stamp {
        let lock: UnsafeMutablePointer<pthread_rwlock_t>
        let moves: UnsafeMutablePointer<Int>
        let generation: Int

        /// Runs `body` with the lock held shared when the map has not moved
        /// since the stamp was taken; false when it has.
        @inline(__always)
        func withUnmoved(_ body: () throws -> Void) rethrows -> Bool {
            pthread_rwlock_rdlock(lock)
            defer { pthread_rwlock_unlock(lock) }
            guard moves.pointee == generation else { return false }
            try body()
            return true
        }
    }
}
