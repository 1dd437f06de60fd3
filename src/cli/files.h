/* files.h: the files a command line names, checked before anything runs. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_FILES_H
#define CHASE_FILES_H

#include "core/options.h"

/* Refuses (exit status 2, after one line on stderr) an output that is an
 * input (an operand, --from, --lanes) or another output (-o, --plot,
 * --script), compared by name and, for files that exist, by device and
 * inode; and an image name whose extension chase cannot draw.  Returns 0
 * or CHASE_EXIT_USAGE. */
int chase_check_files(const struct chase_opts *o);

#endif
