/* report_dir.h: the directories a report writes: made when missing, and
 * never one that holds a file of the user's. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_REPORT_DIR_H
#define CHASE_REPORT_DIR_H

/* Makes dir (its parent must be there), or takes it as it is when it is a
 * directory.  Returns 0, or CHASE_EXIT_FILE after saying why. */
int chase_report_dir_make(const char *dir);
/* A directory a report may write into: new, empty, or one whose every
 * entry ours() says is a file a report writes (an earlier report's).
 * Returns 0, or CHASE_EXIT_USAGE after naming the first other entry;
 * what says which report ("report", "node report"). */
int chase_report_dir_check(const char *dir, int (*ours)(const char *name), const char *what);

#endif
