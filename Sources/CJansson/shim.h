#ifndef GEODE_CJANSSON_SHIM_H
#define GEODE_CJANSSON_SHIM_H
#include <jansson.h>

/* json_typeof is a macro: Swift cannot call it. */
static inline json_type geode_json_typeof(const json_t *json) { return json_typeof(json); }

/* json_error_t.text is a fixed char array; hand Swift a pointer to it. */
static inline const char *geode_json_error_text(const json_error_t *error) { return error->text; }

/* JSON_INDENT is a function-like macro. */
static inline size_t geode_json_indent(int n) { return JSON_INDENT(n); }

#endif
