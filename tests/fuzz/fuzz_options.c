/* fuzz_options.c: libFuzzer harness for the command line parser: any words, split on NUL bytes, are parsed or refused, without a crash or a leak. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/options.h"
#include "core/options.h"
#include "fuzz.h"

#define MAX_ARGS 32

/* getopt keeps where it was in a cluster of short options (-xyz) between
 * calls, pointing into the last argv; chase parses once a process and sets
 * optind = 1, which does not forget it.  optind = 0 does (glibc, musl). */
static void getopt_reset(void)
{
    static char name[] = "chase";
    char *argv[] = {name, NULL};

    optind = 0;
    opterr = 0;
    getopt(1, argv, ":");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int null_fd = -2;
    char *text, *argv[MAX_ARGS + 2], name[] = "chase";
    struct chase_opts *o;
    const struct chase_command *cmd = NULL;
    size_t i, start = 0;
    int argc = 1, saved;

    /* Help and --version go to standard output: to /dev/null here, for
     * replay.c writes its TAP there.  Refusals go to stderr (run.sh closes
     * it for this harness). */
    if (null_fd == -2)
        null_fd = open("/dev/null", O_WRONLY);
    text = malloc(size + 1);
    o = malloc(sizeof *o);
    if (!text || !o || null_fd < 0)
        abort();
    memcpy(text, data, size);
    text[size] = 0;
    argv[0] = name;
    /* Words apart by NUL; one NUL at the very end ends the last word. */
    for (i = 0; i <= size && argc <= MAX_ARGS; i++)
        if (text[i] == 0) {
            if (i == size && start == size && argc > 1 && size)
                break;
            argv[argc++] = text + start;
            start = i + 1;
        }
    if (size == 0)
        argc = 1;
    argv[argc] = NULL;

    getopt_reset();
    fflush(stdout);
    saved = dup(1);
    if (saved < 0 || dup2(null_fd, 1) < 0)
        abort();
    chase_opts_parse(argc, argv, o, &cmd);
    fflush(stdout);
    clearerr(stdout);
    if (dup2(saved, 1) < 0)
        abort();
    close(saved);
    free(o);
    free(text);
    return 0;
}
