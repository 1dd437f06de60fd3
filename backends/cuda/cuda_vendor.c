/* cuda_vendor.c: the NVIDIA side of the GPU backend, through the driver API.
 *
 * libcuda.so.1 is opened at run time rather than linked, so the module loads
 * on any machine and says plainly when there is no NVIDIA driver.
 */
#include "config.h"

#include <cuda.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

/* The embedded fatbinary (chase_cuda.cu built for every configured arch). */
extern const unsigned char chase_gpu_image[];

/* Every driver entry point used; cuda.h maps names to their _v2 forms. */
#define CUDA_FUNCS(X)                                                                            \
    X(cuInit) X(cuDriverGetVersion) X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName)       \
    X(cuDeviceGetAttribute) X(cuDeviceTotalMem) X(cuDevicePrimaryCtxRetain)                      \
    X(cuDevicePrimaryCtxRelease) X(cuCtxSetCurrent) X(cuModuleLoadData) X(cuModuleUnload)        \
    X(cuModuleGetFunction) X(cuFuncSetAttribute) X(cuFuncGetAttribute) X(cuMemAlloc)             \
    X(cuMemFree) X(cuMemGetInfo) X(cuMemcpyDtoH) X(cuMemsetD32) X(cuLaunchKernel)               \
    X(cuCtxSynchronize)                                                                          \
    X(cuGetErrorString)

#define STR_(x) #x
#define STR(x) STR_(x)
#define DECLARE(f) __typeof__(f) *f;
static struct {
    CUDA_FUNCS(DECLARE)
} cu;
static void *libcuda;

struct gpu {
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction build, walk_ca, walk_cg, walk_nc, walk;
    int sms;
};

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

int gpu_open(int index, struct gpu **gp, struct chase_devinfo *info, char *err, size_t len)
{
    struct gpu *g;
    int n = 0, major, minor, drv = 0;
    size_t total = 0;
    int rc = gpu_probe(&n, err, len);

    if (rc != CHASE_OK)
        return rc;
    if (index >= n) {
        snprintf(err, len, "device %d does not exist (%d CUDA device%s)", index, n, n == 1 ? "" : "s");
        return CHASE_EINVAL;
    }
    g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    *gp = g;
    CHECK(cu.cuDeviceGet(&g->dev, index), "cuDeviceGet");
    CHECK(cu.cuDevicePrimaryCtxRetain(&g->ctx, g->dev), "cuDevicePrimaryCtxRetain");
    CHECK(cu.cuCtxSetCurrent(g->ctx), "cuCtxSetCurrent");
    CHECK(cu.cuModuleLoadData(&g->mod, chase_gpu_image), "loading the chase kernels (cuModuleLoadData)");
    CHECK(cu.cuModuleGetFunction(&g->build, g->mod, "chase_build"), "cuModuleGetFunction");
    CHECK(cu.cuModuleGetFunction(&g->walk_ca, g->mod, "chase_walk_ca"), "cuModuleGetFunction");
    CHECK(cu.cuModuleGetFunction(&g->walk_cg, g->mod, "chase_walk_cg"), "cuModuleGetFunction");
    CHECK(cu.cuModuleGetFunction(&g->walk_nc, g->mod, "chase_walk_nc"), "cuModuleGetFunction");
    g->walk = g->walk_ca;

    CHECK(cu.cuDeviceGetName(info->name, (int)sizeof info->name, g->dev), "cuDeviceGetName");
    major = attr(g, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    minor = attr(g, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    g->sms = attr(g, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    snprintf(info->arch, sizeof info->arch, "sm_%d%d", major, minor);
    cu.cuDeviceTotalMem(&total, g->dev);
    cu.cuDriverGetVersion(&drv);
    chase_kv_set(info->facts, &info->nfacts, "compute_capability", "%d.%d", major, minor);
    chase_kv_set(info->facts, &info->nfacts, "multiprocessors", "%d", g->sms);
    chase_kv_set(info->facts, &info->nfacts, "clock_mhz", "%d (the driver's nominal SM clock)",
                 attr(g, CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000);
    chase_kv_set(info->facts, &info->nfacts, "memory_clock_mhz", "%d",
                 attr(g, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000);
    chase_kv_set(info->facts, &info->nfacts, "l2_bytes", "%d", attr(g, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE));
    chase_kv_set(info->facts, &info->nfacts, "shared_per_sm_bytes", "%d",
                 attr(g, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
    chase_kv_set(info->facts, &info->nfacts, "memory_bytes", "%zu", total);
    chase_kv_set(info->facts, &info->nfacts, "driver_version", "%d.%d", drv / 1000, drv % 1000 / 10);
    snprintf(info->caches[0].name, sizeof info->caches[0].name, "L2");
    info->caches[0].bytes = (uint64_t)attr(g, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    info->ncaches = 1;
    snprintf(info->timer, sizeof info->timer,
             "cycles: clock64() (SM clock) around the timed loop; ns: %%globaltimer around the same loops");
    return CHASE_OK;
}

void gpu_close(struct gpu *g)
{
    if (!g)
        return;
    if (g->mod)
        cu.cuModuleUnload(g->mod);
    if (g->ctx)
        cu.cuDevicePrimaryCtxRelease(g->dev);
    free(g);
}

int gpu_select_load(struct gpu *g, const char *op, struct chase_devinfo *info, char *err, size_t len)
{
    const char *what;
    if (!op || !strcmp(op, "ca")) {
        g->walk = g->walk_ca;
        what = "ca: ld.global.ca, cached in L1 and L2";
    } else if (!strcmp(op, "cg")) {
        g->walk = g->walk_cg;
        what = "cg: ld.global.cg, cached in L2 only";
    } else if (!strcmp(op, "nc")) {
        g->walk = g->walk_nc;
        what = "nc: ld.global.nc, the read-only path";
    } else {
        snprintf(err, len, "unknown cache operator '%s'", op);
        return CHASE_EINVAL;
    }
    chase_kv_set(info->settings, &info->nsettings, "cache_op", "%s", what);
    return CHASE_OK;
}

int gpu_set_carveout(struct gpu *g, int percent, struct chase_devinfo *info, char *err, size_t len)
{
    int sh = attr(g, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
    if (percent < 0)
        percent = 0;    /* the largest L1, as the reference curves were measured */
    CHECK(cu.cuFuncSetAttribute(g->walk_ca, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, percent),
          "setting the carveout");
    CHECK(cu.cuFuncSetAttribute(g->walk_cg, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, percent),
          "setting the carveout");
    CHECK(cu.cuFuncSetAttribute(g->walk_nc, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, percent),
          "setting the carveout");
    chase_kv_set(info->settings, &info->nsettings, "carveout",
                 "%d%% of the unified L1/shared memory preferred for shared (a hint to the driver; "
                 "the device allows up to %d B shared per SM)", percent, sh);
    return CHASE_OK;
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

int gpu_build(struct gpu *g, uint64_t base, const struct chase_chain *c, uint64_t stride, uint64_t head,
              char *err, size_t len)
{
    struct chase_chain cc = *c;
    void *args[] = {&base, &cc, &stride, &head};
    uint64_t blocks = (c->n + 255) / 256, cap = (uint64_t)(g->sms > 0 ? g->sms : 1) * 32;
    if (blocks > cap)
        blocks = cap;
    CHECK(cu.cuLaunchKernel(g->build, (unsigned)blocks, 1, 1, 256, 1, 1, 0, NULL, args, NULL),
          "launching chase_build");
    CHECK(cu.cuCtxSynchronize(), "chase_build");
    return CHASE_OK;
}

int gpu_walk(struct gpu *g, uint64_t cursor, unsigned warm, unsigned loads, unsigned samples, uint64_t out,
             int target, uint64_t claimed, char *err, size_t len)
{
    void *args[] = {&cursor, &warm, &loads, &samples, &out, &target, &claimed};
    /* Pinned: enough one-warp blocks that every SM gets some. */
    unsigned blocks = target >= 0 ? (unsigned)g->sms * 4 : 1, threads = target >= 0 ? 32 : 1;
    CHECK(cu.cuLaunchKernel(g->walk, blocks, 1, 1, threads, 1, 1, 0, NULL, args, NULL), "launching the walk");
    CHECK(cu.cuCtxSynchronize(), "the walk kernel");
    return CHASE_OK;
}

int gpu_copy_out(struct gpu *g, void *host, uint64_t dptr, size_t bytes, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuMemcpyDtoH(host, (CUdeviceptr)dptr, bytes), "cuMemcpyDtoH");
    return CHASE_OK;
}

int gpu_memset32(struct gpu *g, uint64_t dptr, unsigned value, size_t count, char *err, size_t len)
{
    (void)g;
    CHECK(cu.cuMemsetD32((CUdeviceptr)dptr, value, count), "cuMemsetD32");
    return CHASE_OK;
}

int gpu_multiprocessors(struct gpu *g, int *pinnable)
{
    *pinnable = 1;     /* %smid numbers the SMs 0 .. count-1 */
    return g->sms;
}

double gpu_realtime_hz(struct gpu *g)
{
    (void)g;
    return 1e9;     /* %globaltimer counts nanoseconds */
}
