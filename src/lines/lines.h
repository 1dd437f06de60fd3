/* lines.h: a cache level's granularity: the bytes a miss fetches (its
 * sector, or its line) and the bytes it allocates (its line) (chase lines). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_LINES_H
#define CHASE_LINES_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "core/curve.h"
#include "core/options.h"
#include "io/output.h"

#define CHASE_LINES_MAX_SUBS 8
#define CHASE_LINES_MAX_STRIDES 10

/* One level's probes and what they say. */
struct chase_lines_level {
    char name[16];
    uint64_t lo, hi;            /* its capacity interval, from the sweep */
    double h, m;                /* its latency and the next level's, from the sweep (cycles) */
    /* Fetch: SPREAD and LATE chains over `blocks` blocks of `block` bytes,
     * the first load of each missing this level, the second at +sub. */
    uint64_t blocks, block;
    uint64_t sub[CHASE_LINES_MAX_SUBS];
    double pair[CHASE_LINES_MAX_SUBS], late[CHASE_LINES_MAX_SUBS];
    size_t nsub;
    /* Where the level's capacity ends, as this probe sees it: PAGE chains
     * of one 8-byte load a block of the sweep's stride (a line), over
     * working sets around the sweep's capacity interval. */
    uint64_t scan_stride;
    uint64_t scan_bytes[CHASE_LINES_MAX_STRIDES];
    double scan[CHASE_LINES_MAX_STRIDES];
    size_t nscan;
    /* Allocation: PAGE chains of one 8-byte load a block of `stride`
     * bytes, over the smallest scanned working set that misses (half of
     * it inside the level). */
    uint64_t beyond_bytes;
    uint64_t stride[CHASE_LINES_MAX_STRIDES];
    double beyond[CHASE_LINES_MAX_STRIDES];
    size_t nstride;
    /* What they say; 0: not resolved (the how says why). */
    uint64_t fetch;             /* the smallest sub whose second load misses at once */
    uint64_t late_fetch;        /* ... that still misses a group of blocks later */
    int late_all;               /* a group later every sub hit: the rest came (a prefetcher) */
    uint64_t alloc;             /* the largest stride that still misses past the capacity */
    uint64_t line, sector;      /* the verdict: the line, and its sector where a miss fills less */
    char fetch_how[200], alloc_how[200], verdict[240];
    uint64_t os_line;           /* the OS's line for this level (sysfs), 0: none known */
    char os_note[200];          /* where the measured line differs from the OS's: why */
};

/* The working set for the allocation probe: the smallest scanned one that
 * misses (more than half way from the level's latency to the next's),
 * every larger one missing too; 0 when none does. */
uint64_t chase_lines_beyond(const struct chase_lines_level *L);
/* Reads the probes into fetch, late_fetch, alloc, line and sector. */
void chase_lines_analyze(struct chase_lines_level *L);
/* Sets the OS's line for L (0: none) and, where the verdict's line differs
 * from it, os_note: why. */
void chase_lines_against_os(struct chase_lines_level *L, uint64_t os_line);

extern const struct chase_table chase_lines_pairs_table;
extern const struct chase_table chase_lines_strides_table;
extern const struct chase_table chase_lines_scan_table;
extern const struct chase_table chase_lines_table;
/* chase lines */
/* lines_out.c: the tables (measured: the levels probed), the results and
 * the report for a person (meta: the run's metadata). */
int chase_lines_write(struct chase_writer *w, const struct chase_lines_level *lv, size_t n, size_t measured);
void chase_lines_results(struct chase_meta *r, const struct chase_lines_level *lv, size_t n);
void chase_lines_report(FILE *f, const struct chase_meta *meta, const struct chase_lines_level *lv, size_t n);
/* lines_plot.c: --plot: the pairs against sub, the strides past the capacity. */
int chase_lines_plot(const struct chase_lines_level *lv, size_t n, const struct chase_meta *meta, const char *title,
                     const char *script, const char *out, char *err, size_t len);

struct chase_doc;
/* Its section of report.md (lines_out.c; the descriptor's markdown hook). */
void chase_lines_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_lines_headline(FILE *f, const struct chase_doc *d);
struct chase_measurement;
extern const struct chase_measurement chase_lines_measurement;

#endif
