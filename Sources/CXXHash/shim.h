#ifndef GEODE_CXXHASH_SHIM_H
#define GEODE_CXXHASH_SHIM_H
/* xxHash's XXH3, compiled inline into the caller: an entry's check is a few
   dozen instructions at the sizes entries have, and a call into the shared
   library would cost as much again. */
#define XXH_INLINE_ALL
#include <xxhash.h>

/* The check Geode stores with an entry: the low 32 bits of XXH3-64 over the
   value, seeded with XXH3-64 of the key, so that a value read under another
   key does not verify either. */
static inline unsigned int geode_entry_check(const void *key, size_t key_length,
                                             const void *value, size_t value_length) {
    return (unsigned int)XXH3_64bits_withSeed(value, value_length, XXH3_64bits(key, key_length));
}
#endif
