#ifndef GEODE_CXXHASH_SHIM_H
#define GEODE_CXXHASH_SHIM_H
/* xxHash's XXH3, compiled inline into the caller: an entry's check is a few
   dozen instructions at the sizes entries have, and a call into the shared
   library would cost as much again. */
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <string.h>

/* The check Geode stores with an entry: the low 32 bits of XXH3-64 over the
   key followed by the value. An LMDB leaf node holds them side by side, so a
   read hashes them in one pass where they lie; apart (a value on overflow
   pages, a write from two buffers) they are joined in a small buffer or fed
   to XXH3's streaming state, which gives the same hash. */
static inline unsigned int geode_entry_check(const void *key, size_t key_length,
                                             const void *value, size_t value_length) {
    if ((const char *)key + key_length == (const char *)value) {
        return (unsigned int)XXH3_64bits(key, key_length + value_length);
    }
    if (key_length + value_length <= 256) {
        unsigned char joined[256];
        if (key_length) memcpy(joined, key, key_length);
        if (value_length) memcpy(joined + key_length, value, value_length);
        return (unsigned int)XXH3_64bits(joined, key_length + value_length);
    }
    XXH3_state_t state;
    XXH3_64bits_reset(&state);
    XXH3_64bits_update(&state, key, key_length);
    XXH3_64bits_update(&state, value, value_length);
    return (unsigned int)XXH3_64bits_digest(&state);
}
/* geode_entry_check for an entry LMDB handed out, `value` pointing into its
   page. A value this small sits in its leaf node right after the key (LMDB
   moves only values of about half a page and more to overflow pages), so
   when the bytes before it are the key, as they are whenever the caller's key
   is a copy, key and value are hashed where they lie. */
static inline unsigned int geode_stored_entry_check(const void *key, size_t key_length,
                                                    const void *value, size_t value_length) {
    if (key_length + value_length <= 1024 && (const char *)key + key_length != (const char *)value) {
        const char *in_node = (const char *)value - key_length;
        if (memcmp(in_node, key, key_length) == 0) {
            return (unsigned int)XXH3_64bits(in_node, key_length + value_length);
        }
    }
    return geode_entry_check(key, key_length, value, value_length);
}
#endif
