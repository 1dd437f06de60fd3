/* spawn.c: the report's children (spawn.h): a device's worker (worker.h),
 * each device of a node, and the node's fleet merge, each its own chase
 * process: one that fails or is stopped leaves the others' results whole,
 * and its time and messages are its own. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fresh.h"
#include "core/signals.h"
#include "report/spawn.h"

/* The environment a child gets: this process's, with env ("NAME=VALUE")
 * in place of NAME's entry, or added.  Built before the fork: the parent
 * may have threads (a CUDA driver's), and a child of a threaded process
 * should not allocate before it execs.  NULL where env is, or out of
 * memory (the child then gets this process's as it is). */
static char **child_environ(const char *env)
{
    extern char **environ;
    size_t n = 0, k = 0, name;
    char **e;

    if (!env || !strchr(env, '='))
        return NULL;
    name = (size_t)(strchr(env, '=') - env) + 1;
    while (environ[n])
        n++;
    if (!(e = malloc((n + 2) * sizeof *e)))
        return NULL;
    for (n = 0; environ[n]; n++)
        if (strncmp(environ[n], env, name))
            e[k++] = environ[n];
    e[k++] = (char *)env;
    e[k] = NULL;
    return e;
}

pid_t chase_spawn_start_in(char *const *argv, const char *log, const char *env, int in)
{
    char **envp = child_environ(env);
    pid_t pid;

    fflush(NULL);
    pid = fork();
    if (pid != 0) {
        free(envp);
        return pid;
    }
    {
        int fd = log ? chase_fresh_open(log) : -1;     /* never through a link left in the directory */
        if (fd >= 0) {
            dup2(fd, STDERR_FILENO);
            close(fd);
        }
        /* A worker's requests (worker.h); the duplicate is not closed on exec. */
        if (in >= 0 && dup2(in, STDIN_FILENO) < 0)
            _exit(127);
        /* dup2 onto itself (the socket made on a closed fd 0) leaves its
         * close-on-exec. */
        if (in == STDIN_FILENO && fcntl(STDIN_FILENO, F_SETFD, 0) < 0)
            _exit(127);
        /* The child's data goes to its file; nothing to the terminal. */
        fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            close(fd);
        }
        if (envp)
            execve("/proc/self/exe", argv, envp);
        else
            execv("/proc/self/exe", argv);
        _exit(127);
    }
}

pid_t chase_spawn_start(char *const *argv, const char *log, const char *env)
{
    return chase_spawn_start_in(argv, log, env, -1);
}

int chase_spawn_wait(pid_t pid)
{
    int st, forwarded = 0;

    if (pid < 0)
        return -1;
    /* A signal to the report (one sent to it alone, not to the terminal's
     * process group) goes on to the child, also one caught before this
     * wait began (a node's fleet merge, started before its topology). */
    if (chase_stop) {
        kill(pid, chase_stop);
        forwarded = 1;
    }
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
