/* sim_bandwidth.h: the simulator's model of chase bandwidth: the bytes a
 * cycle each level gives every multiprocessor (spec keys bw=, wbw=; mem's
 * sbw= and throttle=), and the bandwidth hook that times a request by it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIM_BANDWIDTH_H
#define CHASE_SIM_BANDWIDTH_H

#include <stddef.h>

#include "abi/chase_backend.h"

struct sim_spec;
struct sim_bw_spec;

/* A level's (or mem's: is_mem) bandwidth key: 1 taken, 0 not one, -1 a
 * bad value (why says). */
int sim_bw_key(struct sim_bw_spec *b, struct sim_spec *s, int is_mem, const char *key, const char *val, char *why,
               size_t len);
/* Level i's (nlevels: memory's) read and write bytes a cycle a
 * multiprocessor, defaults filled in. */
void sim_bw_level(const struct sim_spec *s, int i, double *rbw, double *wbw);
/* The peaks' figures among the facts, those the spec gives (memclk=,
 * bus=, l1peak=). */
void sim_bw_facts(const struct sim_spec *s, struct chase_devinfo *info);
/* The hook (chase_backend.h). */
int sim_bandwidth(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err, size_t len);

#endif
