/* json_jsonc.c: JSON read by json-c into chase's tree (json.h), with what
 * chase asks of hostile input that json-c does not check itself. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "io/json.h"

_Static_assert(CHASE_JSON_MAX_BYTES < INT_MAX, "json_tokener_parse_ex takes the length as an int");

const char *chase_json_parser(void)
{
    static char name[40];
    if (!name[0])
        snprintf(name, sizeof name, "json-c %s", json_c_version());
    return name;
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int fail_at(struct chase_json_error *err, const char *text, size_t at, const char *where, const char *fmt,
                   ...)
{
    va_list ap;
    size_t i, line = 1, start = 0;
    if (!err)
        return -1;
    if (where) {
        err->line = err->column = 0;
        snprintf(err->where, sizeof err->where, "%s", where);
    } else {
        for (i = 0; i < at; i++)
            if (text[i] == '\n') {
                line++;
                start = i + 1;
            }
        err->line = line;
        err->column = at - start + 1;
        err->where[0] = 0;
    }
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* What lies at a byte, for a message: "'x'", "byte 0x01", "the end". */
static const char *shown(const char *text, size_t len, size_t at, char *buf, size_t size)
{
    unsigned char c = at < len ? (unsigned char)text[at] : 0;
    if (at >= len)
        snprintf(buf, size, "the end of the text");
    else if (c > 0x20 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02x", c);
    return buf;
}

/* ---- the scan: what json-c's reading cannot bound or does not check ----
 *
 * One pass over the bytes before json-c builds anything: the values and
 * objects the text holds, so a text past the limits is refused before
 * json-c spends memory on it (json-c has no such limit); and what json-c
 * 0.16 accepts though RFC 8259 does not and chase's tree cannot hold: a
 * single-quoted string, a raw control character in a string, \u0000 (a
 * NUL the tree's C strings would cut a key or a value at).  The members
 * each object is written with are kept, in the order of the objects in
 * the text (the order a walk of the tree meets them): json-c keeps only
 * the last of a repeated key, and one member fewer in its object is how
 * chase sees that a key was repeated. */
struct scan {
    size_t values;
    uint32_t *members;          /* a count an object, in the text's order */
    size_t objects, cap;
    size_t stop;                /* the first byte refused, or the length */
    char why[128];
};

/* The next byte past i+1 that is not whitespace (or len). */
static size_t next_token(const char *text, size_t len, size_t i)
{
    for (i++; i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'); i++)
        ;
    return i;
}

static int scan_stop(struct scan *sc, size_t at, const char *why)
{
    sc->stop = at;
    snprintf(sc->why, sizeof sc->why, "%s", why);
    return 1;
}

static int scan_text(struct scan *sc, const char *text, size_t len, size_t max_values)
{
    /* The open containers: an object's index in members, or SIZE_MAX for an
     * array.  Past the deepest allowed, json-c refuses the text at that
     * byte, so the scan goes no deeper. */
    size_t open[CHASE_JSON_MAX_DEPTH + 1];
    size_t depth = 0, i, next;
    int in_string = 0;
    char msg[128];

    sc->values = 1;
    sc->stop = len;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (in_string) {
            if (c == '"') {
                in_string = 0;
            } else if (c < 0x20) {
                snprintf(msg, sizeof msg, "control character 0x%02x in a string (it must be escaped)", c);
                return scan_stop(sc, i, msg);
            } else if (c == '\\' && i + 1 < len) {
                if (len - i >= 6 && !memcmp(text + i + 1, "u0000", 5))
                    return scan_stop(sc, i, "\\u0000 (NUL) is not allowed in a string");
                if ((unsigned char)text[i + 1] >= 0x20)
                    i++;        /* the escaped byte: a quote does not end the string */
            }
            continue;
        }
        if (c == '"') {
            in_string = 1;
            continue;
        }
        if (c == '\'')
            return scan_stop(sc, i, "unexpected ''' (JSON's strings take double quotes)");
        if (c == ']' || c == '}') {
            if (depth)
                depth--;
            continue;
        }
        if (c == '[' || c == '{') {
            if (depth > CHASE_JSON_MAX_DEPTH)
                return 0;
            if (c == '{') {
                if (sc->objects == CHASE_JSON_MAX_OBJECTS) {
                    snprintf(msg, sizeof msg, "more than %u objects", CHASE_JSON_MAX_OBJECTS);
                    return scan_stop(sc, i, msg);
                }
                if (sc->objects == sc->cap) {
                    size_t cap = sc->cap ? sc->cap * 2 : 64;
                    uint32_t *m = realloc(sc->members, cap * sizeof *m);
                    if (!m)
                        return scan_stop(sc, i, "out of memory");
                    sc->members = m;
                    sc->cap = cap;
                }
                sc->members[sc->objects] = 0;
                open[depth++] = sc->objects++;
            } else {
                open[depth++] = SIZE_MAX;
            }
            next = next_token(text, len, i);
            if (next < len && text[next] == (c == '[' ? ']' : '}'))
                continue;       /* empty: no value in it */
        } else if (c != ',') {
            continue;
        }
        /* A value begins: the first in a container, or one after a comma. */
        if (depth && open[depth - 1] != SIZE_MAX)
            sc->members[open[depth - 1]]++;
        if (sc->values++ == max_values) {
            snprintf(msg, sizeof msg, "more than %zu values", max_values);
            return scan_stop(sc, next_token(text, len, i), msg);
        }
    }
    return 0;
}

/* ---- json-c's tree into chase's ---- */

/* Where a value is, from the root: a key, or an index in an array. */
struct path {
    const struct path *up;
    const char *key;            /* NULL: index */
    size_t index;
};

static void path_text(const struct path *p, char *buf, size_t size, size_t *n)
{
    const char *k;
    if (!p)
        return;
    path_text(p->up, buf, size, n);
    if (*n + 1 >= size)
        return;
    if (!p->key) {
        *n += (size_t)snprintf(buf + *n, size - *n, "[%zu]", p->index);
    } else {
        buf[(*n)++] = '.';
        for (k = p->key; *k && *n + 1 < size; k++)
            buf[(*n)++] = (unsigned char)*k < 0x20 || *k == 0x7f ? '?' : *k;
        buf[*n] = 0;
    }
    if (*n >= size)
        *n = size - 1;
}

struct conv {
    const struct scan *sc;
    size_t values, objects;
    const char *text;
    struct chase_json_error *err;
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail_value(struct conv *cv, const struct path *at, const char *fmt, ...)
{
    char where[96], msg[128];
    size_t n = 0;
    va_list ap;

    where[0] = 0;
    path_text(at, where, sizeof where, &n);
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fail_at(cv->err, cv->text, 0, where[0] ? where : ".", "%s", msg);
}

static int convert(struct conv *cv, struct json_object *o, const struct path *at, struct chase_json **out);

static int convert_array(struct conv *cv, struct json_object *o, const struct path *at, struct chase_json *v)
{
    size_t i, n = json_object_array_length(o);
    struct path p = {at, NULL, 0};

    if (!n)
        return 0;
    if (!(v->items = calloc(n, sizeof *v->items)))
        return fail_value(cv, at, "out of memory");
    for (i = 0; i < n; i++) {
        p.index = i;
        v->count++;     /* counted first: a failed item is freed with the tree */
        if (convert(cv, json_object_array_get_idx(o, i), &p, &v->items[i]))
            return -1;
        /* json-c's copy goes as soon as chase's is made: the two trees
         * are never both whole (a large sweep's rows are most of both). */
        json_object_array_put_idx(o, i, NULL);
    }
    return 0;
}

static int convert_object(struct conv *cv, struct json_object *o, const struct path *at, struct chase_json *v)
{
    size_t n = (size_t)json_object_object_length(o), written;
    struct lh_entry *e;
    struct path p = {at, NULL, 0};

    /* The scan counted the objects in the text's order, the order this
     * walk meets them; it may have stopped counting at a depth json-c
     * refused, but then there is no tree. */
    written = cv->objects < cv->sc->objects ? cv->sc->members[cv->objects] : n;
    cv->objects++;
    if (n < written)
        return fail_value(cv, at, "a key repeated in this object (%zu members written, %zu keys)", written, n);
    if (!n)
        return 0;
    if (!(v->items = calloc(n, sizeof *v->items)))
        return fail_value(cv, at, "out of memory");
    for (e = json_object_get_object(o)->head; e; e = e->next) {
        struct chase_json **m = &v->items[v->count++];
        const char *key = (const char *)lh_entry_k(e);
        p.key = key;
        if (convert(cv, (struct json_object *)lh_entry_v(e), &p, m))
            return -1;
        (*m)->key_length = strlen(key);
        if (!((*m)->key = strdup(key)))
            return fail_value(cv, &p, "out of memory");
    }
    return 0;
}

static int convert(struct conv *cv, struct json_object *o, const struct path *at, struct chase_json **out)
{
    struct chase_json *v = calloc(1, sizeof *v);
    const char *s;
    int64_t i64;

    if (!v)
        return fail_value(cv, at, "out of memory");
    *out = v;
    cv->values++;
    switch (json_object_get_type(o)) {
    case json_type_null:
        v->type = CHASE_JSON_NULL;
        return 0;
    case json_type_boolean:
        v->type = CHASE_JSON_BOOL;
        v->boolean = json_object_get_boolean(o) ? 1 : 0;
        return 0;
    case json_type_int:
        /* json-c clamps an integer past 64 bits to the nearest limit
         * without a word: a figure chase would read wrong. */
        i64 = json_object_get_int64(o);
        if (i64 == INT64_MIN || (i64 == INT64_MAX && json_object_get_uint64(o) == UINT64_MAX))
            return fail_value(cv, at, "an integer at or past 64 bits (write it with an exponent)");
        v->type = CHASE_JSON_NUMBER;
        v->number = json_object_get_double(o);
        return 0;
    case json_type_double:
        v->type = CHASE_JSON_NUMBER;
        v->number = json_object_get_double(o);
        if (!isfinite(v->number))
            return fail_value(cv, at, "a number out of range (beyond a double) or not a number");
        return 0;
    case json_type_string:
        v->type = CHASE_JSON_STRING;
        s = json_object_get_string(o);
        v->length = (size_t)json_object_get_string_len(o);
        if (memchr(s, 0, v->length))
            return fail_value(cv, at, "\\u0000 (NUL) is not allowed in a string");
        if (!(v->string = malloc(v->length + 1)))
            return fail_value(cv, at, "out of memory");
        memcpy(v->string, s, v->length + 1);
        return 0;
    case json_type_array:
        v->type = CHASE_JSON_ARRAY;
        return convert_array(cv, o, at, v);
    case json_type_object:
        v->type = CHASE_JSON_OBJECT;
        return convert_object(cv, o, at, v);
    }
    return fail_value(cv, at, "a value of a type json-c added since");
}

/* json-c reads text[0, n); returns its tree, or NULL with err set and
 * *err_at the byte it stopped at (n: the text ended too soon). */
static struct json_object *jsonc_read(const char *text, size_t n, struct chase_json_error *err, size_t *err_at)
{
    struct json_tokener *tok = json_tokener_new_ex(CHASE_JSON_MAX_DEPTH);
    struct json_object *o;
    enum json_tokener_error e;
    size_t at;
    char what[24];

    *err_at = 0;
    if (!tok) {
        fail_at(err, text, 0, NULL, "out of memory");
        return NULL;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    o = json_tokener_parse_ex(tok, text, (int)n);
    e = json_tokener_get_error(tok);
    at = json_tokener_get_parse_end(tok);
    if (!o && e == json_tokener_continue) {
        /* The text ended inside a value (or after a number, which only its
         * end can close): a NUL tells json-c that nothing follows. */
        o = json_tokener_parse_ex(tok, "", 1);
        e = json_tokener_get_error(tok);
        at = n;
    }
    if (!o) {
        if (e == json_tokener_error_depth)
            fail_at(err, text, at, NULL, "nested deeper than %d levels", CHASE_JSON_MAX_DEPTH);
        else
            fail_at(err, text, at, NULL, "%s (at %s)", json_tokener_error_desc(e), shown(text, n, at, what, sizeof what));
    } else if (at < n) {
        /* Strict json-c stops at a NUL after a value, and calls it the end. */
        fail_at(err, text, at, NULL, "unexpected %s (expected the end of the text after the value)",
                shown(text, n, at, what, sizeof what));
        json_object_put(o);
        o = NULL;
    }
    *err_at = at;
    json_tokener_free(tok);
    return o;
}

int chase_json_parse_max(const char *text, size_t len, size_t max_values, struct chase_json **out,
                         struct chase_json_error *err)
{
    struct scan sc;
    struct conv cv;
    struct json_object *o;
    struct chase_json *v = NULL;
    size_t at;
    int rc;

    if (!text) {
        text = "";
        if (len)
            len = SIZE_MAX;
    }
    if (len > CHASE_JSON_MAX_BYTES)
        return fail_at(err, text, 0, NULL, "the text is larger than %u MiB", CHASE_JSON_MAX_BYTES >> 20);
    if (max_values > CHASE_JSON_MAX_VALUES)
        max_values = CHASE_JSON_MAX_VALUES;
    memset(&sc, 0, sizeof sc);
    scan_text(&sc, text, len, max_values);
    if (sc.stop < len) {
        /* json-c reads up to the byte the scan refused: an error it finds
         * before that byte is the text's first, and is the one reported. */
        o = jsonc_read(text, sc.stop, err, &at);
        json_object_put(o);
        if (o || at >= sc.stop)
            fail_at(err, text, sc.stop, NULL, "%s", sc.why);
        free(sc.members);
        return -1;
    }
    o = jsonc_read(text, len, err, &at);
    if (!o) {
        free(sc.members);
        return -1;
    }
    memset(&cv, 0, sizeof cv);
    cv.sc = &sc;
    cv.text = text;
    cv.err = err;
    rc = convert(&cv, o, NULL, &v);
    /* The scan and json-c agree on every value of a text both read; a
     * difference is a fault of the scan, whose counts bound the memory. */
    if (!rc && cv.values != sc.values)
        rc = fail_at(err, text, 0, ".", "%zu values read where the scan counted %zu", cv.values, sc.values);
    json_object_put(o);
    free(sc.members);
    if (rc) {
        chase_json_free(v);
        return -1;
    }
    *out = v;
    return 0;
}
