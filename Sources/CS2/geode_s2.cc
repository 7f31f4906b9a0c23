// See include/geode_s2.h.
#include "geode_s2.h"

// Abseil gives its B-tree nodes another layout when it sees AddressSanitizer;
// Debian's libs2 was built without it, and both layouts would meet in the
// templates this file instantiates (an ASan build then loops inside S2's
// index). Keep the library's layout.
#include <absl/base/config.h>
#undef ABSL_HAVE_ADDRESS_SANITIZER

#include <s2/s2error.h>
#include <s2/s2latlng.h>
#include <s2/s2latlng_rect_bounder.h>
#include <s2/s2loop.h>
#include <s2/mutable_s2shape_index.h>
#include <s2/s2boolean_operation.h>
#include <s2/s2closest_edge_query.h>
#include <s2/s2furthest_edge_query.h>
#include <s2/s2point_vector_shape.h>
#include <s2/s2polygon.h>
#include <s2/s2polyline.h>
#include <s2/s2shape_index_region.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

struct geode_s2_polygon {
    S2Polygon polygon;
};

static void write_error(const std::string &text, char *error, size_t capacity) {
    if (error == nullptr || capacity == 0) return;
    size_t n = text.size() < capacity - 1 ? text.size() : capacity - 1;
    std::memcpy(error, text.data(), n);
    error[n] = '\0';
}

static S2Point point_at(const double *pair) {
    return S2LatLng::FromDegrees(pair[1], pair[0]).Normalized().ToPoint();
}

// Builds `polygon` from rings as geode_s2_polygon_new describes; false with
// S2's reason in `error` when a ring or the whole is invalid.
static bool build_polygon(S2Polygon &polygon, const double *coordinates, const int32_t *ring_sizes, int32_t ring_count,
                          char *error, size_t error_capacity) {
    std::vector<std::unique_ptr<S2Loop>> loops;
    const double *pair = coordinates;
    for (int32_t r = 0; r < ring_count; r++) {
        std::vector<S2Point> points;
        const double *ring = pair;
        int32_t count = ring_sizes[r];
        pair += 2 * count;
        // A closing pair that repeats the first is dropped: S2 loops close by themselves.
        if (count > 1 && ring[0] == ring[2 * (count - 1)] && ring[1] == ring[2 * (count - 1) + 1]) count -= 1;
        for (int32_t i = 0; i < count; i++) {
            S2Point point = point_at(ring + 2 * i);
            if (!points.empty() && points.back() == point) continue;   // adjacent duplicates, as Realm drops them
            points.push_back(point);
        }
        auto loop = std::make_unique<S2Loop>(points, S2Debug::DISABLE);
        S2Error problem;
        if (loop->FindValidationError(&problem)) {
            write_error("ring " + std::to_string(r) + ": " + problem.text(), error, error_capacity);
            return false;
        }
        loop->Normalize();
        loops.push_back(std::move(loop));
    }
    polygon.set_s2debug_override(S2Debug::DISABLE);
    polygon.InitNested(std::move(loops));
    S2Error problem;
    if (polygon.FindValidationError(&problem)) {
        write_error(problem.text(), error, error_capacity);
        return false;
    }
    return true;
}

extern "C" geode_s2_polygon *geode_s2_polygon_new(const double *coordinates, const int32_t *ring_sizes, int32_t ring_count,
                                                  char *error, size_t error_capacity) {
    auto *result = new (std::nothrow) geode_s2_polygon();
    if (result == nullptr) {
        write_error("out of memory", error, error_capacity);
        return nullptr;
    }
    if (!build_polygon(result->polygon, coordinates, ring_sizes, ring_count, error, error_capacity)) {
        delete result;
        return nullptr;
    }
    // Build the index now, not lazily on the first (perhaps concurrent) test.
    result->polygon.index().ForceBuild();
    return result;
}

extern "C" bool geode_s2_polygon_contains(const geode_s2_polygon *polygon, double longitude, double latitude) {
    S2LatLng point = S2LatLng::FromDegrees(latitude, longitude);
    if (!point.is_valid()) return false;
    return polygon->polygon.Contains(point.ToPoint());
}

extern "C" void geode_s2_polygon_free(geode_s2_polygon *polygon) { delete polygon; }

struct geode_s2_shape {
    MutableS2ShapeIndex index;
};

extern "C" geode_s2_shape *geode_s2_shape_new(void) { return new (std::nothrow) geode_s2_shape(); }

extern "C" void geode_s2_shape_add_points(geode_s2_shape *shape, const double *coordinates, int32_t count) {
    std::vector<S2Point> points;
    points.reserve(count);
    for (int32_t i = 0; i < count; i++) points.push_back(point_at(coordinates + 2 * i));
    shape->index.Add(std::make_unique<S2PointVectorShape>(std::move(points)));
}

extern "C" bool geode_s2_shape_add_line(geode_s2_shape *shape, const double *coordinates, int32_t count, char *error,
                                        size_t error_capacity) {
    std::vector<S2Point> points;
    for (int32_t i = 0; i < count; i++) {
        S2Point point = point_at(coordinates + 2 * i);
        if (!points.empty() && points.back() == point) continue;
        points.push_back(point);
    }
    // A line whose positions are all one point is that point (S2 has no one-vertex polyline edge).
    if (points.size() == 1) {
        shape->index.Add(std::make_unique<S2PointVectorShape>(std::move(points)));
        return true;
    }
    auto line = std::make_unique<S2Polyline>(points, S2Debug::DISABLE);
    S2Error problem;
    if (line->FindValidationError(&problem)) {
        write_error(problem.text(), error, error_capacity);
        return false;
    }
    shape->index.Add(std::make_unique<S2Polyline::OwningShape>(std::move(line)));
    return true;
}

extern "C" bool geode_s2_shape_add_polygon(geode_s2_shape *shape, const double *coordinates, const int32_t *ring_sizes,
                                           int32_t ring_count, char *error, size_t error_capacity) {
    auto polygon = std::make_unique<S2Polygon>();
    if (!build_polygon(*polygon, coordinates, ring_sizes, ring_count, error, error_capacity)) return false;
    shape->index.Add(std::make_unique<S2Polygon::OwningShape>(std::move(polygon)));
    return true;
}

extern "C" void geode_s2_shape_build(geode_s2_shape *shape) { shape->index.ForceBuild(); }

extern "C" bool geode_s2_shape_intersects(const geode_s2_shape *a, const geode_s2_shape *b) {
    S2BooleanOperation::Options options;
    options.set_polygon_model(S2BooleanOperation::PolygonModel::CLOSED);
    options.set_polyline_model(S2BooleanOperation::PolylineModel::CLOSED);
    return S2BooleanOperation::Intersects(a->index, b->index, options);
}

extern "C" bool geode_s2_shape_contains(const geode_s2_shape *a, const geode_s2_shape *b, bool closed) {
    S2BooleanOperation::Options options;
    if (closed) {
        options.set_polygon_model(S2BooleanOperation::PolygonModel::CLOSED);
        options.set_polyline_model(S2BooleanOperation::PolylineModel::CLOSED);
    }
    return S2BooleanOperation::Contains(a->index, b->index, options);
}

extern "C" void geode_s2_shape_distances(const geode_s2_shape *shape, double longitude, double latitude, double *least,
                                         double *greatest) {
    S2Point point = S2LatLng::FromDegrees(latitude, longitude).Normalized().ToPoint();
    S2ClosestEdgeQuery closest(&shape->index);
    S2ClosestEdgeQuery::PointTarget near(point);
    *least = closest.GetDistance(&near).ToAngle().radians();
    S2FurthestEdgeQuery furthest(&shape->index);
    S2FurthestEdgeQuery::PointTarget far(point);
    *greatest = furthest.GetDistance(&far).ToAngle().radians();
}

extern "C" void geode_s2_shape_bounds(const geode_s2_shape *shape, double *bounds) {
    S2LatLngRect rect = MakeS2ShapeIndexRegion(&shape->index).GetRectBound();
    bounds[0] = rect.lng_lo().degrees();
    bounds[1] = rect.lat_lo().degrees();
    bounds[2] = rect.lng_hi().degrees();
    bounds[3] = rect.lat_hi().degrees();
}

extern "C" void geode_s2_shape_free(geode_s2_shape *shape) { delete shape; }

extern "C" void geode_s2_chain_bounds(const double *coordinates, int32_t count, double *bounds) {
    S2LatLngRectBounder bounder;
    for (int32_t i = 0; i < count; ++i) {
        bounder.AddLatLng(S2LatLng::FromDegrees(coordinates[2 * i + 1], coordinates[2 * i]).Normalized());
    }
    S2LatLngRect rect = bounder.GetBound();
    bounds[0] = rect.lng_lo().degrees();
    bounds[1] = rect.lat_lo().degrees();
    bounds[2] = rect.lng_hi().degrees();
    bounds[3] = rect.lat_hi().degrees();
}
