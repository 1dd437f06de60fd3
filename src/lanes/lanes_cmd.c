/* lanes_cmd.c: chase lanes: every cross-lane operation the backend has,
 * at each width: its latency in one dependent chain and its issue cost
 * over independent chains, through the backend's lanes hook; the data
 * file, the report and the plot. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bounds.h"
#include "core/exitcode.h"
#include "lanes/lanes.h"
#include "run/run.h"

/* Rows at most: every operation at both widths. */
#define MAX_ROWS (2 * CHASE_LANES_NOPS)

struct lanes_state {
    struct chase_lanes_row rows[MAX_ROWS];
    size_t nrows;
    /* What no figure may pass: a warp's instructions a cycle. */
    struct chase_bound ipc;
};

static int check(const struct chase_opts *o)
{
    if (o->sm != -2)
        return fprintf(stderr, "chase: lanes: --sm: one warp of one block runs where the driver places it\n"),
               CHASE_EXIT_USAGE;
    if (o->carveout >= 0)
        return fprintf(stderr, "chase: lanes: --carveout is not applied to the lanes kernels (a warp's exchange "
                       "uses 256 bytes of shared memory)\n"), CHASE_EXIT_USAGE;
    return 0;
}

static int params(struct chase_run *r, struct chase_params *p)
{
    (void)r;
    p->carveout = -1;
    p->sm = -2;
    p->max_bytes = 1u << 20;    /* no working set: keep the allocation small */
    return 0;
}

static int supported(struct chase_run *r)
{
    const struct chase_session *s = &r->s;
    char why[CHASE_ERRLEN] = "";

    if (!s->ops->lanes || s->ops->lanes(s->dev, NULL, NULL, why, sizeof why) != CHASE_OK) {
        fprintf(stderr, "chase: lanes: the %s backend cannot time cross-lane operations%s%s\n", s->slot->name,
                why[0] ? ": " : (s->ops->lanes ? "" : ": it has no warps (no lanes hook)"), why);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

static int describe(struct chase_run *r)
{
    struct lanes_state *st = r->state;
    struct chase_session *s = &r->s;

    chase_meta_add(&s->meta, "pattern", "chains of one cross-lane operation in one warp; no working set");
    chase_meta_add(&s->meta, "launch", "one block of one warp (%u lanes), every lane active", s->info.lanes);
    chase_meta_add(&s->meta, "latency", "one dependent chain of %d operations a sample: each operation's value, "
                   "and its lane or delta where it takes one, the result of the one before (so no compiler can "
                   "hoist or overlap them); cycles a lap of the whole chain over its operations, less a dry lap of "
                   "the same code without them (the clock reads' own cost); median and 5th/95th percentiles of the "
                   "samples", CHASE_LANES_OPS);
    chase_meta_add(&s->meta, "issue", "%d independent chains side by side, %d operations each: the elapsed cycles "
                   "(less the dry lap) over chains x operations; issue_fewer_chains: the same at %d chains; "
                   "settled = 1 where the latency over the chains lies at least %g%% below the figure (Little's "
                   "law: the chains cover the latency, so the figure is the issue cost); issue_per_instruction: over the warp instructions one operation is (the backend's "
                   "count from its code: a 64-bit shuffle is two)", CHASE_LANES_CHAINS_HI,
                   CHASE_LANES_ISSUE_OPS / CHASE_LANES_CHAINS_HI, CHASE_LANES_CHAINS_LO, CHASE_LANES_SETTLE_REL * 100);
    chase_meta_add(&s->meta, "shared", "the exchange through shared memory (LDS) for comparison: each lane stores "
                   "its value, the warp's barrier, each lane loads the word of the lane its value names");
    chase_meta_add(&s->meta, "instruction", "what the backend timed, as its ISA names it; the tests find it in the "
                   "kernel's code (tests/lanes-asm.sh: SASS and AMD ISA)");
    chase_meta_add(&s->meta, "clock_mhz", "the clock over the latency samples: its cycles over the device's "
                   "realtime counter (the sim: its spec's clock)");
    chase_bound_set(&st->ipc, 1, "instr/clk", "one warp issues at most one instruction a cycle");
    chase_meta_add(&s->meta, "bound_issue", "1 warp instruction a cycle (%s); a row past it by more than %g%% is "
                   "flagged in its note and the run exits %d", st->ipc.from, CHASE_BOUND_SLACK * 100,
                   CHASE_EXIT_BOUND);
    return 0;
}

/* One request's samples. */
static int request(struct chase_run *r, int op, unsigned width, int mode, unsigned chains,
                   struct chase_lanes_samples *out, char *err, size_t len)
{
    struct chase_lanes_req rq;

    memset(&rq, 0, sizeof rq);
    rq.op = op;
    rq.width = width;
    rq.mode = mode;
    rq.chains = chains;
    rq.ops = chains > 1 ? CHASE_LANES_ISSUE_OPS / chains : CHASE_LANES_OPS;
    rq.stop = &chase_stop;
    memset(out, 0, sizeof *out);
    return r->s.ops->lanes(r->s.dev, &rq, out, err, len);
}

/* One row: the query, then latency and issue.  0, -1 (no row: not this
 * backend's operation), or an exit status. */
static int one_row(struct chase_run *r, int op, unsigned width, struct chase_lanes_row *row)
{
    struct chase_session *s = &r->s;
    struct chase_lanes_samples q, lat, lo, hi;
    struct chase_lanes_req rq;
    char err[CHASE_ERRLEN] = "", what[48];
    int rc;

    memset(row, 0, sizeof *row);
    snprintf(row->op, sizeof row->op, "%s", chase_lanes_op_name(op));
    row->width = width;
    row->latency = row->lat_p5 = row->lat_p95 = row->latency_ns = row->issue = row->iss_p5 = row->iss_p95 =
        row->issue_instr = row->issue_lo = row->clock_mhz = NAN;
    memset(&rq, 0, sizeof rq);
    rq.op = op;
    rq.width = width;
    rq.mode = CHASE_LANES_LATENCY;
    rq.chains = 1;
    memset(&q, 0, sizeof q);
    rc = s->ops->lanes(s->dev, &rq, &q, err, sizeof err);
    if (rc == CHASE_EINVAL)
        return -1;
    if (rc == CHASE_ENOTSUP) {
        snprintf(row->note, sizeof row->note, "not measured: %.200s", err);
        return 0;
    }
    if (rc != CHASE_OK)
        goto fail;
    snprintf(row->instr, sizeof row->instr, "%s", q.instr);
    row->instrs = q.instrs;
    snprintf(what, sizeof what, "%s b%u", row->op, width);
    chase_progress(s, "lanes", r->kept, MAX_ROWS, what);
    if ((rc = request(r, op, width, CHASE_LANES_LATENCY, 1, &lat, err, sizeof err)) != CHASE_OK ||
        (rc = request(r, op, width, CHASE_LANES_ISSUE, CHASE_LANES_CHAINS_LO, &lo, err, sizeof err)) != CHASE_OK ||
        (rc = request(r, op, width, CHASE_LANES_ISSUE, CHASE_LANES_CHAINS_HI, &hi, err, sizeof err)) != CHASE_OK)
        goto fail;
    if (chase_lanes_analyse(&lat, &lo, &hi, row)) {
        snprintf(row->note, sizeof row->note, "not measured: the backend returned no sample");
        return 0;
    }
    if (!row->settled)
        snprintf(row->note, sizeof row->note, "issue not settled: %g cycles an operation at %u chains, and the "
                 "latency over them %g: the chains may not cover the latency", row->issue, hi.chains,
                 row->latency / hi.chains);
    return 0;
fail:
    if (rc == CHASE_EINTR || chase_stop)
        return -2;
    chase_progress_done(s);
    fprintf(stderr, "chase: %s: lanes: %s b%u: %s\n", s->slot->name, row->op, width, err);
    return chase_exit_for(rc);
}

/* The issue figure against one instruction a cycle. */
static int check_bounds(struct chase_run *r, struct chase_lanes_row *row)
{
    struct lanes_state *st = r->state;
    char what[64], msg[400];
    size_t n = strlen(row->note);

    snprintf(what, sizeof what, "%s b%u, warp instructions a cycle", row->op, row->width);
    if (!(row->issue_instr > 0) || !chase_bound_past(&st->ipc, 1 / row->issue_instr, what, msg, sizeof msg))
        return 0;
    chase_progress_done(&r->s);
    fprintf(stderr, "chase: lanes: PAST A PHYSICAL BOUND: %s; a fault of the measurement, not a property of the "
            "device\n", msg);
    snprintf(row->note + n, sizeof row->note - n, "%sPAST BOUND: %.200s", n ? "; " : "", msg);
    return 1;
}

static int measure(struct chase_run *r)
{
    struct lanes_state *st = r->state;
    struct chase_session *s = &r->s;
    int op, w, rc = 0;
    size_t i, n;

    if (!s->human && chase_writer_table(&s->w, &chase_lanes_table))
        return chase_session_write_failed(s);
    for (op = 0; op < CHASE_LANES_NOPS && !chase_stop; op++)
        for (w = 0; w < (chase_lanes_has_64(op) ? 2 : 1) && !chase_stop; w++) {
            struct chase_lanes_row *row = &st->rows[st->nrows];
            rc = one_row(r, op, w ? 64 : 32, row);
            if (rc == -1)
                continue;
            if (rc == -2)
                return 0;
            if (rc)
                return rc;
            if (check_bounds(r, row))
                r->past_bound = 1;
            r->kept = ++st->nrows;
            if (!s->human && chase_lanes_write_row(&s->w, row))
                return chase_session_write_failed(s);
        }
    chase_progress_done(s);
    for (i = n = 0; i < st->nrows; i++)
        n += strncmp(st->rows[i].note, "not measured", 12) != 0;
    return chase_run_nothing_measured(r, st->nrows, n, "operations");
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct lanes_state *st = r->state;
    chase_meta_num(res, "rows", (double)st->nrows);
}

static void report(FILE *f, struct chase_run *r)
{
    const struct lanes_state *st = r->state;
    chase_lanes_report(f, st->rows, st->nrows);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct lanes_state *st = r->state;
    if (!st->nrows)
        return CHASE_PLOT_NOTHING;
    return chase_lanes_plot(st->rows, st->nrows, &r->s.meta, r->o, out, err, len);
}

const struct chase_measurement chase_lanes_measurement = {
    .kind = "lanes",
    .summary = "latency and issue cost of cross-lane operations (shuffles, votes, DPP) and shared memory",
    .flags = CHASE_M_STREAM | CHASE_M_REPORT,
    .state_size = sizeof(struct lanes_state),
    .options = CHASE_G_DEVICE | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_STYLE,
    .unit = "row",
    .check = check,
    .params = params,
    .supported = supported,
    .describe = describe,
    .measure = measure,
    .results = results,
    .report = report,
    .plot = plot,
    .markdown = chase_lanes_markdown,
    .headline = chase_lanes_headline,
};
