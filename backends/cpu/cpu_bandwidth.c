/* cpu_bandwidth.c: the cpu backend's bandwidth hook: every core at once,
 * one thread pinned to one logical CPU of each core the process may run
 * on, each reading, writing or copying its part of the working set (the
 * STREAM kernels' shapes: a sum, a fill, a copy; four independent
 * accumulators so a read is not one long dependence).  Replicated: every
 * thread reads the whole set (and writes a copy of its own: cores writing
 * the same lines would measure the coherence protocol, not a level);
 * partitioned and stream: one contiguous slice a thread.  A sample is timed
 * by the OS's monotonic clock, read by the threads themselves: from the
 * first thread's start to the last one's end (the main thread, which is
 * not pinned, shares a CPU with a worker: a clock it read after the start
 * barrier could come a whole pass late, and an 8 MiB read was then timed
 * at 4.8 us, 3.5 TB/s).  There is no SM clock, so cycles are unknown
 * (NAN).  The launch
 * shape is fixed (one thread a core): any other is refused. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "cpu_bandwidth.h"

#define SAMPLES 3
/* A sample lasts about 2 ms: waking the threads from a barrier costs tens
 * of microseconds, a few percent of it at most (and the passes are sized
 * on runs of at least a quarter of it). */
#define SAMPLE_NS 2e6
#define MAX_REPS (1u << 20)
#define MAX_THREADS 1024

/* The threads start only once every one exists (state 1), or leave
 * (state -1) when one could not be made. */
struct gate {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int state;
};

struct worker {
    pthread_t tid;
    struct gate *gate;
    int cpu;
    const struct chase_bw_req *rq;
    char *src, *dst;            /* this thread's part (copy: source and destination) */
    size_t bytes;               /* of src (and dst) */
    unsigned reps;
    pthread_barrier_t *go, *done;
    uint64_t sink;
    double start, end;          /* this thread's pass, monotonic ns */
    const int *quit;            /* set before the last go: leave */
};

/* The logical CPUs to run on: the process's, one a core where sysfs says
 * which core each is on.  Returns how many (at most max). */
static int cpus(int *list, int max)
{
    cpu_set_t set;
    int c, n = 0, k;
    long seen[MAX_THREADS][2];

    if (sched_getaffinity(0, sizeof set, &set))
        return 0;
    for (c = 0; c < CPU_SETSIZE && n < max; c++) {
        char path[96];
        long core = -1, pkg = -1;
        FILE *f;
        if (!CPU_ISSET(c, &set))
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/core_id", c);
        if ((f = fopen(path, "r"))) {
            if (fscanf(f, "%ld", &core) != 1)
                core = -1;
            fclose(f);
        }
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", c);
        if ((f = fopen(path, "r"))) {
            if (fscanf(f, "%ld", &pkg) != 1)
                pkg = -1;
            fclose(f);
        }
        for (k = 0; k < n && core >= 0; k++)
            if (seen[k][0] == core && seen[k][1] == pkg)
                break;
        if (core >= 0 && k < n)
            continue;   /* an SMT sibling of a core already taken */
        seen[n][0] = core;
        seen[n][1] = pkg;
        list[n++] = c;
    }
    return n;
}

/* A read pass: 16-byte loads where the compiler targets SSE2 (every
 * x86-64), four accumulators; else 8-byte words.  With 8-byte loads the
 * pass was issue-bound: on this CI machine's CPU the L1 read at 19 GB/s
 * and the L3 past the L2 at 20 beside other tests, a level no faster than
 * the next. */
static uint64_t read_pass(const char *src, size_t bytes)
{
#if defined(__SSE2__)
    const __m128i *v = (const __m128i *)(const void *)src;
    size_t n = bytes / 16, i;
    __m128i a = _mm_setzero_si128(), b = a, c = a, e = a;

    for (i = 0; i + 3 < n; i += 4) {
        a = _mm_xor_si128(a, _mm_load_si128(v + i));
        b = _mm_xor_si128(b, _mm_load_si128(v + i + 1));
        c = _mm_xor_si128(c, _mm_load_si128(v + i + 2));
        e = _mm_xor_si128(e, _mm_load_si128(v + i + 3));
    }
    a = _mm_xor_si128(_mm_xor_si128(a, b), _mm_xor_si128(c, e));
    return (uint64_t)_mm_cvtsi128_si64(a) ^ (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a));
#else
    const uint64_t *s = (const uint64_t *)(const void *)src;
    size_t n = bytes / 8, i;
    uint64_t a = 0, b = 0, c = 0, e = 0;

    for (i = 0; i + 3 < n; i += 4) {
        a += s[i];
        b += s[i + 1];
        c += s[i + 2];
        e += s[i + 3];
    }
    return a ^ b ^ c ^ e;
#endif
}

static void run_op(struct worker *w)
{
    uint64_t *s = (uint64_t *)w->src, *d = (uint64_t *)w->dst;
    size_t n = w->bytes / 8, i;
    uint64_t a = 0;
    unsigned r;

    for (r = 0; r < w->reps; r++) {
        if (w->rq->op == CHASE_BW_READ) {
            a ^= read_pass(w->src, w->bytes);
        } else if (w->rq->op == CHASE_BW_WRITE) {
            for (i = 0; i < n; i++)
                s[i] = r + i;
        } else {
            memcpy(d, s, n * 8);
        }
        /* A compiler barrier between passes: each pass is done again,
         * never kept from the one before. */
        __asm__ __volatile__("" ::: "memory");
    }
    w->sink += a;
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void *work(void *p)
{
    struct worker *w = p;
    cpu_set_t one;
    int k;

    pthread_mutex_lock(&w->gate->mu);
    while (!w->gate->state)
        pthread_cond_wait(&w->gate->cv, &w->gate->mu);
    k = w->gate->state;
    pthread_mutex_unlock(&w->gate->mu);
    if (k < 0)
        return NULL;
    CPU_ZERO(&one);
    CPU_SET(w->cpu, &one);
    pthread_setaffinity_np(pthread_self(), sizeof one, &one);
    /* First touch from the thread that will use it: its pages are local. */
    memset(w->src, 1, w->bytes);
    if (w->dst)
        memset(w->dst, 0, w->bytes);
    for (;;) {
        pthread_barrier_wait(w->go);
        if (*w->quit)
            return NULL;
        w->start = now_ns();
        run_op(w);
        w->end = now_ns();
        pthread_barrier_wait(w->done);
    }
}

/* The longest pass of one thread: what the passes are sized on (the span
 * below adds the threads' wake-up skew, which on a busy machine reached a
 * millisecond and left a sample of one 2 KiB pass: mostly skew). */
static double pass_ns(const struct worker *w, unsigned units)
{
    double t = 0;
    unsigned i;

    for (i = 0; i < units; i++)
        if (w[i].end - w[i].start > t)
            t = w[i].end - w[i].start;
    return t;
}

/* The sample's time: from the first thread's start to the last one's end. */
static double span_ns(const struct worker *w, unsigned units)
{
    double t0 = w[0].start, t1 = w[0].end;
    unsigned i;

    for (i = 1; i < units; i++) {
        if (w[i].start < t0)
            t0 = w[i].start;
        if (w[i].end > t1)
            t1 = w[i].end;
    }
    return t1 - t0;
}

int cpu_bandwidth(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err, size_t len)
{
    static int list[MAX_THREADS];
    struct worker *w;
    struct gate gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
    pthread_barrier_t go, done;
    unsigned units, i, samples, reps = 1, k;
    int quit = 0;
    size_t part;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    char *buf;
    int rc = CHASE_OK, started;

    (void)dev;
    if (!rq)
        return CHASE_OK;
    if ((rc = chase_bw_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    if (rq->blocks_per_sm || rq->threads) {
        snprintf(err, len, "the cpu backend runs one thread a core, no other launch shape");
        return CHASE_ENOTSUP;
    }
    if (rq->target != CHASE_BW_GLOBAL) {
        snprintf(err, len, "a CPU has no shared memory");
        return CHASE_ENOTSUP;
    }
    if (rq->cache_op) {
        snprintf(err, len, "the cpu backend has no cache operators");
        return CHASE_EINVAL;
    }
    if (pages > 0 && page > 0 && rq->bytes > (uint64_t)pages / 4 * (uint64_t)page) {
        snprintf(err, len, "a working set of %llu B is more than a quarter of this machine's memory",
                 (unsigned long long)rq->bytes);
        return CHASE_ENOMEM;
    }
    units = (unsigned)cpus(list, MAX_THREADS);
    if (!units) {
        snprintf(err, len, "sched_getaffinity: no CPU to run on");
        return CHASE_EFAIL;
    }
    /* Each thread's part: replicated, the whole set. */
    part = rq->placement == CHASE_BW_REPLICATED ? rq->bytes : rq->bytes / units;
    if (rq->op == CHASE_BW_COPY)
        part /= 2;
    part = part / 64 * 64;
    if (part < 64) {
        snprintf(err, len, "%llu B over %u cores leaves less than 64 B a core", (unsigned long long)rq->bytes, units);
        return CHASE_EINVAL;
    }
    samples = rq->samples ? rq->samples : SAMPLES;
    w = calloc(units, sizeof *w);
    /* Replicated: one source every thread reads, a destination each
     * (read: none); the others: a source and destination a thread. */
    buf = aligned_alloc(64, rq->placement == CHASE_BW_REPLICATED ? part * (rq->op == CHASE_BW_READ ? 1 : units + 1)
                                                                 : part * units * (rq->op == CHASE_BW_COPY ? 2 : 1));
    if (!w || !buf || pthread_barrier_init(&go, NULL, units + 1)) {
        free(w);
        free(buf);
        snprintf(err, len, "out of memory for %llu B", (unsigned long long)rq->bytes);
        return CHASE_ENOMEM;
    }
    pthread_barrier_init(&done, NULL, units + 1);
    for (i = 0; i < units; i++) {
        w[i].cpu = list[i];
        w[i].rq = rq;
        w[i].bytes = part;
        w[i].go = &go;
        w[i].gate = &gate;
        w[i].done = &done;
        w[i].quit = &quit;
        if (rq->placement == CHASE_BW_REPLICATED && rq->op == CHASE_BW_WRITE) {
            w[i].src = buf + part * (i + 1);    /* a write's own destination (src: what run_op fills) */
            w[i].dst = NULL;
        } else if (rq->placement == CHASE_BW_REPLICATED) {
            w[i].src = buf;
            w[i].dst = rq->op == CHASE_BW_COPY ? buf + part * (i + 1) : NULL;
        } else {
            w[i].src = buf + part * i * (rq->op == CHASE_BW_COPY ? 2 : 1);
            w[i].dst = rq->op == CHASE_BW_COPY ? w[i].src + part : NULL;
        }
        w[i].reps = 1;
    }
    for (i = 0; i < units; i++)
        if (pthread_create(&w[i].tid, NULL, work, &w[i]))
            break;
    started = (int)i;
    pthread_mutex_lock(&gate.mu);
    gate.state = i < units ? -1 : 1;
    pthread_cond_broadcast(&gate.cv);
    pthread_mutex_unlock(&gate.mu);
    if (i < units) {
        snprintf(err, len, "could not start a thread a core (%u of %u)", i, units);
        rc = CHASE_EFAIL;
        samples = 0;
    }
    /* Untimed runs warm the caches and size the passes: eight times more
     * until a run lasts a quarter of a sample (the barriers' own cost is
     * then small beside it), then scaled to a sample. */
    for (k = 0; rc == CHASE_OK && k < 64; k++) {
        double t, want;
        for (i = 0; i < units; i++)
            w[i].reps = reps;   /* read by each thread after the next barrier */
        pthread_barrier_wait(&go);
        pthread_barrier_wait(&done);
        t = pass_ns(w, units);
        if (rq->reps) {
            reps = rq->reps;
            break;
        }
        if (t < SAMPLE_NS / 4 && reps < MAX_REPS / 8) {
            reps *= 8;
            continue;
        }
        want = ceil(reps * SAMPLE_NS / (t > 0 ? t : 1));
        reps = want > MAX_REPS ? MAX_REPS : want < 1 ? 1 : (unsigned)want;
        break;
    }
    for (i = 0; i < units; i++)
        w[i].reps = reps;
    for (k = 0; k < samples && rc == CHASE_OK; k++) {
        pthread_barrier_wait(&go);
        pthread_barrier_wait(&done);
        out->bytes[k] = (double)part * units * reps * (rq->op == CHASE_BW_COPY ? 2 : 1);
        out->ns[k] = span_ns(w, units);
        out->cycles[k] = NAN;
        if (*rq->stop)
            rc = CHASE_EINTR;
    }
    if (rc != CHASE_EFAIL) {
        quit = 1;
        pthread_barrier_wait(&go);
    }
    for (i = 0; i < (unsigned)started; i++)
        pthread_join(w[i].tid, NULL);
    pthread_barrier_destroy(&go);
    pthread_barrier_destroy(&done);
    out->n = samples;
    out->blocks_per_sm = 1;
    out->threads = 1;
    out->units = units;
    free(w);
    free(buf);
    return rc;
}
