/* bandwidth_out.c: chase bandwidth's tables, its report for a person and
 * its report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/wrap.h"
#include "bandwidth/bandwidth.h"
#include "core/size.h"
#include "io/doc.h"
#include "io/md.h"
#include "io/table.h"

static const char *target_name(int t)
{
    return t == CHASE_BW_SHARED ? "shared" : "global";
}

static void pt_op(const void *row, struct chase_cell *c)
{
    c->text = chase_bw_op_names[((const struct chase_bw_point *)row)->op];
}
static void pt_place(const void *row, struct chase_cell *c)
{
    c->text = chase_bw_place_names[((const struct chase_bw_point *)row)->placement];
}
static void lv_op(const void *row, struct chase_cell *c)
{
    c->text = chase_bw_op_names[((const struct chase_bw_level *)row)->op];
}
static void lv_place(const void *row, struct chase_cell *c)
{
    c->text = chase_bw_place_names[((const struct chase_bw_level *)row)->placement];
}
static void lv_target(const void *row, struct chase_cell *c)
{
    c->text = target_name(((const struct chase_bw_level *)row)->target);
}
static void lv_peak_unit(const void *row, struct chase_cell *c)
{
    const struct chase_bw_level *L = row;
    c->text = L->peak > 0 ? (L->peak_bpc ? "B/clk/SM" : "GB/s") : NULL;
}

#define PT(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_bw_point, F, FIELD, ROUND, FLAGS)
static const struct chase_column point_cols[] = {
    CHASE_GET("op", CHASE_TEXT, pt_op, CHASE_R_NONE),
    CHASE_GET("placement", CHASE_TEXT, pt_place, CHASE_R_NONE),
    PT("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE, 0),
    PT("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    PT("blocks_per_sm", CHASE_INT, blocks, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    PT("threads", CHASE_INT, threads, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    PT("units", CHASE_INT, units, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    PT("gbs", CHASE_REAL, gbs, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    PT("gbs_p5", CHASE_REAL, gbs_p5, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    PT("gbs_p95", CHASE_REAL, gbs_p95, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    PT("bytes_per_clock_sm", CHASE_REAL, bpc_sm, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    PT("clock_mhz", CHASE_REAL, mhz, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    PT("clock_drop", CHASE_INT, clock_drop, CHASE_F_INT, CHASE_R_NONE, 0),
    PT("samples", CHASE_INT, samples, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
};
const struct chase_table chase_bw_points_table = {"points", point_cols, CHASE_COLS(point_cols), NULL};

#define LV(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_bw_level, F, FIELD, ROUND, FLAGS)
static const struct chase_column level_cols[] = {
    LV("level", CHASE_TEXT, level, CHASE_F_CHARS, CHASE_R_NONE, 0),
    CHASE_GET("op", CHASE_TEXT, lv_op, CHASE_R_NONE),
    CHASE_GET("placement", CHASE_TEXT, lv_place, CHASE_R_NONE),
    CHASE_GET("target", CHASE_TEXT, lv_target, CHASE_R_NONE),
    LV("first", CHASE_INT, first, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("last", CHASE_INT, last, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("curve_gbs", CHASE_REAL, curve_gbs, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    LV("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("blocks_per_sm", CHASE_INT, blocks, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("threads", CHASE_INT, threads, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("units", CHASE_INT, units, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("shapes", CHASE_INT, shapes, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    LV("gbs", CHASE_REAL, gbs, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    LV("bytes_per_clock_sm", CHASE_REAL, bpc_sm, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    LV("clock_mhz", CHASE_REAL, mhz, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    LV("peak", CHASE_REAL, peak, CHASE_F_DOUBLE, CHASE_R_SIG6, 0),
    CHASE_GET("peak_unit", CHASE_TEXT, lv_peak_unit, CHASE_R_NONE),
    LV("peak_from", CHASE_TEXT, peak_from, CHASE_F_CHARS, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LV("fraction", CHASE_REAL, fraction, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    LV("over_peak", CHASE_INT, over_peak, CHASE_F_INT, CHASE_R_NONE, 0),
    LV("note", CHASE_TEXT, note, CHASE_F_CHARS, CHASE_R_NONE, 0),
};
const struct chase_table chase_bw_levels_table = {"levels", level_cols, CHASE_COLS(level_cols), NULL};


void chase_bw_report(FILE *f, const struct chase_bw_level *lv, size_t nlv, const struct chase_bw_point *pt,
                     size_t npt, double median_mhz)
{
    char a[32], g[24], b[24], m[24], c[24], pk[40], shape[24];
    size_t i, flagged = 0;

    /* Within 80 columns: the launch shape, the curve's figure and the peak
     * on a second line under each level's. */
    fprintf(f, "%-8s %-5s %-11s %11s %10s %9s %6s\n", "level", "op", "placement", "working set", "GB/s", "B/clk/SM",
            "MHz");
    for (i = 0; i < nlv; i++) {
        const struct chase_bw_level *L = &lv[i];
        chase_wrap_cell(g, sizeof g, L->gbs, 1);
        chase_wrap_cell(b, sizeof b, L->bpc_sm, 2);
        chase_wrap_cell(m, sizeof m, L->mhz, 0);
        chase_wrap_cell(c, sizeof c, L->curve_gbs, 1);
        if (L->blocks || L->threads)
            snprintf(shape, sizeof shape, "%ux%u", L->blocks, L->threads);
        else
            snprintf(shape, sizeof shape, "-");
        if (L->peak > 0)
            snprintf(pk, sizeof pk, "%.5g %s%s (%.0f%%)", L->peak, L->peak_bpc ? "B/clk" : "GB/s",
                     L->peak_from[0] == 'd' ? " drv" : L->peak_from[0] == 'l' ? " link" : " arch",
                     L->fraction * 100);
        else
            snprintf(pk, sizeof pk, "-");
        fprintf(f, "%-8s %-5s %-11s %11s %10s %9s %6s\n", L->level, chase_bw_op_names[L->op],
                L->target == CHASE_BW_SHARED ? "shared" : chase_bw_place_names[L->placement],
                L->bytes ? chase_size_format(L->bytes, a, sizeof a) : "-", g, b, m);
        fprintf(f, "%8s shape %s, curve %s%s, peak %s\n", "", shape, c, strcmp(c, "-") ? " GB/s" : "", pk);
    }
    for (i = 0; i < nlv; i++)
        if (lv[i].note[0])
            fprintf(f, "note: %s %s: %s\n", chase_bw_op_names[lv[i].op], lv[i].level, lv[i].note);
    for (i = 0; i < npt; i++)
        if (pt[i].clock_drop) {
            if (!flagged++)
                fprintf(f, "clock dropped (%.0f%% or more below the run's median of %.0f MHz), kept off the levels:\n",
                        CHASE_BW_CLOCK_DROP * 100, median_mhz);
            fprintf(f, "  %s %s: %.0f MHz, %.1f GB/s\n", chase_bw_op_names[pt[i].op],
                    chase_size_format(pt[i].bytes, a, sizeof a), pt[i].mhz, pt[i].gbs);
        }
    fprintf(f, "GB/s: 10^9 bytes a second over the device's timer; copy counts bytes read + bytes written\n");
    fprintf(f, "B/clk/SM: bytes over the SM clock's cycles of the same interval, a multiprocessor; MHz: that clock\n");
    fprintf(f, "shape: blocks a multiprocessor x threads a block of the best figure; curve: the plateau's median "
               "at the default shape\n");
    fprintf(f, "peak: drv the driver's (memory clock x 2 x bus width), arch the architecture's; none where none is "
               "known\n");
}

/* chase bandwidth: the levels' table. */
void chase_bw_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "levels");
    size_t r;

    if (!t) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("| level | op | placement | working set | GB/s | B/clock/SM | clock MHz | blocks/SM x threads | "
          "curve GB/s | peak | peak from | fraction | note |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
          f);
    for (r = 0; r < t->nrows; r++) {
        char a[32];
        fputs("| ", f);
        chase_md_put_cellv(f, t, r, "level");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "op");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "placement");
        fprintf(f, " | %s | ", chase_md_size(chase_md_cellv(t, r, "bytes")->num, a, sizeof a));
        chase_md_put_cellv(f, t, r, "gbs");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "bytes_per_clock_sm");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "clock_mhz");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "blocks_per_sm");
        fputs(" x ", f);
        chase_md_put_cellv(f, t, r, "threads");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "curve_gbs");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "peak");
        if (chase_md_cellv(t, r, "peak_unit")->text) {
            fputs(" ", f);
            chase_md_put_cellv(f, t, r, "peak_unit");
        }
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "peak_from");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "fraction");
        fputs(" | ", f);
        if (chase_md_cellv(t, r, "note")->text)
            chase_md_text(f, chase_md_cellv(t, r, "note")->text);
        fputs(" |\n", f);
    }
    fprintf(f, "\nGB/s are 10^9 bytes a second (copy: bytes read + written); each figure the best over the launch "
               "shapes tried, the curve's points in `%s` (table points).\n\n", file);
}

/* The summary's line: each level's read, write and copy figures, and the
 * fraction of a known peak. */
void chase_bw_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "levels");
    const char *last = "";
    int last_part = 0;
    size_t r;

    if (!t || !t->nrows) {
        fputs("no level found", f);
        return;
    }
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *lv = chase_md_cellv(t, r, "level"), *op = chase_md_cellv(t, r, "op");
        const struct chase_cell *pl = chase_md_cellv(t, r, "placement");
        double frac = chase_md_cellv(t, r, "fraction")->num;
        const char *name = lv->text ? lv->text : "?";
        int part = pl->text && !strcmp(pl->text, "partitioned");
        if (strcmp(name, last) || part != last_part) {
            fputs(r ? "; " : "", f);
            chase_md_text(f, name);
            fputs(part ? " (partitioned) " : " ", f);
            last = name;
            last_part = part;
        } else {
            fputs(", ", f);
        }
        chase_md_text(f, op->text ? op->text : "?");
        fputs(" ", f);
        chase_md_num(f, chase_md_cellv(t, r, "gbs")->num);
        fputs(" GB/s", f);
        if (!isnan(frac))
            fprintf(f, " (%.0f%% of peak)", 100 * frac);
    }
}
