/* hip_vendor.c: the AMD side of the GPU backend, through the HIP runtime's
 * module API (the C half of HIP; no hipcc needed for this file). */
#include "config.h"

#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu.h"
#include "kfd.h"

/* The embedded code object bundle (chase_hip.hip for every configured target). */
extern const unsigned char chase_gpu_image[];

struct gpu {
    int dev;
    hipModule_t mod;
    hipFunction_t build, walk_ca, walk_cg, realtime, walk;
    int cus;
    double realtime_hz;
};

static int fail(hipError_t r, const char *what, char *err, size_t len)
{
    snprintf(err, len, "%s failed: %s (HIP error %d)", what, hipGetErrorString(r), (int)r);
    return r == hipErrorOutOfMemory ? CHASE_ENOMEM : CHASE_EFAIL;
}

#define CHECK(call, what)                                                                        \
    do {                                                                                         \
        hipError_t r_ = (call);                                                                  \
        if (r_ != hipSuccess)                                                                    \
            return fail(r_, what, err, len);                                                     \
    } while (0)

int gpu_probe(int *ndevices, char *why, size_t len)
{
    hipError_t r = hipInit(0);
    *ndevices = 0;
    if (r == hipSuccess)
        r = hipGetDeviceCount(ndevices);
    if (r != hipSuccess || *ndevices <= 0) {
        snprintf(why, len, "no AMD GPU usable: %s", r != hipSuccess ? hipGetErrorString(r) : "the runtime sees no device");
        *ndevices = 0;
        return CHASE_ENODEV;
    }
    return CHASE_OK;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* s_memrealtime's rate, from the runtime where it says, else measured
 * against the host's clock over 50 ms. */
static int realtime_rate(struct gpu *g, struct chase_devinfo *info, char *err, size_t len)
{
    void *out = NULL;
    long long t[2];
    double h0, h1;
    void *args[1];
    int khz = 0;

#if HAVE_DECL_HIPDEVICEATTRIBUTEWALLCLOCKRATE
    if (hipDeviceGetAttribute(&khz, hipDeviceAttributeWallClockRate, g->dev) == hipSuccess && khz > 0) {
        g->realtime_hz = khz * 1e3;
        chase_kv_set(info->facts, &info->nfacts, "wall_clock_khz", "%d (s_memrealtime's rate)", khz);
        return CHASE_OK;
    }
#endif
    (void)khz;
    CHECK(hipMalloc(&out, sizeof t), "hipMalloc");
    args[0] = &out;
    CHECK(hipModuleLaunchKernel(g->realtime, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL), "launching chase_realtime");
    CHECK(hipDeviceSynchronize(), "chase_realtime");
    h0 = now_s();
    CHECK(hipMemcpyDtoH(&t[0], (hipDeviceptr_t)out, sizeof t[0]), "hipMemcpyDtoH");
    while (now_s() - h0 < 0.05)
        ;
    CHECK(hipModuleLaunchKernel(g->realtime, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL), "launching chase_realtime");
    CHECK(hipDeviceSynchronize(), "chase_realtime");
    h1 = now_s();
    CHECK(hipMemcpyDtoH(&t[1], (hipDeviceptr_t)out, sizeof t[1]), "hipMemcpyDtoH");
    hipFree(out);
    g->realtime_hz = (double)(t[1] - t[0]) / (h1 - h0);
    chase_kv_set(info->settings, &info->nsettings, "realtime_rate",
                 "%.2f MHz, measured against the host clock (this runtime does not report it)",
                 g->realtime_hz / 1e6);
    return CHASE_OK;
}

int gpu_open(int index, struct gpu **gp, struct chase_devinfo *info, char *err, size_t len)
{
    struct gpu *g;
    hipDeviceProp_t p;
    int n = 0, rc = gpu_probe(&n, err, len);

    if (rc != CHASE_OK)
        return rc;
    if (index >= n) {
        snprintf(err, len, "device %d does not exist (%d HIP device%s)", index, n, n == 1 ? "" : "s");
        return CHASE_EINVAL;
    }
    g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    *gp = g;
    g->dev = index;
    CHECK(hipSetDevice(index), "hipSetDevice");
    CHECK(hipGetDeviceProperties(&p, index), "hipGetDeviceProperties");
    CHECK(hipModuleLoadData(&g->mod, chase_gpu_image),
          "loading the chase kernels (hipModuleLoadData; was chase built for this GPU's target? see --with-hip-arch)");
    CHECK(hipModuleGetFunction(&g->build, g->mod, "chase_build"), "hipModuleGetFunction");
    CHECK(hipModuleGetFunction(&g->walk_ca, g->mod, "chase_walk_ca"), "hipModuleGetFunction");
    CHECK(hipModuleGetFunction(&g->walk_cg, g->mod, "chase_walk_cg"), "hipModuleGetFunction");
    CHECK(hipModuleGetFunction(&g->realtime, g->mod, "chase_realtime"), "hipModuleGetFunction");
    g->walk = g->walk_ca;
    g->cus = p.multiProcessorCount;

    snprintf(info->name, sizeof info->name, "%.127s", p.name);
    snprintf(info->arch, sizeof info->arch, "%.63s", p.gcnArchName);
    chase_kv_set(info->facts, &info->nfacts, "gfx_target", "%s", p.gcnArchName);
    chase_kv_set(info->facts, &info->nfacts, "compute_units", "%d", p.multiProcessorCount);
    chase_kv_set(info->facts, &info->nfacts, "clock_mhz", "%d (the runtime's peak core clock)", p.clockRate / 1000);
    chase_kv_set(info->facts, &info->nfacts, "l2_bytes", "%d", p.l2CacheSize);
    chase_kv_set(info->facts, &info->nfacts, "lds_per_cu_bytes", "%zu", (size_t)p.maxSharedMemoryPerMultiProcessor);
    chase_kv_set(info->facts, &info->nfacts, "memory_bytes", "%zu", (size_t)p.totalGlobalMem);
    snprintf(info->caches[0].name, sizeof info->caches[0].name, "L2");
    info->caches[0].bytes = (uint64_t)p.l2CacheSize;
    info->ncaches = 1;
    {
        /* The runtime does not report an Infinity Cache (MALL); the
         * driver's topology lists it as a further cache level. */
        int level = 0;
        uint64_t bytes = 0;
        if (kfd_last_cache(KFD_TOPOLOGY, index, &level, &bytes) == 0 && level > 2) {
            snprintf(info->caches[1].name, sizeof info->caches[1].name, "L%d", level);
            info->caches[1].bytes = bytes;
            info->ncaches = 2;
            chase_kv_set(info->facts, &info->nfacts, "last_cache_level", "L%d, %llu bytes (KFD topology: "
                         "the Infinity Cache on GPUs that have one)", level, (unsigned long long)bytes);
        }
    }
    snprintf(info->timer, sizeof info->timer,
             "cycles: s_memtime (core clock) around the timed loop; ns: s_memrealtime around the same loops");
    return realtime_rate(g, info, err, len);
}

void gpu_close(struct gpu *g)
{
    if (!g)
        return;
    if (g->mod)
        hipModuleUnload(g->mod);
    free(g);
}

int gpu_select_load(struct gpu *g, const char *op, struct chase_devinfo *info, char *err, size_t len)
{
    const char *what;
    if (!op || !strcmp(op, "ca")) {
        g->walk = g->walk_ca;
        what = "ca: an ordinary global load, cached in the vector L1";
    } else if (!strcmp(op, "cg")) {
        g->walk = g->walk_cg;
        what = "cg: a relaxed device-scope atomic load (glc, or sc1 on gfx940+), served from L2";
    } else {
        snprintf(err, len, "cache operator '%s' is not available on hip (ca, cg)", op);
        return CHASE_EINVAL;
    }
    chase_kv_set(info->settings, &info->nsettings, "cache_op", "%s", what);
    return CHASE_OK;
}

int gpu_set_carveout(struct gpu *g, int percent, struct chase_devinfo *info, char *err, size_t len)
{
    (void)g;
    (void)info;
    if (percent >= 0) {
        snprintf(err, len, "--carveout is CUDA's; AMD GPUs have a separate LDS");
        return CHASE_EINVAL;
    }
    return CHASE_OK;
}

int gpu_mem_free(struct gpu *g, uint64_t *bytes, char *err, size_t len)
{
    size_t f = 0, t = 0;
    (void)g;
    CHECK(hipMemGetInfo(&f, &t), "hipMemGetInfo");
    *bytes = f;
    return CHASE_OK;
}

int gpu_alloc(struct gpu *g, uint64_t bytes, uint64_t *dptr, char *err, size_t len)
{
    void *p = NULL;
    (void)g;
    CHECK(hipMalloc(&p, bytes), "hipMalloc");
    *dptr = (uint64_t)(uintptr_t)p;
    return CHASE_OK;
}

void gpu_free(struct gpu *g, uint64_t dptr)
{
    (void)g;
    hipFree((void *)(uintptr_t)dptr);
}

int gpu_build(struct gpu *g, uint64_t base, const struct chase_chain *c, uint64_t stride, uint64_t head,
              char *err, size_t len)
{
    struct chase_chain cc = *c;
    void *args[] = {&base, &cc, &stride, &head};
    uint64_t blocks = (c->n + 255) / 256, cap = (uint64_t)(g->cus > 0 ? g->cus : 1) * 32;
    if (blocks > cap)
        blocks = cap;
    CHECK(hipModuleLaunchKernel(g->build, (unsigned)blocks, 1, 1, 256, 1, 1, 0, NULL, args, NULL),
          "launching chase_build");
    CHECK(hipDeviceSynchronize(), "chase_build");
    return CHASE_OK;
}

int gpu_walk(struct gpu *g, uint64_t cursor, unsigned warm, unsigned loads, unsigned samples, uint64_t out,
             int target, uint64_t claimed, char *err, size_t len)
{
    void *args[] = {&cursor, &warm, &loads, &samples, &out, &target, &claimed};
    unsigned blocks = target >= 0 ? (unsigned)g->cus * 4 : 1, threads = target >= 0 ? 64 : 1;
    CHECK(hipModuleLaunchKernel(g->walk, blocks, 1, 1, threads, 1, 1, 0, NULL, args, NULL), "launching the walk");
    CHECK(hipDeviceSynchronize(), "the walk kernel");
    return CHASE_OK;
}

int gpu_copy_out(struct gpu *g, void *host, uint64_t dptr, size_t bytes, char *err, size_t len)
{
    (void)g;
    CHECK(hipMemcpyDtoH(host, (hipDeviceptr_t)(uintptr_t)dptr, bytes), "hipMemcpyDtoH");
    return CHASE_OK;
}

int gpu_memset32(struct gpu *g, uint64_t dptr, unsigned value, size_t count, char *err, size_t len)
{
    (void)g;
    CHECK(hipMemsetD32((hipDeviceptr_t)(uintptr_t)dptr, (int)value, count), "hipMemsetD32");
    return CHASE_OK;
}

int gpu_multiprocessors(struct gpu *g, int *pinnable)
{
    /* __smid() packs shader-engine and CU fields, not 0 .. CUs-1, so a
     * walk is not pinned here (never run on an AMD GPU by us). */
    *pinnable = 0;
    return g->cus;
}

double gpu_realtime_hz(struct gpu *g)
{
    return g->realtime_hz;
}
