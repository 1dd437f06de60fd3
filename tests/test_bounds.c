/* test_bounds.c: a bound read from a device's facts, and the check. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <string.h>

#include "core/bounds.h"
#include "tap.h"

int main(void)
{
    struct chase_devinfo info;
    struct chase_bound b;
    char msg[400] = "";

    memset(&info, 0, sizeof info);
    chase_kv_num(info.facts, &info.nfacts, "warp_size", 32);
    chase_bound_from_facts(&info, CHASE_BOUND_SHARED, "B/clk/SM", &b);
    tap_ok(isnan(b.value) && strstr(b.from, "states no"), "no fact: no bound, and it says so (%s)", b.from);
    tap_ok(!chase_bound_past(&b, 1e9, "x", msg, sizeof msg), "no bound: nothing is past it");

    chase_kv_num(info.facts, &info.nfacts, CHASE_BOUND_SHARED, 128);
    chase_kv_set(info.facts, &info.nfacts, CHASE_BOUND_FROM, "the architecture's");
    chase_bound_from_facts(&info, CHASE_BOUND_SHARED, "B/clk/SM", &b);
    tap_ok(b.value == 128 && !strcmp(b.from, "the architecture's") && !strcmp(b.unit, "B/clk/SM"),
           "the fact's value, unit and source (%g %s, %s)", b.value, b.unit, b.from);
    tap_ok(!chase_bound_past(&b, 128, "x", msg, sizeof msg) &&
               !chase_bound_past(&b, 128 * (1 + CHASE_BOUND_SLACK), "x", msg, sizeof msg),
           "at the bound and within the slack: within");
    tap_ok(!chase_bound_past(&b, NAN, "x", msg, sizeof msg), "an unknown figure is not past");
    tap_ok(chase_bound_past(&b, 132.267, "shared b64", msg, sizeof msg) &&
               strstr(msg, "shared b64: 132.3 B/clk/SM is past the bound of 128 B/clk/SM (the architecture's)"),
           "past it: said, with the bound and its source (%s)", msg);

    /* A bound is positive and finite: anything else states none. */
    memset(&info, 0, sizeof info);
    chase_kv_num(info.facts, &info.nfacts, CHASE_BOUND_L1, 0);
    chase_bound_from_facts(&info, CHASE_BOUND_L1, "B/clk/SM", &b);
    tap_ok(isnan(b.value), "a bound of 0 is none");
    chase_kv_set(info.facts, &info.nfacts, CHASE_BOUND_SHARED, "128");   /* text, not a number */
    chase_bound_from_facts(&info, CHASE_BOUND_SHARED, "B/clk/SM", &b);
    tap_ok(isnan(b.value), "a bound given as text is none");

    chase_bound_set(&b, 32, "lanes", "the driver's warp size");
    tap_ok(chase_bound_past(&b, 64, "lanes served", msg, sizeof msg) && !chase_bound_past(&b, 32, "l", msg, sizeof msg),
           "lanes served past the warp: flagged; a whole warp: within");
    return tap_done();
}
