/* sweep.c: one working-set sweep, from the plan to the report.
 *
 * Data flows one way: plan -> backend samples -> per-point statistics ->
 * a row streamed to the output -> levels -> report and plot.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "exitcode.h"
#include "levels.h"
#include "output.h"
#include "plan.h"
#include "plot.h"
#include "report.h"
#include "size.h"
#include "stats.h"
#include "sweep.h"

#define MAX_SLOTS 8

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static int exit_for(int status)
{
    switch (status) {
    case CHASE_EINVAL:
        return CHASE_EXIT_USAGE;
    case CHASE_ENODEV:
        return CHASE_EXIT_NODEV;
    case CHASE_ENOMEM:
        return CHASE_EXIT_NOMEM;
    default:
        return CHASE_EXIT_FAIL;
    }
}

int chase_list_backends(const struct chase_opts *o)
{
    struct chase_backend_slot slots[MAX_SLOTS];
    int n = chase_backends_load(slots, MAX_SLOTS, NULL), i;

    (void)o;
    printf("%-6s %-12s %-8s %s\n", "name", "status", "devices", "description");
    for (i = 0; i < n; i++) {
        const struct chase_backend_slot *s = &slots[i];
        if (s->ndevices > 0)
            printf("%-6s %-12s %-8d %s\n", s->name, "available", s->ndevices, s->ops->summary);
        else
            printf("%-6s %-12s %-8s %s\n", s->name, "unavailable", "-", s->why);
    }
    chase_backends_unload();
    return CHASE_EXIT_OK;
}

/* Picks the backend; fills why on failure. */
static struct chase_backend_slot *choose(const struct chase_opts *o, struct chase_backend_slot *slots,
                                         int *n, int *code)
{
    struct chase_backend_slot *s = NULL;
    const char *want = o->backend;
    int i;

    if (!strcmp(want, "auto") && o->spec)
        want = "sim";
    if (!strcmp(want, "auto")) {
        *n = chase_backends_load(slots, MAX_SLOTS, NULL);
        for (i = 0; i < *n && !s; i++)
            if (slots[i].ndevices > 0 && strcmp(slots[i].name, "sim"))
                s = &slots[i];
        if (!s) {
            fprintf(stderr, "chase: no usable backend\n");
            *code = CHASE_EXIT_NODEV;
        } else if (o->verbose) {
            for (i = 0; i < *n; i++)
                if (slots[i].ndevices <= 0)
                    fprintf(stderr, "chase: backend %s unavailable: %s\n", slots[i].name, slots[i].why);
        }
        return s;
    }
    *n = chase_backends_load(slots, MAX_SLOTS, want);
    s = chase_backends_find(slots, *n, want);
    if (!s) {
        fprintf(stderr, "chase: unknown backend '%s' (try --list-backends)\n", want);
        *code = CHASE_EXIT_USAGE;
        return NULL;
    }
    if (s->ndevices <= 0) {
        fprintf(stderr, "chase: backend %s is unavailable: %s\n", s->name, s->why);
        *code = CHASE_EXIT_NODEV;
        return NULL;
    }
    if (o->device >= s->ndevices) {
        fprintf(stderr, "chase: device %d does not exist (%s has %d device%s: 0%s)\n", o->device,
                s->name, s->ndevices, s->ndevices > 1 ? "s" : "", s->ndevices > 1 ? " and up" : "");
        *code = CHASE_EXIT_NODEV;
        return NULL;
    }
    if (o->spec && strcmp(s->name, "sim")) {
        fprintf(stderr, "chase: --sim applies to the sim backend only\n");
        *code = CHASE_EXIT_USAGE;
        return NULL;
    }
    return s;
}

static void describe(struct chase_meta *m, const struct chase_opts *o, const char *backend,
                     const struct chase_devinfo *info, uint64_t stride)
{
    char date[64], a[32];
    time_t t = time(NULL);
    struct tm tm;
    int i;

    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    chase_meta_add(m, "tool", "%s %s", PACKAGE_NAME, PACKAGE_VERSION);
    chase_meta_add(m, "command", "%s", o->command);
    chase_meta_add(m, "date", "%s", date);
    chase_meta_add(m, "backend", "%s", backend);
    chase_meta_add(m, "device", "%s", info->name);
    chase_meta_add(m, "device_index", "%d", o->device);
    chase_meta_add(m, "arch", "%s", info->arch);
    chase_meta_add(m, "pattern", "%s", o->pattern == CHASE_PATTERN_SEQ ? "sequential" : "random");
    chase_meta_add(m, "stride", "%llu (%s)", (unsigned long long)stride, chase_size_format(stride, a, sizeof a));
    chase_meta_add(m, "repeats", "%u or more fresh chains a point, more while the median is unsettled", o->repeat);
    chase_meta_add(m, "seed", "%llu", (unsigned long long)o->seed);
    chase_meta_add(m, "timer", "%s", info->timer);
    for (i = 0; i < info->nsettings; i++)
        chase_meta_add(m, info->settings[i].key, "%s", info->settings[i].val);
    chase_meta_add(m, "driver", "the driver.* lines are the driver's or OS's figures, not measurements");
    for (i = 0; i < info->nfacts; i++) {
        char key[64];
        snprintf(key, sizeof key, "driver.%s", info->facts[i].key);
        chase_meta_add(m, key, "%s", info->facts[i].val);
    }
    for (i = 0; i < info->ncaches; i++) {
        char key[64];
        snprintf(key, sizeof key, "driver.cache.%s", info->caches[i].name);
        chase_meta_add(m, key, "%llu", (unsigned long long)info->caches[i].bytes);
    }
}

static void progress(size_t done, size_t total, uint64_t bytes, double cycles, double secs)
{
    char a[32], bar[31];
    size_t fill = total ? done * 30 / total : 0, i;
    for (i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    fprintf(stderr, "\r[%s] %3zu/%zu %10s %8.1f cyc %6.1f s ", bar, done, total,
            chase_size_format(bytes, a, sizeof a), cycles, secs);
    fflush(stderr);
}

static double elapsed(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* Measures one point: fresh chains until the median settles. */
static int measure_point(const struct chase_backend *ops, void *dev, const struct chase_opts *o,
                         uint64_t bytes, uint64_t stride, struct chase_row *row, char *err, size_t len)
{
    double cyc[CHASE_MAX_SAMPLES * 8], ns[CHASE_MAX_SAMPLES * 8];
    unsigned n = 0, calls, max_calls = o->repeat * 4;
    int rc = CHASE_OK;

    for (calls = 0; calls < max_calls; calls++) {
        struct chase_samples s;
        struct chase_point pt;
        unsigned i;
        double med, sigma;

        memset(&s, 0, sizeof s);
        pt.bytes = bytes;
        pt.stride = stride;
        pt.pattern = o->pattern;
        pt.seed = o->seed * 0x100000001b3ULL + bytes * 31 + calls;
        pt.stop = &stop_signal;
        rc = ops->measure(dev, &pt, &s, err, len);
        if (rc != CHASE_OK)
            return rc;
        for (i = 0; i < s.n && n < sizeof cyc / sizeof cyc[0]; i++, n++) {
            cyc[n] = s.cycles[i];
            ns[n] = s.ns[i];
        }
        if (calls + 1 < o->repeat)
            continue;
        /* Settled: the median's standard error under 0.5%. */
        sigma = chase_mad_sigma(cyc, n);
        med = chase_median(cyc, n);
        if (1.2533 * sigma / sqrt((double)n) <= 0.005 * med || n >= sizeof cyc / sizeof cyc[0] - CHASE_MAX_SAMPLES)
            break;
    }
    row->bytes = bytes;
    row->samples = n;
    row->cycles = chase_median(cyc, n);
    row->p5 = chase_quantile(cyc, n, 0.05);
    row->p95 = chase_quantile(cyc, n, 0.95);
    row->ns = chase_median(ns, n);
    return CHASE_OK;
}

int chase_sweep(const struct chase_opts *o)
{
    struct chase_backend_slot slots[MAX_SLOTS], *slot;
    struct chase_devinfo info;
    struct chase_params params;
    struct chase_writer w;
    struct chase_curve curve;
    struct chase_level levels[CHASE_MAX_LEVELS];
    size_t nplan = 0, i, nlv;
    uint64_t *plan = NULL, stride, max, min;
    void *dev = NULL;
    char err[CHASE_ERRLEN] = "", a[32];
    const char *status = "complete";
    int nslots = 0, code = CHASE_EXIT_OK, rc;
    int human = !o->output && !o->fmt_given && isatty(STDOUT_FILENO);
    int show_progress = !o->quiet && isatty(STDERR_FILENO);
    struct timespec t0;

    memset(&curve, 0, sizeof curve);
    memset(&info, 0, sizeof info);
    clock_gettime(CLOCK_MONOTONIC, &t0);

    /* Usage errors come before any device work. */
    if (o->min && o->max && o->min > o->max) {
        fprintf(stderr, "chase: --min %s is above --max ", chase_size_format(o->min, a, sizeof a));
        fprintf(stderr, "%s\n", chase_size_format(o->max, a, sizeof a));
        return CHASE_EXIT_USAGE;
    }
    if (o->stride && o->max && o->stride > o->max) {
        fprintf(stderr, "chase: stride %s is larger than the working set ", chase_size_format(o->stride, a, sizeof a));
        fprintf(stderr, "%s\n", chase_size_format(o->max, a, sizeof a));
        return CHASE_EXIT_USAGE;
    }

    slot = choose(o, slots, &nslots, &code);
    if (!slot)
        goto out;

    memset(&params, 0, sizeof params);
    params.device = o->device;
    params.pattern = o->pattern;
    params.stride = o->stride;
    params.max_bytes = o->max;
    params.spec = o->spec;
    params.cache_op = o->cache_op;
    params.carveout = o->carveout;
    params.no_warm = o->no_warm;
    params.sm = o->sm;
    rc = slot->ops->open(&params, &dev, &info, err, sizeof err);
    if (rc != CHASE_OK) {
        fprintf(stderr, "chase: %s: %s\n", slot->name, err);
        code = exit_for(rc);
        dev = NULL;
        goto out;
    }
    stride = o->stride ? o->stride : info.default_stride ? info.default_stride : 64;
    max = o->max ? o->max : info.default_max;
    min = o->min ? o->min : stride > 1024 ? stride : 1024;
    if (min > max && !o->min)
        min = stride <= max ? stride : max;   /* a stride too large is the plan's to report */
    /* The plan checks what depends on the backend's defaults too. */
    if (chase_plan_make(min, max, o->steps, stride, &plan, &nplan, err, sizeof err)) {
        fprintf(stderr, "chase: %s\n", err);
        code = CHASE_EXIT_USAGE;
        goto out;
    }

    if (chase_writer_open(&w, human ? NULL : o->output, o->fmt, err, sizeof err)) {
        fprintf(stderr, "chase: %s\n", err);
        code = CHASE_EXIT_FILE;
        goto out;
    }
    snprintf(curve.name, sizeof curve.name, "%s", slot->name);
    describe(&curve.meta, o, slot->name, &info, stride);
    if (!human)
        chase_writer_begin(&w, &curve.meta);

    catch_signals();
    for (i = 0; i < nplan; i++) {
        struct chase_row row;
        if (stop_signal)
            break;
        rc = measure_point(slot->ops, dev, o, plan[i], stride, &row, err, sizeof err);
        if (rc == CHASE_EINTR || stop_signal)
            break;
        if (rc != CHASE_OK) {
            if (show_progress)
                fputc('\n', stderr);
            fprintf(stderr, "chase: %s at %s: %s\n", slot->name,
                    chase_size_format(plan[i], a, sizeof a), err);
            code = exit_for(rc);
            status = "failed";
            break;
        }
        if (chase_curve_push(&curve, &row)) {
            fprintf(stderr, "chase: out of memory\n");
            code = CHASE_EXIT_FAIL;
            status = "failed";
            break;
        }
        if (!human)
            chase_writer_row(&w, &row);
        if (show_progress)
            progress(i + 1, nplan, row.bytes, row.cycles, elapsed(&t0));
        if (o->verbose && !show_progress)
            fprintf(stderr, "chase: %s: %.2f cycles, %u samples\n",
                    chase_size_format(row.bytes, a, sizeof a), row.cycles, row.samples);
    }
    if (show_progress)
        fputs("\r\033[K", stderr);
    if (stop_signal) {
        status = "interrupted";
        code = stop_signal == SIGTERM ? CHASE_EXIT_SIGTERM : CHASE_EXIT_SIGINT;
        fprintf(stderr, "chase: interrupted after %zu of %zu points; they are kept\n", curve.n, nplan);
    }
    chase_meta_add(&curve.meta, "elapsed_s", "%.2f", elapsed(&t0));

    nlv = chase_levels_find(&curve, levels, CHASE_MAX_LEVELS);
    if (human) {
        chase_report_table(stdout, &curve);
        fputc('\n', stdout);
        chase_report_levels(stdout, &curve, levels, nlv);
    } else {
        chase_writer_end(&w, levels, nlv, status);
        if (!o->quiet)
            chase_report_levels(stderr, &curve, levels, nlv);
    }
    if (chase_writer_close(&w)) {
        fprintf(stderr, "chase: writing the output failed\n");
        if (code == CHASE_EXIT_OK)
            code = CHASE_EXIT_FILE;
    }
    if (o->plot && curve.n) {
        struct chase_plot_curve pc = {&curve, levels, nlv};
        int prc = chase_plot(&pc, 1, o->plot, o->script, o->ns, err, sizeof err);
        if (prc) {
            fprintf(stderr, "chase: %s\n", err);
            if (code == CHASE_EXIT_OK)
                code = prc;
        }
    }
out:
    if (dev)
        slot->ops->close(dev);
    free(plan);
    chase_curve_free(&curve);
    chase_backends_unload();
    return code;
}
