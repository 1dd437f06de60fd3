/* checked.h: arithmetic on numbers users typed, which must refuse rather than wrap. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CHECKED_H
#define CHASE_CHECKED_H

#include <stdint.h>

/* A product or sum of user numbers that wraps turns a huge request into a
 * tiny one (a zero-sized array, a zero divisor), so every such operation goes
 * through these: 0 and the result in out, or -1 and out untouched. */
static inline int chase_mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        return -1;
    *out = r;
    return 0;
}

static inline int chase_add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return -1;
    *out = r;
    return 0;
}

/* a << s, refusing any bit shifted out (and shifts of 64 or more). */
static inline int chase_shl_u64(uint64_t a, unsigned s, uint64_t *out)
{
    if (s >= 64 ? a != 0 : a > (UINT64_MAX >> s))
        return -1;
    *out = s >= 64 ? 0 : a << s;
    return 0;
}

#endif
