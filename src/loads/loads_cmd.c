/* loads_cmd.c: chase loads: the levels (from --from FILE or a sweep run
 * first), a working set on each level's plateau, the rows measured through
 * the backend's loads and shared hooks, the data file, the report and the
 * plot. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "core/exitcode.h"
#include "loads/loads.h"
#include "levels/plateau.h"
#include "core/session.h"
#include "core/size.h"
#include "sweep/sweep.h"

#define MAX_LANE_STRIDE (64u << 10)
#define ROWS_A_LEVEL 4      /* b32, b64, b128 with the whole warp; b64 with one lane */

/* A working set's level: where its plateau runs, what the sweep read on it. */
struct target {
    char name[16];
    uint64_t first, last, cap;
    double sweep;
};

static const unsigned widths[] = {4, 8, 16};

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int usage(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "chase: loads: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}

/* The levels' targets (or the one --bytes names), filtered by --level. */
static int targets(struct chase_session *s, struct chase_curve *curve, uint64_t alloc, struct target *tg,
                   size_t *ntg)
{
    const struct chase_opts *o = s->o;
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t nlv = 0, i;
    int code;

    *ntg = 0;
    if (o->level && !strcmp(o->level, "shared"))
        return 0;
    if (o->bytes && !o->from) {
        snprintf(tg[0].name, sizeof tg[0].name, "bytes");
        tg[0].first = tg[0].last = tg[0].cap = o->bytes;
        tg[0].sweep = NAN;
        *ntg = 1;
        chase_meta_add(&s->meta, "levels_from", "none: the working set is --bytes");
        return 0;
    }
    if ((code = chase_sweep_levels(s, curve, lv, &nlv)))
        return code;
    chase_meta_add(&s->meta, "levels_from", "%s", o->from ? o->from : "a default sweep run first");
    if (!nlv) {
        fprintf(stderr, "chase: loads: the sweep%s shows no level to measure at\n", o->from ? " file" : "");
        return CHASE_EXIT_FAIL;
    }
    if (o->bytes) {
        /* The user's working set, named after the plateau it lies on. */
        snprintf(tg[0].name, sizeof tg[0].name, "bytes");
        tg[0].first = tg[0].last = tg[0].cap = o->bytes;
        tg[0].sweep = NAN;
        for (i = 0; i < nlv; i++)
            if (o->bytes >= chase_plateau_first(curve, &lv[i]) && o->bytes <= chase_plateau_last(curve, &lv[i])) {
                snprintf(tg[0].name, sizeof tg[0].name, "%.15s", lv[i].name);
                tg[0].sweep = lv[i].cycles;
            }
        *ntg = 1;
        return 0;
    }
    for (i = 0; i < nlv; i++) {
        struct target *t = &tg[*ntg];
        if (o->level && strcmp(o->level, lv[i].name))
            continue;
        snprintf(t->name, sizeof t->name, "%.15s", lv[i].name);
        t->first = chase_plateau_first(curve, &lv[i]);
        t->last = chase_plateau_last(curve, &lv[i]);
        t->cap = lv[i].hi && lv[i].lo < alloc ? lv[i].lo : alloc;
        t->sweep = lv[i].cycles;
        (*ntg)++;
    }
    if (o->level && !*ntg) {
        char names[256] = "";
        size_t used = 0;
        for (i = 0; i < nlv && used < sizeof names - 40; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s, ", lv[i].name);
        fprintf(stderr, "chase: loads: no level '%s' (the levels: %sshared)\n", o->level, names);
        return CHASE_EXIT_USAGE;
    }
    return 0;
}

static void describe(struct chase_session *s, unsigned hw, unsigned max_warps, uint64_t line)
{
    const struct chase_opts *o = s->o;
    char a[32];

    chase_meta_add(&s->meta, "pattern", "random: the working set's blocks in one random cycle; a burst's N "
                   "loads read N blocks at N cursors spaced evenly round it");
    chase_meta_add(&s->meta, "widths", "4 8 16 (bytes a lane loads: b32, b64, b128)");
    chase_meta_num(&s->meta, "lanes", hw);
    if (o->lane_stride)
        chase_meta_num(&s->meta, "lane_stride", (double)o->lane_stride);
    else
        chase_meta_add(&s->meta, "lane_stride", "the width: the warp's lanes read consecutive addresses "
                       "(coalesced)");
    chase_meta_add(&s->meta, "block", "lanes x lane_stride bytes, a power of two; every lane's first word holds "
                   "the next block's index");
    chase_meta_add(&s->meta, "single_lane", "one lane's 8-byte loads over blocks of %s, as the sweep's chain "
                   "reads them", chase_size_format(line, a, sizeof a));
    chase_meta_add(&s->meta, "bursts", "1 2 4 8 11 16 24 32 (N independent loads, then one XOR of their words "
                   "that waits for them all, then the clock); shared memory: the powers of two the shared hook "
                   "has (1 to 32; b64 to 16, b128 to 8)");
    chase_meta_add(&s->meta, "latency", "T(1): cycles from the first clock read to the use of one load's "
                   "result; removed: the clock reads' own cost, from a dry run of the same code without the load "
                   "(its XOR reading a register already there); kept: the dependent XOR's own cycles; latency is the median of "
                   "T(1)'s samples, latency_mean their mean (a sweep's figure is a chain's mean: where single loads "
                   "spread widely, as DRAM's do, compare it with latency_mean)");
    chase_meta_add(&s->meta, "issue", "(T(N) - T(1)) / (N - 1) at the smallest N from which every larger N's "
                   "figure lies within %g%% or %g cycles of it (settled = 0: none did; no figure where T(N) <= T(1): "
                   "the level's noise exceeds the issue)",
                   CHASE_LOADS_SETTLE_REL * 100, CHASE_LOADS_SETTLE_ABS);
    chase_meta_add(&s->meta, "sm", "%u warps of one block (the most a block holds: the driver's %u threads "
                   "over %u lanes), each keeping up to %u loads in flight; cycles per warp load: the span from the "
                   "earliest warp's first clock read to the latest one's last (one SM, one clock), less the same "
                   "span without loads, over every warp's loads",
                   max_warps, s->info.block_threads, hw, CHASE_LOADS_BLOCK_BURST);
    chase_meta_add(&s->meta, "bytes_per_cycle", "lanes x width / cycles: the bytes the lanes asked for, not "
                   "the sectors moved");
    chase_meta_add(&s->meta, "working_set", "the middle of each level's plateau in log size, raised to hold "
                   "32 blocks and the block measurement's blocks where the plateau allows");
}

int chase_loads_main(const struct chase_opts *o)
{
    struct chase_session s;
    struct chase_params params;
    struct chase_curve curve;
    struct target tg[CHASE_MAX_LEVELS];
    struct chase_loads_row *rows = NULL;
    size_t ntg = 0, nrows = 0, total, i, j;
    const char *status = "complete";
    char err[CHASE_ERRLEN], a[32];
    uint64_t alloc, line;
    unsigned hw, max_warps;
    int code, want_shared;

    memset(&curve, 0, sizeof curve);
    memset(&s, 0, sizeof s);
    if (o->nargs)
        return usage("takes no operands ('%s')", o->args[0]);
    if (o->lane_stride && ((o->lane_stride & (o->lane_stride - 1)) || o->lane_stride < 4 ||
                           o->lane_stride > MAX_LANE_STRIDE))
        return usage("--lane-stride must be a power of two from 4 bytes to %s",
                     chase_size_format(MAX_LANE_STRIDE, a, sizeof a));
    if (o->bytes && o->level)
        return usage("--bytes and --level both choose the working set: give one");

    memset(&params, 0, sizeof params);
    params.carveout = o->carveout;
    params.sm = o->sm;
    params.pattern = CHASE_PATTERN_RANDOM;
    params.max_bytes = o->bytes;    /* 0: the backend's default, which holds every level a sweep finds */
    code = chase_session_open(&s, o, &params);
    if (code)
        goto out;
    if (!s.ops->loads) {
        fprintf(stderr, "chase: loads: the %s backend cannot time warp-wide loads%s\n", s.slot->name,
                !strcmp(s.slot->name, "cpu")
                    ? ": an out-of-order core overlaps independent loads with its timer reads, so a burst of N "
                      "loads and one wait has no cycle count of its own (the sweep gives the CPU's latencies)"
                    : "");
        code = CHASE_EXIT_UNSUPPORTED;
        goto out;
    }
    hw = s.info.lanes;
    if (!hw || hw > CHASE_MAX_LANES) {
        fprintf(stderr, "chase: loads: the %s backend does not say how many lanes a warp has\n", s.slot->name);
        code = CHASE_EXIT_UNSUPPORTED;
        goto out;
    }
    line = s.info.default_stride ? s.info.default_stride : 128;
    max_warps = s.info.block_threads >= hw ? s.info.block_threads / hw : 1;
    alloc = s.params.max_bytes ? s.params.max_bytes : s.info.default_max;
    chase_session_describe(&s, "loads");
    describe(&s, hw, max_warps, line);
    if ((code = targets(&s, &curve, alloc, tg, &ntg)))
        goto out;
    want_shared = !o->bytes && (!o->level || !strcmp(o->level, "shared"));
    total = ntg * ROWS_A_LEVEL + (want_shared ? 3 : 0);
    rows = calloc(total + 1, sizeof *rows);
    if (!rows) {
        fprintf(stderr, "chase: out of memory\n");
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    if ((code = chase_session_output(&s, "loads")))
        goto out;
    if (!s.human && chase_writer_table(&s.w, &chase_loads_table)) {
        code = chase_session_write_failed(&s);
        goto out;
    }

    for (i = 0; i < ntg && !code && !chase_stop; i++) {
        for (j = 0; j < ROWS_A_LEVEL && !code && !chase_stop; j++) {
            struct chase_loads_row *r = &rows[nrows];
            struct chase_loads_plan plan;
            unsigned width = j < 3 ? widths[j] : 8, lanes = j < 3 ? hw : 1;
            uint64_t ls = j < 3 ? (o->lane_stride ? o->lane_stride : width) : line;
            uint64_t block = chase_loads_block_bytes(lanes, ls);
            int rc;

            memset(r, 0, sizeof *r);
            snprintf(r->level, sizeof r->level, "%.15s", tg[i].name);
            r->width = width;
            r->lanes = lanes;
            r->lane_stride = ls;
            r->block = block;
            r->latency = r->issue = r->sweep = NAN;
            if (ls < width) {
                snprintf(r->note, sizeof r->note, "not measured: the lane stride (%llu B) is below the width",
                         (unsigned long long)ls);
            } else if (chase_loads_plan_row(tg[i].first, tg[i].last, tg[i].cap, block, lanes > 1 ? max_warps : 0,
                                            CHASE_LOADS_BLOCK_BURST, &plan, err, sizeof err)) {
                snprintf(r->note, sizeof r->note, "not measured: %.140s", err);
            } else {
                uint64_t seed = o->seed * 0x100000001b3ULL + plan.bytes * 31 + width * 7 + lanes;
                snprintf(err, sizeof err, "%.15s %s b%u", tg[i].name, chase_size_format(plan.bytes, a, sizeof a),
                         width * 8);
                chase_progress(&s, "loads", nrows, total, err);
                rc = chase_loads_measure(s.ops, s.dev, &plan, width, lanes, ls, seed, &chase_stop, r, err,
                                         sizeof err);
                if (rc == CHASE_EINTR || chase_stop)
                    break;
                if (rc == CHASE_EINVAL) {
                    snprintf(r->note, sizeof r->note, "not measured: %.140s", err);
                } else if (rc != CHASE_OK) {
                    chase_progress_done(&s);
                    fprintf(stderr, "chase: %s: loads at %s: %s\n", s.slot->name, tg[i].name, err);
                    code = chase_exit_for(rc);
                    break;
                } else if (plan.nbursts < CHASE_LOADS_NS) {
                    snprintf(r->note, sizeof r->note, "the level holds %llu blocks of %llu B: bursts up to %u",
                             (unsigned long long)(plan.bytes / block), (unsigned long long)block,
                             chase_loads_n[plan.nbursts - 1]);
                }
            }
            r->sweep = tg[i].sweep;
            nrows++;
            if (!s.human && chase_loads_write_row(&s.w, r)) {
                code = chase_session_write_failed(&s);
                break;
            }
        }
    }
    for (j = 0; want_shared && j < 3 && !code && !chase_stop; j++) {
        struct chase_loads_row *r = &rows[nrows];
        memset(r, 0, sizeof *r);
        if (s.ops->shared) {
            int rc;
            chase_progress(&s, "loads", nrows, total, "shared");
            rc = chase_loads_measure_shared(s.ops, s.dev, widths[j], hw, max_warps, CHASE_LOADS_BLOCK_BURST,
                                            &chase_stop, r, err, sizeof err);
            if (rc == CHASE_EINTR || chase_stop)
                break;
            if (rc != CHASE_OK && rc != CHASE_EINVAL && rc != CHASE_ENOTSUP) {
                chase_progress_done(&s);
                fprintf(stderr, "chase: %s: shared memory loads: %s\n", s.slot->name, err);
                code = chase_exit_for(rc);
                break;
            }
            if (rc != CHASE_OK) {
                r->latency = r->issue = NAN;
                snprintf(r->note, sizeof r->note, "not measured: %.140s", err);
            }
        } else {
            r->latency = r->issue = r->latency_ns = r->latency_mean = r->bpc_warp = r->sm_cycles = r->bpc_sm = NAN;
            r->shared = 1;
            r->width = widths[j];
            r->lanes = hw;
            r->lane_stride = widths[j];
            r->bytes = r->block = (uint64_t)hw * widths[j];
            snprintf(r->note, sizeof r->note, "not measured: the %s backend has no shared-memory hook",
                     s.slot->name);
        }
        snprintf(r->level, sizeof r->level, "shared");
        r->sweep = NAN;
        nrows++;
        if (!s.human && chase_loads_write_row(&s.w, r)) {
            code = chase_session_write_failed(&s);
            break;
        }
    }
    chase_progress_done(&s);
    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
        fprintf(stderr, "chase: stopped by %s after %zu rows; they are kept\n", chase_signal_name(), nrows);
    } else if (code) {
        status = "failed";
    }
    if (!s.human && !s.w.failed) {
        struct chase_meta res;
        memset(&res, 0, sizeof res);
        chase_meta_num(&res, "rows", (double)nrows);
        chase_meta_num(&res, "elapsed_s", floor(chase_session_elapsed(&s) * 100 + 0.5) / 100);
        if (chase_loads_write_conv(&s.w, rows, nrows) || chase_writer_results(&s.w, &res)) {
            code = chase_session_write_failed(&s);
            status = "failed";
        }
        chase_meta_free(&res);
    }
    if (s.human || !o->quiet)
        chase_loads_report(s.human ? stdout : stderr, rows, nrows);
    {
        int fc = chase_session_finish(&s, status);
        if (fc && !code)
            code = fc;
    }
    if (o->plot && nrows) {
        char perr[600];
        int prc = chase_loads_plot(rows, nrows, &s.meta, o, o->plot, perr, sizeof perr);
        chase_plot_failed(&code, prc, perr);
    }
out:
    chase_session_close(&s);
    chase_curve_free(&curve);
    free(rows);
    return code;
}
