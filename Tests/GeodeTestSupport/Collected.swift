import Foundation

/// Items that callbacks on other threads or queues report (notification
/// blocks, completion handlers), kept under a lock so that a test can wait
/// for them and read them.
///
/// ```swift
/// let heard = Collected<String>()
/// let token = results.observe(on: queue) { heard.add("\($0)") }
/// #expect(heard.wait(for: 1))
/// ```
public final class Collected<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    private let arrived = DispatchSemaphore(value: 0)

    public init() {}

    /// Keeps `item` and wakes a waiter.
    public func add(_ item: T) {
        lock.withLock { items.append(item) }
        arrived.signal()
    }

    /// Every item so far, in the order they came.
    public var all: [T] { lock.withLock { items } }

    /// Waits until `count` items came (at most `seconds`); whether they did.
    public func wait(for count: Int, seconds: Double = 10) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while all.count < count {
            if arrived.wait(timeout: deadline) == .timedOut { return all.count >= count }
        }
        return true
    }
}
