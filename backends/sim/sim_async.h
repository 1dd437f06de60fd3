/* sim_async.h: the simulator's model of copies into shared memory (chase
 * async): each copy's latency over the level that serves it and its issue
 * cost, from a fixed table or the spec's async: section, and the hook that
 * reports them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIM_ASYNC_H
#define CHASE_SIM_ASYNC_H

#include <stddef.h>
#include <stdint.h>

#include "abi/chase_backend.h"

/* One copy: cycles it adds to the serving level's latency (the landing in
 * shared memory, the wait, the read back), and cycles of a multiprocessor's
 * issue a copy takes (a warp's 32 copies for the per-thread ones, one bulk
 * copy); lacks: the simulated device has none (key=none). */
struct sim_async_op {
    double extra, issue;
    int lacks;
};

struct sim_async_spec {
    struct sim_async_op op[CHASE_ASYNC_NOPS];
    double bulk_bpc;            /* bytes a cycle a bulk copy's data land at, after the first */
};

/* The fixed table (man/chase.1 gives it). */
void sim_async_defaults(struct sim_async_spec *m);
/* "async:NAME=CYCLES,NAME_issue=CYCLES,NAME=none,bulk_bpc=B": 1 if sec
 * names the section (parsed into m, or failed: *rc -1 and why), 0 if not. */
int sim_async_section(const char *sec, char *kvs, struct sim_async_spec *m, int *rc, char *why, size_t len);

/* The hook (chase_backend.h). */
int sim_async(void *dev, const struct chase_async_req *rq, struct chase_async_samples *out, char *err, size_t len);

/* What sim.c lends the model besides its spec: the multiprocessors and
 * the shared memory a block may have. */
unsigned sim_dev_units(void *dev);
uint64_t sim_dev_shared_bytes(void *dev);

#endif
