/* assoc_run.h: what chase assoc's run keeps, and the steps of one level,
 * shared by assoc_cmd.c (the levels of the sweep) and assoc_carve.c (the
 * first level again at a second carveout). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_ASSOC_RUN_H
#define CHASE_ASSOC_RUN_H

#include "assoc/assoc.h"
#include "core/measure.h"
#include "run/run.h"

/* What a run of assoc keeps between its hooks. */
struct assoc_state {
    struct chase_assoc_level ll[CHASE_MAX_LEVELS];
    size_t n, measured;
    uint64_t need, line, largest;
    uint64_t budget;            /* the most bytes a chain may span (N x S) */
    int line_from_sweep;        /* the line is the sweep file's stride (else the device's default) */
    size_t total, done;
    /* --also-carveout: the level measured there (its index in ll; 0 with
     * carve_how empty: none), and what its sweep found or why not. */
    size_t carve_k;
    int carve_main;             /* the first carveout (-1: the driver's default) */
    char carve_how[600];
};

/* Level lv's strides and caps, nothing measured yet (next: the level
 * after it, whose latency is a miss's): the line up to twice the largest
 * power of two in its capacity interval (the way is at most the capacity),
 * the cap cut where cap x stride would pass the budget (SHORT_CAP lines at
 * least, else the stride is left out).  0, or -1 where the largest chain's
 * bytes overflow. */
int assoc_plan_level(const struct chase_level *lv, const struct chase_level *next, uint64_t line, uint64_t budget,
                     struct chase_assoc_level *L);
/* The largest stride first: the knee only grows as the stride shrinks
 * (plain sets), so once a stride shows none below its cap, smaller ones
 * would not either; two largest without one end the level (none would).
 * 0 or an exit status. */
int assoc_measure_level(struct chase_run *r, struct chase_measure *m, struct chase_assoc_level *L);
/* L's eviction set (where strides gave no ways) and its policy, through the
 * backend's list chains; near[0 .. nnear): the levels in front, k: L's
 * place (its seed), driver: the driver's capacity of it (0: none).  0 or
 * an exit status. */
int assoc_evict_level(struct chase_run *r, struct chase_assoc_level *L, const struct chase_assoc_level *near,
                      size_t nnear, size_t k, uint64_t alloc, uint64_t driver);
/* The driver's capacity of the cache named name, as the device is open now
 * (0: it names none, as a GPU's driver names no L1). */
uint64_t assoc_driver_bytes(const struct chase_run *r, const char *name);
/* The list hook for assoc_evict.c (ctx: the run). */
int assoc_list_run(void *ctx, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm, unsigned laps,
                   unsigned samples, unsigned spread, double *cycles, unsigned *got,
                   uint64_t *walked);

/* assoc_carve.c: whether the device takes the second carveout (before
 * anything is measured; 0 or an exit status, said), and the first level
 * measured again there (0 or an exit status; what it could not do it says
 * in carve_how). */
int assoc_carveout_supported(struct chase_run *r);
int assoc_carveout(struct chase_run *r, struct chase_measure *m, uint64_t alloc);

#endif
