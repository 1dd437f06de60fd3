/* report_compare.c: chase report --compare: reports side by side, in compare.md and overlaid plots. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/exitcode.h"
#include "core/fresh.h"
#include "io/doc.h"
#include "io/md.h"
#include "io/read.h"
#include "levels/levels.h"
#include "plot/plot.h"
#include "report/report_md.h"

struct side {
    const char *dir;
    struct chase_doc *docs;
    size_t ndocs;
    const char *device;     /* the column's name: the device, with the directory where two share one */
    char label[512];
};

/* The report's table named part.table, or NULL. */
static const struct chase_doc_table *part_table(const struct side *s, const char *name)
{
    return s->ndocs ? chase_doc_table(&s->docs[0], name) : NULL;
}

/* Level name's row in a side's sweep.levels, or -1. */
static long level_row(const struct side *s, const char *name)
{
    const struct chase_doc_table *t = part_table(s, "sweep.levels");
    int c = chase_doc_col(t, "name");
    size_t r;
    for (r = 0; t && c >= 0 && r < t->nrows; r++) {
        const struct chase_cell *x = chase_doc_cell(t, r, (size_t)c);
        if (x->text && !strcmp(x->text, name))
            return (long)r;
    }
    return -1;
}

static double level_figure(const struct side *s, long r, const char *col)
{
    const struct chase_doc_table *t = part_table(s, "sweep.levels");
    int c = chase_doc_col(t, col);
    return r < 0 || c < 0 ? NAN : chase_doc_cell(t, (size_t)r, (size_t)c)->num;
}

/* The cache a level belongs to: "L2" of "L2 far" and of "L2 part 3". */
static size_t base_len(const char *name)
{
    const char *p = strstr(name, " part ");
    if (!p)
        p = strstr(name, " near");
    if (!p)
        p = strstr(name, " far");
    return p ? (size_t)(p - name) : strlen(name);
}

static int same_cache(const char *x, const char *y)
{
    size_t n = base_len(x);
    return n == base_len(y) && !strncmp(x, y, n);
}

/* Where a side has no level of this name but parts of the same cache
 * (one board's L1 seen as two plateaus, another's as one), says which. */
static void parts_instead(FILE *f, const struct side *s, const char *name, const char *lead)
{
    const struct chase_doc_table *t = part_table(s, "sweep.levels");
    int c = chase_doc_col(t, "name"), any = 0;
    size_t r;
    for (r = 0; t && c >= 0 && r < t->nrows; r++) {
        const struct chase_cell *x = chase_doc_cell(t, r, (size_t)c);
        if (!x->text || strcmp(x->text, name) == 0 || !same_cache(x->text, name))
            continue;
        fputs(any ? ", " : lead, f);
        chase_md_text(f, x->text);
        any = 1;
    }
    if (any && *lead == ' ')
        fputc(')', f);
}

/* A side-by-side table's header: the first column's name, then a column
 * a report. */
static void side_header(FILE *f, const char *first, const struct side *s, size_t n)
{
    size_t i;
    fprintf(f, "| %s |", first);
    for (i = 0; i < n; i++) {
        fputc(' ', f);
        chase_md_text(f, s[i].device);
        fputs(" |", f);
    }
    fputs("\n|---|", f);
    for (i = 0; i < n; i++)
        fputs("---|", f);
    fputc('\n', f);
}

static void compare_levels(FILE *f, const struct side *s, size_t n)
{
    char names[32][48];
    size_t nn = 0, i, k;
    char a[32], b[32];

    /* Every level name, in the order the sides list them. */
    for (i = 0; i < n; i++) {
        const struct chase_doc_table *t = part_table(&s[i], "sweep.levels");
        int c = chase_doc_col(t, "name");
        size_t r;
        for (r = 0; t && c >= 0 && r < t->nrows; r++) {
            const struct chase_cell *x = chase_doc_cell(t, r, (size_t)c);
            if (!x->text)
                continue;
            for (k = 0; k < nn && strcmp(names[k], x->text); k++)
                ;
            if (k == nn && nn < 32) {
                /* A new name goes after the last of its cache's, so the
                 * parts of one cache stay together. */
                size_t at = nn, j;
                for (j = 0; j < nn; j++)
                    if (same_cache(names[j], x->text))
                        at = j + 1;
                memmove(names[at + 1], names[at], (nn - at) * sizeof names[0]);
                snprintf(names[at], sizeof names[0], "%s", x->text);
                nn++;
            }
        }
    }
    side_header(f, "level", s, n);
    for (k = 0; k < nn; k++) {
        fputs("| ", f);
        chase_md_text(f, names[k]);
        fputs(" |", f);
        for (i = 0; i < n; i++) {
            long r = level_row(&s[i], names[k]);
            double lo = level_figure(&s[i], r, "lo"), hi = level_figure(&s[i], r, "hi");
            if (r < 0) {
                fputs(" (none", f);
                parts_instead(f, &s[i], names[k], "; seen as ");
                fputs(") |", f);
                continue;
            }
            if (!isnan(hi))
                fprintf(f, " %s .. %s, ", chase_md_size(lo, a, sizeof a),
                        chase_md_size(hi, b, sizeof b));
            else
                fprintf(f, " beyond %s, ", chase_md_size(lo, a, sizeof a));
            fprintf(f, "%.1f cyc, %.1f ns |", level_figure(&s[i], r, "cycles"), level_figure(&s[i], r, "ns"));
        }
        fputc('\n', f);
    }
    fputc('\n', f);

    /* The differences that matter, against the first report. */
    fputs("Differences against ", f);
    chase_md_text(f, s[0].device);
    fputs(":\n\n", f);
    {
        int any = 0;
        for (k = 0; k < nn; k++) {
            long r0 = level_row(&s[0], names[k]);
            for (i = 1; i < n; i++) {
                long r = level_row(&s[i], names[k]);
                double c0, c1, n0, n1, h0, h1;
                if (r0 < 0 || r < 0) {
                    fputs("- ", f);
                    chase_md_text(f, names[k]);
                    fputs(": ", f);
                    chase_md_text(f, r < 0 ? s[i].device : s[0].device);
                    fputs(" has no such level", f);
                    parts_instead(f, r < 0 ? &s[i] : &s[0], names[k], " (seen as ");
                    fputs(".\n", f);
                    any = 1;
                    continue;
                }
                c0 = level_figure(&s[0], r0, "cycles");
                c1 = level_figure(&s[i], r, "cycles");
                n0 = level_figure(&s[0], r0, "ns");
                n1 = level_figure(&s[i], r, "ns");
                h0 = level_figure(&s[0], r0, "lo");
                h1 = level_figure(&s[i], r, "lo");
                if (!isnan(level_figure(&s[0], r0, "hi")) && h0 > 0 && (h1 / h0 > 1.2 || h0 / h1 > 1.2)) {
                    fputs("- ", f);
                    chase_md_text(f, names[k]);
                    fputs(": ", f);
                    chase_md_text(f, s[i].device);
                    fprintf(f, "'s is %.2fx %s (%s against %s).\n", h1 > h0 ? h1 / h0 : h0 / h1,
                            h1 > h0 ? "larger" : "smaller", chase_md_size(h1, a, sizeof a),
                            chase_md_size(h0, b, sizeof b));
                    any = 1;
                }
                if (n0 > 0 && n1 > 0 && fabs(n1 / n0 - 1) > 0.05) {
                    fputs("- ", f);
                    chase_md_text(f, names[k]);
                    fputs(": ", f);
                    chase_md_text(f, s[i].device);
                    fprintf(f, " is %.0f%% %s in ns (%.1f ns against %.1f; %.1f cycles against %.1f).\n",
                            fabs(n1 / n0 - 1) * 100, n1 > n0 ? "slower" : "faster", n1, n0, c1, c0);
                    any = 1;
                } else if (c0 > 0 && c1 > 0 && fabs(c1 / c0 - 1) > 0.05) {
                    fputs("- ", f);
                    chase_md_text(f, names[k]);
                    fputs(": ", f);
                    chase_md_text(f, s[i].device);
                    fprintf(f, " takes %.0f%% %s cycles (%.1f against %.1f).\n", fabs(c1 / c0 - 1) * 100,
                            c1 > c0 ? "more" : "fewer", c1, c0);
                    any = 1;
                }
            }
        }
        if (!any)
            fputs("- none beyond 5% in latency or 20% in capacity.\n", f);
        fputc('\n', f);
    }
}

/* The text of a row's column in table t ("" where none). */
static const char *cell_text(const struct chase_doc_table *t, size_t r, const char *col)
{
    int c = chase_doc_col(t, col);
    const struct chase_cell *x = c < 0 ? NULL : chase_doc_cell(t, r, (size_t)c);
    return x && x->text ? x->text : "";
}

/* The bandwidth part's levels side by side: a row a level, operation and
 * placement that any report has, its GB/s in each (and the share of the
 * peak where one is known); "-" where a report has no such row. */
static void compare_bandwidth(FILE *f, const struct side *s, size_t n)
{
    size_t i, r, j, q;
    int any = 0;

    for (i = 0; i < n; i++) {
        const struct chase_doc_table *t = part_table(&s[i], "bandwidth.levels");
        for (r = 0; t && r < t->nrows; r++) {
            const char *lv = cell_text(t, r, "level"), *op = cell_text(t, r, "op"), *pl = cell_text(t, r, "placement");
            int seen = 0;
            /* A row of an earlier report, or earlier in this one, is written once. */
            for (j = 0; j <= i && !seen; j++) {
                const struct chase_doc_table *u = part_table(&s[j], "bandwidth.levels");
                for (q = 0; u && q < (j == i ? r : u->nrows) && !seen; q++)
                    seen = !strcmp(cell_text(u, q, "level"), lv) && !strcmp(cell_text(u, q, "op"), op) &&
                           !strcmp(cell_text(u, q, "placement"), pl);
            }
            if (seen)
                continue;
            if (!any) {
                fputs("## Bandwidth\n\nGB/s (10^9 bytes a second) of each level's best launch shape, and the "
                      "share of the peak where one is known (the driver's or the architecture's).\n\n", f);
                side_header(f, "level, operation, placement", s, n);
                any = 1;
            }
            fputs("| ", f);
            chase_md_text(f, lv);
            fputs(", ", f);
            chase_md_text(f, op);
            fputs(", ", f);
            chase_md_text(f, pl);
            fputs(" |", f);
            for (j = 0; j < n; j++) {
                const struct chase_doc_table *u = part_table(&s[j], "bandwidth.levels");
                int gc = chase_doc_col(u, "gbs"), fc = chase_doc_col(u, "fraction"), done = 0;
                for (q = 0; u && gc >= 0 && q < u->nrows && !done; q++) {
                    double g, fr;
                    if (strcmp(cell_text(u, q, "level"), lv) || strcmp(cell_text(u, q, "op"), op) ||
                        strcmp(cell_text(u, q, "placement"), pl))
                        continue;
                    g = chase_doc_cell(u, q, (size_t)gc)->num;
                    fr = fc >= 0 ? chase_doc_cell(u, q, (size_t)fc)->num : NAN;
                    if (isnan(g))
                        continue;
                    if (isnan(fr))
                        fprintf(f, " %.0f |", g);
                    else
                        fprintf(f, " %.0f (%.0f%%) |", g, 100 * fr);
                    done = 1;
                }
                if (!done)
                    fputs(" - |", f);
            }
            fputc('\n', f);
        }
    }
    if (any)
        fputc('\n', f);
}

/* Every part's results, one row a result, a column a report. */
static void compare_results(FILE *f, const struct side *s, size_t n)
{
    size_t i, k, j;
    const struct chase_meta *m0;
    int any = 0;

    for (i = 0; i < n; i++) {
        m0 = s[i].ndocs ? &s[i].docs[0].results : NULL;
        for (k = 0; m0 && k < (size_t)m0->n; k++) {
            const char *key = m0->kv[k].key;
            int seen = 0;
            for (j = 0; j < i && !seen; j++)
                seen = s[j].ndocs && chase_meta_get(&s[j].docs[0].results, key);
            if (seen)
                continue;
            if (!any) {
                side_header(f, "result", s, n);
                any = 1;
            }
            fputs("| ", f);
            chase_md_text(f, key);
            fputs(" |", f);
            for (j = 0; j < n; j++) {
                const char *v = s[j].ndocs ? chase_meta_get(&s[j].docs[0].results, key) : NULL;
                fputc(' ', f);
                chase_md_text(f, v ? v : "(none)");
                fputs(" |", f);
            }
            fputc('\n', f);
        }
    }
    if (any)
        fputc('\n', f);
}

int chase_report_compare(const struct chase_opts *o)
{
    struct side *s;
    struct chase_curve *curves;
    struct chase_level (*lv)[CHASE_MAX_LEVELS];
    struct chase_plot_curve *pc;
    char path[4200], err[600];
    size_t n = (size_t)o->nargs, i, nc = 0;
    int code = 0;
    FILE *f;

    if (n < 2) {
        fprintf(stderr, "chase: report --compare: name two or more report directories\n"
                        "Try 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    s = calloc(n, sizeof *s);
    curves = calloc(n, sizeof *curves);
    lv = calloc(n, sizeof *lv);
    pc = calloc(n, sizeof *pc);
    if (!s || !curves || !lv || !pc) {
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    for (i = 0; i < n; i++) {
        s[i].dir = o->args[i];
        if ((size_t)snprintf(path, sizeof path, "%s/report.json", s[i].dir) >= sizeof path) {
            fprintf(stderr, "chase: report --compare: the path '%s' is too long\n", s[i].dir);
            code = CHASE_EXIT_FILE;
            goto out;
        }
        if (chase_docs_read(path, &s[i].docs, &s[i].ndocs, err, sizeof err)) {
            fprintf(stderr, "chase: report --compare: %s\n", err);
            code = CHASE_EXIT_FILE;
            goto out;
        }
        if (!s[i].ndocs || strcmp(s[i].docs[0].kind, "report")) {
            fprintf(stderr, "chase: report --compare: '%s' is not a chase report\n", path);
            code = CHASE_EXIT_FILE;
            goto out;
        }
        s[i].device = chase_meta_get(&s[i].docs[0].meta, "device");
        if (!s[i].device)
            s[i].device = s[i].dir;
    }
    /* Two reports of one device (before and after, two boards of a kind)
     * need their directories to tell their columns apart. */
    for (i = 0; i < n; i++) {
        size_t j;
        for (j = 0; j < n; j++)
            if (j != i && !strcmp(s[i].device, s[j].device))
                break;
        if (j < n)
            snprintf(s[i].label, sizeof s[i].label, "%s (%s)", s[i].device, s[i].dir);
        else
            snprintf(s[i].label, sizeof s[i].label, "%s", s[i].device);
    }
    for (i = 0; i < n; i++)
        s[i].device = s[i].label;
    {
        struct stat st;
        if (mkdir(o->output, 0777) && !(errno == EEXIST && !stat(o->output, &st) && S_ISDIR(st.st_mode))) {
            fprintf(stderr, "chase: cannot make '%s': %s\n", o->output, strerror(errno));
            code = CHASE_EXIT_FILE;
            goto out;
        }
    }
    /* The curves overlaid, in cycles and in ns (the fair axis across clocks). */
    for (i = 0; i < n; i++) {
        if ((size_t)snprintf(path, sizeof path, "%s/sweep.tsv", s[i].dir) >= sizeof path ||
            chase_curve_read(path, &curves[nc], err, sizeof err))
            continue;
        pc[nc].curve = &curves[nc];
        pc[nc].levels = lv[nc];
        pc[nc].nlevels = chase_levels_find(&curves[nc], lv[nc], CHASE_MAX_LEVELS);
        nc++;
    }
    if (nc > 1) {
        struct chase_opts po = *o;
        const char *ext = o->plot_format ? o->plot_format : "png";
        int k;
        for (k = 0; k < 2; k++) {
            po.ns = k;
            po.script = NULL;
            snprintf(path, sizeof path, "%s/compare-%s.%s", o->output, k ? "ns" : "cycles", ext);
            if (chase_plot(pc, nc, &po, path, err, sizeof err)) {
                fprintf(stderr, "chase: %s\n", err);
                code = CHASE_EXIT_PLOT;
            }
        }
    }
    if ((size_t)snprintf(path, sizeof path, "%s/compare.md", o->output) >= sizeof path || !(f = chase_fresh_fopen(path))) {
        fprintf(stderr, "chase: cannot write '%s': %s\n", path, strerror(errno));
        code = CHASE_EXIT_FILE;
        goto out;
    }
    fputs("# chase: reports side by side\n\n| report | device | backend | date |\n|---|---|---|---|\n", f);
    for (i = 0; i < n; i++) {
        fputs("| ", f);
        chase_md_text(f, s[i].dir);
        fputs(" | ", f);
        chase_md_text(f, chase_md_meta_text(&s[i].docs[0], "device"));
        fputs(" | ", f);
        chase_md_text(f, chase_md_meta_text(&s[i].docs[0], "backend"));
        fputs(" | ", f);
        chase_md_text(f, chase_md_meta_text(&s[i].docs[0], "date"));
        fputs(" |\n", f);
    }
    fputs("\n## Cache levels\n\n", f);
    compare_levels(f, s, n);
    if (nc > 1) {
        const char *ext = o->plot_format ? o->plot_format : "png";
        fprintf(f, "![latency in cycles](compare-cycles.%s)\n\n![latency in ns](compare-ns.%s)\n\n", ext, ext);
    }
    compare_bandwidth(f, s, n);
    fputs("## Results of every part\n\n", f);
    compare_results(f, s, n);
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "chase: writing '%s' failed\n", path);
        code = CHASE_EXIT_FILE;
    } else if (!o->quiet) {
        fprintf(stderr, "chase: report --compare: %s\n", path);
    }
out:
    for (i = 0; s && i < n; i++)
        chase_docs_free(s[i].docs, s[i].ndocs);
    for (i = 0; curves && i < nc; i++)
        chase_curve_free(&curves[i]);
    free(s);
    free(curves);
    free(lv);
    free(pc);
    return code;
}
