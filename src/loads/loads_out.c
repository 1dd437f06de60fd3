/* loads_out.c: chase loads' tables, its report for a person and its report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/wrap.h"
#include "core/size.h"
#include "io/md.h"
#include "io/table.h"
#include "loads/loads.h"

/* A row's count where its figure was measured, else unknown. */
static void get_n(const void *row, struct chase_cell *c)
{
    const struct chase_loads_row *r = row;
    c->num = isnan(r->issue) ? NAN : r->n;
}

static void get_settled(const void *row, struct chase_cell *c)
{
    const struct chase_loads_row *r = row;
    c->num = isnan(r->issue) ? NAN : (unsigned)r->settled;
}

static void get_burst(const void *row, struct chase_cell *c)
{
    const struct chase_loads_row *r = row;
    c->num = r->warps > 0 ? r->burst : NAN;
}

/* A derived figure to 6 significant digits: a quotient of medians says no more. */
#define LD(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_loads_row, F, FIELD, ROUND, FLAGS)
#define LD6(NAME, F) LD(NAME, CHASE_REAL, F, CHASE_F_DOUBLE, CHASE_R_SIG6, 0)
static const struct chase_column loads_cols[] = {
    LD("level", CHASE_TEXT, level, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LD("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE, 0),
    LD("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    LD("lanes", CHASE_INT, lanes, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    LD("lane_stride", CHASE_INT, lane_stride, CHASE_F_U64, CHASE_R_NONE, 0),
    LD("block", CHASE_INT, block, CHASE_F_U64, CHASE_R_NONE, 0),
    LD6("latency", latency), LD6("latency_ns", latency_ns), LD6("issue", issue),
    CHASE_GET("n", CHASE_INT, get_n, CHASE_R_NONE),
    CHASE_GET("settled", CHASE_INT, get_settled, CHASE_R_NONE),
    LD6("bytes_per_cycle_warp", bpc_warp),
    LD("warps", CHASE_INT, warps, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    CHASE_GET("burst", CHASE_INT, get_burst, CHASE_R_NONE),
    LD6("sm_cycles", sm_cycles), LD6("bytes_per_cycle_sm", bpc_sm), LD6("sweep_latency", sweep),
    LD("note", CHASE_TEXT, note, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LD6("latency_mean", latency_mean),
    LD("bursts_measured", CHASE_TEXT, measured, CHASE_F_CHARS, CHASE_R_NONE, 0),
};
const struct chase_table chase_loads_table = {"loads", loads_cols, CHASE_COLS(loads_cols), NULL};

/* One point of a row's convergence: T(N) at one N. */
struct conv_row {
    const char *level;
    unsigned width, lanes, n;
    double cycles, p5, p95, issue, slope;
};

#define CV(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct conv_row, F, FIELD, ROUND, 0)
static const struct chase_column conv_cols[] = {
    CV("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE), CV("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE),
    CV("lanes", CHASE_INT, lanes, CHASE_F_UNSIGNED, CHASE_R_NONE), CV("n", CHASE_INT, n, CHASE_F_UNSIGNED, CHASE_R_NONE),
    CV("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_SIG6), CV("p5", CHASE_REAL, p5, CHASE_F_DOUBLE, CHASE_R_SIG6),
    CV("p95", CHASE_REAL, p95, CHASE_F_DOUBLE, CHASE_R_SIG6), CV("issue", CHASE_REAL, issue, CHASE_F_DOUBLE, CHASE_R_SIG6),
    CV("slope", CHASE_REAL, slope, CHASE_F_DOUBLE, CHASE_R_SIG6),
};
const struct chase_table chase_loads_conv_table = {"convergence", conv_cols, CHASE_COLS(conv_cols), NULL};

int chase_loads_write_row(struct chase_writer *w, const struct chase_loads_row *r)
{
    return chase_writer_put(w, r);
}

int chase_loads_write_conv(struct chase_writer *w, const struct chase_loads_row *rows, size_t n)
{
    size_t i, k;

    if (chase_writer_table(w, &chase_loads_conv_table))
        return -1;
    for (i = 0; i < n; i++)
        for (k = 0; k < CHASE_LOADS_NS; k++) {
            const struct chase_loads_row *r = &rows[i];
            struct conv_row c = {r->level, r->width, r->lanes, chase_loads_n[k],
                                 r->t[k], r->p5[k], r->p95[k], r->fit.issue[k], r->fit.slope[k]};
            if (isnan(r->t[k]))
                continue;
            if (chase_writer_put(w, &c))
                return -1;
        }
    return 0;
}

/* "b128", "b64, 1 lane", or "b32 @128" for a lane stride other than the width. */
static void load_name(const struct chase_loads_row *r, char *buf, size_t len)
{
    int n = snprintf(buf, len, "b%u", r->width * 8);
    if (r->lanes == 1)
        snprintf(buf + n, len - (size_t)n, ", 1 lane");
    else if (r->lane_stride != r->width)
        snprintf(buf + n, len - (size_t)n, " @%llu", (unsigned long long)r->lane_stride);
}


void chase_loads_report(FILE *f, const struct chase_loads_row *rows, size_t n)
{
    char a[32], name[32], lat[16], iss[24], bw[16], bs[40], sw[16];
    size_t i, k;
    int unsettled = 0;

    /* Within 80 columns: the headers on two lines. */
    fprintf(f, "%-7s %8s %-11s %5s %7s %9s %6s %6s %13s\n", "level", "working", "load", "lanes", "latency", "issue",
            "sweep", "B/clk", "B/clk SM");
    fprintf(f, "%-7s %8s %-11s %5s %7s %9s %6s %6s %13s\n", "", "set", "", "", "", "(N)", "", "warp", "(WxB)");
    for (i = 0; i < n; i++) {
        const struct chase_loads_row *r = &rows[i];
        load_name(r, name, sizeof name);
        if (r->note[0] && isnan(r->latency)) {
            fprintf(f, "%-7s %8s %-11s %5u %s\n", r->level, r->shared ? "-" : chase_size_format(r->bytes, a, sizeof a),
                    name, r->lanes, r->note);
            continue;
        }
        chase_wrap_cell(lat, sizeof lat, r->latency, 1);
        if (isnan(r->issue))
            snprintf(iss, sizeof iss, "-");
        else
            snprintf(iss, sizeof iss, "%.2f (%u%s)", r->issue, r->n, r->settled ? "" : "?");
        unsettled |= !isnan(r->issue) && !r->settled;
        chase_wrap_cell(sw, sizeof sw, r->sweep, 1);
        chase_wrap_cell(bw, sizeof bw, r->bpc_warp, 1);
        if (isnan(r->bpc_sm))
            snprintf(bs, sizeof bs, "-");
        else
            snprintf(bs, sizeof bs, "%.1f (%ux%u)", r->bpc_sm, r->warps, r->burst);
        fprintf(f, "%-7s %8s %-11s %5u %7s %9s %6s %6s %13s\n", r->level,
                r->shared ? "-" : chase_size_format(r->bytes, a, sizeof a), name, r->lanes, lat, iss, sw, bw, bs);
    }
    for (i = 0; i < n; i++)
        if (rows[i].note[0] && !isnan(rows[i].latency)) {
            load_name(&rows[i], name, sizeof name);
            fprintf(f, "note: %s %s: %s\n", rows[i].level, name, rows[i].note);
        }
    fprintf(f, "latency: cycles from the first clock read to the use of one load's result, the timer's own cost "
               "removed\n");
    fprintf(f, "issue: cycles each further independent load of the warp adds, (T(N) - T(1)) / (N - 1), the "
               "slope of the measured points T(1) and T(N), at the smallest N (in brackets) from which every larger "
               "N measured agrees within %.0f%% or %.1f cycle%s\n",
            CHASE_LOADS_SETTLE_REL * 100, CHASE_LOADS_SETTLE_ABS,
            unsettled ? "; ? not settled: taken at the largest N measured" : "");
    fprintf(f, "sweep: the level's latency on the sweep's curve (one lane's dependent 8-byte loads)\n");
    fprintf(f, "B/clk: the bytes the lanes asked for a cycle: one warp (lanes x width / issue), and the "
               "multiprocessor with W warps of one block each keeping B loads in flight\n");

    fprintf(f, "\nissue cycles by burst size N, (T(N) - T(1)) / (N - 1); * the N taken\n%-7s %-11s", "level",
            "load");
    for (k = 1; k < CHASE_LOADS_NS; k++)
        fprintf(f, " %7u", chase_loads_n[k]);
    fputc('\n', f);
    for (i = 0; i < n; i++) {
        const struct chase_loads_row *r = &rows[i];
        if (isnan(r->latency))
            continue;
        load_name(r, name, sizeof name);
        fprintf(f, "%-7s %-11s", r->level, name);
        for (k = 1; k < CHASE_LOADS_NS; k++) {
            char v[24];
            if (isnan(r->fit.issue[k]))
                snprintf(v, sizeof v, "-");
            else
                snprintf(v, sizeof v, "%.2f%s", r->fit.issue[k], k == r->fit.used ? "*" : "");
            fprintf(f, " %7s", v);
        }
        fputc('\n', f);
    }
}

/* chase loads: the seed's table. */
void chase_loads_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "loads");
    size_t r;

    if (!t) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("| level | working set | load | lanes | latency, cycles: median (mean) | the sweep's | issue, cycles (N) | "
          "B/cycle, warp | B/cycle, SM | note |\n|---|---|---|---|---|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        char a[32];
        double bytes = chase_md_cellv(t, r, "bytes")->num;
        fputs("| ", f);
        chase_md_put_cellv(f, t, r, "level");
        fprintf(f, " | %s | b%.0f | ", chase_md_size(bytes, a, sizeof a),
                chase_md_cellv(t, r, "width")->num * 8);
        chase_md_put_cellv(f, t, r, "lanes");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "latency");
        /* Files written before the mean was kept have no such column. */
        if (chase_doc_col(t, "latency_mean") >= 0 && !isnan(chase_md_cellv(t, r, "latency_mean")->num)) {
            fputs(" (", f);
            chase_md_put_cellv(f, t, r, "latency_mean");
            fputs(")", f);
        }
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "sweep_latency");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "issue");
        fputs(" (", f);
        chase_md_put_cellv(f, t, r, "n");
        fputs(chase_md_cellv(t, r, "settled")->num == 0 ? ", not settled) | " : ") | ", f);
        chase_md_put_cellv(f, t, r, "bytes_per_cycle_warp");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "bytes_per_cycle_sm");
        fputs(" | ", f);
        if (chase_md_cellv(t, r, "note")->text)
            chase_md_text(f, chase_md_cellv(t, r, "note")->text);
        fputs(" |\n", f);
    }
    fprintf(f, "\nLatency: from the first clock read to the use of one load's result, the median of its samples (their mean in brackets: a sweep's figure is a chain's mean); issue: (T(N) - T(1)) / (N - 1), "
               "the cycles each further independent load adds; T(N) for every N is in `%s` (table convergence).\n\n",
            file);
}

/* The summary's line: each level's widest load of a full warp, its
 * latency and issue cost and what the SM takes a cycle; a figure past its
 * bound says so. */
void chase_loads_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "loads");
    size_t r, k, best;
    int any = 0;

    for (r = 0; t && r < t->nrows; r = k) {
        const struct chase_cell *lv = chase_md_cellv(t, r, "level"), *note;
        /* The level's rows run together; the widest is taken. */
        for (k = r, best = r; k < t->nrows; k++) {
            const struct chase_cell *x = chase_md_cellv(t, k, "level");
            if (!x->text || !lv->text || strcmp(x->text, lv->text))
                break;
            if (chase_md_cellv(t, k, "width")->num >= chase_md_cellv(t, best, "width")->num)
                best = k;
        }
        if (k == r)
            k = r + 1;
        note = chase_md_cellv(t, best, "note");
        fputs(any++ ? "; " : "", f);
        chase_md_text(f, lv->text ? lv->text : "?");
        fputs(" b", f);
        chase_md_num(f, 8 * chase_md_cellv(t, best, "width")->num);
        fputs(": latency ", f);
        chase_md_num(f, chase_md_cellv(t, best, "latency")->num);
        fputs(", issue ", f);
        chase_md_num(f, chase_md_cellv(t, best, "issue")->num);
        fputs(" cycles", f);
        if (!isnan(chase_md_cellv(t, best, "bytes_per_cycle_sm")->num)) {
            fputs(", ", f);
            chase_md_num(f, chase_md_cellv(t, best, "bytes_per_cycle_sm")->num);
            fputs(" B/clk/SM", f);
        }
        if (note->text && strstr(note->text, "PAST"))
            fputs(" (past its bound: see its section)", f);
    }
    if (!any)
        fputs("no level measured", f);
}
