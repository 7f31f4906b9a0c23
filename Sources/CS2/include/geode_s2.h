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

/// A geometry on the sphere: any mix of points, polylines and polygons with
/// geodesic edges, kept in one S2ShapeIndex so that S2BooleanOperation can
/// relate two of them (every GeoJSON geometry type maps onto it).
typedef struct geode_s2_shape geode_s2_shape;

/// An empty geometry; add parts, then call geode_s2_shape_build once.
geode_s2_shape *geode_s2_shape_new(void);

/// Adds `count` points, as (longitude, latitude) pairs in degrees.
void geode_s2_shape_add_points(geode_s2_shape *shape, const double *coordinates, int32_t count);

/// Adds a polyline of `count` vertices (adjacent duplicates dropped). Returns
/// false and writes S2's reason into `error` when it is not a valid polyline.
bool geode_s2_shape_add_line(geode_s2_shape *shape, const double *coordinates, int32_t count, char *error,
                             size_t error_capacity);

/// Adds a polygon built as geode_s2_polygon_new builds one. Returns false and
/// writes S2's reason into `error` when a ring or the polygon is invalid.
bool geode_s2_shape_add_polygon(geode_s2_shape *shape, const double *coordinates, const int32_t *ring_sizes,
                                int32_t ring_count, char *error, size_t error_capacity);

/// Builds the index, so that the tests below may run on several threads at once.
void geode_s2_shape_build(geode_s2_shape *shape);

/// Whether `a` and `b` share a point, boundaries included (touching counts,
/// as in PostGIS ST_Intersects and MongoDB $geoIntersects).
bool geode_s2_shape_intersects(const geode_s2_shape *a, const geode_s2_shape *b);

/// Whether `a` contains every point of `b`: with `closed`, boundaries
/// included (PostGIS ST_Covers); without, polygons semi-open as Realm tests
/// points (of two polygons that share an edge, exactly one contains a point on it).
bool geode_s2_shape_contains(const geode_s2_shape *a, const geode_s2_shape *b, bool closed);

/// The least and the greatest angle, in radians, from the point to the
/// geometry (polygon interiors included: 0 inside a polygon).
void geode_s2_shape_distances(const geode_s2_shape *shape, double longitude, double latitude, double *least,
                              double *greatest);

/// The bounding rectangle in degrees: west, south, east, north (west > east
/// when it crosses the antimeridian; the full circle when it holds a pole).
void geode_s2_shape_bounds(const geode_s2_shape *shape, double *bounds);

void geode_s2_shape_free(geode_s2_shape *shape);

/// The bounding rectangle, in degrees (west, south, east, north; west > east
/// across the antimeridian), of the geodesic edges joining `count` (longitude,
/// latitude) pairs in turn: S2LatLngRectBounder's bound, padded for rounding.
/// Cheap (no index): for shapes that hold no pole, the bound of their rings
/// and lines is the bound of the shape.
void geode_s2_chain_bounds(const double *coordinates, int32_t count, double *bounds);

#ifdef __cplusplus
}
#endif

#endif
