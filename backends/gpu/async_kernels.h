/* async_kernels.h: chase async's kernels, written once for CUDA and HIP:
 * copies from global memory into shared memory, in a dependent chain (the
 * latency) and streamed by every multiprocessor (the throughput).
 *
 * Included after kernels.h (GPU_CYCLES, GPU_REALTIME, GPU_SYNC), by a file
 * that defines, for its vendor:
 *   GPU_ASYNC_LIST(X)        X(OP, B, STEP, ISSUE, LAND, FENCE) for each copy it
 *                            has at B bytes: STEP(i, a, s, bar, ph, n) one copy
 *                            of the chain (global address a into shared address
 *                            s, completion on the barrier bar at phase ph, n
 *                            bytes) and i the landed word read back from shared
 *                            memory; for the stream, ISSUE(v, s, a) starts one
 *                            copy (v: registers, for a load and a store), LAND(v,
 *                            s) finishes it (the store), FENCE() waits for every
 *                            copy the thread started
 *   GPU_ASYNC_BULK(Y)        Y(STEP, EXPECT, COPY): the bulk copy (bytes at run
 *                            time): EXPECT(bar, n) arrives on the barrier
 *                            expecting n bytes, COPY(s, a, n, bar) one copy
 *   GPU_ASYNC_BULK_WAIT(bar, ph)  waits for the barrier's phase ph, flips ph
 *   GPU_ASYNC_LACKING(Z)     Z(OP, B) each copy of its instruction set this
 *                            architecture lacks: kernels of those names that say so
 *   GPU_ASYNC_SADDR(p)       a shared pointer's 32-bit shared address
 *   GPU_ASYNC_INIT(bar)      the barrier's set-up (one arrival a phase)
 *   GPU_ASYNC_START(t0)      the first clock read
 *   GPU_ASYNC_STOP(t1, x, i) x ^= i, then the second clock read: in-order issue
 *                            holds the read until the landed word i is there
 *   gpu_async_t4/8/16        a lane's registers of 4, 8, 16 bytes
 *
 * The chain is chase_loads_build's with one lane: the working set's blocks
 * of `stride` bytes in a random cycle, every block's first word the next
 * block's index.  A link copies `bytes` from the block's start into shared
 * memory, waits for them as the copy's own completion says (a load's use,
 * cp.async's commit and wait_group 0, the bulk copy's mbarrier phase),
 * then reads the landed first word back from shared memory: the next
 * block.  So every copy waits for the one before, through shared memory.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_ASYNC_KERNELS_H
#define CHASE_GPU_ASYNC_KERNELS_H

#include "async_abi.h"

/* Dynamic shared memory: the landing buffer, sized by the launch. */
extern __shared__ __align__(128) unsigned char chase_async_buf[];

/*
 * The chain: one thread.  `warm` links first (the working set walked into
 * the level that holds it), then each sample: a dry lap (the clock reads
 * and the XOR alone: the timer's own cost) and a timed lap of `links`
 * copies.  The index the walk stopped at is kept for the next launch, so
 * a launch never re-reads the lines the last one just touched.
 */
#define ASYNC_LAT_KERNEL(NAME, STEP)                                                    \
    extern "C" __global__ void NAME(u64 base, u64 stride, unsigned bytes, unsigned warm,  \
                                    unsigned links, unsigned samples, unsigned zero,     \
                                    i64 *out)                                            \
    {                                                                                    \
        __shared__ __align__(8) u64 bar_word;                                            \
        unsigned s = GPU_ASYNC_SADDR(chase_async_buf), bar = GPU_ASYNC_SADDR(&bar_word);  \
        unsigned ph = 0, i, k, n, acc = zero;                                            \
        i64 r0, c0, c1, r1;                                                              \
        (void)bar, (void)bytes;                                                          \
        if (threadIdx.x != 0)                                                            \
            return;                                                                      \
        i = (unsigned)out[ASYNC_CURSOR];                                                 \
        GPU_ASYNC_INIT(bar);                                                             \
        _Pragma("unroll 1")                                                              \
        for (k = 0; k < warm; k++)                                                       \
            STEP(i, base + (u64)i * stride, s, bar, ph, bytes);                          \
        r0 = GPU_REALTIME();                                                             \
        c0 = GPU_CYCLES();                                                               \
        _Pragma("unroll 1")                                                              \
        for (n = 0; n < samples; n++) {                                                  \
            i64 t0, t1;                                                                  \
            unsigned x = zero;                                                           \
            GPU_ASYNC_START(t0);                                                         \
            GPU_ASYNC_STOP(t1, x, i);                                                    \
            out[ASYNC_T0 + 2 * n] = t1 - t0;                                             \
            acc += x;                                                                    \
            x = zero;                                                                    \
            GPU_ASYNC_START(t0);                                                         \
            _Pragma("unroll 1")                                                          \
            for (k = 0; k < links; k++)                                                  \
                STEP(i, base + (u64)i * stride, s, bar, ph, bytes);                      \
            GPU_ASYNC_STOP(t1, x, i);                                                    \
            out[ASYNC_T0 + 2 * n + 1] = t1 - t0;                                         \
            acc += x;                                                                    \
        }                                                                                \
        c1 = GPU_CYCLES();                                                               \
        r1 = GPU_REALTIME();                                                             \
        out[ASYNC_REAL] = r1 - r0;                                                       \
        out[ASYNC_SPAN] = c1 - c0;                                                       \
        out[ASYNC_CURSOR] = i;                                                           \
        if (acc + ph == 0x5a5a5a5au + zero)                                              \
            out[ASYNC_SINK] = acc;                                                       \
    }

/* Each block's thread 0 reads both clocks at the start and the end, after
 * a barrier that holds them until every thread of the block is there. */
#define ASYNC_TP_OPEN()                                                                 \
    i64 r0 = 0, c0 = 0;                                                                  \
    GPU_SYNC();                                                                          \
    if (threadIdx.x == 0) {                                                              \
        r0 = GPU_REALTIME();                                                             \
        c0 = GPU_CYCLES();                                                               \
    }
#define ASYNC_TP_CLOSE()                                                                \
    GPU_SYNC();                                                                          \
    if (threadIdx.x == 0) {                                                              \
        i64 c1 = GPU_CYCLES(), r1 = GPU_REALTIME();                                      \
        out[ASYNC_T0 + 4 * blockIdx.x] = r0;                                             \
        out[ASYNC_T0 + 4 * blockIdx.x + 1] = r1;                                         \
        out[ASYNC_T0 + 4 * blockIdx.x + 2] = c0;                                         \
        out[ASYNC_T0 + 4 * blockIdx.x + 3] = c1;                                         \
    }

/*
 * The stream, a thread's copies: every round each block copies a chunk of
 * inflight x threads x B bytes (thread t's copy j at (j x threads + t) x
 * B: coalesced), then waits for them; the blocks' chunks follow each other
 * round by round from `start`, wrapping at ws (a multiple of the chunk).
 */
#define ASYNC_TP_KERNEL(OP, B, ISSUE, LAND, FENCE, F)                                           \
    extern "C" __global__ void chase_async_tp_##OP##_##B##_##F(u64 base, u64 ws, u64 start, \
                                                            unsigned rounds, i64 *out)   \
    {                                                                                    \
        const unsigned t = threadIdx.x, T = blockDim.x;                                  \
        const u64 chunk = (u64)(F) * T * (B);                                            \
        unsigned s = GPU_ASYNC_SADDR(chase_async_buf), r, j;                             \
        gpu_async_t##B v[F];                                                             \
        ASYNC_TP_OPEN()                                                                  \
        _Pragma("unroll 1")                                                              \
        for (r = 0; r < rounds; r++) {                                                   \
            u64 off = (start + ((u64)r * gridDim.x + blockIdx.x) * chunk) % ws;          \
            _Pragma("unroll")                                                            \
            for (j = 0; j < (F); j++)                                                    \
                ISSUE(v[j], s + (j * T + t) * (B), base + off + (u64)(j * T + t) * (B)); \
            _Pragma("unroll")                                                            \
            for (j = 0; j < (F); j++)                                                    \
                LAND(v[j], s + (j * T + t) * (B));                                       \
            FENCE();                                                                     \
        }                                                                                \
        ASYNC_TP_CLOSE()                                                                 \
    }

#define ASYNC_KERNELS(OP, B, STEP, ISSUE, LAND, FENCE)                                   \
    ASYNC_LAT_KERNEL(chase_async_lat_##OP##_##B, STEP)                                   \
    ASYNC_TP_KERNEL(OP, B, ISSUE, LAND, FENCE, 1)                                        \
    ASYNC_TP_KERNEL(OP, B, ISSUE, LAND, FENCE, 2)                                        \
    ASYNC_TP_KERNEL(OP, B, ISSUE, LAND, FENCE, 4)                                        \
    ASYNC_TP_KERNEL(OP, B, ISSUE, LAND, FENCE, 8)

/*
 * The stream, bulk copies: each block's thread 0 sets the barrier to
 * expect inflight x bytes, issues the inflight copies of a chunk, and
 * waits for the barrier's phase; the rest of the block waits at the end.
 */
#define ASYNC_BULK_KERNELS(STEP, EXPECT, COPY)                                            \
    ASYNC_LAT_KERNEL(chase_async_lat_bulk, STEP)                                         \
    extern "C" __global__ void chase_async_tp_bulk(u64 base, u64 ws, u64 start, unsigned rounds, \
                                                   unsigned bytes, unsigned inflight, i64 *out) \
    {                                                                                    \
        __shared__ __align__(8) u64 bar_word;                                            \
        unsigned s = GPU_ASYNC_SADDR(chase_async_buf), bar = GPU_ASYNC_SADDR(&bar_word);  \
        unsigned ph = 0, r, j;                                                           \
        const u64 chunk = (u64)inflight * bytes;                                         \
        if (threadIdx.x == 0)                                                            \
            GPU_ASYNC_INIT(bar);                                                         \
        ASYNC_TP_OPEN()                                                                  \
        _Pragma("unroll 1")                                                              \
        for (r = 0; threadIdx.x == 0 && r < rounds; r++) {                               \
            u64 off = (start + ((u64)r * gridDim.x + blockIdx.x) * chunk) % ws;          \
            EXPECT(bar, inflight * bytes);                                               \
            _Pragma("unroll 1")                                                          \
            for (j = 0; j < inflight; j++)                                               \
                COPY(s + j * bytes, base + off + (u64)j * bytes, bytes, bar);            \
            GPU_ASYNC_BULK_WAIT(bar, ph);                                                \
        }                                                                                \
        ASYNC_TP_CLOSE()                                                                 \
    }

/* What an architecture lacks: kernels of the same names that say so. */
#define ASYNC_LACKS_BODY                                                                 \
    {                                                                                    \
        if (threadIdx.x == 0 && blockIdx.x == 0)                                         \
            out[ASYNC_LACKS] = 1;                                                        \
    }
#define ASYNC_LACKS_TP(OP, B, F)                                                         \
    extern "C" __global__ void chase_async_tp_##OP##_##B##_##F(u64 base, u64 ws, u64 start, \
                                                            unsigned rounds, i64 *out)   \
    ASYNC_LACKS_BODY
#define ASYNC_LACKS_KERNELS(OP, B)                                                       \
    extern "C" __global__ void chase_async_lat_##OP##_##B(u64 base, u64 stride, unsigned bytes, \
                                                          unsigned warm, unsigned links,  \
                                                          unsigned samples, unsigned zero, i64 *out) \
    ASYNC_LACKS_BODY                                                                     \
    ASYNC_LACKS_TP(OP, B, 1) ASYNC_LACKS_TP(OP, B, 2) ASYNC_LACKS_TP(OP, B, 4) ASYNC_LACKS_TP(OP, B, 8)
#define ASYNC_LACKS_BULK()                                                               \
    extern "C" __global__ void chase_async_lat_bulk(u64 base, u64 stride, unsigned bytes, \
                                                    unsigned warm, unsigned links,        \
                                                    unsigned samples, unsigned zero, i64 *out) \
    ASYNC_LACKS_BODY                                                                     \
    extern "C" __global__ void chase_async_tp_bulk(u64 base, u64 ws, u64 start, unsigned rounds, \
                                                   unsigned bytes, unsigned inflight, i64 *out) \
    ASYNC_LACKS_BODY

GPU_ASYNC_LIST(ASYNC_KERNELS)
#ifdef GPU_ASYNC_BULK
GPU_ASYNC_BULK(ASYNC_BULK_KERNELS)
#endif
#ifdef GPU_ASYNC_LACKING
GPU_ASYNC_LACKING(ASYNC_LACKS_KERNELS)
#endif
#ifdef GPU_ASYNC_LACKS_BULK
ASYNC_LACKS_BULK()
#endif

#endif
