/* sweep.h: measuring a curve: plan, backend, statistics, output. */
#ifndef CHASE_SWEEP_H
#define CHASE_SWEEP_H

#include "options.h"

/* Runs the sweep the options ask for; returns an exit status. */
int chase_sweep(const struct chase_opts *o);
/* chase --list-backends */
int chase_list_backends(const struct chase_opts *o);

#endif
