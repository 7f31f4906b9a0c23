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
#include <s2/s2loop.h>
#include <s2/s2polygon.h>

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

extern "C" geode_s2_polygon *geode_s2_polygon_new(const double *coordinates, const int32_t *ring_sizes, int32_t ring_count,
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
            S2Point point = S2LatLng::FromDegrees(ring[2 * i + 1], ring[2 * i]).Normalized().ToPoint();
            if (!points.empty() && points.back() == point) continue;   // adjacent duplicates, as Realm drops them
            points.push_back(point);
        }
        auto loop = std::make_unique<S2Loop>(points, S2Debug::DISABLE);
        S2Error problem;
        if (loop->FindValidationError(&problem)) {
            write_error("ring " + std::to_string(r) + ": " + problem.text(), error, error_capacity);
            return nullptr;
        }
        loop->Normalize();
        loops.push_back(std::move(loop));
    }
    auto *result = new (std::nothrow) geode_s2_polygon();
    if (result == nullptr) {
        write_error("out of memory", error, error_capacity);
        return nullptr;
    }
    result->polygon.set_s2debug_override(S2Debug::DISABLE);
    result->polygon.InitNested(std::move(loops));
    S2Error problem;
    if (result->polygon.FindValidationError(&problem)) {
        write_error(problem.text(), error, error_capacity);
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
