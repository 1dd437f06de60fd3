/* fresh.c: files made anew, never through a link (fresh.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fresh.h"

int chase_fresh_open(const char *path)
{
    struct stat st;

    if (!lstat(path, &st)) {
        if (!S_ISLNK(st.st_mode) && !S_ISREG(st.st_mode)) {
            errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
            return -1;
        }
        if (unlink(path))
            return -1;
    }
    return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
}

FILE *chase_fresh_fopen(const char *path)
{
    int fd = chase_fresh_open(path);
    FILE *f;

    if (fd < 0)
        return NULL;
    if (!(f = fdopen(fd, "w")))
        close(fd);
    return f;
}
