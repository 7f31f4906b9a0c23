import Foundation

/// The write transaction this process has open on an environment, and the
/// tasks waiting for it to end without blocking a thread.
///
/// A synchronous write records its thread with ``began(on:)`` and
/// ``ended()``. An asynchronous one goes through ``withTurn(isolation:_:)``:
/// while a write of the process is open it suspends in a line, first come
/// first served, and the end of the write wakes the first task in line (one
/// at a time). The task woken holds the turn until its own write is over,
/// so that a task arriving meanwhile queues behind it; a synchronous writer
/// of another thread can still slip in between, and the woken task then
/// waits again, first in line.
///
/// ```swift
/// let writer = WriterQueue()
/// writer.began(on: pthread_self())
/// Task { try await writer.withTurn { print("the write above has ended") } }
/// writer.ended()
/// ```
final class WriterQueue: Sendable {
    /// A task waiting in line: its ticket, and what resumes it (with false:
    /// it is woken and should claim the turn again).
    private typealias Waiter = (ticket: UInt64, continuation: CheckedContinuation<Bool, any Error>)

    /// The writing thread, the task holding the turn, and the line.
    private struct State {
        var thread: pthread_t?
        var turn: UInt64?
        var lastTicket: UInt64 = 0
        var waiters: [Waiter] = []
    }

    /// How a claim of the turn ended at once.
    private enum Claim {
        case granted, queued, cancelled
    }

    private let state = Locked(State())

    init() {}

    /// Whether the write open in this process runs on `thread`.
    func isWriting(on thread: pthread_t) -> Bool {
        state.withLock { $0.thread.map { pthread_equal($0, thread) != 0 } ?? false }
    }

    /// Records that the write of this process runs on `thread` from now on.
    func began(on thread: pthread_t) {
        state.withLock { $0.thread = thread }
    }

    /// Records that the write has ended, and wakes the first task in line
    /// unless a woken one still holds the turn.
    func ended() {
        state.withLock { state in
            state.thread = nil
            return Self.wakeNext(&state)
        }?.resume(returning: false)
    }

    /// Waits, suspended, until no write of this process is open and the
    /// tasks in line before this one have had their turn, then runs `body`
    /// (a synchronous write) on the caller's isolation and passes the turn on.
    ///
    /// A task cancelled before or while it waits throws `CancellationError`
    /// and runs nothing. Called on the thread whose write is open, it runs
    /// `body` at once, where a nested write fails as it does elsewhere.
    /// Another process's write is not seen here: `body` blocks on LMDB's
    /// process-shared lock for as long as that one lasts.
    ///
    /// ```swift
    /// try await writer.withTurn { try environment.write { txn in try txn.put(db, key: k, value: v) } }
    /// ```
    func withTurn<T>(isolation: isolated (any Actor)? = #isolation, _ body: () throws -> T) async throws -> T {
        try Task.checkCancellation()
        // Waiting for the write of this very thread would never end.
        if isWriting(on: pthread_self()) { return try body() }
        let ticket = state.withLock { state in
            state.lastTicket &+= 1
            return state.lastTicket
        }
        defer { pass(ticket) }
        while !(try await claim(ticket)) {}
        try Task.checkCancellation()
        return try body()
    }

    /// Takes the turn for `ticket` when no write is open and the line is
    /// empty (or the turn was given to it), and returns true; otherwise
    /// queues it and returns false once it is woken. Throws
    /// `CancellationError`, out of the line, when its task is cancelled.
    private func claim(_ ticket: UInt64, isolation: isolated (any Actor)? = #isolation) async throws -> Bool {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
                let claim = state.withLock { state -> Claim in
                    // Checked under the lock: a cancellation handler that ran before the
                    // task queued found nothing to remove.
                    if Task.isCancelled { return .cancelled }
                    let mine = state.turn == ticket
                    if state.thread == nil, mine || (state.turn == nil && state.waiters.isEmpty) {
                        state.turn = ticket
                        return .granted
                    }
                    if mine {
                        // Woken, but a writer slipped in: first in line again.
                        state.turn = nil
                        state.waiters.insert((ticket, continuation), at: 0)
                    } else {
                        state.waiters.append((ticket, continuation))
                    }
                    return .queued
                }
                switch claim {
                case .granted: continuation.resume(returning: true)
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .queued: break
                }
            }
        } onCancel: {
            cancel(ticket)
        }
    }

    /// Takes `ticket` out of the line, if it is there, and resumes its task with `CancellationError`.
    private func cancel(_ ticket: UInt64) {
        state.withLock { state -> CheckedContinuation<Bool, any Error>? in
            guard let index = state.waiters.firstIndex(where: { $0.ticket == ticket }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }?.resume(throwing: CancellationError())
    }

    /// Gives up the turn, if `ticket` holds it, to the next task in line.
    private func pass(_ ticket: UInt64) {
        state.withLock { state -> CheckedContinuation<Bool, any Error>? in
            guard state.turn == ticket else { return nil }
            state.turn = nil
            return Self.wakeNext(&state)
        }?.resume(returning: false)
    }

    /// Gives the turn to the first task in line when no write is open and no
    /// task holds it; returns that task's continuation, to resume outside the lock.
    private static func wakeNext(_ state: inout State) -> CheckedContinuation<Bool, any Error>? {
        guard state.thread == nil, state.turn == nil, !state.waiters.isEmpty else { return nil }
        let next = state.waiters.removeFirst()
        state.turn = next.ticket
        return next.continuation
    }
}
