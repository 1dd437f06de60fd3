/* plan.h: the working-set sizes a sweep visits. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_PLAN_H
#define CHASE_PLAN_H

#include <stddef.h>
#include <stdint.h>

/* Sizes from min to max, steps per octave, each a multiple of stride,
 * increasing, max included.  Returns 0, or -1 with a reason. */
int chase_plan_make(uint64_t min, uint64_t max, unsigned steps, uint64_t stride,
                    uint64_t **sizes, size_t *count, char *why, size_t len);

#endif
