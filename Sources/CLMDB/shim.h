#ifndef GEODE_CLMDB_SHIM_H
#define GEODE_CLMDB_SHIM_H
#include <lmdb.h>
#endif
