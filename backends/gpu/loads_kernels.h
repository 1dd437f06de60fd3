/* loads_kernels.h: chase loads' kernels, written once for CUDA and HIP:
 * how long a warp's burst of independent loads takes from issue to use,
 * and how many cycles a multiprocessor full of warps spends per warp load.
 *
 * Included after kernels.h (chase_claim, GPU_CYCLES, GPU_LOAD_*), by a file
 * that defines, for its vendor:
 *   gpu_loads_t4, gpu_loads_t8, gpu_loads_t16   a lane's 4, 8, 16 bytes in registers
 *   GPU_LOADS_LD_4/8/16(Q, v, a)    one load of that width at address a into v,
 *                                   cache operator Q (GPU_LOADS_OP_ca/cg/nc)
 *   GPU_LOADS_DECLARE()             what a timed function declares first
 *   GPU_LOADS_START(t0)             the first clock read
 *   GPU_LOADS_STOP(t1, x, a, b, c)  x = a ^ b ^ c, one instruction that must
 *                                   wait for c (a loaded word), then the
 *                                   second clock read (where a wait
 *                                   instruction orders the read instead:
 *                                   that wait, the read, then the XOR)
 *   GPU_LOADS_WAIT()                wait for a block round's loads (HIP)
 *   GPU_LOP3(d, a, b, c)            d = a ^ b ^ c, one instruction the
 *                                   compiler may neither split nor reassociate
 *   GPU_LOADS_ADDR(a, i, st, lb)    a = lb + i * st (32-bit i and st), computed
 *                                   where it is written: after the second clock
 *                                   read, never split to put half of it between
 *                                   the loads of the next burst
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
 * back into N registers, then their combine: two XOR chains of the first
 * words of loads 0 .. N-2, two loads a link, and one last XOR of both
 * chains and load N-1, which the second clock read follows (in the same
 * asm statement, so in program order right after it).  N = 1 is one load
 * and one XOR.  The read cannot be issued before that XOR, which cannot be
 * issued before every load has arrived.  One instruction on the last load
 * alone would not do: ptxas issues first the load whose value is needed
 * first, so that instruction would wait for the first load (seen in
 * sm_90 SASS).  The fillers z, z1, z2 are runtime zeros the compiler cannot
 * fold (a filler XORed with itself would vanish, and with it the
 * dependence), passed in rather than computed so that no compiler
 * recomputes them between the loads.  Every other use of the loads (the
 * next addresses, and the sums that make them escape) comes after the
 * second read and mixes in zz, computed from it, so none of it can be
 * scheduled inside the region.  (On HIP the wait is s_waitcnt vmcnt(0)
 * and the XORs come after the read.)
 */
#define LOADS_BURST_FN(NAME, N, W, Q, DRY)                                          \
    static __device__ __noinline__ void NAME(const unsigned *first, u64 stride,      \
                                             u64 lanebase, unsigned samples,         \
                                             unsigned z, unsigned z1, unsigned z2,   \
                                             i64 *out, i64 *sink)                    \
    {                                                                                \
        gpu_loads_t##W v[N];                                                         \
        u64 a[N], e;                                                                 \
        unsigned k, s, acc = z;                                                      \
        GPU_LOADS_DECLARE();                                                         \
        _Pragma("unroll")                                                            \
        for (k = 0; k < N; k++) {                                                    \
            LOADS_SET_##W(v[k], first[k], z);                                        \
            a[k] = lanebase + (u64)first[k] * stride;                                \
        }                                                                            \
        _Pragma("unroll 1")                                                          \
        for (s = 0; s < samples; s++) {                                              \
            i64 t0, t1;                                                              \
            unsigned x, zz, st, c0 = z, c1 = z1;                                     \
            GPU_LOADS_START(t0);                                                     \
            _Pragma("unroll")                                                        \
            for (k = 0; k < N && !(DRY); k++)                                        \
                GPU_LOADS_LD_##W(Q, v[k], a[k]);                                     \
            _Pragma("unroll")                                                        \
            for (k = 0; k + 1 < N; k += 2) {                                         \
                unsigned one = LOADS_W0_##W(v[k]);                                   \
                unsigned two = k + 2 < N ? LOADS_W0_##W(v[k + 2 < N ? k + 1 : k]) : z2; \
                if (k / 2 % 2 == 0)                                                  \
                    GPU_LOP3(c0, c0, one, two);                                      \
                else                                                                 \
                    GPU_LOP3(c1, c1, one, two);                                      \
            }                                                                        \
            GPU_LOADS_STOP(t1, x, c0, c1, (DRY) ? (unsigned)a[0] : LOADS_W0_##W(v[N - 1])); \
            out[s] = t1 - t0;                                                        \
            zz = (unsigned)t1 & z;                                                   \
            st = (unsigned)stride + zz;                                              \
            acc += x;                                                                \
            _Pragma("unroll")                                                        \
            for (k = 0; k < N; k++) {                                                \
                unsigned i;                                                          \
                if (DRY)                                                             \
                    i = x ^ zz;                                                      \
                else                                                                 \
                    LOADS_NEXT_##W(i, v[k], zz);                                     \
                GPU_LOADS_ADDR(a[k], i, st, lanebase);                               \
            }                                                                        \
        }                                                                            \
        /* Every load's value escapes, through the addresses it made. */             \
        e = acc;                                                                     \
        _Pragma("unroll")                                                            \
        for (k = 0; k < N; k++)                                                      \
            e ^= a[k];                                                               \
        if (e == 1)                                                                  \
            *sink = (i64)e;                                                          \
    }

/*
 * DRY = 1 is the dry run: the same function for N = 1 with the load left
 * out, the XOR reading the address register the load would have read (a
 * register already there, ready when the load would have issued): the
 * clock reads' own cost.  What is removed is that alone; the XOR's own
 * cycles after the load's arrival stay in the latency, as in the sweep's
 * (each of its loads waits for the one before, as the XOR does).  Where
 * the wait is an instruction (HIP) the dry run is that wait between the
 * clock reads, with no load outstanding.
 */

/*
 * A block's rounds: every warp loads B blocks, waits (each next address
 * needs its load), and goes on to the next B.  Each warp's lane 0 reads
 * the clock around its own `rounds` rounds, after a barrier that starts
 * them together; the host takes the multiprocessor's span, the earliest
 * start to the latest end (one SM, one clock).  The first pass (no rounds)
 * times the clock reads and the warps' spread leaving the barrier alone.
 * Inactive lanes (lane >= lanes) only keep the barriers.
 */
#define LOADS_BLOCK_FN(NAME, B, W, Q)                                               \
    static __device__ __forceinline__ void NAME(const unsigned *first, u64 stride,   \
                                                u64 lanebase, int active,            \
                                                unsigned rounds, unsigned samples,   \
                                                unsigned z, unsigned warps,          \
                                                unsigned warp, unsigned lane,        \
                                                i64 *out, i64 *sink)                 \
    {                                                                                \
        gpu_loads_t##W v[B];                                                         \
        u64 a[B], e = z;                                                             \
        unsigned k, r, s, pass;                                                      \
        _Pragma("unroll")                                                            \
        for (k = 0; k < B; k++) {                                                    \
            LOADS_SET_##W(v[k], first[k], z);                                        \
            a[k] = lanebase + (u64)first[k] * stride;                                \
        }                                                                            \
        for (pass = 0; pass < 2; pass++) {                                           \
            _Pragma("unroll 1")                                                      \
            for (s = 0; s < samples; s++) {                                          \
                i64 t0, t1;                                                          \
                unsigned x = (unsigned)a[B - 1], y;                                  \
                GPU_SYNC();                                                          \
                t0 = GPU_CYCLES();                                                   \
                _Pragma("unroll 1")                                                  \
                for (r = 0; active && r < (pass ? rounds : 0); r++) {                \
                    _Pragma("unroll")                                                \
                    for (k = 0; k < B; k++)                                          \
                        GPU_LOADS_LD_##W(Q, v[k], a[k]);                         \
                    GPU_LOADS_WAIT();                                                \
                    _Pragma("unroll")                                                \
                    for (k = 0; k < B; k++) {                                        \
                        unsigned i;                                                  \
                        LOADS_NEXT_##W(i, v[k], z);                                  \
                        a[k] = lanebase + (u64)i * stride;                           \
                    }                                                                \
                    x = (unsigned)a[B - 1];                                          \
                }                                                                    \
                GPU_LOADS_STOP(t1, y, z, z >> 1, x);                                         \
                if (lane == 0) {                                                     \
                    out[((pass * samples + s) * warps + warp) * 2] = t0;             \
                    out[((pass * samples + s) * warps + warp) * 2 + 1] = t1;         \
                }                                                                    \
                e += y;                                                              \
            }                                                                        \
        }                                                                            \
        _Pragma("unroll")                                                            \
        for (k = 0; k < B; k++)                                                      \
            e ^= a[k];                                                               \
        if (e == 1)                                                                  \
            *sink = (i64)e;                                                          \
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

/*
 * The burst kernel.  The block that runs (chase_claim) warms the working
 * set (pwarm positions: all, or none past what the caches can hold), then
 * its first `lanes` threads time the dry run and the bursts of n loads.
 */
#define LOADS_BURST_KERNEL(OP, W)                                                   \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_dry, 1, W, GPU_LOADS_OP_##OP, 1)         \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n1, 1, W, GPU_LOADS_OP_##OP, 0)          \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n2, 2, W, GPU_LOADS_OP_##OP, 0)          \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n4, 4, W, GPU_LOADS_OP_##OP, 0)          \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n8, 8, W, GPU_LOADS_OP_##OP, 0)          \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n11, 11, W, GPU_LOADS_OP_##OP, 0)        \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n16, 16, W, GPU_LOADS_OP_##OP, 0)        \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n24, 24, W, GPU_LOADS_OP_##OP, 0)        \
    LOADS_BURST_FN(chase_loads_##OP##_##W##_n32, 32, W, GPU_LOADS_OP_##OP, 0)        \
    extern "C" __global__ void __launch_bounds__(LOADS_THREADS)                      \
    chase_loads_##OP##_##W(u64 base, struct chase_chain c, u64 lane_stride,         \
                           unsigned lanes, unsigned n, u64 start, u64 spacing,       \
                           u64 pwarm, unsigned samples, i64 *out, int target,        \
                           int *claimed, unsigned z)                                 \
    {                                                                                \
        u64 lanebase;                                                                \
        i64 r0, c0, c1;                                                              \
        i64 *wet = out + LOADS_DRY0 + samples;                                       \
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
        chase_loads_##OP##_##W##_dry(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, out + LOADS_DRY0, out + LOADS_SINK); \
        r0 = GPU_REALTIME();                                                         \
        c0 = GPU_CYCLES();                                                           \
        switch (n) {                                                                 \
        case 1: chase_loads_##OP##_##W##_n1(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 2: chase_loads_##OP##_##W##_n2(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 4: chase_loads_##OP##_##W##_n4(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 8: chase_loads_##OP##_##W##_n8(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 11: chase_loads_##OP##_##W##_n11(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 16: chase_loads_##OP##_##W##_n16(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 24: chase_loads_##OP##_##W##_n24(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        case 32: chase_loads_##OP##_##W##_n32(first, c.stride, lanebase, samples, z, z >> 1, z >> 2, wet, out + LOADS_SINK); break; \
        default: break;                                                              \
        }                                                                            \
        c1 = GPU_CYCLES();                                                           \
        out[LOADS_REAL] = GPU_REALTIME() - r0;                                       \
        out[LOADS_SPAN] = c1 - c0;                                                   \
    }

/* The block kernel: every warp of the block issues rounds of `burst` loads;
 * out + LOADS_DRY0 gets each warp's start and end of each sample, the pass
 * without rounds first (loads_abi.h). */
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
        unsigned warps = blockDim.x / warpSize;                                      \
        u64 cursors = (u64)warps * burst;                                            \
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
        case 1: chase_loadsblk_##OP##_##W##_b1(first + w, c.stride, lanebase, active, rounds, samples, z, warps, w, lane, out + LOADS_DRY0, out + LOADS_SINK); break; \
        case 2: chase_loadsblk_##OP##_##W##_b2(first + 2 * w, c.stride, lanebase, active, rounds, samples, z, warps, w, lane, out + LOADS_DRY0, out + LOADS_SINK); break; \
        case 4: chase_loadsblk_##OP##_##W##_b4(first + 4 * w, c.stride, lanebase, active, rounds, samples, z, warps, w, lane, out + LOADS_DRY0, out + LOADS_SINK); break; \
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
