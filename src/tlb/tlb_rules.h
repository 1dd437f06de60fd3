/* tlb_rules.h: the thresholds and the one helper that tlb.c (levels,
 * probes, the climb) and tlb_revisit.c (the miss cost, the page from
 * above) share; not part of the interface. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_TLB_RULES_H
#define CHASE_TLB_RULES_H

#include <stdint.h>

#include "core/curve.h"
#include "tlb/tlb.h"

#define TWIN_HALF 0.75      /* a TLB's step on the twin is half its step on the curve; above this share, merged */
#define TWIN_LOW 0.25       /* ... and below this share, the twin hardly shares the curve's rise */
#define PRECISION 0.005     /* a point's median is good to about this (the settle rule) */
#define WALK_GRID 64        /* reaches tried across a step's interval, evenly in log */
#define WALK_APART 1.5      /* one model fits better where its rms is this many times smaller */

/* A new step's span: lo and hi (bytes), in blocks and entries of stride
 * (entries until the page is known); the probes' figures not yet
 * measured (NAN). */
void chase_tlb_span(struct chase_tlb_level *L, uint64_t lo, uint64_t hi, uint64_t stride);

/* The median latency over the half octave up to bytes lo (the plateau
 * just before an edge), or dflt where no row lies there. */
double chase_tlb_before_edge(const struct chase_curve *c, uint64_t lo, double dflt);

#endif
