/* bounds.h: physical bounds: the most a device can deliver (bytes a clock,
 * lanes a warp), where each figure comes from, and the check that a
 * measured or derived figure lies within it.  A figure past its bound is
 * a defect of the measurement (an unmeasured point used, a timer read in
 * the wrong place), never a discovery: the measurement flags the row,
 * says so on stderr, and chase exits CHASE_EXIT_BOUND (chase(1), EXIT
 * STATUS).
 *
 * Where a bound comes from: the backend states it among its device's
 * facts (chase_devinfo.facts), as a number named for it (the keys below)
 * and, in the text fact CHASE_BOUND_FROM, why (the architecture's
 * published figure, the driver's, the sim spec's).  A device that states
 * no bound is not checked, and the measurement says so. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_BOUNDS_H
#define CHASE_BOUNDS_H

#include <stddef.h>

#include "abi/chase_backend.h"

/* The facts' keys (CHASE_BOUND_SHARED, CHASE_BOUND_L1, CHASE_BOUND_FROM)
 * are the ABI's: abi/chase_backend.h. */

/* How far past its bound a figure may lie and still be called within it:
 * the spread of the timer's own cost, removed from every sample. */
#define CHASE_BOUND_SLACK 0.02

struct chase_bound {
    double value;       /* NAN: no bound known: nothing is checked */
    char unit[24];      /* "B/clk/SM" */
    char from[200];     /* where the value comes from */
};

/* The bound the device's facts state under key (unit: what it counts);
 * value NAN and from saying so where they state none. */
void chase_bound_from_facts(const struct chase_devinfo *info, const char *key, const char *unit,
                            struct chase_bound *b);
/* A bound of value unit, from the printf-style words fmt. */
void chase_bound_set(struct chase_bound *b, double value, const char *unit, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Whether figure lies past b by more than CHASE_BOUND_SLACK: 1 (and msg
 * says "WHAT: FIGURE UNIT is past the bound of VALUE UNIT (FROM)"), or 0
 * (within it, or either is unknown). */
int chase_bound_past(const struct chase_bound *b, double figure, const char *what, char *msg, size_t len);

#endif
