/* json.h: a strict JSON (RFC 8259) parser to a small tree (temporary: the
 * parsers branch brings the full one). */
#ifndef CHASE_JSON_H
#define CHASE_JSON_H

#include <stddef.h>

enum chase_json_type { CHASE_JSON_NULL, CHASE_JSON_FALSE, CHASE_JSON_TRUE, CHASE_JSON_NUMBER,
                       CHASE_JSON_STRING, CHASE_JSON_ARRAY, CHASE_JSON_OBJECT };

struct chase_json {
    enum chase_json_type type;
    double num;
    char *str;                  /* STRING: the text (NUL-terminated, no NUL inside) */
    struct chase_json *kids;    /* ARRAY, OBJECT: the members in order */
    char **keys;                /* OBJECT: the members' names */
    size_t n;
};

int chase_json_parse(const char *text, size_t len, struct chase_json **root, char *err, size_t errlen);
void chase_json_free(struct chase_json *j);
const struct chase_json *chase_json_get(const struct chase_json *obj, const char *key);
size_t chase_json_size(const struct chase_json *j);
const struct chase_json *chase_json_at(const struct chase_json *j, size_t i);
const char *chase_json_key(const struct chase_json *obj, size_t i);

#endif
