/* kernels.h: the GPU kernels, written once for CUDA and HIP.
 *
 * The including file defines, for its vendor:
 *   GPU_CYCLES()       the core-clock counter (clock64 / s_memtime)
 *   GPU_REALTIME()     the constant-rate counter (%globaltimer ns / s_memrealtime)
 *   GPU_LOAD_CA(a)     a = *a, caching in the L1
 *   GPU_LOAD_CG(a)     a = *a, bypassing the L1
 *   GPU_LOAD_NC(a)     optional: a = *a through a read-only path
 * a is an unsigned long long holding the address to read, so that each load
 * reads the register it writes: the dependence the tests look for.
 */
#ifndef CHASE_GPU_KERNELS_H
#define CHASE_GPU_KERNELS_H

#include "chain.h"
#include "kernels_abi.h"

typedef unsigned long long u64;
typedef long long i64;

/* Writes the chain: the slot of line perm(k) points to line perm(k+1). */
extern "C" __global__ void chase_build(u64 base, struct chase_chain c, u64 stride, u64 *head)
{
    u64 k = (u64)blockIdx.x * blockDim.x + threadIdx.x;
    for (; k < c.n; k += (u64)gridDim.x * blockDim.x) {
        u64 line = chase_chain_line(&c, k);
        *(u64 *)(base + line * stride) = base + chase_chain_next(&c, k) * stride;
        if (k == 0)
            *head = base + line * stride;
    }
}

/*
 * One thread walks on from *cursor: warm loads, then samples of loads
 * each between two clock reads; the realtime counter brackets all samples.
 * The cursor is left where the walk stopped so the next launch goes on
 * along the chain rather than re-reading lines it has just touched.
 */
#define CHASE_WALK_KERNEL(NAME, LOAD)                                               \
    extern "C" __global__ void NAME(u64 *cursor, u64 warm, u64 loads,               \
                                    unsigned samples, i64 *out)                      \
    {                                                                                \
        u64 a = *cursor, i;                                                          \
        i64 t0, t1, r0, r1, c0, c1;                                                  \
        unsigned s;                                                                  \
        t0 = GPU_CYCLES();                                                           \
        t1 = GPU_CYCLES();                                                           \
        out[WALK_OVERHEAD] = t1 - t0;                                                \
        _Pragma("unroll 1")                                                          \
        for (i = 0; i < warm; i++)                                                   \
            LOAD(a);                                                                 \
        r0 = GPU_REALTIME();                                                         \
        c0 = GPU_CYCLES();                                                           \
        _Pragma("unroll 1")                                                          \
        for (s = 0; s < samples; s++) {                                              \
            t0 = GPU_CYCLES();                                                       \
            _Pragma("unroll 1")                                                      \
            for (i = 0; i < loads; i++)                                              \
                LOAD(a);                                                             \
            t1 = GPU_CYCLES();                                                       \
            out[WALK_SAMPLE0 + s] = t1 - t0;                                         \
        }                                                                            \
        c1 = GPU_CYCLES();                                                           \
        r1 = GPU_REALTIME();                                                         \
        out[WALK_REAL] = r1 - r0;                                                    \
        out[WALK_SPAN] = c1 - c0;                                                    \
        *cursor = a;                                                                 \
    }

CHASE_WALK_KERNEL(chase_walk_ca, GPU_LOAD_CA)
CHASE_WALK_KERNEL(chase_walk_cg, GPU_LOAD_CG)
/* One read of the realtime counter, for runtimes that do not report its rate. */
extern "C" __global__ void chase_realtime(i64 *out)
{
    out[0] = GPU_REALTIME();
}

#ifdef GPU_LOAD_NC
CHASE_WALK_KERNEL(chase_walk_nc, GPU_LOAD_NC)
#endif

#endif
