/* report_cmd.c: chase report (being built on its own branch). */
#include "config.h"

#include <stdio.h>

#include "commands.h"
#include "exitcode.h"

int chase_report_main(const struct chase_opts *o)
{
    (void)o;
    fprintf(stderr, "chase: report: not in this build yet\n");
    return CHASE_EXIT_UNSUPPORTED;
}
