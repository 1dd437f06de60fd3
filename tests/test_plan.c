/* test_plan.c: sweep plans are increasing, stride-aligned, dense enough, and end at max. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "tap.h"

static void check(uint64_t min, uint64_t max, unsigned steps, uint64_t stride)
{
    uint64_t *v = NULL;
    size_t n = 0, i;
    char why[200];
    int rc = chase_plan_make(min, max, steps, stride, &v, &n, why, sizeof why), good = rc == 0 && n > 0;
    double octaves = log2((double)max / (double)(min > stride ? min : stride));

    for (i = 0; good && i < n; i++) {
        if (v[i] % stride || (i && v[i] <= v[i - 1]) || v[i] > max)
            good = 0;
    }
    if (good && (v[0] < min && v[0] != stride))
        good = 0;
    if (good && v[n - 1] != max / stride * stride)
        good = 0;
    tap_ok(good, "plan %llu..%llu, %u/octave, stride %llu: %zu points, increasing, aligned, ends at max",
           (unsigned long long)min, (unsigned long long)max, steps, (unsigned long long)stride, n);
    /* Every octave holds its points, less those that rounding to the stride merges. */
    if (stride * 64 <= min)
        tap_ok(good && n + 1 >= (size_t)(octaves * steps), "plan has about %u points per octave (%zu for %.1f octaves)",
               steps, n, octaves);
    free(v);
}

static void fails(uint64_t min, uint64_t max, unsigned steps, uint64_t stride, const char *reason)
{
    uint64_t *v = NULL;
    size_t n = 0;
    char why[200] = "";
    int rc = chase_plan_make(min, max, steps, stride, &v, &n, why, sizeof why);
    tap_ok(rc != 0 && strstr(why, reason), "plan %llu..%llu stride %llu refused: %s", (unsigned long long)min,
           (unsigned long long)max, (unsigned long long)stride, why);
    free(v);
}

int main(void)
{
    check(1024, 1ULL << 30, 8, 128);
    check(1024, 64ULL << 20, 8, 64);
    check(8, 117440512, 4, 8);
    check(4096, 4096, 8, 64);
    check(1000, 3000000, 12, 64);
    check(64, 1 << 20, 64, 64);
    check(1 << 20, 1ULL << 40, 8, 4096);
    fails(2048, 1024, 8, 64, "above");
    fails(1024, 4096, 8, 48, "power of two");
    fails(64, 32, 8, 64, "above");
    fails(16, 32, 8, 64, "larger than");
    fails(1024, 4096, 0, 64, "per octave");
    return tap_done();
}
