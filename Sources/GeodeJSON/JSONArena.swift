import CJSONArena
import CJansson

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
    /// One thread's block (`geode_json_arena` in the CJSONArena target, which
    /// holds the allocator for its C thread-local).
    typealias State = geode_json_arena

    /// jansson's allocation functions, set once for the process.
    private static let installed: Void = {
        json_set_alloc_funcs(geode_json_arena_malloc, geode_json_arena_free)
    }()

    /// The calling thread's arena, if it has begun one.
    static var current: UnsafeMutablePointer<State>? { geode_json_arena_current() }

    /// Starts an arena of `capacity` bytes on the calling thread; without
    /// the memory for it, jansson keeps using `malloc`.
    package static func begin(capacity: Int = 4 << 20) {
        _ = installed
        _ = geode_json_arena_begin(capacity)
    }

    /// Reclaims everything allocated since `begin` or the last reset. Every
    /// tree parsed since must have been released.
    package static func reset() { geode_json_arena_reset() }

    /// Ends the calling thread's arena and frees its block.
    package static func end() { geode_json_arena_end() }
}
