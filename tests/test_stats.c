/* test_stats.c: quantiles, medians and MAD on known data. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>

#include "core/stats.h"
#include "tap.h"

int main(void)
{
    double a[] = {5, 1, 4, 2, 3};
    double b[] = {1, 2, 3, 4};
    double c[] = {10, 10, 10, 10, 1000};
    double d[] = {7};
    double e[101];
    int i;

    tap_ok(chase_median(a, 5) == 3, "median of 1..5 is 3");
    tap_ok(chase_median(b, 4) == 2.5, "median of 1..4 is 2.5");
    tap_ok(chase_median(c, 5) == 10, "one outlier does not move the median");
    tap_ok(chase_mad_sigma(c, 5) == 0, "one outlier does not move the MAD");
    tap_ok(chase_median(d, 1) == 7, "median of one value is that value");
    tap_ok(isnan(chase_median(d, 0)), "median of nothing is NaN");
    for (i = 0; i <= 100; i++)
        e[100 - i] = i;
    tap_ok(chase_quantile(e, 101, 0.05) == 5, "5th percentile of 0..100 is 5");
    tap_ok(chase_quantile(e, 101, 0.95) == 95, "95th percentile of 0..100 is 95");
    tap_ok(chase_quantile(e, 101, 0) == 0 && chase_quantile(e, 101, 1) == 100, "extremes");
    tap_ok(fabs(chase_mad_sigma(a, 5) - 1.4826) < 1e-9, "MAD sigma of 1..5 is 1.4826");
    return tap_done();
}
