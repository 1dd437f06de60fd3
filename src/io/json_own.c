/* json_own.c: chase's own strict JSON (RFC 8259) parser, built only where
 * json-c is not (configure --without-json-c, or no json-c found): the GPU
 * machines build chase from its tarball with no package registry, and
 * reading a report or a sweep must not need a library they may lack. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json.h"

struct parser {
    const char *p, *end;
    const char *line_start;     /* the byte after the last newline read */
    size_t line;
    size_t values, max_values;  /* made so far, and the most allowed */
    struct chase_json_error *err;
};

/* ctype's answers depend on the locale; JSON's grammar does not. */
static int digit(char c)
{
    return c >= '0' && c <= '9';
}

static int hex_value(char c)
{
    if (digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int fail_at(struct parser *ps, size_t line, size_t column, const char *fmt, ...)
{
    va_list ap;
    if (ps->err) {
        ps->err->line = line;
        ps->err->column = column;
        ps->err->where[0] = 0;
        va_start(ap, fmt);
        vsnprintf(ps->err->message, sizeof ps->err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* An error at the byte at.  No token spans lines (a string cannot hold a
 * raw newline), so at is always on the line being read. */
#define fail(ps, at, ...) fail_at((ps), (ps)->line, (size_t)((at) - (ps)->line_start) + 1, __VA_ARGS__)

/* "unexpected 'x' (expected what)", naming the byte, or the end. */
static int unexpected(struct parser *ps, const char *at, const char *what)
{
    unsigned char c;
    if (at == ps->end)
        return fail(ps, at, "unexpected end of input (expected %s)", what);
    c = (unsigned char)*at;
    if (c > 0x20 && c < 0x7f)
        return fail(ps, at, "unexpected '%c' (expected %s)", c, what);
    return fail(ps, at, "unexpected byte 0x%02x (expected %s)", c, what);
}

static void skip_ws(struct parser *ps)
{
    for (; ps->p < ps->end; ps->p++) {
        if (*ps->p == '\n') {
            ps->line++;
            ps->line_start = ps->p + 1;
        } else if (*ps->p != ' ' && *ps->p != '\t' && *ps->p != '\r') {
            break;
        }
    }
}

static struct chase_json *new_node(struct parser *ps, enum chase_json_type type, const char *at)
{
    struct chase_json *v;
    if (ps->values == ps->max_values) {
        fail(ps, at, "more than %zu values", ps->max_values);
        return NULL;
    }
    ps->values++;
    v = calloc(1, sizeof *v);
    if (!v) {
        fail(ps, at, "out of memory");
        return NULL;
    }
    v->type = type;
    v->line = ps->line;
    v->column = (size_t)(at - ps->line_start) + 1;
    return v;
}

/* The length of the well-formed UTF-8 sequence at s (ending before end),
 * or 0: no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_length(const unsigned char *s, const unsigned char *end)
{
    unsigned char lo = 0x80, hi = 0xbf;
    size_t n, i;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    if (s[0] == 0xe0)
        lo = 0xa0;
    else if (s[0] == 0xed)
        hi = 0x9f;
    else if (s[0] == 0xf0)
        lo = 0x90;
    else if (s[0] == 0xf4)
        hi = 0x8f;
    if ((size_t)(end - s) < n || s[1] < lo || s[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

static char *put_utf8(char *w, unsigned long cp)
{
    if (cp < 0x80) {
        *w++ = (char)cp;
    } else if (cp < 0x800) {
        *w++ = (char)(0xc0 | cp >> 6);
        *w++ = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        *w++ = (char)(0xe0 | cp >> 12);
        *w++ = (char)(0x80 | (cp >> 6 & 0x3f));
        *w++ = (char)(0x80 | (cp & 0x3f));
    } else {
        *w++ = (char)(0xf0 | cp >> 18);
        *w++ = (char)(0x80 | (cp >> 12 & 0x3f));
        *w++ = (char)(0x80 | (cp >> 6 & 0x3f));
        *w++ = (char)(0x80 | (cp & 0x3f));
    }
    return w;
}

/* Why a string stopped at stop before its closing quote. */
static int cut_short(struct parser *ps, const char *stop)
{
    if (stop == ps->end)
        return fail(ps, stop, "unexpected end of input in a string");
    return fail(ps, stop, "control character 0x%02x in a string (it must be escaped)",
                (unsigned char)*stop);
}

/* Four hex digits at s, all before stop. */
static int hex4(struct parser *ps, const char *s, const char *stop, unsigned long *cp)
{
    int i, h;
    *cp = 0;
    for (i = 0; i < 4; i++) {
        if (s + i >= stop && (stop == ps->end || (unsigned char)*stop < 0x20))
            return cut_short(ps, stop);
        h = s + i < stop ? hex_value(s[i]) : -1;
        if (h < 0)
            return fail(ps, s + i, "\\u needs four hex digits");
        *cp = *cp << 4 | (unsigned long)h;
    }
    return 0;
}

/* The string at ps->p (its opening quote), decoded into a new buffer. */
static int string(struct parser *ps, char **out, size_t *out_len)
{
    const char *start = ps->p, *stop, *s;
    unsigned long cp, lo;
    char *buf, *w;

    /* Find where it stops: at its closing quote, or where it goes wrong
     * (a control character or the end).  Decoding never lengthens a
     * string, so that bounds the buffer. */
    for (stop = start + 1; stop < ps->end && *stop != '"' && (unsigned char)*stop >= 0x20; stop++)
        if (*stop == '\\' && stop + 1 < ps->end && (unsigned char)stop[1] >= 0x20)
            stop++;
    buf = malloc((size_t)(stop - start));
    if (!buf)
        return fail(ps, start, "out of memory");
    w = buf;
    for (s = start + 1; s < stop;) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x80) {
            size_t n = utf8_length((const unsigned char *)s, (const unsigned char *)stop);
            if (!n) {
                fail(ps, s, "invalid UTF-8 in a string");
                goto bad;
            }
            memcpy(w, s, n);
            w += n;
            s += n;
            continue;
        }
        if (c != '\\') {
            *w++ = (char)c;
            s++;
            continue;
        }
        if (s + 1 == stop) {
            cut_short(ps, stop);
            goto bad;
        }
        switch (s[1]) {
        case '"': case '\\': case '/': *w++ = s[1]; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case 't': *w++ = '\t'; break;
        case 'u':
            if (hex4(ps, s + 2, stop, &cp))
                goto bad;
            if (cp >= 0xdc00 && cp <= 0xdfff) {
                fail(ps, s, "lone low surrogate \\u%04lX", cp);
                goto bad;
            }
            if (cp >= 0xd800 && cp <= 0xdbff) {
                /* Outside the BMP: a high surrogate, then a low one. */
                if (stop - (s + 6) < 2 || s[6] != '\\' || s[7] != 'u') {
                    fail(ps, s, "high surrogate \\u%04lX without a low surrogate after it", cp);
                    goto bad;
                }
                if (hex4(ps, s + 8, stop, &lo))
                    goto bad;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    fail(ps, s + 6, "\\u%04lX after high surrogate \\u%04lX is not a low surrogate", lo, cp);
                    goto bad;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                s += 6;
            }
            /* The tree's strings are C strings, which end at a NUL. */
            if (cp == 0) {
                fail(ps, s, "\\u0000 (NUL) is not allowed in a string");
                goto bad;
            }
            w = put_utf8(w, cp);
            s += 4;
            break;
        default:
            if ((unsigned char)s[1] >= 0x80)
                fail(ps, s, "unknown escape: '\\' before byte 0x%02x", (unsigned char)s[1]);
            else
                fail(ps, s, "unknown escape '\\%c'", s[1]);
            goto bad;
        }
        s += 2;
    }
    if (stop == ps->end || *stop != '"') {
        cut_short(ps, stop);
        goto bad;
    }
    *w = 0;
    *out = buf;
    *out_len = (size_t)(w - buf);
    ps->p = stop + 1;
    return 0;
bad:
    free(buf);
    return -1;
}

static int number(struct parser *ps, struct chase_json **out)
{
    const char *start = ps->p, *p = start, *end = ps->end;
    struct chase_json *v;
    char *copy;
    double x;

    if (*p == '-')
        p++;
    if (p == end || !digit(*p))
        return unexpected(ps, p, "a digit");
    if (*p == '0' && p + 1 < end && digit(p[1]))
        return fail(ps, p, "a number cannot start with 0 and another digit");
    while (p < end && digit(*p))
        p++;
    if (p < end && *p == '.') {
        if (++p == end || !digit(*p))
            return unexpected(ps, p, "a digit after the decimal point");
        while (p < end && digit(*p))
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        if (++p < end && (*p == '+' || *p == '-'))
            p++;
        if (p == end || !digit(*p))
            return unexpected(ps, p, "a digit in the exponent");
        while (p < end && digit(*p))
            p++;
    }
    /* strtod needs a NUL the buffer may lack.  chase never sets a locale,
     * so strtod's decimal point is JSON's '.'. */
    copy = malloc((size_t)(p - start) + 1);
    if (!copy)
        return fail(ps, start, "out of memory");
    memcpy(copy, start, (size_t)(p - start));
    copy[p - start] = 0;
    x = strtod(copy, NULL);
    free(copy);
    if (!isfinite(x))
        return fail(ps, start, "number out of range (beyond a double)");
    v = new_node(ps, CHASE_JSON_NUMBER, start);
    if (!v)
        return -1;
    v->number = x;
    ps->p = p;
    *out = v;
    return 0;
}

static int literal(struct parser *ps, struct chase_json **out)
{
    static const struct {
        const char *word;
        enum chase_json_type type;
        int boolean;
    } words[] = {{"true", CHASE_JSON_BOOL, 1}, {"false", CHASE_JSON_BOOL, 0}, {"null", CHASE_JSON_NULL, 0}};
    const char *start = ps->p, *p = start;
    size_t i, n;

    while (p < ps->end && p - start < 24 && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
        p++;
    n = (size_t)(p - start);
    for (i = 0; i < sizeof words / sizeof words[0]; i++)
        if (n == strlen(words[i].word) && !memcmp(start, words[i].word, n)) {
            struct chase_json *v = new_node(ps, words[i].type, start);
            if (!v)
                return -1;
            v->boolean = words[i].boolean;
            ps->p = p;
            *out = v;
            return 0;
        }
    return fail(ps, start, "'%.*s' is not a value (true, false and null are)", (int)n, start);
}

static int push(struct parser *ps, struct chase_json *parent, struct chase_json *item)
{
    /* Capacity is the next power of two at or above count. */
    if (!(parent->count & (parent->count - 1))) {
        size_t cap = parent->count ? parent->count * 2 : 1;
        struct chase_json **items = realloc(parent->items, cap * sizeof *items);
        if (!items)
            return fail_at(ps, item->line, item->column, "out of memory");
        parent->items = items;
    }
    parent->items[parent->count++] = item;
    return 0;
}

struct key_ref {
    const char *key;
    size_t index;
};

static int by_key(const void *a, const void *b)
{
    const struct key_ref *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* Sorted, so a large object costs n log n, not n^2; the error names the
 * first member, in the text's order, whose key came before. */
static int duplicate_keys(struct parser *ps, const struct chase_json *obj)
{
    struct key_ref *refs;
    size_t i, first = SIZE_MAX;
    const struct chase_json *m;
    char shown[41];

    if (obj->count < 2)
        return 0;
    refs = malloc(obj->count * sizeof *refs);
    if (!refs)
        return fail_at(ps, obj->line, obj->column, "out of memory");
    for (i = 0; i < obj->count; i++) {
        refs[i].key = obj->items[i]->key;
        refs[i].index = i;
    }
    qsort(refs, obj->count, sizeof *refs, by_key);
    for (i = 1; i < obj->count; i++)
        if (!strcmp(refs[i - 1].key, refs[i].key) && refs[i].index < first)
            first = refs[i].index;
    free(refs);
    if (first == SIZE_MAX)
        return 0;
    m = obj->items[first];
    for (i = 0; i + 1 < sizeof shown && m->key[i]; i++)
        shown[i] = (unsigned char)m->key[i] < 0x20 ? '?' : m->key[i];
    shown[i] = 0;
    return fail_at(ps, m->line, m->column, "duplicate key \"%s%s\"", shown, m->key[i] ? "..." : "");
}

static int value(struct parser *ps, int depth, struct chase_json **out);

static int container(struct parser *ps, int depth, struct chase_json **out)
{
    const char *open = ps->p;
    int is_object = *open == '{';
    char close = is_object ? '}' : ']';
    const char *expect_next = is_object ? "',' or '}'" : "',' or ']'";
    struct chase_json *v;

    if (depth > CHASE_JSON_MAX_DEPTH)
        return fail(ps, open, "nested deeper than %d levels", CHASE_JSON_MAX_DEPTH);
    v = new_node(ps, is_object ? CHASE_JSON_OBJECT : CHASE_JSON_ARRAY, open);
    if (!v)
        return -1;
    ps->p++;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        *out = v;
        return 0;
    }
    for (;;) {
        struct chase_json *item;
        size_t key_line = ps->line, key_column = (size_t)(ps->p - ps->line_start) + 1, key_len = 0;
        char *key = NULL;

        /* Here only after '[', '{' or a comma: the close is a trailing comma. */
        if (ps->p < ps->end && *ps->p == close) {
            fail(ps, ps->p, "trailing comma before '%c'", close);
            goto bad;
        }
        if (is_object) {
            if (ps->p == ps->end || *ps->p != '"') {
                unexpected(ps, ps->p, "a string key");
                goto bad;
            }
            if (string(ps, &key, &key_len))
                goto bad;
            skip_ws(ps);
            if (ps->p == ps->end || *ps->p != ':') {
                free(key);
                unexpected(ps, ps->p, "':' after the key");
                goto bad;
            }
            ps->p++;
            skip_ws(ps);
        }
        if (value(ps, depth, &item)) {
            free(key);
            goto bad;
        }
        if (is_object) {
            item->key = key;
            item->key_length = key_len;
            item->line = key_line;
            item->column = key_column;
        }
        if (push(ps, v, item)) {
            chase_json_free(item);
            goto bad;
        }
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            skip_ws(ps);
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            break;
        }
        unexpected(ps, ps->p, expect_next);
        goto bad;
    }
    if (is_object && duplicate_keys(ps, v))
        goto bad;
    *out = v;
    return 0;
bad:
    chase_json_free(v);
    return -1;
}

static int value(struct parser *ps, int depth, struct chase_json **out)
{
    const char *at = ps->p;
    struct chase_json *v;

    if (at == ps->end)
        return unexpected(ps, at, "a value");
    switch (*at) {
    case '{':
    case '[':
        return container(ps, depth + 1, out);
    case '"':
        v = new_node(ps, CHASE_JSON_STRING, at);
        if (!v)
            return -1;
        if (string(ps, &v->string, &v->length)) {
            free(v);
            return -1;
        }
        *out = v;
        return 0;
    default:
        if (*at == '-' || digit(*at))
            return number(ps, out);
        if ((*at >= 'a' && *at <= 'z') || (*at >= 'A' && *at <= 'Z'))
            return literal(ps, out);
        return unexpected(ps, at, "a value");
    }
}

int chase_json_parse_max(const char *text, size_t len, size_t max_values, struct chase_json **out,
                         struct chase_json_error *err)
{
    struct parser ps;
    struct chase_json *v;

    if (!text) {
        text = "";
        if (len)
            len = SIZE_MAX;     /* refused below */
    }
    ps.p = ps.line_start = text;
    ps.end = len > CHASE_JSON_MAX_BYTES ? text : text + len;
    ps.line = 1;
    ps.values = 0;
    ps.max_values = max_values < CHASE_JSON_MAX_VALUES ? max_values : CHASE_JSON_MAX_VALUES;
    ps.err = err;
    if (len > CHASE_JSON_MAX_BYTES)
        return fail(&ps, text, "the text is larger than %u MiB", CHASE_JSON_MAX_BYTES >> 20);
    skip_ws(&ps);
    if (value(&ps, 0, &v))
        return -1;
    skip_ws(&ps);
    if (ps.p != ps.end) {
        chase_json_free(v);
        return unexpected(&ps, ps.p, "the end of the text after the value");
    }
    *out = v;
    return 0;
}

const char *chase_json_parser(void)
{
    return "chase's own (built without json-c)";
}
