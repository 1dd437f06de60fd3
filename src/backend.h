/* backend.h: finding, loading and choosing backends. */
#ifndef CHASE_BACKEND_REGISTRY_H
#define CHASE_BACKEND_REGISTRY_H

#include "chase_backend.h"

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

extern const struct chase_backend chase_backend_cpu;
extern const struct chase_backend chase_backend_sim;

#endif
