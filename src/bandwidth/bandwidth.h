/* bandwidth.h: chase bandwidth: what every level delivers to the whole
 * device, read, write and copy, against the working set; the levels found
 * on that curve with the sweep's finder; each level's best figure over a
 * launch-shape search, beside its peak where one is known.  The analysis
 * is here, vendor-neutral; the backends only move bytes and time them
 * (chase_backend.h's bandwidth hook). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_BANDWIDTH_H
#define CHASE_BANDWIDTH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "abi/chase_backend.h"
#include "core/curve.h"
#include "core/options.h"
#include "io/output.h"

/* The operations, as enum chase_bw_op indexes them, and a set of them
 * (chase_opts.bw_ops: a bit each; 0: all three). */
#define CHASE_BW_NOPS 3
extern const char *const chase_bw_op_names[CHASE_BW_NOPS];
extern const char *const chase_bw_place_names[3];

/* A point whose clock ran this much below the run's median clock is
 * flagged (clock_drop): its GB/s is not the level's, whatever its bytes a
 * clock say. */
#define CHASE_BW_CLOCK_DROP 0.05
/* Memory figures only from working sets of at least this many times the
 * last cache: an array that still partly fits in the L2 passes for memory. */
#define CHASE_BW_MEM_FACTOR 4

/* One point of the curve: the median of its samples. */
struct chase_bw_point {
    int op;                     /* enum chase_bw_op */
    int placement;              /* enum chase_bw_place */
    int target;                 /* enum chase_bw_target */
    uint64_t bytes;             /* the working set */
    unsigned width, blocks, threads, units;
    double gbs;                 /* 10^9 bytes a second: the median of bytes / ns */
    double gbs_p5, gbs_p95;     /* the samples' spread */
    double bpc_sm;              /* bytes a clock a multiprocessor: bytes / cycles / units (NAN: no clock) */
    double mhz;                 /* the clock during the run: cycles / ns x 1000 (NAN: no clock) */
    unsigned samples;
    int clock_drop;             /* mhz below the run's median by CHASE_BW_CLOCK_DROP or more */
};

/* The point from a request's samples (medians; the shape the backend
 * says it used).  0, or -1 when no sample moved a byte in a positive time. */
int chase_bw_point_from(const struct chase_bw_samples *s, int op, int placement, int target, uint64_t bytes,
                        unsigned width, struct chase_bw_point *p);

/* Flags the points whose clock ran CHASE_BW_CLOCK_DROP below the median
 * of their clocks; returns how many, *median the median (NAN: no clock). */
size_t chase_bw_flag_clock(struct chase_bw_point *p, size_t n, double *median);

/* The curve the level finder reads (the sweep's, src/levels): a bandwidth
 * curve steps down where a latency curve steps up, so each point becomes
 * its inverse, clocks a byte a multiprocessor (1 / bpc_sm; ns a byte where
 * no clock is known), with the samples' spread inverted too.  Only the
 * points of op and placement, and the streamed ones (the memory points
 * past the placement's curve), in order of size; flagged points are left
 * out (their figure is the clock's, not the level's).  meta (the driver's
 * caches name the levels) is copied.  0, or -1 out of memory. */
int chase_bw_curve(const struct chase_bw_point *p, size_t n, int op, int placement, const struct chase_meta *meta,
                   struct chase_curve *c);

/* The peaks the figures are set beside, from the driver's metadata:
 * memory: driver.memory_clock_mhz x 2 (double data rate) x
 * driver.memory_bus_bits / 8 (the driver's figure); the first level and
 * shared memory: driver.arch_l1_bytes_per_clock (the architecture's
 * figure, bytes a clock a multiprocessor).  NAN where not known: none is
 * invented. */
struct chase_bw_peaks {
    double mem_gbs;
    double l1_bpc;
    double link_gbs;            /* the link to a remote memory, each way (driver.link_peak_gbs) */
    int remote;                 /* the run reads a peer's or the host's memory: memory's peak is the link's */
};
void chase_bw_peaks_from(const struct chase_meta *meta, struct chase_bw_peaks *pk);

/* One row of the levels table: a level's best figure for an operation. */
struct chase_bw_level {
    char level[32];
    int op, placement, target;
    uint64_t first, last;       /* the plateau on the curve (0, 0: shared memory) */
    double curve_gbs;           /* the plateau's median on the curve (NAN: none) */
    uint64_t bytes;             /* the working set of the best figure */
    unsigned width, blocks, threads, units;
    double gbs, bpc_sm, mhz;    /* the best figure over the shapes tried, and its clock */
    unsigned shapes;            /* shapes tried */
    double peak;                /* GB/s (memory) or B/clk/SM (L1, shared); NAN: none known */
    int peak_bpc;               /* the peak is bytes a clock a multiprocessor, not GB/s */
    char peak_from[16];         /* "driver", "architecture", "link" (a remote memory's), "" */
    double fraction;            /* the figure over its peak (NAN: no peak) */
    int over_peak;              /* the figure is above its peak: a defect */
    char note[160];
};

/* Sets the row's peak, fraction and over_peak: memory (is_memory) takes
 * the memory peak, the first level (is_first) and shared memory the
 * first level's; others none, but one above the first level's peak in
 * bytes a clock a multiprocessor is over_peak all the same (every access
 * passes the L1's path). */
void chase_bw_set_peak(struct chase_bw_level *L, int is_first, int is_memory, const struct chase_bw_peaks *pk);

/* The working set a level's shapes are tried at: the plateau's middle in
 * log size; memory's at least CHASE_BW_MEM_FACTOR x last_cache (capped
 * at max; 0 when the cap is below that: no memory figure).  On align. */
uint64_t chase_bw_level_bytes(uint64_t first, uint64_t last, int is_memory, uint64_t last_cache, uint64_t max,
                              uint64_t align);

/* The launch shapes tried at each level (blocks a multiprocessor x
 * threads a block); the backend's default (0, 0) first. */
#define CHASE_BW_NSHAPES 7
extern const unsigned chase_bw_shapes[CHASE_BW_NSHAPES][2];

/* The data file's tables. */
extern const struct chase_table chase_bw_points_table;
extern const struct chase_table chase_bw_levels_table;

/* The report at a terminal: the levels' figures, then the flagged points. */
void chase_bw_report(FILE *f, const struct chase_bw_level *lv, size_t nlv, const struct chase_bw_point *pt,
                     size_t npt, double median_mhz);

/* Bandwidth against working set, a curve an operation (bandwidth_plot.c). */
int chase_bw_plot(const struct chase_bw_point *pt, size_t npt, const struct chase_bw_level *lv, size_t nlv,
                  const struct chase_meta *meta, const struct chase_opts *o, const char *out, char *err, size_t len);

struct chase_doc;
void chase_bw_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_bw_headline(FILE *f, const struct chase_doc *d);
struct chase_measurement;
extern const struct chase_measurement chase_bandwidth_measurement;

/* chase plot of bandwidth files (o->args): every file's curves on one
 * canvas, an operation and placement a file, to o->output.  Returns 0 or
 * an exit status, having said why. */
struct chase_opts;
int chase_bw_plot_files(const struct chase_opts *o);

#endif
