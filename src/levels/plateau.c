/* plateau.c: the working set a measurement takes as a level's: the middle
 * of its plateau in log size, as far from both bends as it can be. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>

#include "levels/plateau.h"

uint64_t chase_plateau_first(const struct chase_curve *c, const struct chase_level *L)
{
    return c->rows[L->first].bytes;
}

uint64_t chase_plateau_last(const struct chase_curve *c, const struct chase_level *L)
{
    return L->hi ? L->lo : c->rows[L->last].bytes;
}

uint64_t chase_plateau_middle_of(uint64_t a, uint64_t b, uint64_t align)
{
    double m = sqrt((double)a * (double)b);
    /* Sizes within 1024 of 2^64 are 2^64 as doubles, which no uint64_t
     * holds: converting that would be undefined. */
    uint64_t x = m < 18446744073709551616.0 ? (uint64_t)m : UINT64_MAX;
    if (!align)
        align = 1;
    x = x / align * align;
    return x < align ? align : x;
}

uint64_t chase_plateau_middle(const struct chase_curve *c, const struct chase_level *L, uint64_t align)
{
    return chase_plateau_middle_of(chase_plateau_first(c, L), chase_plateau_last(c, L), align);
}
