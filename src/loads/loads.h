/* loads.h: chase loads: load latency and issue cost per memory level and
 * access width, the table a kernel writer software-pipelines a loop by.
 * The analysis (what a burst's times mean) is here, vendor-neutral; the
 * backends only time bursts (chase_backend.h's loads and shared hooks). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_LOADS_H
#define CHASE_LOADS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "abi/chase_backend.h"
#include "core/curve.h"
#include "core/options.h"
#include "io/output.h"

/* The burst sizes N measured, smallest first (the seed's 11 among them). */
#define CHASE_LOADS_NS 8
extern const unsigned chase_loads_n[CHASE_LOADS_NS];

/* The issue figure has settled at an N when every larger N's figure lies
 * within CHASE_LOADS_SETTLE_REL of it, or CHASE_LOADS_SETTLE_ABS cycles. */
#define CHASE_LOADS_SETTLE_REL 0.05
#define CHASE_LOADS_SETTLE_ABS 0.5

/* The block measurement's default: warps of a full block, each with this
 * many loads in flight a round (fewer where the level holds too few blocks). */
#define CHASE_LOADS_BLOCK_BURST 4

/* The issue cost from the bursts' times T(N): issue[k] = (T(N_k) - T(1)) /
 * (N_k - 1) and the marginal slope between neighbouring N, both NAN where
 * unknown; used is the smallest k from which the figure has settled (every
 * later one within tolerance of it), or the last measured one, unsettled. */
struct chase_loads_settle {
    double issue[CHASE_LOADS_NS];
    double slope[CHASE_LOADS_NS];
    size_t used;
    int settled;
    double value;       /* issue[used] */
};

/* n[0] must be 1 (the latency); t[k] NAN where not measured.  Returns 0,
 * or -1 when T(1) or every T(N > 1) is unknown. */
int chase_loads_settle(const unsigned *n, const double *t, size_t k, double rel, double abs_cycles,
                       struct chase_loads_settle *out);

/* Where a row measures: the working set and what it holds. */
struct chase_loads_plan {
    uint64_t bytes;     /* the working set */
    uint64_t block;     /* bytes a block: lanes x lane_stride, a power of two, at least 8 */
    size_t nbursts;     /* chase_loads_n[0 .. nbursts) fit (N distinct blocks each) */
    unsigned warps;     /* the block measurement's warps (0: none fits) */
    unsigned burst;     /* and each one's loads a round */
};

/* bytes a block for lanes at lane_stride (0 on overflow). */
uint64_t chase_loads_block_bytes(unsigned lanes, uint64_t lane_stride);

/* The working set for a level whose plateau runs from first to last bytes
 * (cap: the largest the level and the allocation allow): the plateau's
 * middle, raised to hold 32 blocks and warps x burst blocks where the cap
 * allows, else the cap with fewer loads in flight.  warps 0: no block
 * measurement.  Returns 0, or -1 (why says) when not even one block fits
 * on the plateau. */
int chase_loads_plan_row(uint64_t first, uint64_t last, uint64_t cap, uint64_t block, unsigned warps,
                         unsigned burst, struct chase_loads_plan *p, char *why, size_t len);

/* One row of the table: a level, an access width, the lanes that load. */
/* T(1) is the figure set beside the sweep's, and where single loads
 * spread widely (the H100's DRAM: 540 to 830 cycles) one launch's samples
 * leave its median and mean uncertain by several percent: it is taken over
 * this many launches of the loads hook, pooled (the cursors move on between
 * launches, so every sample reads other blocks). */
#define CHASE_LOADS_T1_LAUNCHES 8

struct chase_loads_row {
    char level[16];
    int shared;                 /* shared memory (the shared hook) rather than global loads */
    uint64_t bytes;             /* the working set (shared: the bytes the warp reads) */
    unsigned width, lanes;
    uint64_t lane_stride, block;
    double latency;             /* cycles: T(1) */
    double latency_ns;
    double latency_mean;        /* cycles: T(1)'s mean over its samples, the statistic a sweep's chain
                                 * averages to (a level whose single loads spread widely, DRAM's, has
                                 * a median apart from its mean) */
    double issue;               /* cycles a further independent load adds */
    unsigned n;                 /* the N the issue figure was taken at */
    int settled;
    double bpc_warp;            /* lanes x width / issue */
    unsigned warps, burst;      /* the block measurement */
    double sm_cycles;           /* the multiprocessor's cycles per warp load */
    double bpc_sm;              /* lanes x width / sm_cycles */
    double sweep;               /* the level's latency on the sweep's curve (NAN: none) */
    double t[CHASE_LOADS_NS], p5[CHASE_LOADS_NS], p95[CHASE_LOADS_NS];  /* T(N): median and spread */
    struct chase_loads_settle fit;
    char measured[40];          /* the N whose T(N) was measured, "1 2 4 8 16": the points every figure comes from */
    char note[320];             /* why (part of) the row was not measured, a figure past its bound, or "" */
};

/* Measures one global-memory row through ops->loads (plan from
 * chase_loads_plan_row): T(N) for every N that fits, the issue figure, and
 * the block measurement.  Returns a chase_status (err says why);
 * CHASE_EINTR when *stop was set. */
int chase_loads_measure(const struct chase_backend *ops, void *dev, const struct chase_loads_plan *plan,
                        unsigned width, unsigned lanes, uint64_t lane_stride, uint64_t seed,
                        const volatile sig_atomic_t *stop, struct chase_loads_row *row, char *err, size_t len);
/* The same for shared memory through ops->shared: conflict-free offsets
 * (lane x width), BURST for T(N), BLOCK with `warps` warps of `burst`. */
int chase_loads_measure_shared(const struct chase_backend *ops, void *dev, unsigned width, unsigned lanes,
                               unsigned warps, unsigned burst, const volatile sig_atomic_t *stop,
                               struct chase_loads_row *row, char *err, size_t len);

/* The data file's tables: one row a (level, width, lanes), and T(N) for
 * each burst of each row. */
extern const struct chase_table chase_loads_table;
extern const struct chase_table chase_loads_conv_table;
int chase_loads_write_row(struct chase_writer *w, const struct chase_loads_row *r);
int chase_loads_write_conv(struct chase_writer *w, const struct chase_loads_row *rows, size_t n);

/* The report at a terminal: the seed's table, then the issue figure by N. */
void chase_loads_report(FILE *f, const struct chase_loads_row *rows, size_t n);

/* Latency and issue cost per level, grouped by width (loads_plot.c). */
int chase_loads_plot(const struct chase_loads_row *rows, size_t n, const struct chase_meta *meta,
                     const struct chase_opts *o, const char *out, char *err, size_t len);

struct chase_doc;
/* Its section of report.md (loads_out.c; the descriptor's markdown hook). */
void chase_loads_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_loads_headline(FILE *f, const struct chase_doc *d);
/* chase loads (loads_cmd.c). */
struct chase_measurement;
extern const struct chase_measurement chase_loads_measurement;

#endif
