/* report_dir.c: the directories a report writes (report_dir.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/exitcode.h"
#include "core/message.h"
#include "report/report_dir.h"

int chase_report_dir_make(const char *dir)
{
    struct stat st;

    if (!mkdir(dir, 0777) || (errno == EEXIST && !stat(dir, &st) && S_ISDIR(st.st_mode)))
        return 0;
    chase_error("cannot make the directory '%s': %s", dir,
                errno == EEXIST ? "a file of that name is there" : strerror(errno));
    return CHASE_EXIT_FILE;
}

int chase_report_dir_check(const char *dir, int (*ours)(const char *name), const char *what)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char other[256] = "";

    if (!d)
        return 0;       /* made, or refused, by chase_report_dir_make */
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && !ours(e->d_name)) {
            snprintf(other, sizeof other, "%s", e->d_name);
            break;
        }
    closedir(d);
    if (!other[0])
        return 0;
    chase_error("report: '%s' holds '%s', which no %s writes: give a new or empty directory, or one an earlier "
                "%s wrote", dir, other, what, what);
    fprintf(stderr, "Try 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}
