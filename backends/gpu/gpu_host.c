/* gpu_host.c: the chase backend for GPUs, written once for CUDA and HIP.
 *
 * One allocation serves the whole sweep.  Each point builds its chain on the
 * device in parallel, then one thread warms and times it in the same launch
 * and on one multiprocessor (--sm; each has its own L1, and the L2's
 * latency differs between them), going on along the chain rather than
 * restarting at its head.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "kernels_abi.h"
#include "size.h"

#define SAMPLES 12
#define LOADS 1024
/* No launch walks more than this many loads: long warm walks are split. */
#define MAX_LAUNCH_LOADS (1ull << 21)

struct gpu_dev {
    struct gpu *g;
    uint64_t base, bytes;       /* the working-set allocation */
    uint64_t scratch;           /* cursor, head and walk results */
    uint64_t warm_limit;        /* working sets up to this need a warm walk */
    double realtime_hz;
    int no_warm;
    int sm;                     /* pinned multiprocessor, or -1 */
};

static int gpu_backend_probe(int *ndevices, char *why, size_t len)
{
    return gpu_probe(ndevices, why, len);
}

static void gpu_backend_close(void *p)
{
    struct gpu_dev *d = p;
    if (!d)
        return;
    if (d->base)
        gpu_free(d->g, d->base);
    if (d->scratch)
        gpu_free(d->g, d->scratch);
    gpu_close(d->g);
    free(d);
}

static int gpu_backend_open(const struct chase_params *p, void **devp, struct chase_devinfo *info,
                            char *err, size_t len)
{
    struct gpu_dev *d = calloc(1, sizeof *d);
    uint64_t l2 = 0, avail = 0;
    char a[32], b[32];
    int rc, i;

    if (!d) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    rc = gpu_open(p->device, &d->g, info, err, len);
    if (rc != CHASE_OK) {
        free(d);
        return rc;
    }
    if ((rc = gpu_select_load(d->g, p->cache_op, info, err, len)) != CHASE_OK ||
        (rc = gpu_set_carveout(d->g, p->carveout, info, err, len)) != CHASE_OK) {
        gpu_backend_close(d);
        return rc;
    }
    d->no_warm = p->no_warm;
    chase_kv_set(info->settings, &info->nsettings, "warm", "%s",
                 p->no_warm ? "none: timed from a cold start (--no-warm)"
                            : "one traversal of the chain in the timing launch, up to 4x the L2; none beyond");
    for (i = 0; i < info->ncaches; i++)
        if (!strcmp(info->caches[i].name, "L2"))
            l2 = info->caches[i].bytes;
    /* Beyond four times the L2 a warm walk changes nothing: no cache holds
     * more than a quarter of the chain.  The driver's L2 size only plans
     * the work here; it is never reported as measured. */
    d->warm_limit = l2 ? 4 * l2 : (1ull << 30);
    {
        int pinnable = 0, sms = gpu_multiprocessors(d->g, &pinnable);
        d->sm = p->sm == -2 ? (pinnable ? 0 : -1) : p->sm;
        if (d->sm >= 0 && !pinnable) {
            snprintf(err, len, "--sm is not available on %s", CHASE_GPU_NAME);
            gpu_backend_close(d);
            return CHASE_EINVAL;
        }
        if (d->sm >= sms) {
            snprintf(err, len, "SM %d does not exist (the device has %d)", d->sm, sms);
            gpu_backend_close(d);
            return CHASE_EINVAL;
        }
        if (d->sm >= 0)
            chase_kv_set(info->settings, &info->nsettings, "sm",
                         "%d: every walk runs on this multiprocessor (a level's latency differs between them)", d->sm);
        else
            chase_kv_set(info->settings, &info->nsettings, "sm", "any: the scheduler picks, point by point");
    }
    d->realtime_hz = gpu_realtime_hz(d->g);
    info->default_stride = 128;
    info->default_max = 1ull << 30;

    d->bytes = p->max_bytes ? p->max_bytes : info->default_max;
    if ((rc = gpu_mem_free(d->g, &avail, err, len)) != CHASE_OK) {
        gpu_backend_close(d);
        return rc;
    }
    if (d->bytes + (64u << 20) > avail) {
        snprintf(err, len, "a %s working set does not fit in the device's free memory (%s)",
                 chase_size_format(d->bytes, a, sizeof a), chase_size_format(avail, b, sizeof b));
        gpu_backend_close(d);
        return CHASE_ENOMEM;
    }
    if ((rc = gpu_alloc(d->g, d->bytes, &d->base, err, len)) != CHASE_OK ||
        (rc = gpu_alloc(d->g, 4096, &d->scratch, err, len)) != CHASE_OK) {
        gpu_backend_close(d);
        return rc;
    }
    chase_kv_set(info->settings, &info->nsettings, "samples", "%d samples of %d timed loads a launch",
                 SAMPLES, LOADS);
    *devp = d;
    return CHASE_OK;
}

/* One walk launch and its results; checks that a pinned walk ran where asked. */
static int walk(struct gpu_dev *d, unsigned warm, unsigned loads, unsigned samples, int64_t *r,
                char *err, size_t len)
{
    uint64_t cursor = d->scratch, claimed = d->scratch + 8, results = d->scratch + 64;
    size_t n = WALK_SAMPLE0 + samples;
    int rc;

    if (d->sm >= 0 && ((rc = gpu_memset32(d->g, claimed, 0, 1, err, len)) != CHASE_OK ||
                       (rc = gpu_memset32(d->g, results + 8 * WALK_SM, 0xffffffffu, 2, err, len)) != CHASE_OK))
        return rc;
    rc = gpu_walk(d->g, cursor, warm, loads, samples, results, d->sm, claimed, err, len);
    if (rc == CHASE_OK)
        rc = gpu_copy_out(d->g, r, results, n * sizeof *r, err, len);
    if (rc == CHASE_OK && d->sm >= 0 && r[WALK_SM] != d->sm) {
        snprintf(err, len, "no thread of the walk landed on SM %d (another process may hold it)", d->sm);
        rc = CHASE_EFAIL;
    }
    return rc;
}

static int gpu_backend_measure(void *p, const struct chase_point *pt, struct chase_samples *out,
                               char *err, size_t len)
{
    struct gpu_dev *d = p;
    struct chase_chain c;
    uint64_t n = pt->bytes / pt->stride, cursor = d->scratch;
    uint64_t warm = 0, left;
    int64_t r[WALK_SAMPLE0 + SAMPLES];
    double rate;
    unsigned s;
    int rc;

    if (pt->bytes > d->bytes || n == 0) {
        snprintf(err, len, "working set outside the allocation");
        return CHASE_EINVAL;
    }
    chase_chain_init(&c, n, pt->pattern, pt->seed);
    rc = gpu_build(d->g, d->base, &c, pt->stride, cursor, err, len);
    if (rc != CHASE_OK)
        return rc;

    /* One traversal warms every level that can hold the chain.  Split into
     * launches, the last of which also times, so that none runs long. */
    if (pt->bytes <= d->warm_limit && !d->no_warm)
        warm = n;
    for (left = warm; left > MAX_LAUNCH_LOADS; left -= MAX_LAUNCH_LOADS) {
        if (*pt->stop)
            return CHASE_EINTR;
        rc = walk(d, MAX_LAUNCH_LOADS, 0, 0, r, err, len);
        if (rc != CHASE_OK)
            return rc;
    }
    rc = walk(d, (unsigned)left, LOADS, SAMPLES, r, err, len);
    if (rc != CHASE_OK)
        return rc;
    /* The clock rate of this very launch: cycles over realtime across the samples. */
    rate = r[WALK_REAL] > 0 ? (double)r[WALK_SPAN] / ((double)r[WALK_REAL] / d->realtime_hz * 1e9) : 0;
    out->n = SAMPLES;
    for (s = 0; s < SAMPLES; s++) {
        out->cycles[s] = (double)(r[WALK_SAMPLE0 + s] - r[WALK_OVERHEAD]) / LOADS;
        out->ns[s] = rate > 0 ? out->cycles[s] / rate : -1;
    }
    return CHASE_OK;
}

static const struct chase_backend ops = {
    .abi = CHASE_BACKEND_ABI,
    .name = CHASE_GPU_NAME,
    .summary = CHASE_GPU_SUMMARY,
    .probe = gpu_backend_probe,
    .open = gpu_backend_open,
    .measure = gpu_backend_measure,
    .close = gpu_backend_close,
};

const struct chase_backend *chase_backend_entry(void);
const struct chase_backend *chase_backend_entry(void)
{
    return &ops;
}
