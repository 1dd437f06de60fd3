/* levels_stub.c: placeholders until the level finder's branch lands. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include "levels_meta.h"

void chase_levels_name_from_meta(struct chase_level *lv, size_t nlv, const struct chase_meta *m,
                                 uint64_t swept_max)
{
    (void)lv;
    (void)nlv;
    (void)m;
    (void)swept_max;
}

size_t chase_levels_refine(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                           uint64_t align, double octaves, uint64_t *sizes, size_t max)
{
    (void)c;
    (void)lv;
    (void)nlv;
    (void)align;
    (void)octaves;
    (void)sizes;
    (void)max;
    return 0;
}
