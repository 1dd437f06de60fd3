/* sms_out.c: chase sms's tables (each probe, and a level's spread, which
 * the sweep writes too) and its report at a terminal. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/size.h"
#include "io/doc.h"
#include "io/md.h"
#include "sms/sms.h"

#define SM(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_sm_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column sms_cols[] = {
    SM("sm", CHASE_INT, sm, CHASE_F_INT), SM("level", CHASE_TEXT, level, CHASE_F_STR),
    SM("bytes", CHASE_INT, bytes, CHASE_F_U64), SM("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE),
    SM("ns", CHASE_REAL, ns, CHASE_F_DOUBLE),
};
const struct chase_table chase_sms_table = {"sms", sms_cols, CHASE_COLS(sms_cols), NULL};

#define SP(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_sm_spread, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column spread_cols[] = {
    SP("level", CHASE_TEXT, level, CHASE_F_CHARS), SP("bytes", CHASE_INT, bytes, CHASE_F_U64),
    SP("walker_sm", CHASE_INT, walker_sm, CHASE_F_INT), SP("walker", CHASE_REAL, walker, CHASE_F_DOUBLE),
    SP("min", CHASE_REAL, min, CHASE_F_DOUBLE), SP("min_sm", CHASE_INT, min_sm, CHASE_F_INT),
    SP("median", CHASE_REAL, median, CHASE_F_DOUBLE), SP("max", CHASE_REAL, max, CHASE_F_DOUBLE),
    SP("max_sm", CHASE_INT, max_sm, CHASE_F_INT), SP("sms", CHASE_INT, sms, CHASE_F_UNSIGNED),
};
const struct chase_table chase_spread_table = {"spread", spread_cols, CHASE_COLS(spread_cols), "spread"};

int chase_sms_write_spread(struct chase_writer *w, const struct chase_sm_spread *sp, size_t nsp)
{
    return chase_writer_rows(w, &chase_spread_table, sp, nsp, sizeof *sp);
}

/* The map at a terminal: one line a level, then the SMs that stand out. */
void chase_sms_report(FILE *f, const struct chase_sm_spread *sp, size_t nsp)
{
    char a[32];
    size_t i;

    fprintf(f, "%-8s %9s %14s %14s %8s %14s\n", "level", "bytes", "sweep's SM", "fastest SM", "median",
            "slowest SM");
    for (i = 0; i < nsp; i++) {
        char w[32], lo[32], hi[32];
        snprintf(w, sizeof w, "%d: %.1f", sp[i].walker_sm, sp[i].walker);
        snprintf(lo, sizeof lo, "%d: %.1f", sp[i].min_sm, sp[i].min);
        snprintf(hi, sizeof hi, "%d: %.1f", sp[i].max_sm, sp[i].max);
        fprintf(f, "%-8s %9s %14s %14s %8.1f %14s\n", sp[i].level, chase_size_format(sp[i].bytes, a, sizeof a),
                w, lo, sp[i].median, hi);
    }
    fprintf(f, "cycles: the median of %d samples of the chain from each multiprocessor\n", CHASE_SMS_SAMPLES);
}

/* The SMs of level whose latency is more than 2% from the level's median
 * (med): how many, and the first few by number into list. */
static size_t outliers(const struct chase_doc_table *t, const char *level, double med, char *list, size_t len)
{
    size_t r, n = 0, used = 0;

    list[0] = 0;
    for (r = 0; t && r < t->nrows; r++) {
        const struct chase_cell *l = chase_md_cellv(t, r, "level");
        double c = chase_md_cellv(t, r, "cycles")->num, sm = chase_md_cellv(t, r, "sm")->num;
        if (!l->text || strcmp(l->text, level) || !(fabs(c - med) > 0.02 * med))
            continue;
        if (n++ < 8 && used < len)
            used += (size_t)snprintf(list + used, len - used, "%s%.0f (%.1f)", n > 1 ? ", " : "", sm, c);
    }
    if (n > 8 && used < len)
        snprintf(list + used, len - used, ", ...");
    return n;
}

/* report.md: a row a level (the spread over every SM and the SMs far from
 * the median), not a row an SM: those are in the file. */
void chase_sms_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *sp = chase_doc_table(d, "spread"), *t = chase_doc_table(d, "sms");
    size_t r;

    if (!sp || !sp->nrows) {
        fputs("No level was probed.\n\n", f);
        return;
    }
    fputs("| level | SMs | fastest (SM) | median | slowest (SM) | spread | SMs more than 2% from the median "
          "(SM: cycles) |\n|---|---|---|---|---|---|---|\n", f);
    for (r = 0; r < sp->nrows; r++) {
        const struct chase_cell *l = chase_md_cellv(sp, r, "level");
        double lo = chase_md_cellv(sp, r, "min")->num, med = chase_md_cellv(sp, r, "median")->num;
        double hi = chase_md_cellv(sp, r, "max")->num;
        char list[200];
        size_t n = outliers(t, l->text ? l->text : "", med, list, sizeof list);
        fputs("| ", f);
        chase_md_text(f, l->text ? l->text : "?");
        fputs(" | ", f);
        chase_md_num(f, chase_md_cellv(sp, r, "sms")->num);
        fprintf(f, " | %.1f (%.0f) | %.1f | %.1f (%.0f) | %.1f%% | ", lo, chase_md_cellv(sp, r, "min_sm")->num, med,
                hi, chase_md_cellv(sp, r, "max_sm")->num, med > 0 ? 100 * (hi - lo) / med : NAN);
        if (n)
            fprintf(f, "%zu: %s", n, list);
        else
            fputs("none", f);
        fputs(" |\n", f);
    }
    fprintf(f, "\nCycles of one thread's dependent load, each level probed at one working set from every SM; "
            "every SM's figure is in `%s`, table `sms`.\n\n", file);
}

/* The summary's line: each level's fastest and slowest SM. */
void chase_sms_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *sp = chase_doc_table(d, "spread");
    size_t r;

    if (!sp || !sp->nrows) {
        fputs("no level probed", f);
        return;
    }
    for (r = 0; r < sp->nrows; r++) {
        const struct chase_cell *l = chase_md_cellv(sp, r, "level");
        fputs(r ? "; " : "", f);
        chase_md_text(f, l->text ? l->text : "?");
        fprintf(f, " %.1f .. %.1f cycles over %.0f SMs", chase_md_cellv(sp, r, "min")->num,
                chase_md_cellv(sp, r, "max")->num, chase_md_cellv(sp, r, "sms")->num);
    }
}
