/* read.c: parsing saved curves, so analysis and plots run on any saved data. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "read.h"

int chase_data_find(const char *file, char *buf, size_t len)
{
    const char *env = getenv("CHASE_DATA_DIR");
    char dirs[4096], *d, *save = NULL;

    snprintf(dirs, sizeof dirs, "%s", env && *env ? env : CHASE_PKGDATA_DIR);
    for (d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(buf, len, "%s/%s", d, file);
        if (access(buf, R_OK) == 0)
            return 0;
    }
    return -1;
}

int chase_data_resolve(const char *name, char *buf, size_t len)
{
    char file[300];
    if (access(name, F_OK) == 0 || strchr(name, '/') || strlen(name) > 200) {
        snprintf(buf, len, "%s", name);
        return access(name, F_OK) == 0 ? 0 : -1;
    }
    snprintf(file, sizeof file, "%s.tsv", name);
    if (chase_data_find(file, buf, len) == 0)
        return 0;
    snprintf(buf, len, "%s", name);
    return -1;
}

/* ---- delimited text: TSV with '#' metadata, CSV with a header, plain columns ---- */

enum col { COL_BYTES, COL_CYCLES, COL_P5, COL_P95, COL_NS, COL_SAMPLES, COL_MHZ, NCOL };

static int column_of(const char *name)
{
    static const char *const names[NCOL] = {"bytes", "cycles", "p5", "p95", "ns", "samples", "mhz"};
    int i;
    for (i = 0; i < NCOL; i++)
        if (!strcmp(name, names[i]))
            return i;
    if (!strcmp(name, "latency"))
        return COL_CYCLES;
    return -1;
}

static int header(char *line, int *map, int *nmap, const char *seps)
{
    char *tok, *save = NULL;
    int n = 0, known = 0;
    for (tok = strtok_r(line, seps, &save); tok && n < 32; tok = strtok_r(NULL, seps, &save)) {
        map[n] = column_of(tok);
        known += map[n] >= 0;
        n++;
    }
    *nmap = n;
    return known;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
}

static int parse_text(FILE *f, const char *path, struct chase_curve *c, char *err, size_t len)
{
    char line[8192];
    int map[32], nmap = 0, lineno = 0, csv = -1;

    while (fgets(line, sizeof line, f)) {
        char *p = line, *tok, *save = NULL, *end;
        double v[NCOL];
        int col = 0;
        struct chase_row r;

        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, len, "%s:%d: line too long", path, lineno);
            return -1;
        }
        trim(line);
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            continue;
        if (*p == '#') {
            char *colon;
            p++;
            while (*p == ' ')
                p++;
            colon = strchr(p, ':');
            /* "#bytes\tcycles..." names the columns; "# key: value" is metadata. */
            if (isalpha((unsigned char)*p) && !colon && !nmap) {
                if (header(p, map, &nmap, " \t,") < 1)
                    nmap = 0;
            } else if (colon && colon > p && !memchr(p, ' ', (size_t)(colon - p)) &&
                       strncmp(p, "level", 5) && strncmp(p, "status", 6)) {
                *colon = 0;
                colon++;
                while (*colon == ' ')
                    colon++;
                chase_meta_add(&c->meta, p, "%s", colon);
            }
            continue;
        }
        if (csv < 0)
            csv = strchr(p, ',') != NULL;
        if (isalpha((unsigned char)*p) && !c->n && !nmap) {
            if (header(p, map, &nmap, csv ? "," : " \t") < 1) {
                snprintf(err, len, "%s:%d: a header that names no known column (bytes, cycles, ...)",
                         path, lineno);
                return -1;
            }
            continue;
        }
        for (col = 0; col < NCOL; col++)
            v[col] = NAN;
        col = 0;
        for (tok = strtok_r(p, csv ? "," : " \t", &save); tok; tok = strtok_r(NULL, csv ? "," : " \t", &save), col++) {
            double x;
            int which;
            while (isspace((unsigned char)*tok))
                tok++;
            errno = 0;
            x = strtod(tok, &end);
            while (isspace((unsigned char)*end))
                end++;
            if (end == tok || *end || errno == ERANGE) {
                snprintf(err, len, "%s:%d: '%s' is not a number", path, lineno, tok);
                return -1;
            }
            which = nmap ? (col < nmap ? map[col] : -1) : (col < 2 ? col : -1);
            if (which >= 0)
                v[which] = x;
        }
        if (col < 2) {
            snprintf(err, len, "%s:%d: expected at least two columns (bytes, latency)", path, lineno);
            return -1;
        }
        if (!(v[COL_BYTES] >= 1 && v[COL_BYTES] < 1.8e19) || !(v[COL_CYCLES] >= 0) || !isfinite(v[COL_CYCLES])) {
            snprintf(err, len, "%s:%d: needs a positive size and a latency", path, lineno);
            return -1;
        }
        memset(&r, 0, sizeof r);
        r.bytes = (uint64_t)v[COL_BYTES];
        r.cycles = v[COL_CYCLES];
        r.p5 = isnan(v[COL_P5]) ? r.cycles : v[COL_P5];
        r.p95 = isnan(v[COL_P95]) ? r.cycles : v[COL_P95];
        r.ns = v[COL_NS];
        r.samples = isnan(v[COL_SAMPLES]) ? 1 : (unsigned)v[COL_SAMPLES];
        /* A file that gives the clock of each row (the seed's MHz column)
         * gives its ns too. */
        if (isnan(r.ns) && v[COL_MHZ] > 0)
            r.ns = r.cycles * 1000.0 / v[COL_MHZ];
        if (chase_curve_push(c, &r)) {
            snprintf(err, len, "%s: out of memory", path);
            return -1;
        }
    }
    if (ferror(f)) {
        snprintf(err, len, "%s: read error", path);
        return -1;
    }
    return 0;
}

/* ---- JSON: just enough for chase's own output ---- */

struct json {
    const char *start, *p, *end, *path;
    char *err;
    size_t len;
};

static void ws(struct json *j)
{
    while (j->p < j->end && isspace((unsigned char)*j->p))
        j->p++;
}

static int jfail(struct json *j, const char *what)
{
    int line = 1;
    const char *q;
    for (q = j->start; q < j->p && q < j->end; q++)
        line += *q == '\n';
    snprintf(j->err, j->len, "%s:%d: malformed JSON: %s", j->path, line, what);
    return -1;
}

static int jstring(struct json *j, char *out, size_t cap)
{
    size_t n = 0;
    ws(j);
    if (j->p >= j->end || *j->p != '"')
        return jfail(j, "expected a string");
    for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
        char ch = *j->p;
        if (ch == '\\') {
            if (++j->p >= j->end)
                return jfail(j, "unterminated string");
            switch (*j->p) {
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'u':
                if (j->end - j->p < 5)
                    return jfail(j, "bad \\u escape");
                ch = (char)strtol((char[]){j->p[1], j->p[2], j->p[3], j->p[4], 0}, NULL, 16);
                j->p += 4;
                break;
            default: ch = *j->p;
            }
        }
        if (n + 1 < cap)
            out[n++] = ch;
    }
    if (j->p >= j->end)
        return jfail(j, "unterminated string");
    j->p++;
    out[n] = 0;
    return 0;
}

static int jnumber(struct json *j, double *v)
{
    char *e;
    ws(j);
    if (j->end - j->p >= 4 && !strncmp(j->p, "null", 4)) {
        j->p += 4;
        *v = NAN;
        return 0;
    }
    *v = strtod(j->p, &e);
    if (e == j->p || e > j->end)
        return jfail(j, "expected a number");
    j->p = e;
    return 0;
}

static int jexpect(struct json *j, char ch)
{
    ws(j);
    if (j->p >= j->end || *j->p != ch) {
        char what[32];
        snprintf(what, sizeof what, "expected '%c'", ch);
        return jfail(j, what);
    }
    j->p++;
    return 0;
}

static int jpeek(struct json *j, char ch)
{
    ws(j);
    return j->p < j->end && *j->p == ch;
}

static int jskip(struct json *j, int depth)
{
    char tmp[16];
    double v;
    ws(j);
    if (depth > 32)
        return jfail(j, "nested too deeply");
    if (jpeek(j, '"'))
        return jstring(j, tmp, sizeof tmp);
    if (jpeek(j, '{') || jpeek(j, '[')) {
        char close = *j->p == '{' ? '}' : ']';
        int obj = close == '}';
        j->p++;
        if (jpeek(j, close)) {
            j->p++;
            return 0;
        }
        for (;;) {
            if (obj && (jstring(j, tmp, sizeof tmp) || jexpect(j, ':')))
                return -1;
            if (jskip(j, depth + 1))
                return -1;
            if (jpeek(j, ',')) {
                j->p++;
                continue;
            }
            return jexpect(j, close);
        }
    }
    if (j->end - j->p >= 4 && (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4))) {
        j->p += 4;
        return 0;
    }
    if (j->end - j->p >= 5 && !strncmp(j->p, "false", 5)) {
        j->p += 5;
        return 0;
    }
    return jnumber(j, &v);
}

static int parse_json(const char *text, size_t size, const char *path, struct chase_curve *c,
                      char *err, size_t len)
{
    struct json j = {text, text, text + size, path, err, len};
    char key[64], val[512];

    if (jexpect(&j, '{'))
        return -1;
    while (!jpeek(&j, '}')) {
        if (jstring(&j, key, sizeof key) || jexpect(&j, ':'))
            return -1;
        if (!strcmp(key, "meta")) {
            if (jexpect(&j, '{'))
                return -1;
            while (!jpeek(&j, '}')) {
                if (jstring(&j, key, sizeof key) || jexpect(&j, ':') || jstring(&j, val, sizeof val))
                    return -1;
                chase_meta_add(&c->meta, key, "%s", val);
                if (jpeek(&j, ','))
                    j.p++;
                else if (!jpeek(&j, '}'))
                    return jfail(&j, "expected ',' or '}' in meta");
            }
            j.p++;
        } else if (!strcmp(key, "points")) {
            if (jexpect(&j, '['))
                return -1;
            while (!jpeek(&j, ']')) {
                struct chase_row r;
                memset(&r, 0, sizeof r);
                r.ns = r.p5 = r.p95 = NAN;
                if (jexpect(&j, '{'))
                    return -1;
                while (!jpeek(&j, '}')) {
                    double v;
                    if (jstring(&j, key, sizeof key) || jexpect(&j, ':') || jnumber(&j, &v))
                        return -1;
                    if (!strcmp(key, "bytes"))
                        r.bytes = v >= 1 && v < 1.8e19 ? (uint64_t)v : 0;
                    else if (!strcmp(key, "cycles"))
                        r.cycles = v;
                    else if (!strcmp(key, "p5"))
                        r.p5 = v;
                    else if (!strcmp(key, "p95"))
                        r.p95 = v;
                    else if (!strcmp(key, "ns"))
                        r.ns = v;
                    else if (!strcmp(key, "samples"))
                        r.samples = v >= 0 && v < 1e9 ? (unsigned)v : 0;
                    if (jpeek(&j, ','))
                        j.p++;
                }
                j.p++;
                if (!r.bytes || !(r.cycles >= 0))
                    return jfail(&j, "a point needs bytes and cycles");
                if (chase_curve_push(c, &r))
                    return jfail(&j, "out of memory");
                if (jpeek(&j, ','))
                    j.p++;
                else if (!jpeek(&j, ']'))
                    return jfail(&j, "expected ',' or ']' in points");
            }
            j.p++;
        } else if (jskip(&j, 0)) {
            return -1;
        }
        if (jpeek(&j, ','))
            j.p++;
        else if (!jpeek(&j, '}'))
            return jfail(&j, "expected ',' or '}'");
    }
    return 0;
}

static int by_bytes(const void *a, const void *b)
{
    const struct chase_row *x = a, *y = b;
    return (x->bytes > y->bytes) - (x->bytes < y->bytes);
}

int chase_curve_read(const char *path, struct chase_curve *c, char *err, size_t len)
{
    FILE *f = fopen(path, "r");
    const char *base = strrchr(path, '/');
    int ch, rc;

    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", base ? base + 1 : path);
    if (!f) {
        snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    do
        ch = fgetc(f);
    while (ch != EOF && isspace(ch));
    if (ch == '{') {
        char *text = NULL;
        long size;
        if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || size > (64L << 20) ||
            fseek(f, 0, SEEK_SET) || !(text = malloc((size_t)size + 1)) ||
            fread(text, 1, (size_t)size, f) != (size_t)size) {
            snprintf(err, len, "cannot read '%s'", path);
            free(text);
            fclose(f);
            return -1;
        }
        rc = parse_json(text, (size_t)size, path, c, err, len);
        free(text);
    } else {
        rewind(f);
        rc = parse_text(f, path, c, err, len);
    }
    fclose(f);
    if (rc == 0 && c->n == 0) {
        snprintf(err, len, "%s: no data rows", path);
        rc = -1;
    }
    if (rc) {
        chase_curve_free(c);
        return -1;
    }
    qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
    /* Or a clock for the whole curve, in its metadata. */
    {
        const char *mhz = chase_meta_get(&c->meta, "clock_mhz");
        double clock = mhz ? strtod(mhz, NULL) : 0;
        size_t i;
        for (i = 0; clock > 0 && i < c->n; i++)
            if (isnan(c->rows[i].ns))
                c->rows[i].ns = c->rows[i].cycles * 1000.0 / clock;
    }
    return 0;
}
