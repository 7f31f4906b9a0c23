import CJansson
#if canImport(Glibc)
    import Glibc
#endif

/// Bump allocation for the trees jansson builds on a thread that parses many
/// small records in a row (an import's parser threads).
///
/// jansson allocates every node, string and hash bucket of a record one by
/// one and frees them one by one when the record is released — about half of
/// its time on records of a few hundred bytes. On a thread that has begun an
/// arena, those allocations take the next bytes of one block and their frees
/// do nothing; ``reset()`` then reclaims the whole block at once. Everywhere
/// else (other threads, or a full block) jansson gets `malloc` and `free` as
/// before, and a free always goes to whoever allocated.
///
/// A tree parsed in an arena must be released on its thread before the next
/// ``reset()``: ``JSONTree`` checks this and stops with a message otherwise.
///
/// ```swift
/// JSONArena.begin()
/// defer { JSONArena.end() }
/// for chunk in chunks {
///     for record in chunk { handle(try parse(record)) }   // trees released here
///     JSONArena.reset()
/// }
/// ```
package enum JSONArena {
    /// One thread's block.
    struct State {
        var base: UnsafeMutableRawPointer
        var capacity: Int
        var used: Int
        /// Counts resets, so that a tree can tell whether its memory is still its own.
        var epoch: Int
    }

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// jansson's allocation functions, set once for the process.
    private static let installed: Void = {
        json_set_alloc_funcs(arenaMalloc, arenaFree)
    }()

    /// The calling thread's arena, if it has begun one.
    static var current: UnsafeMutablePointer<State>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: State.self)
    }

    /// Starts an arena of `capacity` bytes on the calling thread.
    package static func begin(capacity: Int = 4 << 20) {
        _ = installed
        guard current == nil else { return }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(
            to: State(base: .allocate(byteCount: capacity, alignment: 16), capacity: capacity, used: 0, epoch: 0))
        pthread_setspecific(key, state)
    }

    /// Reclaims everything allocated since `begin` or the last reset. Every
    /// tree parsed since must have been released.
    package static func reset() {
        guard let state = current else { return }
        state.pointee.used = 0
        state.pointee.epoch += 1
    }

    /// Ends the calling thread's arena and frees its block.
    package static func end() {
        guard let state = current else { return }
        pthread_setspecific(key, nil)
        state.pointee.base.deallocate()
        state.deallocate()
    }

    /// Whether `pointer` lies in `state`'s block.
    static func owns(_ state: UnsafeMutablePointer<State>, _ pointer: UnsafeMutableRawPointer) -> Bool {
        pointer >= state.pointee.base && pointer < state.pointee.base + state.pointee.capacity
    }
}

private func arenaMalloc(_ size: Int) -> UnsafeMutableRawPointer? {
    if let state = JSONArena.current {
        let rounded = (size + 15) & ~15
        if state.pointee.used + rounded <= state.pointee.capacity {
            let pointer = state.pointee.base + state.pointee.used
            state.pointee.used += rounded
            return pointer
        }
    }
    return malloc(size)
}

private func arenaFree(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    if let state = JSONArena.current, JSONArena.owns(state, pointer) { return }
    free(pointer)
}
