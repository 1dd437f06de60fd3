/* bandwidth_cmd.c: chase bandwidth: the curve (each operation over the
 * working sets of a sweep's plan, the backend's default launch shape), the
 * clock check, the levels found on each curve, each level's best figure
 * over the launch shapes, shared memory's row, the peaks; the data file,
 * the report and the plot. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bandwidth/bandwidth.h"
#include "core/exitcode.h"
#include "core/plan.h"
#include "core/size.h"
#include "levels/levels.h"
#include "levels/plateau.h"
#include "run/run.h"

#define ALIGN 256u              /* working sets are whole 256 B: a warp's 16 B accesses split them evenly */
#define SHARED_BYTES (32u << 10)   /* what each block of the shared-memory row reads */
#define MAX_ROWS ((CHASE_BW_NOPS + 1) * CHASE_MAX_LEVELS + 1)   /* + a partitioned read row a level, + shared */
/* The least a partitioned curve gives a multiprocessor: 16 accesses of
 * 16 B, so a slice a block leaves each block of up to 16 a multiprocessor
 * (the shapes' most is 8) at least one; a kilobyte cut 528 ways (the
 * H100's 4 x 132 blocks) left none and the backend refused it. */
#define PART_SLICE 256u

struct bw_state {
    struct chase_bw_point *pt;
    size_t npt, cap;
    struct chase_bw_level lv[MAX_ROWS];
    size_t nlv;
    uint64_t *plan;             /* the placement's curve */
    size_t nplan;
    /* A GPU's default run reads a partitioned curve beside the replicated
     * one (pplan; none elsewhere): the L2 as each multiprocessor's own
     * lines give it, beside every one reading the same lines. */
    uint64_t *pplan;
    size_t npplan;
    uint64_t mem[8];            /* streamed points past the caches (memory's) */
    size_t nmem;
    unsigned ops, width, units;
    int place;
    int remote_cut;             /* the curve ends at 4 x the reader's L1: a remote target */
    uint64_t max, last_cache, l1;
    uint64_t window;            /* partitioned: the bytes a block reads at least (chase_bw_req's) */
    double median_mhz;
    size_t flagged, over;
    struct chase_bw_peaks pk;
};

static int check(const struct chase_opts *o)
{
    char a[32], b[32];

    if (o->stride)
        return fprintf(stderr, "chase: bandwidth: --stride: a bandwidth curve reads every byte of its working set; "
                       "--width sets the access\n"), CHASE_EXIT_USAGE;
    if (o->lanes)
        return fprintf(stderr, "chase: bandwidth: --lanes is banks' (a lane pattern); bandwidth takes --width "
                       "alone\n"), CHASE_EXIT_USAGE;
    if (o->sm != -2)
        return fprintf(stderr, "chase: bandwidth: --sm: the bandwidth runs on every multiprocessor at once\n"),
               CHASE_EXIT_USAGE;
    if (o->carveout >= 0)
        return fprintf(stderr, "chase: bandwidth: --carveout is not applied to the bandwidth kernels (the "
                       "driver's split is kept)\n"), CHASE_EXIT_USAGE;
    if (o->min && o->max && o->min > o->max)
        return fprintf(stderr, "chase: bandwidth: --min %s is above --max %s\n",
                       chase_size_format(o->min, a, sizeof a), chase_size_format(o->max, b, sizeof b)),
               CHASE_EXIT_USAGE;
    return 0;
}

static int supported(struct chase_run *r)
{
    const struct chase_session *s = &r->s;
    char why[CHASE_ERRLEN] = "";

    if (!s->ops->bandwidth || s->ops->bandwidth(s->dev, NULL, NULL, why, sizeof why) != CHASE_OK) {
        fprintf(stderr, "chase: bandwidth: the %s backend cannot measure bandwidth%s%s\n", s->slot->name,
                why[0] ? ": " : "", why);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

static int describe(struct chase_run *r)
{
    struct bw_state *st = r->state;
    struct chase_session *s = &r->s;
    const struct chase_opts *o = r->o;
    struct chase_meta *m = &s->meta;
    char err[CHASE_ERRLEN], a[32], list[64] = "";
    uint64_t min, cmax;
    int i;

    st->ops = o->bw_ops ? o->bw_ops : 7;
    st->place = o->bw_place >= 0 ? o->bw_place : CHASE_BW_REPLICATED;
    st->width = o->width ? o->width : 16;
    st->max = o->max ? o->max : s->info.default_max;
    st->units = s->info.units ? s->info.units : 1;
    for (i = 0; i < s->info.ncaches; i++) {
        if (s->info.caches[i].bytes > st->last_cache)
            st->last_cache = s->info.caches[i].bytes;
        if (!strcmp(s->info.caches[i].name, "L1"))
            st->l1 = s->info.caches[i].bytes;
    }
    /* No L1 reported (CUDA's driver gives none): the shared memory a block
     * may use, which the L1 holds beside (one array of both). */
    if (!st->l1 && s->info.shared_bytes && s->info.shared_bytes < st->last_cache)
        st->l1 = s->info.shared_bytes;
    /* A GPU's partitioned blocks read twice its L1 at least: a slice a
     * multiprocessor under the L1 is all L1 hits (on an H100 up to 33 MiB,
     * two thirds of its L2, read at 23 TB/s), and the L2 under it is never
     * seen.  A CPU's cores keep their L1 and L2 to themselves: a slice a
     * core measures them as they are. */
    if (st->l1 && s->info.shared_bytes && st->l1 <= UINT64_MAX / 2)
        st->window = 2 * st->l1;
    min = o->min ? o->min : 1024;   /* the sweep's: below the smallest first level */
    /* Partitioned: at least PART_SLICE a multiprocessor. */
    if (st->place == CHASE_BW_PARTITIONED && !o->min && min < (uint64_t)st->units * PART_SLICE)
        min = (uint64_t)st->units * PART_SLICE;
    /* ... and a window at least: a smaller set is read whole by every
     * block's window, as a replicated one, from the L1. */
    if (st->place == CHASE_BW_PARTITIONED && !o->min && min < st->window)
        min = st->window;
    /* Replicated and partitioned curves end at twice the last cache: past
     * it every block's pass comes from memory, which the streamed points
     * measure in far less time (a replicated pass moves the set once a
     * block).  Those points: from CHASE_BW_MEM_FACTOR x the last cache, x4
     * each, and the largest. */
    cmax = st->max;
    if (st->place != CHASE_BW_STREAM && st->last_cache && st->last_cache <= st->max / 2) {
        uint64_t b = st->last_cache * CHASE_BW_MEM_FACTOR;
        cmax = st->last_cache * 2;
        for (; b <= st->max && st->last_cache <= UINT64_MAX / 64 && st->nmem < 7; b *= 4)
            st->mem[st->nmem++] = b / ALIGN * ALIGN;
        if (st->last_cache * CHASE_BW_MEM_FACTOR <= st->max && st->mem[st->nmem - 1] < st->max / ALIGN * ALIGN)
            st->mem[st->nmem++] = st->max / ALIGN * ALIGN;
    }
    /* Another device's memory or the host's, read replicated: past the
     * reader's own L1 every multiprocessor's pass crosses the link (the
     * whole set a multiprocessor: a host's at 1 GiB took minutes), and
     * the device's L2 keeps none of it.  The curve ends at 4 x the L1;
     * the streamed points measure the remote memory, its bytes once. */
    st->remote_cut = 0;
    if ((o->memory == CHASE_MEMORY_PEER || o->memory == CHASE_MEMORY_HOST) && st->place != CHASE_BW_STREAM &&
        st->l1 && st->l1 <= UINT64_MAX / 4 && cmax > st->l1 * 4) {
        cmax = st->l1 * 4;
        st->remote_cut = 1;
    }
    if (min > cmax)
        min = cmax;
    /* Bandwidth steps are few and steep: half the sweep's points an octave. */
    if (chase_plan_make(min, cmax, (o->steps + 1) / 2, ALIGN, &st->plan, &st->nplan, err, sizeof err)) {
        fprintf(stderr, "chase: bandwidth: %s\n", err);
        return CHASE_EXIT_USAGE;
    }
    /* A GPU's default run (no --placement or --min, the device's own
     * memory, reads asked for): a partitioned read curve too, from one
     * window (each block's) to the same end, so that the L2 shows both
     * ways it is read (gpu-cache's and gpu-l2-cache's). */
    if (o->bw_place < 0 && st->window && (st->ops & 1u) && !st->remote_cut && !o->min && !o->memory &&
        st->window * 2 <= cmax &&
        chase_plan_make(st->window > (uint64_t)st->units * PART_SLICE ? st->window : (uint64_t)st->units * PART_SLICE,
                        cmax, (o->steps + 1) / 2, ALIGN, &st->pplan, &st->npplan, err, sizeof err)) {
        fprintf(stderr, "chase: bandwidth: %s\n", err);
        return CHASE_EXIT_USAGE;
    }
    for (i = 0; i < CHASE_BW_NOPS; i++)
        if (st->ops & (1u << i))
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? " " : "",
                     chase_bw_op_names[i]);
    chase_meta_add(m, "operations", "%s", list);
    chase_meta_add(m, "bytes_moved", "read and write: the working set's bytes once a pass; copy: its source and "
                   "destination together (each half of the working set), the bytes read plus the bytes written");
    chase_meta_add(m, "placement", "%s: %s", chase_bw_place_names[st->place],
                   st->place == CHASE_BW_REPLICATED ? "every block reads the same working set (each SM the same lines)"
                   : st->place == CHASE_BW_PARTITIONED ? (st->window ? "the working set cut into a slice a "
                                                          "block, each block reading on past its slice to a window of "
                                                          "twice the L1 (overlapping where the set is smaller than "
                                                          "the windows together), so that no slice is read from the "
                                                          "L1; the bytes counted are every window's"
                                                        : "the working set cut into a slice a multiprocessor")
                                                       : "every thread of the grid strides over the whole set");
    chase_meta_num(m, "width", st->width);
    chase_meta_add(m, "width_means", "bytes a thread moves an access (16: 128-bit vector loads and stores)");
    chase_meta_num(m, "steps", (o->steps + 1) / 2);
    chase_meta_add(m, "steps_means", "points an octave of the placement's curve: half of --steps");
    chase_meta_add(m, "curve", "%s up to %s%s%s; streamed points from %d x the last cache up to the largest",
                   chase_bw_place_names[st->place], chase_size_format(cmax, a, sizeof a),
                   st->npplan ? "; reads partitioned too, from one block's window (twice the L1) to the same end"
                              : "",
                   st->remote_cut ? " (4 x the reader's L1: past it every multiprocessor's pass crosses the link, "
                                    "which the streamed points measure with each byte once)" : "",
                   CHASE_BW_MEM_FACTOR);
    chase_meta_add(m, "gbs", "10^9 bytes a second (GB/s, not GiB/s): bytes moved over the device timer's "
                   "nanoseconds, the median of the samples");
    chase_meta_add(m, "bytes_per_clock_sm", "bytes moved over the SM clock's cycles of the same interval and the "
                   "multiprocessors that took part");
    chase_meta_add(m, "clock_mhz", "the SM clock during the point: its cycles over the timer's nanoseconds; a point "
                   "%g%% or more below the run's median is flagged (clock_drop) and kept off the level finder",
                   CHASE_BW_CLOCK_DROP * 100);
    chase_meta_add(m, "levels", "found on the first operation's curve by the sweep's level finder, on the curve's "
                   "inverse (clocks a byte a multiprocessor): a bandwidth curve steps down where latency steps up; "
                   "named by where the plateau ends against the caches (%s%s, the whole set against the L2; past "
                   "1.5 x a cache, the next); every operation measured at each level",
                   st->l1 ? chase_size_format(st->l1, a, sizeof a) : "no L1 known",
                   st->l1 ? " of L1 a multiprocessor" : "");
    if (o->from)
        chase_meta_add(m, "levels_from", "%s: where its sweep split a cache into parts (near and far, or numbered), "
                       "each part gets a read row of its own in every placement measured, its figure in the part's "
                       "middle (the curve's own steps inside a cache are too small for the finder)", o->from);
    chase_meta_add(m, "shapes", "each level's figure is the best of the backend's default launch shape and blocks "
                   "a multiprocessor x threads a block 1x512 2x512 4x256 2x1024 4x512 8x256 (those the backend "
                   "takes), at the middle of its plateau");
    chase_meta_add(m, "memory", "figures from a streamed array of at least %d x the last cache (%s; the driver's), "
                   "the largest the run reaches", CHASE_BW_MEM_FACTOR,
                   st->last_cache ? chase_size_format(st->last_cache, a, sizeof a) : "none reported");
    chase_bw_peaks_from(m, &st->pk);
    {
        const char *t = chase_meta_get(m, "memory_target");
        st->pk.remote = t && chase_meta_get(m, "memory_reader_caches") && (!strncmp(t, "peer", 4) || !strcmp(t, "host"));
    }
    if (st->pk.remote)
        chase_meta_add(m, "peak", "memory (%s's, read through a link): the link's each way, from the driver's "
                       "words for it (driver.link, driver.link_peak_gbs: %s), twice it for a copy (its reads and "
                       "writes cross the link in opposite ways); the first level and shared memory: the "
                       "architecture's bytes a clock a multiprocessor (%s); no other peak is known, none is "
                       "invented; a figure above its peak is a defect (over_peak)", chase_meta_get(m, "memory_target"),
                       st->pk.link_gbs > 0 ? "known" : "not reported here",
                       st->pk.l1_bpc > 0 ? "known" : "not reported here");
    else
        chase_meta_add(m, "peak", "memory: the driver's memory clock x 2 x bus width (%s); the first level and "
                       "shared memory: the architecture's bytes a clock a multiprocessor (%s); no other peak is "
                       "known, none is invented; a figure above its peak is a defect (over_peak)",
                       st->pk.mem_gbs > 0 ? "known" : "not reported here",
                       st->pk.l1_bpc > 0 ? "known" : "not reported here");
    return 0;
}

/* One request; the point, or an exit status (> 0), -1 stopped, or
 * CHASE_EINVAL/ENOTSUP turned into 1 << 16 | rc (the shape refused). */
static int request(struct chase_run *r, int op, int placement, int target, uint64_t bytes, unsigned blocks,
                   unsigned threads, struct chase_bw_point *p)
{
    struct bw_state *st = r->state;
    struct chase_session *s = &r->s;
    struct chase_bw_req rq;
    struct chase_bw_samples out;
    char err[CHASE_ERRLEN] = "";
    int rc;

    memset(&rq, 0, sizeof rq);
    memset(&out, 0, sizeof out);
    rq.bytes = bytes;
    rq.op = op;
    rq.placement = placement;
    rq.target = target;
    /* Shared memory is read with 16-byte accesses whatever --width says
     * (the backends have no other shared kernel; its row says 16). */
    rq.width = target == CHASE_BW_SHARED ? 16 : st->width;
    rq.window = placement == CHASE_BW_PARTITIONED ? st->window : 0;
    rq.blocks_per_sm = blocks;
    rq.threads = threads;
    rq.cache_op = r->o->cache_op;
    rq.samples = r->o->repeat > 1 ? (r->o->repeat * 5 > CHASE_MAX_SAMPLES ? CHASE_MAX_SAMPLES : r->o->repeat * 5) : 0;
    rq.stop = &chase_stop;
    rc = s->ops->bandwidth(s->dev, &rq, &out, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return -1;
    if ((rc == CHASE_EINVAL || rc == CHASE_ENOTSUP) && (blocks || threads))
        return 1 << 16 | rc;
    if (rc != CHASE_OK) {
        char a[32];
        chase_progress_done(s);
        fprintf(stderr, "chase: %s: bandwidth, %s of %s: %s\n", s->slot->name, chase_bw_op_names[op],
                chase_size_format(bytes, a, sizeof a), err);
        r->failed = 1;
        return chase_exit_for(rc);
    }
    if (chase_bw_point_from(&out, op, placement, target, bytes, rq.width, p)) {
        fprintf(stderr, "chase: %s: bandwidth: no sample moved a byte in a positive time\n", s->slot->name);
        r->failed = 1;
        return CHASE_EXIT_FAIL;
    }
    return 0;
}

static int push(struct bw_state *st, const struct chase_bw_point *p)
{
    if (st->npt == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 256;
        struct chase_bw_point *n = realloc(st->pt, cap * sizeof *n);
        if (!n)
            return -1;
        st->pt = n;
        st->cap = cap;
    }
    st->pt[st->npt++] = *p;
    return 0;
}

/* The best over the shapes at one working set. 0, -1 stopped, or an exit status. */
static int best(struct chase_run *r, int op, int placement, int target, uint64_t bytes, struct chase_bw_level *L)
{
    struct chase_bw_point p, top;
    size_t k;
    int rc, any = 0;

    memset(&top, 0, sizeof top);
    top.gbs = top.bpc_sm = top.mhz = NAN;
    L->shapes = 0;
    for (k = 0; k < CHASE_BW_NSHAPES; k++) {
        rc = request(r, op, placement, target, bytes, chase_bw_shapes[k][0], chase_bw_shapes[k][1], &p);
        if (rc > 0 && (rc >> 16))
            continue;
        if (rc)
            return rc;
        L->shapes++;
        if (!any || p.gbs > top.gbs)
            top = p;
        any = 1;
    }
    L->bytes = bytes;
    L->width = top.width;
    L->blocks = top.blocks;
    L->threads = top.threads;
    L->units = top.units;
    L->gbs = top.gbs;
    L->bpc_sm = top.bpc_sm;
    L->mhz = top.mhz;
    return 0;
}

/* The plateau's median GB/s on the curve of op and place (and the
 * streamed points). */
static double curve_median(const struct bw_state *st, int op, int place, uint64_t first, uint64_t last)
{
    double v[512];
    size_t i, n = 0;
    for (i = 0; i < st->npt && n < 512; i++)
        if (st->pt[i].op == op && (st->pt[i].placement == place || st->pt[i].placement == CHASE_BW_STREAM) &&
            st->pt[i].target == CHASE_BW_GLOBAL && st->pt[i].bytes >= first &&
            st->pt[i].bytes <= last && !st->pt[i].clock_drop && st->pt[i].gbs > 0)
            v[n++] = st->pt[i].gbs;
    if (!n)
        return NAN;
    for (i = 1; i < n; i++) {   /* insertion sort: a plateau holds few points */
        double x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A level's name by where its plateau ends: within 1.5 x the L1 (a
 * multiprocessor's share of the set: all of it replicated, 1 / units
 * otherwise) the L1; within 1.5 x a cache (the whole set), the smallest
 * such; past them all, memory.  Never a TLB's: a bandwidth curve's steps
 * are the caches'. */
static void name_level(const struct bw_state *st, const struct chase_session *s, int place, uint64_t first,
                       uint64_t last, char *name, size_t len)
{
    uint64_t share = place == CHASE_BW_REPLICATED ? last : last / st->units, best = 0;
    uint64_t share0 = place == CHASE_BW_REPLICATED ? first : first / st->units;
    int i;

    /* A partitioned GPU block reads its window at least: twice the L1, never its. */
    if (place == CHASE_BW_PARTITIONED && share < st->window)
        share = st->window;
    if (place == CHASE_BW_PARTITIONED && share0 < st->window)
        share0 = st->window;
    /* Within 1.5 x the L1; or starting inside it and ending within twice
     * it (the L1's tail: an H100's plateau ran to 354 KiB at 26 TB/s past
     * the 227 KiB the driver gives for shared memory, and was named L2). */
    if (st->l1 && (share <= st->l1 + st->l1 / 2 || (share0 <= st->l1 && share <= 2 * st->l1))) {
        snprintf(name, len, "L1");
        return;
    }
    snprintf(name, len, "memory");
    for (i = 0; i < s->info.ncaches; i++) {
        uint64_t b = s->info.caches[i].bytes;
        if (strcmp(s->info.caches[i].name, "L1") && last <= b + b / 2 && (!best || b < best)) {
            best = b;
            snprintf(name, len, "%.31s", s->info.caches[i].name);
        }
    }
    /* Replicated, a plateau that starts inside a cache and runs on past
     * the last one is still that cache's: every multiprocessor reads the
     * same lines, each comes from memory once for all of them, and the
     * rest from the cache (an H100's replicated curve falls from 15 to
     * 10 TB/s between 0.5 and 100 MiB, never to memory's 3.2); memory's
     * figures are the streamed points'. */
    if (!best && place == CHASE_BW_REPLICATED)
        for (i = 0; i < s->info.ncaches; i++) {
            uint64_t b = s->info.caches[i].bytes;
            if (strcmp(s->info.caches[i].name, "L1") && first <= b && (!best || b < best)) {
                best = b;
                snprintf(name, len, "%.31s", s->info.caches[i].name);
            }
        }
}

/* The working set of the highest figure of op's curve in [first, last]
 * (0: none).  The first level's figures are taken there: its plateau
 * begins with sets too small to give every thread of the launch an access
 * (a ramp the level finder keeps in the plateau), and its middle in log
 * size falls on the ramp. */
static uint64_t top_bytes(const struct bw_state *st, int op, int place, uint64_t first, uint64_t last)
{
    uint64_t b = 0;
    double top = 0;
    size_t i;

    for (i = 0; i < st->npt; i++) {
        const struct chase_bw_point *p = &st->pt[i];
        if (p->op == op && p->placement == place && p->target == CHASE_BW_GLOBAL && p->bytes >= first &&
            p->bytes <= last && !p->clock_drop && p->gbs > top) {
            top = p->gbs;
            b = p->bytes;
        }
    }
    return b;
}

/* One row: op's best figure at a level. */
static int row(struct chase_run *r, const char *name, int op, int placement, uint64_t first, uint64_t last,
               uint64_t bytes, int is_first, int mem)
{
    struct bw_state *st = r->state;
    struct chase_bw_level *L = &st->lv[st->nlv];
    char a[48];
    int rc = 0;

    memset(L, 0, sizeof *L);
    snprintf(L->level, sizeof L->level, "%.31s", name);
    L->op = op;
    L->placement = placement;
    L->target = CHASE_BW_GLOBAL;
    L->first = first;
    L->last = last;
    L->curve_gbs = curve_median(st, op, placement, first, last);
    L->gbs = L->bpc_sm = L->mhz = NAN;
    if (!bytes) {
        snprintf(L->note, sizeof L->note, "no memory figure: the run ends below %d x the last cache",
                 CHASE_BW_MEM_FACTOR);
    } else {
        snprintf(a, sizeof a, "%s %s", chase_bw_op_names[op], L->level);
        chase_progress(&r->s, "bandwidth", st->nlv, st->nlv + 1, a);
        rc = best(r, op, placement, CHASE_BW_GLOBAL, bytes, L);
    }
    /* A peer's or the host's memory is bounded by the link, not by the
     * device's own memory (st->pk.remote, describe). */
    chase_bw_set_peak(L, is_first, mem, &st->pk);
    st->nlv++;
    return rc;
}

/* A level found on a curve: its name, its span, and the plateau its
 * figures are taken in. */
struct found {
    char name[32];
    uint64_t first, last, at_first, at_last;   /* at_: the plateau its figures are taken in */
    double top;
};

/* The levels on the curve of op and place, named by the caches (target:
 * a remote memory's levels, named by the finder); their count, or -1 out
 * of memory.  Plateaus of one name are one level (a ramp at the small
 * end, or an L2 whose far half is slower): its span is theirs together,
 * its figures taken in the fastest of those that span an octave at least
 * (a plateau of a few points where one level gives way to the next is
 * neither: on an H100 the L1's tail at 256-370 KiB read 25 TB/s and passed
 * for the L2), or the widest where none does. */
static int find(struct chase_run *r, int op, int place, const char *target, struct found *got)
{
    struct bw_state *st = r->state;
    struct chase_curve c;
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t n, i;
    int ng = 0;

    memset(&c, 0, sizeof c);
    if (chase_bw_curve(st->pt, st->npt, op, place, &r->s.meta, &c)) {
        chase_curve_free(&c);
        return -1;
    }
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    for (i = 0; i < n; i++) {
        uint64_t first = chase_plateau_first(&c, &lv[i]), last = chase_plateau_last(&c, &lv[i]);
        double med = curve_median(st, op, place, first, last);
        char name[32];
        /* No cache to name it by; or a target's levels, which the finder
         * named for what they are (the device's caches are not theirs). */
        if (!strcmp(lv[i].name, "memory") || !r->s.info.ncaches || target)
            snprintf(name, sizeof name, "%.31s", lv[i].name);
        else
            name_level(st, &r->s, place, first, last, name, sizeof name);
        if (ng && !strcmp(got[ng - 1].name, name)) {
            int wide = last / 2 >= first, was_wide = got[ng - 1].at_last / 2 >= got[ng - 1].at_first;
            got[ng - 1].last = last;
            if (wide > was_wide || (wide == was_wide && (wide ? med > got[ng - 1].top
                                                              : (double)last / first >
                                                                (double)got[ng - 1].at_last / got[ng - 1].at_first))) {
                got[ng - 1].top = med;
                got[ng - 1].at_first = first;
                got[ng - 1].at_last = last;
            }
            continue;
        }
        snprintf(got[ng].name, sizeof got[ng].name, "%s", name);
        got[ng].first = got[ng].at_first = first;
        got[ng].last = got[ng].at_last = last;
        got[ng].top = med > 0 ? med : 0;
        ng++;
    }
    chase_curve_free(&c);
    return ng;
}

/* --from's parts of a cache, a read row each in every placement measured:
 * a bandwidth curve's steps inside one cache are too small beside its
 * noise for the finder (an H100's replicated L2 reads 13-14 TB/s to 2 MiB,
 * 11-13 to 16 MiB, 10-11 past 19 MiB), where the sweep's latency parts are
 * clear (near to 25 MiB at 282 cycles, far to 50 MiB at 528).  The figure
 * is taken in the part's middle: from the level before's end (the first
 * size clearly above it) to the part's (the largest still on it). */
static int sweep_parts(struct chase_run *r, const char *target)
{
    struct bw_state *st = r->state;
    static const int places[] = {CHASE_BW_REPLICATED, CHASE_BW_PARTITIONED};
    size_t j, k;
    int rc = 0;

    if (target || !r->o->from)
        return 0;
    for (j = 1; j < r->nlv && !rc; j++) {
        const struct chase_level *lv = &r->lv[j], *before = &r->lv[j - 1];
        uint64_t first = before->hi, last = lv->lo, b;
        char a[48], c[48];
        if (!chase_level_part(lv->name) || !lv->hi || !first || first >= last || first >= st->max)
            continue;
        b = chase_bw_level_bytes(first, last, 0, st->last_cache, st->max, ALIGN);
        for (k = 0; k < sizeof places / sizeof places[0] && !rc && st->nlv < MAX_ROWS - 1; k++) {
            if (places[k] != st->place && !(places[k] == CHASE_BW_PARTITIONED && st->npplan))
                continue;
            rc = row(r, lv->name, CHASE_BW_READ, places[k], first, last, b, 0, 0);
            snprintf(st->lv[st->nlv - 1].note, sizeof st->lv[st->nlv - 1].note,
                     "the sweep's %.31s (--from's levels), %s .. %s: the figure in its middle", lv->name,
                     chase_size_format(first, a, sizeof a), chase_size_format(last, c, sizeof c));
        }
    }
    return rc;
}

/* The levels, found on the first operation's curve and named by the
 * caches, and every operation's best figure at each; memory from the
 * streamed points where there are any (the placement's curve ends short
 * of them); then, where a partitioned read curve was measured beside,
 * the caches past the L1 on it, a read row each. */
static int levels(struct chase_run *r)
{
    struct bw_state *st = r->state;
    struct found got[CHASE_MAX_LEVELS];
    int ng, i, rc = 0, op, op0 = 0, mem_seen = 0;

    /* --memory, where the backend names the levels for it (levels.h): the
     * last level is that memory, as the finder names it. */
    const char *target = chase_meta_get(&r->s.meta, "memory_reader_caches") ? chase_meta_get(&r->s.meta, "memory_target")
                                                                            : NULL;
    char memname[32] = "memory";

    if (target)
        snprintf(memname, sizeof memname, "%s memory", !strncmp(target, "peer", 4) ? "peer" : target);
    while (!(st->ops & (1u << op0)))
        op0++;
    if ((ng = find(r, op0, st->place, target, got)) < 0) {
        fprintf(stderr, "chase: out of memory\n");
        return CHASE_EXIT_FAIL;
    }
    for (i = 0; i < ng && !rc; i++) {
        int mem = !strcmp(got[i].name, memname);
        if (mem && st->nmem)
            continue;   /* the streamed points' */
        mem_seen |= mem;
        for (op = 0; op < CHASE_BW_NOPS && !rc && st->nlv < MAX_ROWS - 1; op++) {
            uint64_t b;
            if (!(st->ops & (1u << op)))
                continue;
            /* Where its figures are taken: the first level at its
             * curve's highest point (past the ramp of sets too small to
             * give every thread an access); a replicated level at its
             * chosen plateau's highest from four times the level
             * before's end (a replicated L2 falls steadily as fewer of
             * its lines are near copies: its best is near its start;
             * below four times the level before, that level still
             * serves part of it: on an H100 at 8 x 256, 0.5 MiB read
             * 25.0 TB/s through the L1 and 17.7 bypassing it, 1 MiB 17.4
             * and 16.2, bench/NOTES.md); a partitioned one past the first
             * (a GPU's, whose first sets' windows overlap, so many
             * multiprocessors share each line) in its plateau's middle. */
            b = 0;
            if (!mem && i == 0 && !(st->place == CHASE_BW_PARTITIONED && st->window))
                b = top_bytes(st, op0, st->place, got[i].first, got[i].last);
            else if (!mem && st->place == CHASE_BW_REPLICATED)
                b = top_bytes(st, op0, st->place,
                              i && got[i - 1].last <= UINT64_MAX / 4 && got[i].at_first < 4 * got[i - 1].last
                                  ? 4 * got[i - 1].last : got[i].at_first, got[i].at_last);
            if (!b)
                b = chase_bw_level_bytes(got[i].at_first, got[i].at_last, mem, st->last_cache, st->max, ALIGN);
            rc = row(r, got[i].name, op, mem ? CHASE_BW_STREAM : st->place, got[i].first, got[i].last, b, i == 0,
                     mem);
        }
    }
    if (st->nmem && !mem_seen)
        for (op = 0; op < CHASE_BW_NOPS && !rc && st->nlv < MAX_ROWS - 1; op++)
            if (st->ops & (1u << op))
                rc = row(r, memname, op, CHASE_BW_STREAM, st->mem[0], st->mem[st->nmem - 1],
                         chase_bw_level_bytes(0, 0, 1, st->last_cache, st->max, ALIGN), 0, 1);
    if (rc)
        return rc;
    /* The partitioned read curve: its caches (never the L1: each block
     * reads twice it), figures in the plateau's middle. */
    if (st->npplan && (ng = find(r, CHASE_BW_READ, CHASE_BW_PARTITIONED, NULL, got)) < 0) {
        fprintf(stderr, "chase: out of memory\n");
        return CHASE_EXIT_FAIL;
    }
    for (i = 0; st->npplan && i < ng && !rc && st->nlv < MAX_ROWS - 1; i++)
        if (strcmp(got[i].name, "memory") && strcmp(got[i].name, "L1"))
            rc = row(r, got[i].name, CHASE_BW_READ, CHASE_BW_PARTITIONED, got[i].first, got[i].last,
                     chase_bw_level_bytes(got[i].at_first, got[i].at_last, 0, st->last_cache, st->max, ALIGN), 0, 0);
    return rc ? rc : sweep_parts(r, target);
}

static int measure(struct chase_run *r)
{
    struct bw_state *st = r->state;
    struct chase_session *s = &r->s;
    size_t i, total = 0, done = 0;
    int op, rc = 0;

    for (op = 0; op < CHASE_BW_NOPS; op++)
        if (st->ops & (1u << op))
            total += st->nplan + st->nmem;
    total += st->npplan;
    for (op = 0; op < CHASE_BW_NOPS && !rc; op++) {
        if (!(st->ops & (1u << op)))
            continue;
        for (i = 0; i < st->nplan + st->nmem && !rc; i++) {
            struct chase_bw_point p;
            char a[48], b[32];
            int mem = i >= st->nplan;
            uint64_t bytes = mem ? st->mem[i - st->nplan] : st->plan[i];
            if (op == CHASE_BW_COPY && bytes < 4 * ALIGN)
                continue;
            snprintf(a, sizeof a, "%s %s", chase_bw_op_names[op], chase_size_format(bytes, b, sizeof b));
            chase_progress(s, "bandwidth", done++, total, a);
            rc = request(r, op, mem ? CHASE_BW_STREAM : st->place, CHASE_BW_GLOBAL, bytes, 0, 0, &p);
            if (!rc && push(st, &p))
                rc = CHASE_EXIT_FAIL;
            r->kept = st->npt;
        }
    }
    for (i = 0; i < st->npplan && !rc; i++) {
        struct chase_bw_point p;
        char a[48], b[32];
        snprintf(a, sizeof a, "read %s partitioned", chase_size_format(st->pplan[i], b, sizeof b));
        chase_progress(s, "bandwidth", done++, total, a);
        rc = request(r, CHASE_BW_READ, CHASE_BW_PARTITIONED, CHASE_BW_GLOBAL, st->pplan[i], 0, 0, &p);
        if (!rc && push(st, &p))
            rc = CHASE_EXIT_FAIL;
        r->kept = st->npt;
    }
    if (rc)
        return rc < 0 ? 0 : rc;
    st->flagged = chase_bw_flag_clock(st->pt, st->npt, &st->median_mhz);
    rc = levels(r);
    /* Shared memory: every multiprocessor reading its own at once. */
    if (!rc && (st->ops & 1u) && s->info.shared_bytes) {
        struct chase_bw_level *L = &st->lv[st->nlv];
        uint64_t bytes = s->info.shared_bytes < SHARED_BYTES ? s->info.shared_bytes / ALIGN * ALIGN : SHARED_BYTES;
        memset(L, 0, sizeof *L);
        snprintf(L->level, sizeof L->level, "shared");
        L->op = CHASE_BW_READ;
        L->target = CHASE_BW_SHARED;
        L->placement = CHASE_BW_REPLICATED;
        L->curve_gbs = L->gbs = L->bpc_sm = L->mhz = NAN;
        if (bytes) {
            chase_progress(s, "bandwidth", st->nlv, st->nlv + 1, "shared");
            rc = best(r, CHASE_BW_READ, CHASE_BW_REPLICATED, CHASE_BW_SHARED, bytes, L);
            if (!rc && !L->shapes)
                snprintf(L->note, sizeof L->note, "not measured: the backend took no launch shape");
        }
        chase_bw_set_peak(L, 0, 0, &st->pk);
        st->nlv++;
    }
    if (rc)
        return rc < 0 ? 0 : rc;
    for (i = 0; i < st->nlv; i++)
        if (st->lv[i].over_peak) {
            struct chase_bw_level *L = &st->lv[i];
            st->over++;
            if (L->peak > 0)
                snprintf(L->note, sizeof L->note, "defect: %.4g %s is above the %s's peak of %.4g", L->peak_bpc ?
                         L->bpc_sm : L->gbs, L->peak_bpc ? "B/clk/SM" : "GB/s", L->peak_from, L->peak);
            else
                snprintf(L->note, sizeof L->note, "defect: %.4g B/clk/SM is above the L1's architectural peak of "
                         "%.4g, which bounds every level", L->bpc_sm, st->pk.l1_bpc);
            fprintf(stderr, "chase: bandwidth: %s %s: %s\n", chase_bw_op_names[L->op], L->level, L->note);
        }
    return 0;
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct bw_state *st = r->state;
    chase_meta_num(res, "points", (double)st->npt);
    chase_meta_num(res, "level_rows", (double)st->nlv);
    if (st->median_mhz > 0)
        chase_meta_num(res, "clock_median_mhz", floor(st->median_mhz * 10 + 0.5) / 10);
    chase_meta_num(res, "clock_dropped", (double)st->flagged);
    chase_meta_num(res, "over_peak", (double)st->over);
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct bw_state *st = r->state;
    size_t i;

    if (chase_writer_table(w, &chase_bw_points_table))
        return -1;
    for (i = 0; i < st->npt; i++)
        if (chase_writer_put(w, &st->pt[i]))
            return -1;
    if (chase_writer_table(w, &chase_bw_levels_table))
        return -1;
    for (i = 0; i < st->nlv; i++)
        if (chase_writer_put(w, &st->lv[i]))
            return -1;
    return 0;
}

static void report(FILE *f, struct chase_run *r)
{
    const struct bw_state *st = r->state;
    chase_bw_report(f, st->lv, st->nlv, st->pt, st->npt, st->median_mhz);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct bw_state *st = r->state;
    if (!st->npt)
        return CHASE_PLOT_NOTHING;
    return chase_bw_plot(st->pt, st->npt, st->lv, st->nlv, &r->s.meta, r->o, out, err, len);
}

static void release(struct chase_run *r)
{
    struct bw_state *st = r->state;
    if (st) {
        free(st->pt);
        free(st->plan);
        free(st->pplan);
    }
}

/* Its data tables, in the order written (--table). */
static const char *const bandwidth_tables[] = {"points", "levels", NULL};

const struct chase_measurement chase_bandwidth_measurement = {
    .kind = "bandwidth",
    .summary = "read, write and copy bandwidth of every level, the whole device",
    .flags = CHASE_M_REPORT | CHASE_M_LEVELS_OPT,
    .state_size = sizeof(struct bw_state),
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_MEMORY | CHASE_G_RANGE | CHASE_G_FORMAT | CHASE_G_OUTPUT |
               CHASE_G_PLOT | CHASE_G_STYLE | CHASE_G_BANKS | CHASE_G_BW | CHASE_G_FROM,
    .tables = bandwidth_tables,
    .unit = "point",
    .check = check,
    .supported = supported,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_bw_markdown,
    .headline = chase_bw_headline,
};
