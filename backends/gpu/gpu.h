/* gpu.h: what a GPU vendor layer gives the shared GPU host code.
 * cuda_vendor.c and hip_vendor.c implement it; everything vendor-neutral
 * about driving a measurement on a GPU (grids, pinning, timing) lives in
 * the host files (gpu_host.c and one per measurement), once. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_H
#define CHASE_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "abi/chain.h"
#include "abi/chase_backend.h"

struct gpu;                 /* one opened device: the vendor's context and module */
typedef void *gpu_fn;       /* a kernel of the module */

/* Loads the runtime and counts devices; a reason on failure. */
int gpu_probe(int *ndevices, char *why, size_t len);
/* Opens device index (the core has checked it exists), loads the kernels
 * and fills the driver's figures into info (name, arch, facts, caches,
 * lanes, units, block_threads, shared_bytes, memory_bytes, clock_mhz,
 * pinnable).  On failure nothing is left open. */
int gpu_open(int index, struct gpu **g, struct chase_devinfo *info, char *err, size_t len);
void gpu_close(struct gpu *g);
/* The vendor's part of those two (gpu_host.c writes the rest once): the
 * size of its struct gpu; setup fills a zeroed one for device index (the
 * runtime loaded by gpu_probe); teardown releases what setup got, even
 * where it failed halfway. */
extern const size_t gpu_state_bytes;
int gpu_setup(struct gpu *g, int index, struct chase_devinfo *info, char *err, size_t len);
void gpu_teardown(struct gpu *g);
/* A kernel by name; CHASE_ENOTSUP when the module lacks it. */
int gpu_function(struct gpu *g, const char *name, gpu_fn *fn, char *err, size_t len);
/* Launches fn on blocks x threads with `shared` bytes of dynamic shared
 * memory and waits for it. */
int gpu_launch(struct gpu *g, gpu_fn fn, unsigned blocks, unsigned threads, unsigned shared, void **args,
               char *err, size_t len);
/* Lets fn use up to `bytes` of dynamic shared memory. */
int gpu_allow_shared(struct gpu *g, gpu_fn fn, unsigned bytes, char *err, size_t len);
/* The L1/shared split fn prefers, as percent of shared (-1: the vendor's
 * default); CHASE_EINVAL where the vendor has none to set. */
int gpu_carveout(struct gpu *g, gpu_fn fn, int percent, char *err, size_t len);
/* Sets the context's L2 fetch granularity limit to bytes; *now: what it reads after. */
int gpu_l2_fetch(struct gpu *g, unsigned bytes, unsigned *now, char *err, size_t len);
/* What a cache operator ("ca", "cg", "nc", "const", "tex") does on this
 * vendor, or NULL when it has none such. */
const char *gpu_cache_op_text(const char *op);
/* --cache-op const: the module's constant array (its device address, for
 * copies into it, and its bytes); CHASE_ENOTSUP where there is none. */
int gpu_const_array(struct gpu *g, uint64_t *dptr, uint64_t *bytes, char *err, size_t len);
/* --cache-op tex: the most bytes of 32-bit words a texture over linear
 * memory may span (CHASE_ENOTSUP where the driver cannot say), a texture
 * object over bytes at dptr, and its release. */
int gpu_tex_max_bytes(struct gpu *g, uint64_t *bytes);
int gpu_tex_create(struct gpu *g, uint64_t dptr, uint64_t bytes, uint64_t *tex, char *err, size_t len);
void gpu_tex_destroy(struct gpu *g, uint64_t tex);
int gpu_mem_free(struct gpu *g, uint64_t *bytes, char *err, size_t len);
int gpu_alloc(struct gpu *g, uint64_t bytes, uint64_t *dptr, char *err, size_t len);
void gpu_free(struct gpu *g, uint64_t dptr);
/* The driver's minimum and recommended granularity of a device allocation
 * through its virtual memory API (the page it maps with); CHASE_ENOTSUP
 * where the vendor layer cannot say. */
int gpu_alloc_granularity(struct gpu *g, uint64_t *minimum, uint64_t *recommended);
/* Allocates bytes (a multiple of granularity) through the virtual memory
 * API: a reserved range, one physical allocation mapped into it;
 * CHASE_ENOTSUP where there is none.  gpu_free_vmm undoes it. */
int gpu_alloc_vmm(struct gpu *g, uint64_t bytes, uint64_t granularity, uint64_t *dptr, char *err, size_t len);
void gpu_free_vmm(struct gpu *g, uint64_t dptr, uint64_t bytes);
/* --memory (chase_params.target, not LOCAL): bytes in another device's
 * memory (peer access enabled from this device's context: both checked,
 * a clear CHASE_ETARGET naming the pair where either says no), in pinned
 * host memory mapped into the device (*host: the CPU's address of it,
 * where gpu_host.c writes the chains), or in managed memory (prefetched to
 * the device where the driver can).  Says how in info's settings
 * (memory_alloc) and the driver's link facts in its facts.
 * gpu_free_target undoes it. */
int gpu_alloc_target(struct gpu *g, const struct chase_target *t, uint64_t bytes, uint64_t *dptr, void **host,
                     struct chase_devinfo *info, char *err, size_t len);
void gpu_free_target(struct gpu *g, const struct chase_target *t, uint64_t dptr, void *host);
int gpu_memset32(struct gpu *g, uint64_t dptr, unsigned value, size_t count, char *err, size_t len);
int gpu_copy_out(struct gpu *g, void *host, uint64_t dptr, size_t bytes, char *err, size_t len);
int gpu_copy_in(struct gpu *g, uint64_t dptr, const void *host, size_t bytes, char *err, size_t len);
/* The realtime counter's rate in Hz (CUDA's globaltimer counts ns: 1e9). */
double gpu_realtime_hz(struct gpu *g);

/* The shared host code's state of an open device (gpu_host.c); the other
 * measurements' host files use it too. */
struct gpu_dev {
    struct gpu *g;
    struct chase_devinfo *info;
    uint64_t base, bytes;       /* the working-set allocation */
    int vmm;                    /* base came from gpu_alloc_vmm */
    struct chase_target target; /* where base lies (--memory) */
    void *host;                 /* --memory host: the CPU's address of base (the CPU writes the chains) */
    uint64_t scratch;           /* cursor, claim flag and results */
    uint64_t warm_limit;        /* working sets up to this get a warm walk */
    const char *op;             /* the cache operator: ca, cg, nc, const, tex */
    int path;                   /* GPU_PATH_*: where the chain lives and how it is read */
    uint64_t walk_base;         /* the walk's base: base, the constant array's address, or the texture */
    uint64_t const_dptr;        /* GPU_PATH_CONST: the constant array, for copies into it */
    uint64_t tex;               /* GPU_PATH_TEX: the texture object over base */
    uint64_t tex_most;          /* GPU_PATH_TEX: the most bytes a texture spans (0: the driver cannot say) */
    gpu_fn build, walk;
    int carveout;
    int no_warm;
    int sm;                     /* pinned multiprocessor, or -1 */
    void *loads;                /* loads_host.c's state (the chain it built) */
    void *async;                /* async_host.c's state (its chain, its cursors) */
    uint64_t list_off;          /* list_host.c: the offsets' device copy */
    uint64_t list_cap;          /* ... its room, in offsets */
    gpu_fn list_walk, list_build, list_spread;
};

#define GPU_SCRATCH 65536       /* bytes of scratch: cursor, claim, results */
#define GPU_PATH_GLOBAL 0       /* ld.global: the chain's words are addresses in base */
#define GPU_PATH_CONST 1        /* ld.const: the chain is in the module's constant array */
#define GPU_PATH_TEX 2          /* tex.1d: the chain's words are element indices in base */

/* A grid that puts blocks of `threads` on every multiprocessor, so one of
 * them lands on the one a pinned kernel wants. */
unsigned gpu_pin_grid(const struct gpu_dev *d, unsigned threads);
/* Blocks for a grid-stride loop over n items, threads a block. */
unsigned gpu_grid(const struct gpu_dev *d, uint64_t n, unsigned threads);

/* The shared hook (chase banks: banks_host.c). */
int gpu_shared(void *dev, const struct chase_shared_req *rq, struct chase_samples *out, char *err, size_t len);
/* The loads hook (loads_host.c), and what it frees at close. */
int gpu_loads(void *dev, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len);
void gpu_loads_close(struct gpu_dev *d);
/* The lanes hook (lanes_host.c), and the vendor's name of the instruction
 * an operation's kernel times and the warp instructions one operation is
 * (0, or -1 where the operation is not of its instruction set). */
int gpu_lanes(void *dev, const struct chase_lanes_req *rq, struct chase_lanes_samples *out, char *err, size_t len);
int gpu_lanes_instr(int op, unsigned width, const char **instr, unsigned *instrs);
/* The async hook (async_host.c), what it frees at close; the vendor's
 * name of the instruction a copy's kernels time (0, or -1 where the copy
 * is not of its instruction set), and why it has no async kernels at all
 * (NULL: it has). */
int gpu_async(void *dev, const struct chase_async_req *rq, struct chase_async_samples *out, char *err, size_t len);
void gpu_async_close(struct gpu_dev *d);
int gpu_async_instr(int op, unsigned bytes, const char **instr);
extern const char *const gpu_async_missing;
/* The list hook (list_host.c), and what it frees at close. */
int gpu_list(void *dev, const struct chase_list_req *rq, struct chase_samples *out, char *err, size_t len);
void gpu_list_close(struct gpu_dev *d);
/* The bandwidth hook (bandwidth_host.c). */
int gpu_bandwidth(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err, size_t len);

#endif
