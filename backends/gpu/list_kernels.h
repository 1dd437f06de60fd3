/* list_kernels.h: a chain through offsets the host lists (the backend
 * ABI's list hook: eviction sets and replacement sequences of chase
 * assoc), written once for CUDA and HIP.
 *
 * Besides kernels.h's macros, the including file defines
 *   GPU_LIST_CLOCK(t, a, zero)  reads the core clock into t once the load
 *                               that wrote a has returned (so a timed
 *                               region starts after the load before it
 *                               and ends after its own last load); zero
 *                               is a kernel argument the host sets to 0,
 *                               which the compiler cannot fold away.
 * One thread walks: the warm laps, then each sample's laps, each lap's
 * first n - timed positions untimed and its last `timed` between two
 * clock reads, all in one launch (a cold L1 on another multiprocessor, or
 * an L2 the runtime flushes between launches, would undo the warming);
 * or, where the request allows it, a block's threads walk a lap's untimed
 * positions at once (the spread kernels, below).
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_LIST_KERNELS_H
#define CHASE_GPU_LIST_KERNELS_H

#include "list_abi.h"

/* Position k's word holds the address of position k + 1's (the last's, of
 * the first's). */
extern "C" __global__ void chase_list_build(u64 base, const u64 *off, unsigned n)
{
    unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
    for (; k < n; k += gridDim.x * blockDim.x)
        *(u64 *)(base + off[k]) = base + off[k + 1 == n ? 0 : k + 1];
}

/* One sample: laps laps, the tail of each timed; the cycles summed. */
#define CHASE_LIST_TIMED_FN(NAME, LOAD)                                             \
    static __device__ GPU_TIMED_FN i64 NAME(u64 *ap, unsigned n, unsigned timed,   \
                                            unsigned laps, u64 zero)               \
    {                                                                              \
        u64 a = *ap;                                                               \
        i64 sum = 0, t0, t1;                                                       \
        unsigned lap, i;                                                           \
        _Pragma("unroll 1")                                                        \
        for (lap = 0; lap < laps; lap++) {                                         \
            _Pragma("unroll 1")                                                    \
            for (i = timed; i < n; i++)                                            \
                LOAD(a);                                                           \
            GPU_LIST_CLOCK(t0, a, zero);                                           \
            _Pragma("unroll 1")                                                    \
            for (i = 0; i < timed; i++)                                            \
                LOAD(a);                                                           \
            GPU_LIST_CLOCK(t1, a, zero);                                           \
            sum += t1 - t0;                                                        \
        }                                                                          \
        *ap = a;                                                                   \
        return sum;                                                                \
    }

#define CHASE_LIST_KERNEL(NAME, TIMED, LOAD)                                        \
    CHASE_LIST_TIMED_FN(TIMED, LOAD)                                                \
    extern "C" __global__ void NAME(u64 head, unsigned n, unsigned timed,           \
                                    unsigned warm, unsigned laps, unsigned samples, \
                                    i64 *out, int target, int *claimed, u64 zero)   \
    {                                                                               \
        u64 a = head;                                                               \
        i64 t0, t1, r0, r1, c0, c1;                                                 \
        unsigned lap, i, s;                                                         \
        if (!chase_claim(target, claimed))                                          \
            return;                                                                 \
        if (threadIdx.x != 0)                                                       \
            return;                                                                 \
        out[LIST_SM] = GPU_SMID();                                                  \
        GPU_LIST_CLOCK(t0, a, zero);                                                \
        GPU_LIST_CLOCK(t1, a, zero);                                                \
        out[LIST_OVERHEAD] = t1 - t0;                                               \
        _Pragma("unroll 1")                                                         \
        for (lap = 0; lap < warm; lap++) {                                          \
            _Pragma("unroll 1")                                                     \
            for (i = 0; i < n; i++)                                                 \
                LOAD(a);                                                            \
        }                                                                           \
        r0 = GPU_REALTIME();                                                        \
        c0 = GPU_CYCLES();                                                          \
        _Pragma("unroll 1")                                                         \
        for (s = 0; s < samples; s++)                                               \
            out[LIST_SAMPLE0 + s] = TIMED(&a, n, timed, laps, zero);                \
        c1 = GPU_CYCLES();                                                          \
        r1 = GPU_REALTIME();                                                        \
        out[LIST_REAL] = r1 - r0;                                                   \
        out[LIST_SPAN] = c1 - c0;                                                   \
        out[LIST_SINK] = (i64)a;                                                    \
    }

/* The spread walk (chase_list_req's spread): a lap's untimed positions
 * 0 .. u-1 (u = n - timed) cut into one stretch a thread, the block's
 * threads walking their stretches at once, each waiting for its last load
 * (a comparison of its value) before a barrier; then the first thread's
 * timed tail from position u as a serial lap's, and a barrier before the
 * next lap.  Each thread reads where its stretch starts from the offsets
 * once, before the first lap (those words' lines are read then, never
 * between a probe's two visits).  A chain's loads wait on each other, so
 * a lap of u lines costs about u / threads latencies, not u. */
#define CHASE_LIST_SPREAD_KERNEL(NAME, TIMED, LOAD)                                 \
    static __device__ __forceinline__ void NAME##_stretch(u64 a, unsigned count,    \
                                                          i64 *out)                 \
    {                                                                               \
        unsigned i;                                                                 \
        _Pragma("unroll 1")                                                         \
        for (i = 0; i < count; i++)                                                 \
            LOAD(a);                                                                \
        if (a == 1)     /* never: it waits for the stretch's last load */           \
            out[LIST_SINK] = 0;                                                     \
        GPU_SYNC();                                                                 \
    }                                                                               \
    extern "C" __global__ void NAME(u64 base, const u64 *off, unsigned n,           \
                                    unsigned timed, unsigned warm, unsigned laps,   \
                                    unsigned samples, i64 *out, int target,         \
                                    int *claimed, u64 zero)                         \
    {                                                                               \
        unsigned u = n - timed, t = threadIdx.x, lap, i, s, first, count;           \
        unsigned per = (u + blockDim.x - 1) / blockDim.x;                           \
        u64 a, start, tail;                                                         \
        i64 t0, t1, r0 = 0, c0 = 0, sum;                                            \
        if (!chase_claim(target, claimed))                                          \
            return;                                                                 \
        first = t * per;                                                            \
        count = first < u ? (u - first < per ? u - first : per) : 0;               \
        start = count ? base + off[first] : 0;                                      \
        a = tail = base + off[u];                                                   \
        if (t == 0) {                                                               \
            out[LIST_SM] = GPU_SMID();                                              \
            GPU_LIST_CLOCK(t0, a, zero);                                            \
            GPU_LIST_CLOCK(t1, a, zero);                                            \
            out[LIST_OVERHEAD] = t1 - t0;                                           \
        }                                                                           \
        _Pragma("unroll 1")                                                         \
        for (lap = 0; lap < warm; lap++) {                                          \
            NAME##_stretch(start, count, out);                                      \
            if (t == 0) {                                                           \
                a = tail;                                                           \
                _Pragma("unroll 1")                                                 \
                for (i = 0; i < timed; i++)                                         \
                    LOAD(a);                                                        \
                if (a == 1)                                                         \
                    out[LIST_SINK] = 0;                                             \
            }                                                                       \
            GPU_SYNC();                                                             \
        }                                                                           \
        if (t == 0) {                                                               \
            r0 = GPU_REALTIME();                                                    \
            c0 = GPU_CYCLES();                                                      \
        }                                                                           \
        _Pragma("unroll 1")                                                         \
        for (s = 0; s < samples; s++) {                                             \
            sum = 0;                                                                \
            _Pragma("unroll 1")                                                     \
            for (lap = 0; lap < laps; lap++) {                                      \
                NAME##_stretch(start, count, out);                                  \
                if (t == 0) {                                                       \
                    a = tail;                                                       \
                    sum += TIMED(&a, timed, timed, 1, zero);                        \
                }                                                                   \
                GPU_SYNC();                                                         \
            }                                                                       \
            if (t == 0)                                                             \
                out[LIST_SAMPLE0 + s] = sum;                                        \
        }                                                                           \
        if (t == 0) {                                                               \
            out[LIST_SPAN] = GPU_CYCLES() - c0;                                     \
            out[LIST_REAL] = GPU_REALTIME() - r0;                                   \
            out[LIST_SINK] = (i64)a;                                                \
        }                                                                           \
    }

CHASE_LIST_KERNEL(chase_list_ca, chase_list_timed_ca, GPU_LOAD_CA)
CHASE_LIST_KERNEL(chase_list_cg, chase_list_timed_cg, GPU_LOAD_CG)
CHASE_LIST_SPREAD_KERNEL(chase_list_spread_ca, chase_list_timed_ca, GPU_LOAD_CA)
CHASE_LIST_SPREAD_KERNEL(chase_list_spread_cg, chase_list_timed_cg, GPU_LOAD_CG)

#endif
