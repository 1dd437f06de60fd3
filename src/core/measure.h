/* measure.h: one point of a curve: fresh chains until its median settles. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_MEASURE_H
#define CHASE_MEASURE_H

#include "abi/chase_backend.h"
#include "core/curve.h"

/* How the points of one run are measured. */
struct chase_measure {
    const struct chase_backend *ops;
    void *dev;
    int pattern;                /* enum chase_pattern */
    uint64_t sub;               /* chain.h's sub for PAIR and PAGE */
    unsigned repeat;            /* fresh chains a point, at least */
    uint64_t seed;
    int sm;                     /* chase_point.sm */
    unsigned samples;           /* chase_point.samples: a call's samples (0: the backend's) */
};

/* Measures bytes at stride: chains keyed by the seed, the point and the
 * call, until the median's standard error is under 0.5% (at most four times
 * repeat calls, and never more samples than fit).  Fills row; returns a
 * chase_status with a reason in err. */
int chase_measure_point(const struct chase_measure *m, uint64_t bytes, uint64_t stride,
                        struct chase_row *row, char *err, size_t len);

#endif
