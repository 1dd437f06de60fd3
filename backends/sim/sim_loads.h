/* sim_loads.h: the simulator's model of chase loads: what a warp's burst of
 * independent loads costs at each level (spec keys issue=, bpc=, smbpc=,
 * mlp=, and mem's lanes=), and the loads hook that walks the caches. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIM_LOADS_H
#define CHASE_SIM_LOADS_H

#include <stddef.h>

#include "abi/chase_backend.h"

struct sim_spec;
struct sim_loads_spec;
struct sim_remote_spec;

/* A level's (or mem's: is_mem) loads key: 1 taken, 0 not a loads key,
 * -1 a bad value (why says).  spec.c asks it before calling a key unknown. */
int sim_loads_key(struct sim_loads_spec *l, struct sim_spec *s, int is_mem, const char *key, const char *val,
                  char *why, size_t len);
/* The device figures the loads model implies (lanes, block threads), and
 * each level's loads model among the facts. */
void sim_loads_describe(const struct sim_spec *s, struct chase_devinfo *info);
/* The hook (chase_backend.h). */
int sim_loads(void *dev, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len);

/* What sim.c lends the model: its spec, cold caches, and one line's load
 * (its cost, and which level served it: nlevels for memory). */
const struct sim_spec *sim_dev_spec(void *dev);
void sim_dev_cold(void *dev, uint64_t seed);
double sim_dev_load(void *dev, uint64_t addr, int *level);
/* The remote memory the run reads (--memory peer:N, host), or NULL for
 * the device's own. */
const struct sim_remote_spec *sim_dev_remote(void *dev);

#endif
