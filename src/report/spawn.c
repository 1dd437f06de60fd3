/* spawn.c: the report's children (spawn.h).  Each part, and each device of
 * a node, runs as its own chase process: one that fails or is stopped
 * leaves the others' results whole, and its time and messages are its
 * own. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fresh.h"
#include "core/signals.h"
#include "report/spawn.h"

pid_t chase_spawn_start(char *const *argv, const char *log, const char *env)
{
    pid_t pid;

    fflush(NULL);
    pid = fork();
    if (pid != 0)
        return pid;
    {
        int fd = chase_fresh_open(log);     /* never through a link left in the directory */
        if (fd >= 0) {
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        /* The child's data goes to its file; nothing to the terminal. */
        fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            close(fd);
        }
        if (env && putenv((char *)env))
            _exit(127);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
}

int chase_spawn_wait(pid_t pid)
{
    int st, forwarded = 0;

    if (pid < 0)
        return -1;
    /* A signal to the report (one sent to it alone, not to the terminal's
     * process group) goes on to the child. */
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR)
            return -1;
        if (chase_stop && !forwarded) {
            kill(pid, chase_stop);
            forwarded = 1;
        }
    }
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int chase_spawn(char *const *argv, const char *log, const char *env)
{
    return chase_spawn_wait(chase_spawn_start(argv, log, env));
}
