#ifndef GEODE_CLMDB_SHIM_H
#define GEODE_CLMDB_SHIM_H
#include <lmdb.h>
/* getxattr and setxattr, for the audit stamp Geode keeps on a store file
   (AuditStamp.swift): Glibc's Swift module leaves <sys/xattr.h> out. */
#include <sys/xattr.h>

/* A hint that the cache line holding `p` will be read soon; never faults,
   whatever `p` is. Scans use it to read ahead in LMDB's leaf pages. */
static inline void geode_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

/* Orders keys exactly as LMDB's default comparison does (bytes as unsigned,
   then the shorter first), eight bytes at a time instead of through a memcmp
   call: a seek compares a key with about twenty others, and the engine's keys
   (object keys, cell ids, index keys) are mostly 8 to 16 bytes long. The
   order is the same, so files stay readable by any LMDB program. */
static inline int geode_compare_keys(const MDB_val *a, const MDB_val *b) {
    const unsigned char *p = (const unsigned char *)a->mv_data, *q = (const unsigned char *)b->mv_data;
    size_t n = a->mv_size < b->mv_size ? a->mv_size : b->mv_size, i = 0;
    for (; i + 8 <= n; i += 8) {
        unsigned long long x, y;
        __builtin_memcpy(&x, p + i, 8);
        __builtin_memcpy(&y, q + i, 8);
        if (x != y) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            x = __builtin_bswap64(x);
            y = __builtin_bswap64(y);
#endif
            return x < y ? -1 : 1;
        }
    }
    for (; i < n; i++) {
        if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
    }
    return a->mv_size < b->mv_size ? -1 : a->mv_size > b->mv_size ? 1 : 0;
}
#endif
