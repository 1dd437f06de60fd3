/* banks_kernels.h: chase banks' kernels, written once for CUDA and HIP.
 *
 * One block on one multiprocessor (chase_claim) fills its dynamic shared
 * memory so that every 32-bit word holds its own shared address, then
 * times one warp's pattern (each lane reads `width` bytes at its offset):
 *   chain: each access reads the address the one before returned (a lane
 *          re-reads its own word), cycles of `loads` accesses;
 *   burst: N independent accesses into distinct registers, then their use:
 *          cycles from the first clock read to the use of every result;
 *   block: every warp of the block issues rounds of such bursts: each
 *          warp's start and end, for the host to take the span.
 * An empty timed region is timed in the same launch; the host removes it.
 *
 * The including file defines, besides kernels.h's macros:
 *   GPU_SHARED_ADDR(p)          the 32-bit shared-memory address of p
 *   GPU_LDS32(a, x)             x = the 32-bit word at shared address a,
 *   GPU_LDS64(a, x, y)          ... 64 bits into x, y,
 *   GPU_LDS128(a, x, y, z, w)   ... 128 bits: one instruction each, no wait
 *   GPU_LDS32_CHAIN(a)          a = the word at a, waited for (also 64, 128:
 *                               one read of that width, a = its first word)
 *   GPU_LDS_WAIT()              wait for every shared read in flight
 *   GPU_MIX(acc, x)             acc ^= x, in place and in program order
 *   GPU_BANKS_T0()              the first clock read of a timed region
 *   GPU_BANKS_T1(v, zero)       the last: after v (a loaded value, updated
 *                               as v ^ zero so the read waits for it)
 *   GPU_BANKS_FN                how a timed function is compiled (not inlined)
 * and the stores' and two-address reads' macros (after the licence).
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_BANKS_KERNELS_H
#define CHASE_GPU_BANKS_KERNELS_H

/* The stores' and two-address reads' macros:
 *   GPU_STS32(a, x)             store x at shared address a (also 64: x, y;
 *                               128: x, y, z, w), one instruction each
 *   GPU_STS_ROUND()             what a block round of stores ends with
 *                               (AMD: the wait on them, as a round of reads)
 *   GPU_STS_DONE(a, v)          once every store before it is done: on
 *                               NVIDIA, v = the word at a (the shared
 *                               memory serves a warp's read after its
 *                               stores), on AMD the wait on them
 *   GPU_BANKS_READ2             defined where the two-address reads exist:
 *                               GPU_LDS64R2(a, x, y, z, w) and
 *                               GPU_LDS64R2S(a, ...) read 8 bytes at a and
 *                               at a + CHASE_SHARED_READ2_SPAN (R2S:
 *                               CHASE_SHARED_READ2ST64_SPAN) in one
 *                               instruction, with their _CHAIN forms.
 *
 * Stores (chase_banks_st_bW): each lane stores its own address (and the
 * next words') at its offset, so the words keep what the fill gave them:
 *   burst: N stores, then GPU_STS_DONE and the clock;
 *   block: every warp issues rounds of N stores, then the same end;
 *   stempty: GPU_STS_DONE alone, the region's fixed cost, removed like
 *            the timer's.  A store has no chain: nothing returns.
 */

#include "banks_abi.h"

/* 16-byte aligned: a 128-bit read must be. */
extern __shared__ __attribute__((aligned(16))) unsigned chase_banks_smem[];

/* N copies of M(k), k = 0 .. N-1. */
#define BK_REP1(M) M(0)
#define BK_REP2(M) M(0) M(1)
#define BK_REP4(M) BK_REP2(M) M(2) M(3)
#define BK_REP8(M) BK_REP4(M) M(4) M(5) M(6) M(7)
#define BK_REP16(M) BK_REP8(M) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
#define BK_REP32(M) BK_REP16(M) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) \
    M(24) M(25) M(26) M(27) M(28) M(29) M(30) M(31)

/* One access of each width into registers of its own, and their use:
 * every register is read (GPU_MIX: acc = acc ^ x, in order, each step
 * waiting for acc), so no two loads in flight write one register, and no
 * use can be placed between the loads of a burst: the first use is of the
 * last load's register, and every later one needs it. */
#define BK_DECL32(k) unsigned x##k;
#define BK_LOAD32(k) GPU_LDS32(a, x##k);
#define BK_USE32(k) GPU_MIX(acc, x##k);
#define BK_DECL64(k) unsigned x##k, y##k;
#define BK_LOAD64(k) GPU_LDS64(a, x##k, y##k);
#define BK_USE64(k) GPU_MIX(acc, x##k); GPU_MIX(acc, y##k);
#define BK_DECL128(k) unsigned x##k, y##k, z##k, w##k;
#define BK_LOAD128(k) GPU_LDS128(a, x##k, y##k, z##k, w##k);
#define BK_USE128(k) GPU_MIX(acc, x##k); GPU_MIX(acc, y##k); GPU_MIX(acc, z##k); GPU_MIX(acc, w##k);

/* The end of a timed region: after the wait (AMD's explicit one; on
 * NVIDIA the clock read follows an instruction that reads the last
 * access's first register, and a warp's shared reads complete in order),
 * then the registers' use, outside the region. */
#define BK_END(t1, LASTP, USES) do { GPU_LDS_WAIT(); t1 = GPU_BANKS_T1(LASTP, zero); USES } while (0)

typedef unsigned long long bk_u64;
typedef long long bk_i64;

/* An empty timed region, shaped as the others: the timer's own cost. */
static __device__ GPU_BANKS_FN bk_i64 chase_banks_empty(unsigned v, unsigned zero, unsigned *sink)
{
    unsigned acc = v;   /* a value in a register, as the others have (no load pending) */
    bk_i64 t0, t1;
    t0 = GPU_BANKS_T0();
    BK_END(t1, &acc, );
    *sink = acc;
    return t1 - t0;
}

#define BANKS_CHAIN_FN(W, T)                                                           \
    static __device__ GPU_BANKS_FN bk_i64 chase_banks_chain_##T(unsigned a, unsigned loads, \
                                                                  unsigned zero,        \
                                                                  unsigned *ap)         \
    {                                                                                   \
        unsigned i;                                                                     \
        bk_i64 t0, t1;                                                                  \
        t0 = GPU_BANKS_T0();                                                            \
        _Pragma("unroll 1")                                                             \
        for (i = 0; i < loads; i++)                                                     \
            GPU_LDS##W##_CHAIN(a);                                                      \
        BK_END(t1, &a, );                                                               \
        *ap = a;                                                                        \
        return t1 - t0;                                                                 \
    }

/* N accesses into N x W / 32 registers: kept to 32, so a block of 1024
 * threads fits the register file. */
#define BANKS_BURST_FN(W, T, N, L)                                                     \
    static __device__ GPU_BANKS_FN bk_i64 chase_banks_burst##N##_##T(unsigned a, unsigned zero, \
                                                                       unsigned *sink)  \
    {                                                                                   \
        unsigned acc = 0;                                                               \
        bk_i64 t0, t1;                                                                  \
        BK_REP##N(BK_DECL##W)                                                           \
        t0 = GPU_BANKS_T0();                                                            \
        BK_REP##N(BK_LOAD##W)                                                           \
        BK_END(t1, &x##L, BK_USE##W(L) BK_REP##N(BK_USE##W));                           \
        *sink ^= acc;                                                                   \
        return t1 - t0;                                                                 \
    }

#define BANKS_BLOCK_FN(W, T, N, L)                                                     \
    static __device__ GPU_BANKS_FN void chase_banks_block##N##_##T(unsigned a, unsigned rounds, \
                                                                     unsigned zero, bk_i64 *t, \
                                                                     unsigned *sink)    \
    {                                                                                   \
        unsigned acc = 0, i;                                                            \
        bk_i64 t0, t1;                                                                  \
        t0 = GPU_BANKS_T0();                                                            \
        _Pragma("unroll 1")                                                             \
        for (i = 0; i < rounds; i++) {                                                  \
            BK_REP##N(BK_DECL##W)                                                       \
            BK_REP##N(BK_LOAD##W)                                                       \
            GPU_LDS_WAIT();                                                             \
            BK_USE##W(L)                                                                \
            BK_REP##N(BK_USE##W)                                                        \
        }                                                                               \
        t1 = GPU_BANKS_T1(&acc, zero);                                                  \
        t[0] = t0;                                                                      \
        t[1] = t1;                                                                      \
        *sink ^= acc;                                                                   \
    }

#define BANKS_FNS_N(W, T, N, L) BANKS_BURST_FN(W, T, N, L) BANKS_BLOCK_FN(W, T, N, L)
#define BANKS_FNS_128(W, T) BANKS_FNS_N(W, T, 1, 0) BANKS_FNS_N(W, T, 2, 1) BANKS_FNS_N(W, T, 4, 3) \
    BANKS_FNS_N(W, T, 8, 7)
#define BANKS_FNS_64(W, T) BANKS_FNS_128(W, T) BANKS_FNS_N(W, T, 16, 15)
#define BANKS_FNS_32(W, T) BANKS_FNS_64(W, T) BANKS_FNS_N(W, T, 32, 31)
/* The two-address reads fill 128 bits of registers, as b128 reads. */
#define BANKS_FNS_64R2 BANKS_FNS_128
#define BANKS_FNS_64R2S BANKS_FNS_128
#define BANKS_WIDTH_FNS(W, T) BANKS_CHAIN_FN(W, T) BANKS_FNS_##W(W, T)

/* The burst sizes each width has (the host asks for no other: banks_abi.h's
 * BANKS_MOST_BURST is each one's largest, and the default case is it). */
#define BK_CASES_128(KIND, W, ...)                                                     \
    case 1: KIND(W, 1, __VA_ARGS__); break;                                             \
    case 2: KIND(W, 2, __VA_ARGS__); break;                                             \
    case 4: KIND(W, 4, __VA_ARGS__); break;                                             \
    default: KIND(W, 8, __VA_ARGS__); break;
#define BK_CASES_64(KIND, W, ...)                                                      \
    case 1: KIND(W, 1, __VA_ARGS__); break;                                             \
    case 2: KIND(W, 2, __VA_ARGS__); break;                                             \
    case 4: KIND(W, 4, __VA_ARGS__); break;                                             \
    case 8: KIND(W, 8, __VA_ARGS__); break;                                             \
    default: KIND(W, 16, __VA_ARGS__); break;
#define BK_CASES_32(KIND, W, ...)                                                      \
    case 1: KIND(W, 1, __VA_ARGS__); break;                                             \
    case 2: KIND(W, 2, __VA_ARGS__); break;                                             \
    case 4: KIND(W, 4, __VA_ARGS__); break;                                             \
    case 8: KIND(W, 8, __VA_ARGS__); break;                                             \
    case 16: KIND(W, 16, __VA_ARGS__); break;                                           \
    default: KIND(W, 32, __VA_ARGS__); break;
#define BK_CASES_64R2 BK_CASES_128
#define BK_CASES_64R2S BK_CASES_128
#define BANKS_DISPATCH(W, T, KIND, ...) switch (inflight) { BK_CASES_##W(KIND, T, __VA_ARGS__) }
#define BK_CALL_BURST(T, N, dst) dst = chase_banks_burst##N##_##T(a, zero, &sink)
#define BK_CALL_BLOCK(T, N, t) chase_banks_block##N##_##T(a, BANKS_BLOCK_ROUNDS, zero, t, &sink)

/*
 * The kernel of one width.  offsets: each lane's byte offset; words: the
 * 32-bit words of dynamic shared memory to fill; mode: BANKS_CHAIN, _BURST
 * or _BLOCK; inflight: the burst's accesses (1, 2, 4, 8, 16 or 32); zero:
 * 0, which the compiler cannot know; out: banks_abi.h's layout.
 */
#define BANKS_KERNEL(W, T)                                                             \
    BANKS_WIDTH_FNS(W, T)                                                               \
    extern "C" __global__ void __launch_bounds__(1024) chase_banks_##T(const unsigned *offsets, unsigned lanes, \
                                                unsigned words, unsigned mode,          \
                                                unsigned inflight, unsigned samples,    \
                                                unsigned zero, bk_i64 *out, int target, \
                                                int *claimed)                           \
    {                                                                                   \
        unsigned tid = threadIdx.x, lane = tid % lanes, warp = tid / lanes;             \
        unsigned nwarps = blockDim.x / lanes, base, a, i, s, sink = zero;               \
        bk_i64 r0, r1, c0, c1, ov = -1, t[2];                                           \
        if (!chase_claim(target, claimed))                                              \
            return;                                                                     \
        base = GPU_SHARED_ADDR(chase_banks_smem);                                       \
        for (i = tid; i < words; i += blockDim.x)                                       \
            chase_banks_smem[i] = base + 4 * i;                                         \
        a = base + offsets[lane];                                                       \
        GPU_SYNC();                                                                     \
        for (i = 0; i < 4; i++) {                                                       \
            bk_i64 e = chase_banks_empty(a, zero, &sink);                               \
            if (ov < 0 || e < ov)                                                       \
                ov = e;                                                                 \
        }                                                                               \
        r0 = GPU_REALTIME();                                                            \
        c0 = GPU_CYCLES();                                                              \
        _Pragma("unroll 1")                                                             \
        for (s = 0; s <= samples; s++) {    /* sample 0 is not kept: a warm-up */       \
            bk_i64 cyc = 0;                                                             \
            if (mode == BANKS_BLOCK) {                                                  \
                GPU_SYNC();                                                             \
                BANKS_DISPATCH(W, T, BK_CALL_BLOCK, t)                                  \
                if (lane == 0 && s) {                                                   \
                    out[BANKS_SAMPLE0 + ((s - 1) * nwarps + warp) * 2] = t[0];           \
                    out[BANKS_SAMPLE0 + ((s - 1) * nwarps + warp) * 2 + 1] = t[1];       \
                }                                                                       \
                continue;                                                               \
            }                                                                           \
            if (mode == BANKS_CHAIN)                                                    \
                cyc = chase_banks_chain_##T(a, BANKS_CHAIN_LOADS, zero, &a);            \
            else                                                                        \
                BANKS_DISPATCH(W, T, BK_CALL_BURST, cyc)                                \
            if (tid == 0 && s)                                                          \
                out[BANKS_SAMPLE0 + s - 1] = cyc;                                       \
        }                                                                               \
        c1 = GPU_CYCLES();                                                              \
        r1 = GPU_REALTIME();                                                            \
        if (tid == 0) {                                                                 \
            out[BANKS_OVERHEAD] = ov;                                                   \
            out[BANKS_REAL] = r1 - r0;                                                  \
            out[BANKS_SPAN] = c1 - c0;                                                  \
            out[BANKS_SM] = GPU_SMID();                                                 \
        }                                                                               \
        if ((sink ^ a) == 0x9e3779b9u)  /* the loaded values escape */                  \
            out[BANKS_SINK] = sink;                                                     \
    }

BANKS_KERNEL(32, b32)
BANKS_KERNEL(64, b64)
BANKS_KERNEL(128, b128)
#ifdef GPU_BANKS_READ2
#define BK_DECL64R2 BK_DECL128
#define BK_LOAD64R2(k) GPU_LDS64R2(a, x##k, y##k, z##k, w##k);
#define BK_USE64R2 BK_USE128
#define BK_DECL64R2S BK_DECL128
#define BK_LOAD64R2S(k) GPU_LDS64R2S(a, x##k, y##k, z##k, w##k);
#define BK_USE64R2S BK_USE128
BANKS_KERNEL(64R2, read2_b64)
BANKS_KERNEL(64R2S, read2st64_b64)
#endif

/* ---- stores ---- */
#define BK_ST32(k) GPU_STS32(a, a);
#define BK_ST64(k) GPU_STS64(a, a, a + 4);
#define BK_ST128(k) GPU_STS128(a, a, a + 4, a + 8, a + 12);

/* The fixed cost of a store region's end, timed as the others. */
static __device__ GPU_BANKS_FN bk_i64 chase_banks_stempty(unsigned a, unsigned zero, unsigned *sink)
{
    unsigned v = zero;
    bk_i64 t0, t1;
    t0 = GPU_BANKS_T0();
    GPU_STS_DONE(a, v);
    t1 = GPU_BANKS_T1(&v, zero);
    *sink ^= v;
    return t1 - t0;
}

#define BANKS_STBURST_FN(W, N)                                                         \
    static __device__ GPU_BANKS_FN bk_i64 chase_banks_stburst##N##_b##W(unsigned a, unsigned zero, \
                                                                         unsigned *sink) \
    {                                                                                   \
        unsigned v = zero;                                                              \
        bk_i64 t0, t1;                                                                  \
        t0 = GPU_BANKS_T0();                                                            \
        BK_REP##N(BK_ST##W)                                                             \
        GPU_STS_DONE(a, v);                                                             \
        t1 = GPU_BANKS_T1(&v, zero);                                                    \
        *sink ^= v;                                                                     \
        return t1 - t0;                                                                 \
    }

#define BANKS_STBLOCK_FN(W, N)                                                         \
    static __device__ GPU_BANKS_FN void chase_banks_stblock##N##_b##W(unsigned a, unsigned rounds, \
                                                                       unsigned zero, bk_i64 *t, \
                                                                       unsigned *sink)  \
    {                                                                                   \
        unsigned v = zero, i;                                                           \
        bk_i64 t0, t1;                                                                  \
        t0 = GPU_BANKS_T0();                                                            \
        _Pragma("unroll 1")                                                             \
        for (i = 0; i < rounds; i++) {                                                  \
            BK_REP##N(BK_ST##W)                                                         \
            GPU_STS_ROUND();                                                            \
        }                                                                               \
        GPU_STS_DONE(a, v);                                                             \
        t1 = GPU_BANKS_T1(&v, zero);                                                    \
        t[0] = t0;                                                                      \
        t[1] = t1;                                                                      \
        *sink ^= v;                                                                     \
    }

/* Each width's burst sizes, as the reads have them. */
#define BANKS_STFNS_N(W, N) BANKS_STBURST_FN(W, N) BANKS_STBLOCK_FN(W, N)
#define BANKS_STFNS_128 BANKS_STFNS_N(128, 1) BANKS_STFNS_N(128, 2) BANKS_STFNS_N(128, 4) BANKS_STFNS_N(128, 8)
#define BANKS_STFNS_64 BANKS_STFNS_N(64, 1) BANKS_STFNS_N(64, 2) BANKS_STFNS_N(64, 4) BANKS_STFNS_N(64, 8) \
    BANKS_STFNS_N(64, 16)
#define BANKS_STFNS_32 BANKS_STFNS_N(32, 1) BANKS_STFNS_N(32, 2) BANKS_STFNS_N(32, 4) BANKS_STFNS_N(32, 8) \
    BANKS_STFNS_N(32, 16) BANKS_STFNS_N(32, 32)
#define BK_CALL_STBURST(W, N, dst) dst = chase_banks_stburst##N##_b##W(a, zero, &sink)
#define BK_CALL_STBLOCK(W, N, t) chase_banks_stblock##N##_b##W(a, BANKS_BLOCK_ROUNDS, zero, t, &sink)

/*
 * The store kernel of one width: the read kernel's arguments and layout;
 * mode BANKS_CHAIN is not one of its modes (the host refuses it).
 */
#define BANKS_ST_KERNEL(W)                                                             \
    BANKS_STFNS_##W                                                                     \
    extern "C" __global__ void __launch_bounds__(1024) chase_banks_st_b##W(const unsigned *offsets, unsigned lanes, \
                                                unsigned words, unsigned mode,          \
                                                unsigned inflight, unsigned samples,    \
                                                unsigned zero, bk_i64 *out, int target, \
                                                int *claimed)                           \
    {                                                                                   \
        unsigned tid = threadIdx.x, lane = tid % lanes, warp = tid / lanes;             \
        unsigned nwarps = blockDim.x / lanes, base, a, i, s, sink = zero;               \
        bk_i64 r0, r1, c0, c1, ov = -1, t[2];                                           \
        if (!chase_claim(target, claimed))                                              \
            return;                                                                     \
        base = GPU_SHARED_ADDR(chase_banks_smem);                                       \
        for (i = tid; i < words; i += blockDim.x)                                       \
            chase_banks_smem[i] = base + 4 * i;                                         \
        a = base + offsets[lane];                                                       \
        GPU_SYNC();                                                                     \
        for (i = 0; i < 4; i++) {                                                       \
            bk_i64 e = chase_banks_stempty(a, zero, &sink);                             \
            if (ov < 0 || e < ov)                                                       \
                ov = e;                                                                 \
        }                                                                               \
        r0 = GPU_REALTIME();                                                            \
        c0 = GPU_CYCLES();                                                              \
        _Pragma("unroll 1")                                                             \
        for (s = 0; s <= samples; s++) {    /* sample 0 is not kept: a warm-up */       \
            bk_i64 cyc = 0;                                                             \
            if (mode == BANKS_BLOCK) {                                                  \
                GPU_SYNC();                                                             \
                switch (inflight) { BK_CASES_##W(BK_CALL_STBLOCK, W, t) }               \
                if (lane == 0 && s) {                                                   \
                    out[BANKS_SAMPLE0 + ((s - 1) * nwarps + warp) * 2] = t[0];           \
                    out[BANKS_SAMPLE0 + ((s - 1) * nwarps + warp) * 2 + 1] = t[1];       \
                }                                                                       \
                continue;                                                               \
            }                                                                           \
            switch (inflight) { BK_CASES_##W(BK_CALL_STBURST, W, cyc) }                 \
            if (tid == 0 && s)                                                          \
                out[BANKS_SAMPLE0 + s - 1] = cyc;                                       \
        }                                                                               \
        c1 = GPU_CYCLES();                                                              \
        r1 = GPU_REALTIME();                                                            \
        if (tid == 0) {                                                                 \
            out[BANKS_OVERHEAD] = ov;                                                   \
            out[BANKS_REAL] = r1 - r0;                                                  \
            out[BANKS_SPAN] = c1 - c0;                                                  \
            out[BANKS_SM] = GPU_SMID();                                                 \
        }                                                                               \
        if ((sink ^ a) == 0x9e3779b9u)  /* the read-back values escape */               \
            out[BANKS_SINK] = sink;                                                     \
    }

BANKS_ST_KERNEL(32)
BANKS_ST_KERNEL(64)
BANKS_ST_KERNEL(128)

#endif
