/* files.c: the files a command line names, checked before anything runs: no
 * output may be an input or another output, and an image must be drawable. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/exitcode.h"
#include "cli/files.h"
#include "plot/plot.h"
#include "io/read.h"

struct named {
    const char *opt;    /* how the command line named it: "-o", "--plot", "an operand" */
    const char *name;   /* as given (outputs) */
    char path[PATH_MAX + 256];  /* its directory made absolute, or the name as given */
    struct stat st;
    int exists;
};

/* Fills n for name: the file's identity if it exists, and a canonical
 * name (the real directory and the last component) for one that does not
 * yet, so "./x.png" and "x.png" are the same output. */
static void identify(struct named *n, const char *opt, const char *name)
{
    char dir[PATH_MAX + 1], *real;
    const char *slash = strrchr(name, '/'), *base = slash ? slash + 1 : name;

    memset(n, 0, sizeof *n);
    n->opt = opt;
    n->name = name;
    n->exists = stat(name, &n->st) == 0;
    snprintf(n->path, sizeof n->path, "%s", name);
    if (slash == name)
        snprintf(dir, sizeof dir, "/");
    else if (slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - name), name);
    else
        snprintf(dir, sizeof dir, ".");
    real = realpath(dir, NULL);
    if (real) {
        snprintf(n->path, sizeof n->path, "%s/%s", strcmp(real, "/") ? real : "", base);
        free(real);
    }
}

/* Do a and b name one file that writing one of them would destroy?
 * Devices and pipes (/dev/null, /dev/stdout at a terminal) can take two
 * writers; regular files, directories and files not yet made cannot. */
static int same(const struct named *a, const struct named *b)
{
    if (a->exists && b->exists)
        return a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino &&
               (S_ISREG(a->st.st_mode) || S_ISDIR(a->st.st_mode));
    if (a->exists != b->exists)
        return 0;
    return !strcmp(a->path, b->path);
}

#define MAX_NAMED 64

int chase_check_files(const struct chase_opts *o)
{
    static struct named in[MAX_NAMED], out[3];
    char err[600], path[4096];
    const char *image = NULL;
    size_t nin = 0, nout = 0, i, j;
    int k;

    /* What is written: the data (for report, a directory), the image, the
     * script.  Standard output is not a file here. */
    if (o->output && strcmp(o->output, "-"))
        identify(&out[nout++], !strcmp(o->cmd, "plot") ? "the image (-o)" : "-o", o->output);
    if (o->plot)
        identify(&out[nout++], "--plot", o->plot);
    if (o->script)
        identify(&out[nout++], "--script", o->script);
    image = !strcmp(o->cmd, "plot") ? o->output : o->plot;
    if (image && chase_gp_check(image, err, sizeof err)) {
        fprintf(stderr, "chase: %s%s\nTry 'chase --help' for more information.\n",
                !strcmp(o->cmd, "plot") ? "plot: " : "--plot: ", err);
        return CHASE_EXIT_USAGE;
    }
    /* What is read: operands (curves, reports to compare), --from, --lanes. */
    for (k = 0; k < o->nargs && nin < MAX_NAMED - 2; k++)
        if (!chase_data_resolve(o->args[k], path, sizeof path))
            identify(&in[nin++], o->args[k], path);   /* opt: the operand as given */
    if (o->from && !chase_data_resolve(o->from, path, sizeof path))
        identify(&in[nin++], "--from", path);
    if (o->lanes)
        identify(&in[nin++], "--lanes", o->lanes);

    for (i = 0; i < nout; i++) {
        for (j = i + 1; j < nout; j++)
            if (same(&out[i], &out[j])) {
                fprintf(stderr, "chase: %s and %s name the same file '%s': one would overwrite the other\n"
                                "Try 'chase --help' for more information.\n",
                        out[i].opt, out[j].opt, out[j].name);
                return CHASE_EXIT_USAGE;
            }
        for (j = 0; j < nin; j++)
            if (same(&out[i], &in[j])) {
                fprintf(stderr, "chase: %s '%s' is also an input (%s): writing it would destroy what is read\n"
                                "Try 'chase --help' for more information.\n",
                        out[i].opt, out[i].name, in[j].opt);
                return CHASE_EXIT_USAGE;
            }
    }
    return 0;
}
