/* bandwidth_kernels.h: chase bandwidth's kernels, written once for CUDA
 * and HIP: read, write and copy over global memory, and shared-memory
 * reads, for accesses of 4, 8 and 16 bytes a thread.
 *
 * The including file defines, for its vendor:
 *   GPU_BW_GLOBAL        the qualifier of a pointer that is global memory
 *                        (so the accesses are global ones, not generic)
 *   GPU_BW_FENCE()       a compiler barrier between passes (nothing is
 *                        kept in registers or left unstored across it)
 *   gpu_bw_t4, _t8, _t16 the access types; GPU_BW_FOLD_W(v) one word of
 *                        them; GPU_BW_MAKE_W(x) one of them from a word
 *   GPU_LDS128 and GPU_SHARED_ADDR (banks_kernels.h's)
 * and kernels.h's GPU_CYCLES, GPU_REALTIME, GPU_SYNC.
 *
 * Each thread keeps BW_ILP independent accesses in flight (a grid-stride
 * loop unrolled BW_ILP times), folds what it read into one word and
 * writes that word only when it equals a runtime value, so nothing read is
 * dropped.  A block's first thread reads the realtime counter and the
 * clock after an opening barrier and again after a closing one: the host
 * takes the launch's span of realtime over every block, and each block's
 * clock over its own span for the clock during the run. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_BANDWIDTH_KERNELS_H
#define CHASE_GPU_BANDWIDTH_KERNELS_H

#include "bandwidth_abi.h"

/* The elements a block visits a pass: [*lo, *hi) every *step, then
 * [*lo2, *hi2) every *step.  Replicated: the whole set, every block from
 * its own offset (a multiple of the block's threads) round to its start,
 * so that no two blocks read the same line at the same time: blocks in
 * step on one multiprocessor would otherwise share each line through the
 * L1 (and the multiprocessors through the L2) whatever the set's size,
 * and a set far past the L1 would read at the L1's rate.  Partitioned: the
 * block's own slice and on, win elements in all (chase_bw_req's window).
 * Stream: none (chase_bw_take).  A thread's BW_ILP accesses a step are
 * *step apart; the next step begins *next on. */
static __device__ __forceinline__ void chase_bw_range(unsigned place, unsigned long long n, unsigned long long win,
                                                      unsigned long long *lo,
                                                      unsigned long long *hi, unsigned long long *lo2,
                                                      unsigned long long *hi2, unsigned long long *step,
                                                      unsigned long long *next)
{
    *lo2 = *hi2 = 0;
    *next = BW_ILP * (unsigned long long)blockDim.x;
    if (place == BW_REPLICATED) {
        unsigned long long off = n / gridDim.x * blockIdx.x / blockDim.x * blockDim.x;
        *lo = off + threadIdx.x;
        *hi = n;
        *lo2 = threadIdx.x;
        *hi2 = off;
        *step = blockDim.x;
    } else if (place == BW_PARTITIONED) {
        /* From the block's slice on, win elements (the host's: at least
         * the slice), round to the start past the set's end. */
        unsigned long long start = n / gridDim.x * blockIdx.x, end = start + win;
        *lo = start + threadIdx.x;
        *hi = end < n ? end : n;
        if (end > n) {
            *lo2 = threadIdx.x;
            *hi2 = end - n;
        }
        *step = blockDim.x;
    } else {
        /* Stream: no range of its own; chunks are taken in order
         * (chase_bw_take). */
        *lo = *hi = 0;
        *step = blockDim.x;
    }
}

/* Stream: the block's next chunk of BW_ILP x its threads elements, taken
 * in order from a counter the whole grid shares (BW_COUNTER words past the
 * blocks' results, zeroed by the host before each launch); *first is the
 * thread's first element of it, the chunk's BW_ILP accesses a thread
 * blockDim.x apart.  0 when all passes' chunks are taken.  Chunks taken in
 * order keep the grid's accesses in one narrow window that moves through
 * memory, as a grid of one access a thread (blocks started in order)
 * does; a grid-stride loop lets blocks drift apart over the whole array,
 * and on an H100 its copy ran 6% slower (2842 against 3014 GB/s, reads
 * and writes of 1 GiB each, bench/NOTES.md). */
static __device__ __forceinline__ int chase_bw_take(long long *out, unsigned long long n, unsigned reps,
                                                    unsigned long long *first)
{
    __shared__ unsigned long long chunk;
    unsigned long long per = (unsigned long long)BW_ILP * blockDim.x, chunks = (n + per - 1) / per, c;

    if (threadIdx.x == 0)
        chunk = atomicAdd((unsigned long long *)(out + gridDim.x * BW_WORDS + BW_COUNTER), 1ULL);
    GPU_SYNC();
    c = chunk;
    GPU_SYNC();
    if (c >= chunks * reps)
        return 0;
    *first = c % chunks * per + threadIdx.x;
    return 1;
}

static __device__ __forceinline__ void chase_bw_clock(long long *out, int end)
{
    GPU_SYNC();
    if (threadIdx.x == 0) {
        out[blockIdx.x * BW_WORDS + (end ? BW_R1 : BW_R0)] = GPU_REALTIME();
        out[blockIdx.x * BW_WORDS + (end ? BW_C1 : BW_C0)] = GPU_CYCLES();
    }
}

/* Each kernel's body: a stream takes chunks in order (chase_bw_take);
 * replicated and partitioned sets walk their ranges reps times. */
#define CHASE_BW_KERNELS(W)                                                                                         \
    extern "C" __global__ void chase_bw_read_##W(const gpu_bw_t##W *src, unsigned long long n, unsigned long long win, unsigned place,      \
                                                 unsigned reps, long long *out, unsigned magic)                     \
    {                                                                                                               \
        const GPU_BW_GLOBAL gpu_bw_t##W *p = (const GPU_BW_GLOBAL gpu_bw_t##W *)src;                                \
        unsigned long long lo, hi, lo2, hi2, st, nx, i, a0, a1;                                                     \
        unsigned acc = 0, r, g, k;                                                                                  \
        chase_bw_range(place, n, win, &lo, &hi, &lo2, &hi2, &st, &nx);                                                   \
        chase_bw_clock(out, 0);                                                                                     \
        if (place == BW_STREAM) {                                                                                   \
            while (chase_bw_take(out, n, reps, &i)) {                                                               \
                GPU_BW_FENCE();                                                                                     \
                if (i + 3 * st < n) {                                                                               \
                    gpu_bw_t##W a = p[i], b = p[i + st], c = p[i + 2 * st], d = p[i + 3 * st];                      \
                    acc ^= GPU_BW_FOLD_##W(a) ^ GPU_BW_FOLD_##W(b) ^ GPU_BW_FOLD_##W(c) ^ GPU_BW_FOLD_##W(d);       \
                } else {                                                                                            \
                    for (k = 0; k < BW_ILP && i + k * st < n; k++)                                                  \
                        acc ^= GPU_BW_FOLD_##W(p[i + k * st]);                                                      \
                }                                                                                                   \
            }                                                                                                       \
        } else {                                                                                                    \
            for (r = 0; r < reps; r++) {                                                                            \
                GPU_BW_FENCE();                                                                                     \
                for (g = 0, a0 = lo, a1 = hi; g < 2; g++, a0 = lo2, a1 = hi2) {                                     \
                    for (i = a0; i + 3 * st < a1; i += nx) {                                                        \
                        gpu_bw_t##W a = p[i], b = p[i + st], c = p[i + 2 * st], d = p[i + 3 * st];                  \
                        acc ^= GPU_BW_FOLD_##W(a) ^ GPU_BW_FOLD_##W(b) ^ GPU_BW_FOLD_##W(c) ^ GPU_BW_FOLD_##W(d);   \
                    }                                                                                               \
                    for (k = 0; k < BW_ILP && i + k * st < a1; k++) /* the last step's rest */                      \
                        acc ^= GPU_BW_FOLD_##W(p[i + k * st]);                                                      \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
        chase_bw_clock(out, 1);                                                                                     \
        if (acc == magic)                                                                                           \
            out[gridDim.x * BW_WORDS + threadIdx.x % 32] = acc;                                                     \
    }                                                                                                               \
    extern "C" __global__ void chase_bw_write_##W(gpu_bw_t##W *dst, unsigned long long n, unsigned long long win, unsigned place,           \
                                                  unsigned reps, long long *out, unsigned magic)                    \
    {                                                                                                               \
        GPU_BW_GLOBAL gpu_bw_t##W *p = (GPU_BW_GLOBAL gpu_bw_t##W *)dst;                                            \
        unsigned long long lo, hi, lo2, hi2, st, nx, i, a0, a1;                                                     \
        unsigned r, g, k;                                                                                           \
        chase_bw_range(place, n, win, &lo, &hi, &lo2, &hi2, &st, &nx);                                                   \
        chase_bw_clock(out, 0);                                                                                     \
        if (place == BW_STREAM) {                                                                                   \
            gpu_bw_t##W v = GPU_BW_MAKE_##W(magic);                                                                 \
            while (chase_bw_take(out, n, reps, &i)) {                                                               \
                GPU_BW_FENCE();                                                                                     \
                if (i + 3 * st < n) {                                                                               \
                    p[i] = v;                                                                                       \
                    p[i + st] = v;                                                                                  \
                    p[i + 2 * st] = v;                                                                              \
                    p[i + 3 * st] = v;                                                                              \
                } else {                                                                                            \
                    for (k = 0; k < BW_ILP && i + k * st < n; k++)                                                  \
                        p[i + k * st] = v;                                                                          \
                }                                                                                                   \
            }                                                                                                       \
        } else {                                                                                                    \
            for (r = 0; r < reps; r++) {                                                                            \
                gpu_bw_t##W v = GPU_BW_MAKE_##W(r ^ magic);                                                         \
                GPU_BW_FENCE();                                                                                     \
                for (g = 0, a0 = lo, a1 = hi; g < 2; g++, a0 = lo2, a1 = hi2) {                                     \
                    for (i = a0; i + 3 * st < a1; i += nx) {                                                        \
                        p[i] = v;                                                                                   \
                        p[i + st] = v;                                                                              \
                        p[i + 2 * st] = v;                                                                          \
                        p[i + 3 * st] = v;                                                                          \
                    }                                                                                               \
                    for (k = 0; k < BW_ILP && i + k * st < a1; k++)                                                 \
                        p[i + k * st] = v;                                                                          \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
        chase_bw_clock(out, 1);                                                                                     \
    }                                                                                                               \
    extern "C" __global__ void chase_bw_copy_##W(const gpu_bw_t##W *src, gpu_bw_t##W *dst, unsigned long long n,    \
                                                 unsigned long long win, unsigned place, unsigned reps,             \
                                                 long long *out)                                                    \
    {                                                                                                               \
        const GPU_BW_GLOBAL gpu_bw_t##W *s = (const GPU_BW_GLOBAL gpu_bw_t##W *)src;                                \
        GPU_BW_GLOBAL gpu_bw_t##W *d = (GPU_BW_GLOBAL gpu_bw_t##W *)dst;                                            \
        unsigned long long lo, hi, lo2, hi2, st, nx, i, a0, a1;                                                     \
        unsigned r, g, k;                                                                                           \
        chase_bw_range(place, n, win, &lo, &hi, &lo2, &hi2, &st, &nx);                                                   \
        chase_bw_clock(out, 0);                                                                                     \
        if (place == BW_STREAM) {                                                                                   \
            while (chase_bw_take(out, n, reps, &i)) {                                                               \
                GPU_BW_FENCE();                                                                                     \
                if (i + 3 * st < n) {                                                                               \
                    gpu_bw_t##W a = s[i], b = s[i + st], c = s[i + 2 * st], e = s[i + 3 * st];                      \
                    d[i] = a;                                                                                       \
                    d[i + st] = b;                                                                                  \
                    d[i + 2 * st] = c;                                                                              \
                    d[i + 3 * st] = e;                                                                              \
                } else {                                                                                            \
                    for (k = 0; k < BW_ILP && i + k * st < n; k++)                                                  \
                        d[i + k * st] = s[i + k * st];                                                              \
                }                                                                                                   \
            }                                                                                                       \
        } else {                                                                                                    \
            for (r = 0; r < reps; r++) {                                                                            \
                GPU_BW_FENCE();                                                                                     \
                for (g = 0, a0 = lo, a1 = hi; g < 2; g++, a0 = lo2, a1 = hi2) {                                     \
                    for (i = a0; i + 3 * st < a1; i += nx) {                                                        \
                        gpu_bw_t##W a = s[i], b = s[i + st], c = s[i + 2 * st], e = s[i + 3 * st];                  \
                        d[i] = a;                                                                                   \
                        d[i + st] = b;                                                                              \
                        d[i + 2 * st] = c;                                                                          \
                        d[i + 3 * st] = e;                                                                          \
                    }                                                                                               \
                    for (k = 0; k < BW_ILP && i + k * st < a1; k++)                                                 \
                        d[i + k * st] = s[i + k * st];                                                              \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
        chase_bw_clock(out, 1);                                                                                     \
    }

CHASE_BW_KERNELS(4)
CHASE_BW_KERNELS(8)
CHASE_BW_KERNELS(16)

/* Shared memory: every block reads n 16-byte elements of its own dynamic
 * shared memory reps times, consecutive threads at consecutive elements
 * (free of bank conflicts), BW_ILP reads in flight; the reads are
 * banks_kernels.h's (volatile, so none is merged or dropped). */
extern "C" __global__ void chase_bw_shared_16(unsigned n, unsigned reps, long long *out, unsigned magic)
{
    extern __shared__ unsigned chase_bw_smem[];
    unsigned base = GPU_SHARED_ADDR(chase_bw_smem), acc = 0, r, i, x0, x1, x2, x3, y0, y1, y2, y3;
    unsigned z0, z1, z2, z3, w0, w1, w2, w3, st = blockDim.x;

    chase_bw_clock(out, 0);
    for (r = 0; r < reps; r++) {
        for (i = threadIdx.x; i + 3 * st < n; i += BW_ILP * st) {
            GPU_LDS128(base + i * 16, x0, x1, x2, x3);
            GPU_LDS128(base + (i + st) * 16, y0, y1, y2, y3);
            GPU_LDS128(base + (i + 2 * st) * 16, z0, z1, z2, z3);
            GPU_LDS128(base + (i + 3 * st) * 16, w0, w1, w2, w3);
            GPU_LDS_WAIT();
            acc ^= x0 ^ x1 ^ x2 ^ x3 ^ y0 ^ y1 ^ y2 ^ y3 ^ z0 ^ z1 ^ z2 ^ z3 ^ w0 ^ w1 ^ w2 ^ w3;
        }
        /* The rest: a block of more than n / BW_ILP threads reads it all
         * here (the bytes counted are every element's, so every element is
         * read). */
        for (; i < n; i += st) {
            GPU_LDS128(base + i * 16, x0, x1, x2, x3);
            GPU_LDS_WAIT();
            acc ^= x0 ^ x1 ^ x2 ^ x3;
        }
    }
    chase_bw_clock(out, 1);
    if (acc == magic)
        out[gridDim.x * BW_WORDS + threadIdx.x % 32] = acc;
}

#endif
