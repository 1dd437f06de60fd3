/* async_out.c: chase async's table and its report for a person. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/wrap.h"
#include "async/async.h"
#include "io/md.h"
#include "io/table.h"

static void get_over(const void *row, struct chase_cell *c)
{
    const struct chase_async_row *r = row;
    c->num = isnan(r->gbs) || !(r->peak > 0) ? NAN : (unsigned)r->over_peak;
}

#define AS(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_async_row, F, FIELD, ROUND, FLAGS)
#define AS6(NAME, F) AS(NAME, CHASE_REAL, F, CHASE_F_DOUBLE, CHASE_R_SIG6, 0)
#define ASU(NAME, F) AS(NAME, CHASE_INT, F, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN)
static const struct chase_column async_cols[] = {
    AS("level", CHASE_TEXT, level, CHASE_F_CHARS, CHASE_R_NONE, 0),
    AS("op", CHASE_TEXT, op, CHASE_F_CHARS, CHASE_R_NONE, 0),
    AS("bytes", CHASE_INT, bytes, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    AS("instruction", CHASE_TEXT, instr, CHASE_F_CHARS, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    AS("working_set", CHASE_INT, working_set, CHASE_F_U64, CHASE_R_NONE, 0),
    AS("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    AS6("latency", latency), AS6("latency_p5", lat_p5), AS6("latency_p95", lat_p95), AS6("latency_ns", latency_ns),
    AS6("plain", plain), AS6("vs_plain", vs_plain),
    AS6("gbs", gbs),
    ASU("blocks_per_sm", blocks_per_sm), ASU("inflight", inflight), ASU("threads", threads), ASU("blocks", blocks),
    ASU("units", units),
    AS("sm_bytes", CHASE_INT, sm_bytes, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    AS("shapes", CHASE_INT, shapes, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    AS6("peak_gbs", peak),
    AS("peak_from", CHASE_TEXT, peak_from, CHASE_F_CHARS, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    AS6("fraction", fraction),
    CHASE_GET("over_peak", CHASE_INT, get_over, CHASE_R_NONE),
    AS6("clock_mhz", clock_mhz),
    AS("note", CHASE_TEXT, note, CHASE_F_CHARS, CHASE_R_NONE, 0),
};
const struct chase_table chase_async_table = {"async", async_cols, CHASE_COLS(async_cols), NULL};

int chase_async_write_row(struct chase_writer *w, const struct chase_async_row *r)
{
    return chase_writer_put(w, r);
}


void chase_async_report(FILE *f, const struct chase_async_row *rows, size_t n)
{
    char lat[80], a[24], b[24], c[24], vs[24], gbs[24], shape[48], fr[24];
    size_t i;

    /* 80 columns: the instruction and the launch shape on a line of
     * their own under each row. */
    fprintf(f, "%-9s %-15s %6s %19s %7s %9s %5s\n", "level", "copy", "bytes", "latency (p5-p95)", "x plain",
            "GB/s", "peak");
    for (i = 0; i < n; i++) {
        const struct chase_async_row *r = &rows[i];
        if (isnan(r->latency)) {
            fprintf(f, "%-9s %-15s %6u\n          not measured%s%s\n", r->level, r->op, r->bytes,
                    r->note[0] ? ": " : "", !strncmp(r->note, "not measured: ", 14) ? r->note + 14 : r->note);
            continue;
        }
        chase_wrap_cell(a, sizeof a, r->latency, 1);
        chase_wrap_cell(b, sizeof b, r->lat_p5, 1);
        chase_wrap_cell(c, sizeof c, r->lat_p95, 1);
        snprintf(lat, sizeof lat, "%s (%s-%s)", a, b, c);
        chase_wrap_cell(vs, sizeof vs, r->vs_plain, 2);
        chase_wrap_cell(gbs, sizeof gbs, r->gbs, 1);
        if (isnan(r->gbs))
            snprintf(shape, sizeof shape, "-");
        else
            snprintf(shape, sizeof shape, "%u x %u (%u thr)", r->blocks_per_sm, r->inflight, r->threads);
        if (r->fraction > 0)
            snprintf(fr, sizeof fr, "%.0f%%", r->fraction * 100);
        else
            snprintf(fr, sizeof fr, "-");
        fprintf(f, "%-9s %-15s %6u %19s %7s %9s %5s\n          %s; shape %s\n", r->level, r->op, r->bytes, lat, vs,
                gbs, fr, r->instr, shape);
    }
    for (i = 0; i < n; i++)
        if (rows[i].note[0] && !isnan(rows[i].latency))
            fprintf(f, "note: %s %s %u: %s\n", rows[i].level, rows[i].op, rows[i].bytes, rows[i].note);
    fprintf(f, "latency: cycles a copy in one dependent chain (the next address read from the landed shared word), "
               "the median of the samples, the timer's own cost removed; x plain: over the load+store path's at the "
               "level\nGB/s: 10^9 bytes a second landed in shared memory, the best of the launch shapes (blocks a "
               "multiprocessor x copies a block keeps in flight, threads a block); peak: the figure over the "
               "level's bandwidth peak\n");
}

/* The summary's line: at each level, the plain path's and the 16 B copies'
 * latency, and the best throughput of any copy. */
void chase_async_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "async");
    size_t r;
    int any = 0;

    for (r = 0; t && r < t->nrows; r++) {
        const struct chase_cell *op = chase_md_cellv(t, r, "op"), *lv = chase_md_cellv(t, r, "level"),
                                *note = chase_md_cellv(t, r, "note");
        double lat = chase_md_cellv(t, r, "latency")->num;
        /* The plain path, cp.async past the L1 and the bulk copy: the three a
         * kernel writer chooses between (the rest are in the section). */
        if (chase_md_cellv(t, r, "bytes")->num != 16 || isnan(lat) || !op->text ||
            (strcmp(op->text, "load_store") && strcmp(op->text, "cp_async_cg") && strcmp(op->text, "bulk")))
            continue;
        fputs(any++ ? "; " : "16 B copies, cycles (best GB/s): ", f);
        chase_md_text(f, lv->text ? lv->text : "?");
        fputs(" ", f);
        chase_md_text(f, op->text ? op->text : "?");
        fputs(" ", f);
        chase_md_num(f, lat);
        fputs(" (", f);
        chase_md_num(f, chase_md_cellv(t, r, "gbs")->num);
        fputs(")", f);
        if (note->text && strstr(note->text, "PAST"))
            fputs(" (past its bound: see its section)", f);
    }
    if (!any)
        fputs("no copy measured", f);
}

void chase_async_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "async");
    static const char *const cols[] = {"level", "op", "bytes", "instruction", "latency", "vs_plain", "gbs",
                                       "blocks_per_sm", "inflight", "threads", "fraction"};
    size_t r, c;

    if (!t) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("| level | copy | bytes | instruction timed | latency, cycles (p5-p95) | x plain | GB/s (best) | "
          "blocks/SM | in flight | threads | of peak | note |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n",
          f);
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *note = chase_md_cellv(t, r, "note");
        fputs("|", f);
        for (c = 0; c < sizeof cols / sizeof cols[0]; c++) {
            fputs(" ", f);
            chase_md_put_cellv(f, t, r, cols[c]);
            if (!strcmp(cols[c], "latency")) {
                fputs(" (", f);
                chase_md_put_cellv(f, t, r, "latency_p5");
                fputs("-", f);
                chase_md_put_cellv(f, t, r, "latency_p95");
                fputs(")", f);
            }
            fputs(" |", f);
        }
        fputs(" ", f);
        if (note->text)
            chase_md_text(f, note->text);
        fputs(" |\n", f);
    }
    fprintf(f, "\nLatency: cycles a copy in one dependent chain (the next address read from the landed shared "
               "word), the timer's own cost removed; x plain: over the load-then-store path's latency at the level; "
               "GB/s: 10^9 bytes a second landed in shared memory, the best launch shape of those searched; of "
               "peak: over the level's bandwidth peak.  Every column is in `%s`.\n\n", file);
}
