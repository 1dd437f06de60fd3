/* loads_kernels.h: chase loads' kernels, written once for CUDA and HIP:
 * how long a warp's burst of independent loads takes from issue to use,
 * and how many cycles a multiprocessor full of warps spends per warp load.
 *
 * Included after kernels.h (chase_claim, GPU_CYCLES, GPU_LOAD_*), by a file
 * that defines, for its vendor:
 *   gpu_loads_t4, gpu_loads_t8, gpu_loads_t16   a lane's 4, 8, 16 bytes in registers
 *   GPU_LOADS_LD_4/8/16(Q, G, v, a)  one load of that width at address a into v,
 *                                   cache operator Q (GPU_LOADS_OP_ca/cg/nc),
 *                                   guard G (GPU_LOADS_GUARD in a burst, "" in a block)
 *   GPU_LOADS_DECLARE()             what a burst function declares first
 *   GPU_LOADS_START(t0, m)          the first clock read; m == 0: a dry run,
 *                                   whose loads are not issued (CUDA)
 *   GPU_LOADS_STOP(t1, t0, x)       the second clock read, once every load of
 *                                   the burst has arrived; x combines them all
 *   GPU_LOADS_WAIT()                wait for a block round's loads (HIP)
 *   GPU_LOP3(d, a, b, c)            d = a ^ b ^ c, one instruction the
 *                                   compiler may neither split nor reassociate
 *   GPU_LOADS_ADDR(a, i, st, lb)    a = lb + i * st (32-bit i and st), computed
 *                                   where it is written: after the second clock
 *                                   read, never split to put half of it between
 *                                   the loads of the next burst
 *   GPU_LOADS_PREDICATED            defined where the burst's order rests on
 *                                   data dependences (CUDA), not on a wait
 *                                   instruction (HIP's s_waitcnt)
 *
 * The working set is cut into blocks of lanes x lane_stride bytes (a power
 * of two) walked as chase_chain visits them; lane l of a warp reads width
 * bytes at block + l * lane_stride, and every lane's first word holds the
 * next block's index (the other words hold 0), so each lane computes its
 * next address without a shuffle.  A burst's N loads read N blocks that
 * are N cursors spaced evenly round the chain; each sample moves every
 * cursor one block on, so a block is read again only after a whole working
 * set of other blocks: the working set stays where the level holds it.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_LOADS_KERNELS_H
#define CHASE_GPU_LOADS_KERNELS_H

#include "loads_abi.h"

/* The word that holds the next index, and setting a lane's registers to
 * what a slot holds.  The index computed after a burst reads every word
 * the load returned (so the full width stays live) and zz, which is 0 but
 * computed from the second clock read, so no part of it can be scheduled
 * before that read. */
#define LOADS_W0_4(v) (v)
#define LOADS_W0_8(v) ((v).x)
#define LOADS_W0_16(v) ((v).x)
#define LOADS_SET_4(v, i, z) ((v) = (i))
#define LOADS_SET_8(v, i, z) ((v).x = (i), (v).y = (z))
#define LOADS_SET_16(v, i, z) ((v).x = (i), (v).y = (z), (v).z = (z), (v).w = (z))
#define LOADS_NEXT_4(d, v, zz) ((d) = (v))
#define LOADS_NEXT_8(d, v, zz) GPU_LOP3(d, (v).x, (v).y, zz)
#define LOADS_NEXT_16(d, v, zz)                                                     \
    do {                                                                              \
        unsigned t_;                                                                  \
        GPU_LOP3(t_, (v).x, (v).y, zz);                                               \
        GPU_LOP3(d, t_, (v).z, (v).w);                                                \
    } while (0)

/*
 * One burst size's samples.  Between the clock reads: the N loads, back to
 * back into N registers, then their use: three interleaved XOR chains of
 * their first words, two loads a link, and one XOR of the three chains.
 * Every load sits at the same depth (one link, then the final XOR), so the
 * time from the last load's arrival to the second clock read is the same
 * for every N; and a chain's next link comes six loads later, so it keeps
 * up with loads that arrive a cycle or more apart.  The fillers are runtime
 * zeros the compiler cannot fold, passed in rather than computed here so that
 * no compiler recomputes them between the loads.  (On HIP the wait is s_waitcnt, and the
 * chains are dead code.)
 *
 * m == 0 is the dry run: on CUDA the loads are predicated off and
 * everything else is the same, which is the timer's own cost, the use's
 * included.
 */
#define LOADS_BURST_FN(NAME, N, W, Q)                                               \
    static __device__ __noinline__ void NAME(const unsigned *first, u64 stride,      \
                                             u64 lanebase, unsigned samples,         \
                                             unsigned m, unsigned z, unsigned z1,    \
                                             unsigned z2, unsigned z3, i64 *out)     \
    {                                                                                \
        gpu_loads_t##W v[N];                                                         \
        u64 a[N];                                                                    \
        unsigned k, s;                                                               \
        GPU_LOADS_DECLARE();                                                         \
        _Pragma("unroll")                                                            \
        for (k = 0; k < N; k++) {                                                    \
            LOADS_SET_##W(v[k], first[k], z);                                        \
            a[k] = lanebase + (u64)first[k] * stride;                                \
        }                                                                            \
        _Pragma("unroll 1")                                                          \
        for (s = 0; s < samples; s++) {                                              \
            i64 t0, t1;                                                              \
            unsigned x0 = z, x1 = z1, x2 = z2, x, zz, st;                            \
            GPU_LOADS_START(t0, m);                                                  \
            _Pragma("unroll")                                                        \
            for (k = 0; k < N; k++)                                                  \
                GPU_LOADS_LD_##W(Q, GPU_LOADS_GUARD, v[k], a[k]);                    \
            _Pragma("unroll")                                                        \
            for (k = 0; k < N; k += 2) {                                             \
                unsigned one = LOADS_W0_##W(v[k]);                                   \
                unsigned two = k + 1 < N ? LOADS_W0_##W(v[k + 1 < N ? k + 1 : k]) : z3; \
                if (k / 2 % 3 == 0)                                                  \
                    GPU_LOP3(x0, x0, one, two);                                      \
                else if (k / 2 % 3 == 1)                                             \
                    GPU_LOP3(x1, x1, one, two);                                      \
                else                                                                 \
                    GPU_LOP3(x2, x2, one, two);                                      \
            }                                                                        \
            GPU_LOP3(x, x0, x1, x2);                                                 \
            GPU_LOADS_STOP(t1, t0, x);                                               \
            out[s] = t1 - t0;                                                        \
            zz = (unsigned)t1 & z;                                                   \
            st = (unsigned)stride + zz;                                              \
            _Pragma("unroll")                                                        \
            for (k = 0; k < N; k++) {                                                \
                unsigned i;                                                          \
                LOADS_NEXT_##W(i, v[k], zz);                                         \
                GPU_LOADS_ADDR(a[k], i, st, lanebase);                               \
            }                                                                        \
        }                                                                            \
    }

/*
 * A block's rounds: every warp loads B blocks, waits, and goes on to the
 * next B; thread 0 reads the clock around `rounds` rounds of every warp,
 * between barriers.  The first pass (no rounds) times the barriers and
 * clock reads alone.  Inactive lanes (lane >= lanes) only keep the barriers.
 */
#define LOADS_BLOCK_FN(NAME, B, W, Q)                                               \
    static __device__ __forceinline__ void NAME(const unsigned *first, u64 stride,   \
                                                u64 lanebase, int active,            \
                                                unsigned rounds, unsigned samples,   \
                                                unsigned z, i64 *out)                \
    {                                                                                \
        gpu_loads_t##W v[B];                                                         \
        u64 a[B];                                                                    \
        unsigned k, r, s, pass;                                                      \
        _Pragma("unroll")                                                            \
        for (k = 0; k < B; k++) {                                                    \
            LOADS_SET_##W(v[k], first[k], z);                                        \
            a[k] = lanebase + (u64)first[k] * stride;                                \
        }                                                                            \
        for (pass = 0; pass < 2; pass++) {                                           \
            _Pragma("unroll 1")                                                      \
            for (s = 0; s < samples; s++) {                                          \
                i64 t0 = 0;                                                          \
                GPU_SYNC();                                                          \
                if (threadIdx.x == 0)                                                \
                    t0 = GPU_CYCLES();                                               \
                GPU_SYNC();                                                          \
                _Pragma("unroll 1")                                                  \
                for (r = 0; active && r < (pass ? rounds : 0); r++) {                \
                    _Pragma("unroll")                                                \
                    for (k = 0; k < B; k++)                                          \
                        GPU_LOADS_LD_##W(Q, "", v[k], a[k]);                         \
                    GPU_LOADS_WAIT();                                                \
                    _Pragma("unroll")                                                \
                    for (k = 0; k < B; k++) {                                        \
                        unsigned i;                                                  \
                        LOADS_NEXT_##W(i, v[k], z);                                  \
                        a[k] = lanebase + (u64)i * stride;                           \
                    }                                                                \
                }                                                                    \
                GPU_SYNC();                                                          \
                if (threadIdx.x == 0)                                                \
                    out[pass * samples + s] = GPU_CYCLES() - t0;                     \
            }                                                                        \
        }                                                                            \
    }

/* Where the warm's i-th touch goes: first the positions no cursor reads in
 * this launch, then round by round the ones every cursor reads next, so
 * each block is touched last a whole working set before it is timed. */
static __device__ __forceinline__ u64 loads_warm_pos(u64 i, u64 start, u64 n, u64 cursors, u64 spacing)
{
    u64 tail = n - cursors * spacing;
    if (i < tail)
        return (start + cursors * spacing + i) % n;
    i -= tail;
    return (start + (i % cursors) * spacing + i / cursors) % n;
}

/* The cursors' first blocks into first[0 .. cursors) (at most
 * LOADS_MAX_CURSORS), by the block's threads side by side before any
 * timing, so that no unrolled code computes a chain position. */
static __device__ __forceinline__ void loads_first(const struct chase_chain *c, u64 start, u64 cursors,
                                                   u64 spacing, unsigned *first)
{
    u64 t;
    for (t = threadIdx.x; t < cursors; t += blockDim.x)
        first[t] = (unsigned)chase_chain_block(c, (start + t * spacing) % c->n);
    GPU_SYNC();
}

/* Every sector a lane will read, touched from this multiprocessor by every
 * thread of the block, with the operator the timed loads use. */
#define LOADS_WARM_FN(NAME, LOAD)                                                   \
    static __device__ void NAME(u64 base, const struct chase_chain *c, u64 lane_stride, \
                                unsigned lanes, u64 start, u64 cursors, u64 spacing,  \
                                u64 pwarm, i64 *out)                                  \
    {                                                                                \
        u64 per = lane_stride >= LOADS_SECTOR ? 1 : LOADS_SECTOR / lane_stride;      \
        u64 sectors = (lanes + per - 1) / per, total = pwarm * sectors, item, sink = 0; \
        for (item = threadIdx.x; item < total; item += blockDim.x) {                 \
            u64 pos = loads_warm_pos(item / sectors, start, c->n, cursors, spacing); \
            u64 a = base + chase_chain_block(c, pos) * c->stride +                   \
                    (item % sectors) * per * lane_stride;                            \
            LOAD(a);                                                                 \
            sink ^= a;                                                               \
        }                                                                            \
        if (sink == 1)                                                               \
            out[LOADS_SINK] = (i64)sink;                                             \
    }

#ifdef GPU_LOADS_PREDICATED
#define LOADS_DRY(FN1, first, stride, lanebase, samples, z, out) \
    FN1(first, stride, lanebase, samples, 0, z, z >> 1, z >> 2, z >> 3, out)
#else
/* The dry run where the wait is an instruction: the clock reads around it alone. */
static __device__ GPU_TIMED_FN void loads_empty(unsigned samples, i64 *out)
{
    unsigned s;
    _Pragma("unroll 1")
    for (s = 0; s < samples; s++) {
        i64 t0, t1;
        GPU_LOADS_START(t0, 1);
        GPU_LOADS_STOP(t1, t0, 0);
        out[s] = t1 - t0;
    }
}
#define LOADS_DRY(FN1, first, stride, lanebase, samples, z, out) loads_empty(samples, out)
#endif

/*
 * The burst kernel.  The block that runs (chase_claim) warms the working
 * set (pwarm positions: all, or none past what the caches can hold), then
 * its first `lanes` threads time the dry run and the bursts of n loads.
 */
#define LOADS_BURST_KERNEL(OP, W)                                                   \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n1, 1, W, GPU_LOADS_OP_##OP)             \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n2, 2, W, GPU_LOADS_OP_##OP)             \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n4, 4, W, GPU_LOADS_OP_##OP)             \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n8, 8, W, GPU_LOADS_OP_##OP)             \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n11, 11, W, GPU_LOADS_OP_##OP)           \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n16, 16, W, GPU_LOADS_OP_##OP)           \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n24, 24, W, GPU_LOADS_OP_##OP)           \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n32, 32, W, GPU_LOADS_OP_##OP)           \
    extern "C" __global__ void __launch_bounds__(LOADS_THREADS)                      \
    chase_loads_##OP##_##W(u64 base, struct chase_chain c, u64 lane_stride,         \
                           unsigned lanes, unsigned n, u64 start, u64 spacing,       \
                           u64 pwarm, unsigned samples, i64 *out, int target,        \
                           int *claimed, unsigned z)                                 \
    {                                                                                \
        u64 lanebase;                                                                \
        i64 r0, c0, c1;                                                              \
        i64 *wet = out + LOADS_DRY0 + samples;                                       \
        unsigned go = z + 1; /* 1, but no compiler may fold it into the guard */     \
        __shared__ unsigned first[LOADS_MAX_CURSORS];                                \
        if (!chase_claim(target, claimed))                                           \
            return;                                                                  \
        chase_loads_warm_##OP(base, &c, lane_stride, lanes, start, n, spacing, pwarm, out); \
        loads_first(&c, start, n, spacing, first);                                   \
        if (threadIdx.x >= lanes)                                                    \
            return;                                                                  \
        lanebase = base + threadIdx.x * lane_stride;                                 \
        if (threadIdx.x == 0)                                                        \
            out[LOADS_SM] = GPU_SMID();                                              \
        LOADS_DRY(chase_loads_##OP##_##W##_n1, first, c.stride, lanebase, samples, z,\
                  out + LOADS_DRY0);                                                 \
        r0 = GPU_REALTIME();                                                         \
        c0 = GPU_CYCLES();                                                           \
        switch (n) {                                                                 \
        case 1: chase_loads_##OP##_##W##_n1(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 2: chase_loads_##OP##_##W##_n2(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 4: chase_loads_##OP##_##W##_n4(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 8: chase_loads_##OP##_##W##_n8(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 11: chase_loads_##OP##_##W##_n11(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 16: chase_loads_##OP##_##W##_n16(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 24: chase_loads_##OP##_##W##_n24(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        case 32: chase_loads_##OP##_##W##_n32(first, c.stride, lanebase, samples, go, z, z >> 1, z >> 2, z >> 3, wet); break; \
        default: break;                                                              \
        }                                                                            \
        c1 = GPU_CYCLES();                                                           \
        out[LOADS_REAL] = GPU_REALTIME() - r0;                                       \
        out[LOADS_SPAN] = c1 - c0;                                                   \
    }

/* The block kernel: every warp of the block issues rounds of `burst` loads. */
#define LOADS_BLOCK_KERNEL(OP, W)                                                   \
    LOADS_BLOCK_FN(chase_loadsblk_##OP##_##W##_b1, 1, W, GPU_LOADS_OP_##OP)          \
    LOADS_BLOCK_FN(chase_loadsblk_##OP##_##W##_b2, 2, W, GPU_LOADS_OP_##OP)          \
    LOADS_BLOCK_FN(chase_loadsblk_##OP##_##W##_b4, 4, W, GPU_LOADS_OP_##OP)          \
    extern "C" __global__ void __launch_bounds__(1024)                               \
    chase_loadsblk_##OP##_##W(u64 base, struct chase_chain c, u64 lane_stride,      \
                              unsigned lanes, unsigned burst, u64 start,             \
                              u64 spacing, unsigned rounds, u64 pwarm,               \
                              unsigned samples, i64 *out, int target, int *claimed,  \
                              unsigned z)                                            \
    {                                                                                \
        unsigned lane = threadIdx.x % warpSize, w = threadIdx.x / warpSize;          \
        u64 lanebase = base + lane * lane_stride;                                    \
        u64 cursors = (u64)(blockDim.x / warpSize) * burst;                          \
        int active = lane < lanes;                                                   \
        i64 r0 = 0, c0 = 0;                                                          \
        __shared__ unsigned first[LOADS_MAX_CURSORS];                                \
        if (!chase_claim(target, claimed))                                           \
            return;                                                                  \
        chase_loads_warm_##OP(base, &c, lane_stride, lanes, start, cursors, spacing, pwarm, out); \
        loads_first(&c, start, cursors, spacing, first);                             \
        if (threadIdx.x == 0) {                                                      \
            out[LOADS_SM] = GPU_SMID();                                              \
            r0 = GPU_REALTIME();                                                     \
            c0 = GPU_CYCLES();                                                       \
        }                                                                            \
        switch (burst) {                                                             \
        case 1: chase_loadsblk_##OP##_##W##_b1(first + w, c.stride, lanebase, active, rounds, samples, z, out + LOADS_DRY0); break; \
        case 2: chase_loadsblk_##OP##_##W##_b2(first + 2 * w, c.stride, lanebase, active, rounds, samples, z, out + LOADS_DRY0); break; \
        case 4: chase_loadsblk_##OP##_##W##_b4(first + 4 * w, c.stride, lanebase, active, rounds, samples, z, out + LOADS_DRY0); break; \
        default: break;                                                              \
        }                                                                            \
        if (threadIdx.x == 0) {                                                      \
            i64 c1 = GPU_CYCLES();                                                   \
            out[LOADS_REAL] = GPU_REALTIME() - r0;                                   \
            out[LOADS_SPAN] = c1 - c0;                                               \
        }                                                                            \
    }

#define LOADS_OP(OP, LOAD)                                                          \
    LOADS_WARM_FN(chase_loads_warm_##OP, LOAD)                                       \
    LOADS_BURST_KERNEL(OP, 4)                                                        \
    LOADS_BURST_KERNEL(OP, 8)                                                        \
    LOADS_BURST_KERNEL(OP, 16)                                                       \
    LOADS_BLOCK_KERNEL(OP, 4)                                                        \
    LOADS_BLOCK_KERNEL(OP, 8)                                                        \
    LOADS_BLOCK_KERNEL(OP, 16)

/* Writes the chain: every lane's slot of each block holds the next
 * block's index in its first word and 0 in the others. */
extern "C" __global__ void chase_loads_build(u64 base, struct chase_chain c, u64 lane_stride, unsigned lanes,
                                             unsigned width)
{
    u64 k = (u64)blockIdx.x * blockDim.x + threadIdx.x;
    for (; k < c.n; k += (u64)gridDim.x * blockDim.x) {
        u64 b = chase_chain_block(&c, k), nb = chase_chain_block(&c, k + 1 == c.n ? 0 : k + 1);
        unsigned l, j;
        for (l = 0; l < lanes; l++) {
            unsigned *slot = (unsigned *)(base + b * c.stride + l * lane_stride);
            slot[0] = (unsigned)nb;
            for (j = 1; j < width / 4; j++)
                slot[j] = 0;
        }
    }
}

LOADS_OP(ca, GPU_LOAD_CA)
LOADS_OP(cg, GPU_LOAD_CG)
#ifdef GPU_LOAD_NC
LOADS_OP(nc, GPU_LOAD_NC)
#endif

#endif
