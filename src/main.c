/* main.c: chase's entry: the command line, then the subcommand it names. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>

#include "cli/commands.h"
#include "core/exitcode.h"
#include "core/message.h"
#include "core/options.h"
#include "banks/banks.h"
#include "lines/lines.h"
#include "loads/loads.h"
#include "run/run.h"
#include "sms/sms.h"
#include "sweep/sweep.h"
#include "tlb/tlb.h"

int main(int argc, char **argv)
{
    struct chase_opts o;
    int list = 0, rc = chase_opts_parse(argc, argv, &o, &list);

    if (rc >= 0)
        return rc;
    if (list) {
        if (o.nargs)
            goto stray;
        return chase_list_backends(&o);
    }
    switch (o.cmd) {
    case CHASE_CMD_ANALYZE:
        return chase_analyze_main(&o);
    case CHASE_CMD_PLOT:
        return chase_plot_main(&o);
    case CHASE_CMD_REPORT:
        return chase_report_main(&o);
    default:
        break;
    }
    if (o.nargs)
        goto stray;
    switch (o.cmd) {
    case CHASE_CMD_BANKS:
        return chase_run(&chase_banks_measurement, &o);
    case CHASE_CMD_LOADS:
        return chase_run(&chase_loads_measurement, &o);
    case CHASE_CMD_LINES:
        return chase_run(&chase_lines_measurement, &o);
    case CHASE_CMD_TLB:
        return chase_run(&chase_tlb_measurement, &o);
    case CHASE_CMD_SMS:
        return chase_run(&chase_sms_measurement, &o);
    default:
        return chase_run(&chase_sweep_measurement, &o);
    }
stray:
    chase_error("unexpected argument '%s'", o.args[0]);
    fprintf(stderr, "Try 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}
