/* bandwidth.c: chase bandwidth's analysis: a point from its samples, the
 * clock check, the curve the level finder reads, the peaks and the working
 * set a level's shapes are tried at.  Pure functions, tested on the sim. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bandwidth/bandwidth.h"
#include "core/stats.h"
#include "levels/plateau.h"

const char *const chase_bw_op_names[CHASE_BW_NOPS] = {"read", "write", "copy"};
const char *const chase_bw_place_names[3] = {"stream", "replicated", "partitioned"};

/* The backend's default first; then full and partial occupancy of a
 * multiprocessor of 2048 threads, in blocks of 256 to 1024 (a backend
 * refuses a shape its device cannot hold, and a fixed-shape backend every
 * one but its own). */
const unsigned chase_bw_shapes[CHASE_BW_NSHAPES][2] = {
    {0, 0}, {1, 512}, {2, 512}, {4, 256}, {2, 1024}, {4, 512}, {8, 256},
};

int chase_bw_point_from(const struct chase_bw_samples *s, int op, int placement, int target, uint64_t bytes,
                        unsigned width, struct chase_bw_point *p)
{
    double g[CHASE_MAX_SAMPLES], b[CHASE_MAX_SAMPLES], m[CHASE_MAX_SAMPLES];
    size_t n = 0, nc = 0;
    unsigned k;

    memset(p, 0, sizeof *p);
    p->op = op;
    p->placement = placement;
    p->target = target;
    p->bytes = bytes;
    p->width = width;
    p->blocks = s->blocks_per_sm;
    p->threads = s->threads;
    p->units = s->units ? s->units : 1;
    for (k = 0; k < s->n && k < CHASE_MAX_SAMPLES; k++) {
        if (!(s->bytes[k] > 0) || !(s->ns[k] > 0) || !isfinite(s->bytes[k]) || !isfinite(s->ns[k]))
            continue;
        g[n++] = s->bytes[k] / s->ns[k];
        if (s->cycles[k] > 0 && isfinite(s->cycles[k])) {
            b[nc] = s->bytes[k] / s->cycles[k] / p->units;
            m[nc++] = s->cycles[k] / s->ns[k] * 1000;
        }
    }
    p->samples = (unsigned)n;
    if (!n) {
        p->gbs = p->gbs_p5 = p->gbs_p95 = p->bpc_sm = p->mhz = NAN;
        return -1;
    }
    p->gbs = chase_median(g, n);
    p->gbs_p5 = chase_quantile(g, n, 0.05);
    p->gbs_p95 = chase_quantile(g, n, 0.95);
    /* Only where every sample had a clock: a figure of some samples
     * would not be the point's. */
    p->bpc_sm = nc == n ? chase_median(b, nc) : NAN;
    p->mhz = nc == n ? chase_median(m, nc) : NAN;
    return 0;
}

size_t chase_bw_flag_clock(struct chase_bw_point *p, size_t n, double *median)
{
    double *v = malloc((n ? n : 1) * sizeof *v), med;
    size_t i, k = 0, flagged = 0;

    *median = NAN;
    if (!v)
        return 0;
    for (i = 0; i < n; i++)
        if (p[i].mhz > 0)
            v[k++] = p[i].mhz;
    med = k ? chase_median(v, k) : NAN;
    free(v);
    *median = med;
    for (i = 0; i < n; i++) {
        p[i].clock_drop = p[i].mhz > 0 && med > 0 && p[i].mhz < med * (1 - CHASE_BW_CLOCK_DROP);
        flagged += (size_t)p[i].clock_drop;
    }
    return flagged;
}

int chase_bw_curve(const struct chase_bw_point *p, size_t n, int op, int placement, const struct chase_meta *meta,
                   struct chase_curve *c)
{
    size_t i;
    int clock = 1;

    chase_curve_free(c);
    if (meta && chase_meta_copy(&c->meta, meta))
        return -1;
    for (i = 0; i < n; i++)
        if (p[i].op == op && (p[i].placement == placement || p[i].placement == CHASE_BW_STREAM) && p[i].target == CHASE_BW_GLOBAL && !(p[i].bpc_sm > 0))
            clock = 0;
    /* The placement's points, then the streamed ones (larger than any of
     * them: the placement's curve ends at twice the last cache, the
     * streamed sets begin at four times it), each in the order measured
     * (of size): a partitioned curve measured after the streamed points
     * would otherwise follow them. */
    for (i = 0; i < 2 * n; i++) {
        struct chase_row r;
        const struct chase_bw_point *q = &p[i % n];
        double v, per;
        if (q->op != op || q->placement != (i < n ? placement : CHASE_BW_STREAM) ||
            (i >= n && placement == CHASE_BW_STREAM) || q->target != CHASE_BW_GLOBAL || q->clock_drop ||
            !(q->gbs > 0))
            continue;
        /* The figure's inverse; the spread scales with it (one sample's
         * bytes a clock is its GB/s over its clock, the same ratio). */
        v = clock ? 1 / q->bpc_sm : 1 / q->gbs;
        per = v * q->gbs;
        memset(&r, 0, sizeof r);
        r.bytes = q->bytes;
        r.cycles = v;
        r.p5 = q->gbs_p95 > 0 ? per / q->gbs_p95 : v;
        r.p95 = q->gbs_p5 > 0 ? per / q->gbs_p5 : v;
        r.ns = 1 / q->gbs;
        r.samples = q->samples;
        if (chase_curve_push(c, &r))
            return -1;
    }
    return 0;
}

void chase_bw_peaks_from(const struct chase_meta *meta, struct chase_bw_peaks *pk)
{
    double clk, bits, l1, link;

    pk->mem_gbs = pk->l1_bpc = pk->link_gbs = NAN;
    pk->remote = 0;
    if (!chase_meta_get_num(meta, "driver.link_peak_gbs", &link) && link > 0)
        pk->link_gbs = link;
    if (!chase_meta_get_num(meta, "driver.memory_clock_mhz", &clk) &&
        !chase_meta_get_num(meta, "driver.memory_bus_bits", &bits) && clk > 0 && bits > 0)
        pk->mem_gbs = clk * 1e6 * 2 * bits / 8 / 1e9;
    if (!chase_meta_get_num(meta, "driver.arch_l1_bytes_per_clock", &l1) && l1 > 0)
        pk->l1_bpc = l1;
}

void chase_bw_set_peak(struct chase_bw_level *L, int is_first, int is_memory, const struct chase_bw_peaks *pk)
{
    double fig;

    L->peak = NAN;
    L->peak_bpc = 0;
    L->peak_from[0] = 0;
    L->fraction = NAN;
    L->over_peak = 0;
    if (is_memory && L->target == CHASE_BW_GLOBAL && pk->remote) {
        /* A peer's or the host's memory: the device's own memory peak is
         * no bound of it; the link's is, where the driver names it.  A
         * link carries each way at once, and a copy counts the bytes read
         * (one way) and written (the other): twice the link's each way. */
        if (pk->link_gbs > 0) {
            L->peak = pk->link_gbs * (L->op == CHASE_BW_COPY ? 2 : 1);
            snprintf(L->peak_from, sizeof L->peak_from, "link");
        }
    } else if (is_memory && L->target == CHASE_BW_GLOBAL && pk->mem_gbs > 0) {
        L->peak = pk->mem_gbs;
        snprintf(L->peak_from, sizeof L->peak_from, "driver");
    } else if ((is_first || L->target == CHASE_BW_SHARED) && pk->l1_bpc > 0) {
        L->peak = pk->l1_bpc;
        L->peak_bpc = 1;
        snprintf(L->peak_from, sizeof L->peak_from, "architecture");
    }
    if (!(L->peak > 0)) {
        /* Every load and store passes the multiprocessor's L1 path: no
         * level further out delivers more bytes a clock than its peak. */
        L->over_peak = (!is_memory || pk->remote) && pk->l1_bpc > 0 && L->bpc_sm > pk->l1_bpc;
        return;
    }
    fig = L->peak_bpc ? L->bpc_sm : L->gbs;
    if (!(fig > 0))
        return;
    L->fraction = fig / L->peak;
    L->over_peak = fig > L->peak;
}

uint64_t chase_bw_level_bytes(uint64_t first, uint64_t last, int is_memory, uint64_t last_cache, uint64_t max,
                              uint64_t align)
{
    uint64_t b, floor_mem = 0;

    if (!align)
        align = 1;
    if (is_memory && last_cache) {
        if (last_cache > UINT64_MAX / CHASE_BW_MEM_FACTOR)
            return 0;
        floor_mem = last_cache * CHASE_BW_MEM_FACTOR;
        if (floor_mem > max)
            return 0;
        /* Memory's figure is best read from the largest array: the
         * further past the caches, the less they serve. */
        return max / align * align;
    }
    if (first > last)
        first = last;
    b = chase_plateau_middle_of(first, last, align);
    return b > max ? max / align * align : b;
}
