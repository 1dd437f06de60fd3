/* stats.c: quantiles, medians and robust spread. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double chase_quantile(double *v, size_t n, double q)
{
    double pos, frac;
    size_t i;

    if (n == 0)
        return NAN;
    qsort(v, n, sizeof *v, cmp_double);
    if (q <= 0)
        return v[0];
    if (q >= 1)
        return v[n - 1];
    pos = q * (double)(n - 1);
    i = (size_t)pos;
    frac = pos - (double)i;
    return i + 1 < n ? v[i] + frac * (v[i + 1] - v[i]) : v[i];
}

double chase_median(double *v, size_t n)
{
    return chase_quantile(v, n, 0.5);
}

double chase_mad_sigma(const double *v, size_t n)
{
    double *d, med, mad;
    size_t i;

    if (n < 2)
        return 0;
    d = malloc(n * sizeof *d);
    if (!d)
        return NAN;
    memcpy(d, v, n * sizeof *d);
    med = chase_median(d, n);
    for (i = 0; i < n; i++)
        d[i] = fabs(v[i] - med);
    mad = chase_median(d, n);
    free(d);
    return 1.4826 * mad;
}
