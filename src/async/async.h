/* async.h: chase async: copies from global memory into shared memory at
 * each level of the sweep: a copy's latency in a dependent chain (the next
 * address read from the landed shared word) and the best throughput over a
 * small search of launch shapes, against the plain path (a load into
 * registers, a store to shared memory) on the same chain.  The analysis
 * (what the samples mean, the best shape, the bound) is here,
 * vendor-neutral; the backends only time copies (chase_backend.h's async
 * hook). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_ASYNC_H
#define CHASE_ASYNC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "abi/chase_backend.h"
#include "core/options.h"
#include "io/output.h"

/* Copies a chain's sample: the clock reads' cost and the loop's are a
 * small part of a sample even at a copy of a few tens of cycles. */
#define CHASE_ASYNC_LINKS 256
/* The shapes searched: blocks a multiprocessor x copies a block keeps in
 * flight (a thread's, for the per-thread copies). */
#define CHASE_ASYNC_NBLOCKS 4
#define CHASE_ASYNC_NINFLIGHT 4
extern const unsigned chase_async_blocks[CHASE_ASYNC_NBLOCKS];
extern const unsigned chase_async_inflight[CHASE_ASYNC_NINFLIGHT];
#define CHASE_ASYNC_SHAPES (CHASE_ASYNC_NBLOCKS * CHASE_ASYNC_NINFLIGHT)

/* The copies and sizes a level's rows ask for, in order: the plain path
 * first (every other row is set beside it). */
struct chase_async_kind {
    int op;
    unsigned bytes;
};
#define CHASE_ASYNC_KINDS 16
extern const struct chase_async_kind chase_async_kinds[CHASE_ASYNC_KINDS];

/* One launch shape's figure. */
struct chase_async_shape {
    unsigned blocks_per_sm, inflight;
    unsigned blocks, threads, units;
    double gbs;                 /* median of the samples: bytes over ns (10^9 bytes a second) */
    double clock_mhz;
    int measured;               /* 0: the shape does not fit (its shared memory) */
};

/* One row: a level, a copy, its size. */
struct chase_async_row {
    char level[16];
    char op[16];
    unsigned bytes;             /* bytes a copy */
    char instr[48];             /* the instruction the backend timed */
    uint64_t working_set;       /* bytes the chain and the stream run over */
    uint64_t stride;            /* bytes between the chain's blocks */
    double latency, lat_p5, lat_p95;    /* cycles a copy in the chain: median, spread */
    double latency_ns;
    double plain;               /* the plain path's latency at this level (the same bytes, 16 past 16) */
    double vs_plain;            /* latency / plain */
    double gbs;                 /* the best shape's figure, GB/s (10^9 bytes a second) */
    unsigned blocks_per_sm, inflight, threads, blocks, units;   /* the best shape */
    uint64_t sm_bytes;          /* bytes in flight a multiprocessor in it: blocks x copies x bytes */
    unsigned shapes;            /* shapes measured */
    double peak;                /* GB/s no figure may pass at this level (NAN: none known) */
    char peak_from[96];
    double fraction;            /* gbs / peak */
    int over_peak;
    double clock_mhz;           /* the clock over the latency samples (NAN: unknown) */
    char note[320];
};

/* Median and 5th/95th percentiles of n values (copied). */
void chase_async_summarize(const double *v, unsigned n, double *med, double *p5, double *p95);
/* A row's latency figures from the chain's samples.  -1 with no sample. */
int chase_async_latency(const struct chase_async_samples *s, struct chase_async_row *row);
/* A shape's GB/s: the median over the samples of bytes / ns.  NAN without one. */
double chase_async_gbs(const struct chase_async_samples *s);
/* The best of n shapes (the largest figure among the measured), or -1. */
int chase_async_best(const struct chase_async_shape *sh, size_t n);
/* The bound at a level, GB/s: memory (is_memory) the driver's memory peak
 * (clock x 2 x bus bits / 8), else the architecture's L1 bytes a clock,
 * else the backend's shared-memory bound (bytes a clock), times the
 * multiprocessors and the clock (MHz).  NAN where nothing is known; from
 * says which. */
double chase_async_peak(int is_memory, double mem_clock_mhz, double bus_bits, double l1_bpc, double shared_bpc,
                        unsigned units, double mhz, char *from, size_t len);

extern const struct chase_table chase_async_table;
int chase_async_write_row(struct chase_writer *w, const struct chase_async_row *r);
void chase_async_report(FILE *f, const struct chase_async_row *rows, size_t n);
/* Latency against bytes a copy, one curve a copy and level (async_plot.c). */
int chase_async_plot(const struct chase_async_row *rows, size_t n, const struct chase_meta *meta,
                     const struct chase_opts *o, const char *out, char *err, size_t len);

struct chase_doc;
void chase_async_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_async_headline(FILE *f, const struct chase_doc *d);

struct chase_measurement;
extern const struct chase_measurement chase_async_measurement;

#endif
