/* backend.h: finding, loading and choosing backends. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_BACKEND_REGISTRY_H
#define CHASE_BACKEND_REGISTRY_H

#include "abi/chase_backend.h"

struct chase_backend_slot {
    const char *name;
    const struct chase_backend *ops;    /* NULL when it could not load */
    int ndevices;                       /* from probe; 0 when unusable */
    char why[CHASE_ERRLEN];             /* why it is unusable */
};

/* Loads and probes every backend the build knows, or only the one named.
 * Fills slots in the order auto tries them; returns how many. */
int chase_backends_load(struct chase_backend_slot *slots, int max, const char *only);
/* NULL when no backend has that name. */
struct chase_backend_slot *chase_backends_find(struct chase_backend_slot *slots, int n,
                                               const char *name);
void chase_backends_unload(void);
/* From now on chase_backends_unload keeps the modules loaded: a report's
 * worker runs many commands, and a module's state (the cuda module's
 * devices' contexts) outlives each. */
void chase_backends_hold(void);

/* The names: is this one known, all of them ("cuda, hip, cpu, sim"), and
 * those this build has ("cpu sim cuda", modules built beside the program). */
int chase_backend_known(const char *name);
const char *chase_backend_names(void);
const char *chase_backends_built(void);
/* Does --backend auto consider it (the simulator it does not)? */
int chase_backend_auto(const char *name);

extern const struct chase_backend chase_backend_cpu;
extern const struct chase_backend chase_backend_sim;

#endif
