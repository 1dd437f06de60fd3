/* levels.h: finding cache levels (plateaus) on a latency curve. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_LEVELS_H
#define CHASE_LEVELS_H

#include "curve.h"

/* Fits plateaus to the curve's median latencies over log(size) and names
 * them L1, L2, ... and memory.  Returns how many were found (0 for a curve
 * too short to say), at most max. */
size_t chase_levels_find(const struct chase_curve *c, struct chase_level *lv, size_t max);

#endif
