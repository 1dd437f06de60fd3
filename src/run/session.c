/* session.c: backend choice, metadata, signals, output and progress, shared
 * by every measurement. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "core/signals.h"
#include "core/message.h"
#include "run/session.h"
#include "core/size.h"

/* The slot to use, or NULL after printing why (code set). */
static struct chase_backend_slot *choose(struct chase_session *s, int *code)
{
    const struct chase_opts *o = s->o;
    struct chase_backend_slot *slot = NULL;
    const char *want = o->backend;
    int i;

    if (!strcmp(want, "auto") && o->spec)
        want = "sim";
    if (!strcmp(want, "auto")) {
        s->nslots = chase_backends_load(s->slots, CHASE_MAX_SLOTS, NULL);
        for (i = 0; i < s->nslots && !slot; i++)
            if (s->slots[i].ndevices > 0 && chase_backend_auto(s->slots[i].name))
                slot = &s->slots[i];
        if (o->verbose)
            for (i = 0; i < s->nslots; i++)
                if (s->slots[i].ndevices <= 0)
                    fprintf(stderr, "chase: backend %s unavailable: %s\n", s->slots[i].name, s->slots[i].why);
        if (!slot) {
            fprintf(stderr, "chase: no usable backend (chase --list-backends says why)\n");
            *code = CHASE_EXIT_NODEV;
        }
    } else {
        s->nslots = chase_backends_load(s->slots, CHASE_MAX_SLOTS, want);
        slot = chase_backends_find(s->slots, s->nslots, want);
        if (!slot) {
            fprintf(stderr, "chase: unknown backend '%s' (try --list-backends)\n", want);
            *code = CHASE_EXIT_USAGE;
            return NULL;
        }
        if (slot->ndevices <= 0) {
            fprintf(stderr, "chase: backend %s is unavailable: %s\n", slot->name, slot->why);
            *code = CHASE_EXIT_NODEV;
            return NULL;
        }
    }
    if (!slot)
        return NULL;
    /* The one check of the device index: backends trust it. */
    if (o->device >= slot->ndevices) {
        fprintf(stderr, "chase: device %d does not exist (%s has %d device%s: 0%s)\n", o->device,
                slot->name, slot->ndevices, slot->ndevices > 1 ? "s" : "",
                slot->ndevices > 1 ? " and up" : "");
        *code = CHASE_EXIT_NODEV;
        return NULL;
    }
    /* The peer's index, as the device's: the backend opens what it is given. */
    if (o->memory == CHASE_MEMORY_PEER && o->peer >= slot->ndevices) {
        fprintf(stderr, "chase: --memory peer:%d: the target memory is not available: %s has no device %d "
                "(%d device%s)\n", o->peer, slot->name, o->peer, slot->ndevices, slot->ndevices > 1 ? "s" : "");
        *code = CHASE_EXIT_TARGET;
        return NULL;
    }
    if (o->spec && strcmp(slot->name, "sim")) {
        fprintf(stderr, "chase: --sim applies to the sim backend only\n");
        *code = CHASE_EXIT_USAGE;
        return NULL;
    }
    return slot;
}

/* Does the data (output, or stdout for NULL or "-") go to a terminal? */
static int data_on_terminal(const char *output)
{
    struct stat st, err;

    if (!output || !strcmp(output, "-"))
        return isatty(STDOUT_FILENO);
    if (stat(output, &st) || !S_ISCHR(st.st_mode) || fstat(STDERR_FILENO, &err) || !S_ISCHR(err.st_mode))
        return 0;
    /* The same terminal, or /dev/tty: whichever terminal is ours. */
    return st.st_rdev == err.st_rdev || (stat("/dev/tty", &err) == 0 && st.st_rdev == err.st_rdev);
}

int chase_session_open(struct chase_session *s, const struct chase_opts *o, const struct chase_params *p)
{
    char err[CHASE_ERRLEN] = "";
    int code = CHASE_EXIT_OK, rc;

    memset(s, 0, sizeof *s);
    s->o = o;
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    s->human = !o->output && !o->fmt_given && isatty(STDOUT_FILENO);
    /* Progress only where a person watches and no data goes (fio's rule):
     * not with the rows on the terminal, as stdout ("-o -" too) or by a
     * name (-o /dev/tty, -o /dev/stdout). */
    s->progress = !o->quiet && isatty(STDERR_FILENO) && (s->human || !data_on_terminal(o->output));
    s->slot = choose(s, &code);
    if (!s->slot)
        return code;
    s->ops = s->slot->ops;
    if (p)
        s->params = *p;
    s->params.device = o->device;
    s->params.l2_fetch = o->l2_fetch;
    s->params.target.memory = o->memory;
    s->params.target.peer = o->memory == CHASE_MEMORY_PEER ? o->peer : 0;
    if (!s->params.spec)
        s->params.spec = o->spec;
    if (!s->params.cache_op)
        s->params.cache_op = o->cache_op;
    if (!s->params.alloc)
        s->params.alloc = o->alloc;
    if (!p) {
        s->params.carveout = o->carveout;
        s->params.sm = o->sm;
        s->params.max_bytes = o->max;
        s->params.no_warm = o->no_warm;
        s->params.stride = o->stride;
        s->params.pattern = o->pattern;
    }
    rc = s->ops->open(&s->params, &s->dev, &s->info, err, sizeof err);
    if (rc != CHASE_OK) {
        if (rc == CHASE_ETARGET)
            chase_error("%s: the target memory is not available: %s", s->slot->name, err);
        else
            chase_error("%s: %s", s->slot->name, err);  /* it may quote the spec */
        s->dev = NULL;
        return chase_exit_for(rc);
    }
    chase_catch_signals();
    return 0;
}

void chase_session_describe(struct chase_session *s, const char *kind)
{
    const struct chase_opts *o = s->o;
    const struct chase_devinfo *info = &s->info;
    struct chase_meta *m = &s->meta;
    char date[64];
    time_t t = time(NULL);
    struct tm tm;
    int i;

    (void)kind;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    chase_meta_add(m, "tool", "%s %s", PACKAGE_NAME, PACKAGE_VERSION);
    chase_meta_add(m, "command", "%s", o->command);
    chase_meta_add(m, "date", "%s", date);
    chase_meta_add(m, "backend", "%s", s->slot->name);
    chase_meta_add(m, "device", "%s", info->name);
    chase_meta_num(m, "device_index", o->device);
    chase_meta_add(m, "arch", "%s", info->arch);
    chase_meta_add(m, "timer", "%s", info->timer);
    /* Only where it is not the device's own memory: files of the usual
     * runs stay as they were, and a missing line means local. */
    if (o->memory == CHASE_MEMORY_PEER)
        chase_meta_add(m, "memory_target", "peer:%d", o->peer);
    else if (o->memory == CHASE_MEMORY_HOST)
        chase_meta_add(m, "memory_target", "host");
    else if (o->memory == CHASE_MEMORY_MANAGED)
        chase_meta_add(m, "memory_target", "managed");
    chase_meta_num(m, "seed", (double)o->seed);
    for (i = 0; i < info->nsettings; i++) {
        if (info->settings[i].is_num)
            chase_meta_num(m, info->settings[i].key, info->settings[i].num);
        else
            chase_meta_add(m, info->settings[i].key, "%s", info->settings[i].val);
    }
    chase_meta_add(m, "driver", "the driver.* lines are the driver's or OS's figures, not measurements");
    for (i = 0; i < info->nfacts; i++) {
        char key[64];
        snprintf(key, sizeof key, "driver.%s", info->facts[i].key);
        if (info->facts[i].is_num)
            chase_meta_num(m, key, info->facts[i].num);
        else
            chase_meta_add(m, key, "%s", info->facts[i].val);
    }
    for (i = 0; i < info->ncaches; i++) {
        char key[64];
        snprintf(key, sizeof key, "driver.cache.%s", info->caches[i].name);
        chase_meta_num(m, key, (double)info->caches[i].bytes);
    }
}

int chase_session_write_failed(struct chase_session *s)
{
    if (s->progress)
        chase_progress_done(s);
    /* A closed pipe on standard output is the reader's choice, not an
     * error to report (SIGPIPE's exit status says it). */
    if (!s->told) {
        if (!(chase_stop && chase_signal_exit() == CHASE_EXIT_SIGPIPE && !s->o->output))
            fprintf(stderr, "chase: %s\n", s->w.err);
        s->told = 1;
    }
    /* A reader that went away (SIGPIPE) stops us like any signal. */
    return chase_stop ? chase_signal_exit() : CHASE_EXIT_FILE;
}

int chase_session_output(struct chase_session *s, const char *kind)
{
    if (chase_writer_open(&s->w, s->human ? NULL : s->o->output, s->o->fmt)) {
        fprintf(stderr, "chase: %s\n", s->w.err);
        return CHASE_EXIT_FILE;
    }
    s->w.only = s->o->table;
    s->writing = 1;
    if (s->human)
        return 0;   /* a terminal gets the report instead of the data */
    if (chase_writer_begin(&s->w, kind, &s->meta))
        return chase_session_write_failed(s);
    return 0;
}

/* chase_session_finish; aside: a complete file is closed but left under
 * its temporary name (CHASE_WRITER_ASIDE). */
static int finish(struct chase_session *s, const char *status, int aside)
{
    char saved[4400];
    int complete = !strcmp(status, "complete"), bad = 0;

    if (!s->writing)
        return 0;
    if (!s->human && !s->w.failed && chase_writer_end(&s->w, status))
        bad = 1;
    if (chase_writer_close(&s->w, complete && aside ? CHASE_WRITER_ASIDE : complete, saved, sizeof saved))
        bad = 1;
    s->writing = 0;
    if (bad && !s->told)
        fprintf(stderr, "chase: %s\n", s->w.err);
    if (bad)
        s->told = 1;
    if (saved[0]) {
        /* "left as it was" only of a file that is there. */
        int older = s->o->output && access(s->o->output, F_OK) == 0;
        fprintf(stderr, "chase: the rows measured so far are in '%s'%s%s%s\n", saved, older ? "; '" : "",
                older ? s->o->output : "", older ? "' was left as it was" : "");
    }
    return bad ? CHASE_EXIT_FILE : 0;
}

int chase_session_finish(struct chase_session *s, const char *status)
{
    return finish(s, status, 0);
}

int chase_session_finish_aside(struct chase_session *s, const char *status)
{
    return finish(s, status, 1);
}

int chase_session_reopen_device(struct chase_session *s, const struct chase_params *p, char *err, size_t len)
{
    struct chase_devinfo info;
    void *dev = NULL;
    int rc;

    if (s->dev)
        s->ops->close(s->dev);
    s->dev = NULL;
    s->params = *p;
    memset(&info, 0, sizeof info);
    rc = s->ops->open(&s->params, &dev, &info, err, len);
    if (rc != CHASE_OK)
        return rc;
    s->dev = dev;
    s->info = info;
    return CHASE_OK;
}

void chase_session_close(struct chase_session *s)
{
    if (s->writing) {
        chase_writer_close(&s->w, 0, NULL, 0);
        s->writing = 0;
    }
    if (s->dev && s->ops)
        s->ops->close(s->dev);
    s->dev = NULL;
    chase_meta_free(&s->meta);
    chase_backends_unload();
}

int chase_session_backend(const struct chase_opts *o, char *backend, size_t len, int *ndevices)
{
    struct chase_session s;
    int code = CHASE_EXIT_OK;

    memset(&s, 0, sizeof s);
    s.o = o;
    if ((s.slot = choose(&s, &code))) {
        snprintf(backend, len, "%s", s.slot->name);
        *ndevices = s.slot->ndevices;
    }
    chase_backends_unload();
    return s.slot ? CHASE_EXIT_OK : code;
}

int chase_session_check(const struct chase_opts *o, char *backend, size_t len)
{
    struct chase_session s;
    int code = chase_session_open(&s, o, NULL);

    if (!code && s.slot && len)
        snprintf(backend, len, "%s", s.slot->name);
    chase_session_close(&s);
    return code;
}

double chase_session_elapsed(const struct chase_session *s)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - s->t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - s->t0.tv_nsec);
}

void chase_progress(const struct chase_session *s, const char *what, size_t done, size_t total,
                    const char *detail)
{
    char bar[31];
    size_t fill = total ? done * 30 / total : 0, i;
    double el;

    if (!s->progress)
        return;
    if (fill > 30)
        fill = 30;
    for (i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    el = chase_session_elapsed(s);
    fprintf(stderr, "\r\033[K%-7s [%s] %zu/%zu %s %.1f s", what, bar, done, total, detail ? detail : "", el);
    /* What is left at the pace so far: a rough figure (larger working
     * sets take longer a point), said as one. */
    if (done >= 2 && done < total)
        fprintf(stderr, ", ~%.0f s left", el * (double)(total - done) / (double)done);
    fflush(stderr);
}

void chase_progress_done(const struct chase_session *s)
{
    if (s->progress) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}

void chase_plot_failed(int *code, int prc, const char *err)
{
    if (!prc)
        return;
    fprintf(stderr, "chase: %s\n", err);
    if (!*code)
        *code = prc;
}
