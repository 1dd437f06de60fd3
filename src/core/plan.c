/* plan.c: geometric sweep plans over working-set sizes. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/plan.h"
#include "core/size.h"

int chase_plan_make(uint64_t min, uint64_t max, unsigned steps, uint64_t stride,
                    uint64_t **sizes, size_t *count, char *why, size_t len)
{
    char a[32], b[32];
    uint64_t *v, last = 0;
    size_t cap, n = 0, k;

    if (steps == 0 || steps > 64) {
        snprintf(why, len, "points per octave must be between 1 and 64");
        return -1;
    }
    if (stride == 0 || (stride & (stride - 1))) {
        snprintf(why, len, "stride must be a power of two");
        return -1;
    }
    if (min > max) {
        snprintf(why, len, "--min %s is above --max %s",
                 chase_size_format(min, a, sizeof a), chase_size_format(max, b, sizeof b));
        return -1;
    }
    if (max < stride) {
        snprintf(why, len, "stride %s is larger than the largest working set %s",
                 chase_size_format(stride, a, sizeof a), chase_size_format(max, b, sizeof b));
        return -1;
    }
    if (min < stride)
        min = stride;
    cap = (size_t)(steps * (log2((double)max / (double)min) + 1)) + 4;
    v = malloc(cap * sizeof *v);
    if (!v) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    for (k = 0;; k++) {
        double s = (double)min * exp2((double)k / steps);
        uint64_t b64;
        if (s > (double)max)
            break;
        b64 = (uint64_t)llround(s / (double)stride) * stride;
        if (b64 < stride)
            b64 = stride;
        if (b64 > max)
            b64 = max / stride * stride;
        if (b64 > last && n < cap)
            v[n++] = last = b64;
    }
    if (max / stride * stride > last && n < cap)
        v[n++] = max / stride * stride;
    *sizes = v;
    *count = n;
    return 0;
}
