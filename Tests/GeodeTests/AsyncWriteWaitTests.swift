import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

/// What the waiting writers write.
final class AWWItem: Object {
    @Persisted var name = ""
    @Persisted var order = 0
}

/// The actor two realms of one test are isolated to.
@globalActor actor AWWActor {
    static let shared = AWWActor()
}

/// A value handed to other tasks as it is: a realm whose state the test reads
/// only through thread-safe members, or uses in one task at a time.
private final class AWWBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A value tasks share, behind a lock.
private final class AWWShared<Value: Sendable>: Sendable {
    private let locked: Locked<Value>
    init(_ value: Value) { locked = Locked(value) }
    var value: Value { locked.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { locked.withLock { body(&$0) } }
}

/// A write transaction held open by a plain thread (not one of the
/// cooperative pool) until ``commit()`` is called — or, so that a test whose
/// tasks block the pool fails instead of hanging, until `timeout` passes.
private final class AWWHeldWrite: @unchecked Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Whether ``commit()`` came before the timeout; set before `done` is signalled.
    private let committedOnTime = Locked(false)

    /// Starts the thread, which opens a realm of `configuration`, adds an
    /// item (order -1) in a write begun with `beginWrite()` (or, with
    /// `closure`, inside `write { }`), and returns once the write is open.
    static func start(_ configuration: Realm.Configuration, closure: Bool = false, timeout: Double = 10)
        async throws -> AWWHeldWrite
    {
        let held = AWWHeldWrite()
        try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
            Thread {
                defer { held.done.signal() }
                let realm: Realm
                do {
                    realm = try Realm(configuration: configuration)
                } catch {
                    opened.resume(throwing: error)
                    return
                }
                let hold = {
                    realm.add(AWWItem(value: ["name": "held", "order": -1]))
                    opened.resume()
                    let onTime = held.release.wait(timeout: .now() + timeout) == .success
                    held.committedOnTime.withLock { $0 = onTime }
                }
                if closure {
                    try? realm.write(hold)
                } else {
                    realm.beginWrite()
                    hold()
                    try? realm.commitWrite()
                }
            }.start()
        }
        return held
    }

    /// Lets the thread commit.
    func commit() { release.signal() }

    /// Waits, suspended, until the thread has committed; returns whether it
    /// was let to before the timeout.
    func finished() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                self.done.wait()
                continuation.resume(returning: self.committedOnTime.withLock { $0 })
            }
        }
    }
}

/// Counts tasks arriving and lets one wait, suspended, until all have.
private actor AWWArrivals {
    private let expected: Int
    private var arrived = 0
    private var waiter: CheckedContinuation<Void, Never>?

    init(expected: Int) { self.expected = expected }

    func arrive() {
        arrived += 1
        if arrived == expected { waiter?.resume() }
    }

    func all() async {
        if arrived >= expected { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

/// What `operation` returned or threw, or nil when it took longer than
/// `seconds` (it is then left running). The clock is Dispatch's, so the
/// limit holds even when the cooperative pool is blocked.
private func awwWithin<T: Sendable>(_ seconds: Double, _ operation: @escaping @Sendable () async throws -> T) async
    -> Result<T, any Error>?
{
    let pending = Locked<CheckedContinuation<Result<T, any Error>?, Never>?>(nil)
    let finish: @Sendable (Result<T, any Error>?) -> Void = { outcome in
        pending.withLock { continuation in
            continuation?.resume(returning: outcome)
            continuation = nil
        }
    }
    return await withCheckedContinuation { continuation in
        pending.withLock { $0 = continuation }
        Task {
            do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(nil) }
    }
}

/// Waits (five seconds at most) until `condition` holds; returns whether it did.
private func awwEventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return condition()
}

@Suite("asyncWrite waits for another writer without blocking its thread", .timeLimit(.minutes(1)))
struct AsyncWriteWaitTests {
    private static func configuration(_ directory: TemporaryDirectory) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.url.appendingPathComponent("aww.geode"), objectTypes: [AWWItem.self])
    }

    @Test func asyncWritesWaitingForAnotherThreadsWriteLeaveThePoolFreeAndAllCommitAfterIt() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let held = try await AWWHeldWrite.start(configuration)
        // Four times as many as the cooperative pool of a two-core machine has threads.
        let writers = 8
        let arrivals = AWWArrivals(expected: writers)
        let tasks = (0..<writers).map { order in
            Task {
                let realm = try Realm(configuration: configuration)
                await arrivals.arrive()
                try await realm.asyncWrite { realm.add(AWWItem(value: ["name": "task", "order": order])) }
            }
        }
        // Unrelated async work, which runs only while the waiting writers leave
        // the pool's threads free; it is what lets the held write commit.
        Task {
            await arrivals.all()
            held.commit()
        }
        #expect(await held.finished(), "the held write committed only at its timeout: waiting writers blocked the pool")
        for task in tasks { try await task.value }
        let orders = try Realm(configuration: configuration).objects(AWWItem.self).map(\.order)
        #expect(orders.sorted() == Array(-1..<writers))
    }

    @Test func asyncWritesWaitingForAWriteTakeTheirTurnsInTheOrderTheyCame() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let held = try await AWWHeldWrite.start(configuration)
        let realms = AWWBox(try (0..<4).map { _ in try Realm(configuration: configuration) })
        let written = AWWShared<[Int]>([])
        var tasks: [Task<Void, any Error>] = []
        for order in realms.value.indices {
            tasks.append(
                Task {
                    let realm = realms.value[order]
                    try await realm.asyncWrite {
                        written.update { $0.append(order) }
                        realm.add(AWWItem(value: ["name": "task", "order": order]))
                    }
                })
            let waiting = await awwEventually { realms.value[order].isPerformingAsynchronousWriteOperations }
            #expect(waiting, "writer \(order) never started waiting")
        }
        held.commit()
        #expect(await held.finished())
        for task in tasks { try await task.value }
        #expect(written.value == [0, 1, 2, 3])
        #expect(realms.value.allSatisfy { !$0.isPerformingAsynchronousWriteOperations })
    }

    @Test func anAsyncWriteCancelledWhileItWaitsThrowsCancellationAndLaterWritersProceed() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let held = try await AWWHeldWrite.start(configuration, closure: true)
        let ran = AWWShared(false)
        let first = AWWBox(try Realm(configuration: configuration))
        let second = AWWBox(try Realm(configuration: configuration))
        let cancelled = Task {
            try await first.value.asyncWrite {
                ran.update { $0 = true }
                first.value.add(AWWItem(value: ["name": "cancelled", "order": 0]))
            }
        }
        #expect(await awwEventually { first.value.isPerformingAsynchronousWriteOperations })
        let later = Task {
            try await second.value.asyncWrite { second.value.add(AWWItem(value: ["name": "later", "order": 1])) }
        }
        #expect(await awwEventually { second.value.isPerformingAsynchronousWriteOperations })

        cancelled.cancel()
        let outcome = await awwWithin(5) { try await cancelled.value }
        switch outcome {
        case .failure(let error): #expect(error is CancellationError, "\(error)")
        case .success: Issue.record("the cancelled write ran")
        case nil: Issue.record("the cancelled write went on waiting")
        }
        #expect(!first.value.isPerformingAsynchronousWriteOperations)

        held.commit()
        #expect(await held.finished())
        let proceeded = await awwWithin(5) { try await later.value }
        #expect(proceeded.map { (try? $0.get()) != nil } == true, "the later writer did not commit")
        #expect(!ran.value)
        // The line is free: another write goes through at once.
        try await first.value.asyncWrite { first.value.add(AWWItem(value: ["name": "after", "order": 2])) }
        let names = try Realm(configuration: configuration).objects(AWWItem.self).map(\.name)
        #expect(Set(names) == ["held", "later", "after"])
    }

    @Test func anAsyncWriteInsideAWriteOfItsThreadFailsAsANestedWriteDoesInsteadOfWaitingForItself() async throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [AWWItem.self], named: "aww.geode")
        let ran = AWWShared(false)
        realm.beginWrite()
        realm.add(AWWItem(value: ["name": "outer"]))
        // A GeodeError, as from a nested write: not the CancellationError of a wait the time limit ends.
        await #expect(throws: GeodeError.self) {
            try await realm.asyncWrite { ran.update { $0 = true } }
        }
        // Another realm of the thread shares the write, and fails the same way.
        let other = try directory.realm(of: [AWWItem.self], named: "aww.geode")
        await #expect(throws: GeodeError.self) {
            try await other.asyncWrite { ran.update { $0 = true } }
        }
        #expect(realm.isInWriteTransaction)
        try realm.commitWrite()
        #expect(!ran.value)
        try await realm.asyncWrite { realm.add(AWWItem(value: ["name": "after"])) }
        #expect(Set(realm.objects(AWWItem.self).map(\.name)) == ["outer", "after"])
    }

    @Test func anAsyncWriteOfAnActorRealmInsideAnotherRealmsWriteOnThatActorFailsInsteadOfWaiting() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory)
        let seen = await awwWithin(10) { await Self.writeInsideWrite(configuration) }
        #expect(seen.map { (try? $0.get()) ?? [] } == ["failed GeodeError false", "after outer"])
    }

    /// On one actor, an asyncWrite of one realm inside a write of another
    /// (which an actor realm does not share), then one after it.
    @AWWActor private static func writeInsideWrite(_ configuration: Realm.Configuration) async -> [String] {
        do {
            let writing = try await Realm(configuration: configuration, actor: AWWActor.shared)
            let nested = try await Realm(configuration: configuration, actor: AWWActor.shared)
            var seen: [String] = []
            writing.beginWrite()
            do {
                try await nested.asyncWrite { nested.add(AWWItem(value: ["name": "nested"])) }
                seen.append("written")
            } catch {
                seen.append("failed \(type(of: error)) \(nested.isInWriteTransaction)")
            }
            writing.add(AWWItem(value: ["name": "outer"]))
            try writing.commitWrite()
            // Nothing was left waiting or holding a turn.
            try await nested.asyncWrite { nested.add(AWWItem(value: ["name": "after"])) }
            seen.append(nested.objects(AWWItem.self).map(\.name).sorted().joined(separator: " "))
            return seen
        } catch {
            return ["\(error)"]
        }
    }
}
