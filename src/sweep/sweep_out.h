/* sweep_out.h: the human-readable account of a curve and its levels. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_REPORT_H
#define CHASE_REPORT_H

#include <stdio.h>

#include "abi/chase_backend.h"
#include "core/curve.h"

/* The curve as a table a person reads. */
void chase_report_table(FILE *f, const struct chase_curve *c);
struct chase_sm_spread;

/* What was measured, and the levels beside the driver's figures and, where
 * it was measured, each level's spread over the multiprocessors. */
void chase_report_levels(FILE *f, const struct chase_curve *c, const struct chase_level *lv,
                         size_t nlv, const struct chase_sm_spread *sp, size_t nsp);

#endif
