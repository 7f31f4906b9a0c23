import Foundation
@testable import GeodeCore
import Testing

/// The lock that keeps the memory map in place: readers share it, the map
/// moves only while no reader holds it, and a reader may take it again while
/// a move waits.
@Suite struct MapLatchTests {
    /// A value readers check while holding the latch shared and the mover
    /// changes (odd while moving) while holding it exclusively, and a count
    /// of what went wrong.
    private final class Shared: @unchecked Sendable {
        var phase = 0
        private var count = 0
        private var done = false
        private let lock = NSLock()
        func note() { lock.withLock { count += 1 } }
        var noted: Int { lock.withLock { count } }
        func finish() { lock.withLock { done = true } }
        var isDone: Bool { lock.withLock { done } }
    }

    /// Runs `body` on a thread of its own (readers spin: on the cooperative
    /// pool they could keep the mover from ever running); `finished` is
    /// signalled when it returns.
    private func spawn(_ finished: DispatchSemaphore, _ body: @escaping @Sendable () -> Void) {
        Thread {
            body()
            finished.signal()
        }.start()
    }

    @Test func readersNeverSeeTheMapMidMove() throws {
        let latch = MapLatch()
        let shared = Shared()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0 ..< 3 {
            spawn(finished) {
                var reads = 0
                while !shared.isDone {
                    // A stamp is taken with the latch held shared, as a read transaction does.
                    latch.lockShared()
                    let stamp = latch.stamp
                    latch.unlockShared()
                    _ = stamp.withUnmoved {
                        if shared.phase % 2 != 0 { shared.note() }
                    }
                    reads += 1
                    // Readers are preferred: leave the mover moments with no
                    // reader, as real reads (a property each) do.
                    if reads % 8 == 0 { usleep(20) }
                }
            }
        }
        spawn(finished) {
            for _ in 0 ..< 50 {
                guard latch.tryLockExclusive(timeout: 10) else { continue }
                shared.phase += 1
                usleep(100)
                shared.phase += 1
                latch.recordMove()
                latch.unlockExclusive()
                usleep(100)
            }
            shared.finish()
        }
        for _ in 0 ..< 4 { finished.wait() }
        #expect(shared.noted == 0, "a reader held the latch while the map moved")
        #expect(latch.generation == 50, "the mover did not always get the latch")
    }

    @Test func aStampIsRefusedAfterAMove() throws {
        let latch = MapLatch()
        latch.lockShared()
        let stamp = latch.stamp
        latch.unlockShared()
        #expect(latch.tryLockExclusive(timeout: 1))
        latch.recordMove()
        latch.unlockExclusive()
        var ran = false
        #expect(stamp.withUnmoved { ran = true } == false)
        #expect(!ran)
        let fresh = latch.stamp
        #expect(fresh.withUnmoved { ran = true })
        #expect(ran)
    }

    @Test func aReaderTakesTheLatchAgainWhileAMoveWaits() throws {
        let latch = MapLatch()
        latch.lockShared()
        // The move waits for the reader and gives up; meanwhile the reader
        // takes the latch a second time without waiting for the move.
        let finished = DispatchSemaphore(value: 0)
        let moved = Shared()
        spawn(finished) { if latch.tryLockExclusive(timeout: 0.3) { moved.note() } }
        usleep(50_000)
        latch.lockShared()
        latch.unlockShared()
        finished.wait()
        #expect(moved.noted == 0, "the map moved while a reader held the latch")
        latch.unlockShared()
        #expect(latch.tryLockExclusive(timeout: 1), "the latch stayed held after every reader let go")
        latch.unlockExclusive()
    }
}
