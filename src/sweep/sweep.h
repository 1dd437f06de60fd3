/* sweep.h: measuring a curve: plan, backend, statistics, levels, output. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SWEEP_H
#define CHASE_SWEEP_H

#include "core/curve.h"
#include "core/measure.h"
#include "cli/options.h"
#include "core/session.h"

struct chase_sm_spread;

/* chase (the sweep command); returns an exit status. */
int chase_sweep(const struct chase_opts *o);
/* chase --list-backends */
int chase_list_backends(const struct chase_opts *o);

/* Measures plan's sizes and refines the bends, on an open session; the
 * levels are found and named.  stream: each row goes to s->w as measured.
 * Returns 0 or an exit status (*failed set when a point failed; a signal
 * leaves chase_stop set). */
int chase_sweep_measure(struct chase_session *s, const struct chase_measure *m, const uint64_t *plan, size_t nplan,
                        uint64_t stride, int stream, struct chase_curve *c, struct chase_level *lv, size_t *nlv,
                        int *failed);
/* The levels another measurement needs: read from o->from (a sweep file,
 * analysed as `chase analyze` does) or measured by a default sweep on the
 * open session.  Returns 0 or an exit status. */
int chase_sweep_levels(struct chase_session *s, struct chase_curve *c, struct chase_level *lv, size_t *nlv);
/* The sweep's tables after its points: levels, and the SM spread. */
int chase_sweep_write_tail(struct chase_writer *w, const struct chase_level *lv, size_t nlv,
                           const struct chase_sm_spread *sp, size_t nsp);

#endif
