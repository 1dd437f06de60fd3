/* sim_lanes.h: the simulator's model of cross-lane operations (chase
 * lanes): each operation's latency and issue cost, from a fixed table or
 * the spec's lanes: section, and the lanes hook that reports them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIM_LANES_H
#define CHASE_SIM_LANES_H

#include <stddef.h>

#include "abi/chase_backend.h"

/* One operation: cycles from its value to its result, and cycles between
 * two of its warp instructions issued back to back; lacks: the simulated
 * device has no such instruction (key=none). */
struct sim_lanes_op {
    double lat, issue;
    int lacks;
};

struct sim_lanes_spec {
    struct sim_lanes_op op[CHASE_LANES_NOPS];
};

/* The fixed table (man/chase.1 gives it). */
void sim_lanes_defaults(struct sim_lanes_spec *m);
/* "lanes:NAME=CYCLES,NAME_issue=CYCLES,NAME=none,...": 1 if sec names the
 * section (parsed into m, or failed: *rc -1 and why), 0 if not.  shfl sets
 * the four shuffles, dpp both DPP operations. */
int sim_lanes_section(const char *sec, char *kvs, struct sim_lanes_spec *m, int *rc, char *why, size_t len);

/* The hook (chase_backend.h); sim.c lends it its spec (noise, clock, seed). */
int sim_lanes(void *dev, const struct chase_lanes_req *rq, struct chase_lanes_samples *out, char *err, size_t len);

#endif
