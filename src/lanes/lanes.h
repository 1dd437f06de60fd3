/* lanes.h: chase lanes: the latency and issue cost of each cross-lane
 * operation of one warp (shuffles, votes, DPP, ds_swizzle, ...) and of
 * the same exchange through shared memory.  The analysis (what the
 * samples mean) is here, vendor-neutral; the backends only time chains
 * of operations (chase_backend.h's lanes hook). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_LANES_H
#define CHASE_LANES_H

#include <stddef.h>
#include <stdio.h>

#include "abi/chase_backend.h"
#include "core/options.h"
#include "io/output.h"

/* Operations a chain a sample: enough that the clock reads, the loop and
 * the last result's wait are a few percent of a sample at most. */
#define CHASE_LANES_OPS 1024
/* Operations a sample over every issue chain together. */
#define CHASE_LANES_ISSUE_OPS 4096
/* The issue figure's two chain counts: taken at the larger, the smaller
 * beside it; settled when the latency over the chains lies at least
 * CHASE_LANES_SETTLE_REL below the figure (Little's law: the chains
 * cover the latency, so the figure is the issue cost). */
#define CHASE_LANES_CHAINS_LO 8
#define CHASE_LANES_CHAINS_HI 32
#define CHASE_LANES_SETTLE_REL 0.05

/* One row: an operation at one width. */
struct chase_lanes_row {
    char op[16];
    unsigned width;             /* bits a lane moves */
    char instr[48];             /* the instruction the backend timed (and the tests find in its code) */
    unsigned instrs;            /* warp instructions an operation */
    double latency, lat_p5, lat_p95;    /* cycles an operation in one dependent chain: median, spread */
    double latency_ns;          /* the median at the clock measured */
    double issue, iss_p5, iss_p95;      /* cycles an operation over CHASE_LANES_CHAINS_HI independent chains */
    double issue_instr;         /* issue / instrs: cycles a warp instruction */
    double issue_lo;            /* the same at CHASE_LANES_CHAINS_LO chains */
    unsigned chains;            /* the chains issue was taken at (the backend's) */
    int settled;
    double clock_mhz;           /* the clock over the latency samples (NAN: unknown) */
    char note[240];             /* why the row was not measured, an unsettled figure, a bound passed, or "" */
};

/* The row's figures from the latency samples and the issue samples at the
 * two chain counts (lo may have n 0: no settling check).  Returns 0, or -1
 * when a set holds no sample. */
int chase_lanes_analyse(const struct chase_lanes_samples *lat, const struct chase_lanes_samples *lo,
                        const struct chase_lanes_samples *hi, struct chase_lanes_row *row);

/* The widths an operation is asked at (32, and 64 where it has a 64-bit
 * form: the shuffles, match, the shared-memory exchange). */
int chase_lanes_has_64(int op);

extern const struct chase_table chase_lanes_table;
int chase_lanes_write_row(struct chase_writer *w, const struct chase_lanes_row *r);
void chase_lanes_report(FILE *f, const struct chase_lanes_row *rows, size_t n);
/* Latency and issue cycles per operation, bars (lanes_plot.c). */
int chase_lanes_plot(const struct chase_lanes_row *rows, size_t n, const struct chase_meta *meta,
                     const struct chase_opts *o, const char *out, char *err, size_t len);

struct chase_doc;
/* Its section of report.md and its line in the summary (lanes_out.c; the
 * descriptor's markdown and headline hooks). */
void chase_lanes_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_lanes_headline(FILE *f, const struct chase_doc *d);

struct chase_measurement;
extern const struct chase_measurement chase_lanes_measurement;

#endif
