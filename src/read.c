/* read.c: reading saved curves back (chase's TSV, CSV and JSON, plain
 * columns, lmbench's lat_mem_rd), so analysis and plots run on any saved
 * data.  Everything chase writes reads back, a file of several curves too. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "output.h"
#include "paths.h"
#include "read.h"

#define MAX_FILE (256L << 20)   /* a curve file larger than this is not one */

int chase_data_find(const char *file, char *buf, size_t len)
{
    char dirs[8192], *d, *save = NULL;

    chase_dirs(CHASE_DIR_DATA, dirs, sizeof dirs);
    for (d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        if ((size_t)snprintf(buf, len, "%s/%s", d, file) >= len)
            continue;
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

/* Metadata values that are text even when they look like numbers. */
static int text_key(const char *key)
{
    static const char *const keys[] = {"tool", "command", "date", "backend", "device", "arch", "pattern",
                                       "kind", "timer", "source", "measured_by", "cache_op", "warm", NULL};
    int i;
    for (i = 0; keys[i]; i++)
        if (!strcmp(key, keys[i]))
            return 1;
    return 0;
}

/* A whole JSON-style number ("12", "-3.5e2"): no hex, no inf, no spaces. */
static int number_text(const char *s, double *v)
{
    const char *p = s;
    char *end;
    if (*p == '-')
        p++;
    if (!isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p == '.') {
        if (!isdigit((unsigned char)*++p))
            return 0;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return 0;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p)
        return 0;
    errno = 0;
    *v = strtod(s, &end);
    return errno != ERANGE && isfinite(*v);
}

static void meta_put(struct chase_meta *m, const char *key, const char *val)
{
    double v;
    if (!text_key(key) && number_text(val, &v))
        chase_meta_num(m, key, v);
    else
        chase_meta_add(m, key, "%s", val);
}

/* ---- the curves a file holds ---- */

struct curves {
    struct chase_curve *c;
    size_t n, cap;
    const char *path;
    char *err;
    size_t len;
};

static struct chase_curve *curve_new(struct curves *cv)
{
    const char *base = strrchr(cv->path, '/');
    struct chase_curve *c;

    if (cv->n == cv->cap) {
        size_t cap = cv->cap ? 2 * cv->cap : 4;
        struct chase_curve *p = realloc(cv->c, cap * sizeof *p);
        if (!p)
            return NULL;
        cv->c = p;
        cv->cap = cap;
    }
    c = &cv->c[cv->n++];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", base ? base + 1 : cv->path);
    return c;
}

/* A row's figures, checked: a size of whole bytes and a finite latency. */
enum col { COL_BYTES, COL_CYCLES, COL_P5, COL_P95, COL_NS, COL_SAMPLES, COL_MHZ, NCOL };

static int push_row(struct curves *cv, struct chase_curve *c, const double *v, int line)
{
    struct chase_row r;
    const char *bad = NULL;

    if (!(v[COL_BYTES] >= 1 && v[COL_BYTES] < 1.8e19) || v[COL_BYTES] != floor(v[COL_BYTES]))
        bad = "the size must be a whole number of bytes";
    else if (!(v[COL_CYCLES] >= 0) || !isfinite(v[COL_CYCLES]))
        bad = "the latency must be a finite number, not negative";
    else if (!isnan(v[COL_SAMPLES]) && !(v[COL_SAMPLES] >= 0 && v[COL_SAMPLES] <= 4294967295.0))
        bad = "the sample count is out of range";
    else if ((!isnan(v[COL_NS]) && !(v[COL_NS] >= 0 && isfinite(v[COL_NS]))) ||
             (!isnan(v[COL_P5]) && !isfinite(v[COL_P5])) || (!isnan(v[COL_P95]) && !isfinite(v[COL_P95])))
        bad = "ns, p5 and p95 must be finite (or nan: unknown)";
    if (bad) {
        if (line)
            snprintf(cv->err, cv->len, "%s:%d: %s", cv->path, line, bad);
        else
            snprintf(cv->err, cv->len, "%s: %s", cv->path, bad);
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
    if (isnan(r.ns) && v[COL_MHZ] > 0 && isfinite(v[COL_MHZ]))
        r.ns = r.cycles * 1000.0 / v[COL_MHZ];
    if (chase_curve_push(c, &r)) {
        snprintf(cv->err, cv->len, "%s: out of memory", cv->path);
        return -1;
    }
    return 0;
}

/* ---- delimited text: TSV with '#' metadata, CSV with a header, plain columns ---- */

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

#define MAX_COLS 32

static int header(char *line, int *map, int *nmap, const char *seps)
{
    char *tok, *save = NULL;
    int n = 0, known = 0;
    for (tok = strtok_r(line, seps, &save); tok && n < MAX_COLS; tok = strtok_r(NULL, seps, &save)) {
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

/* A data cell: a number, or "nan" for unknown. */
static int cell(const char *tok, double *x)
{
    char *end;
    if (!strcmp(tok, "nan") || !strcmp(tok, "NaN") || !strcmp(tok, "-"))
        *x = NAN;
    else if (!number_text(tok, x)) {
        /* Plain text from other tools may write "1.5e+03" or "+4": strtod,
         * but only whole tokens and finite values. */
        errno = 0;
        *x = strtod(tok, &end);
        if (end == tok || *end || errno == ERANGE || !isfinite(*x) || isspace((unsigned char)*tok))
            return -1;
    }
    return 0;
}

struct text_state {
    struct chase_curve *c;      /* the document being read */
    int map[MAX_COLS], nmap;
    int csv;                    /* -1: not decided */
    int skip;                   /* in a table that is not the points */
    int tables;                 /* '# table:' lines seen in this document */
    int lmbench;                /* lat_mem_rd: sizes in MiB, latency in ns */
};

static int parse_text(struct curves *cv, char *text)
{
    struct text_state st;
    char *line, *next;
    int lineno = 0;

    memset(&st, 0, sizeof st);
    st.csv = -1;
    for (line = text; line; line = next) {
        char *p, *tok, *save = NULL;
        double v[NCOL];
        int col;

        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        trim(line);
        p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            continue;
        /* lmbench's lat_mem_rd: '"stride=128' starts a curve of 'MB ns' lines. */
        if (!strncmp(p, "\"stride=", 8)) {
            if (!(st.c = curve_new(cv)))
                goto oom;
            st.lmbench = 1;
            st.nmap = 0;
            chase_meta_add(&st.c->meta, "source", "lmbench lat_mem_rd (sizes in MiB, latency in ns)");
            meta_put(&st.c->meta, "stride", p + 8);
            chase_meta_add(&st.c->meta, "unit", "ns: the cycles column holds nanoseconds");
            continue;
        }
        if (*p == '#') {
            char *colon;
            p++;
            while (*p == ' ')
                p++;
            colon = strchr(p, ':');
            if (colon && !strncmp(p, "format:", 7)) {
                /* A document starts: a second one in the same file is another curve. */
                if (!st.c || st.c->n || st.tables) {
                    if (!(st.c = curve_new(cv)))
                        goto oom;
                }
                st.nmap = 0;
                st.skip = 0;
                st.tables = 0;
                st.lmbench = 0;
                continue;
            }
            if (colon && !strncmp(p, "table:", 6)) {
                char *name = colon + 1;
                while (*name == ' ')
                    name++;
                st.tables++;
                st.skip = strcmp(name, "points") != 0;
                st.nmap = 0;
                continue;
            }
            /* "#bytes\tcycles..." names the columns; "# key: value" is metadata;
             * "# level: L1\tlo=..." and other summary lines are recomputed, not read. */
            if (isalpha((unsigned char)*p) && !colon) {
                if (!st.skip && !st.nmap && header(p, st.map, &st.nmap, " \t,") < 1)
                    st.nmap = 0;
            } else if (colon && colon > p && !memchr(p, ' ', (size_t)(colon - p)) && !strchr(colon, '\t') &&
                       !st.skip) {
                *colon = 0;
                colon++;
                while (*colon == ' ')
                    colon++;
                if (!st.c && !(st.c = curve_new(cv)))
                    goto oom;
                if (strcmp(p, "status") && strcmp(p, "kind"))
                    meta_put(&st.c->meta, p, colon);
            }
            continue;
        }
        if (st.skip)
            continue;
        if (!st.c && !(st.c = curve_new(cv)))
            goto oom;
        if (st.csv < 0)
            st.csv = strchr(p, ',') != NULL;
        if (isalpha((unsigned char)*p) && !st.c->n && !st.nmap) {
            if (header(p, st.map, &st.nmap, st.csv ? "," : " \t") < 1) {
                snprintf(cv->err, cv->len, "%s:%d: a header that names no known column (bytes, cycles, ...)",
                         cv->path, lineno);
                return -1;
            }
            continue;
        }
        for (col = 0; col < NCOL; col++)
            v[col] = NAN;
        col = 0;
        for (tok = strtok_r(p, st.csv ? "," : " \t", &save); tok;
             tok = strtok_r(NULL, st.csv ? "," : " \t", &save), col++) {
            double x;
            int which;
            while (isspace((unsigned char)*tok))
                tok++;
            if (cell(tok, &x)) {
                snprintf(cv->err, cv->len, "%s:%d: '%.40s' is not a number", cv->path, lineno, tok);
                return -1;
            }
            which = st.nmap ? (col < st.nmap ? st.map[col] : -1) : (col < 2 ? col : -1);
            if (which >= 0)
                v[which] = x;
        }
        if (col < 2) {
            snprintf(cv->err, cv->len, "%s:%d: expected at least two columns (bytes, latency)", cv->path, lineno);
            return -1;
        }
        if (st.lmbench) {
            v[COL_NS] = v[COL_CYCLES];
            v[COL_BYTES] = floor(v[COL_BYTES] * 1048576.0 + 0.5);
        }
        if (push_row(cv, st.c, v, lineno))
            return -1;
    }
    return 0;
oom:
    snprintf(cv->err, cv->len, "%s: out of memory", cv->path);
    return -1;
}

/* ---- JSON: chase's own documents, one or an array of them ---- */

static int json_fail(struct curves *cv, const char *what)
{
    snprintf(cv->err, cv->len, "%s: %s", cv->path, what);
    return -1;
}

static int json_doc(struct curves *cv, const struct chase_json *doc)
{
    const struct chase_json *meta = chase_json_get(doc, "meta"), *pts = chase_json_get(doc, "points");
    struct chase_curve *c;
    size_t i, n;

    if (!doc || doc->type != CHASE_JSON_OBJECT)
        return json_fail(cv, "malformed JSON: a curve must be an object");
    if (!pts || pts->type != CHASE_JSON_ARRAY)
        return json_fail(cv, "malformed JSON: no \"points\" array");
    if (!(c = curve_new(cv)))
        return json_fail(cv, "out of memory");
    if (meta && meta->type == CHASE_JSON_OBJECT) {
        n = chase_json_size(meta);
        for (i = 0; i < n; i++) {
            const struct chase_json *v = chase_json_at(meta, i);
            const char *key = chase_json_key(meta, i);
            if (v->type == CHASE_JSON_NUMBER)
                chase_meta_num(&c->meta, key, v->num);
            else if (v->type == CHASE_JSON_STRING)
                chase_meta_add(&c->meta, key, "%s", v->str);
        }
    }
    n = chase_json_size(pts);
    for (i = 0; i < n; i++) {
        static const char *const names[NCOL] = {"bytes", "cycles", "p5", "p95", "ns", "samples", "mhz"};
        const struct chase_json *p = chase_json_at(pts, i);
        double v[NCOL];
        int k;
        if (p->type != CHASE_JSON_OBJECT) {
            snprintf(cv->err, cv->len, "%s: malformed JSON: point %zu is not an object", cv->path, i + 1);
            return -1;
        }
        for (k = 0; k < NCOL; k++) {
            const struct chase_json *x = chase_json_get(p, names[k]);
            v[k] = x && x->type == CHASE_JSON_NUMBER ? x->num : NAN;
            if (x && x->type != CHASE_JSON_NUMBER && x->type != CHASE_JSON_NULL) {
                snprintf(cv->err, cv->len, "%s: malformed JSON: point %zu: \"%s\" is not a number", cv->path,
                         i + 1, names[k]);
                return -1;
            }
        }
        if (push_row(cv, c, v, 0))
            return -1;
    }
    return 0;
}

static int parse_json(struct curves *cv, const char *text, size_t size)
{
    struct chase_json *root = NULL;
    char why[300];
    int rc = 0;
    size_t i;

    if (chase_json_parse(text, size, &root, why, sizeof why))
        return json_fail(cv, why);
    if (root->type == CHASE_JSON_ARRAY) {
        for (i = 0; i < chase_json_size(root) && !rc; i++)
            rc = json_doc(cv, chase_json_at(root, i));
    } else {
        rc = json_doc(cv, root);
    }
    chase_json_free(root);
    return rc;
}

static int by_bytes(const void *a, const void *b)
{
    const struct chase_row *x = a, *y = b;
    return (x->bytes > y->bytes) - (x->bytes < y->bytes);
}

int chase_curves_read(const char *path, struct chase_curve **out, size_t *nout, char *err, size_t len)
{
    struct curves cv;
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t size = 0, cap = 0, i, k;
    int rc;

    memset(&cv, 0, sizeof cv);
    cv.path = path;
    cv.err = err;
    cv.len = len;
    if (!f) {
        snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    /* Read it whole (pipes and devices too), bounded. */
    for (;;) {
        size_t got;
        if (size + 65536 + 1 > cap) {
            char *t;
            cap = cap ? 2 * cap : 131072;
            if (cap > (size_t)MAX_FILE + 65536 + 1)
                cap = (size_t)MAX_FILE + 65536 + 1;
            t = realloc(text, cap);
            if (!t) {
                snprintf(err, len, "%s: out of memory", path);
                free(text);
                fclose(f);
                return -1;
            }
            text = t;
        }
        got = fread(text + size, 1, cap - size - 1, f);
        size += got;
        if (size > (size_t)MAX_FILE) {
            snprintf(err, len, "%s: larger than %ld MiB, not a curve", path, MAX_FILE >> 20);
            free(text);
            fclose(f);
            return -1;
        }
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
        free(text);
        fclose(f);
        return -1;
    }
    fclose(f);
    text[size] = 0;
    if (memchr(text, 0, size)) {
        snprintf(err, len, "%s: binary data (a NUL byte), not a curve", path);
        free(text);
        return -1;
    }
    for (i = 0; i < size && isspace((unsigned char)text[i]); i++)
        ;
    rc = i < size && (text[i] == '{' || text[i] == '[') ? parse_json(&cv, text, size) : parse_text(&cv, text);
    free(text);
    if (rc == 0) {
        /* A document with no rows (a failed run's header) is no curve. */
        for (i = 0, k = 0; i < cv.n; i++) {
            if (cv.c[i].n)
                cv.c[k++] = cv.c[i];
            else
                chase_curve_free(&cv.c[i]);
        }
        cv.n = k;
        if (!cv.n) {
            snprintf(err, len, "%s: no data rows", path);
            rc = -1;
        }
    }
    if (rc) {
        for (i = 0; i < cv.n; i++)
            chase_curve_free(&cv.c[i]);
        free(cv.c);
        return -1;
    }
    for (i = 0; i < cv.n; i++) {
        struct chase_curve *c = &cv.c[i];
        double clock;
        qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
        /* Or a clock for the whole curve, in its metadata. */
        if (!chase_meta_get_num(&c->meta, "clock_mhz", &clock) && clock > 0)
            for (k = 0; k < c->n; k++)
                if (isnan(c->rows[k].ns))
                    c->rows[k].ns = c->rows[k].cycles * 1000.0 / clock;
        if (cv.n > 1) {
            /* Which curve of the file: its name ends with #N. */
            size_t used = strlen(c->name);
            char n[24];
            snprintf(n, sizeof n, "#%zu", i + 1);
            if (used + strlen(n) >= sizeof c->name)
                used = sizeof c->name - strlen(n) - 1;
            memcpy(c->name + used, n, strlen(n) + 1);
        }
    }
    *out = cv.c;
    *nout = cv.n;
    return 0;
}

int chase_curve_read(const char *path, struct chase_curve *c, char *err, size_t len)
{
    struct chase_curve *all;
    size_t n, i;

    if (chase_curves_read(path, &all, &n, err, len))
        return -1;
    *c = all[0];
    for (i = 1; i < n; i++)
        chase_curve_free(&all[i]);
    free(all);
    return 0;
}
