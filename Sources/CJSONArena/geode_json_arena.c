#include "geode_json_arena.h"

#include <stdlib.h>

static __thread geode_json_arena *current;

geode_json_arena *geode_json_arena_current(void) { return current; }

_Bool geode_json_arena_begin(size_t capacity) {
    if (current) return 1;
    geode_json_arena *arena = malloc(sizeof *arena);
    unsigned char *base = aligned_alloc(16, (capacity + 15) & ~(size_t)15);
    if (!arena || !base) {
        free(arena);
        free(base);
        return 0;
    }
    *arena = (geode_json_arena){.base = base, .capacity = capacity, .used = 0, .epoch = 0};
    current = arena;
    return 1;
}

void geode_json_arena_reset(void) {
    if (!current) return;
    current->used = 0;
    current->epoch += 1;
}

void geode_json_arena_end(void) {
    geode_json_arena *arena = current;
    if (!arena) return;
    current = NULL;
    free(arena->base);
    free(arena);
}

void *geode_json_arena_malloc(size_t size) {
    geode_json_arena *arena = current;
    if (arena) {
        size_t rounded = (size + 15) & ~(size_t)15;
        if (rounded >= size && arena->used + rounded <= arena->capacity) {
            void *pointer = arena->base + arena->used;
            arena->used += rounded;
            return pointer;
        }
    }
    return malloc(size);
}

void geode_json_arena_free(void *pointer) {
    if (!pointer) return;
    geode_json_arena *arena = current;
    if (arena && (unsigned char *)pointer >= arena->base && (unsigned char *)pointer < arena->base + arena->capacity)
        return;
    free(pointer);
}
