// Bump allocation for the trees jansson builds on a thread that parses many
// small records in a row (an import's parser threads); GeodeJSON's JSONArena
// wraps it. In C for its thread-local: jansson calls the allocation hooks at
// every node, string and hash bucket, and reaching a Swift thread-local
// (pthread_getspecific behind a lazily made key) cost a tenth of the parsing
// threads' time. Swift can declare no thread-local, nor define a C one.
#ifndef GEODE_JSON_ARENA_H
#define GEODE_JSON_ARENA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One thread's block: allocations take its next bytes, frees of them do
/// nothing, and a reset reclaims it whole.
typedef struct geode_json_arena {
    unsigned char *base;
    size_t capacity;
    size_t used;
    /// Counts resets, so that a tree can tell whether its memory is still its own.
    long epoch;
} geode_json_arena;

/// The calling thread's arena; NULL when it has begun none.
geode_json_arena *geode_json_arena_current(void);

/// Starts an arena of `capacity` bytes on the calling thread (nothing when it
/// has one); false when the block cannot be allocated.
_Bool geode_json_arena_begin(size_t capacity);

/// Reclaims everything allocated in the calling thread's arena.
void geode_json_arena_reset(void);

/// Ends the calling thread's arena and frees its block.
void geode_json_arena_end(void);

/// jansson's allocation hooks: the calling thread's arena while it has room,
/// else malloc; a free always goes to whoever allocated.
void *geode_json_arena_malloc(size_t size);
void geode_json_arena_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
