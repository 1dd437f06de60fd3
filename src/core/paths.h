/* paths.h: the directories chase looks in for its modules and its data. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_PATHS_H
#define CHASE_PATHS_H

#include <stddef.h>

enum chase_dir_kind { CHASE_DIR_MODULES, CHASE_DIR_DATA };

/* A colon-separated list of directories to try in order: CHASE_BACKEND_PATH
 * (modules) or CHASE_DATA_DIR (data) when set; else the installed directory
 * relative to the running program, then the configured one. */
int chase_dirs(enum chase_dir_kind kind, char *buf, size_t len);

#endif
