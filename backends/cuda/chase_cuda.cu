/* chase_cuda.cu: the CUDA kernels: what is NVIDIA's in them, and nothing else. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */

/* clock64() reads the SM's clock() counter; %globaltimer counts ns. */
#define GPU_CYCLES() clock64()
static __device__ __forceinline__ long long globaltimer(void)
{
    long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
#define GPU_REALTIME() globaltimer()
static __device__ __forceinline__ unsigned smid(void)
{
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    return s;
}
#define GPU_SMID() smid()
#define GPU_TIMED_FN __noinline__
#define GPU_SYNC() __syncthreads()

/* ld.global.ca caches in L1 and L2; ld.global.cg in L2 only.  The asm reads
 * and writes one register, so each load depends on the one before. */
#define GPU_LOAD_CA(a) asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(a) :: "memory")
#define GPU_LOAD_CG(a) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(a) :: "memory")
/* ld.global.nc reads through the read-only (texture) path. */
#define GPU_LOAD_NC(a) asm volatile("ld.global.nc.u64 %0, [%0];" : "+l"(a) :: "memory")
/* The constant caches: a chain in a __constant__ array, read with
 * ld.const at a register address (LDC in SASS; tests/paths-sass.sh), by
 * one thread, so every load is a warp's uniform address (the broadcast
 * case).  A module's user constants are one 64 KiB bank: the array is all
 * of it, and the largest working set --cache-op const takes. */
#define GPU_CONST_BYTES 65536
__constant__ unsigned long long chase_const[GPU_CONST_BYTES / 8];
#define GPU_CONST_BASE() ((unsigned long long)__cvta_generic_to_constant(chase_const))
#define GPU_LOAD_CONST(a) asm volatile("ld.const.u64 %0, [%0];" : "+l"(a) :: "memory")
/* The texture path: tex.1d over the texture object chase_h (the walk's
 * base: kernels.h), which the host made over the working set
 * (cuTexObjectCreate, linear memory of 32-bit words).  The fetch returns
 * four words; the first is the next index.  (TLD/TEX in SASS, no LDG.) */
#define GPU_LOAD_TEX(a)                                                                          \
    asm volatile("{ .reg .u32 i, y, z, w; cvt.u32.u64 i, %0; tex.1d.v4.u32.s32 {i, y, z, w}, [%1, {i}]; " \
                 "cvt.u64.u32 %0, i; }" : "+l"(a) : "l"(chase_h) : "memory")

/* ---- chase banks (banks_kernels.h) ---- */
/* Shared memory is read with ld.volatile.shared at a 32-bit shared
 * address, one instruction of the width asked (LDS, LDS.64, LDS.128):
 * volatile, so ptxas neither merges nor drops the repeated reads. */
#define GPU_SHARED_ADDR(p) ((unsigned)__cvta_generic_to_shared(p))
#define GPU_LDS32(a, x) asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(x) : "r"(a))
#define GPU_LDS64(a, x, y) asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(a))
#define GPU_LDS128(a, x, y, z, w)                                                              \
    asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"                          \
                 : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a))
#define GPU_LDS32_CHAIN(a) asm volatile("ld.volatile.shared.u32 %0, [%0];" : "+r"(a))
#define GPU_LDS64_CHAIN(a) asm volatile("{ .reg .u32 hi; ld.volatile.shared.v2.u32 {%0, hi}, [%0]; }" : "+r"(a))
#define GPU_LDS128_CHAIN(a)                                                                    \
    asm volatile("{ .reg .u32 y, z, w; ld.volatile.shared.v4.u32 {%0, y, z, w}, [%0]; }" : "+r"(a))
/* A register's use waits for its load: nothing to wait for explicitly. */
#define GPU_LDS_WAIT() ((void)0)
/* In place and volatile, so neither compiler moves or regroups the uses;
 * an add, because ptxas folds x ^ x to nothing and then drops the very
 * dependency the closing clock read waits on (seen in the H100's SASS: a
 * one-read burst closed its clock before the read returned). */
#define GPU_MIX(acc, x) asm volatile("add.u32 %0, %0, %1;" : "+r"(acc) : "r"(x))
#define GPU_BANKS_T0() clock64()
/* The closing clock read comes after an instruction that reads v (v ^ 0,
 * the 0 a kernel argument): it issues only once v has arrived. */
static __device__ __forceinline__ long long banks_t1(unsigned *v, unsigned zero)
{
    long long t;
    asm volatile("xor.b32 %1, %1, %2;\n\tmov.u64 %0, %%clock64;" : "=l"(t), "+r"(*v) : "r"(zero) : "memory");
    return t;
}
#define GPU_BANKS_T1(v, zero) banks_t1(v, zero)
#define GPU_BANKS_FN __noinline__
/* Stores: st.volatile.shared of the width (STS, STS.64, STS.128), so
 * ptxas keeps every one of a burst's repeated stores. */
#define GPU_STS32(a, x) asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"(a), "r"(x) : "memory")
#define GPU_STS64(a, x, y) asm volatile("st.volatile.shared.v2.u32 [%0], {%1, %2};" :: "r"(a), "r"(x), "r"(y) : "memory")
#define GPU_STS128(a, x, y, z, w)                                                              \
    asm volatile("st.volatile.shared.v4.u32 [%0], {%1, %2, %3, %4};"                           \
                 :: "r"(a), "r"(x), "r"(y), "r"(z), "r"(w) : "memory")
/* Nothing to wait for between rounds: a store waits for no result. */
#define GPU_STS_ROUND() ((void)0)
/* A read of the lane's own word: the shared memory serves it after the
 * warp's stores before it.  The closing clock read must wait for it, and
 * an instruction that merely reads it is not enough: ptxas put the clock
 * read before such a one (the H100's SASS of the store kernels).  So the
 * read's value makes the mask of a warp barrier (v comes in as the
 * kernel's zero, so the mask is ~(word & 0): all lanes, which the compiler
 * cannot know), and the clock is read after the barrier. */
#define GPU_STS_DONE(a, v)                                                                     \
    asm volatile("{ .reg .u32 z, m;\n\tmov.u32 z, %0;\n\tld.volatile.shared.u32 %0, [%1];\n\t"          \
                 "and.b32 m, %0, z;\n\tnot.b32 m, m;\n\tbar.warp.sync m; }"                                 \
                 : "+r"(v) : "r"(a) : "memory")
/* ---- end of chase banks ---- */

#include "kernels.h"
#include "banks_kernels.h"
/* ---- chase loads (loads_kernels.h) ----
 * The second clock read follows, in one asm statement, the XOR that
 * combines the loads (loads_kernels.h): in-order issue holds the read
 * until every load has arrived.  The XOR's other operands are runtime
 * zeros or chains of loads, never a value XORed with itself, which ptxas
 * would fold away with the dependence.  Nothing but program order keeps
 * the loads after the first clock read: ptxas 13 keeps them there (a
 * guard predicate computed from the read would, but an LDG waits 13 cycles
 * for its predicate, and no dry run without a load reproduces that), and
 * tests/loads-sass.sh checks it in the SASS. */
typedef unsigned gpu_loads_t4;
typedef uint2 gpu_loads_t8;
typedef uint4 gpu_loads_t16;
#define GPU_LOADS_OP_ca "ca"
#define GPU_LOADS_OP_cg "cg"
#define GPU_LOADS_OP_nc "nc"
#define GPU_LOADS_LD_4(Q, v, a) asm volatile("ld.global." Q ".u32 %0, [%1];" : "=r"(v) : "l"(a) : "memory")
#define GPU_LOADS_LD_8(Q, v, a) \
    asm volatile("ld.global." Q ".v2.u32 {%0, %1}, [%2];" : "=r"((v).x), "=r"((v).y) : "l"(a) : "memory")
#define GPU_LOADS_LD_16(Q, v, a)                                                         \
    asm volatile("ld.global." Q ".v4.u32 {%0, %1, %2, %3}, [%4];"                      \
                 : "=r"((v).x), "=r"((v).y), "=r"((v).z), "=r"((v).w) : "l"(a) : "memory")
#define GPU_LOADS_DECLARE() ((void)0)
#define GPU_LOADS_START(t0) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory")
#define GPU_LOADS_STOP(t1, x, a, b, c)                                                   \
    asm volatile("lop3.b32 %1, %2, %3, %4, 0x96;\n\tmov.u64 %0, %%clock64;"                    \
                 : "=l"(t1), "=r"(x) : "r"(a), "r"(b), "r"(c) : "memory")
#define GPU_LOADS_WAIT() ((void)0)
/* volatile: the compiler would otherwise keep i * st and add lb at the load. */
#define GPU_LOADS_ADDR(a, i, st, lb) \
    asm volatile("mad.wide.u32 %0, %1, %2, %3;" : "=l"(a) : "r"(i), "r"(st), "l"(lb))
#define GPU_LOP3(d, a, b, c) asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c))
/* ---- end of chase loads ---- */

#include "kernels.h"
#include "loads_kernels.h"
/* ---- chase bandwidth (bandwidth_kernels.h) ----
 * Kernel parameters are global pointers, so plain accesses of uint4 are
 * ld.global.v4.u32 / st.global.v4.u32 (LDG.E.128 / STG.E.128; checked by
 * tests/bandwidth-asm.sh).  The fence between passes keeps ptxas from
 * keeping a pass's values for the next or dropping a pass's stores. */
#define GPU_BW_GLOBAL
#define GPU_BW_FENCE() asm volatile("" ::: "memory")
typedef unsigned gpu_bw_t4;
typedef uint2 gpu_bw_t8;
typedef uint4 gpu_bw_t16;
#define GPU_BW_FOLD_4(v) (v)
#define GPU_BW_FOLD_8(v) ((v).x ^ (v).y)
#define GPU_BW_FOLD_16(v) ((v).x ^ (v).y ^ (v).z ^ (v).w)
#define GPU_BW_MAKE_4(x) (x)
#define GPU_BW_MAKE_8(x) make_uint2((x), (x))
#define GPU_BW_MAKE_16(x) make_uint4((x), (x), (x), (x))
/* ---- end of chase bandwidth ---- */

#include "bandwidth_kernels.h"
/* ---- chase lanes (lanes_kernels.h) ----
 * The warp's own intrinsics (shfl.sync, vote.sync.ballot, match.any.sync,
 * redux.sync): each chain's value is also the lane (idx) or the delta
 * (up, down, bfly) it reads with, so every operation waits for the one
 * before.  A value the compiler can prove the same in every lane (one, a
 * kernel argument) it shuffles by not shuffling: the first H100 build
 * kept 1 SHFL.UP of 64.  Up, down and bfly start at one + (lane & zero),
 * the same at run time, a lane's own to the compiler.  64-bit shuffles are the compiler's pair of 32-bit ones.
 * tests/lanes-asm.sh finds each kernel's instruction in the SASS. */
#define LANES_FULL 0xffffffffu
#define LANES_SHFL_IDX(x, c) __shfl_sync(LANES_FULL, (x), (int)(unsigned)(x))
#define LANES_SHFL_UP(x, c) __shfl_up_sync(LANES_FULL, (x), (unsigned)(x))
#define LANES_SHFL_DOWN(x, c) __shfl_down_sync(LANES_FULL, (x), (unsigned)(x))
#define LANES_SHFL_BFLY(x, c) __shfl_xor_sync(LANES_FULL, (x), (int)(unsigned)(x))
/* Each lane votes its own bit of the last mask: every lane's bit is set,
 * so the ballot is every lane again.  A predicate the same in every lane
 * (x != 0 of the mask, which every lane holds alike) let the compiler
 * fold the ballot away: the H100's SASS held no VOTE, and the row timed
 * nothing (21 cycles). */
#define LANES_BALLOT(x, c) __ballot_sync(LANES_FULL, ((unsigned)(x) >> lane) & 1u)
/* Every lane holds the same value: the mask of every lane, the same again. */
#define LANES_MATCH(x, c) __match_any_sync(LANES_FULL, (x))
/* The lanes' zeros add up to zero (sm_80 and later). */
#define LANES_REDUX(x, c) __reduce_add_sync(LANES_FULL, (x))
/* Store, the warp's barrier, load the word of the lane the value names
 * (its own: each lane starts at its lane number). */
#define LANES_SHARED(x, c) \
    (xs[c][lane] = (x), __syncwarp(), xs[c][(unsigned)(x) & (LANES_MAX_LANES - 1)])
#define GPU_LANES_START(t0) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory")
#define GPU_LANES_STOP(t1, x, z) \
    asm volatile("xor.b32 %1, %1, %2;\n\tmov.u64 %0, %%clock64;" : "=l"(t1), "+r"(x) : "r"(z) : "memory")
typedef unsigned long long lanes_u64;
#define GPU_LANES_LIST(X)                                                  \
    X(shfl_idx, 32, unsigned, LANES_SHFL_IDX, lane + 32 * c)               \
    X(shfl_idx, 64, lanes_u64, LANES_SHFL_IDX, lane + 32 * c)              \
    X(shfl_up, 32, unsigned, LANES_SHFL_UP, one + 32 * c + (lane & zero))                  \
    X(shfl_up, 64, lanes_u64, LANES_SHFL_UP, one + 32 * c + (lane & zero))                 \
    X(shfl_down, 32, unsigned, LANES_SHFL_DOWN, one + 32 * c + (lane & zero))              \
    X(shfl_down, 64, lanes_u64, LANES_SHFL_DOWN, one + 32 * c + (lane & zero))             \
    X(shfl_bfly, 32, unsigned, LANES_SHFL_BFLY, one + 32 * c + (lane & zero))              \
    X(shfl_bfly, 64, lanes_u64, LANES_SHFL_BFLY, one + 32 * c + (lane & zero))             \
    X(ballot, 32, unsigned, LANES_BALLOT, ~zero ^ (c & zero))            \
    X(match, 32, unsigned, LANES_MATCH, one + c)                           \
    X(match, 64, lanes_u64, LANES_MATCH, one + c)                          \
    X(shared, 32, unsigned, LANES_SHARED, lane)                            \
    X(shared, 64, lanes_u64, LANES_SHARED, lane)                           \
    LANES_IF_REDUX(X(redux, 32, unsigned, LANES_REDUX, zero + c))
/* redux.sync is sm_80's: before it, a kernel of its name says it lacks it. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define LANES_IF_REDUX(x) x
#else
#define LANES_IF_REDUX(x)
#define GPU_LANES_LACKING(Y) Y(redux, 32)
#endif
/* ---- end of chase lanes ---- */

#include "lanes_kernels.h"
/* ---- chase async (async_kernels.h) ----
 * Each link of a chain is one asm statement: the copy, its completion
 * and the read of the landed word (ld.volatile.shared, so ptxas neither
 * forwards the stored value nor drops the read), so nothing the compiler
 * schedules can come between them.  The plain path is a load into
 * registers (ld.global.ca), a store of them to shared memory and the
 * read; cp.async (sm_80) is the copy, its commit group and wait_group 0;
 * the bulk copy (sm_90) arrives on an mbarrier expecting the bytes,
 * copies with complete_tx and spins on try_wait.parity of the phase.
 * tests/async-asm.sh finds each instruction in the SASS between the
 * timed lap's clock reads. */
#define GPU_ASYNC_SADDR(p) ((unsigned)__cvta_generic_to_shared(p))
#define GPU_ASYNC_START(t0) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory")
#define GPU_ASYNC_STOP(t1, x, i) \
    asm volatile("xor.b32 %1, %1, %2;\n\tmov.u64 %0, %%clock64;" : "=l"(t1), "+r"(x) : "r"(i) : "memory")
typedef unsigned gpu_async_t4;
typedef uint2 gpu_async_t8;
typedef uint4 gpu_async_t16;
#define ASYNC_LS_4(i, a, s, bar, ph, n)                                                              \
    asm volatile("{ .reg .u32 v; ld.global.ca.u32 v, [%1]; st.volatile.shared.u32 [%2], v;\n\t"     \
                 "ld.volatile.shared.u32 %0, [%2]; }" : "=r"(i) : "l"(a), "r"(s) : "memory")
#define ASYNC_LS_8(i, a, s, bar, ph, n)                                                              \
    asm volatile("{ .reg .u32 v, w; ld.global.ca.v2.u32 {v, w}, [%1];\n\t"                             \
                 "st.volatile.shared.v2.u32 [%2], {v, w};\n\tld.volatile.shared.u32 %0, [%2]; }"       \
                 : "=r"(i) : "l"(a), "r"(s) : "memory")
#define ASYNC_LS_16(i, a, s, bar, ph, n)                                                             \
    asm volatile("{ .reg .u32 v, w, y, z; ld.global.ca.v4.u32 {v, w, y, z}, [%1];\n\t"                 \
                 "st.volatile.shared.v4.u32 [%2], {v, w, y, z};\n\tld.volatile.shared.u32 %0, [%2]; }" \
                 : "=r"(i) : "l"(a), "r"(s) : "memory")
#define ASYNC_LD_4(v, s, a) asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(a) : "memory")
#define ASYNC_LD_8(v, s, a) \
    asm volatile("ld.global.ca.v2.u32 {%0, %1}, [%2];" : "=r"((v).x), "=r"((v).y) : "l"(a) : "memory")
#define ASYNC_LD_16(v, s, a)                                                                         \
    asm volatile("ld.global.ca.v4.u32 {%0, %1, %2, %3}, [%4];"                                         \
                 : "=r"((v).x), "=r"((v).y), "=r"((v).z), "=r"((v).w) : "l"(a) : "memory")
#define ASYNC_ST_4(v, s) asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"(s), "r"(v) : "memory")
#define ASYNC_ST_8(v, s) \
    asm volatile("st.volatile.shared.v2.u32 [%0], {%1, %2};" :: "r"(s), "r"((v).x), "r"((v).y) : "memory")
#define ASYNC_ST_16(v, s)                                                                            \
    asm volatile("st.volatile.shared.v4.u32 [%0], {%1, %2, %3, %4};"                                   \
                 :: "r"(s), "r"((v).x), "r"((v).y), "r"((v).z), "r"((v).w) : "memory")
#define ASYNC_NOTHING() ((void)0)
#define ASYNC_NOLAND(v, s) ((void)(v), (void)(s))
/* cp.async: Q the cache operator, N the bytes (an immediate). */
#define ASYNC_CP_STEP(Q, N, i, a, s)                                                                 \
    asm volatile("cp.async." Q ".shared.global [%2], [%1], " #N ";\n\tcp.async.commit_group;\n\t"     \
                 "cp.async.wait_group 0;\n\tld.volatile.shared.u32 %0, [%2];"                           \
                 : "=r"(i) : "l"(a), "r"(s) : "memory")
#define ASYNC_CA_4(i, a, s, bar, ph, n) ASYNC_CP_STEP("ca", 4, i, a, s)
#define ASYNC_CA_8(i, a, s, bar, ph, n) ASYNC_CP_STEP("ca", 8, i, a, s)
#define ASYNC_CA_16(i, a, s, bar, ph, n) ASYNC_CP_STEP("ca", 16, i, a, s)
#define ASYNC_CG_16(i, a, s, bar, ph, n) ASYNC_CP_STEP("cg", 16, i, a, s)
#define ASYNC_CP_ISSUE(Q, N, s, a) \
    asm volatile("cp.async." Q ".shared.global [%0], [%1], " #N ";" :: "r"(s), "l"(a) : "memory")
#define ASYNC_CA_ISSUE_4(v, s, a) ASYNC_CP_ISSUE("ca", 4, s, a)
#define ASYNC_CA_ISSUE_8(v, s, a) ASYNC_CP_ISSUE("ca", 8, s, a)
#define ASYNC_CA_ISSUE_16(v, s, a) ASYNC_CP_ISSUE("ca", 16, s, a)
#define ASYNC_CG_ISSUE_16(v, s, a) ASYNC_CP_ISSUE("cg", 16, s, a)
#define ASYNC_CP_FENCE() asm volatile("cp.async.commit_group;\n\tcp.async.wait_group 0;" ::: "memory")
#define ASYNC_LS_LIST(X)                                                                             \
    X(load_store, 4, ASYNC_LS_4, ASYNC_LD_4, ASYNC_ST_4, ASYNC_NOTHING)                                \
    X(load_store, 8, ASYNC_LS_8, ASYNC_LD_8, ASYNC_ST_8, ASYNC_NOTHING)                                \
    X(load_store, 16, ASYNC_LS_16, ASYNC_LD_16, ASYNC_ST_16, ASYNC_NOTHING)
#define ASYNC_CP_LIST(X)                                                                             \
    X(cp_async_ca, 4, ASYNC_CA_4, ASYNC_CA_ISSUE_4, ASYNC_NOLAND, ASYNC_CP_FENCE)                      \
    X(cp_async_ca, 8, ASYNC_CA_8, ASYNC_CA_ISSUE_8, ASYNC_NOLAND, ASYNC_CP_FENCE)                      \
    X(cp_async_ca, 16, ASYNC_CA_16, ASYNC_CA_ISSUE_16, ASYNC_NOLAND, ASYNC_CP_FENCE)                   \
    X(cp_async_cg, 16, ASYNC_CG_16, ASYNC_CG_ISSUE_16, ASYNC_NOLAND, ASYNC_CP_FENCE)
/* cp.async is sm_80's, the bulk copy and its mbarrier transactions sm_90's:
 * before them, kernels of their names say the architecture lacks them
 * (no such instruction is compiled). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define GPU_ASYNC_LIST(X) ASYNC_LS_LIST(X) ASYNC_CP_LIST(X)
#else
#define GPU_ASYNC_LIST(X) ASYNC_LS_LIST(X)
#define GPU_ASYNC_LACKING(Z) Z(cp_async_ca, 4) Z(cp_async_ca, 8) Z(cp_async_ca, 16) Z(cp_async_cg, 16)
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
/* One arrival a phase; the fence makes the initialised barrier visible to
 * the async proxy the bulk copy completes through. */
#define GPU_ASYNC_INIT(bar) \
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n\tfence.proxy.async.shared::cta;" :: "r"(bar) : "memory")
#define ASYNC_BULK_STEP(i, a, s, bar, ph, n)                                                         \
    do {                                                                                             \
        asm volatile("{ .reg .pred p; .reg .b64 st;\n\t"                                               \
                     "mbarrier.arrive.expect_tx.shared::cta.b64 st, [%2], %4;\n\t"                     \
                     "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%1], [%3], %4, [%2];\n" \
                     "ASYNC_WAIT_%=:\n\t"                                                              \
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%2], %5;\n\t"                       \
                     "@!p bra ASYNC_WAIT_%=;\n\t"                                                      \
                     "ld.volatile.shared.u32 %0, [%1]; }"                                              \
                     : "=r"(i) : "r"(s), "r"(bar), "l"(a), "r"(n), "r"(ph) : "memory");               \
        (ph) ^= 1;                                                                                   \
    } while (0)
#define ASYNC_BULK_EXPECT(bar, n) \
    asm volatile("{ .reg .b64 st; mbarrier.arrive.expect_tx.shared::cta.b64 st, [%0], %1; }" :: "r"(bar), "r"(n) : "memory")
#define ASYNC_BULK_COPY(s, a, n, bar)                                                                \
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" \
                 :: "r"(s), "l"(a), "r"(n), "r"(bar) : "memory")
#define GPU_ASYNC_BULK_WAIT(bar, ph)                                                                 \
    do {                                                                                             \
        asm volatile("{ .reg .pred p;\nASYNC_BW_%=:\n\t"                                               \
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t"                       \
                     "@!p bra ASYNC_BW_%=; }" :: "r"(bar), "r"(ph) : "memory");                         \
        (ph) ^= 1;                                                                                   \
    } while (0)
#define GPU_ASYNC_BULK(Y) Y(ASYNC_BULK_STEP, ASYNC_BULK_EXPECT, ASYNC_BULK_COPY)
#else
#define GPU_ASYNC_INIT(bar) ((void)(bar))
#define GPU_ASYNC_LACKS_BULK 1
#endif
/* ---- end of chase async ---- */

#include "async_kernels.h"

/* ---- chase assoc's list chains (list_kernels.h) ----
 * The XOR with a zero the compiler cannot see through makes the clock
 * read wait for the load that wrote a (its scoreboard), as banks' does. */
#define GPU_LIST_CLOCK(t, a, zero) \
    asm volatile("xor.b64 %1, %1, %2;\n\tmov.u64 %0, %%clock64;" : "=l"(t), "+l"(a) : "l"(zero) : "memory")

#include "list_kernels.h"
