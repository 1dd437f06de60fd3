/* lines_cmd.c: chase lines (being built on its own branch). */
#include "config.h"

#include <stdio.h>

#include "commands.h"
#include "exitcode.h"

int chase_lines_main(const struct chase_opts *o)
{
    (void)o;
    fprintf(stderr, "chase: lines: not in this build yet\n");
    return CHASE_EXIT_UNSUPPORTED;
}
