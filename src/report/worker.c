/* worker.c: the parent's side of a device's worker (worker.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "core/signals.h"
#include "report/spawn.h"
#include "report/worker.h"

void chase_worker_init(struct chase_worker *w, const char *env)
{
    w->pid = -1;
    w->fd = -1;
    snprintf(w->env, sizeof w->env, "%s", env ? env : "");
}

static int start(struct chase_worker *w)
{
    char *argv[] = {"chase", CHASE_WORKER_ARG, NULL};
    int sv[2];

    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
        return -1;
    w->pid = chase_spawn_start_in(argv, NULL, w->env[0] ? w->env : NULL, sv[1]);
    close(sv[1]);
    if (w->pid < 0) {
        close(sv[0]);
        return -1;
    }
    w->fd = sv[0];
    return 0;
}

void chase_worker_stop(struct chase_worker *w)
{
    if (w->pid < 0)
        return;
    close(w->fd);               /* its next read ends: it exits */
    chase_spawn_wait(w->pid);
    w->pid = -1;
    w->fd = -1;
}

/* The worker ended without answering: what ended it. */
static int reap(struct chase_worker *w)
{
    int st;

    close(w->fd);
    st = chase_spawn_wait(w->pid);
    w->pid = -1;
    w->fd = -1;
    /* A worker that exited 0 without an answer left its part unmeasured. */
    return st == 0 ? CHASE_EXIT_FAIL : st;
}

int chase_worker_write(int fd, const void *buf, size_t n)
{
    const char *p = buf;

    while (n) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* The answer; a signal this process caught meanwhile goes on to the
 * worker (once), which ends its part keeping what it measured. */
static int recv_all(struct chase_worker *w, void *buf, size_t n)
{
    char *p = buf;
    int forwarded = 0;

    while (n) {
        ssize_t k;
        /* Also a stop caught before this wait began (a node's later
         * workers, waited for after an earlier one). */
        if (chase_stop && !forwarded) {
            kill(w->pid, chase_stop);
            forwarded = 1;
        }
        k = recv(w->fd, p, n, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* 0: sent; -1: the worker would not take it; -2: the request itself
 * could not be made (too long, out of memory): the worker untouched. */
static int send_req(struct chase_worker *w, uint32_t kind, char *const *argv, const char *log)
{
    struct chase_worker_req req;
    char *buf;
    size_t len = strlen(log) + 1, k, n;
    int i, rc;

    for (i = 0; argv[i]; i++) {
        if (i >= CHASE_WORKER_MAX_ARGS)
            return -2;
        len += strlen(argv[i]) + 1;
    }
    if (len > CHASE_WORKER_MAX_BYTES || !(buf = malloc(len)))
        return -2;
    n = strlen(log) + 1;
    memcpy(buf, log, n);
    for (i = 0; argv[i]; i++) {
        k = strlen(argv[i]) + 1;
        memcpy(buf + n, argv[i], k);
        n += k;
    }
    if (w->pid < 0 && start(w)) {
        free(buf);
        return -2;
    }
    req.magic = CHASE_WORKER_MAGIC;
    req.kind = kind;
    req.len = (uint32_t)len;
    /* A stop caught before the request: the worker is told, as a child
     * waited for is (spawn.c). */
    if (chase_stop)
        kill(w->pid, chase_stop);
    rc = chase_worker_write(w->fd, &req, sizeof req) || chase_worker_write(w->fd, buf, len) ? -1 : 0;
    free(buf);
    return rc;
}

/* The answer to the request sent; a worker that ended without one is
 * waited for, and what ended it is the status. */
static int wait_rep(struct chase_worker *w, struct chase_worker_rep *rep)
{
    memset(rep, 0, sizeof *rep);
    if (w->pid < 0)
        return -1;
    if (recv_all(w, rep, sizeof *rep))
        return reap(w);
    rep->backend[sizeof rep->backend - 1] = 0;
    return rep->status;
}

/* What leaves the worker as it found it: a part complete, one with a
 * flagged figure, one whose picture failed, one this backend has not.
 * Anything else (a backend's failure, a signal) ends it. */
static int after(struct chase_worker *w, int st)
{
    if (st != 0 && st != CHASE_EXIT_BOUND && st != CHASE_EXIT_PLOT && st != CHASE_EXIT_UNSUPPORTED)
        chase_worker_stop(w);
    return st;
}

int chase_worker_send(struct chase_worker *w, char *const *argv, const char *log)
{
    int tries, rc, st;

    /* A worker that ended since its last answer takes no request: a new
     * one takes it, unless a stop ended it (or is under way). */
    for (tries = 0; tries < 2; tries++) {
        if ((rc = send_req(w, CHASE_WORKER_RUN, argv, log)) == 0)
            return 0;
        if (rc == -2 || w->pid < 0)
            return -1;
        st = reap(w);
        if (chase_stop_signal(st) && !chase_stop)
            chase_stop = chase_stop_signal(st);
        if (chase_stop)
            return -1;
    }
    return -1;
}

int chase_worker_wait(struct chase_worker *w)
{
    struct chase_worker_rep rep;
    return after(w, wait_rep(w, &rep));
}

int chase_worker_run(struct chase_worker *w, char *const *argv, const char *log)
{
    return chase_worker_send(w, argv, log) ? -1 : chase_worker_wait(w);
}

int chase_worker_check(struct chase_worker *w, char *const *argv, const char *log, char *backend, size_t len)
{
    struct chase_worker_rep rep;
    int st;

    if ((st = send_req(w, CHASE_WORKER_CHECK, argv, log))) {
        if (st == -1 && w->pid >= 0)
            reap(w);
        return -1;
    }
    st = wait_rep(w, &rep);
    if (st == 0 && len)
        snprintf(backend, len, "%s", rep.backend);
    if (st != 0)
        chase_worker_stop(w);
    return st;
}
