/* json.h: JSON (RFC 8259) read into a small tree: by json-c where configure
 * found it (json_jsonc.c), else by chase's own strict parser (json_own.c). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_JSON_H
#define CHASE_JSON_H

#include <stddef.h>

/* Deeper nesting, a larger text or more values are refused, so no input
 * can exhaust the stack or the memory of the program that reads it: a
 * value costs about 150 bytes of tree, so the values bound the memory
 * (5 GB at most), and the text's size alone could not ("[0,0,...]" is
 * two bytes a value).  The bytes are those of the largest file chase
 * reads (CHASE_READ_MAX_BYTES), the values more than a sweep's JSON holds
 * in that many bytes (7 values a row of 75 bytes). */
#define CHASE_JSON_MAX_DEPTH 64
#define CHASE_JSON_MAX_BYTES (256u << 20)
#define CHASE_JSON_MAX_VALUES (32u << 20)
/* json-c spends about 1 KiB on an object (its hash table's 16 slots, even
 * for {}), seven times what any other value costs it, so objects have a
 * bound of their own: 4 GiB of them.  chase's own JSON at the bytes
 * allowed holds fewer (a row object takes 75 bytes: 3.6 million). */
#define CHASE_JSON_MAX_OBJECTS (4u << 20)

enum chase_json_type {
    CHASE_JSON_NULL,
    CHASE_JSON_BOOL,
    CHASE_JSON_NUMBER,
    CHASE_JSON_STRING,
    CHASE_JSON_ARRAY,
    CHASE_JSON_OBJECT
};

/* One value.  An object's members are its items, in the order written,
 * each with its key set; keys are unique within an object. */
struct chase_json {
    enum chase_json_type type;
    int boolean;                /* BOOL: 0 or 1 */
    double number;              /* NUMBER: finite */
    char *string;               /* STRING: UTF-8, NUL-terminated, no NUL inside */
    size_t length;              /* STRING: bytes before the terminating NUL */
    char *key;                  /* a member of an object: its name, as string is */
    size_t key_length;
    struct chase_json **items;  /* ARRAY, OBJECT */
    size_t count;
    size_t line, column;        /* where the value (a member: its key) begins, from 1;
                                 * 0 where the parser does not say (json-c) */
};

/* Where and why a text is not JSON.  column counts bytes from 1.  A
 * value found wrong once read (json-c's path: a number out of range, a
 * repeated key) has line 0 and is named by where instead, as jq writes
 * a path (".points[3].cycles"). */
struct chase_json_error {
    size_t line, column;
    char where[96];
    char message[128];
};

/* The parser this chase reads JSON with ("json-c 0.16", "chase's own"). */
const char *chase_json_parser(void);

/* Parses the len bytes at text (no NUL needed; nothing past them is read)
 * as exactly one JSON value.  Returns 0 and the tree in *out, to be freed
 * with chase_json_free; or -1 and, if err is not NULL, the first error. */
int chase_json_parse(const char *text, size_t len, struct chase_json **out, struct chase_json_error *err);
/* The same, refusing more than max_values values (at most
 * CHASE_JSON_MAX_VALUES: a larger max is taken as that). */
int chase_json_parse_max(const char *text, size_t len, size_t max_values, struct chase_json **out,
                         struct chase_json_error *err);

void chase_json_free(struct chase_json *v);

/* Accessors that take NULL or a value of another type and answer NULL or 0,
 * so a lookup chain needs one check at its end. */
int chase_json_is(const struct chase_json *v, enum chase_json_type type);
const struct chase_json *chase_json_get(const struct chase_json *obj, const char *key);
size_t chase_json_length(const struct chase_json *v);      /* array or object items */
const struct chase_json *chase_json_at(const struct chase_json *v, size_t i);
const char *chase_json_as_string(const struct chase_json *v);
/* Returns 0 and the number, or -1 if v is not a number. */
int chase_json_as_number(const struct chase_json *v, double *out);

#endif
