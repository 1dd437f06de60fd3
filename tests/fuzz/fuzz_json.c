/* fuzz_json.c: libFuzzer harness for the JSON parser chase was configured
 * with (json-c and chase's checks around it, or chase's own): what it
 * accepts, written back, reads the same; what it refuses, it places. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "io/json.h"

struct out {
    char *s;
    size_t n, cap;
};

static void put(struct out *o, const char *s, size_t n)
{
    if (o->n + n > o->cap) {
        size_t cap = (o->n + n) * 2;
        char *p = realloc(o->s, cap);
        if (!p)
            abort();
        o->s = p;
        o->cap = cap;
    }
    memcpy(o->s + o->n, s, n);
    o->n += n;
}

static void put_string(struct out *o, const char *s, size_t n)
{
    char esc[8];
    size_t i;
    put(o, "\"", 1);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == '"' || c == '\\') {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(o, esc, 6);
        } else {
            put(o, s + i, 1);
        }
    }
    put(o, "\"", 1);
}

/* Writes v as JSON, checking on the way what the tree promises. */
static void write_value(struct out *o, const struct chase_json *v)
{
    char num[40];
    size_t i;

    /* json-c keeps no positions: the tree says 0; chase's own parser gives them all. */
#if HAVE_JSON_C
    if (v->line || v->column)
        abort();
#else
    if (v->line < 1 || v->column < 1)
        abort();
#endif
    switch (v->type) {
    case CHASE_JSON_NULL:
        put(o, "null", 4);
        break;
    case CHASE_JSON_BOOL:
        put(o, v->boolean ? "true" : "false", v->boolean ? 4 : 5);
        break;
    case CHASE_JSON_NUMBER:
        put(o, num, (size_t)snprintf(num, sizeof num, "%.17g", v->number));
        break;
    case CHASE_JSON_STRING:
        if (strlen(v->string) != v->length)
            abort();
        put_string(o, v->string, v->length);
        break;
    case CHASE_JSON_ARRAY:
    case CHASE_JSON_OBJECT:
        put(o, v->type == CHASE_JSON_ARRAY ? "[" : "{", 1);
        for (i = 0; i < v->count; i++) {
            const struct chase_json *m = v->items[i];
            if (i)
                put(o, ",", 1);
            if (v->type == CHASE_JSON_OBJECT) {
                if (!m->key || strlen(m->key) != m->key_length || chase_json_get(v, m->key) != m)
                    abort();
                put_string(o, m->key, m->key_length);
                put(o, ":", 1);
            } else if (m->key) {
                abort();
            }
            write_value(o, m);
        }
        put(o, v->type == CHASE_JSON_ARRAY ? "]" : "}", 1);
        break;
    default:
        abort();
    }
}

static int same(const struct chase_json *a, const struct chase_json *b)
{
    size_t i;
    if (a->type != b->type || a->count != b->count)
        return 0;
    if ((a->key || b->key) && (!a->key || !b->key || strcmp(a->key, b->key)))
        return 0;
    switch (a->type) {
    case CHASE_JSON_BOOL:
        return a->boolean == b->boolean;
    case CHASE_JSON_NUMBER:
        return a->number == b->number;
    case CHASE_JSON_STRING:
        return a->length == b->length && !memcmp(a->string, b->string, a->length);
    default:
        for (i = 0; i < a->count; i++)
            if (!same(a->items[i], b->items[i]))
                return 0;
        return 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct chase_json *v = NULL, *again = NULL;
    struct chase_json_error err;
    struct out o = {NULL, 0, 0};
    size_t lines = 1, i;

    memset(&err, 0, sizeof err);
    if (chase_json_parse((const char *)data, size, &v, &err)) {
        /* An error is placed on a line of the text, or (a value json-c read
         * and chase refused) at a path from the root, and says something. */
        for (i = 0; i < size; i++)
            lines += data[i] == '\n';
        if (!err.message[0])
            abort();
        if (err.line == 0 ? err.column || (err.where[0] != '.' && err.where[0] != '[')
                          : err.line > lines || err.column < 1 || err.column > size + 1 || err.where[0])
            abort();
        return 0;
    }
    write_value(&o, v);
    if (chase_json_parse(o.s, o.n, &again, &err) || !same(v, again))
        abort();
    chase_json_free(again);
    chase_json_free(v);
    free(o.s);
    return 0;
}
