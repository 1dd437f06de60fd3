/* cuda_vendor.c: the NVIDIA side of the GPU backend, through the driver API.
 *
 * libcuda.so.1 is opened at run time rather than linked, so the module loads
 * on any machine and says plainly when there is no NVIDIA driver.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <cuda.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "cuda_nvml.h"
#include "gpu_numa.h"

/* The embedded fatbinary (chase_cuda.cu built for every configured arch). */
extern const unsigned char chase_gpu_image[];

/* Every driver entry point used; cuda.h maps names to their _v2 forms. */
#define CUDA_FUNCS(X)                                                                            \
    X(cuInit) X(cuDriverGetVersion) X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName)       \
    X(cuDeviceGetAttribute) X(cuDeviceTotalMem) X(cuDevicePrimaryCtxRetain)                      \
    X(cuDevicePrimaryCtxRelease) X(cuCtxSetCurrent) X(cuModuleLoadData) X(cuModuleUnload)        \
    X(cuModuleGetFunction) X(cuFuncSetAttribute) X(cuMemAlloc)                                  \
    X(cuMemFree) X(cuMemGetInfo) X(cuMemcpyDtoH) X(cuMemcpyHtoD) X(cuMemsetD32) X(cuLaunchKernel) \
    X(cuCtxSynchronize) X(cuGetErrorString)

/* Entry points used where the driver has them (the virtual memory API,
 * CUDA 10.2 on; the context's limits; peer, host and managed memory, and
 * the prefetch by location of CUDA 12.2 on; a module's globals, texture
 * objects): a driver without them only loses --alloc vmm, the allocation
 * granularity, the L2 fetch granularity, the --memory targets (or managed
 * memory's prefetch), and --cache-op const and tex. */
#define CUDA_OPTIONAL_FUNCS(X)                                                                   \
    X(cuMemGetAllocationGranularity) X(cuMemAddressReserve) X(cuMemAddressFree) X(cuMemCreate)  \
    X(cuMemRelease) X(cuMemMap) X(cuMemUnmap) X(cuMemSetAccess) X(cuCtxGetLimit) X(cuCtxSetLimit)      \
    X(cuDeviceCanAccessPeer) X(cuCtxEnablePeerAccess) X(cuCtxDisablePeerAccess)                 \
    X(cuDeviceGetP2PAttribute) X(cuMemHostAlloc) X(cuMemHostGetDevicePointer) X(cuMemFreeHost)  \
    X(cuMemAllocManaged) X(cuMemPrefetchAsync) X(cuStreamSynchronize) X(cuDeviceGetUuid)         \
    X(cuModuleGetGlobal) X(cuTexObjectCreate) X(cuTexObjectDestroy) X(cuDeviceGetTexture1DLinearMaxWidth)

#define STR_(x) #x
#define STR(x) STR_(x)
#define DECLARE(f) __typeof__(f) *f;
static struct {
    CUDA_FUNCS(DECLARE)
    CUDA_OPTIONAL_FUNCS(DECLARE)
} cu;
static void *libcuda;

struct gpu {
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    /* --memory peer:N: the peer's primary context, held while its memory is */
    CUdevice peer;
    CUcontext peer_ctx;
    int peer_access;            /* this context enabled access to the peer's */
};

/* A report's worker runs many parts in one process (src/report/worker.h):
 * each device's primary context is held from its first open to the
 * process's end, so a later open takes milliseconds, not the context's
 * creation (0.13-0.16 s on an H100, bench/NOTES.md).  What a part may
 * change in the context is put back at each open: the L2 fetch
 * granularity (--l2-fetch), to what the driver gave the new context. */
#define KEPT_MAX 64
static struct {
    CUcontext ctx;
    size_t l2_fetch;            /* the new context's, once read */
    int read;
} kept[KEPT_MAX];

/* Holds dev's primary context for the process (once); current: it is the
 * current context (its limit read, or put back). */
static void keep(CUdevice dev, int current)
{
    size_t v = 0;

    if (dev < 0 || dev >= KEPT_MAX)
        return;
    if (!kept[dev].ctx && cu.cuDevicePrimaryCtxRetain(&kept[dev].ctx, dev) != CUDA_SUCCESS) {
        kept[dev].ctx = NULL;
        return;
    }
    if (!current)
        return;
    /* Read the first time it is current (a peer's may be held before);
     * put back every time after. */
    if (!kept[dev].read) {
        if (cu.cuCtxGetLimit && cu.cuCtxGetLimit(&v, CU_LIMIT_MAX_L2_FETCH_GRANULARITY) == CUDA_SUCCESS) {
            kept[dev].l2_fetch = v;
            kept[dev].read = 1;
        }
    } else if (cu.cuCtxSetLimit) {
        cu.cuCtxSetLimit(CU_LIMIT_MAX_L2_FETCH_GRANULARITY, kept[dev].l2_fetch);
    }
}

static int fail(CUresult r, const char *what, char *err, size_t len)
{
    const char *s = NULL;
    if (cu.cuGetErrorString)
        cu.cuGetErrorString(r, &s);
    snprintf(err, len, "%s failed: %s (CUDA error %d)", what, s ? s : "unknown", (int)r);
    return r == CUDA_ERROR_OUT_OF_MEMORY ? CHASE_ENOMEM : CHASE_EFAIL;
}

#define CHECK(call, what)                                                                        \
    do {                                                                                         \
        CUresult r_ = (call);                                                                    \
        if (r_ != CUDA_SUCCESS)                                                                  \
            return fail(r_, what, err, len);                                                     \
    } while (0)

int gpu_probe(int *ndevices, char *why, size_t len)
{
    CUresult r;
    *ndevices = 0;
    if (!libcuda) {
        libcuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!libcuda) {
            snprintf(why, len, "no NVIDIA driver: %s", dlerror());
            return CHASE_ENODEV;
        }
#define RESOLVE(f)                                                                               \
    if (!(*(void **)&cu.f = dlsym(libcuda, STR(f)))) {                                           \
        snprintf(why, len, "the NVIDIA driver lacks %s (too old?)", STR(f));                     \
        dlclose(libcuda);                                                                        \
        libcuda = NULL;                                                                          \
        return CHASE_ENODEV;                                                                     \
    }
        CUDA_FUNCS(RESOLVE)
#define RESOLVE_OPTIONAL(f) *(void **)&cu.f = dlsym(libcuda, STR(f));
        CUDA_OPTIONAL_FUNCS(RESOLVE_OPTIONAL)
    }
    r = cu.cuInit(0);
    if (r == CUDA_SUCCESS)
        r = cu.cuDeviceGetCount(ndevices);
    if (r != CUDA_SUCCESS) {
        fail(r, "cuInit", why, len);
        return CHASE_ENODEV;
    }
    if (*ndevices == 0)
        snprintf(why, len, "the NVIDIA driver sees no device");
    return *ndevices ? CHASE_OK : CHASE_ENODEV;
}

static int attr(struct gpu *g, CUdevice_attribute a)
{
    int v = 0;
    if (cu.cuDeviceGetAttribute(&v, a, g->dev) != CUDA_SUCCESS)
        return 0;
    return v;
}

/* Everything gpu_open sets up; on failure gpu_close undoes what was done. */
int gpu_setup(struct gpu *g, int index, struct chase_devinfo *info, char *err, size_t len)
{
    int major, minor, drv = 0, sms;
    size_t total = 0;

    CHECK(cu.cuDeviceGet(&g->dev, index), "cuDeviceGet");
    CHECK(cu.cuDevicePrimaryCtxRetain(&g->ctx, g->dev), "cuDevicePrimaryCtxRetain");
    CHECK(cu.cuCtxSetCurrent(g->ctx), "cuCtxSetCurrent");
    keep(g->dev, 1);
    CHECK(cu.cuModuleLoadData(&g->mod, chase_gpu_image), "loading the chase kernels (cuModuleLoadData)");
    CHECK(cu.cuDeviceGetName(info->name, (int)sizeof info->name, g->dev), "cuDeviceGetName");
    /* Under a launcher (Slurm's --gpus-per-task) or a report's part, device
     * indices count the devices this list lets through, not the host's: the
     * list as given (the schema and man page say so), one too long for a
     * setting cut, and said to be. */
    {
        const char *vis = getenv("CUDA_VISIBLE_DEVICES");
        if (vis && strlen(vis) < sizeof info->settings[0].val)
            chase_kv_set(info->settings, &info->nsettings, "visible_devices", "%s", vis);
        else if (vis)
            chase_kv_set(info->settings, &info->nsettings, "visible_devices", "%.*s... (cut: %zu characters)",
                         (int)sizeof info->settings[0].val - 32, vis, strlen(vis));
    }
    major = attr(g, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    minor = attr(g, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    sms = attr(g, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    snprintf(info->arch, sizeof info->arch, "sm_%d%d", major, minor);
    CHECK(cu.cuDeviceTotalMem(&total, g->dev), "cuDeviceTotalMem");
    cu.cuDriverGetVersion(&drv);
    info->lanes = (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    info->units = (unsigned)sms;
    info->block_threads = (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    /* The most a block may ask for (it must opt in above 48 KiB). */
    info->shared_bytes = (uint64_t)attr(g, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    info->memory_bytes = total;
    info->clock_mhz = attr(g, CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000.0;
    info->pinnable = 1;     /* %smid numbers the SMs 0 .. count-1 */
    chase_kv_set(info->facts, &info->nfacts, "compute_capability", "%d.%d", major, minor);
    chase_kv_num(info->facts, &info->nfacts, "multiprocessors", sms);
    chase_kv_num(info->facts, &info->nfacts, "warp_size", info->lanes);
    chase_kv_num(info->facts, &info->nfacts, "clock_mhz", info->clock_mhz);
    chase_kv_num(info->facts, &info->nfacts, "memory_clock_mhz", attr(g, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000.0);
    chase_kv_num(info->facts, &info->nfacts, "memory_bus_bits", attr(g, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH));
    chase_kv_num(info->facts, &info->nfacts, "l2_bytes", attr(g, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE));
    chase_kv_num(info->facts, &info->nfacts, "shared_per_sm_bytes",
                 attr(g, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
    chase_kv_num(info->facts, &info->nfacts, "shared_per_block_optin_bytes", (double)info->shared_bytes);
    chase_kv_num(info->facts, &info->nfacts, "threads_per_sm", attr(g, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR));
    chase_kv_num(info->facts, &info->nfacts, "memory_bytes", (double)total);
    chase_kv_set(info->facts, &info->nfacts, "driver_version", "%d.%d", drv / 1000, drv % 1000 / 10);
    {
        /* The board's own name (what nvidia-smi -L prints), and where it
         * sits: a fleet's reports are named by it, a node's links by it. */
        CUuuid u;
        struct cuda_pci pci = {(unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID),
                               (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
                               (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)};
        const unsigned char *b = (const unsigned char *)u.bytes;
        if (cu.cuDeviceGetUuid && cu.cuDeviceGetUuid(&u, g->dev) == CUDA_SUCCESS)
            chase_kv_set(info->facts, &info->nfacts, "uuid", "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                         "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
                         b[10], b[11], b[12], b[13], b[14], b[15]);
        chase_kv_set(info->facts, &info->nfacts, "pci_bus_id", "%04x:%02x:%02x.0", pci.domain, pci.bus, pci.device);
    }
    /* The architecture's figures, which no query gives: since Maxwell
     * (sm_50) shared memory is 32 banks of 4 bytes a clock (the CUDA C++
     * Programming Guide's compute capabilities); an SM's L1 delivers 128
     * bytes a clock on the data-centre parts whose whitepapers say so
     * (Volta 7.0, Ampere 8.0, Hopper 9.0); elsewhere none is given rather
     * than one guessed (chase bandwidth's peak, chase loads' bound). */
    {
        int dc = (major == 7 || major == 8 || major == 9) && minor == 0;
        if (dc) {
            chase_kv_num(info->facts, &info->nfacts, "arch_l1_bytes_per_clock", 128);
            chase_kv_num(info->facts, &info->nfacts, CHASE_BOUND_L1, 128);
        }
        if (major >= 5) {
            chase_kv_num(info->facts, &info->nfacts, CHASE_BOUND_SHARED, 128);
            chase_kv_set(info->facts, &info->nfacts, CHASE_BOUND_FROM, "the architecture's: NVIDIA sm_50 and later, "
                         "shared memory 32 banks of 4 B a clock an SM%s",
                         dc ? "; the L1 128 B a clock an SM (the Volta, Ampere and Hopper whitepapers)" : "");
        }
    }
    /* How much the L2 fetches from memory on a miss at most: a hint the
     * context carries (0-128 bytes), as the driver left it (--l2-fetch
     * sets it afterwards, and says so among the settings).  It says what
     * `chase lines` should see past the L2. */
    {
        size_t fetch = 0;
        if (cu.cuCtxGetLimit && cu.cuCtxGetLimit(&fetch, CU_LIMIT_MAX_L2_FETCH_GRANULARITY) == CUDA_SUCCESS)
            chase_kv_num(info->facts, &info->nfacts, "l2_fetch_granularity_bytes", (double)fetch);
    }
    snprintf(info->caches[0].name, sizeof info->caches[0].name, "L2");
    info->caches[0].bytes = (uint64_t)attr(g, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    info->ncaches = 1;
    snprintf(info->timer, sizeof info->timer,
             "cycles: clock64() (SM clock) around the timed loop; ns: %%globaltimer around the same loops");
    return CHASE_OK;
}

/* What gpu_host.c's gpu_open allocates for this vendor's struct gpu. */
const size_t gpu_state_bytes = sizeof(struct gpu);

void gpu_teardown(struct gpu *g)
{
    if (g->peer_access)
        cu.cuCtxDisablePeerAccess(g->peer_ctx);
    if (g->peer_ctx)
        cu.cuDevicePrimaryCtxRelease(g->peer);
    if (g->mod)
        cu.cuModuleUnload(g->mod);
    if (g->ctx)
        cu.cuDevicePrimaryCtxRelease(g->dev);
}

int gpu_function(struct gpu *g, const char *name, gpu_fn *fn, char *err, size_t len)
{
    CUfunction f;
    CUresult r = cu.cuModuleGetFunction(&f, g->mod, name);
    if (r == CUDA_ERROR_NOT_FOUND) {
        snprintf(err, len, "the cuda module has no kernel %s", name);
        return CHASE_ENOTSUP;
    }
    CHECK(r, "cuModuleGetFunction");
    *fn = f;
    return CHASE_OK;
}

int gpu_launch(struct gpu *g, gpu_fn fn, unsigned blocks, unsigned threads, unsigned shared, void **args,
               char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuLaunchKernel((CUfunction)fn, blocks, 1, 1, threads, 1, 1, shared, NULL, args, NULL),
          "launching a kernel");
    CHECK(cu.cuCtxSynchronize(), "a kernel");
    return CHASE_OK;
}

int gpu_allow_shared(struct gpu *g, gpu_fn fn, unsigned bytes, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuFuncSetAttribute((CUfunction)fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)bytes),
          "allowing dynamic shared memory");
    return CHASE_OK;
}

int gpu_carveout(struct gpu *g, gpu_fn fn, int percent, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuFuncSetAttribute((CUfunction)fn, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, percent),
          "setting the carveout");
    return CHASE_OK;
}

int gpu_l2_fetch(struct gpu *g, unsigned bytes, unsigned *now, char *err, size_t len)
{
    size_t v = 0;
    (void)g;
    if (!cu.cuCtxSetLimit || !cu.cuCtxGetLimit) {
        snprintf(err, len, "this NVIDIA driver cannot set the L2 fetch granularity (cuCtxSetLimit)");
        return CHASE_ENOTSUP;
    }
    CHECK(cu.cuCtxSetLimit(CU_LIMIT_MAX_L2_FETCH_GRANULARITY, bytes), "setting the L2 fetch granularity");
    CHECK(cu.cuCtxGetLimit(&v, CU_LIMIT_MAX_L2_FETCH_GRANULARITY), "reading the L2 fetch granularity");
    *now = (unsigned)v;
    return CHASE_OK;
}

const char *gpu_cache_op_text(const char *op)
{
    if (!strcmp(op, "ca"))
        return "ld.global.ca, cached in L1 and L2";
    if (!strcmp(op, "cg"))
        return "ld.global.cg, cached in L2 only";
    if (!strcmp(op, "nc"))
        return "ld.global.nc, the read-only path";
    if (!strcmp(op, "const"))
        return "ld.const (LDC) from the module's __constant__ array, the constant caches; one thread, so every "
               "load is a warp-uniform address (the broadcast case)";
    if (!strcmp(op, "tex"))
        return "tex.1d (tex1Dfetch) through a texture object over the working set (linear memory, 32-bit words, "
               "element indices), the texture path";
    return NULL;
}

int gpu_const_array(struct gpu *g, uint64_t *dptr, uint64_t *bytes, char *err, size_t len)
{
    CUdeviceptr p = 0;
    size_t n = 0;
    if (!cu.cuModuleGetGlobal) {
        snprintf(err, len, "this NVIDIA driver cannot find a module's constants (cuModuleGetGlobal)");
        return CHASE_ENOTSUP;
    }
    CHECK(cu.cuModuleGetGlobal(&p, &n, g->mod, "chase_const"), "finding the constant array (cuModuleGetGlobal)");
    *dptr = p;
    *bytes = n;
    return CHASE_OK;
}

int gpu_tex_max_bytes(struct gpu *g, uint64_t *bytes)
{
    size_t w = 0;
    if (!cu.cuDeviceGetTexture1DLinearMaxWidth ||
        cu.cuDeviceGetTexture1DLinearMaxWidth(&w, CU_AD_FORMAT_UNSIGNED_INT32, 1, g->dev) != CUDA_SUCCESS || !w)
        return CHASE_ENOTSUP;
    *bytes = (uint64_t)w * 4;
    return CHASE_OK;
}

int gpu_tex_create(struct gpu *g, uint64_t dptr, uint64_t bytes, uint64_t *tex, char *err, size_t len)
{
    CUDA_RESOURCE_DESC res;
    CUDA_TEXTURE_DESC td;
    CUtexObject t = 0;
    (void)g;
    if (!cu.cuTexObjectCreate || !cu.cuTexObjectDestroy) {
        snprintf(err, len, "this NVIDIA driver has no texture objects (cuTexObjectCreate)");
        return CHASE_ENOTSUP;
    }
    memset(&res, 0, sizeof res);
    memset(&td, 0, sizeof td);
    res.resType = CU_RESOURCE_TYPE_LINEAR;
    res.res.linear.devPtr = dptr;
    res.res.linear.format = CU_AD_FORMAT_UNSIGNED_INT32;
    res.res.linear.numChannels = 1;
    res.res.linear.sizeInBytes = bytes;
    /* Point reads of the element type at integer indices: the zeroed
     * descriptor (no filtering, no normalised coordinates). */
    CHECK(cu.cuTexObjectCreate(&t, &res, &td, NULL), "cuTexObjectCreate over the working set");
    *tex = t;
    return CHASE_OK;
}

void gpu_tex_destroy(struct gpu *g, uint64_t tex)
{
    (void)g;
    if (tex && cu.cuTexObjectDestroy)
        cu.cuTexObjectDestroy((CUtexObject)tex);
}

int gpu_mem_free(struct gpu *g, uint64_t *bytes, char *err, size_t len)
{
    size_t f = 0, t = 0;
    (void)g;
    CHECK(cu.cuMemGetInfo(&f, &t), "cuMemGetInfo");
    *bytes = f;
    return CHASE_OK;
}

int gpu_alloc(struct gpu *g, uint64_t bytes, uint64_t *dptr, char *err, size_t len)
{
    CUdeviceptr p;
    (void)g;
    CHECK(cu.cuMemAlloc(&p, bytes), "cuMemAlloc");
    *dptr = p;
    return CHASE_OK;
}

void gpu_free(struct gpu *g, uint64_t dptr)
{
    (void)g;
    cu.cuMemFree((CUdeviceptr)dptr);
}

int gpu_copy_out(struct gpu *g, void *host, uint64_t dptr, size_t bytes, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuMemcpyDtoH(host, (CUdeviceptr)dptr, bytes), "cuMemcpyDtoH");
    return CHASE_OK;
}

int gpu_copy_in(struct gpu *g, uint64_t dptr, const void *host, size_t bytes, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuMemcpyHtoD((CUdeviceptr)dptr, host, bytes), "cuMemcpyHtoD");
    return CHASE_OK;
}

int gpu_memset32(struct gpu *g, uint64_t dptr, unsigned value, size_t count, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuMemsetD32((CUdeviceptr)dptr, value, count), "cuMemsetD32");
    return CHASE_OK;
}

double gpu_realtime_hz(struct gpu *g)
{
    (void)g;
    return 1e9;     /* %globaltimer counts nanoseconds */
}

/* A device allocation's properties for the virtual memory API. */
static void vmm_prop(struct gpu *g, CUmemAllocationProp *prop)
{
    memset(prop, 0, sizeof *prop);
    prop->type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop->location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop->location.id = (int)g->dev;
}

int gpu_alloc_granularity(struct gpu *g, uint64_t *minimum, uint64_t *recommended)
{
    CUmemAllocationProp prop;
    size_t a = 0, b = 0;

    if (!cu.cuMemGetAllocationGranularity)
        return CHASE_ENOTSUP;
    vmm_prop(g, &prop);
    if (cu.cuMemGetAllocationGranularity(&a, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) != CUDA_SUCCESS ||
        cu.cuMemGetAllocationGranularity(&b, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED) != CUDA_SUCCESS)
        return CHASE_EFAIL;
    *minimum = a;
    *recommended = b;
    return CHASE_OK;
}

int gpu_alloc_vmm(struct gpu *g, uint64_t bytes, uint64_t granularity, uint64_t *dptr, char *err, size_t len)
{
    CUmemAllocationProp prop;
    CUmemAccessDesc access;
    CUmemGenericAllocationHandle h;
    CUdeviceptr p = 0;
    CUresult r;

    if (!cu.cuMemCreate || !cu.cuMemAddressReserve || !cu.cuMemMap || !cu.cuMemSetAccess || !cu.cuMemRelease ||
        !cu.cuMemUnmap || !cu.cuMemAddressFree) {
        snprintf(err, len, "this NVIDIA driver has no virtual memory API (cuMemCreate)");
        return CHASE_ENOTSUP;
    }
    vmm_prop(g, &prop);
    /* Reserve the range aligned to the granularity, back it with one
     * physical allocation, map it and let this device read and write it. */
    CHECK(cu.cuMemAddressReserve(&p, bytes, granularity, 0, 0), "cuMemAddressReserve");
    if ((r = cu.cuMemCreate(&h, bytes, &prop, 0)) != CUDA_SUCCESS) {
        cu.cuMemAddressFree(p, bytes);
        return fail(r, "cuMemCreate", err, len);
    }
    r = cu.cuMemMap(p, bytes, 0, h, 0);
    cu.cuMemRelease(h);     /* the mapping keeps the memory until it is unmapped */
    if (r != CUDA_SUCCESS) {
        cu.cuMemAddressFree(p, bytes);
        return fail(r, "cuMemMap", err, len);
    }
    memset(&access, 0, sizeof access);
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    if ((r = cu.cuMemSetAccess(p, bytes, &access, 1)) != CUDA_SUCCESS) {
        cu.cuMemUnmap(p, bytes);
        cu.cuMemAddressFree(p, bytes);
        return fail(r, "cuMemSetAccess", err, len);
    }
    *dptr = p;
    return CHASE_OK;
}

void gpu_free_vmm(struct gpu *g, uint64_t dptr, uint64_t bytes)
{
    (void)g;
    cu.cuMemUnmap((CUdeviceptr)dptr, bytes);
    cu.cuMemAddressFree((CUdeviceptr)dptr, bytes);
}

/* The driver's facts of the link to the peer (cuDeviceGetP2PAttribute);
 * the NVLink count is not among what the driver API answers. */
static void peer_facts(struct gpu *g, struct chase_devinfo *info)
{
    static const struct {
        CUdevice_P2PAttribute a;
        const char *key;
    } facts[] = {
        {CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK, "p2p_performance_rank"},
        {CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, "p2p_access_supported"},
        {CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED, "p2p_native_atomics"},
    };
    size_t i;
    int v;

    for (i = 0; i < sizeof facts / sizeof facts[0]; i++)
        if (cu.cuDeviceGetP2PAttribute && cu.cuDeviceGetP2PAttribute(&v, facts[i].a, g->dev, g->peer) == CUDA_SUCCESS)
            chase_kv_num(info->facts, &info->nfacts, facts[i].key, v);
    {
        struct cuda_pci a, b;
        char words[320];
        int v2 = 0;
        double gbs;
        a.domain = (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID);
        a.bus = (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID);
        a.device = (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID);
        b.domain = cu.cuDeviceGetAttribute(&v2, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, g->peer) == CUDA_SUCCESS ? (unsigned)v2 : 0;
        b.bus = cu.cuDeviceGetAttribute(&v2, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, g->peer) == CUDA_SUCCESS ? (unsigned)v2 : 0;
        b.device = cu.cuDeviceGetAttribute(&v2, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, g->peer) == CUDA_SUCCESS ? (unsigned)v2 : 0;
        cuda_nvml_nvlink(&a, &b, words, sizeof words, &gbs);
        chase_kv_set(info->facts, &info->nfacts, "link", "%s", words);
        if (gbs > 0)
            chase_kv_num(info->facts, &info->nfacts, "link_peak_gbs", gbs);
    }
}

/* Device t->peer's memory, read from this device's context: both
 * directions of the check (can this device reach it; does enabling say
 * yes), then the allocation in the peer's own context. */
static int alloc_peer(struct gpu *g, int peer, uint64_t bytes, uint64_t *dptr, struct chase_devinfo *info, char *err,
                      size_t len)
{
    int can = 0;
    size_t f = 0, t = 0;
    CUdeviceptr p = 0;
    CUresult r;

    if (!cu.cuDeviceCanAccessPeer || !cu.cuCtxEnablePeerAccess || !cu.cuCtxDisablePeerAccess) {
        snprintf(err, len, "this NVIDIA driver has no peer access (cuDeviceCanAccessPeer)");
        return CHASE_ETARGET;
    }
    CHECK(cu.cuDeviceGet(&g->peer, peer), "cuDeviceGet (the peer)");
    CHECK(cu.cuDeviceCanAccessPeer(&can, g->dev, g->peer), "cuDeviceCanAccessPeer");
    if (!can) {
        snprintf(err, len, "device %d cannot access device %d's memory (cuDeviceCanAccessPeer says no: no NVLink "
                 "or PCIe peer path between them, or peer access is disabled)", (int)g->dev, peer);
        return CHASE_ETARGET;
    }
    CHECK(cu.cuDevicePrimaryCtxRetain(&g->peer_ctx, g->peer), "cuDevicePrimaryCtxRetain (the peer)");
    keep(g->peer, 0);
    r = cu.cuCtxSetCurrent(g->peer_ctx);
    if (r == CUDA_SUCCESS)
        r = cu.cuMemGetInfo(&f, &t);
    if (r == CUDA_SUCCESS && (bytes > f || f - bytes < (64u << 20))) {
        cu.cuCtxSetCurrent(g->ctx);
        snprintf(err, len, "a working set of %llu B does not fit in device %d's free memory (%llu B)",
                 (unsigned long long)bytes, peer, (unsigned long long)f);
        return CHASE_ENOMEM;
    }
    if (r == CUDA_SUCCESS)
        r = cu.cuMemAlloc(&p, bytes);
    cu.cuCtxSetCurrent(g->ctx);
    if (r != CUDA_SUCCESS)
        return fail(r, "cuMemAlloc on the peer", err, len);
    r = cu.cuCtxEnablePeerAccess(g->peer_ctx, 0);
    if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) {
        const char *why = NULL;
        cu.cuGetErrorString(r, &why);
        cu.cuMemFree(p);
        snprintf(err, len, "device %d could not enable access to device %d's memory (cuCtxEnablePeerAccess: %s)",
                 (int)g->dev, peer, why ? why : "unknown");
        return CHASE_ETARGET;
    }
    g->peer_access = r == CUDA_SUCCESS;
    *dptr = p;
    chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "peer:%d: cuMemAlloc in device %d's primary "
                 "context, read from device %d's after cuCtxEnablePeerAccess", peer, peer, (int)g->dev);
    peer_facts(g, info);
    return CHASE_OK;
}

int gpu_alloc_target(struct gpu *g, const struct chase_target *t, uint64_t bytes, uint64_t *dptr, void **host,
                     struct chase_devinfo *info, char *err, size_t len)
{
    *host = NULL;
    if (t->memory == CHASE_MEMORY_PEER)
        return alloc_peer(g, t->peer, bytes, dptr, info, err, len);
    if (t->memory == CHASE_MEMORY_HOST) {
        CUdeviceptr p = 0;
        void *h = NULL;
        CUresult r;
        struct cuda_pci pci = {(unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID),
                               (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
                               (unsigned)attr(g, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)};
        struct gpu_numa numa;
        char placed[400];
        int node, bound;
        if (!cu.cuMemHostAlloc || !cu.cuMemHostGetDevicePointer || !cu.cuMemFreeHost) {
            snprintf(err, len, "this NVIDIA driver cannot map host memory (cuMemHostAlloc)");
            return CHASE_ETARGET;
        }
        /* Pinned and mapped: the device reads the host's pages themselves,
         * over the link, at the address the driver maps them to; taken on
         * the device's NUMA node (gpu_numa.h). */
        bound = gpu_numa_bind("/sys", pci.domain, pci.bus, pci.device, &numa, &node, placed, sizeof placed);
        r = cu.cuMemHostAlloc(&h, bytes, CU_MEMHOSTALLOC_DEVICEMAP);
        gpu_numa_restore(&numa);
        CHECK(r, "cuMemHostAlloc");
        chase_kv_set(info->settings, &info->nsettings, "host_memory_placement", "%s", placed);
        if (bound && node >= 0)
            chase_kv_num(info->settings, &info->nsettings, "host_numa_node", node);
        if ((r = cu.cuMemHostGetDevicePointer(&p, h, 0)) != CUDA_SUCCESS) {
            cu.cuMemFreeHost(h);
            return fail(r, "cuMemHostGetDevicePointer", err, len);
        }
        *host = h;
        *dptr = p;
        chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "host: cuMemHostAlloc(DEVICEMAP), pinned "
                     "host memory read through cuMemHostGetDevicePointer's address; the chain written by the "
                     "host's CPU");
        {
            char words[200];
            double gbs;
            cuda_nvml_pcie(&pci, words, sizeof words, &gbs);
            chase_kv_set(info->facts, &info->nfacts, "link", "%s", words);
            /* A device that reads host memory through the host's page
             * tables sits on a coherent link (NVLink-C2C), not PCIe alone:
             * no PCIe bound for it. */
            if (gbs > 0 && attr(g, CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES) != 1)
                chase_kv_num(info->facts, &info->nfacts, "link_peak_gbs", gbs);
        }
        return CHASE_OK;
    }
    if (t->memory == CHASE_MEMORY_MANAGED) {
        CUdeviceptr p = 0;
        CUmemLocation loc;
        int prefetched = 0;
        if (!cu.cuMemAllocManaged) {
            snprintf(err, len, "this NVIDIA driver has no managed memory (cuMemAllocManaged)");
            return CHASE_ETARGET;
        }
        CHECK(cu.cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged");
        /* Its pages moved to the device before the first point, so the
         * chains are built in device memory (where the build kernel would
         * otherwise fault them in, one page at a time). */
        memset(&loc, 0, sizeof loc);
        loc.type = CU_MEM_LOCATION_TYPE_DEVICE;
        loc.id = (int)g->dev;
        if (cu.cuMemPrefetchAsync && cu.cuStreamSynchronize && cu.cuMemPrefetchAsync(p, bytes, loc, 0, NULL) ==
            CUDA_SUCCESS && cu.cuStreamSynchronize(NULL) == CUDA_SUCCESS)
            prefetched = 1;
        *dptr = p;
        chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "managed: cuMemAllocManaged(GLOBAL), %s",
                     prefetched ? "prefetched to the device (cuMemPrefetchAsync) before the first point"
                                : "not prefetched (the driver has no cuMemPrefetchAsync by location, or it failed): "
                                  "pages move on first touch");
        return CHASE_OK;
    }
    snprintf(err, len, "no such memory target");
    return CHASE_ETARGET;
}

void gpu_free_target(struct gpu *g, const struct chase_target *t, uint64_t dptr, void *host)
{
    if (host) {
        cu.cuMemFreeHost(host);
        return;
    }
    if (t->memory == CHASE_MEMORY_PEER && g->peer_ctx) {
        /* Freed in its own context, which holds it. */
        cu.cuCtxSetCurrent(g->peer_ctx);
        cu.cuMemFree((CUdeviceptr)dptr);
        cu.cuCtxSetCurrent(g->ctx);
        return;
    }
    cu.cuMemFree((CUdeviceptr)dptr);
}

/* chase lanes: the instruction each kernel of chase_cuda.cu times, as the
 * SASS names it (tests/lanes-asm.sh finds it there), and the warp
 * instructions one operation is. */
int gpu_lanes_instr(int op, unsigned width, const char **instr, unsigned *instrs)
{
    static const struct {
        int op;
        unsigned width;
        const char *instr;
        unsigned instrs;
    } t[] = {
        {CHASE_LANES_SHFL_IDX, 32, "SHFL.IDX", 1},  {CHASE_LANES_SHFL_IDX, 64, "SHFL.IDX (two)", 2},
        {CHASE_LANES_SHFL_UP, 32, "SHFL.UP", 1},    {CHASE_LANES_SHFL_UP, 64, "SHFL.UP (two)", 2},
        {CHASE_LANES_SHFL_DOWN, 32, "SHFL.DOWN", 1}, {CHASE_LANES_SHFL_DOWN, 64, "SHFL.DOWN (two)", 2},
        {CHASE_LANES_SHFL_BFLY, 32, "SHFL.BFLY", 1}, {CHASE_LANES_SHFL_BFLY, 64, "SHFL.BFLY (two)", 2},
        /* The ballot's predicate is the lane's bit of the last mask: a
         * shift and a test, then VOTE. */
        {CHASE_LANES_VOTE_BALLOT, 32, "VOTE.ANY (ballot) + shift + ISETP", 3},
        {CHASE_LANES_MATCH_ANY, 32, "MATCH.ANY", 1}, {CHASE_LANES_MATCH_ANY, 64, "MATCH.ANY.U64", 1},
        /* The sum lands in a uniform register; a move returns it to the lanes. */
        {CHASE_LANES_REDUX_ADD, 32, "REDUX.SUM + MOV", 2},
        {CHASE_LANES_SHARED, 32, "STS + LDS", 2},    {CHASE_LANES_SHARED, 64, "STS.64 + LDS.64", 2},
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

/* chase async: the instruction each copy's kernels of chase_cuda.cu time,
 * as the SASS names it (tests/async-asm.sh finds it there). */
const char *const gpu_async_missing = NULL;

int gpu_async_instr(int op, unsigned bytes, const char **instr)
{
    switch (op) {
    case CHASE_ASYNC_LOAD_STORE:
        *instr = bytes == 4 ? "LDG.E + STS + LDS" : bytes == 8 ? "LDG.E.64 + STS.64 + LDS" : "LDG.E.128 + STS.128 + LDS";
        return 0;
    case CHASE_ASYNC_CP_CA:
        *instr = bytes == 4 ? "LDGSTS.E + LDGDEPBAR + DEPBAR"
                 : bytes == 8 ? "LDGSTS.E.64 + LDGDEPBAR + DEPBAR" : "LDGSTS.E.128 + LDGDEPBAR + DEPBAR";
        return 0;
    case CHASE_ASYNC_CP_CG:
        *instr = "LDGSTS.E.BYPASS.128 + LDGDEPBAR + DEPBAR.LE";
        return 0;
    case CHASE_ASYNC_BULK:
        *instr = "UBLKCP.S.G + SYNCS.ARRIVE.TRANS64 + TRYWAIT";
        return 0;
    default:
        return -1;
    }
}
