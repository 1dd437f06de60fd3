/* bandwidth_overlay.c: chase plot of bandwidth files: several devices'
 * (or runs') curves on one set of axes, a curve an operation and
 * placement a file, each named by its device and file.  Levels and peaks
 * stay in each run's own plot (chase bandwidth --plot): on one canvas
 * their labels would cover the curves. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bandwidth/bandwidth.h"
#include "core/exitcode.h"
#include "io/doc.h"
#include "plot/plot.h"

/* At most this many curves on one canvas (the sweep's plot takes as many). */
#define MAX_CURVES 32

struct overlay {
    const struct chase_doc *doc[MAX_CURVES];
    const char *file[MAX_CURVES];
    size_t nth[MAX_CURVES];     /* the curve's file, from 0: its marker and dash */
    char op[MAX_CURVES][16], place[MAX_CURVES][16];
    size_t n;
    const char *title;
};

/* The points table's columns a curve needs; 0 or -1 where one is missing. */
static int columns(const struct chase_doc_table *t, int *op, int *place, int *bytes, int *gbs)
{
    *op = chase_doc_col(t, "op");
    *place = chase_doc_col(t, "placement");
    *bytes = chase_doc_col(t, "bytes");
    *gbs = chase_doc_col(t, "gbs");
    return *op < 0 || *place < 0 || *bytes < 0 || *gbs < 0 ? -1 : 0;
}

static int same_kind(const struct overlay *a, size_t i, size_t j)
{
    return !strcmp(a->op[i], a->op[j]) && !strcmp(a->place[i], a->place[j]);
}

/* The ordinal of curve i's operation and placement among those the
 * curves hold, in the order first seen. */
static size_t kind_of(const struct overlay *a, size_t i)
{
    size_t k, j, kinds = 0;

    for (k = 0; k <= i; k++) {
        for (j = 0; j < k && !same_kind(a, j, k); j++)
            ;
        if (j < k)
            continue;   /* seen before */
        if (same_kind(a, k, i))
            return kinds;
        kinds++;
    }
    return kinds;
}

static int write_overlay(FILE *f, const void *arg, const char *out)
{
    const struct overlay *a = arg;
    size_t i, r;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    fprintf(f, "set title ");
    chase_gp_string(f, a->title ? a->title : "bandwidth against working set (GB/s = 10^9 B/s)");
    fprintf(f, "\nset logscale x 2\nset logscale y\nset format x \"%%.0b %%BB\"\nset xlabel \"working set (bytes)\"\n"
               "set ylabel \"GB/s (copy: read + written)\"\nset key outside below font \",8\"\n");
    for (i = 0; i < a->n; i++) {
        const struct chase_doc_table *t = chase_doc_table(a->doc[i], "points");
        int op, place, bytes, gbs;
        if (!t || columns(t, &op, &place, &bytes, &gbs))
            continue;
        fprintf(f, "$c%zu << EOD\n", i);
        for (r = 0; r < t->nrows; r++) {
            const struct chase_cell *o = chase_doc_cell(t, r, (size_t)op), *p = chase_doc_cell(t, r, (size_t)place);
            double b = chase_doc_cell(t, r, (size_t)bytes)->num, g = chase_doc_cell(t, r, (size_t)gbs)->num;
            if (o->text && p->text && !strcmp(o->text, a->op[i]) && !strcmp(p->text, a->place[i]) && b > 0 &&
                g > 0 && isfinite(g))
                fprintf(f, "%.0f %g\n", b, g);
        }
        fprintf(f, "EOD\n");
    }
    fprintf(f, "plot ");
    for (i = 0; i < a->n; i++) {
        const char *dev = chase_meta_get(&a->doc[i]->meta, "device");
        char title[300];
        snprintf(title, sizeof title, "%s (%s): %s, %s", dev ? dev : "device", a->file[i], a->op[i], a->place[i]);
        size_t kind = kind_of(a, i);
        /* An operation and placement keeps its colour from file to file;
         * the file changes the marker and the dash. */
        fprintf(f, "%s$c%zu using 1:2 with linespoints lc rgb \"%s\" pt %zu dt %s ps 0.6", i ? ", " : "", i,
                chase_gp_color(kind % CHASE_GP_SERIES), 5 + 2 * (a->nth[i] % 5),
                chase_gp_dash(a->nth[i] % CHASE_GP_SERIES));
        fprintf(f, " title ");
        chase_gp_string(f, title);
    }
    if (!a->n)
        fprintf(f, "NaN notitle");
    fprintf(f, "\n");
    return 0;
}

/* Adds each (op, placement) the file's points hold, in their order. */
static int add_curves(struct overlay *a, const struct chase_doc *d, const char *file, size_t nth)
{
    const struct chase_doc_table *t = chase_doc_table(d, "points");
    int op, place, bytes, gbs;
    size_t r, k;

    if (!t || columns(t, &op, &place, &bytes, &gbs))
        return -1;
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *o = chase_doc_cell(t, r, (size_t)op), *p = chase_doc_cell(t, r, (size_t)place);
        if (!o->text || !p->text)
            continue;
        for (k = 0; k < a->n; k++)
            if (a->doc[k] == d && !strcmp(a->op[k], o->text) && !strcmp(a->place[k], p->text))
                break;
        if (k < a->n)
            continue;
        if (a->n == MAX_CURVES)
            return 1;
        a->doc[a->n] = d;
        a->file[a->n] = file;
        a->nth[a->n] = nth;
        snprintf(a->op[a->n], sizeof a->op[a->n], "%.15s", o->text);
        snprintf(a->place[a->n], sizeof a->place[a->n], "%.15s", p->text);
        a->n++;
    }
    return 0;
}

/* The file's name and the folder it is in (a report's parts are all
 * bandwidth.tsv): the curve's label. */
static const char *base(const char *path)
{
    const char *s = path + strlen(path);
    int slashes = 0;

    while (s > path && !(s[-1] == '/' && ++slashes == 2))
        s--;
    return s;
}

int chase_bw_plot_files(const struct chase_opts *o)
{
    struct chase_doc *docs[MAX_CURVES];
    size_t ndocs[MAX_CURVES], i, j, nf = 0;
    struct overlay a;
    char err[600];
    int code = 0;

    memset(&a, 0, sizeof a);
    a.title = o->title;
    if (o->ns || o->spread) {
        fprintf(stderr, "chase: plot: --%s is for latency curves; bandwidth files have GB/s and no spread to shade\n",
                o->ns ? "ns" : "spread");
        return CHASE_EXIT_USAGE;
    }
    if (o->nargs > MAX_CURVES) {
        fprintf(stderr, "chase: %d files to plot; a plot takes at most %d curves (plot fewer files at a time)\n",
                o->nargs, MAX_CURVES);
        return CHASE_EXIT_USAGE;
    }
    for (i = 0; i < (size_t)o->nargs && !code; i++) {
        if (chase_docs_read(o->args[i], &docs[i], &ndocs[i], err, sizeof err)) {
            fprintf(stderr, "chase: %s\n", err);
            code = CHASE_EXIT_FILE;
            break;
        }
        nf++;
        for (j = 0; j < ndocs[i] && !code; j++) {
            int rc;
            if (strcmp(docs[i][j].kind, "bandwidth")) {
                fprintf(stderr, "chase: %s: a %s file among bandwidth files: plot them apart\n", o->args[i],
                        docs[i][j].kind);
                code = CHASE_EXIT_USAGE;
            } else if ((rc = add_curves(&a, &docs[i][j], base(o->args[i]), i)) < 0) {
                fprintf(stderr, "chase: %s: its points table has no op, placement, bytes and gbs columns\n",
                        o->args[i]);
                code = CHASE_EXIT_FILE;
            } else if (rc > 0) {
                fprintf(stderr, "chase: more than %d curves to plot (an operation and placement a file): plot fewer "
                        "files at a time\n", MAX_CURVES);
                code = CHASE_EXIT_USAGE;
            }
        }
    }
    if (!code && (code = chase_gp_run(write_overlay, &a, o->script, o->output, err, sizeof err)))
        fprintf(stderr, "chase: %s\n", err);
    for (i = 0; i < nf; i++)
        chase_docs_free(docs[i], ndocs[i]);
    return code;
}
