/* bounds.c: physical bounds read from a device's facts, and the check. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/bounds.h"

void chase_bound_set(struct chase_bound *b, double value, const char *unit, const char *fmt, ...)
{
    va_list ap;

    b->value = value;
    snprintf(b->unit, sizeof b->unit, "%s", unit);
    va_start(ap, fmt);
    vsnprintf(b->from, sizeof b->from, fmt, ap);
    va_end(ap);
}

void chase_bound_from_facts(const struct chase_devinfo *info, const char *key, const char *unit,
                            struct chase_bound *b)
{
    const char *from = NULL;
    double v = NAN;
    int i;

    for (i = 0; i < info->nfacts && i < CHASE_MAX_KV; i++) {
        if (!strcmp(info->facts[i].key, key) && info->facts[i].is_num)
            v = info->facts[i].num;
        else if (!strcmp(info->facts[i].key, CHASE_BOUND_FROM))
            from = info->facts[i].val;
    }
    /* A bound is a positive, finite figure; anything else states none. */
    if (!(v > 0) || !isfinite(v))
        chase_bound_set(b, NAN, unit, "none: the backend states no %s", key);
    else
        chase_bound_set(b, v, unit, "%s", from ? from : "the backend's device facts");
}

int chase_bound_past(const struct chase_bound *b, double figure, const char *what, char *msg, size_t len)
{
    if (!isfinite(b->value) || !isfinite(figure) || figure <= b->value * (1 + CHASE_BOUND_SLACK))
        return 0;
    snprintf(msg, len, "%s: %.4g %s is past the bound of %.4g %s (%s)", what, figure, b->unit, b->value, b->unit,
             b->from);
    return 1;
}
