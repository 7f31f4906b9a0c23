// A narrow C interface to S2 Geometry (libs2) for Geode: polygons on the
// sphere with geodesic edges, built and tested as Realm builds and tests its
// query polygons. Swift cannot call S2's C++ API, hence this shim.
#ifndef GEODE_S2_H
#define GEODE_S2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A polygon on the sphere (an S2Polygon and its index).
typedef struct geode_s2_polygon geode_s2_polygon;

/// Builds a polygon from `ring_count` rings of (longitude, latitude) pairs in
/// degrees, laid end to end in `coordinates`; ring `i` has `ring_sizes[i]`
/// pairs, its closing pair included. Each ring becomes an S2Loop normalized to
/// cover at most half the sphere, and the loops are nested by containment
/// (S2Polygon::InitNested), so the first ring is the shell and the others its
/// holes whatever their winding. Returns NULL on an invalid ring and writes
/// S2's reason, NUL-terminated, into `error`.
geode_s2_polygon *geode_s2_polygon_new(const double *coordinates, const int32_t *ring_sizes, int32_t ring_count,
                                       char *error, size_t error_capacity);

/// Whether the polygon contains the point, in S2's semi-open model: of
/// polygons that share an edge or a vertex, exactly one contains a point on it.
/// Safe to call from several threads at once.
bool geode_s2_polygon_contains(const geode_s2_polygon *polygon, double longitude, double latitude);

void geode_s2_polygon_free(geode_s2_polygon *polygon);

#ifdef __cplusplus
}
#endif

#endif
