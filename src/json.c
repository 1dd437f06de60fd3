/* json.c: a strict JSON parser (temporary; see json.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

struct p {
    const char *s, *e, *start;
    char *err;
    size_t len;
    int depth;
};

static int fail(struct p *p, const char *what)
{
    int line = 1;
    const char *q;
    for (q = p->start; q < p->s; q++)
        line += *q == '\n';
    snprintf(p->err, p->len, "malformed JSON at line %d: %s", line, what);
    return -1;
}

static void ws(struct p *p)
{
    while (p->s < p->e && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
        p->s++;
}

static int value(struct p *p, struct chase_json *j);

static int hex4(struct p *p, unsigned *u)
{
    int i;
    *u = 0;
    if (p->e - p->s < 4)
        return fail(p, "short \\u escape");
    for (i = 0; i < 4; i++) {
        char c = *p->s++;
        *u <<= 4;
        if (c >= '0' && c <= '9') *u |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') *u |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') *u |= (unsigned)(c - 'A' + 10);
        else return fail(p, "bad \\u escape");
    }
    return 0;
}

static int string(struct p *p, char **out)
{
    size_t cap = 16, n = 0;
    char *b = malloc(cap);
    if (!b)
        return fail(p, "out of memory");
    p->s++;
    for (;;) {
        unsigned c;
        if (p->s >= p->e) { free(b); return fail(p, "unterminated string"); }
        c = (unsigned char)*p->s++;
        if (c == '"')
            break;
        if (c < 0x20) { free(b); return fail(p, "control character in a string"); }
        if (n + 5 > cap) {
            char *t = realloc(b, cap *= 2);
            if (!t) { free(b); return fail(p, "out of memory"); }
            b = t;
        }
        if (c != '\\') { b[n++] = (char)c; continue; }
        if (p->s >= p->e) { free(b); return fail(p, "unterminated string"); }
        c = (unsigned char)*p->s++;
        switch (c) {
        case '"': case '\\': case '/': b[n++] = (char)c; break;
        case 'b': b[n++] = '\b'; break;
        case 'f': b[n++] = '\f'; break;
        case 'n': b[n++] = '\n'; break;
        case 'r': b[n++] = '\r'; break;
        case 't': b[n++] = '\t'; break;
        case 'u': {
            unsigned u, lo;
            if (hex4(p, &u)) { free(b); return -1; }
            if (u >= 0xdc00 && u < 0xe000) { free(b); return fail(p, "lone low surrogate"); }
            if (u >= 0xd800 && u < 0xdc00) {
                if (p->e - p->s < 6 || p->s[0] != '\\' || p->s[1] != 'u') { free(b); return fail(p, "lone high surrogate"); }
                p->s += 2;
                if (hex4(p, &lo)) { free(b); return -1; }
                if (lo < 0xdc00 || lo >= 0xe000) { free(b); return fail(p, "bad surrogate pair"); }
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            }
            if (u == 0) { free(b); return fail(p, "\\u0000 in a string"); }
            if (u < 0x80) b[n++] = (char)u;
            else if (u < 0x800) { b[n++] = (char)(0xc0 | u >> 6); b[n++] = (char)(0x80 | (u & 0x3f)); }
            else if (u < 0x10000) { b[n++] = (char)(0xe0 | u >> 12); b[n++] = (char)(0x80 | ((u >> 6) & 0x3f)); b[n++] = (char)(0x80 | (u & 0x3f)); }
            else { b[n++] = (char)(0xf0 | u >> 18); b[n++] = (char)(0x80 | ((u >> 12) & 0x3f)); b[n++] = (char)(0x80 | ((u >> 6) & 0x3f)); b[n++] = (char)(0x80 | (u & 0x3f)); }
            break;
        }
        default: free(b); return fail(p, "bad escape");
        }
    }
    b[n] = 0;
    *out = b;
    return 0;
}

static int number(struct p *p, double *v)
{
    const char *q = p->s;
    char buf[400], *end;
    if (q < p->e && *q == '-') q++;
    if (q >= p->e || !isdigit((unsigned char)*q)) return fail(p, "expected a value");
    if (*q == '0') q++; else while (q < p->e && isdigit((unsigned char)*q)) q++;
    if (q < p->e && *q == '.') { q++; if (q >= p->e || !isdigit((unsigned char)*q)) return fail(p, "bad number"); while (q < p->e && isdigit((unsigned char)*q)) q++; }
    if (q < p->e && (*q == 'e' || *q == 'E')) { q++; if (q < p->e && (*q == '+' || *q == '-')) q++; if (q >= p->e || !isdigit((unsigned char)*q)) return fail(p, "bad number"); while (q < p->e && isdigit((unsigned char)*q)) q++; }
    if ((size_t)(q - p->s) >= sizeof buf) return fail(p, "number too long");
    memcpy(buf, p->s, (size_t)(q - p->s));
    buf[q - p->s] = 0;
    errno = 0;
    *v = strtod(buf, &end);
    if (errno == ERANGE && fabs(*v) > 1) return fail(p, "number out of range");
    p->s = q;
    return 0;
}

static int push(struct p *p, struct chase_json *j, size_t *cap)
{
    if (j->n == *cap) {
        size_t c = *cap ? 2 * *cap : 4;
        struct chase_json *k = realloc(j->kids, c * sizeof *k);
        if (!k) return fail(p, "out of memory");
        j->kids = k;
        if (j->type == CHASE_JSON_OBJECT) {
            char **keys = realloc(j->keys, c * sizeof *keys);
            if (!keys) return fail(p, "out of memory");
            j->keys = keys;
        }
        *cap = c;
    }
    memset(&j->kids[j->n], 0, sizeof j->kids[j->n]);
    return 0;
}

static int container(struct p *p, struct chase_json *j, char close)
{
    size_t cap = 0;
    if (++p->depth > 64) return fail(p, "nested too deeply");
    p->s++;
    ws(p);
    if (p->s < p->e && *p->s == close) { p->s++; p->depth--; return 0; }
    for (;;) {
        char *key = NULL;
        ws(p);
        if (j->type == CHASE_JSON_OBJECT) {
            size_t i;
            if (p->s >= p->e || *p->s != '"') return fail(p, "expected a member name");
            if (string(p, &key)) return -1;
            for (i = 0; i < j->n; i++)
                if (!strcmp(j->keys[i], key)) { free(key); return fail(p, "duplicate member name"); }
            ws(p);
            if (p->s >= p->e || *p->s != ':') { free(key); return fail(p, "expected ':'"); }
            p->s++;
        }
        if (push(p, j, &cap)) { free(key); return -1; }
        if (j->type == CHASE_JSON_OBJECT) j->keys[j->n] = key;
        j->n++;
        if (value(p, &j->kids[j->n - 1])) return -1;
        ws(p);
        if (p->s < p->e && *p->s == ',') { p->s++; continue; }
        if (p->s < p->e && *p->s == close) { p->s++; p->depth--; return 0; }
        return fail(p, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int word(struct p *p, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(p->e - p->s) < n || memcmp(p->s, w, n)) return fail(p, "expected a value");
    p->s += n;
    return 0;
}

static int value(struct p *p, struct chase_json *j)
{
    ws(p);
    if (p->s >= p->e) return fail(p, "expected a value");
    switch (*p->s) {
    case '{': j->type = CHASE_JSON_OBJECT; return container(p, j, '}');
    case '[': j->type = CHASE_JSON_ARRAY; return container(p, j, ']');
    case '"': j->type = CHASE_JSON_STRING; return string(p, &j->str);
    case 't': j->type = CHASE_JSON_TRUE; return word(p, "true");
    case 'f': j->type = CHASE_JSON_FALSE; return word(p, "false");
    case 'n': j->type = CHASE_JSON_NULL; return word(p, "null");
    default: j->type = CHASE_JSON_NUMBER; return number(p, &j->num);
    }
}

static void release(struct chase_json *j)
{
    size_t i;
    for (i = 0; i < j->n; i++) {
        release(&j->kids[i]);
        if (j->keys) free(j->keys[i]);
    }
    free(j->kids);
    free(j->keys);
    free(j->str);
}

void chase_json_free(struct chase_json *j)
{
    if (j) { release(j); free(j); }
}

int chase_json_parse(const char *text, size_t len, struct chase_json **root, char *err, size_t errlen)
{
    struct p p = {text, text + len, text, err, errlen, 0};
    struct chase_json *j = calloc(1, sizeof *j);
    if (!j) { snprintf(err, errlen, "out of memory"); return -1; }
    if (value(&p, j)) { chase_json_free(j); return -1; }
    ws(&p);
    if (p.s != p.e) { fail(&p, "text after the value"); chase_json_free(j); return -1; }
    *root = j;
    return 0;
}

const struct chase_json *chase_json_get(const struct chase_json *o, const char *key)
{
    size_t i;
    if (!o || o->type != CHASE_JSON_OBJECT) return NULL;
    for (i = 0; i < o->n; i++)
        if (!strcmp(o->keys[i], key)) return &o->kids[i];
    return NULL;
}

size_t chase_json_size(const struct chase_json *j) { return j && (j->type == CHASE_JSON_ARRAY || j->type == CHASE_JSON_OBJECT) ? j->n : 0; }
const struct chase_json *chase_json_at(const struct chase_json *j, size_t i) { return i < chase_json_size(j) ? &j->kids[i] : NULL; }
const char *chase_json_key(const struct chase_json *o, size_t i) { return o && o->type == CHASE_JSON_OBJECT && i < o->n ? o->keys[i] : NULL; }
