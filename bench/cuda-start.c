/* cuda-start.c: where a CUDA process's start goes, step by step, as chase's
 * cuda module takes them (cuInit, the primary context, the kernels'
 * module), then what a topology run adds (memory on the device, pinned
 * host memory mapped into it, a peer's context and access to it).
 * A bench tool, not part of chase: built and run on the device machine by
 * bench/node-start.sh.
 *   cuda-start FATBIN DEVICE BYTES [PEER]
 * prints one line a step: "step seconds". */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct ctx *CUcontext;
typedef struct mod *CUmodule;
typedef unsigned long long CUdeviceptr;

static double t_last;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void step(const char *what, CUresult r)
{
    double t = now();
    printf("%-28s %.4f%s\n", what, t - t_last, r ? " (failed)" : "");
    t_last = t;
}

int main(int argc, char **argv)
{
    CUresult (*init)(unsigned), (*get)(CUdevice *, int), (*retain)(CUcontext *, CUdevice);
    CUresult (*set)(CUcontext), (*load)(CUmodule *, const void *), (*alloc)(CUdeviceptr *, size_t);
    CUresult (*halloc)(void **, size_t, unsigned), (*peer)(CUcontext, unsigned), (*sync)(void);
    CUresult (*hfree)(void *), (*dfree)(CUdeviceptr);
    CUdevice dev, pdev;
    CUcontext ctx, pctx;
    CUmodule mod;
    CUdeviceptr d;
    void *lib, *h, *image;
    size_t bytes, n;
    FILE *f;
    double t0;

    if (argc < 4) {
        fprintf(stderr, "usage: cuda-start FATBIN DEVICE BYTES [PEER]\n");
        return 2;
    }
    bytes = strtoull(argv[3], NULL, 0);
    if (!(f = fopen(argv[1], "rb")) || !(image = malloc(64u << 20)))
        return 1;
    n = fread(image, 1, 64u << 20, f);
    fclose(f);
    if (!n)
        return 1;
    t0 = t_last = now();
    lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    step("dlopen libcuda", !lib);
    if (!lib)
        return 1;
    *(void **)&init = dlsym(lib, "cuInit");
    *(void **)&get = dlsym(lib, "cuDeviceGet");
    *(void **)&retain = dlsym(lib, "cuDevicePrimaryCtxRetain");
    *(void **)&set = dlsym(lib, "cuCtxSetCurrent");
    *(void **)&load = dlsym(lib, "cuModuleLoadData");
    *(void **)&alloc = dlsym(lib, "cuMemAlloc_v2");
    *(void **)&dfree = dlsym(lib, "cuMemFree_v2");
    *(void **)&halloc = dlsym(lib, "cuMemHostAlloc");
    *(void **)&hfree = dlsym(lib, "cuMemFreeHost");
    *(void **)&peer = dlsym(lib, "cuCtxEnablePeerAccess");
    *(void **)&sync = dlsym(lib, "cuCtxSynchronize");
    step("cuInit", init(0));
    step("cuDeviceGet", get(&dev, atoi(argv[2])));
    step("cuDevicePrimaryCtxRetain", retain(&ctx, dev));
    step("cuCtxSetCurrent", set(ctx));
    step("cuModuleLoadData", load(&mod, image));
    step("cuMemAlloc", alloc(&d, bytes));
    step("cuMemFree", dfree(d));
    step("cuMemHostAlloc (mapped)", halloc(&h, bytes, 2 /* DEVICEMAP */));
    step("cuMemFreeHost", hfree(h));
    if (argc > 4) {
        step("cuDeviceGet (peer)", get(&pdev, atoi(argv[4])));
        step("PrimaryCtxRetain (peer)", retain(&pctx, pdev));
        step("cuCtxSetCurrent (peer)", set(pctx));
        step("cuMemAlloc (peer)", alloc(&d, bytes));
        step("cuCtxSetCurrent", set(ctx));
        step("cuCtxEnablePeerAccess", peer(pctx, 0));
        step("cuCtxSynchronize", sync());
    }
    printf("%-28s %.4f\n", "all", now() - t0);
    return 0;
}
