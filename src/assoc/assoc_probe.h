/* assoc_probe.h: the list chains of chase assoc's eviction sets and policy
 * sequences (assoc_probe.c), shared by assoc_evict.c and assoc_policy.c. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_ASSOC_PROBE_H
#define CHASE_ASSOC_PROBE_H

#include <stdint.h>

#include "assoc/assoc.h"

/* A sequence's laps (whole laps timed: the policy's, and the other reads
 * of a few lines of one set): warm laps, laps a sample, samples. */
#define SEQ_WARM 4
#define SEQ_LAPS 8
#define SEQ_SAMPLES 9

/* One list chain, its samples' cycles a timed access in v[0 .. *got-1],
 * within the prober's budget: 0, an exit status, or -1 where the budget
 * (loads or seconds) is spent. */
int assoc_run_raw(struct chase_assoc_prober *p, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm,
                  unsigned laps, unsigned samples, unsigned spread, double *v, unsigned *got);
/* One list chain: the median cycles a timed access and its standard error
 * (from the samples' spread).  0, an exit status or -1 (the budget). */
int assoc_run_list(struct chase_assoc_prober *p, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm,
                   unsigned laps, unsigned samples, unsigned spread, double *median, double *se);
/* Misses a lap of the chain off[0 .. n-1] of level L, timed whole (SEQ_
 * laps), and their error; p->last: its cycles a load.  0, an exit status
 * or -1 (the budget). */
int assoc_lap_misses(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *off, uint32_t n,
                     double *misses, double *se);

#endif
