/* shared.h: the simulator's shared memory (LDS): a bank model from the
 * spec's shared: section, and what a warp's access pattern costs on it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIM_SHARED_H
#define CHASE_SIM_SHARED_H

#include <stddef.h>
#include <stdint.h>

#include "abi/chase_backend.h"

#define SIM_SHARED_SAMPLES 5

/* How one width's lanes are served: fixed groups, or (dynamic) units of
 * row / width lanes that share a pass while together conflict-free. */
struct sim_shared_phases {
    int dynamic;
    unsigned ngroups;
    unsigned char group[CHASE_MAX_LANES];
};

struct sim_shared {
    unsigned banks, bank_bytes, lanes, block_threads;
    uint64_t size;              /* bytes a block may use */
    double lat, issue;          /* cycles: one access's latency; one pass through the banks */
    double noise;               /* relative sd of multiplicative noise on each sample */
    uint64_t seed, rng;
    struct sim_shared_phases ph[3];     /* b32, b64, b128 reads */
    struct sim_shared_phases st[3];     /* b32, b64, b128 stores (st32= ...; unset: as the reads) */
    int st_set[3];
    int read2;                  /* the two-address reads (AMD's ds_read2_b64, read2st64): read2=1 */
    unsigned most[3];           /* the largest burst each width's hook times (bursts=32/16/8) */
    int clamp;                  /* a burst past it is timed as the largest, a faulty kernel's way
                                 * (clamp=1), rather than refused: the fault bound checks catch */
    char text[400];             /* the model in words (a fact of the sim's device) */
};

#define SIM_SHARED_DEFAULT "preset=nvidia"

/* Takes every 'shared:' section out of spec (there may be one) into m (the
 * nvidia preset when there is none) and returns in *rest the spec without
 * it (malloc'd; NULL when nothing else is left).  Returns 0, or -1 with a
 * reason. */
int sim_shared_parse(const char *spec, struct sim_shared *m, char **rest, char *why, size_t len);
/* The whole --sim spec as the backend reads it: the 'shared:' section into
 * m, the rest (or, when nothing else is given, the default hierarchy) into
 * s.  One place, so that what the fuzzer calls parsed is what opens.
 * Returns 0, or -1 with a reason. */
struct sim_spec;
int sim_parse_all(const char *spec, struct sim_spec *s, struct sim_shared *m, char *why, size_t len);
/* Passes through the banks the pattern needs (the model's truth) for op
 * (enum chase_shared_op): a read's or a store's by their phases; a
 * two-address read's as its two 8-byte reads, one after the other. */
unsigned sim_shared_passes(const struct sim_shared *m, int op, unsigned width, const uint32_t *off);
/* The shared hook's work: validates rq and fills out. */
int sim_shared_time(struct sim_shared *m, const struct chase_shared_req *rq, struct chase_samples *out, char *err,
                    size_t len);

#endif
