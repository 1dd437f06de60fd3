/* gpu_host.c: the chase backend for GPUs, written once for CUDA and HIP.
 *
 * One allocation serves the whole run.  Each point builds its chain on the
 * device in parallel, then one block on one multiprocessor (--sm; each has
 * its own L1, and the L2's latency differs between them) warms it and one
 * of its threads times it, in the same launch, going on along the chain
 * rather than restarting at its head.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "kernels_abi.h"
#include "core/size.h"

#define SAMPLES 12
#define LOADS 1024
#define WARM_THREADS 1024       /* the block that warms in parallel */
/* Chains up to this many positions are warmed by the timing thread's own
 * walk; beyond, in parallel.  A parallel warm keeps the chain's order only
 * to within a block's width (1024 positions), which a 2K-line L1 notices
 * (measured on the H100: its L1-to-L2 ramp read 10-40% low) and a
 * 100K-line L2 does not (plateaus within 0.2% of a serial warm). */
#define SERIAL_WARM_MAX 65536

static int gpu_backend_probe(int *ndevices, char *why, size_t len)
{
    return gpu_probe(ndevices, why, len);
}

int gpu_open(int index, struct gpu **gp, struct chase_devinfo *info, char *err, size_t len)
{
    struct gpu *g;
    int n = 0, rc = gpu_probe(&n, err, len);

    if (rc != CHASE_OK)
        return rc;
    g = calloc(1, gpu_state_bytes);
    if (!g) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    rc = gpu_setup(g, index, info, err, len);
    if (rc != CHASE_OK) {
        gpu_close(g);
        return rc;
    }
    *gp = g;
    return CHASE_OK;
}

void gpu_close(struct gpu *g)
{
    if (!g)
        return;
    gpu_teardown(g);
    free(g);
}

unsigned gpu_pin_grid(const struct gpu_dev *d, unsigned threads)
{
    /* Enough blocks that every multiprocessor gets some even when each
     * holds only one or two at a time: the others exit at once. */
    unsigned units = d->info->units ? d->info->units : 1;
    (void)threads;
    return units * 4;
}

unsigned gpu_grid(const struct gpu_dev *d, uint64_t n, unsigned threads)
{
    uint64_t blocks = (n + threads - 1) / threads, cap = (uint64_t)(d->info->units ? d->info->units : 1) * 32;
    return (unsigned)(blocks < 1 ? 1 : blocks > cap ? cap : blocks);
}

static void gpu_backend_close(void *p)
{
    struct gpu_dev *d = p;
    if (!d)
        return;
    gpu_loads_close(d);
    gpu_async_close(d);
    gpu_list_close(d);
    if (d->tex)
        gpu_tex_destroy(d->g, d->tex);
    if (d->base && d->target.memory != CHASE_MEMORY_LOCAL)
        gpu_free_target(d->g, &d->target, d->base, d->host);
    else if (d->base && d->vmm)
        gpu_free_vmm(d->g, d->base, d->bytes);
    else if (d->base)
        gpu_free(d->g, d->base);
    if (d->scratch)
        gpu_free(d->g, d->scratch);
    gpu_close(d->g);
    free(d->info);
    free(d);
}

static int const_open(struct gpu_dev *d, const struct chase_params *p, struct chase_devinfo *info, void **devp,
                      char *err, size_t len);
static int tex_limit(struct gpu_dev *d, const struct chase_params *p, struct chase_devinfo *info, char *err,
                     size_t len);

static int gpu_backend_open(const struct chase_params *p, void **devp, struct chase_devinfo *info,
                            char *err, size_t len)
{
    struct gpu_dev *d = calloc(1, sizeof *d);
    uint64_t l2 = 0, avail = 0, gmin = 0, grec = 0, page;
    const char *op = p->cache_op ? p->cache_op : "ca", *what;
    char a[32], b[32], name[32];
    int rc, i;

    if (!d || !(d->info = calloc(1, sizeof *d->info))) {
        free(d);
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    rc = gpu_open(p->device, &d->g, info, err, len);
    if (rc != CHASE_OK) {
        free(d->info);
        free(d);
        return rc;
    }
    what = gpu_cache_op_text(op);
    snprintf(name, sizeof name, "chase_walk_%s", op);
    if (!what) {
        snprintf(err, len, "cache operator '%s' is not available on %s", op, CHASE_GPU_NAME);
        rc = CHASE_EINVAL;
        goto fail;
    }
    d->path = !strcmp(op, "const") ? GPU_PATH_CONST : !strcmp(op, "tex") ? GPU_PATH_TEX : GPU_PATH_GLOBAL;
    if ((rc = gpu_function(d->g, name, &d->walk, err, len)) != CHASE_OK ||
        (rc = gpu_function(d->g, d->path == GPU_PATH_TEX ? "chase_build_index" : "chase_build", &d->build, err,
                           len)) != CHASE_OK)
        goto fail;
    d->op = op;
    chase_kv_set(info->settings, &info->nsettings, "cache_op", "%s: %s", op, what);
    /* The constant caches are not among the driver's: the level finder
     * names a constant walk's levels for the path (levels.h). */
    if (d->path == GPU_PATH_CONST)
        chase_kv_set(info->settings, &info->nsettings, "path_caches", "const");
    if (d->path != GPU_PATH_GLOBAL && (p->target.memory != CHASE_MEMORY_LOCAL || (p->alloc && strcmp(p->alloc, "malloc")))) {
        snprintf(err, len, "--cache-op %s reads %s; it does not combine with --memory or --alloc vmm", op,
                 d->path == GPU_PATH_CONST ? "the module's constant array" : "a texture over one plain allocation");
        rc = CHASE_EINVAL;
        goto fail;
    }
    /* A TLB measurement's chains skip the L1 data cache, which would add
     * a step of its own where their lines outgrow it; both operators
     * translate alike.  Every vendor here has cg (gpu_cache_op_text). */
    snprintf(info->tlb.cache_op, sizeof info->tlb.cache_op, "cg");
    snprintf(info->tlb.cache_op_why, sizeof info->tlb.cache_op_why,
             "the chain's lines stay in the L2, so the L1 data cache adds no step of its own");
    d->carveout = p->carveout;
    if (p->carveout >= 0 || CHASE_GPU_CARVEOUT_DEFAULT >= 0) {
        int pct = p->carveout >= 0 ? p->carveout : CHASE_GPU_CARVEOUT_DEFAULT;
        if ((rc = gpu_carveout(d->g, d->walk, pct, err, len)) != CHASE_OK)
            goto fail;
        chase_kv_num(info->settings, &info->nsettings, "carveout", pct);
        chase_kv_set(info->settings, &info->nsettings, "carveout_means",
                     "percent of the unified L1/shared memory preferred for shared (a hint to the driver)");
    }
    if (p->l2_fetch) {
        unsigned now = 0;
        if ((rc = gpu_l2_fetch(d->g, p->l2_fetch, &now, err, len)) != CHASE_OK)
            goto fail;
        chase_kv_set(info->settings, &info->nsettings, "l2_fetch", "%u B: the L2 fetch granularity limit this "
                     "process's context set (--l2-fetch), %u B read back", p->l2_fetch, now);
    }
    d->no_warm = p->no_warm;
    chase_kv_set(info->settings, &info->nsettings, "warm", "%s",
                 p->no_warm ? "none: timed from a cold start (--no-warm)"
                            : "one pass of the chain before timing, in the launch that times it, on the timing "
                              "multiprocessor: the timing thread's own walk up to 64K lines; beyond, its block "
                              "loads the lines in chain order 1024 at a time; none beyond 4x the L2");
    for (i = 0; i < info->ncaches; i++)
        if (!strcmp(info->caches[i].name, "L2"))
            l2 = info->caches[i].bytes;
    /* Beyond four times the L2 a warm walk changes nothing: no cache holds
     * more than a quarter of the chain.  The driver's L2 size only plans
     * the work here; it is never reported as measured. */
    d->warm_limit = l2 ? 4 * l2 : (1ull << 30);
    d->sm = p->sm == -2 ? (info->pinnable ? 0 : -1) : p->sm;
    if (d->sm >= 0 && !info->pinnable) {
        snprintf(err, len, "--sm is not available on %s", CHASE_GPU_NAME);
        rc = CHASE_EINVAL;
        goto fail;
    }
    if (d->sm >= (int)info->units) {
        snprintf(err, len, "SM %d does not exist (the device has %u)", d->sm, info->units);
        rc = CHASE_EINVAL;
        goto fail;
    }
    if (d->sm >= 0)
        chase_kv_num(info->settings, &info->nsettings, "sm", d->sm);
    else
        chase_kv_set(info->settings, &info->nsettings, "sm", "any");
    info->default_stride = 128;
    info->default_max = 1ull << 30;
    if (d->path == GPU_PATH_CONST)
        return const_open(d, p, info, devp, err, len);
    if (d->path == GPU_PATH_TEX && (rc = tex_limit(d, p, info, err, len)) != CHASE_OK)
        goto fail;

    if (p->alloc && strcmp(p->alloc, "malloc") && strcmp(p->alloc, "vmm")) {
        snprintf(err, len, "--alloc %s is not available on %s (malloc or vmm)", p->alloc, CHASE_GPU_NAME);
        rc = CHASE_EINVAL;
        goto fail;
    }
    d->vmm = p->alloc && !strcmp(p->alloc, "vmm");
    d->target = p->target;
    if (d->vmm && d->target.memory != CHASE_MEMORY_LOCAL) {
        snprintf(err, len, "--alloc vmm maps the device's own memory; it does not combine with --memory");
        rc = CHASE_EINVAL;
        goto fail;
    }
    /* The driver's allocation granularity: the page its virtual memory
     * API maps with (a figure of the driver's, recorded as such). */
    if (gpu_alloc_granularity(d->g, &gmin, &grec) == CHASE_OK && gmin) {
        chase_kv_num(info->facts, &info->nfacts, "alloc_granularity_min_bytes", (double)gmin);
        chase_kv_num(info->facts, &info->nfacts, "alloc_granularity_recommended_bytes", (double)grec);
    }
    if (d->vmm && !grec) {
        snprintf(err, len, "--alloc vmm: the driver gives no allocation granularity (no virtual memory API)");
        rc = CHASE_ENOTSUP;
        goto fail;
    }
    if ((rc = gpu_mem_free(d->g, &avail, err, len)) != CHASE_OK)
        goto fail;
    d->bytes = p->max_bytes ? p->max_bytes : info->default_max;
    if (p->max_bytes == CHASE_MAX_MOST && d->target.memory != CHASE_MEMORY_LOCAL) {
        /* The device's free memory says nothing of another memory's. */
        d->bytes = info->default_max;
        chase_kv_set(info->settings, &info->nsettings, "max", "%s: the default (--memory: not the device's own "
                     "free memory)", chase_size_format(d->bytes, a, sizeof a));
    } else if (p->max_bytes == CHASE_MAX_MOST && d->path == GPU_PATH_TEX && d->tex_most) {
        /* All a texture spans (the fit is checked below). */
        d->bytes = info->default_max = d->tex_most;
        chase_kv_set(info->settings, &info->nsettings, "max", "%s: the most a texture over linear memory spans",
                     chase_size_format(d->bytes, a, sizeof a));
    } else if (p->max_bytes == CHASE_MAX_MOST) {
        /* Most of the free memory: leave a twentieth (at least 512 MiB) to
         * the driver and everyone else, in whole 2 MiB pages. */
        uint64_t keep = avail / 20 > (512u << 20) ? avail / 20 : (512u << 20);
        d->bytes = avail > keep + (64u << 20) ? (avail - keep) & ~((2ull << 20) - 1) : 0;
        if (!d->bytes) {
            snprintf(err, len, "the device has only %s free", chase_size_format(avail, a, sizeof a));
            rc = CHASE_ENOMEM;
            goto fail;
        }
        info->default_max = d->bytes;
        chase_kv_set(info->settings, &info->nsettings, "max", "%s: the free memory (%s) less a twentieth",
                     chase_size_format(d->bytes, a, sizeof a), chase_size_format(avail, b, sizeof b));
    }
    if (d->vmm)
        d->bytes = (d->bytes + grec - 1) / grec * grec;
    /* Device memory's fit (managed memory's too: more of it than the
     * device has free would be paged in and out, or hang the device); a
     * peer's the vendor layer checks against the peer's free memory, the
     * host's the allocation itself. */
    if ((d->target.memory == CHASE_MEMORY_LOCAL || d->target.memory == CHASE_MEMORY_MANAGED) &&
        (d->bytes > avail || avail - d->bytes < (64u << 20))) {
        snprintf(err, len, "a %s working set does not fit in the device's free memory (%s)",
                 chase_size_format(d->bytes, a, sizeof a), chase_size_format(avail, b, sizeof b));
        rc = CHASE_ENOMEM;
        goto fail;
    }
    if (d->target.memory != CHASE_MEMORY_LOCAL)
        rc = gpu_alloc_target(d->g, &d->target, d->bytes, &d->base, &d->host, info, err, len);
    else if (d->vmm)
        rc = gpu_alloc_vmm(d->g, d->bytes, grec, &d->base, err, len);
    else
        rc = gpu_alloc(d->g, d->bytes, &d->base, err, len);
    if (rc != CHASE_OK || (rc = gpu_alloc(d->g, GPU_SCRATCH, &d->scratch, err, len)) != CHASE_OK)
        goto fail;
    d->walk_base = d->base;
    if (d->path == GPU_PATH_TEX) {
        if ((rc = gpu_tex_create(d->g, d->base, d->bytes, &d->tex, err, len)) != CHASE_OK)
            goto fail;
        d->walk_base = d->tex;
    }
    /* The page the allocation is believed to get: the granularity the
     * virtual memory API was asked for; for a plain allocation of 2 MiB or
     * more both vendors' drivers are known to map 2 MiB pages (the
     * driver's minimum granularity, where it says one). */
    page = d->vmm ? grec : gmin ? gmin : (2ull << 20);
    if (d->target.memory == CHASE_MEMORY_LOCAL || d->target.memory == CHASE_MEMORY_PEER)
        chase_kv_num(info->facts, &info->nfacts, "alloc_page_bytes", (double)page);
    /* Which of the device's own caches keep the target's lines, for the
     * level names (levels.h): a peer's or the host's lines pass its L1 on
     * a load that caches there (peer lines were seen in the reading SM's
     * L1 on the H100) and not its L2, which is its own memory's side. */
    if (d->target.memory == CHASE_MEMORY_PEER || d->target.memory == CHASE_MEMORY_HOST)
        chase_kv_num(info->settings, &info->nsettings, "memory_reader_caches", strcmp(op, "cg") ? 1 : 0);
    /* (A target's allocation gpu_alloc_target said: memory_alloc.) */
    if (d->target.memory == CHASE_MEMORY_LOCAL && d->vmm)
        chase_kv_set(info->settings, &info->nsettings, "alloc",
                     "vmm: cuMemAddressReserve, one cuMemCreate of %s at the recommended granularity %s, "
                     "cuMemMap, cuMemSetAccess", chase_size_format(d->bytes, a, sizeof a),
                     chase_size_format(grec, b, sizeof b));
    else if (d->target.memory == CHASE_MEMORY_LOCAL)
        chase_kv_set(info->settings, &info->nsettings, "alloc", "malloc: one %s of %s%s",
                     CHASE_GPU_MALLOC, chase_size_format(d->bytes, a, sizeof a),
                     gmin ? "" : " (the page size is assumed: the driver does not say)");
    chase_kv_num(info->settings, &info->nsettings, "samples", SAMPLES);
    chase_kv_num(info->settings, &info->nsettings, "loads_per_sample", LOADS);
    *d->info = *info;
    *devp = d;
    return CHASE_OK;
fail:
    gpu_backend_close(d);
    return rc;
}

/* --memory host: the CPU writes the chain where it lies, through its own
 * address of the pages (the words hold the device's addresses of the
 * lines), so no line starts out in the device's caches as one written by
 * a kernel could; the head goes to the cursor the walk starts from. */
static int host_build(struct gpu_dev *d, const struct chase_chain *c, const volatile sig_atomic_t *stop, char *err,
                      size_t len)
{
    char *h = d->host;
    uint64_t k, off = chase_chain_offset(c, 0), head = d->base + off;

    for (k = 0; k < c->n; k++) {
        uint64_t next = chase_chain_offset(c, k + 1 == c->n ? 0 : k + 1);
        *(volatile uint64_t *)(h + off) = d->base + next;
        off = next;
        if ((k & 0xfffff) == 0 && *stop)
            return CHASE_EINTR;
    }
    return gpu_copy_in(d->g, d->scratch, &head, sizeof head, err, len);
}

/* --cache-op const: the chain is written on the host, each word the
 * constant-space address of the next (the array's base, which
 * chase_const_base reported at open), and copied into the module's
 * constant array; the head goes to the cursor.  At most 64 KiB: cheap. */
static int const_build(struct gpu_dev *d, const struct chase_chain *c, uint64_t bytes, char *err, size_t len)
{
    uint64_t k, off = chase_chain_offset(c, 0), head = d->walk_base + off;
    char *h = calloc(1, bytes);
    int rc;

    if (!h) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    for (k = 0; k < c->n; k++) {
        uint64_t next = chase_chain_offset(c, k + 1 == c->n ? 0 : k + 1);
        uint64_t w = d->walk_base + next;
        memcpy(h + off, &w, sizeof w);
        off = next;
    }
    rc = gpu_copy_in(d->g, d->const_dptr, h, bytes, err, len);
    free(h);
    return rc == CHASE_OK ? gpu_copy_in(d->g, d->scratch, &head, sizeof head, err, len) : rc;
}

/* --cache-op const's part of open: no working-set allocation (the chain
 * lives in the module's constant array, which bounds --max), the array's
 * constant-space base from the device, scratch for the walk. */
static int const_open(struct gpu_dev *d, const struct chase_params *p, struct chase_devinfo *info, void **devp,
                      char *err, size_t len)
{
    uint64_t cbytes = 0, out = 0;
    gpu_fn fn;
    char a[32], b[32];
    int rc;

    if ((rc = gpu_const_array(d->g, &d->const_dptr, &cbytes, err, len)) != CHASE_OK)
        goto fail;
    info->default_max = cbytes;
    /* A stride of a line or less sizes a cache right (a longer one touches
     * a line a stride, and puts the edge too high by their ratio): the
     * constant L1's lines are 64 B as Jia et al. read a V100's. */
    info->default_stride = 64;
    d->bytes = !p->max_bytes || p->max_bytes == CHASE_MAX_MOST ? cbytes : p->max_bytes;
    if (d->bytes > cbytes) {
        snprintf(err, len, "--cache-op const: a %s working set does not fit in the module's constant array (%s, "
                 "the most a module's constants may hold)", chase_size_format(d->bytes, a, sizeof a),
                 chase_size_format(cbytes, b, sizeof b));
        rc = CHASE_ENOMEM;
        goto fail;
    }
    if ((rc = gpu_alloc(d->g, GPU_SCRATCH, &d->scratch, err, len)) != CHASE_OK ||
        (rc = gpu_function(d->g, "chase_const_base", &fn, err, len)) != CHASE_OK)
        goto fail;
    {
        void *args[] = {&d->scratch};
        if ((rc = gpu_launch(d->g, fn, 1, 1, 0, args, err, len)) != CHASE_OK ||
            (rc = gpu_copy_out(d->g, &out, d->scratch, sizeof out, err, len)) != CHASE_OK)
            goto fail;
    }
    d->walk_base = out;
    chase_kv_set(info->settings, &info->nsettings, "alloc", "none: the chain lives in the module's __constant__ "
                 "array of %s, written with cuMemcpyHtoD", chase_size_format(cbytes, a, sizeof a));
    chase_kv_num(info->settings, &info->nsettings, "samples", SAMPLES);
    chase_kv_num(info->settings, &info->nsettings, "loads_per_sample", LOADS);
    *d->info = *info;
    *devp = d;
    return CHASE_OK;
fail:
    gpu_backend_close(d);
    return rc;
}

/* --cache-op tex: a texture over linear memory spans at most so many
 * elements (the driver's figure); the default --max is the smaller of it
 * and the usual, a larger --max is refused. */
static int tex_limit(struct gpu_dev *d, const struct chase_params *p, struct chase_devinfo *info, char *err,
                     size_t len)
{
    uint64_t most = 0;
    char a[32], b[32];

    if (gpu_tex_max_bytes(d->g, &most) != CHASE_OK)
        return CHASE_OK;        /* the driver cannot say: cuTexObjectCreate will */
    chase_kv_num(info->facts, &info->nfacts, "tex_linear_max_bytes", (double)most);
    d->tex_most = most;
    if (info->default_max > most)
        info->default_max = most;
    if (p->max_bytes && p->max_bytes != CHASE_MAX_MOST && p->max_bytes > most) {
        snprintf(err, len, "--cache-op tex: a %s working set is more than a texture over linear memory spans (%s "
                 "of 32-bit words, the driver's limit)", chase_size_format(p->max_bytes, a, sizeof a),
                 chase_size_format(most, b, sizeof b));
        return CHASE_ENOMEM;
    }
    return CHASE_OK;
}

/* One walk launch and its results; checks that a pinned walk ran where asked. */
static int walk(struct gpu_dev *d, const struct chase_chain *c, int sm, unsigned pwarm, unsigned warm,
                unsigned loads, unsigned samples, int64_t *r, char *err, size_t len)
{
    uint64_t cursor = d->scratch, claimed = d->scratch + 8, results = d->scratch + 64, base = d->walk_base;
    struct chase_chain cc = *c;
    void *args[] = {&base, &cc, &cursor, &pwarm, &warm, &loads, &samples, &results, &sm, &claimed};
    size_t n = WALK_SAMPLE0 + samples;
    unsigned threads = pwarm ? WARM_THREADS : 32;
    int rc;

    if ((rc = gpu_memset32(d->g, claimed, 0, 1, err, len)) != CHASE_OK ||
        (rc = gpu_memset32(d->g, results + 8 * WALK_SM, 0xffffffffu, 2, err, len)) != CHASE_OK)
        return rc;
    rc = gpu_launch(d->g, d->walk, sm >= 0 ? gpu_pin_grid(d, threads) : 1, threads, 0, args, err, len);
    if (rc == CHASE_OK)
        rc = gpu_copy_out(d->g, r, results, n * sizeof *r, err, len);
    if (rc == CHASE_OK && sm >= 0 && r[WALK_SM] != sm) {
        snprintf(err, len, "no block of the walk landed on SM %d (another process may hold it)", sm);
        rc = CHASE_EFAIL;
    }
    return rc;
}

static int gpu_backend_measure(void *p, const struct chase_point *pt, struct chase_samples *out,
                               char *err, size_t len)
{
    struct gpu_dev *d = p;
    struct chase_chain c;
    uint64_t cursor = d->scratch, pwarm = 0, warm = 0, base = d->base;
    int64_t r[WALK_SAMPLE0 + CHASE_MAX_SAMPLES];
    unsigned s, samples = pt->samples ? pt->samples : SAMPLES;
    int sm = pt->sm == -2 ? d->sm : pt->sm, rc;
    const char *why;
    double rate, hz = gpu_realtime_hz(d->g);

    if ((why = chase_chain_check(pt->stride, pt->pattern, pt->sub))) {
        snprintf(err, len, "%s", why);
        return CHASE_EINVAL;
    }
    if (pt->bytes > d->bytes || pt->bytes < pt->stride) {
        char a[32];
        if (d->path == GPU_PATH_CONST && pt->bytes > d->bytes) {
            snprintf(err, len, "a working set over %s does not fit in the constant array",
                     chase_size_format(d->bytes, a, sizeof a));
            return CHASE_ENOMEM;
        }
        snprintf(err, len, "working set outside the allocation");
        return CHASE_EINVAL;
    }
    if (sm >= 0 && (!d->info->pinnable || sm >= (int)d->info->units)) {
        snprintf(err, len, "cannot run on SM %d", sm);
        return CHASE_EINVAL;
    }
    if (samples > CHASE_MAX_SAMPLES)
        samples = CHASE_MAX_SAMPLES;
    chase_chain_init(&c, pt->bytes, pt->stride, pt->pattern, pt->sub, pt->seed);
    if (d->path == GPU_PATH_CONST) {
        if ((rc = const_build(d, &c, pt->bytes, err, len)) != CHASE_OK)
            return rc;
    } else if (d->host) {
        if ((rc = host_build(d, &c, pt->stop, err, len)) != CHASE_OK)
            return rc;
    } else {
        void *args[] = {&base, &c, &cursor};
        rc = gpu_launch(d->g, d->build, gpu_grid(d, c.n, 256), 256, 0, args, err, len);
        if (rc != CHASE_OK)
            return rc;
    }
    if (*pt->stop)
        return CHASE_EINTR;
    /* One pass warms every level that can hold what the chain touches:
     * all of it, one unit a block for PAGE and REVISIT, a line a load for
     * SPREAD and LATE. */
    if ((pt->pattern == CHASE_PATTERN_PAGE || pt->pattern == CHASE_PATTERN_REVISIT ? c.blocks * c.sub
         : pt->pattern == CHASE_PATTERN_SPREAD || pt->pattern == CHASE_PATTERN_LATE ? c.n * 128
                                                                                    : pt->bytes) <= d->warm_limit &&
        !d->no_warm) {
        if (c.n <= SERIAL_WARM_MAX)
            warm = c.n;
        else
            pwarm = c.n < 0xffffffffu ? c.n : 0xffffffffu;
    }
    rc = walk(d, &c, sm, (unsigned)pwarm, (unsigned)warm, LOADS, samples, r, err, len);
    if (rc != CHASE_OK)
        return rc;
    /* The clock rate of this very launch: cycles over realtime across the samples. */
    rate = r[WALK_REAL] > 0 && hz > 0 ? (double)r[WALK_SPAN] / ((double)r[WALK_REAL] / hz * 1e9) : 0;
    out->n = samples;
    for (s = 0; s < samples; s++) {
        out->cycles[s] = (double)(r[WALK_SAMPLE0 + s] - r[WALK_OVERHEAD]) / LOADS;
        out->ns[s] = rate > 0 ? out->cycles[s] / rate : NAN;
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
    .shared = gpu_shared,
    .loads = gpu_loads,
    .bandwidth = gpu_bandwidth,
    .lanes = gpu_lanes,
    .async = gpu_async,
    .list = gpu_list,
};

const struct chase_backend *chase_backend_entry(void);
const struct chase_backend *chase_backend_entry(void)
{
    return &ops;
}
