/* chase_hip.hip: the HIP kernels: what is AMD's in them, and nothing else. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include <hip/hip_runtime.h>

/* s_memtime counts core clocks; s_memrealtime counts at a constant rate
 * that the runtime reports (100 MHz on MI300, 25 MHz on MI200).  The
 * scheduling barriers keep the compiler from moving work across a read. */
static __device__ __forceinline__ long long memtime(void)
{
    long long t;
    __builtin_amdgcn_sched_barrier(0);
    t = (long long)__builtin_amdgcn_s_memtime();
    __builtin_amdgcn_sched_barrier(0);
    return t;
}
static __device__ __forceinline__ long long memrealtime(void)
{
    long long t;
    __builtin_amdgcn_sched_barrier(0);
    t = (long long)__builtin_amdgcn_s_memrealtime();
    __builtin_amdgcn_sched_barrier(0);
    return t;
}
#define GPU_CYCLES() memtime()
#define GPU_REALTIME() memrealtime()
#define GPU_SMID() __smid()
#define GPU_TIMED_FN __forceinline__
#define GPU_SYNC() __syncthreads()

/* ca: an ordinary load, cached in the vector L1.  cg: a relaxed atomic load
 * at device (agent) scope, which the compiler must serve from the L2: it
 * sets the bits that skip the L1 (glc before gfx940, sc1 on gfx940). */
#define GPU_LOAD_CA(a) ((a) = *(const unsigned long long *)(a))
#define GPU_LOAD_CG(a) ((a) = __hip_atomic_load((unsigned long long *)(a), __ATOMIC_RELAXED, \
                                                 __HIP_MEMORY_SCOPE_AGENT))

/* ---- chase banks (banks_kernels.h) ---- */
/* ds_read_b32/b64/b128 as inline asm, so the compiler can change neither
 * width nor count; it does not know they count on lgkmcnt, so every wait
 * for them is written here: s_waitcnt lgkmcnt(0), which also waits for
 * s_memtime's own return (an SMEM read, counted on lgkmcnt too). */
typedef unsigned banks_u32x4 __attribute__((ext_vector_type(4)));
#define GPU_SHARED_ADDR(p) ((unsigned)(unsigned long)((__attribute__((address_space(3))) unsigned *)(p)))
#define GPU_LDS32(a, x) asm volatile("ds_read_b32 %0, %1" : "=v"(x) : "v"(a))
#define GPU_LDS64(a, r0, r1)                                                                   \
    do {                                                                                       \
        unsigned long long v_;                                                                 \
        asm volatile("ds_read_b64 %0, %1" : "=v"(v_) : "v"(a));                                \
        (r0) = (unsigned)v_;                                                                   \
        (r1) = (unsigned)(v_ >> 32);                                                           \
    } while (0)
#define GPU_LDS128(a, r0, r1, r2, r3)                                                          \
    do {                                                                                       \
        banks_u32x4 v_;                                                                        \
        asm volatile("ds_read_b128 %0, %1" : "=v"(v_) : "v"(a));                               \
        (r0) = v_[0];                                                                          \
        (r1) = v_[1];                                                                          \
        (r2) = v_[2];                                                                          \
        (r3) = v_[3];                                                                          \
    } while (0)
#define GPU_LDS32_CHAIN(a) asm volatile("ds_read_b32 %0, %0\n\ts_waitcnt lgkmcnt(0)" : "+v"(a))
#define GPU_LDS64_CHAIN(a)                                                                     \
    do {                                                                                       \
        unsigned long long v_;                                                                 \
        asm volatile("ds_read_b64 %0, %1\n\ts_waitcnt lgkmcnt(0)" : "=v"(v_) : "v"(a));      \
        (a) = (unsigned)v_;                                                                    \
    } while (0)
#define GPU_LDS128_CHAIN(a)                                                                    \
    do {                                                                                       \
        banks_u32x4 v_;                                                                        \
        asm volatile("ds_read_b128 %0, %1\n\ts_waitcnt lgkmcnt(0)" : "=v"(v_) : "v"(a));     \
        (a) = v_[0];                                                                           \
    } while (0)
#define GPU_LDS_WAIT()                                                                         \
    do {                                                                                       \
        asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory");                                     \
        __builtin_amdgcn_sched_barrier(0);                                                     \
    } while (0)
/* After the explicit wait, nothing a use could overtake. */
#define GPU_MIX(acc, x) ((acc) += (x))     /* x ^ x would fold away; x + x does not */
/* The opening s_memtime's value returns through lgkmcnt: waiting for it
 * before the region keeps its return from overlapping the reads timed
 * (the empty region has the same wait, so it is removed with the timer). */
static __device__ __forceinline__ long long banks_t0(void)
{
    long long t = memtime();
    asm volatile("s_waitcnt lgkmcnt(0)" ::: "memory");
    __builtin_amdgcn_sched_barrier(0);
    return t;
}
#define GPU_BANKS_T0() banks_t0()
#define GPU_BANKS_T1(v, zero) ((void)(v), (void)(zero), memtime())
#define GPU_BANKS_FN __attribute__((noinline))
/* The two-address reads: ds_read2_b64 with offset1:16 (16 x 8 bytes, one
 * bank row of 128 bytes further: chase_backend.h's CHASE_SHARED_READ2_SPAN)
 * and ds_read2st64_b64 with offset1:1 (64 x 8 bytes: _READ2ST64_SPAN). */
#define GPU_BANKS_READ2 1
#define BANKS_READ2(INSN, OFF, a, r0, r1, r2, r3)                                                   \
    do {                                                                                       \
        banks_u32x4 v_;                                                                        \
        asm volatile(INSN " %0, %1 offset1:" OFF : "=v"(v_) : "v"(a));                         \
        (r0) = v_[0];                                                                          \
        (r1) = v_[1];                                                                          \
        (r2) = v_[2];                                                                          \
        (r3) = v_[3];                                                                          \
    } while (0)
#define GPU_LDS64R2(a, r0, r1, r2, r3) BANKS_READ2("ds_read2_b64", "16", a, r0, r1, r2, r3)
#define GPU_LDS64R2S(a, r0, r1, r2, r3) BANKS_READ2("ds_read2st64_b64", "1", a, r0, r1, r2, r3)
#define BANKS_READ2_CHAIN(INSN, OFF, a)                                                             \
    do {                                                                                       \
        banks_u32x4 v_;                                                                        \
        asm volatile(INSN " %0, %1 offset1:" OFF "\n\ts_waitcnt lgkmcnt(0)" : "=v"(v_) : "v"(a)); \
        (a) = v_[0];                                                                           \
    } while (0)
#define GPU_LDS64R2_CHAIN(a) BANKS_READ2_CHAIN("ds_read2_b64", "16", a)
#define GPU_LDS64R2S_CHAIN(a) BANKS_READ2_CHAIN("ds_read2st64_b64", "1", a)
/* Stores: ds_write_b32/b64/b128 as inline asm (the width and count ours). */
typedef unsigned banks_u32x2 __attribute__((ext_vector_type(2)));
#define GPU_STS32(a, x) asm volatile("ds_write_b32 %0, %1" :: "v"(a), "v"(x) : "memory")
#define GPU_STS64(a, x, y)                                                                     \
    do {                                                                                       \
        banks_u32x2 v_ = {(x), (y)};                                                           \
        asm volatile("ds_write_b64 %0, %1" :: "v"(a), "v"(v_) : "memory");                    \
    } while (0)
#define GPU_STS128(a, x, y, z, w)                                                              \
    do {                                                                                       \
        banks_u32x4 v_ = {(x), (y), (z), (w)};                                                 \
        asm volatile("ds_write_b128 %0, %1" :: "v"(a), "v"(v_) : "memory");                   \
    } while (0)
/* A round of stores ends with their wait, as a round of reads does. */
#define GPU_STS_ROUND() GPU_LDS_WAIT()
#define GPU_STS_DONE(a, v)                                                                     \
    do {                                                                                       \
        (void)(a);                                                                             \
        (void)(v);                                                                             \
        GPU_LDS_WAIT();                                                                        \
    } while (0)
/* ---- end of chase banks ---- */

#include "kernels.h"
#include "banks_kernels.h"
/* ---- chase loads (loads_kernels.h) ----
 * The loads are inline asm (the instruction chosen, not the compiler's
 * flat_load), so the compiler does not know they are outstanding: the
 * s_waitcnt vmcnt(0) written after them is the only wait, and the
 * scheduling barriers in GPU_CYCLES keep everything else on its side of
 * the clock reads. */
typedef unsigned gpu_loads_t4;
typedef unsigned gpu_loads_t8 __attribute__((ext_vector_type(2)));
typedef unsigned gpu_loads_t16 __attribute__((ext_vector_type(4)));
#define GPU_LOADS_OP_ca ""
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__)
#define GPU_LOADS_OP_cg " sc1"
#elif defined(__gfx1010__) || defined(__gfx1011__) || defined(__gfx1012__) || defined(__gfx1030__) || \
    defined(__gfx1031__) || defined(__gfx1032__) || defined(__gfx1100__) || defined(__gfx1101__) ||   \
    defined(__gfx1102__)
#define GPU_LOADS_OP_cg " glc dlc"
#else
#define GPU_LOADS_OP_cg " glc"
#endif
#define GPU_LOADS_LD_4(Q, v, a) asm volatile("global_load_dword %0, %1, off" Q : "=v"(v) : "v"(a) : "memory")
#define GPU_LOADS_LD_8(Q, v, a) asm volatile("global_load_dwordx2 %0, %1, off" Q : "=v"(v) : "v"(a) : "memory")
#define GPU_LOADS_LD_16(Q, v, a) asm volatile("global_load_dwordx4 %0, %1, off" Q : "=v"(v) : "v"(a) : "memory")
#define GPU_LOADS_DECLARE() ((void)0)
#define GPU_LOADS_START(t0) ((t0) = GPU_CYCLES())
/* The wait is the instruction; the XOR comes after the read. */
#define GPU_LOADS_STOP(t1, x, a, b, c)                                                   \
    do {                                                                                  \
        asm volatile("s_waitcnt vmcnt(0)" ::: "memory");                                  \
        (t1) = GPU_CYCLES();                                                              \
        (x) = (a) ^ (b) ^ (c);                                                            \
    } while (0)
/* The barriers: the compiler thinks an asm load's registers are written at
 * once, and would read them before the wait. */
#define GPU_LOADS_WAIT()                                                                  \
    do {                                                                                  \
        __builtin_amdgcn_sched_barrier(0);                                                \
        asm volatile("s_waitcnt vmcnt(0)" ::: "memory");                                  \
        __builtin_amdgcn_sched_barrier(0);                                                \
    } while (0)
#define GPU_LOADS_ADDR(a, i, st, lb) ((a) = (lb) + (unsigned long long)(i) * (st))
#define GPU_LOP3(d, a, b, c) ((d) = (a) ^ (b) ^ (c))
/* ---- end of chase loads ---- */

#include "kernels.h"
#include "loads_kernels.h"
/* ---- chase bandwidth (bandwidth_kernels.h) ----
 * address_space(1) makes the accesses global_load/global_store (dwordx4
 * for 16 bytes) rather than flat ones; LDS reads are banks' ds_read_b128. */
#define GPU_BW_GLOBAL __attribute__((address_space(1)))
#define GPU_BW_FENCE() asm volatile("" ::: "memory")
typedef unsigned gpu_bw_t4;
typedef unsigned gpu_bw_t8 __attribute__((ext_vector_type(2)));
typedef unsigned gpu_bw_t16 __attribute__((ext_vector_type(4)));
#define GPU_BW_FOLD_4(v) (v)
#define GPU_BW_FOLD_8(v) ((v).x ^ (v).y)
#define GPU_BW_FOLD_16(v) ((v).x ^ (v).y ^ (v).z ^ (v).w)
#define GPU_BW_MAKE_4(x) (x)
#define GPU_BW_MAKE_8(x) ((gpu_bw_t8)(x))
#define GPU_BW_MAKE_16(x) ((gpu_bw_t16)(x))
/* ---- end of chase bandwidth ---- */

#include "bandwidth_kernels.h"
/* ---- chase lanes (lanes_kernels.h) ----
 * AMD's cross-lane operations through the compiler's builtins: DPP (a row
 * shift right by one lane, a quad permutation [1,0,3,2]) as a
 * v_mov_b32_dpp, ds_swizzle (swap neighbours: xor mask 1), ds_permute and
 * ds_bpermute (the value is the lane's own byte address, so it is the one
 * it reads, or writes, again; they read its bits 2 to 7 alone, so each
 * chain starts 256 x its number above the others), v_readlane (lane 0, a runtime zero) and
 * v_readfirstlane, whose scalar result a v_mov returns to the lanes.
 * Every chain starts at a value the operation returns unchanged, each
 * chain at its own, so no two are one computation a compiler could merge.  The
 * compiler waits (s_waitcnt lgkmcnt) for each ds_ result before its use;
 * tests/lanes-asm.sh finds each kernel's instruction in the ISA.  Built for
 * every target, never run on an AMD GPU here. */
#define LANES_DPP_ROW(x, c) __builtin_amdgcn_update_dpp((int)(x), (int)(x), 0x111, 0xf, 0xf, false)
#define LANES_DPP_QUAD(x, c) __builtin_amdgcn_update_dpp((int)(x), (int)(x), 0xb1, 0xf, 0xf, false)
#define LANES_SWIZZLE(x, c) __builtin_amdgcn_ds_swizzle((int)(x), 0x041f)
#define LANES_PERMUTE(x, c) __builtin_amdgcn_ds_permute((int)(x), (int)(x))
#define LANES_BPERMUTE(x, c) __builtin_amdgcn_ds_bpermute((int)(x), (int)(x))
/* v_readlane and v_readfirstlane as asm: the compiler folds its builtins
 * once it knows the value uniform (after the first, it is).  Not volatile,
 * so independent chains may be scheduled side by side; each chain starts
 * at its own value, so none is merged with another. */
static __device__ __forceinline__ unsigned lanes_readlane(unsigned x, unsigned sel)
{
    unsigned s, v;
    asm("v_readlane_b32 %0, %1, %2" : "=s"(s) : "v"(x), "s"(sel));
    asm("v_mov_b32 %0, %1" : "=v"(v) : "s"(s));
    return v;
}
static __device__ __forceinline__ unsigned lanes_readfirstlane(unsigned x)
{
    unsigned s, v;
    asm("v_readfirstlane_b32 %0, %1" : "=s"(s) : "v"(x));
    asm("v_mov_b32 %0, %1" : "=v"(v) : "s"(s));
    return v;
}
#define LANES_READLANE(x, c) lanes_readlane((x), zero)
#define LANES_READFIRSTLANE(x, c) lanes_readfirstlane((x))
/* Through an LDS pointer, so the accesses are ds_write / ds_read (a
 * generic volatile pointer makes them flat ones), the compiler's
 * lgkmcnt waits where a value is used. */
#define LANES_LDS(c) ((__attribute__((address_space(3))) __typeof__(xs[0][0]) *)&xs[c][0])
#define LANES_SHARED(x, c) \
    (LANES_LDS(c)[lane] = (x), __builtin_amdgcn_wave_barrier(), LANES_LDS(c)[(unsigned)(x) & (LANES_MAX_LANES - 1)])
#define GPU_LANES_START(t0) ((t0) = GPU_CYCLES())
/* The fold's result is forced into a register before the read, and the
 * scheduling barriers in GPU_CYCLES keep the read after it. */
#define GPU_LANES_STOP(t1, x, z)                                                         \
    do {                                                                                  \
        (x) ^= (z);                                                                       \
        asm volatile("" : "+v"(x));                                                       \
        (t1) = GPU_CYCLES();                                                              \
    } while (0)
typedef unsigned long long lanes_u64;
#define GPU_LANES_LIST(X)                                                  \
    X(dpp_row, 32, unsigned, LANES_DPP_ROW, one + c)                       \
    X(dpp_quad, 32, unsigned, LANES_DPP_QUAD, one + c)                     \
    X(swizzle, 32, unsigned, LANES_SWIZZLE, one + c)                       \
    X(permute, 32, unsigned, LANES_PERMUTE, lane * 4 + (c << 8))           \
    X(bpermute, 32, unsigned, LANES_BPERMUTE, lane * 4 + (c << 8))         \
    X(readlane, 32, unsigned, LANES_READLANE, one + c + (lane & zero))     \
    X(readfirstlane, 32, unsigned, LANES_READFIRSTLANE, one + c + (lane & zero)) \
    X(shared, 32, unsigned, LANES_SHARED, lane)                            \
    X(shared, 64, lanes_u64, LANES_SHARED, lane)
/* ---- end of chase lanes ---- */

#include "lanes_kernels.h"
/* ---- chase async (async_kernels.h) ----
 * The plain path through a global and an LDS pointer (global_load,
 * ds_write, ds_read, the compiler's waits; the LDS accesses volatile, so
 * none is merged or dropped); the direct-to-LDS load (global_load_lds_dword,
 * gfx94x) as inline asm: M0 holds the wave's LDS base, lane i's
 * dword lands at M0 + 4i, and nothing in the compiler knows it wrote LDS,
 * so every wait is written here.  In a chain both copies wait (vmcnt(0))
 * before the landed word is read; lds_direct_wait adds the wait the
 * compilers put right after each such load, which in a stream keeps one
 * load in flight a wave (lds_direct: all of a round's, then one wait).
 * Built for every target, ISA-checked (tests/async-asm.sh), never run on
 * an AMD GPU here. */
#define GPU_ASYNC_SADDR(p) GPU_SHARED_ADDR(p)
#define GPU_ASYNC_INIT(bar) ((void)(bar))
#define GPU_ASYNC_START(t0) ((t0) = GPU_CYCLES())
#define GPU_ASYNC_STOP(t1, x, i)                                                          \
    do {                                                                                  \
        (x) ^= (i);                                                                       \
        asm volatile("" : "+v"(x));                                                       \
        (t1) = GPU_CYCLES();                                                              \
    } while (0)
typedef unsigned gpu_async_t4;
typedef unsigned gpu_async_t8 __attribute__((ext_vector_type(2)));
typedef unsigned gpu_async_t16 __attribute__((ext_vector_type(4)));
#define ASYNC_LDS(T, s) ((__attribute__((address_space(3))) volatile T *)(unsigned long)(s))
#define ASYNC_GLOBAL(T, a) ((__attribute__((address_space(1))) const T *)(a))
#define ASYNC_HIP_LS(T, i, a, s)                                                          \
    do {                                                                                  \
        T v_ = *ASYNC_GLOBAL(T, a);                                                       \
        *ASYNC_LDS(T, s) = v_;                                                            \
        (i) = *ASYNC_LDS(unsigned, s);                                                    \
    } while (0)
#define ASYNC_HLS_4(i, a, s, bar, ph, n) ASYNC_HIP_LS(gpu_async_t4, i, a, s)
#define ASYNC_HLS_8(i, a, s, bar, ph, n) ASYNC_HIP_LS(gpu_async_t8, i, a, s)
#define ASYNC_HLS_16(i, a, s, bar, ph, n) ASYNC_HIP_LS(gpu_async_t16, i, a, s)
#define ASYNC_HLD(T, v, s, a) ((v) = *ASYNC_GLOBAL(T, a))
#define ASYNC_HLD_4(v, s, a) ASYNC_HLD(gpu_async_t4, v, s, a)
#define ASYNC_HLD_8(v, s, a) ASYNC_HLD(gpu_async_t8, v, s, a)
#define ASYNC_HLD_16(v, s, a) ASYNC_HLD(gpu_async_t16, v, s, a)
#define ASYNC_HST_4(v, s) (*ASYNC_LDS(gpu_async_t4, s) = (v))
#define ASYNC_HST_8(v, s) (*ASYNC_LDS(gpu_async_t8, s) = (v))
#define ASYNC_HST_16(v, s) (*ASYNC_LDS(gpu_async_t16, s) = (v))
#define ASYNC_HNOTHING() ((void)0)
#define ASYNC_HNOLAND(v, s) ((void)(v), (void)(s))
#define ASYNC_HIP_LS_LIST(X)                                                              \
    X(load_store, 4, ASYNC_HLS_4, ASYNC_HLD_4, ASYNC_HST_4, ASYNC_HNOTHING)              \
    X(load_store, 8, ASYNC_HLS_8, ASYNC_HLD_8, ASYNC_HST_8, ASYNC_HNOTHING)              \
    X(load_store, 16, ASYNC_HLS_16, ASYNC_HLD_16, ASYNC_HST_16, ASYNC_HNOTHING)
/* global_load_lds_dword is gfx94x's (the assembler refuses it for gfx90a,
 * whose direct-to-LDS path is buffer_load_dword ... lds through a buffer
 * resource: not written here, so its kernels say the target lacks it). */
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__)
/* One link: the load into LDS at s (M0; one active lane), its wait (the
 * extra one first for lds_direct_wait), the read of the landed word. */
#define ASYNC_LDS_STEP(EXTRA, i, a, s)                                                    \
    asm volatile("s_mov_b32 m0, %1\n\tglobal_load_lds_dword %2, off\n\t" EXTRA              \
                 "s_waitcnt vmcnt(0)\n\tds_read_b32 %0, %3\n\ts_waitcnt lgkmcnt(0)"         \
                 : "=v"(i) : "s"(__builtin_amdgcn_readfirstlane(s)), "v"(a), "v"(s) : "memory")
#define ASYNC_LDSD_4(i, a, s, bar, ph, n) ASYNC_LDS_STEP("", i, a, s)
#define ASYNC_LDSW_4(i, a, s, bar, ph, n) ASYNC_LDS_STEP("s_waitcnt vmcnt(0)\n\t", i, a, s)
/* A stream's copy: M0 the wave's base (its first lane's address: lane i's
 * dword then lands at its own). */
#define ASYNC_LDS_ISSUE(EXTRA, s, a)                                                      \
    asm volatile("s_mov_b32 m0, %0\n\tglobal_load_lds_dword %1, off" EXTRA                \
                 :: "s"(__builtin_amdgcn_readfirstlane(s)), "v"(a) : "memory")
#define ASYNC_LDSD_ISSUE_4(v, s, a) ASYNC_LDS_ISSUE("", s, a)
#define ASYNC_LDSW_ISSUE_4(v, s, a) ASYNC_LDS_ISSUE("\n\ts_waitcnt vmcnt(0)", s, a)
#define ASYNC_VMCNT() asm volatile("s_waitcnt vmcnt(0)" ::: "memory")
#define GPU_ASYNC_LIST(X)                                                                 \
    ASYNC_HIP_LS_LIST(X)                                                                  \
    X(lds_direct, 4, ASYNC_LDSD_4, ASYNC_LDSD_ISSUE_4, ASYNC_HNOLAND, ASYNC_VMCNT)        \
    X(lds_direct_wait, 4, ASYNC_LDSW_4, ASYNC_LDSW_ISSUE_4, ASYNC_HNOLAND, ASYNC_HNOTHING)
#else
#define GPU_ASYNC_LIST(X) ASYNC_HIP_LS_LIST(X)
#define GPU_ASYNC_LACKING(Z) Z(lds_direct, 4) Z(lds_direct_wait, 4)
#endif
/* ---- end of chase async ---- */

#include "async_kernels.h"

/* ---- chase assoc's list chains (list_kernels.h) ----
 * The wait is the instruction: s_memtime does not wait for the vector
 * memory a load fills, so the region's ends wait for it first. */
#define GPU_LIST_CLOCK(t, a, zero)                                                       \
    do {                                                                                  \
        (void)(zero);                                                                     \
        asm volatile("s_waitcnt vmcnt(0)" ::: "memory");                                  \
        (t) = GPU_CYCLES();                                                               \
    } while (0)

#include "list_kernels.h"
