/* worker_serve.c: a report's worker's side (report/worker.h): requests
 * read from the socket on standard input, each command run as `chase
 * ARGS...` would run it, with its own log. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/options.h"
#include "core/backend.h"
#include "core/exitcode.h"
#include "core/fresh.h"
#include "core/message.h"
#include "core/signals.h"
#include "report/worker.h"
#include "run/run.h"
#include "run/session.h"
#include "sweep/sweep.h"

/* 1: n bytes read; 0: the parent closed its end before a request; -1: an
 * error, a request cut short, or a stop. */
static int read_all(int fd, void *buf, size_t n, int first)
{
    char *p = buf;
    size_t got = 0;

    while (got < n) {
        ssize_t k = read(fd, p + got, n - got);
        if (k < 0 && errno == EINTR && !chase_stop)
            continue;
        if (k == 0 && got == 0 && first)
            return 0;
        if (k <= 0)
            return -1;
        got += (size_t)k;
    }
    return 1;
}

/* One command, as main() runs it. */
static int run_one(uint32_t kind, int argc, char **argv, char *backend, size_t len)
{
    struct chase_opts o;
    const struct chase_command *cmd = NULL;
    int rc = chase_opts_parse(argc, argv, &o, &cmd);

    if (rc >= 0)
        return rc;
    if (kind == CHASE_WORKER_CHECK)
        return chase_session_check(&o, backend, len);
    if (o.list)
        return chase_list_backends(&o);
    return cmd->m ? chase_run(cmd->m, &o) : cmd->run(&o);
}

/* The request's strings: the log's path (empty: this stderr), then the
 * arguments; each ended by a NUL, the last byte one. */
static int split(char *buf, size_t len, const char **log, char **argv, int *argc)
{
    size_t i = 0;

    if (!len || buf[len - 1])
        return -1;
    *log = buf;
    i = strlen(buf) + 1;
    *argc = 0;
    while (i < len) {
        if (*argc >= CHASE_WORKER_MAX_ARGS)
            return -1;
        argv[(*argc)++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[*argc] = NULL;
    return *argc ? 0 : -1;
}

int chase_worker_serve(void)
{
    struct stat st;
    int fd, err, null;

    /* Only chase report starts this (worker.c); said plainly to anyone
     * else who runs it. */
    if (fstat(STDIN_FILENO, &st) || !S_ISSOCK(st.st_mode)) {
        chase_error("%s is chase report's own: it serves the socket a report gives it as standard input",
                    CHASE_WORKER_ARG);
        return CHASE_EXIT_USAGE;
    }
    /* The socket away from the commands' children (gnuplot); their
     * standard input and output nowhere, as a part's always were. */
    fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    err = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    null = open("/dev/null", O_RDWR);
    if (fd < 0 || err < 0 || null < 0) {
        chase_error("report worker: %s", strerror(errno));
        return CHASE_EXIT_FAIL;
    }
    dup2(null, STDIN_FILENO);
    dup2(null, STDOUT_FILENO);
    close(null);
    chase_backends_hold();
    chase_catch_signals();
    for (;;) {
        struct chase_worker_req req;
        struct chase_worker_rep rep;
        char *buf, *argv[CHASE_WORKER_MAX_ARGS + 1];
        const char *log;
        int argc, r = read_all(fd, &req, sizeof req, 1);

        if (r == 0)
            return CHASE_EXIT_OK;
        if (r < 0 || req.magic != CHASE_WORKER_MAGIC ||
            (req.kind != CHASE_WORKER_RUN && req.kind != CHASE_WORKER_CHECK) || !req.len ||
            req.len > CHASE_WORKER_MAX_BYTES) {
            if (chase_stop)
                return chase_signal_exit();
            chase_error("report worker: a request it cannot read");
            return CHASE_EXIT_FAIL;
        }
        if (!(buf = malloc(req.len)))
            return CHASE_EXIT_FAIL;
        if (read_all(fd, buf, req.len, 0) < 0 || split(buf, req.len, &log, argv, &argc)) {
            free(buf);
            if (chase_stop)
                return chase_signal_exit();
            chase_error("report worker: a request it cannot read");
            return CHASE_EXIT_FAIL;
        }
        memset(&rep, 0, sizeof rep);
        if (log[0]) {
            int lf = chase_fresh_open(log);     /* never through a link left in the directory */
            if (lf >= 0) {
                dup2(lf, STDERR_FILENO);
                close(lf);
            }
        }
        rep.status = run_one(req.kind, argc, argv, rep.backend, sizeof rep.backend);
        fflush(stdout);
        fflush(stderr);
        dup2(err, STDERR_FILENO);
        free(buf);
        if (chase_worker_write(fd, &rep, sizeof rep))
            return CHASE_EXIT_FAIL;
        /* Stopped: the part said so; the report stops too. */
        if (chase_stop)
            return chase_signal_exit();
    }
}
