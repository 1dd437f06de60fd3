/* levels_meta.h: levels named with the driver's caches a curve's metadata lists. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_LEVELS_META_H
#define CHASE_LEVELS_META_H

#include <stddef.h>
#include <stdint.h>

#include "curve.h"

/* Names lv by size against the 'driver.cache.NAME: BYTES' metadata;
 * swept_max is the largest working set the curve reached. */
void chase_levels_name_from_meta(struct chase_level *lv, size_t nlv, const struct chase_meta *m,
                                 uint64_t swept_max);
/* (levels.c) sizes to measure next at the bends; 0 when none. */
size_t chase_levels_refine(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                           uint64_t align, double octaves, uint64_t *sizes, size_t max);

#endif
