/* lanes_kernels.h: chase lanes' kernels, written once for CUDA and HIP:
 * chains of one cross-lane operation, timed by one warp of one block.
 *
 * Included after kernels.h (GPU_CYCLES, GPU_REALTIME), by a file that
 * defines, for its vendor:
 *   GPU_LANES_LIST(X)        X(OP, W, T, STEP, INIT) for each operation it
 *                            has: OP its name (chase_lanes_op_name), W the
 *                            bits a lane moves, T their type, STEP(x, c)
 *                            the operation on chain c's value x, INIT the
 *                            value every chain starts at (from lane, one,
 *                            zero: a value the operation returns unchanged,
 *                            which no compiler can know)
 *   GPU_LANES_LACKING(Y)     Y(OP, W) for each operation of its instruction
 *                            set that this architecture lacks: a kernel of
 *                            that name that says so (LANES_LACKS)
 *   GPU_LANES_START(t0)      the first clock read
 *   GPU_LANES_STOP(t1, x, z) an instruction that reads x (x ^ z, z a runtime
 *                            zero), then the second clock read: in-order
 *                            issue holds the read until x has arrived
 *
 * A sample is a dry lap (the clock reads and the fold of the chains'
 * values alone: the timer's own cost) and a timed lap: `reps` rounds of
 * LANES_LAP operations, CH chains side by side, unrolled, every
 * operation's value (and lane or delta where it takes one) the result of
 * its chain's one before; then the chains' values folded into one word
 * that the closing clock read waits for.  CH = 1 is the latency; more
 * chains, independent, the issue cost.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_LANES_KERNELS_H
#define CHASE_GPU_LANES_KERNELS_H

#include "lanes_abi.h"

#define LANES_FOLD(x) ((unsigned)(x) ^ (unsigned)((unsigned long long)(x) >> 32))

#define LANES_KERNEL(OP, W, T, STEP, INIT, CH)                                                  \
    extern "C" __global__ void chase_lanes_##OP##_##W##_##CH(unsigned reps, unsigned samples,        \
                                                              unsigned one, unsigned zero, i64 *out)  \
    {                                                                                                \
        __shared__ volatile T xs[CH][LANES_MAX_LANES];                                               \
        const unsigned lane = threadIdx.x;                                                           \
        T v[CH];                                                                                     \
        unsigned s, r, k, c, acc = zero;                                                             \
        i64 r0, r1, c0, c1;                                                                          \
        (void)xs;                                                                                    \
        _Pragma("unroll")                                                                            \
        for (c = 0; c < CH; c++)                                                                     \
            v[c] = (T)(INIT);                                                                        \
        r0 = GPU_REALTIME();                                                                         \
        c0 = GPU_CYCLES();                                                                           \
        _Pragma("unroll 1")                                                                          \
        for (s = 0; s < samples; s++) {                                                              \
            i64 t0, t1;                                                                              \
            unsigned x = zero;                                                                       \
            GPU_LANES_START(t0);                                                                     \
            _Pragma("unroll")                                                                        \
            for (c = 0; c < CH; c++)                                                                 \
                x ^= LANES_FOLD(v[c]);                                                               \
            GPU_LANES_STOP(t1, x, zero);                                                             \
            if (lane == 0)                                                                           \
                out[LANES_T0 + 2 * s] = t1 - t0;                                                     \
            acc += x;                                                                                \
            x = zero;                                                                                \
            GPU_LANES_START(t0);                                                                     \
            _Pragma("unroll 1")                                                                      \
            for (r = 0; r < reps; r++) {                                                             \
                _Pragma("unroll")                                                                    \
                for (k = 0; k < LANES_LAP / (CH); k++) {                                             \
                    _Pragma("unroll")                                                                \
                    for (c = 0; c < CH; c++)                                                         \
                        v[c] = (T)(STEP(v[c], c));                                                   \
                }                                                                                    \
            }                                                                                        \
            _Pragma("unroll")                                                                        \
            for (c = 0; c < CH; c++)                                                                 \
                x ^= LANES_FOLD(v[c]);                                                               \
            GPU_LANES_STOP(t1, x, zero);                                                             \
            if (lane == 0)                                                                           \
                out[LANES_T0 + 2 * s + 1] = t1 - t0;                                                 \
            acc += x;                                                                                \
        }                                                                                            \
        c1 = GPU_CYCLES();                                                                           \
        r1 = GPU_REALTIME();                                                                         \
        if (lane == 0) {                                                                             \
            out[LANES_REAL] = r1 - r0;                                                               \
            out[LANES_SPAN] = c1 - c0;                                                               \
        }                                                                                            \
        /* The chains' values escape, so none is optimised away. */                                  \
        if (acc == one + 0x5a5a5a5au)                                                                \
            out[LANES_SINK] = acc;                                                                   \
    }

#define LANES_KERNELS(OP, W, T, STEP, INIT) \
    LANES_KERNEL(OP, W, T, STEP, INIT, 1)   \
    LANES_KERNEL(OP, W, T, STEP, INIT, 8)   \
    LANES_KERNEL(OP, W, T, STEP, INIT, 32)

#define LANES_LACKS_KERNEL(OP, W, CH)                                                               \
    extern "C" __global__ void chase_lanes_##OP##_##W##_##CH(unsigned reps, unsigned samples,        \
                                                              unsigned one, unsigned zero, i64 *out)  \
    {                                                                                                \
        (void)reps, (void)samples, (void)one, (void)zero;                                            \
        if (threadIdx.x == 0)                                                                        \
            out[LANES_LACKS] = 1;                                                                    \
    }
#define LANES_LACKING(OP, W) \
    LANES_LACKS_KERNEL(OP, W, 1) LANES_LACKS_KERNEL(OP, W, 8) LANES_LACKS_KERNEL(OP, W, 32)

GPU_LANES_LIST(LANES_KERNELS)
#ifdef GPU_LANES_LACKING
GPU_LANES_LACKING(LANES_LACKING)
#endif

#endif
