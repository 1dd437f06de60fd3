/* read.c: curves from saved files (parsed by doc.c), so analysis and
 * plots run on any saved data; and where the shipped data lives. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/doc.h"
#include "io/output.h"
#include "core/paths.h"
#include "io/read.h"

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

/* A row's figures, checked: a size of whole bytes and a finite latency. */
enum col { COL_BYTES, COL_CYCLES, COL_P5, COL_P95, COL_NS, COL_SAMPLES, COL_MHZ, NCOL };

static int check_row(const double *v, char *why, size_t len)
{
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
    if (bad)
        snprintf(why, len, "%s", bad);
    return bad ? -1 : 0;
}

/* Which curve column a table's column is: the sweep's own names (one list,
 * chase_row_cols), "latency" for other tools' latency, "mhz" for the
 * seed's clock column. */
static int column_of(const char *name)
{
    size_t i;
    /* chase_row_cols ends with the derived clock, "mhz" (COL_MHZ). */
    for (i = 0; i < CHASE_COLS(chase_row_cols); i++)
        if (!strcmp(name, chase_row_cols[i].name))
            return (int)i;
    if (!strcmp(name, "latency"))
        return COL_CYCLES;
    return -1;
}

/* The curve of a document: its "points" table, or its first data table
 * that has sizes and a latency. */
static int doc_curve(const char *path, const struct chase_doc *d, struct chase_curve *c, char *err, size_t len)
{
    const struct chase_doc_table *t = chase_doc_table(d, "points");
    int map[64], lmbench = !strcmp(d->source, "lmbench");
    size_t i, k, r;

    for (i = 0; !t && i < d->ntables; i++)
        if (!d->tables[i].summary && chase_doc_col(&d->tables[i], "bytes") >= 0)
            t = &d->tables[i];
    if (!t)
        return 1;   /* no curve here */
    for (k = 0; k < t->ncols && k < 64; k++)
        map[k] = lmbench && !strcmp(t->cols[k], "ns") ? COL_CYCLES : column_of(t->cols[k]);
    if (chase_doc_col(t, "bytes") < 0 || (chase_doc_col(t, "cycles") < 0 && chase_doc_col(t, "latency") < 0 && !lmbench)) {
        snprintf(err, len, "%s: table '%s' has no bytes and cycles (or latency) columns", path, t->name);
        return -1;
    }
    /* The unit goes where there is room, as any key does: a full
     * metadata is no failure, memory running out is. */
    if (chase_meta_copy(&c->meta, &d->meta) ||
        (lmbench && chase_meta_add(&c->meta, "unit", "ns: the cycles column holds nanoseconds (lmbench)") &&
         c->meta.n < CHASE_META_MAX)) {
        snprintf(err, len, "%s: out of memory", path);
        return -1;
    }
    for (r = 0; r < t->nrows; r++) {
        struct chase_row row;
        double v[NCOL];
        char why[128];
        for (k = 0; k < NCOL; k++)
            v[k] = NAN;
        for (k = 0; k < t->ncols && k < 64; k++) {
            const struct chase_cell *cell = chase_doc_cell(t, r, k);
            if (map[k] < 0)
                continue;
            if (cell->text) {
                if (t->line[r])
                    snprintf(err, len, "%s:%u: '%.40s' is not a number", path, t->line[r], cell->text);
                else
                    snprintf(err, len, "%s: '%.40s' is not a number (table %s, row %zu)", path, cell->text,
                             t->name, r + 1);
                return -1;
            }
            v[map[k]] = cell->num;
        }
        if (lmbench)
            v[COL_NS] = v[COL_CYCLES];
        if (check_row(v, why, sizeof why)) {
            if (t->line[r])
                snprintf(err, len, "%s:%u: %s", path, t->line[r], why);
            else
                snprintf(err, len, "%s: table %s, row %zu: %s", path, t->name, r + 1, why);
            return -1;
        }
        memset(&row, 0, sizeof row);
        row.bytes = (uint64_t)v[COL_BYTES];
        row.cycles = v[COL_CYCLES];
        row.p5 = isnan(v[COL_P5]) ? row.cycles : v[COL_P5];
        row.p95 = isnan(v[COL_P95]) ? row.cycles : v[COL_P95];
        row.ns = v[COL_NS];
        row.samples = isnan(v[COL_SAMPLES]) ? 1 : (unsigned)v[COL_SAMPLES];
        /* A file that gives the clock of each row (the seed's MHz column)
         * gives its ns too. */
        if (isnan(row.ns) && v[COL_MHZ] > 0 && isfinite(v[COL_MHZ]))
            row.ns = row.cycles * 1000.0 / v[COL_MHZ];
        if (chase_curve_push(c, &row)) {
            snprintf(err, len, "%s: out of memory", path);
            return -1;
        }
    }
    return 0;
}

static int by_bytes(const void *a, const void *b)
{
    const struct chase_row *x = a, *y = b;
    /* Ties broken by the latency: qsort is not stable (glibc's changed
     * algorithm in 2.37), and the levels must not depend on which C
     * library ordered rows of one size. */
    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? -1 : 1;
    return (x->cycles > y->cycles) - (x->cycles < y->cycles);
}

int chase_curves_read(const char *path, struct chase_curve **out, size_t *nout, char *err, size_t len)
{
    struct chase_doc *docs;
    struct chase_curve *cv;
    const char *base = strrchr(path, '/');
    size_t ndocs, n = 0, i, k;

    if (chase_docs_read(path, &docs, &ndocs, err, len))
        return -1;
    cv = calloc(ndocs ? ndocs : 1, sizeof *cv);
    if (!cv) {
        chase_docs_free(docs, ndocs);
        snprintf(err, len, "%s: out of memory", path);
        return -1;
    }
    for (i = 0; i < ndocs; i++) {
        struct chase_curve *c = &cv[n];
        double clock;
        int rc;

        memset(c, 0, sizeof *c);
        rc = doc_curve(path, &docs[i], c, err, len);
        if (rc < 0) {
            for (k = 0; k <= n; k++)
                chase_curve_free(&cv[k]);
            free(cv);
            chase_docs_free(docs, ndocs);
            return -1;
        }
        if (rc > 0 || !c->n) {      /* a document with no curve, or no rows */
            chase_curve_free(c);
            continue;
        }
        snprintf(c->name, sizeof c->name, "%s", base ? base + 1 : path);
        snprintf(c->kind, sizeof c->kind, "%s", docs[i].kind);
        qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
        /* Or a clock for the whole curve, in its metadata. */
        if (!chase_meta_get_num(&c->meta, "clock_mhz", &clock) && clock > 0)
            for (k = 0; k < c->n; k++)
                if (isnan(c->rows[k].ns))
                    c->rows[k].ns = c->rows[k].cycles * 1000.0 / clock;
        n++;
    }
    chase_docs_free(docs, ndocs);
    if (!n) {
        free(cv);
        snprintf(err, len, "%s: no data rows", path);
        return -1;
    }
    if (n > 1)
        for (i = 0; i < n; i++) {
            /* Which curve of the file: its name ends with #N. */
            size_t used = strlen(cv[i].name);
            char tag[24];
            snprintf(tag, sizeof tag, "#%zu", i + 1);
            if (used + strlen(tag) >= sizeof cv[i].name)
                used = sizeof cv[i].name - strlen(tag) - 1;
            memcpy(cv[i].name + used, tag, strlen(tag) + 1);
        }
    *out = cv;
    *nout = n;
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
