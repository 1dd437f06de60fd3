/* sweep.h: measuring a curve: plan, backend, statistics, levels, output. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SWEEP_H
#define CHASE_SWEEP_H

#include <stdio.h>

#include "core/curve.h"
#include "core/measure.h"
#include "core/options.h"
#include "io/table.h"
#include "run/session.h"

struct chase_sm_spread;

struct chase_doc;
/* Its section of report.md (sweep_out.c; the descriptor's markdown hook). */
void chase_sweep_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_sweep_headline(FILE *f, const struct chase_doc *d);
/* chase (the sweep command). */
struct chase_measurement;
extern const struct chase_measurement chase_sweep_measurement;
/* chase analyze FILE... and chase plot FILE... -o IMAGE (sweep_files.c). */
int chase_analyze_main(const struct chase_opts *o);
int chase_plot_main(const struct chase_opts *o);
/* chase --list-backends */
int chase_list_backends(const struct chase_opts *o);

/* The sweep's tables: one row a working set, one a level. */
extern const struct chase_table chase_points_table;
extern const struct chase_table chase_levels_table;
/* The sweep's tables after its points: levels, and the SM spread. */
int chase_sweep_write_tail(struct chase_writer *w, const struct chase_level *lv, size_t nlv,
                           const struct chase_sm_spread *sp, size_t nsp);

#endif
