#ifndef GEODE_CGEOS_SHIM_H
#define GEODE_CGEOS_SHIM_H
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>

/* GEOSPreparedContainsXY_r arrived in GEOS 3.12; Debian 12 ships 3.11.
   Both answer "does the prepared geometry cover the point (x, y)":
   1 true, 0 false, 2 error. */
static inline char geode_prepared_covers_xy(GEOSContextHandle_t ctx,
                                            const GEOSPreparedGeometry *prepared,
                                            double x, double y) {
#if GEOS_VERSION_MAJOR > 3 || (GEOS_VERSION_MAJOR == 3 && GEOS_VERSION_MINOR >= 12)
    return GEOSPreparedIntersectsXY_r(ctx, prepared, x, y);
#else
    GEOSGeometry *point = GEOSGeom_createPointFromXY_r(ctx, x, y);
    if (point == NULL) return 2;
    char result = GEOSPreparedCovers_r(ctx, prepared, point);
    GEOSGeom_destroy_r(ctx, point);
    return result;
#endif
}

#endif
