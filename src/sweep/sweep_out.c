/* sweep_out.c: the sweep's tables, level reports for people at a terminal and report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "io/md.h"
#include "io/table.h"
#include "sms/sms.h"
#include "sweep/sweep.h"
#include "sweep/sweep_out.h"

const struct chase_table chase_points_table = {"points", chase_row_cols, CHASE_COLS(chase_row_cols), NULL};

#define LV(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_level, F, FIELD, ROUND, FLAGS)
static const struct chase_column level_cols[] = {
    LV("name", CHASE_TEXT, name, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LV("lo", CHASE_INT, lo, CHASE_F_U64, CHASE_R_NONE, 0),
    LV("hi", CHASE_INT, hi, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),     /* the last level has no upper end */
    /* A level's latency is a median of logarithms, and 13.999999999999996
     * would say more than it knows. */
    LV("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    LV("ns", CHASE_REAL, ns, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    LV("confidence", CHASE_REAL, confidence, CHASE_F_DOUBLE, CHASE_R_R2, 0),   /* a rough figure */
    LV("onset", CHASE_INT, onset, CHASE_F_INT, CHASE_R_NONE, 0),
    LV("noise_limited", CHASE_INT, noise_limited, CHASE_F_INT, CHASE_R_NONE, 0),
    /* The driver's cache matched by size: the driver's figure, not measured. */
    LV("driver_cache", CHASE_TEXT, cache, CHASE_F_CHARS, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("driver_cache_bytes", CHASE_INT, cache_bytes, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("note", CHASE_TEXT, note, CHASE_F_CHARS, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
};
const struct chase_table chase_levels_table = {"levels", level_cols, CHASE_COLS(level_cols), "level"};

int chase_sweep_write_tail(struct chase_writer *w, const struct chase_level *lv, size_t nlv,
                           const struct chase_sm_spread *sp, size_t nsp)
{
    if (chase_writer_rows(w, &chase_levels_table, lv, nlv, sizeof *lv))
        return -1;
    if (nsp)
        return chase_sms_write_spread(w, sp, nsp);
    return 0;
}

void chase_report_table(FILE *f, const struct chase_curve *c)
{
    char a[32];
    size_t i;

    fprintf(f, "%12s %10s %10s %10s %10s\n", "working set", "cycles", "p5", "p95", "ns");
    for (i = 0; i < c->n; i++) {
        const struct chase_row *r = &c->rows[i];
        fprintf(f, "%12s %10.1f %10.1f %10.1f ", chase_size_format(r->bytes, a, sizeof a),
                r->cycles, r->p5, r->p95);
        if (isnan(r->ns))
            fprintf(f, "%10s\n", "-");
        else
            fprintf(f, "%10.2f\n", r->ns);
    }
}

void chase_report_levels(FILE *f, const struct chase_curve *c, const struct chase_level *lv,
                         size_t nlv, const struct chase_sm_spread *sp, size_t nsp)
{
    const char *what[] = {"backend", "device", "pattern", "stride", "cache_op", "carveout", "sm", "timer"};
    char a[32], b[32], d[32], cap[80], lat[64], notes[CHASE_LEVEL_NOTE + 64];
    size_t i, k;
    int w = 7;

    for (k = 0; k < sizeof what / sizeof what[0]; k++) {
        const char *v = chase_meta_get(&c->meta, what[k]);
        if (v)
            fprintf(f, "%-9s %s\n", what[k], v);
    }
    if (!nlv) {
        fprintf(f, "levels: too few points to find any\n");
        return;
    }
    for (i = 0; i < nlv; i++)
        if ((int)strlen(lv[i].name) > w)
            w = (int)strlen(lv[i].name);
    /* Within 80 columns: a level's notes go on a line of their own below it. */
    fprintf(f, "\n%-*s %-21s %-20s %-10s %s\n", w, "level", "capacity (measured)", "latency (measured)",
            "confidence", "driver's size");
    for (i = 0; i < nlv; i++) {
        const struct chase_level *L = &lv[i];
        if (L->hi)
            snprintf(cap, sizeof cap, "%s .. %s", chase_size_format(L->lo, a, sizeof a),
                     chase_size_format(L->hi, b, sizeof b));
        else
            snprintf(cap, sizeof cap, "beyond %s", chase_size_format(L->lo, a, sizeof a));
        if (isnan(L->ns))
            snprintf(lat, sizeof lat, "%.1f cyc", L->cycles);
        else
            snprintf(lat, sizeof lat, "%.1f cyc  %.1f ns", L->cycles, L->ns);
        /* The driver's size beside the level it was matched to by size. */
        snprintf(d, sizeof d, "%s", L->cache_bytes ? chase_size_format(L->cache_bytes, a, sizeof a) : "-");
        snprintf(notes, sizeof notes, "%s%s%s%s", L->note[0] ? "; " : "", L->note,
                 L->noise_limited ? "; interval noise-limited" : "", L->onset ? "; gradual onset" : "");
        fprintf(f, "%-*s %-21s %-20s %-10.2f %s\n", w, L->name, cap, lat, L->confidence, d);
        if (notes[0])
            fprintf(f, "%*s %s\n", w, "", notes + 2);
    }
    fprintf(f, "capacity: [largest size still on the plateau .. first size clearly above it]\n");
    if (nsp) {
        fprintf(f, "\n%-*s %-18s %-18s %-8s %s\n", w, "level", "this sweep's SM", "fastest SM", "median",
                "slowest SM");
        for (i = 0; i < nsp; i++) {
            char own[40], lo[40], hi[40];
            snprintf(own, sizeof own, "SM %d: %.1f cyc", sp[i].walker_sm, sp[i].walker);
            snprintf(lo, sizeof lo, "SM %d: %.1f cyc", sp[i].min_sm, sp[i].min);
            snprintf(hi, sizeof hi, "SM %d: %.1f cyc", sp[i].max_sm, sp[i].max);
            fprintf(f, "%-*s %-18s %-18s %-8.1f %s\n", w, sp[i].level, own, lo, sp[i].median, hi);
        }
        fprintf(f, "fastest, median, slowest: the same chain from every multiprocessor\n");
    }
}

/* The sweep's levels with their spread over the multiprocessors. */
void chase_sweep_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *lv = chase_doc_table(d, "levels"), *sp = chase_doc_table(d, "spread");
    size_t r, s;

    (void)file;     /* the page names no file of the sweep's */
    if (!lv || !lv->nrows) {
        fputs("No levels were found (too few points).\n\n", f);
        return;
    }
    /* The spread's column only where the device has one (a CPU has none). */
    if (sp && sp->nrows)
        fputs("| level | capacity (measured) | latency, cycles | latency, ns | confidence | SM spread, cycles: "
              "min (SM) / median / max (SM) |\n|---|---|---|---|---|---|\n", f);
    else
        fputs("| level | capacity (measured) | latency, cycles | latency, ns | confidence |\n|---|---|---|---|---|\n", f);
    for (r = 0; r < lv->nrows; r++) {
        const struct chase_cell *name = chase_doc_cell(lv, r, (size_t)chase_doc_col(lv, "name"));
        double lo = chase_doc_cell(lv, r, (size_t)chase_doc_col(lv, "lo"))->num;
        double hi = chase_doc_cell(lv, r, (size_t)chase_doc_col(lv, "hi"))->num;
        char a[32], b[32];
        fputs("| ", f);
        chase_md_text(f, name->text ? name->text : "?");
        if (!isnan(hi))
            fprintf(f, " | %s .. %s | ", chase_md_size(lo, a, sizeof a),
                    chase_md_size(hi, b, sizeof b));
        else
            fprintf(f, " | beyond %s | ", chase_md_size(lo, a, sizeof a));
        chase_md_num(f, chase_doc_cell(lv, r, (size_t)chase_doc_col(lv, "cycles"))->num);
        fputs(" | ", f);
        chase_md_num(f, chase_doc_cell(lv, r, (size_t)chase_doc_col(lv, "ns"))->num);
        fputs(" | ", f);
        chase_md_num(f, chase_doc_cell(lv, r, (size_t)chase_doc_col(lv, "confidence"))->num);
        if (sp && sp->nrows)
            fputs(" | ", f);
        for (s = 0; sp && s < sp->nrows; s++) {
            const struct chase_cell *sn = chase_doc_cell(sp, s, (size_t)chase_doc_col(sp, "level"));
            if (sn->text && name->text && !strcmp(sn->text, name->text)) {
                fprintf(f, "%.1f (%.0f) / %.1f / %.1f (%.0f)",
                        chase_doc_cell(sp, s, (size_t)chase_doc_col(sp, "min"))->num,
                        chase_doc_cell(sp, s, (size_t)chase_doc_col(sp, "min_sm"))->num,
                        chase_doc_cell(sp, s, (size_t)chase_doc_col(sp, "median"))->num,
                        chase_doc_cell(sp, s, (size_t)chase_doc_col(sp, "max"))->num,
                        chase_doc_cell(sp, s, (size_t)chase_doc_col(sp, "max_sm"))->num);
                break;
            }
        }
        fputs(" |\n", f);
    }
    fputs("\nCapacity: [the largest size still on the plateau .. the first size clearly above it]. "
          "The latency is a single thread's dependent load", f);
    if (sp && sp->nrows)
        fputs(", from the SM the sweep ran on; the spread is the same load from every SM", f);
    fputs(".\n\n", f);
}

/* The summary's line: each level's capacity and latency. */
void chase_sweep_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *lv = chase_doc_table(d, "levels");
    size_t r;

    if (!lv || !lv->nrows) {
        fputs("no levels found (too few points)", f);
        return;
    }
    for (r = 0; r < lv->nrows; r++) {
        const struct chase_cell *name = chase_md_cellv(lv, r, "name");
        double lo = chase_md_cellv(lv, r, "lo")->num, hi = chase_md_cellv(lv, r, "hi")->num;
        char a[32], b[32];
        fputs(r ? "; " : "", f);
        chase_md_text(f, name->text ? name->text : "?");
        if (!isnan(hi))
            fprintf(f, " %s .. %s at ", chase_md_size(lo, a, sizeof a), chase_md_size(hi, b, sizeof b));
        else
            fprintf(f, " beyond %s at ", chase_md_size(lo, a, sizeof a));
        chase_md_num(f, chase_md_cellv(lv, r, "cycles")->num);
        fputs(" cycles", f);
        if (!isnan(chase_md_cellv(lv, r, "ns")->num)) {
            fputs(" (", f);
            chase_md_num(f, chase_md_cellv(lv, r, "ns")->num);
            fputs(" ns)", f);
        }
    }
}
