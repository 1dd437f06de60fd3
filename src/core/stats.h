/* stats.h: robust statistics of latency samples. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_STATS_H
#define CHASE_STATS_H

#include <stddef.h>

/* Sorts v in place; q in [0, 1], linear interpolation between ranks. */
double chase_quantile(double *v, size_t n, double q);
double chase_median(double *v, size_t n);
/* Median absolute deviation, scaled to estimate a normal sigma. */
double chase_mad_sigma(const double *v, size_t n);

#endif
