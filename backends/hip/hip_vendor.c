/* hip_vendor.c: the AMD side of the GPU backend, through the HIP runtime's
 * module API (the C half of HIP; no hipcc needed for this file). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
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
    double realtime_hz;
    int peer;                   /* --memory peer:N: N */
    int peer_access;            /* this device enabled access to the peer's memory */
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
    hipFunction_t fn;
    void *out = NULL;
    long long t[2];
    double h0, h1;
    void *args[1];
    int khz = 0, rc = CHASE_OK;
    hipError_t r;

#if HAVE_DECL_HIPDEVICEATTRIBUTEWALLCLOCKRATE
    if (hipDeviceGetAttribute(&khz, hipDeviceAttributeWallClockRate, g->dev) == hipSuccess && khz > 0) {
        g->realtime_hz = khz * 1e3;
        chase_kv_num(info->facts, &info->nfacts, "wall_clock_khz", khz);
        return CHASE_OK;
    }
#endif
    (void)khz;
    CHECK(hipModuleGetFunction(&fn, g->mod, "chase_realtime"), "hipModuleGetFunction");
    CHECK(hipMalloc(&out, sizeof t), "hipMalloc");
    args[0] = &out;
    if ((r = hipModuleLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL)) != hipSuccess ||
        (r = hipDeviceSynchronize()) != hipSuccess ||
        (h0 = now_s(), r = hipMemcpyDtoH(&t[0], (hipDeviceptr_t)out, sizeof t[0])) != hipSuccess) {
        rc = fail(r, "timing s_memrealtime", err, len);
        goto out;
    }
    while (now_s() - h0 < 0.05)
        ;
    if ((r = hipModuleLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL)) != hipSuccess ||
        (r = hipDeviceSynchronize()) != hipSuccess ||
        (h1 = now_s(), r = hipMemcpyDtoH(&t[1], (hipDeviceptr_t)out, sizeof t[1])) != hipSuccess) {
        rc = fail(r, "timing s_memrealtime", err, len);
        goto out;
    }
    g->realtime_hz = (double)(t[1] - t[0]) / (h1 - h0);
    chase_kv_set(info->settings, &info->nsettings, "realtime_rate",
                 "%.2f MHz, measured against the host clock (this runtime does not report it)",
                 g->realtime_hz / 1e6);
out:
    hipFree(out);
    return rc;
}

/* Everything gpu_open sets up; on failure gpu_close undoes what was done. */
int gpu_setup(struct gpu *g, int index, struct chase_devinfo *info, char *err, size_t len)
{
    hipDeviceProp_t p;

    g->dev = index;
    CHECK(hipSetDevice(index), "hipSetDevice");
    CHECK(hipGetDeviceProperties(&p, index), "hipGetDeviceProperties");
    CHECK(hipModuleLoadData(&g->mod, chase_gpu_image),
          "loading the chase kernels (hipModuleLoadData; was chase built for this GPU's target? see --with-hip-arch)");
    snprintf(info->name, sizeof info->name, "%.127s", p.name);
    snprintf(info->arch, sizeof info->arch, "%.63s", p.gcnArchName);
    info->lanes = (unsigned)p.warpSize;
    info->units = (unsigned)p.multiProcessorCount;
    info->block_threads = (unsigned)p.maxThreadsPerBlock;
    info->shared_bytes = (uint64_t)p.sharedMemPerBlock;
    info->memory_bytes = (uint64_t)p.totalGlobalMem;
    info->clock_mhz = p.clockRate / 1000.0;
    /* __smid() packs shader-engine and CU fields, not 0 .. CUs-1, so a
     * walk is not pinned here (never run on an AMD GPU by us). */
    info->pinnable = 0;
    chase_kv_set(info->facts, &info->nfacts, "gfx_target", "%s", p.gcnArchName);
    {
        /* The board's own name and where it sits (a fleet's reports are
         * named by it); built here, never run on an AMD GPU. */
        hipUUID u;
        char bus[32];
        if (hipDeviceGetUuid(&u, g->dev) == hipSuccess) {
            const unsigned char *b = (const unsigned char *)u.bytes;
            chase_kv_set(info->facts, &info->nfacts, "uuid", "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                         "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
                         b[10], b[11], b[12], b[13], b[14], b[15]);
        }
        if (hipDeviceGetPCIBusId(bus, (int)sizeof bus, g->dev) == hipSuccess)
            chase_kv_set(info->facts, &info->nfacts, "pci_bus_id", "%s", bus);
    }
    chase_kv_num(info->facts, &info->nfacts, "compute_units", p.multiProcessorCount);
    chase_kv_num(info->facts, &info->nfacts, "wave_size", p.warpSize);
    chase_kv_num(info->facts, &info->nfacts, "clock_mhz", info->clock_mhz);
    chase_kv_num(info->facts, &info->nfacts, "l2_bytes", p.l2CacheSize);
    chase_kv_num(info->facts, &info->nfacts, "lds_per_cu_bytes", (double)p.maxSharedMemoryPerMultiProcessor);
    chase_kv_num(info->facts, &info->nfacts, "lds_per_block_bytes", (double)p.sharedMemPerBlock);
    chase_kv_num(info->facts, &info->nfacts, "memory_bytes", (double)p.totalGlobalMem);
    /* The architecture's figure for GCN and CDNA (gfx9): the LDS is 32
     * banks of 4 bytes a clock a CU (AMD's CDNA ISA guides).  The vector
     * L1's rate differs between generations: none is stated. */
    if (!strncmp(p.gcnArchName, "gfx9", 4)) {
        chase_kv_num(info->facts, &info->nfacts, CHASE_BOUND_SHARED, 128);
        chase_kv_set(info->facts, &info->nfacts, CHASE_BOUND_FROM, "the architecture's: AMD gfx9 (GCN, CDNA), "
                     "the LDS 32 banks of 4 B a clock, a CU");
    }
    snprintf(info->caches[0].name, sizeof info->caches[0].name, "L2");
    info->caches[0].bytes = (uint64_t)p.l2CacheSize;
    info->ncaches = 1;
    {
        /* The runtime does not report an Infinity Cache (MALL); the
         * driver's topology lists it as a further cache level. */
        int level = 0;
        uint64_t bytes = 0;
        if (kfd_last_cache(KFD_TOPOLOGY, index, &level, &bytes) == 0 && level > 2) {
            snprintf(info->caches[1].name, sizeof info->caches[1].name, "Infinity Cache");
            info->caches[1].bytes = bytes;
            info->ncaches = 2;
            chase_kv_num(info->facts, &info->nfacts, "last_cache_level", level);
            chase_kv_num(info->facts, &info->nfacts, "last_cache_bytes", (double)bytes);
        }
    }
    snprintf(info->timer, sizeof info->timer,
             "cycles: s_memtime (core clock) around the timed loop; ns: s_memrealtime around the same loops");
    return realtime_rate(g, info, err, len);
}

/* What gpu_host.c's gpu_open allocates for this vendor's struct gpu. */
const size_t gpu_state_bytes = sizeof(struct gpu);

void gpu_teardown(struct gpu *g)
{
    if (g->peer_access)
        hipDeviceDisablePeerAccess(g->peer);
    if (g->mod)
        hipModuleUnload(g->mod);
}

int gpu_function(struct gpu *g, const char *name, gpu_fn *fn, char *err, size_t len)
{
    hipFunction_t f;
    hipError_t r = hipModuleGetFunction(&f, g->mod, name);
    if (r == hipErrorNotFound) {
        snprintf(err, len, "the hip module has no kernel %s", name);
        return CHASE_ENOTSUP;
    }
    CHECK(r, "hipModuleGetFunction");
    *fn = f;
    return CHASE_OK;
}

int gpu_launch(struct gpu *g, gpu_fn fn, unsigned blocks, unsigned threads, unsigned shared, void **args,
               char *err, size_t len)
{
    (void)g;
    CHECK(hipModuleLaunchKernel((hipFunction_t)fn, blocks, 1, 1, threads, 1, 1, shared, NULL, args, NULL),
          "launching a kernel");
    CHECK(hipDeviceSynchronize(), "a kernel");
    return CHASE_OK;
}

int gpu_allow_shared(struct gpu *g, gpu_fn fn, unsigned bytes, char *err, size_t len)
{
    (void)g;
    (void)fn;
    /* LDS needs no opt-in: a block may use up to sharedMemPerBlock. */
    (void)bytes;
    (void)err;
    (void)len;
    return CHASE_OK;
}

int gpu_carveout(struct gpu *g, gpu_fn fn, int percent, char *err, size_t len)
{
    (void)g;
    (void)fn;
    (void)percent;
    snprintf(err, len, "--carveout is CUDA's; AMD GPUs have a separate LDS");
    return CHASE_EINVAL;
}

int gpu_l2_fetch(struct gpu *g, unsigned bytes, unsigned *now, char *err, size_t len)
{
    (void)g;
    (void)bytes;
    *now = 0;
    snprintf(err, len, "--l2-fetch is CUDA's (a context limit HIP does not have)");
    return CHASE_EINVAL;
}

const char *gpu_cache_op_text(const char *op)
{
    if (!strcmp(op, "ca"))
        return "an ordinary global load, cached in the vector L1";
    if (!strcmp(op, "cg"))
        return "a relaxed device-scope atomic load (glc, or sc1 on gfx940+), served from L2";
    return NULL;
}

/* The constant and texture paths are the cuda backend's: hip has no
 * kernels for them (gpu_cache_op_text refuses the operators first). */
int gpu_const_array(struct gpu *g, uint64_t *dptr, uint64_t *bytes, char *err, size_t len)
{
    (void)g;
    *dptr = *bytes = 0;
    snprintf(err, len, "--cache-op const is not available on hip");
    return CHASE_ENOTSUP;
}

int gpu_tex_max_bytes(struct gpu *g, uint64_t *bytes)
{
    (void)g;
    *bytes = 0;
    return CHASE_ENOTSUP;
}

int gpu_tex_create(struct gpu *g, uint64_t dptr, uint64_t bytes, uint64_t *tex, char *err, size_t len)
{
    (void)g;
    (void)dptr;
    (void)bytes;
    *tex = 0;
    snprintf(err, len, "--cache-op tex is not available on hip");
    return CHASE_ENOTSUP;
}

void gpu_tex_destroy(struct gpu *g, uint64_t tex)
{
    (void)g;
    (void)tex;
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

int gpu_copy_out(struct gpu *g, void *host, uint64_t dptr, size_t bytes, char *err, size_t len)
{
    (void)g;
    CHECK(hipMemcpyDtoH(host, (hipDeviceptr_t)(uintptr_t)dptr, bytes), "hipMemcpyDtoH");
    return CHASE_OK;
}

int gpu_copy_in(struct gpu *g, uint64_t dptr, const void *host, size_t bytes, char *err, size_t len)
{
    (void)g;
    CHECK(hipMemcpyHtoD((hipDeviceptr_t)(uintptr_t)dptr, (void *)(uintptr_t)host, bytes), "hipMemcpyHtoD");
    return CHASE_OK;
}

int gpu_memset32(struct gpu *g, uint64_t dptr, unsigned value, size_t count, char *err, size_t len)
{
    (void)g;
    CHECK(hipMemsetD32((hipDeviceptr_t)(uintptr_t)dptr, (int)value, count), "hipMemsetD32");
    return CHASE_OK;
}

double gpu_realtime_hz(struct gpu *g)
{
    return g->realtime_hz;
}

int gpu_alloc_granularity(struct gpu *g, uint64_t *minimum, uint64_t *recommended)
{
    (void)g;
    (void)minimum;
    (void)recommended;
    return CHASE_ENOTSUP;   /* not asked of HIP here: its virtual memory API is newer than ROCm 5.2 */
}

int gpu_alloc_vmm(struct gpu *g, uint64_t bytes, uint64_t granularity, uint64_t *dptr, char *err, size_t len)
{
    (void)g;
    (void)bytes;
    (void)granularity;
    (void)dptr;
    snprintf(err, len, "--alloc vmm is CUDA's (cuMemCreate); the hip backend allocates with hipMalloc");
    return CHASE_ENOTSUP;
}

void gpu_free_vmm(struct gpu *g, uint64_t dptr, uint64_t bytes)
{
    (void)g;
    (void)dptr;
    (void)bytes;
}

/* Device peer's memory, read from this device: both checks (can it reach
 * it; does enabling say yes), the allocation made on the peer. */
static int alloc_peer(struct gpu *g, int peer, uint64_t bytes, uint64_t *dptr, struct chase_devinfo *info, char *err,
                      size_t len)
{
    static const struct {
        hipDeviceP2PAttr a;
        const char *key;
    } facts[] = {
        {hipDevP2PAttrPerformanceRank, "p2p_performance_rank"},
        {hipDevP2PAttrAccessSupported, "p2p_access_supported"},
        {hipDevP2PAttrNativeAtomicSupported, "p2p_native_atomics"},
    };
    size_t f = 0, t = 0, i;
    void *p = NULL;
    int can = 0, v;
    hipError_t r;

    CHECK(hipDeviceCanAccessPeer(&can, g->dev, peer), "hipDeviceCanAccessPeer");
    if (!can) {
        snprintf(err, len, "device %d cannot access device %d's memory (hipDeviceCanAccessPeer says no: no xGMI or "
                 "PCIe peer path between them)", g->dev, peer);
        return CHASE_ETARGET;
    }
    g->peer = peer;
    r = hipSetDevice(peer);
    if (r == hipSuccess)
        r = hipMemGetInfo(&f, &t);
    if (r == hipSuccess && (bytes > f || f - bytes < (64u << 20))) {
        hipSetDevice(g->dev);
        snprintf(err, len, "a working set of %llu B does not fit in device %d's free memory (%llu B)",
                 (unsigned long long)bytes, peer, (unsigned long long)f);
        return CHASE_ENOMEM;
    }
    if (r == hipSuccess)
        r = hipMalloc(&p, bytes);
    hipSetDevice(g->dev);
    if (r != hipSuccess)
        return fail(r, "hipMalloc on the peer", err, len);
    r = hipDeviceEnablePeerAccess(peer, 0);
    if (r != hipSuccess && r != hipErrorPeerAccessAlreadyEnabled) {
        hipFree(p);
        snprintf(err, len, "device %d could not enable access to device %d's memory (hipDeviceEnablePeerAccess: %s)",
                 g->dev, peer, hipGetErrorString(r));
        return CHASE_ETARGET;
    }
    g->peer_access = r == hipSuccess;
    *dptr = (uint64_t)(uintptr_t)p;
    chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "peer:%d: hipMalloc on device %d, read from "
                 "device %d after hipDeviceEnablePeerAccess", peer, peer, g->dev);
    for (i = 0; i < sizeof facts / sizeof facts[0]; i++)
        if (hipDeviceGetP2PAttribute(&v, facts[i].a, g->dev, peer) == hipSuccess)
            chase_kv_num(info->facts, &info->nfacts, facts[i].key, v);
    chase_kv_set(info->facts, &info->nfacts, "link", "unknown to the runtime (the xGMI link count and PCIe path "
                 "are rocm-smi's, not HIP's)");
    return CHASE_OK;
}

int gpu_alloc_target(struct gpu *g, const struct chase_target *t, uint64_t bytes, uint64_t *dptr, void **host,
                     struct chase_devinfo *info, char *err, size_t len)
{
    *host = NULL;
    if (t->memory == CHASE_MEMORY_PEER)
        return alloc_peer(g, t->peer, bytes, dptr, info, err, len);
    if (t->memory == CHASE_MEMORY_HOST) {
        void *h = NULL, *p = NULL;
        hipError_t r;
        CHECK(hipHostMalloc(&h, bytes, hipHostMallocMapped), "hipHostMalloc");
        if ((r = hipHostGetDevicePointer(&p, h, 0)) != hipSuccess) {
            hipHostFree(h);
            return fail(r, "hipHostGetDevicePointer", err, len);
        }
        *host = h;
        *dptr = (uint64_t)(uintptr_t)p;
        chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "host: hipHostMalloc(Mapped), pinned host "
                     "memory read through hipHostGetDevicePointer's address; the chain written by the host's CPU");
        return CHASE_OK;
    }
    if (t->memory == CHASE_MEMORY_MANAGED) {
        void *p = NULL;
        int prefetched;
        CHECK(hipMallocManaged(&p, bytes, hipMemAttachGlobal), "hipMallocManaged");
        prefetched = hipMemPrefetchAsync(p, bytes, g->dev, 0) == hipSuccess && hipDeviceSynchronize() == hipSuccess;
        *dptr = (uint64_t)(uintptr_t)p;
        chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "managed: hipMallocManaged(Global), %s",
                     prefetched ? "prefetched to the device (hipMemPrefetchAsync) before the first point"
                                : "not prefetched (hipMemPrefetchAsync failed): pages move on first touch");
        return CHASE_OK;
    }
    snprintf(err, len, "no such memory target");
    return CHASE_ETARGET;
}

void gpu_free_target(struct gpu *g, const struct chase_target *t, uint64_t dptr, void *host)
{
    (void)g;
    (void)t;
    if (host)
        hipHostFree(host);
    else
        hipFree((void *)(uintptr_t)dptr);
}

/* chase lanes: the instruction each kernel of chase_hip.hip times, as the
 * AMD ISA names it (tests/lanes-asm.sh finds it there; the kernels are
 * built for every target and never run here), and the wave instructions
 * one operation is. */
int gpu_lanes_instr(int op, unsigned width, const char **instr, unsigned *instrs)
{
    static const struct {
        int op;
        unsigned width;
        const char *instr;
        unsigned instrs;
    } t[] = {
        {CHASE_LANES_DPP_ROW, 32, "v_mov_b32_dpp row_shr:1", 1},
        {CHASE_LANES_DPP_QUAD, 32, "v_mov_b32_dpp quad_perm", 1},
        {CHASE_LANES_DS_SWIZZLE, 32, "ds_swizzle_b32", 1},
        {CHASE_LANES_DS_PERMUTE, 32, "ds_permute_b32", 1},
        {CHASE_LANES_DS_BPERMUTE, 32, "ds_bpermute_b32", 1},
        /* The scalar result returns to the lanes by a v_mov_b32. */
        {CHASE_LANES_READLANE, 32, "v_readlane_b32 + v_mov_b32", 2},
        {CHASE_LANES_READFIRSTLANE, 32, "v_readfirstlane_b32 + v_mov_b32", 2},
        {CHASE_LANES_SHARED, 32, "ds_write_b32 + ds_read_b32", 2},
        {CHASE_LANES_SHARED, 64, "ds_write_b64 + ds_read_b64", 2},
    };
    size_t i;

    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].op == op && t[i].width == width) {
            *instr = t[i].instr;
            *instrs = t[i].instrs;
            return 0;
        }
    return -1;
}

/* chase async: the instruction each copy's kernels of chase_hip.hip time,
 * as the AMD ISA names it (tests/async-asm.sh finds it there; built for
 * every target, never run on an AMD GPU here).  The direct-to-LDS load is
 * written for gfx94x (global_load_lds_dword): elsewhere its kernels say
 * the target lacks it (gfx90a's buffer_load_dword ... lds is not written). */
const char *const gpu_async_missing = NULL;

int gpu_async_instr(int op, unsigned bytes, const char **instr)
{
    switch (op) {
    case CHASE_ASYNC_LOAD_STORE:
        *instr = bytes == 4   ? "global_load_dword + ds_write_b32 + ds_read_b32"
                 : bytes == 8 ? "global_load_dwordx2 + ds_write_b64 + ds_read_b32"
                              : "global_load_dwordx4 + ds_write_b128 + ds_read_b32";
        return 0;
    case CHASE_ASYNC_LDS_DIRECT:
        *instr = "global_load_lds_dword + s_waitcnt vmcnt(0)";
        return 0;
    case CHASE_ASYNC_LDS_WAIT:
        *instr = "global_load_lds_dword + 2 x s_waitcnt vmcnt(0)";
        return 0;
    default:
        return -1;
    }
}
