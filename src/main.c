/* main.c: chase's entry: the command line, then the command it names. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <string.h>

#include "cli/options.h"
#include "core/signals.h"
#include "report/worker.h"
#include "run/run.h"
#include "sweep/sweep.h"

int main(int argc, char **argv)
{
    struct chase_opts o;
    const struct chase_command *cmd = NULL;
    int rc;

    /* A report's worker (report/worker.h), not a command of its own. */
    if (argc == 2 && !strcmp(argv[1], CHASE_WORKER_ARG))
        return chase_worker_serve();
    rc = chase_opts_parse(argc, argv, &o, &cmd);
    if (rc >= 0)
        return rc;
    /* Every command stops cleanly on a signal: what it wrote is kept, and
     * a child it waits for (gnuplot, a report's part) is stopped too. */
    chase_catch_signals();
    if (o.list)
        return chase_list_backends(&o);
    return cmd->m ? chase_run(cmd->m, &o) : cmd->run(&o);
}
