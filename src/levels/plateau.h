/* plateau.h: where on a level's plateau a measurement puts its working set
 * (chase sms, chase loads). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_PLATEAU_H
#define CHASE_PLATEAU_H

#include <stdint.h>

#include "core/curve.h"

/* The smallest working set on the level's plateau. */
uint64_t chase_plateau_first(const struct chase_curve *c, const struct chase_level *L);
/* The largest: the level's capacity (lo), or for the last level the
 * largest size the curve reached. */
uint64_t chase_plateau_last(const struct chase_curve *c, const struct chase_level *L);
/* The geometric middle of [a, b], rounded down to a multiple of align (at
 * least align). */
uint64_t chase_plateau_middle_of(uint64_t a, uint64_t b, uint64_t align);
/* The middle of a level's plateau, in log size, on align. */
uint64_t chase_plateau_middle(const struct chase_curve *c, const struct chase_level *L, uint64_t align);

#endif
