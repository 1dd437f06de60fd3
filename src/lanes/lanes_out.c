/* lanes_out.c: chase lanes' table and its report for a person. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/wrap.h"
#include "io/md.h"
#include "io/table.h"
#include "lanes/lanes.h"

static void get_settled(const void *row, struct chase_cell *c)
{
    const struct chase_lanes_row *r = row;
    c->num = isnan(r->issue) ? NAN : (unsigned)r->settled;
}

/* A quotient of medians says no more than 6 significant digits. */
#define LN(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_lanes_row, F, FIELD, ROUND, FLAGS)
#define LN6(NAME, F) LN(NAME, CHASE_REAL, F, CHASE_F_DOUBLE, CHASE_R_SIG6, 0)
static const struct chase_column lanes_cols[] = {
    LN("op", CHASE_TEXT, op, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LN("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    LN("instruction", CHASE_TEXT, instr, CHASE_F_CHARS, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LN("instructions", CHASE_INT, instrs, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LN6("latency", latency), LN6("latency_p5", lat_p5), LN6("latency_p95", lat_p95), LN6("latency_ns", latency_ns),
    LN6("issue", issue), LN6("issue_p5", iss_p5), LN6("issue_p95", iss_p95), LN6("issue_per_instruction", issue_instr),
    LN("chains", CHASE_INT, chains, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LN6("issue_fewer_chains", issue_lo),
    CHASE_GET("settled", CHASE_INT, get_settled, CHASE_R_NONE),
    LN6("clock_mhz", clock_mhz),
    LN("note", CHASE_TEXT, note, CHASE_F_CHARS, CHASE_R_NONE, 0),
};
const struct chase_table chase_lanes_table = {"lanes", lanes_cols, CHASE_COLS(lanes_cols), NULL};

int chase_lanes_write_row(struct chase_writer *w, const struct chase_lanes_row *r)
{
    return chase_writer_put(w, r);
}


void chase_lanes_report(FILE *f, const struct chase_lanes_row *rows, size_t n)
{
    char lat[80], a[24], b[24], c[24], iss[24], isi[24], ns[24];
    size_t i;
    int unsettled = 0;

    /* Within 80 columns: the instruction timed goes on a line under its
     * row's figures. */
    fprintf(f, "%-13s %5s %-22s %8s %7s %9s %6s\n", "op", "width", "latency (p5-p95)", "ns", "issue", "per instr",
            "chains");
    for (i = 0; i < n; i++) {
        const struct chase_lanes_row *r = &rows[i];
        if (isnan(r->latency)) {
            fprintf(f, "%-13s %5u %s\n", r->op, r->width, r->note);
            continue;
        }
        chase_wrap_cell(a, sizeof a, r->latency, 1);
        chase_wrap_cell(b, sizeof b, r->lat_p5, 1);
        chase_wrap_cell(c, sizeof c, r->lat_p95, 1);
        snprintf(lat, sizeof lat, "%s (%s-%s)", a, b, c);
        chase_wrap_cell(ns, sizeof ns, r->latency_ns, 2);
        chase_wrap_cell(iss, sizeof iss, r->issue, 2);
        if (!isnan(r->issue) && !r->settled) {
            size_t k = strlen(iss);
            snprintf(iss + k, sizeof iss - k, "?");
            unsettled = 1;
        }
        chase_wrap_cell(isi, sizeof isi, r->issue_instr, 2);
        fprintf(f, "%-13s %5u %-22s %8s %7s %9s %6u\n", r->op, r->width, lat, ns, iss, isi, r->chains);
        fprintf(f, "%19s %s\n", "", r->instr);
    }
    for (i = 0; i < n; i++)
        if (rows[i].note[0] && !isnan(rows[i].latency))
            fprintf(f, "note: %s %u: %s\n", rows[i].op, rows[i].width, rows[i].note);
    fprintf(f, "latency: cycles an operation in one dependent chain (each one's value, and its lane or delta where "
               "it takes one, the result of the one before), the median of the samples, the timer's own cost "
               "removed; ns at the clock measured over them\n");
    fprintf(f, "issue: cycles an operation over %d independent chains (the warp's elapsed cycles over chains x "
               "operations); per instr: over the warp instructions one operation is%s\n", CHASE_LANES_CHAINS_HI,
            unsettled ? "; ? not settled: the latency over the chains is within 5% of the figure (it may be the "
                        "latency's, not the issue's)" : "");
}

/* The summary's line: each 32-bit operation's latency and issue cost, in
 * the order measured; a row not measured is left out, a figure past its
 * bound says so. */
void chase_lanes_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "lanes");
    size_t r;
    int any = 0;

    for (r = 0; t && r < t->nrows; r++) {
        const struct chase_cell *op = chase_md_cellv(t, r, "op"), *note = chase_md_cellv(t, r, "note");
        double lat = chase_md_cellv(t, r, "latency")->num;
        if (chase_md_cellv(t, r, "width")->num != 32 || isnan(lat))
            continue;
        fputs(any++ ? "; " : "cycles (latency/issue): ", f);
        chase_md_text(f, op->text ? op->text : "?");
        fputs(" ", f);
        chase_md_num(f, lat);
        fputs("/", f);
        chase_md_num(f, chase_md_cellv(t, r, "issue")->num);
        if (note->text && strstr(note->text, "PAST"))
            fputs(" (past its bound: see its section)", f);
    }
    if (!any)
        fputs("no operation measured", f);
}

/* chase lanes: a row an operation and width, the figures a kernel writer
 * chooses between. */
void chase_lanes_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "lanes");
    size_t r;

    if (!t) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("| operation | bits | instruction timed | latency, cycles (p5-p95) | ns | issue, cycles an operation | "
          "a warp instruction | settled | note |\n|---|---|---|---|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *note = chase_md_cellv(t, r, "note");
        fputs("| ", f);
        chase_md_put_cellv(f, t, r, "op");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "width");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "instruction");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "latency");
        fputs(" (", f);
        chase_md_put_cellv(f, t, r, "latency_p5");
        fputs("-", f);
        chase_md_put_cellv(f, t, r, "latency_p95");
        fputs(") | ", f);
        chase_md_put_cellv(f, t, r, "latency_ns");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "issue");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "issue_per_instruction");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "settled");
        fputs(" | ", f);
        if (note->text)
            chase_md_text(f, note->text);
        fputs(" |\n", f);
    }
    fprintf(f, "\nLatency: cycles an operation in one dependent chain (each operation's value, and its lane or "
               "delta, the result of the one before), the timer's own cost removed; issue: cycles an operation over "
               "%d independent chains, and over the warp instructions one operation is; settled: the chains cover "
               "the latency (Little's law), so the issue figure is the issue's.  Every column is in `%s`.\n\n",
            CHASE_LANES_CHAINS_HI, file);
}
