#ifndef GEODE_CDECIMAL_SHIM_H
#define GEODE_CDECIMAL_SHIM_H
// Intel's Decimal Floating-Point Math Library (Debian: libintelrdfpmath-dev),
// built as libbidgcc000: arguments by value, the rounding mode passed to each
// call, status flags through a pointer. These three settings must match the
// archive that is linked.
#define DECIMAL_CALL_BY_REFERENCE 0
#define DECIMAL_GLOBAL_ROUNDING 0
#define DECIMAL_GLOBAL_EXCEPTION_FLAGS 0
#include <bid_conf.h>
#include <bid_functions.h>
#endif
