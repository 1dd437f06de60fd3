/* kernels.h: the sweep's GPU kernels, written once for CUDA and HIP.
 *
 * The including file defines, for its vendor:
 *   GPU_CYCLES()       the core-clock counter (clock64 / s_memtime)
 *   GPU_REALTIME()     the constant-rate counter (%globaltimer ns / s_memrealtime)
 *   GPU_LOAD_CA(a)     a = *a, caching in the L1
 *   GPU_LOAD_CG(a)     a = *a, bypassing the L1
 *   GPU_LOAD_NC(a)     optional: a = *a through a read-only path
 *   GPU_LOAD_CONST(a)  optional: a = *a in the constant space (a: a
 *                      constant-space address); with it GPU_CONST_BASE(),
 *                      the constant-space address of the array chase_const
 *                      (chase_const_base reports it to the host)
 *   GPU_LOAD_TEX(a)    optional: a = element a of the texture object
 *                      chase_h, which the host made over the working set
 *                      (a: an element index)
 *   GPU_SMID()         the multiprocessor (compute unit) running the thread
 *   GPU_TIMED_FN       how the timed sample's function is compiled
 *   GPU_SYNC()         a block-wide barrier
 * a is an unsigned long long holding the address to read, so that each load
 * reads the register it writes: the dependence the tests look for.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_KERNELS_H
#define CHASE_GPU_KERNELS_H

#include "abi/chain.h"
#include "kernels_abi.h"

typedef unsigned long long u64;
typedef long long i64;

/* Writes the chain: position k's word points to position k+1's offset. */
extern "C" __global__ void chase_build(u64 base, struct chase_chain c, u64 *head)
{
    u64 k = (u64)blockIdx.x * blockDim.x + threadIdx.x;
    for (; k < c.n; k += (u64)gridDim.x * blockDim.x) {
        u64 off = chase_chain_offset(&c, k);
        *(u64 *)(base + off) = base + chase_chain_next(&c, k);
        if (k == 0)
            *head = base + off;
    }
}

/*
 * Is this block the one that runs?  Pinned (target >= 0): the first block
 * to arrive on the target multiprocessor claims the run; *claimed tells
 * the host one did.  Otherwise block 0.  Every thread of the block learns
 * the answer, so the whole block can work on that multiprocessor.
 */
static __device__ __forceinline__ int chase_claim(int target, int *claimed)
{
    __shared__ int go;
    if (threadIdx.x == 0)
        go = target >= 0 ? (int)GPU_SMID() == target && atomicCAS(claimed, 0, 1) == 0 : blockIdx.x == 0;
    GPU_SYNC();
    return go;
}

/*
 * One sample: loads dependent loads between two clock reads.  It is a
 * function of its own (GPU_TIMED_FN: not inlined on CUDA) so that the timed
 * loop's place in the code, which moves a load's cost by a cycle when the
 * loop straddles an instruction-fetch block, does not depend on what the
 * kernel around it does.  Counters are 32-bit: no launch walks 2^32 loads.
 */
#define CHASE_TIMED_FN(NAME, LOAD) CHASE_TIMED_FN_H(NAME, LOAD, CHASE_NO_H)
/* H: CHASE_H where LOAD reads a handle (chase_h: the texture object the
 * walk kernel was given as its base), CHASE_NO_H where it needs none. */
#define CHASE_H(...) __VA_ARGS__
#define CHASE_NO_H(...)
#define CHASE_TIMED_FN_H(NAME, LOAD, H)                                             \
    static __device__ GPU_TIMED_FN i64 NAME(u64 *ap, unsigned loads H(, u64 chase_h)) \
    {                                                                                \
        u64 a = *ap;                                                                 \
        unsigned i;                                                                  \
        i64 t0, t1;                                                                  \
        t0 = GPU_CYCLES();                                                           \
        _Pragma("unroll 1")                                                          \
        for (i = 0; i < loads; i++)                                                  \
            LOAD(a);                                                                 \
        t1 = GPU_CYCLES();                                                           \
        *ap = a;                                                                     \
        return t1 - t0;                                                              \
    }

/*
 * The walk.  The block that runs (chase_claim) may first warm the chain in
 * parallel: its threads load positions 0 .. pwarm-1, a block's width of
 * positions at a time with a barrier between, so the lines arrive in the
 * order the chain visits them to within one block's width (from this
 * multiprocessor, so each level holds them as a serial walk would leave
 * them: an LRU-like cache keeps recency order).  Then its first thread
 * walks on from *cursor: warm serial loads, then samples of loads each
 * between two clock reads; the realtime counter brackets all samples.
 * The cursor is left where the walk stopped so the next launch goes on
 * along the chain rather than re-reading lines it has just touched.
 *
 * A load's latency depends on which multiprocessor issues it (on the H100
 * the L2 hit latency differs by 10% between SMs), so the walk can be pinned.
 */
#define CHASE_WALK_KERNEL(NAME, TIMED, LOAD) CHASE_WALK_KERNEL_AT(NAME, TIMED, LOAD, CHASE_AT_ADDRESS, CHASE_NO_H)
/* What a walk's word holds for position k at byte offset off: an address
 * (global and constant memory), or an element index (a texture of 32-bit
 * words, whose fetch takes indices). */
#define CHASE_AT_ADDRESS(base, off) ((base) + (off))
#define CHASE_AT_INDEX(base, off) ((off) >> 2)
#define CHASE_WALK_KERNEL_AT(NAME, TIMED, LOAD, AT, H)                              \
    CHASE_TIMED_FN_H(TIMED, LOAD, H)                                                 \
    extern "C" __global__ void NAME(u64 base, struct chase_chain c, u64 *cursor,    \
                                    unsigned pwarm, unsigned warm, unsigned loads,   \
                                    unsigned samples, i64 *out, int target,          \
                                    int *claimed)                                    \
    {                                                                                \
        u64 a, sink = 0;                                                             \
        i64 t0, t1, r0, r1, c0, c1;                                                  \
        unsigned i, s;                                                               \
        H(const u64 chase_h = base;)                                                 \
        if (!chase_claim(target, claimed))                                           \
            return;                                                                  \
        for (i = 0; i < pwarm; i += blockDim.x) {                                    \
            if (i + threadIdx.x < pwarm) {                                           \
                a = AT(base, chase_chain_offset(&c, i + threadIdx.x));               \
                LOAD(a);                                                             \
                sink ^= a;  /* a load whose value is used is not optimised away */   \
            }                                                                        \
            GPU_SYNC();                                                              \
        }                                                                            \
        if (sink == 1)                                                               \
            out[WALK_SINK] = (i64)sink;                                              \
        GPU_SYNC();                                                                  \
        if (threadIdx.x != 0)                                                        \
            return;                                                                  \
        a = *cursor;                                                                 \
        out[WALK_SM] = GPU_SMID();                                                   \
        t0 = GPU_CYCLES();                                                           \
        t1 = GPU_CYCLES();                                                           \
        out[WALK_OVERHEAD] = t1 - t0;                                                \
        _Pragma("unroll 1")                                                          \
        for (i = 0; i < warm; i++)                                                   \
            LOAD(a);                                                                 \
        r0 = GPU_REALTIME();                                                         \
        c0 = GPU_CYCLES();                                                           \
        _Pragma("unroll 1")                                                          \
        for (s = 0; s < samples; s++)                                                \
            out[WALK_SAMPLE0 + s] = TIMED(&a, loads H(, chase_h));                   \
        c1 = GPU_CYCLES();                                                           \
        r1 = GPU_REALTIME();                                                         \
        out[WALK_REAL] = r1 - r0;                                                    \
        out[WALK_SPAN] = c1 - c0;                                                    \
        *cursor = a;                                                                 \
    }

CHASE_WALK_KERNEL(chase_walk_ca, chase_timed_ca, GPU_LOAD_CA)
CHASE_WALK_KERNEL(chase_walk_cg, chase_timed_cg, GPU_LOAD_CG)
#ifdef GPU_LOAD_NC
CHASE_WALK_KERNEL(chase_walk_nc, chase_timed_nc, GPU_LOAD_NC)
#endif
#ifdef GPU_LOAD_CONST
/* The constant path: the host writes the chain into the module's constant
 * array (chase_const, GPU_CONST_BYTES), each word the constant-space
 * address of the next, from the base this kernel reports. */
extern "C" __global__ void chase_const_base(u64 *out)
{
    out[0] = GPU_CONST_BASE();
}
CHASE_WALK_KERNEL(chase_walk_const, chase_timed_const, GPU_LOAD_CONST)
#endif
#ifdef GPU_LOAD_TEX
/* The texture path: the working set is an array of 32-bit words bound to
 * a texture object; position k's word holds the element index of
 * position k+1's, and the head goes to *head as an index.  The walk is
 * given the texture object as its base (chase_h), and walks indices. */
extern "C" __global__ void chase_build_index(u64 base, struct chase_chain c, u64 *head)
{
    u64 k = (u64)blockIdx.x * blockDim.x + threadIdx.x;
    for (; k < c.n; k += (u64)gridDim.x * blockDim.x) {
        u64 off = chase_chain_offset(&c, k);
        *(unsigned *)(base + off) = (unsigned)(chase_chain_next(&c, k) >> 2);
        if (k == 0)
            *head = off >> 2;
    }
}
CHASE_WALK_KERNEL_AT(chase_walk_tex, chase_timed_tex, GPU_LOAD_TEX, CHASE_AT_INDEX, CHASE_H)
#endif

/* One read of the realtime counter, for runtimes that do not report its rate. */
extern "C" __global__ void chase_realtime(i64 *out)
{
    out[0] = GPU_REALTIME();
}

#endif
