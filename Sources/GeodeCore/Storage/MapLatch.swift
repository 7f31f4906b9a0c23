import Foundation
import Synchronization

/// What keeps the memory map in place: a reader-writer lock and the count of
/// the map's moves, both in stable memory.
///
/// The environment holds the lock shared for the length of every transaction
/// closure (while zero-copy pointers into the map are alive) and exclusively
/// to move the map when it grows, counting the move. A kept document carries
/// a ``Stamp``, which reaches the same memory with no reference counting:
/// reading a property of a kept document is the hottest path of the object
/// model, and takes the lock shared once per read.
///
/// The lock is one atomic word: the number of shared holders, plus a bit for
/// the exclusive one. Taking it shared is one atomic add (which a reader backs
/// out of while the map is being moved); readers never wait for a writer that
/// is only waiting, so a thread holding the lock shared may take it shared
/// again. Moves are rare (the map doubles), and the mover polls until the
/// readers are gone.
package final class MapLatch: @unchecked Sendable {
    private let word: UnsafeMutablePointer<Atomic<Int>>
    private let moves: UnsafeMutablePointer<Int>

    /// Set in the lock word while the map is held exclusively.
    private static let exclusive = 1 << 62

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: Atomic(0))
        moves = .allocate(capacity: 1)
        moves.initialize(to: 0)
    }

    deinit {
        word.deinitialize(count: 1)
        word.deallocate()
        moves.deallocate()
    }

    /// How many times the map moved; stable while the lock is held shared.
    var generation: Int { moves.pointee }

    func lockShared() { Self.lockShared(word) }
    func unlockShared() { Self.unlockShared(word) }

    /// Takes the lock exclusively, giving up after `timeout` seconds; a thread
    /// that already holds it shared would otherwise wait forever on itself.
    func tryLockExclusive(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !word.pointee.compareExchange(expected: 0, desired: Self.exclusive, ordering: .acquiring).exchanged {
            if Date() > deadline { return false }
            usleep(200)
        }
        return true
    }

    /// Subtracts the bit rather than storing zero: a reader backing out may
    /// have its add in the word for a moment.
    func unlockExclusive() { word.pointee.wrappingSubtract(Self.exclusive, ordering: .releasing) }

    /// Counts a move of the map; the caller holds the lock exclusively.
    func recordMove() { moves.pointee += 1 }

    @inline(__always)
    fileprivate static func lockShared(_ word: UnsafeMutablePointer<Atomic<Int>>) {
        while word.pointee.wrappingAdd(1, ordering: .acquiring).oldValue & exclusive != 0 {
            // The map is moving: back out, and come back once it stands still.
            word.pointee.wrappingSubtract(1, ordering: .relaxed)
            while word.pointee.load(ordering: .relaxed) & exclusive != 0 { sched_yield() }
        }
    }

    @inline(__always)
    fileprivate static func unlockShared(_ word: UnsafeMutablePointer<Atomic<Int>>) {
        word.pointee.wrappingSubtract(1, ordering: .releasing)
    }

    /// The latch and its current generation, for a pointer into the map
    /// taken now; the caller holds the lock shared.
    var stamp: Stamp { Stamp(word: word, moves: moves, generation: moves.pointee) }

    /// Where the map stood when a pointer into it was taken: reaches the
    /// latch without retaining it, so that checking the pointer costs no
    /// reference counting. Whoever holds a stamp must know that the latch is
    /// alive: a kept document is read only while the version it was found in
    /// is pinned, and a pinned version keeps its environment (which owns the
    /// latch) open.
    package struct Stamp {
        fileprivate let word: UnsafeMutablePointer<Atomic<Int>>
        let moves: UnsafeMutablePointer<Int>
        let generation: Int

        /// Runs `body` with the lock held shared when the map has not moved
        /// since the stamp was taken; false when it has.
        @inline(__always)
        func withUnmoved(_ body: () throws -> Void) rethrows -> Bool {
            MapLatch.lockShared(word)
            defer { MapLatch.unlockShared(word) }
            guard moves.pointee == generation else { return false }
            try body()
            return true
        }
    }
}
