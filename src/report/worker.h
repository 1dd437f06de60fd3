/* worker.h: a device's worker, the one process that runs a report's parts
 * (or a node's runs from one device) one after another.
 *
 * Why: every chase process that opens a GPU pays the driver's start (on
 * an H100, cuInit and the primary context: 0.3 s alone, 0.5-0.6 s while
 * another process starts beside it; bench/NOTES.md).  A report of ten
 * parts, each its own process, paid it ten times.  A worker pays it once
 * and keeps the device's context between parts (the cuda module holds
 * it); each part still gets its own log, its own options parsed afresh
 * and its own session.  What the separate processes gave is kept where
 * it matters: a part that fails (anything but complete, flagged, plot
 * failed or unsupported here) or is killed ends its worker, and the next
 * part starts a new one, so no part runs in a process another left
 * broken.
 *
 * The worker is this program run again as `chase --report-worker`
 * (cli/worker_serve.c: it parses and runs command lines as main does), its
 * standard input one end of a socket pair (a socket, not a pipe: writing
 * to a worker that died must not raise SIGPIPE, which stops a report).
 * A request: struct chase_worker_req, then len bytes: the log's path and
 * the arguments (argv[0] a name only), each ended by a NUL.  The answer:
 * struct chase_worker_rep. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_WORKER_H
#define CHASE_WORKER_H

#include <stdint.h>
#include <sys/types.h>

#define CHASE_WORKER_ARG "--report-worker"
#define CHASE_WORKER_MAGIC 0x31574843u     /* "CHW1" */
#define CHASE_WORKER_MAX_BYTES 65536u      /* a request's strings, at most */
#define CHASE_WORKER_MAX_ARGS 64

enum chase_worker_kind {
    CHASE_WORKER_RUN = 1,       /* run the command */
    CHASE_WORKER_CHECK = 2      /* open the device the arguments name, and close it: is it there? */
};

struct chase_worker_req {
    uint32_t magic, kind, len;
};

struct chase_worker_rep {
    int32_t status;             /* the command's exit status */
    char backend[32];           /* CHECK: the backend opened */
};

/* The parent's handle on one worker. */
struct chase_worker {
    pid_t pid;                  /* -1: none running */
    int fd;
    char env[1100];             /* "NAME=VALUE" its environment adds, or "" */
};

/* A handle with no worker yet; env (or NULL) is what every worker it
 * starts gets added to its environment. */
void chase_worker_init(struct chase_worker *w, const char *env);
/* Runs argv (argv[0] a name) in the worker, stderr to log (made afresh,
 * never through a link), stdout to nowhere; starts the worker first if
 * none is running, and ends it after a status that may have left it
 * unfit.  A signal the parent caught (chase_stop) goes on to the worker.
 * Returns the exit status, 128 + the signal that killed the worker, or
 * -1 (no worker could be started). */
int chase_worker_run(struct chase_worker *w, char *const *argv, const char *log);
/* The same in two halves, for workers that run at once: the request
 * sent (0; -1: no worker could be started, or it would not take it), and
 * its answer waited for (the status, as chase_worker_run's). */
int chase_worker_send(struct chase_worker *w, char *const *argv, const char *log);
int chase_worker_wait(struct chase_worker *w);
/* Opens and closes the device argv's options name, as the command would;
 * its backend's name to backend.  Returns the exit status (0: there). */
int chase_worker_check(struct chase_worker *w, char *const *argv, const char *log, char *backend, size_t len);
/* Ends the worker, if any, and waits for it. */
void chase_worker_stop(struct chase_worker *w);

/* Writes all of buf to the socket fd, through EINTR, never raising
 * SIGPIPE (both sides' writes).  0, or -1 where the other end is gone. */
int chase_worker_write(int fd, const void *buf, size_t n);

/* The worker's side (cli/worker_serve.c): serves requests on standard
 * input until it closes.  Returns the process's exit status. */
int chase_worker_serve(void);

#endif
