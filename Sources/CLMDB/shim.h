#ifndef GEODE_CLMDB_SHIM_H
#define GEODE_CLMDB_SHIM_H
#include <lmdb.h>

/* A hint that the cache line holding `p` will be read soon; never faults,
   whatever `p` is. Scans use it to read ahead in LMDB's leaf pages. */
static inline void geode_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }
#endif
