/* paths.c: where chase finds its modules and data: the environment's
 * directories; the build tree's, when the program runs where it was built
 * (./chase right after make); else the installed ones found relative to the
 * program (so an installed tree can be moved), else the directories
 * configure chose. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/paths.h"

/* to, written relative to from (both absolute, as configure gives them):
 * "/usr/local/bin" and "/usr/local/share/chase" give "../share/chase". */
static void relative(const char *from, const char *to, char *buf, size_t len)
{
    size_t i = 0, common = 0, up, n = 0;
    const char *rest;

    /* The longest run of whole leading components the two share. */
    while (from[i] && from[i] == to[i])
        if (from[i++] == '/')
            common = i;
    up = common;
    if (!from[i] && (to[i] == '/' || !to[i])) {
        up = i;                         /* to lies inside from, or is from */
        common = i + (to[i] == '/');
    }
    buf[0] = 0;
    /* One ".." for each component of from past the shared run. */
    for (rest = from + up; *rest; rest++)
        if (*rest != '/' && (rest == from + up || rest[-1] == '/') && n + 3 < len) {
            memcpy(buf + n, "../", 4);
            n += 3;
        }
    snprintf(buf + n, len - n, "%s", to + common);
}

/* 1 if dir is a build tree (make leaves chase-build-tree there, holding
 * the source tree's absolute path), with that path in src.  The path is
 * read, not compiled in: the installed program holds none of the build
 * machine's paths. */
static int build_tree(const char *dir, char *src, size_t len)
{
    char path[PATH_MAX];
    FILE *f;
    size_t n;

    if ((size_t)snprintf(path, sizeof path, "%s/chase-build-tree", dir) >= sizeof path || !(f = fopen(path, "r")))
        return 0;
    n = fgets(src, (int)len, f) ? strcspn(src, "\n") : 0;
    fclose(f);
    if (!n || src[0] != '/' || src[n] != '\n')
        return 0;   /* empty, relative or cut short: not one make wrote */
    src[n] = 0;
    return 1;
}

int chase_dirs(enum chase_dir_kind kind, char *buf, size_t len)
{
    const char *env = getenv(kind == CHASE_DIR_MODULES ? "CHASE_BACKEND_PATH" : "CHASE_DATA_DIR");
    const char *installed = kind == CHASE_DIR_MODULES ? CHASE_MODULE_DIR : CHASE_PKGDATA_DIR;
    char exe[PATH_MAX], rel[PATH_MAX], src[PATH_MAX];
    ssize_t n;

    if (env && *env) {
        snprintf(buf, len, "%s", env);
        return 0;
    }
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        char *slash;
        exe[n] = 0;
        slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            /* Uninstalled: the modules are built beside the program (the
             * loader looks in .libs too), the data lies in the source tree. */
            if (build_tree(exe, src, sizeof src)) {
                if (kind == CHASE_DIR_MODULES)
                    snprintf(buf, len, "%s", exe);
                else
                    snprintf(buf, len, "%s/plots:%s/data", src, src);
                return 0;
            }
            relative(CHASE_BINDIR, installed, rel, sizeof rel);
            /* The relative place first; the configured one if it moved back. */
            if ((size_t)snprintf(buf, len, "%s/%s:%s", exe, rel, installed) < len)
                return 0;
        }
    }
    snprintf(buf, len, "%s", installed);
    return 0;
}
