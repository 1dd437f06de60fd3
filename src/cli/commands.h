/* commands.h: each subcommand's entry; each returns an exit status. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_COMMANDS_H
#define CHASE_COMMANDS_H

#include "core/options.h"

int chase_analyze_main(const struct chase_opts *o);    /* sweep/sweep_files.c */
int chase_plot_main(const struct chase_opts *o);       /* sweep/sweep_files.c */
int chase_report_main(const struct chase_opts *o);     /* report/report_cmd.c */

#endif
