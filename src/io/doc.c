/* doc.c: the one parser of saved files: chase's TSV, CSV and JSON, plain
 * columns from other tools, lmbench's lat_mem_rd; everything chase writes
 * reads back here. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/doc.h"
#include "io/json.h"

#define MAX_FILE CHASE_READ_MAX_BYTES   /* larger than this is not a file chase wrote */
#define MAX_COLS 64

/* A JSON file chase reads is one its JSON parser takes whole. */
_Static_assert(CHASE_JSON_MAX_BYTES >= CHASE_READ_MAX_BYTES, "the JSON parser's limit is below the file limit");

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

/* ---- building documents ---- */

struct docs {
    struct chase_doc *d;
    size_t n, cap;
    size_t rows;                /* rows of every table so far (CHASE_READ_MAX_ROWS) */
    char limit[128];            /* why a limit refused the file */
    const char *name;
    char *err;
    size_t len;
};

/* A new document; NULL when the file holds too many (*why says so) or
 * out of memory. */
static struct chase_doc *doc_new(struct docs *ds, const char **why)
{
    struct chase_doc *d;
    if (ds->n == CHASE_READ_MAX_DOCS) {
        snprintf(ds->limit, sizeof ds->limit, "more than %d documents in one file (chase reads at most that many)",
                 CHASE_READ_MAX_DOCS);
        *why = ds->limit;
        return NULL;
    }
    *why = "out of memory";
    if (ds->n == ds->cap) {
        size_t cap = ds->cap ? 2 * ds->cap : 4;
        struct chase_doc *p = realloc(ds->d, cap * sizeof *p);
        if (!p)
            return NULL;
        ds->d = p;
        ds->cap = cap;
    }
    d = &ds->d[ds->n++];
    memset(d, 0, sizeof *d);
    snprintf(d->kind, sizeof d->kind, "sweep");
    return d;
}

/* Names a table cannot have: the document's own members, and one it has. */
static const char *table_name_refused(const struct chase_doc *d, const char *name)
{
    static const char *const reserved[] = {"format", "version", "kind", "meta", "results", "status", NULL};
    size_t i;
    if (strlen(name) >= sizeof d->tables[0].name)
        return "a table name longer than 47 characters";
    for (i = 0; reserved[i]; i++)
        if (!strcmp(name, reserved[i]))
            return "a table cannot be named format, version, kind, meta, results or status";
    for (i = 0; i < d->ntables; i++)
        if (!strcmp(d->tables[i].name, name))
            return "a second table of the same name";
    return NULL;
}

/* A new table; NULL when the name is refused (*why says why) or out of memory. */
static struct chase_doc_table *table_new(struct chase_doc *d, const char *name, int summary, const char **why)
{
    struct chase_doc_table *t;
    if ((*why = table_name_refused(d, name)))
        return NULL;
    *why = "out of memory";
    t = realloc(d->tables, (d->ntables + 1) * sizeof *t);
    if (!t)
        return NULL;
    d->tables = t;
    t = &d->tables[d->ntables++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    t->summary = summary;
    return t;
}

static int table_cols(struct chase_doc_table *t, char **names, size_t n)
{
    size_t i, k;
    for (i = 0; i < n; i++)
        for (k = 0; k < i; k++)
            if (!strcmp(names[i], names[k]))
                return 1;   /* a column named twice */
    t->cols = calloc(n ? n : 1, sizeof *t->cols);
    if (!t->cols)
        return -1;
    for (i = 0; i < n; i++)
        if (!(t->cols[i] = strdup(names[i])))
            return -1;
    t->ncols = n;
    return 0;
}

/* A new row of empty (unknown) cells, from line; NULL when the file holds
 * too many rows (*why says so) or out of memory. */
static struct chase_cell *row_new(struct docs *ds, struct chase_doc_table *t, unsigned line, const char **why)
{
    size_t i;
    if (ds->rows == (size_t)CHASE_READ_MAX_ROWS) {
        snprintf(ds->limit, sizeof ds->limit, "more than %ld rows in one file (chase reads at most that many)",
                 CHASE_READ_MAX_ROWS);
        *why = ds->limit;
        return NULL;
    }
    *why = "out of memory";
    if (t->nrows == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        struct chase_cell *c;
        unsigned *l;
        if (t->ncols && cap > SIZE_MAX / t->ncols / sizeof *c)
            return NULL;
        c = realloc(t->cells, cap * (t->ncols ? t->ncols : 1) * sizeof *c);
        if (!c)
            return NULL;
        t->cells = c;
        l = realloc(t->line, cap * sizeof *l);
        if (!l)
            return NULL;
        t->line = l;
        t->cap = cap;
    }
    t->line[t->nrows] = line;
    for (i = 0; i < t->ncols; i++) {
        t->cells[t->nrows * t->ncols + i].num = NAN;
        t->cells[t->nrows * t->ncols + i].text = NULL;
    }
    ds->rows++;
    return &t->cells[t->nrows++ * t->ncols];
}

static void table_free(struct chase_doc_table *t)
{
    size_t i;
    for (i = 0; i < t->ncols; i++)
        free(t->cols[i]);
    free(t->cols);
    for (i = 0; i < t->nrows * t->ncols; i++)
        free((char *)t->cells[i].text);
    free(t->cells);
    free(t->line);
}

void chase_docs_free(struct chase_doc *docs, size_t n)
{
    size_t i, k;
    for (i = 0; i < n; i++) {
        for (k = 0; k < docs[i].ntables; k++)
            table_free(&docs[i].tables[k]);
        free(docs[i].tables);
        chase_meta_free(&docs[i].meta);
        chase_meta_free(&docs[i].results);
    }
    free(docs);
}

const struct chase_doc_table *chase_doc_table(const struct chase_doc *d, const char *name)
{
    size_t i;
    for (i = 0; i < d->ntables; i++)
        if (!strcmp(d->tables[i].name, name))
            return &d->tables[i];
    return NULL;
}

int chase_doc_col(const struct chase_doc_table *t, const char *name)
{
    size_t i;
    for (i = 0; t && i < t->ncols; i++)
        if (!strcmp(t->cols[i], name))
            return (int)i;
    return -1;
}

const struct chase_cell *chase_doc_cell(const struct chase_doc_table *t, size_t row, size_t col)
{
    static const struct chase_cell none = {NAN, NULL};
    if (!t || row >= t->nrows || col >= t->ncols)
        return &none;
    return &t->cells[row * t->ncols + col];
}

/* A cell from text: a number, unknown ("nan", "-"), or text. */
static int set_cell(struct chase_cell *c, const char *tok)
{
    char *end;
    double x;
    if (!strcmp(tok, "nan") || !strcmp(tok, "NaN") || !strcmp(tok, "-") || !*tok) {
        c->num = NAN;
        return 0;
    }
    if (!strcmp(tok, "inf") || !strcmp(tok, "-inf")) {
        c->num = *tok == '-' ? -INFINITY : INFINITY;
        return 0;
    }
    if (number_text(tok, &x)) {
        c->num = x;
        return 0;
    }
    /* Other tools write "1.5e+03" or "+4": strtod, whole tokens, finite. */
    errno = 0;
    x = strtod(tok, &end);
    if (end != tok && !*end && errno != ERANGE && isfinite(x) && !isspace((unsigned char)*tok)) {
        c->num = x;
        return 0;
    }
    c->num = NAN;
    c->text = strdup(tok);
    return c->text ? 0 : -1;
}

/* ---- text: TSV, CSV, plain columns, lmbench ---- */

static int fail(struct docs *ds, int line, const char *what)
{
    if (line)
        snprintf(ds->err, ds->len, "%s:%d: %s", ds->name, line, what);
    else
        snprintf(ds->err, ds->len, "%s: %s", ds->name, what);
    return -1;
}

/* Splits s in place at seps (runs of blanks count once when seps are
 * blanks); fills at most max tokens, returns how many. */
/* How a row's fields are separated: chase's own files are TSV, where a
 * field may hold spaces (a note, "L2 near") or be empty; other tools'
 * columns are runs of blanks; CSV is commas. */
enum split_mode { SPLIT_BLANKS, SPLIT_CSV, SPLIT_TABS };

static size_t split(char *s, enum split_mode mode, char **tok, size_t max)
{
    size_t n = 0;
    char *p = s;
    if (mode != SPLIT_BLANKS) {
        const int sep = mode == SPLIT_CSV ? ',' : '\t';
        for (;;) {
            char *c = strchr(p, sep);
            if (n < max)
                tok[n++] = p;
            if (!c)
                break;
            *c = 0;
            p = c + 1;
        }
    } else {
        while (*p) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (!*p)
                break;
            if (n < max)
                tok[n++] = p;
            while (*p && *p != ' ' && *p != '\t')
                p++;
            if (*p)
                *p++ = 0;
        }
    }
    for (size_t i = 0; i < n; i++) {
        char *t = tok[i], *e;
        while (isspace((unsigned char)*t))
            t++;
        e = t + strlen(t);
        while (e > t && isspace((unsigned char)e[-1]))
            *--e = 0;
        tok[i] = t;
    }
    return n;
}

struct text {
    struct chase_doc *d;
    struct chase_doc_table *t;  /* the table rows go to */
    int csv;                    /* -1: not decided for this document */
    int lmbench;
    int gpubench;               /* gpu-benches' gpu-latency: KiB, MHz and cycles a row */
    int tables_begun;           /* a '# table:' or a header was seen */
};

/* Returns 0, or -1 with *why. */
static int start_doc(struct docs *ds, struct text *st, const char **why)
{
    if (!(st->d = doc_new(ds, why)))
        return -1;
    st->t = NULL;
    st->csv = -1;
    st->lmbench = 0;
    st->gpubench = 0;
    st->tables_begun = 0;
    return 0;
}

/* gpu-benches' gpu-latency prints a 'clock: MHz MHz ...' line (the clock it
 * read while warming the GPU), then a row a size: iterations, the clock in
 * MHz, the chain's size in whole KiB, the best run's time in ms, cycles a
 * load.  A row alone is known by its arithmetic: ms = cycles x iterations
 * / (MHz x 1000), to the 0.1 ms the program prints. */
static int gpubench_row(const char *p)
{
    double t[6];
    char *end;
    int n = 0;

    while (*p && n < 6) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        t[n++] = strtod(p, &end);
        if (end == p || (*end && *end != ' ' && *end != '\t'))
            return 0;
        p = end;
    }
    if (n != 5 || !(t[0] >= 1 && t[1] >= 1 && t[2] >= 0 && t[4] > 0) || t[0] != floor(t[0]) || t[2] != floor(t[2]))
        return 0;
    return fabs(t[3] - t[4] * t[0] / (t[1] * 1000.0)) <= 0.02 * t[3] + 0.1;
}

/* The document is gpu-latency's: its metadata, and clock, the MHz its
 * 'clock:' line gives (NULL: none). */
static void gpubench_start(struct text *st, const char *clock)
{
    double mhz;
    char first[32];
    size_t n = clock ? strspn(clock, "0123456789.") : 0;

    st->gpubench = 1;
    snprintf(st->d->source, sizeof st->d->source, "gpu-benches");
    chase_meta_add(&st->d->meta, "source", "gpu-benches gpu-latency output (sizes in whole KiB as it printed "
                   "them, latency in cycles, ns from each row's clock)");
    if (n && n < sizeof first) {
        memcpy(first, clock, n);
        first[n] = 0;
        if (number_text(first, &mhz))
            chase_meta_num(&st->d->meta, "clock_mhz", mhz);
    }
}

/* The first column of chase's own summary tables, which their TSV lines
 * ("# label: first<TAB>col=value...") do not name: read back under the
 * name and type the table's JSON gives it, so a part of report.json (read
 * from the part's TSV) has the columns its own JSON file has.  Any other
 * summary table's first column is "name", text. */
static const char *summary_first(const char *table, int *text)
{
    static const struct {
        const char *table, *col;
        int text;
    } first[] = {{"assoc", "level", 1}, {"lines", "level", 1}, {"spread", "level", 1}, {"hypothesis", "banks", 0}};
    size_t i;

    *text = 1;
    for (i = 0; i < sizeof first / sizeof first[0]; i++)
        if (!strcmp(table, first[i].table)) {
            *text = first[i].text;
            return first[i].col;
        }
    return "name";
}

/* "# label: first<TAB>col=value..." into the current summary table. */
static int summary_line(struct docs *ds, struct text *st, char *label, char *rest, int line)
{
    char *tok[MAX_COLS], *names[MAX_COLS];
    struct chase_cell *c;
    const char *why;
    size_t n, i;
    int rc, first_text;

    if (!st->t || !st->t->summary) {
        /* Files before format 2 name no summary table: '# level:' lines are the levels. */
        if (!(st->t = table_new(st->d, !strcmp(label, "level") ? "levels" : label, 1, &why)))
            return fail(ds, line, why);
    }
    n = 0;
    tok[n++] = rest;
    for (char *p = strchr(rest, '\t'); p && n < MAX_COLS; p = strchr(p, '\t')) {
        *p++ = 0;
        tok[n++] = p;
    }
    names[0] = (char *)summary_first(st->t->name, &first_text);     /* table_cols copies it */
    if (!st->t->ncols) {
        for (i = 1; i < n; i++) {
            char *eq = strchr(tok[i], '=');
            if (!eq)
                return fail(ds, line, "a summary field is not col=value");
            *eq = 0;
            names[i] = tok[i];
            tok[i] = eq + 1;
        }
        if ((rc = table_cols(st->t, names, n)))
            return fail(ds, line, rc > 0 ? "a summary line names a column twice" : "out of memory");
    } else {
        for (i = 1; i < n; i++) {
            char *eq = strchr(tok[i], '=');
            if (!eq)
                return fail(ds, line, "a summary field is not col=value");
            tok[i] = eq + 1;
        }
    }
    if (!(c = row_new(ds, st->t, (unsigned)line, &why)))
        return fail(ds, line, why);
    for (i = 0; i < n && i < st->t->ncols; i++) {
        if (i == 0 && first_text) {
            if (!(c[0].text = strdup(tok[0])))
                return fail(ds, line, "out of memory");
        } else if (set_cell(&c[i], tok[i])) {
            return fail(ds, line, "out of memory");
        }
    }
    return 0;
}

/* Does this header line name one of a curve's columns, as a whole word? */
static int names_curve_column(const char *p)
{
    static const char *const names[] = {"bytes", "cycles", "latency", "ns", "mhz", "p5", "p95", "samples", NULL};
    char buf[1024], *tok[MAX_COLS];
    size_t n, i, k;

    snprintf(buf, sizeof buf, "%s", p);
    n = split(buf, !strchr(buf, '\t') && strchr(buf, ',') ? SPLIT_CSV : SPLIT_BLANKS, tok, MAX_COLS);
    for (i = 0; i < n; i++)
        for (k = 0; names[k]; k++)
            if (!strcmp(tok[i], names[k]))
                return 1;
    return 0;
}

static int comment(struct docs *ds, struct text *st, char *p, int line)
{
    const char *why;
    char *colon;
    int rc;

    p++;
    while (*p == ' ')
        p++;
    colon = strchr(p, ':');
    if (colon && !strncmp(p, "format:", 7)) {
        char *v = colon + 1;
        /* A document starts: another one in the same file is another document. */
        if (st->d && (st->d->ntables || st->d->meta.n || st->d->version))
            if (start_doc(ds, st, &why))
                return fail(ds, line, why);
        if (!st->d && start_doc(ds, st, &why))
            return fail(ds, line, why);
        long version;
        while (*v == ' ')
            v++;
        /* strtol, not atoi: a version past an int's range is no undefined behaviour. */
        if (strncmp(v, "chase ", 6) || (version = strtol(v + 6, NULL, 10)) < 1)
            return fail(ds, line, "not a chase format line");
        if (version > CHASE_FORMAT_VERSION)
            return fail(ds, line, "written by a newer chase (format version too new)");
        st->d->version = (int)version;
        snprintf(st->d->source, sizeof st->d->source, "chase");
        return 0;
    }
    if (!st->d && start_doc(ds, st, &why))
        return fail(ds, line, why);
    if (colon && !strncmp(p, "table:", 6)) {
        char *name = colon + 1;
        while (*name == ' ')
            name++;
        if (!*name)
            return fail(ds, line, "a table with no name");
        /* Summary or data: the next line says (a header, or labelled rows). */
        if (!(st->t = table_new(st->d, name, 0, &why)))
            return fail(ds, line, why);
        st->t->summary = -1;
        st->tables_begun = 1;
        return 0;
    }
    if (colon && colon > p && !memchr(p, ' ', (size_t)(colon - p)) && !memchr(p, '\t', (size_t)(colon - p))) {
        char *v = colon + 1;
        *colon = 0;
        while (*v == ' ')
            v++;
        if (strchr(v, '\t')) {          /* '# level: L1<TAB>lo=...' */
            if (st->t && st->t->summary == -1)
                st->t->summary = 1;
            return summary_line(ds, st, p, v, line);
        }
        if (!strcmp(p, "kind"))
            snprintf(st->d->kind, sizeof st->d->kind, "%s", v);
        else if (!strcmp(p, "status"))
            snprintf(st->d->status, sizeof st->d->status, "%s", v);
        else if (!st->tables_begun && !st->d->ntables)
            meta_put(&st->d->meta, p, v);
        else
            meta_put(&st->d->results, p, v);
        return 0;
    }
    /* "#bytes<TAB>cycles..." names a data table's columns: in chase's
     * files the line after '# table:'; in others', a comment that names a
     * curve's column (other comments describe the data in words). */
    if (isalpha((unsigned char)*p) && !colon && (!st->t || (!st->t->ncols && st->t->summary != 1)) &&
        (st->d->version ? st->t != NULL : names_curve_column(p))) {
        char *tok[MAX_COLS];
        size_t n = split(p, st->d->version ? SPLIT_TABS
                         : !strchr(p, '\t') && strchr(p, ',') ? SPLIT_CSV : SPLIT_BLANKS, tok, MAX_COLS);
        if (!st->t && !(st->t = table_new(st->d, "points", 0, &why)))
            return fail(ds, line, why);
        st->t->summary = 0;
        st->tables_begun = 1;
        if ((rc = table_cols(st->t, tok, n)))
            return fail(ds, line, rc > 0 ? "a header that names a column twice" : "out of memory");
    }
    return 0;   /* any other comment is a comment */
}

static int data_line(struct docs *ds, struct text *st, char *p, int line)
{
    char *tok[MAX_COLS];
    struct chase_cell *c;
    const char *why;
    size_t n, i;

    if (!st->d && start_doc(ds, st, &why))
        return fail(ds, line, why);
    if (st->csv < 0)
        st->csv = strchr(p, ',') && !strchr(p, '\t');
    if (!st->t || st->t->summary == 1) {
        if (!(st->t = table_new(st->d, "points", 0, &why)))
            return fail(ds, line, !strcmp(why, "out of memory") ? why : "data rows after the summary lines");
    }
    st->t->summary = 0;
    if (!st->t->ncols && !st->d->version && !st->lmbench && !st->gpubench && gpubench_row(p))
        gpubench_start(st, NULL);
    n = split(p, st->csv ? SPLIT_CSV : st->d->version ? SPLIT_TABS : SPLIT_BLANKS, tok, MAX_COLS);
    if (!st->t->ncols && st->gpubench) {
        char *cols[] = {"iterations", "mhz", "bytes", "ms", "cycles"};
        if (table_cols(st->t, cols, 5))
            return fail(ds, line, "out of memory");
    }
    if (!st->t->ncols) {
        /* A header row names the columns; without one, other tools'
         * columns are bytes then latency. */
        if (isalpha((unsigned char)*tok[0])) {
            int rc = table_cols(st->t, tok, n);
            if (rc)
                return fail(ds, line, rc > 0 ? "a header that names a column twice" : "out of memory");
            if (!st->d->version)
                snprintf(st->d->source, sizeof st->d->source, "%s", st->csv ? "csv" : "columns");
            return 0;
        }
        {
            char *names[MAX_COLS], buf[MAX_COLS][8];
            for (i = 0; i < n && i < MAX_COLS; i++) {
                snprintf(buf[i], sizeof buf[i], "c%zu", i + 1);
                names[i] = i == 0 ? "bytes" : i == 1 ? (st->lmbench ? "ns" : "latency") : buf[i];
            }
            if (table_cols(st->t, names, n))
                return fail(ds, line, "out of memory");
            if (!st->d->version && !st->lmbench)
                snprintf(st->d->source, sizeof st->d->source, "columns");
        }
    }
    if (n < 2 && !st->d->version)
        return fail(ds, line, "expected at least two columns (bytes, latency)");
    if (n > st->t->ncols) {
        char what[96];
        snprintf(what, sizeof what, "%zu fields where the header has %zu", n, st->t->ncols);
        return fail(ds, line, what);
    }
    if (!(c = row_new(ds, st->t, (unsigned)line, &why)))
        return fail(ds, line, why);
    for (i = 0; i < n; i++)
        if (set_cell(&c[i], tok[i]))
            return fail(ds, line, "out of memory");
    if (st->lmbench) {
        /* lat_mem_rd: the size in MiB ("MB" meaning 2^20), the latency in
         * ns.  MiB to 5 decimals is +-5 bytes; its sizes are multiples of
         * 512, so the nearest 16 bytes is the size. */
        c[0].num = floor(c[0].num * 1048576.0 / 16 + 0.5) * 16;
    } else if (st->gpubench && n > 2) {
        c[2].num *= 1024;       /* whole KiB */
    }
    return 0;
}

static int parse_text(struct docs *ds, char *text)
{
    const char *why;
    struct text st;
    char *line, *next;
    int lineno = 0;

    memset(&st, 0, sizeof st);
    st.csv = -1;
    for (line = text; line; line = next) {
        char *p = line, *e;
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        e = line + strlen(line);
        while (e > line && isspace((unsigned char)e[-1]))
            *--e = 0;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            continue;
        if (!strncmp(p, "clock:", 6) && strspn(p + 6, " 0123456789.") == strlen(p + 6)) {
            const char *clock = p + 6;
            if (start_doc(ds, &st, &why))
                return fail(ds, lineno, why);
            while (*clock == ' ')
                clock++;
            gpubench_start(&st, clock);
            continue;
        }
        if (!strncmp(p, "\"stride=", 8)) {
            if (start_doc(ds, &st, &why))
                return fail(ds, lineno, why);
            st.lmbench = 1;
            snprintf(st.d->source, sizeof st.d->source, "lmbench");
            chase_meta_add(&st.d->meta, "source", "lmbench lat_mem_rd (sizes in MiB, latency in ns)");
            meta_put(&st.d->meta, "stride", p + 8);
            continue;
        }
        if (*p == '#') {
            if (comment(ds, &st, p, lineno))
                return -1;
        } else if (data_line(ds, &st, p, lineno)) {
            return -1;
        }
    }
    return 0;
}

/* ---- JSON: chase's documents, one or an array of them ---- */

static int json_cell(struct chase_cell *c, const struct chase_json *v)
{
    c->num = NAN;
    c->text = NULL;
    if (v->type == CHASE_JSON_NUMBER)
        c->num = v->number;
    else if (v->type == CHASE_JSON_STRING)
        return (c->text = strdup(v->string)) ? 0 : -1;
    else if (v->type == CHASE_JSON_BOOL)
        c->num = v->boolean;
    else if (v->type != CHASE_JSON_NULL)
        return 1;
    return 0;
}

static int json_table(struct docs *ds, struct chase_doc *d, const char *name, const struct chase_json *arr)
{
    const char *why;
    struct chase_doc_table *t = table_new(d, name, !strcmp(name, "levels") || !strcmp(name, "spread"), &why);
    char *names[MAX_COLS];
    size_t i, k, n = 0;
    char what[160];

    if (!t)
        return fail(ds, 0, why);
    /* The columns: every member name, in the order first seen. */
    for (i = 0; i < chase_json_length(arr); i++) {
        const struct chase_json *row = chase_json_at(arr, i);
        if (row->type != CHASE_JSON_OBJECT) {
            snprintf(what, sizeof what, "malformed JSON: row %zu of \"%.40s\" is not an object", i + 1, name);
            return fail(ds, 0, what);
        }
        for (k = 0; k < chase_json_length(row); k++) {
            const char *key = chase_json_at(row, k)->key;
            size_t j;
            for (j = 0; j < n && strcmp(names[j], key); j++)
                ;
            if (j == n) {
                if (n == MAX_COLS)
                    return fail(ds, 0, "malformed JSON: too many columns");
                names[n++] = (char *)key;
            }
        }
    }
    if (table_cols(t, names, n))
        return fail(ds, 0, "out of memory");      /* names are distinct: only memory fails */
    for (i = 0; i < chase_json_length(arr); i++) {
        const struct chase_json *row = chase_json_at(arr, i);
        struct chase_cell *c = row_new(ds, t, 0, &why);
        if (!c)
            return fail(ds, 0, why);
        for (k = 0; k < n; k++) {
            const struct chase_json *v = chase_json_get(row, t->cols[k]);
            int rc = v ? json_cell(&c[k], v) : 0;
            if (rc < 0)
                return fail(ds, 0, "out of memory");
            if (rc > 0) {
                snprintf(what, sizeof what, "malformed JSON: \"%.40s\" row %zu: \"%.40s\" is not a value", name,
                         i + 1, t->cols[k]);
                return fail(ds, 0, what);
            }
        }
    }
    return 0;
}

/* A metadata key TSV holds as itself ('# key: value'): no blank, control
 * character or colon, and none of the words that give a TSV file its
 * structure (a JSON key "table" would come back as a table). */
static int meta_key_ok(const char *key)
{
    static const char *const structure[] = {"format", "kind", "status", "table", NULL};
    const char *k;
    int i;

    if (!*key)
        return 0;
    for (k = key; *k; k++)
        if ((unsigned char)*k <= ' ' || *k == ':' || *k == 0x7f)
            return 0;
    for (i = 0; structure[i]; i++)
        if (!strcmp(key, structure[i]))
            return 0;
    return 1;
}

/* Key/value members into m, each key after prefix ("" or "sweep."): a
 * number, a string, true and false as the yes and no TSV holds, null as an
 * unknown number (TSV's nan). */
static void json_meta(struct chase_meta *m, const struct chase_json *obj, const char *prefix)
{
    char key[CHASE_META_KEY + 64];
    size_t i;
    for (i = 0; i < chase_json_length(obj); i++) {
        const struct chase_json *v = chase_json_at(obj, i);
        if (!meta_key_ok(v->key))
            continue;   /* it would not read back from TSV as itself */
        snprintf(key, sizeof key, "%s%s", prefix, v->key);
        if (v->type == CHASE_JSON_NUMBER)
            chase_meta_num(m, key, v->number);
        else if (v->type == CHASE_JSON_STRING)
            chase_meta_add(m, key, "%s", v->string);
        else if (v->type == CHASE_JSON_BOOL)
            chase_meta_add(m, key, "%s", v->boolean ? "yes" : "no");
        else if (v->type == CHASE_JSON_NULL)
            chase_meta_num(m, key, NAN);
    }
}

/* A report's part (format 3: "sweep": {"meta": {...}, "points": [...],
 * "results": {...}}) read as format 2 held it, so the rest of chase reads
 * either alike: tables "sweep.points", results "sweep.levels_found"; the
 * part's metadata is its own file's and is not kept here. */
static int json_part(struct docs *ds, struct chase_doc *d, const struct chase_json *part)
{
    char name[160];
    size_t i;

    for (i = 0; i < chase_json_length(part); i++) {
        const struct chase_json *v = chase_json_at(part, i);
        if (snprintf(name, sizeof name, "%s.%s", part->key, v->key) >= (int)sizeof name)
            return fail(ds, 0, "malformed JSON: a part's or table's name is too long");
        if (v->type == CHASE_JSON_ARRAY && json_table(ds, d, name, v))
            return -1;
        if (v->type == CHASE_JSON_OBJECT && !strcmp(v->key, "results")) {
            snprintf(name, sizeof name, "%s.", part->key);
            json_meta(&d->results, v, name);
        }
    }
    return 0;
}

static int json_doc(struct docs *ds, const struct chase_json *o)
{
    const char *why;
    const struct chase_json *v;
    struct chase_doc *d;
    size_t i;

    if (o->type != CHASE_JSON_OBJECT)
        return fail(ds, 0, "malformed JSON: a document must be an object");
    if (!(d = doc_new(ds, &why)))
        return fail(ds, 0, why);
    if ((v = chase_json_get(o, "version")) && v->type == CHASE_JSON_NUMBER) {
        if (v->number > CHASE_FORMAT_VERSION)
            return fail(ds, 0, "written by a newer chase (format version too new)");
        /* In an int's range before it becomes one (-1e300 would be undefined). */
        if (!(v->number >= 0))
            return fail(ds, 0, "malformed JSON: a negative format version");
        d->version = (int)v->number;
    }
    snprintf(d->source, sizeof d->source, "%s", d->version ? "chase" : "json");
    if ((v = chase_json_get(o, "kind")) && v->type == CHASE_JSON_STRING)
        snprintf(d->kind, sizeof d->kind, "%s", v->string);
    if ((v = chase_json_get(o, "status")) && v->type == CHASE_JSON_STRING)
        snprintf(d->status, sizeof d->status, "%s", v->string);
    if ((v = chase_json_get(o, "meta")))
        json_meta(&d->meta, v, "");
    if ((v = chase_json_get(o, "results")))
        json_meta(&d->results, v, "");
    for (i = 0; i < chase_json_length(o); i++) {
        v = chase_json_at(o, i);
        if (v->type == CHASE_JSON_ARRAY && json_table(ds, d, v->key, v))
            return -1;
        if (v->type == CHASE_JSON_OBJECT && strcmp(v->key, "meta") && strcmp(v->key, "results") &&
            !strcmp(d->kind, "report") && json_part(ds, d, v))
            return -1;
    }
    return 0;
}

static int parse_json(struct docs *ds, const char *text, size_t size)
{
    struct chase_json *root = NULL;
    struct chase_json_error je;
    char why[300];
    int rc = 0;
    size_t i;

    if (chase_json_parse(text, size, &root, &je)) {
        if (je.line)
            snprintf(why, sizeof why, "%zu:%zu: malformed JSON: %s", je.line, je.column, je.message);
        else    /* a value json-c read and chase refused: named by its path */
            snprintf(why, sizeof why, " malformed JSON: %s: %s", je.where, je.message);
        snprintf(ds->err, ds->len, "%s:%s", ds->name, why);
        return -1;
    }
    if (root->type == CHASE_JSON_ARRAY) {
        for (i = 0; i < chase_json_length(root) && !rc; i++)
            rc = json_doc(ds, chase_json_at(root, i));
    } else {
        rc = json_doc(ds, root);
    }
    chase_json_free(root);
    return rc;
}

int chase_docs_parse(const char *name, const char *text, size_t size, struct chase_doc **out, size_t *nout,
                     char *err, size_t len)
{
    struct docs ds;
    char *copy;
    size_t i;
    int rc;

    memset(&ds, 0, sizeof ds);
    ds.name = name;
    ds.err = err;
    ds.len = len;
    if (memchr(text, 0, size)) {
        snprintf(err, len, "%s: binary data (a NUL byte), not a chase file", name);
        return -1;
    }
    for (i = 0; i < size && isspace((unsigned char)text[i]); i++)
        ;
    if (i < size && (text[i] == '{' || text[i] == '[')) {
        rc = parse_json(&ds, text, size);
    } else {
        if (!(copy = malloc(size + 1))) {
            snprintf(err, len, "%s: out of memory", name);
            return -1;
        }
        memcpy(copy, text, size);
        copy[size] = 0;
        /* Text that is not UTF-8 could not be written back as JSON:
         * its stray bytes read as '?'. */
        for (i = 0; i < size;) {
            size_t u = chase_utf8_len((const unsigned char *)copy + i);
            if (u)
                i += u;
            else
                copy[i++] = '?';
        }
        rc = parse_text(&ds, copy);
        free(copy);
    }
    if (rc) {
        chase_docs_free(ds.d, ds.n);
        return -1;
    }
    *out = ds.d;
    *nout = ds.n;
    return 0;
}

int chase_docs_read(const char *path, struct chase_doc **docs, size_t *n, char *err, size_t len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t size = 0, cap = 0;
    int rc;

    if (!f) {
        snprintf(err, len, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    /* Read it whole (pipes and devices too), bounded. */
    for (;;) {
        size_t got;
        if (size == cap) {
            char *t;
            cap = cap ? 2 * cap : 131072;
            t = realloc(text, cap);
            if (!t) {
                snprintf(err, len, "%s: out of memory", path);
                free(text);
                fclose(f);
                return -1;
            }
            text = t;
        }
        got = fread(text + size, 1, cap - size, f);
        size += got;
        if (size > (size_t)MAX_FILE) {
            snprintf(err, len, "%s: larger than %ld MiB, not a file chase reads", path, MAX_FILE >> 20);
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
    rc = chase_docs_parse(path, text ? text : "", size, docs, n, err, len);
    free(text);
    return rc;
}

/* ---- writing a document back ---- */

int chase_doc_write(struct chase_writer *w, const struct chase_doc *d)
{
    size_t i, r, k;

    if (chase_writer_begin(w, d->kind, &d->meta))
        return -1;
    for (i = 0; i < d->ntables; i++) {
        const struct chase_doc_table *t = &d->tables[i];
        struct chase_column *cols = calloc(t->ncols ? t->ncols : 1, sizeof *cols);
        struct chase_table def;
        int bad = !cols;

        for (k = 0; !bad && k < t->ncols; k++) {
            /* Text if any cell is; whole numbers stay whole. */
            enum chase_type ty = CHASE_INT;
            for (r = 0; r < t->nrows; r++) {
                const struct chase_cell *c = &t->cells[r * t->ncols + k];
                if (c->text)
                    ty = CHASE_TEXT;
                else if (ty == CHASE_INT && isfinite(c->num) && c->num != floor(c->num))
                    ty = CHASE_REAL;
            }
            cols[k].name = t->cols[k];
            cols[k].type = ty;
        }
        def.name = t->name;
        def.col = cols;
        def.ncol = t->ncols;
        def.row = t->summary == 1 ? (!strcmp(t->name, "levels") ? "level" : t->name) : NULL;
        bad = bad || chase_writer_table(w, &def);
        for (r = 0; !bad && r < t->nrows; r++)
            bad = chase_writer_row(w, &t->cells[r * t->ncols]);
        free(cols);
        if (bad)
            return -1;
    }
    if (d->results.n && chase_writer_results(w, &d->results))
        return -1;
    return chase_writer_end(w, d->status[0] ? d->status : "complete");
}
