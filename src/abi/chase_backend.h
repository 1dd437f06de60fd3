/* chase_backend.h: the interface between the chase core and its backends. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_BACKEND_H
#define CHASE_BACKEND_H

#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "abi/chain.h"

/* Bumped whenever struct chase_backend or what it passes changes; the
 * loader refuses a module built against another number.
 * 2: optional hooks (shared, loads), typed facts, numeric device figures,
 *    per-point SM and chain patterns PAIR and PAGE.
 * 3: chain patterns SPREAD and LATE; params' alloc and max_bytes
 *    CHASE_MAX_MOST.
 * 4: chain pattern REVISIT; params' l2_fetch.
 * 5: the backend says what the core had guessed from its name: devinfo's
 *    tlb (the cache operator and span a TLB measurement uses), the
 *    optional huge_bytes hook, and the loads hook's query (rq NULL: can
 *    this backend time loads, or why not); CHASE_MAX_LANE_STRIDE and
 *    chase_loads_req_check.
 * 6: the optional bandwidth hook (struct chase_bw_req, chase_bw_samples,
 *    chase_bw_req_check), with the loads hook's query.
 * 7: params' target (where the working set lives: the device's own
 *    memory, a peer's, the host's, managed memory) and CHASE_ETARGET;
 *    the optional lanes hook (struct chase_lanes_req, chase_lanes_samples,
 *    chase_lanes_req_check): cross-lane operations' latency and issue cost.
 * 8: the optional async hook (struct chase_async_req, chase_async_samples,
 *    chase_async_req_check): copies from global into shared memory
 *    (cp.async, cp.async.bulk, direct-to-LDS loads) against a load and a
 *    store, their latency in a chain and their throughput; the shared
 *    hook's op (enum chase_shared_op): stores beside reads, and AMD's
 *    two-address reads (ds_read2_b64, ds_read2st64_b64).
 * 9: the optional list hook (struct chase_list_req, chase_list_req_check):
 *    a chain through offsets the host lists, its tail timed lap after lap
 *    (eviction sets and replacement sequences, chase assoc); chase_bw_req's
 *    window (a partitioned block reads at least that many bytes, its
 *    window overlapping its neighbours' in a small set).
 * 10: chase_list_req's spread (the untimed positions may be walked by
 *    several threads at once, where only which lines were read counts).
 * 11: chain pattern LOCAL (random blocks a window at a time).
 * 12: chase_samples' laps (the laps a list hook walked, where it walked
 *    more than it was asked: the host's load budget counts those). */
#define CHASE_BACKEND_ABI 12

/* What a backend call returns. */
enum chase_status {
    CHASE_OK = 0,
    CHASE_EINVAL,   /* a parameter the backend cannot use (bad spec, device index) */
    CHASE_ENODEV,   /* no usable device or runtime */
    CHASE_ENOMEM,   /* the working set does not fit */
    CHASE_EFAIL,    /* a runtime call or kernel failed */
    CHASE_EINTR,    /* stopped by a signal */
    CHASE_ENOTSUP,  /* this backend cannot make this measurement */
    CHASE_ETARGET   /* the target memory (chase_params.target) is not available: no such
                       memory here, no peer access between the two devices */
};

/* The chain's order (chain.h's CHASE_CHAIN_* values). */
enum chase_pattern {
    CHASE_PATTERN_RANDOM = CHASE_CHAIN_RANDOM,
    CHASE_PATTERN_SEQ = CHASE_CHAIN_SEQ,
    CHASE_PATTERN_PAIR = CHASE_CHAIN_PAIR,
    CHASE_PATTERN_PAGE = CHASE_CHAIN_PAGE,
    CHASE_PATTERN_SPREAD = CHASE_CHAIN_SPREAD,
    CHASE_PATTERN_LATE = CHASE_CHAIN_LATE,
    CHASE_PATTERN_REVISIT = CHASE_CHAIN_REVISIT,
    CHASE_PATTERN_LOCAL = CHASE_CHAIN_LOCAL
};

#define CHASE_ERRLEN 256
#define CHASE_MAX_KV 32
#define CHASE_MAX_CACHES 8
#define CHASE_MAX_SAMPLES 64
#define CHASE_MAX_LANES 64

/* A setting or a driver's figure: text, or a number (is_num) whose text
 * is its canonical form, so JSON can write it as a number. */
struct chase_kv {
    char key[40];
    char val[160];
    int is_num;
    double num;
};

/* What a backend says about the device it opened.  facts, caches and the
 * numeric figures are the driver's (or the OS's), never measured ones:
 * the core prints them as such beside what it measured. */
struct chase_devinfo {
    char name[128];
    char arch[64];
    char timer[160];            /* what the cycles and ns columns come from */
    uint64_t default_stride;    /* bytes; the line size the device is best read at */
    uint64_t default_max;       /* bytes; the sweep's default upper end */
    struct chase_kv settings[CHASE_MAX_KV];   /* how it measures: cache op, carveout... */
    int nsettings;
    struct chase_kv facts[CHASE_MAX_KV];      /* driver's figures */
    int nfacts;
    struct {
        char name[32];          /* L1, L2, L3, LLC... as the driver calls them */
        uint64_t bytes;
    } caches[CHASE_MAX_CACHES];
    int ncaches;
    /* The driver's figures the core computes with (0: unknown or none). */
    unsigned lanes;             /* threads in a warp (wave) */
    unsigned units;             /* multiprocessors (compute units) */
    unsigned block_threads;     /* the most threads one block may have */
    uint64_t shared_bytes;      /* shared memory (LDS) one block may use */
    uint64_t memory_bytes;      /* device (or host) memory */
    double clock_mhz;           /* nominal clock of the cycle counter's domain */
    int pinnable;               /* a point can ask for a multiprocessor (chase_point.sm) */
    /* What a TLB measurement (chase tlb) should do on this device, where
     * the user did not say: the backend knows, the core does not guess. */
    struct {
        char cache_op[16];      /* the chains' cache operator ("": the backend's default) */
        char cache_op_why[160]; /* why, for the metadata */
        uint64_t max;           /* bytes: the span's upper end (0: default_max) */
        char max_why[160];      /* why, for the metadata */
    } tlb;
};

/* Physical bounds a backend may state among its facts (core/bounds.h
 * checks figures against them): numbers, the bytes a clock one
 * multiprocessor's shared memory (LDS) serves, and its load path from the
 * L1 (every global load passes it); and, as text, where they come from
 * (the architecture's published figure, the driver's, the sim spec's). */
#define CHASE_BOUND_SHARED "bound_shared_bytes_per_clk"
#define CHASE_BOUND_L1 "bound_l1_bytes_per_clk"
#define CHASE_BOUND_FROM "bound_from"

/* chase_params.max_bytes: as much as the device can spare (most of its
 * free memory); the backend says how much in chase_devinfo.default_max. */
#define CHASE_MAX_MOST UINT64_MAX

/* Where the working set lives (--memory): the opened device's own memory
 * (0, what a zeroed chase_params asks for), device `peer`'s memory read
 * through peer access, pinned host memory mapped into the device, or
 * managed memory.  A backend that cannot place it there returns
 * CHASE_ETARGET from open, saying why; one that can says how in its
 * settings ("memory_alloc") and, where its own caches hold the target's
 * lines, how many of its levels do ("memory_reader_caches", a number:
 * the levels the sweep then names "(reader)"). */
enum chase_memory { CHASE_MEMORY_LOCAL = 0, CHASE_MEMORY_PEER, CHASE_MEMORY_HOST, CHASE_MEMORY_MANAGED };

struct chase_target {
    int memory;                 /* enum chase_memory */
    int peer;                   /* CHASE_MEMORY_PEER: the device holding it (never params.device) */
};

/* Fixed for one run. */
struct chase_params {
    int device;
    int pattern;                /* enum chase_pattern */
    uint64_t stride;            /* bytes between chained lines; 0 = device default */
    uint64_t max_bytes;         /* largest working set the run will ask for; 0: default_max;
                                   CHASE_MAX_MOST: most of the free memory */
    const char *spec;           /* sim: the hierarchy; others: NULL */
    const char *cache_op;       /* NULL: the backend's default */
    int carveout;               /* percent of L1/shared given to shared; -1: default */
    unsigned l2_fetch;          /* cuda: the context's L2 fetch granularity limit to set, bytes; 0: leave it */
    int no_warm;                /* time from a cold start: no warm traversal */
    int sm;                     /* GPUs: walk on this multiprocessor; -1 any; -2 the default */
    const char *alloc;          /* how the working set is allocated (cpu: huge, base; cuda: malloc,
                                   vmm); NULL: the backend's default.  The backend says how it
                                   allocated in its settings ("alloc") and the page size the
                                   driver or OS is believed to give in its facts (the number
                                   "alloc_page_bytes"). */
    struct chase_target target; /* where the working set lives (ABI 7) */
};

/* One point: a chain (chain.h) over bytes, keyed by seed. */
struct chase_point {
    uint64_t bytes;
    uint64_t stride;
    int pattern;
    uint64_t sub;               /* PAIR: second load's offset; PAGE: the unit (chain.h) */
    uint64_t seed;
    int sm;                     /* GPUs: this multiprocessor; -2 the run's (chase_params.sm) */
    unsigned samples;           /* timed samples wanted (at most CHASE_MAX_SAMPLES); 0: the backend's */
    const volatile sig_atomic_t *stop;  /* set when the user interrupts */
};

/* Per-access latency of each timed sample of one point. */
struct chase_samples {
    double cycles[CHASE_MAX_SAMPLES];
    double ns[CHASE_MAX_SAMPLES];   /* NAN where the clock is unknown */
    unsigned n;
    /* The list hook: the timed laps it walked, all samples and any taken
     * again together, warm ones aside (0: laps x samples, as asked). */
    uint64_t laps;
};

/* Shared memory (LDS): one warp's access pattern.  Each lane reads (or,
 * as op says, stores) width bytes at its offset; the backend times it as mode says, its timer's own
 * cost removed, and returns cycles per sample:
 *   CHAIN: each access waits for the one before: cycles per access;
 *   BURST: `inflight` independent accesses and one wait: cycles of the
 *          burst, from the first clock read to the use of every result;
 *   BLOCK: `warps` warps of one block each issue bursts: the multiprocessor's
 *          cycles per warp instruction (elapsed / (warps x accesses)). */
enum chase_shared_mode { CHASE_SHARED_CHAIN, CHASE_SHARED_BURST, CHASE_SHARED_BLOCK };

/* What each lane does at its offset (ABI 8):
 *   READ:      reads width bytes (0, so a request zeroed is a read);
 *   WRITE:     stores width bytes.  A store returns nothing a chain could
 *              wait for: CHAIN is CHASE_ENOTSUP; a BURST's or BLOCK's
 *              region ends once the stores are done (AMD: the wait on
 *              them; NVIDIA: a read of the lane's word, which the shared
 *              memory serves after the warp's stores before it);
 *   READ2:     two 8-byte reads in one instruction (AMD's ds_read2_b64),
 *              at the offset and CHASE_SHARED_READ2_SPAN bytes further:
 *              one bank row on, so the second read meets the banks the
 *              first did;
 *   READ2ST64: the same with the second CHASE_SHARED_READ2ST64_SPAN bytes
 *              further (ds_read2st64_b64: offsets in units of 64 words).
 * A backend without an operation answers CHASE_ENOTSUP, err saying why. */
enum chase_shared_op { CHASE_SHARED_READ, CHASE_SHARED_WRITE, CHASE_SHARED_READ2, CHASE_SHARED_READ2ST64,
                       CHASE_SHARED_NOPS };
#define CHASE_SHARED_READ2_SPAN 128u
#define CHASE_SHARED_READ2ST64_SPAN 512u

/* The operations' names, as chase banks' rows call them. */
static inline const char *chase_shared_op_name(int op)
{
    static const char *const names[CHASE_SHARED_NOPS] = {"read", "write", "read2", "read2st64"};
    return op >= 0 && op < CHASE_SHARED_NOPS ? names[op] : "?";
}

/* The bytes past a lane's offset an operation reaches (0: no such op). */
static inline unsigned chase_shared_op_reach(int op, unsigned width)
{
    return op == CHASE_SHARED_READ || op == CHASE_SHARED_WRITE ? width
           : op == CHASE_SHARED_READ2                          ? CHASE_SHARED_READ2_SPAN + 8
           : op == CHASE_SHARED_READ2ST64                      ? CHASE_SHARED_READ2ST64_SPAN + 8
                                                               : 0;
}

struct chase_shared_req {
    unsigned width;                     /* 4, 8 or 16 */
    unsigned lanes;                     /* the warp: devinfo.lanes */
    uint32_t offset[CHASE_MAX_LANES];   /* bytes, a multiple of width, below shared_bytes */
    int mode;                           /* enum chase_shared_mode */
    unsigned inflight;                  /* BURST, BLOCK: independent accesses, 1..32 */
    unsigned warps;                     /* BLOCK: warps in the block */
    const volatile sig_atomic_t *stop;
    int op;                             /* enum chase_shared_op (ABI 8); READ2, READ2ST64: width 8 */
};

/* Global memory: warp-wide loads over a working set of `bytes`, cut into
 * blocks of lanes x lane_stride bytes (up to a power of two, at least 8)
 * walked in a random order as a chain (every lane's first word holds the
 * next block's index, so each lane finds its next address alone), so the
 * working set stays where a level holds it.  Lane i reads width bytes at
 * block + i * lane_stride.  Cycles per sample:
 *   warps == 1: the burst: `inflight` independent loads (from distinct
 *               blocks) and one wait, from the first clock read to the use
 *               of every result (inflight 1: one load's latency);
 *   warps > 1:  every warp of one block issues bursts: the multiprocessor's
 *               cycles per warp load instruction. */
struct chase_loads_req {
    uint64_t bytes;
    unsigned width;                     /* 4, 8 or 16 */
    unsigned lanes;                     /* active lanes: 1 .. devinfo.lanes */
    uint64_t lane_stride;               /* bytes between lanes' addresses: a power of two,
                                           width .. CHASE_MAX_LANE_STRIDE */
    unsigned inflight;                  /* 1..32 */
    unsigned warps;
    uint64_t seed;
    const volatile sig_atomic_t *stop;
};

/* The widest lane stride a loads request may ask for: a warp's block of
 * 32 lanes then spans 2 MiB, as far apart as lanes usefully get. */
#define CHASE_MAX_LANE_STRIDE (64u << 10)

/* The checks every loads hook makes first, written once: the width, the
 * active lanes against the warp's `lanes`, the lane stride.  CHASE_OK, or
 * CHASE_EINVAL with why in err. */
static inline int chase_loads_req_check(const struct chase_loads_req *rq, unsigned lanes, char *err, size_t len)
{
    if (rq->width != 4 && rq->width != 8 && rq->width != 16) {
        snprintf(err, len, "a lane loads 4, 8 or 16 bytes, not %u", rq->width);
        return CHASE_EINVAL;
    }
    if (rq->lanes < 1 || rq->lanes > lanes) {
        snprintf(err, len, "a warp here has 1 to %u active lanes, not %u", lanes, rq->lanes);
        return CHASE_EINVAL;
    }
    if (rq->lane_stride < rq->width || (rq->lane_stride & (rq->lane_stride - 1)) ||
        rq->lane_stride > CHASE_MAX_LANE_STRIDE) {
        snprintf(err, len, "the lane stride must be a power of two from the width (%u) to %u KiB", rq->width,
                 CHASE_MAX_LANE_STRIDE >> 10);
        return CHASE_EINVAL;
    }
    return CHASE_OK;
}

/* Bandwidth: the whole device moving a working set, for chase bandwidth.
 * The operation says what a thread does with each element; bytes are
 * counted as moved: a read or a write moves its bytes once, a copy its
 * bytes read plus its bytes written (twice the element). */
enum chase_bw_op { CHASE_BW_READ, CHASE_BW_WRITE, CHASE_BW_COPY };

/* Where the working set lies and who reads what:
 *   STREAM:      one array of `bytes`, every thread of the grid striding
 *                over all of it (memory figures; STREAM's and BabelStream's
 *                shape);
 *   REPLICATED:  every block reads the same `bytes` (the lines each SM
 *                keeps are the same lines: its own L1, or the L2 serving
 *                copies);
 *   PARTITIONED: `bytes` cut into one contiguous slice a multiprocessor,
 *                each SM's blocks reading only their own slice. */
enum chase_bw_place { CHASE_BW_STREAM, CHASE_BW_REPLICATED, CHASE_BW_PARTITIONED };

/* Global memory, or the shared memory (LDS) of every multiprocessor at
 * once (bytes: what each block reads; placement ignored). */
enum chase_bw_target { CHASE_BW_GLOBAL, CHASE_BW_SHARED };

struct chase_bw_req {
    uint64_t bytes;             /* the working set; a copy's is its source and destination together */
    int op;                     /* enum chase_bw_op */
    int placement;              /* enum chase_bw_place */
    int target;                 /* enum chase_bw_target */
    unsigned width;             /* bytes a thread moves an access: 4, 8 or 16 (0: 16) */
    unsigned blocks_per_sm;     /* 0: the backend's default */
    unsigned threads;           /* threads a block; 0: the backend's default */
    const char *cache_op;       /* NULL: the run's (chase_params.cache_op) */
    unsigned reps;              /* passes over the working set a sample; 0: the backend's */
    unsigned samples;           /* timed samples wanted (at most CHASE_MAX_SAMPLES); 0: the backend's */
    const volatile sig_atomic_t *stop;
    /* Partitioned (ABI 9): each block reads at least this many bytes a
     * pass, its slice and on past it, round to the set's start (0: its
     * slice alone).  chase asks for twice a GPU's L1, so that no slice is
     * read from the L1 (a slice a multiprocessor under the L1 is all L1
     * hits, and the L2 under it is never seen); where the set is smaller
     * than the blocks' windows together, they overlap, as gpu-l2-cache's
     * blocks do.  The bytes counted are every block's window. */
    uint64_t window;
};

/* Each timed sample: the bytes moved (as enum chase_bw_op counts them),
 * the nanoseconds from the device's timer (%globaltimer, events,
 * s_memrealtime; the OS's monotonic clock on a CPU) and the SM clock's
 * cycles over the same interval (NAN where unknown), so the core derives
 * GB/s, bytes a clock a multiprocessor and the clock during the run. */
struct chase_bw_samples {
    double bytes[CHASE_MAX_SAMPLES];
    double ns[CHASE_MAX_SAMPLES];
    double cycles[CHASE_MAX_SAMPLES];
    unsigned n;
    unsigned blocks_per_sm;     /* the launch shape used (defaults resolved) */
    unsigned threads;
    unsigned units;             /* multiprocessors (cores) that took part */
};

/* The checks every bandwidth hook makes first, written once.  CHASE_OK,
 * or CHASE_EINVAL with why in err. */
static inline int chase_bw_req_check(const struct chase_bw_req *rq, char *err, size_t len)
{
    if (rq->op < CHASE_BW_READ || rq->op > CHASE_BW_COPY || rq->placement < CHASE_BW_STREAM ||
        rq->placement > CHASE_BW_PARTITIONED || rq->target < CHASE_BW_GLOBAL || rq->target > CHASE_BW_SHARED) {
        snprintf(err, len, "an operation, placement or target this ABI does not know");
        return CHASE_EINVAL;
    }
    if (rq->width && rq->width != 4 && rq->width != 8 && rq->width != 16) {
        snprintf(err, len, "a thread moves 4, 8 or 16 bytes an access, not %u", rq->width);
        return CHASE_EINVAL;
    }
    if (rq->bytes < 16 * (rq->op == CHASE_BW_COPY ? 2u : 1u)) {
        snprintf(err, len, "a working set of %llu B is too small to move", (unsigned long long)rq->bytes);
        return CHASE_EINVAL;
    }
    if (rq->samples > CHASE_MAX_SAMPLES) {
        snprintf(err, len, "at most %d samples, not %u", CHASE_MAX_SAMPLES, rq->samples);
        return CHASE_EINVAL;
    }
    return CHASE_OK;
}

/* Cross-lane operations, for chase lanes: one warp (wave) of one block
 * moves a value between its lanes.  NVIDIA's: shfl.sync in its four modes,
 * vote.ballot, match.any, redux.sync; AMD's: DPP (a row shift, a quad
 * permutation), ds_swizzle, ds_permute, ds_bpermute, v_readlane,
 * v_readfirstlane; both: the same exchange through shared memory (LDS):
 * a store, the warp's barrier, a load. */
enum chase_lanes_op {
    CHASE_LANES_SHFL_IDX, CHASE_LANES_SHFL_UP, CHASE_LANES_SHFL_DOWN, CHASE_LANES_SHFL_BFLY,
    CHASE_LANES_VOTE_BALLOT, CHASE_LANES_MATCH_ANY, CHASE_LANES_REDUX_ADD,
    CHASE_LANES_DPP_ROW, CHASE_LANES_DPP_QUAD, CHASE_LANES_DS_SWIZZLE, CHASE_LANES_DS_PERMUTE,
    CHASE_LANES_DS_BPERMUTE, CHASE_LANES_READLANE, CHASE_LANES_READFIRSTLANE,
    CHASE_LANES_SHARED,
    CHASE_LANES_NOPS
};

/* The operations' names, as chase lanes' rows and the sim spec's lanes:
 * keys call them. */
static inline const char *chase_lanes_op_name(int op)
{
    static const char *const names[CHASE_LANES_NOPS] = {
        "shfl_idx", "shfl_up", "shfl_down", "shfl_bfly", "ballot", "match", "redux",
        "dpp_row", "dpp_quad", "swizzle", "permute", "bpermute", "readlane", "readfirstlane", "shared"};
    return op >= 0 && op < CHASE_LANES_NOPS ? names[op] : "?";
}

/* LATENCY: one chain, each operation's value (and, where it takes one,
 * its lane or delta) the result of the one before: cycles per operation.
 * ISSUE: `chains` such chains side by side, independent: cycles per
 * operation of the warp (the elapsed cycles over chains x operations). */
enum chase_lanes_mode { CHASE_LANES_LATENCY, CHASE_LANES_ISSUE };

#define CHASE_LANES_MAX_CHAINS 32

struct chase_lanes_req {
    int op;                     /* enum chase_lanes_op */
    unsigned width;             /* bits a lane moves: 32 or 64 */
    int mode;                   /* enum chase_lanes_mode */
    unsigned chains;            /* LATENCY: 1; ISSUE: 2 .. CHASE_LANES_MAX_CHAINS */
    unsigned ops;               /* operations a chain a sample (at least 1); 0: the query below */
    unsigned samples;           /* timed samples wanted (at most CHASE_MAX_SAMPLES); 0: the backend's */
    const volatile sig_atomic_t *stop;
};

/* Each sample's cycles per operation (the timer's own cost removed) and
 * ns per operation at the clock measured over the samples (NAN where
 * unknown); what the backend timed: the instruction as its ISA names it,
 * the warp instructions one operation is, and the chains and operations a
 * chain it ran (a backend may round them to what its kernels hold). */
struct chase_lanes_samples {
    double cycles[CHASE_MAX_SAMPLES];
    double ns[CHASE_MAX_SAMPLES];
    unsigned n;
    char instr[48];             /* "SHFL.IDX", "v_mov_b32 dpp quad_perm" */
    unsigned instrs;            /* warp instructions an operation (a 64-bit shuffle: 2) */
    unsigned chains, ops;
    double clock_mhz;           /* the clock over the samples (NAN: unknown) */
};

/* The checks every lanes hook makes first, written once.  CHASE_OK, or
 * CHASE_EINVAL with why in err. */
static inline int chase_lanes_req_check(const struct chase_lanes_req *rq, char *err, size_t len)
{
    if (rq->op < 0 || rq->op >= CHASE_LANES_NOPS || (rq->mode != CHASE_LANES_LATENCY && rq->mode != CHASE_LANES_ISSUE)) {
        snprintf(err, len, "an operation or mode this ABI does not know");
        return CHASE_EINVAL;
    }
    if (rq->width != 32 && rq->width != 64) {
        snprintf(err, len, "a lane moves 32 or 64 bits, not %u", rq->width);
        return CHASE_EINVAL;
    }
    if (rq->mode == CHASE_LANES_LATENCY ? rq->chains != 1
                                        : rq->chains < 2 || rq->chains > CHASE_LANES_MAX_CHAINS) {
        snprintf(err, len, "a latency request has one chain, an issue request 2 to %d, not %u",
                 CHASE_LANES_MAX_CHAINS, rq->chains);
        return CHASE_EINVAL;
    }
    if (rq->ops > (1u << 24)) {
        snprintf(err, len, "at most %u operations a chain, not %u", 1u << 24, rq->ops);
        return CHASE_EINVAL;
    }
    if (rq->samples > CHASE_MAX_SAMPLES) {
        snprintf(err, len, "at most %d samples, not %u", CHASE_MAX_SAMPLES, rq->samples);
        return CHASE_EINVAL;
    }
    return CHASE_OK;
}

/* Copies from global memory into shared memory (LDS), for chase async.
 * LOAD_STORE is the plain path every device has (a load into registers,
 * a store to shared memory); CP_CA and CP_CG NVIDIA's cp.async (sm_80 and
 * later: 4, 8 or 16 bytes a thread; .cg only at 16), with its commit group
 * and wait; BULK cp.async.bulk (sm_90: the Tensor Memory Accelerator's 1D
 * copy, 16 bytes to 64 KiB in multiples of 16, completed on an mbarrier);
 * LDS_DIRECT AMD's direct-to-LDS load (global_load_lds_dword /
 * buffer_load_dword ... lds: 4 bytes a lane, gfx90a and gfx94x) without
 * and LDS_WAIT with the s_waitcnt vmcnt(0) compilers add after it. */
enum chase_async_op {
    CHASE_ASYNC_LOAD_STORE, CHASE_ASYNC_CP_CA, CHASE_ASYNC_CP_CG, CHASE_ASYNC_BULK,
    CHASE_ASYNC_LDS_DIRECT, CHASE_ASYNC_LDS_WAIT,
    CHASE_ASYNC_NOPS
};

/* The operations' names, as chase async's rows and the sim spec's async:
 * keys call them. */
static inline const char *chase_async_op_name(int op)
{
    static const char *const names[CHASE_ASYNC_NOPS] = {"load_store", "cp_async_ca", "cp_async_cg", "bulk",
                                                         "lds_direct", "lds_direct_wait"};
    return op >= 0 && op < CHASE_ASYNC_NOPS ? names[op] : "?";
}

/* LATENCY: one thread walks a chain of copies: the working set's blocks
 * (`stride` bytes each) in a random cycle, every block's first word the
 * next block's index; each copy lands `bytes` of a block in shared memory
 * and the next address is read from the landed word (as a load chain
 * reads its loaded word): cycles a copy.  THROUGHPUT: `blocks_per_sm`
 * blocks on every multiprocessor each keep `inflight` copies in flight
 * (a thread's cp.async, a block's bulk copies), streaming over the
 * working set: the bytes landed, the cycles and ns they took. */
enum chase_async_mode { CHASE_ASYNC_LATENCY, CHASE_ASYNC_THROUGHPUT };

#define CHASE_ASYNC_MAX_BYTES (64u << 10)
#define CHASE_ASYNC_MAX_INFLIGHT 64
#define CHASE_ASYNC_MAX_BLOCKS 32

struct chase_async_req {
    int op;                     /* enum chase_async_op */
    unsigned bytes;             /* bytes a copy: 4, 8, 16; BULK: 16 .. CHASE_ASYNC_MAX_BYTES, a multiple of 16 */
    uint64_t working_set;       /* bytes the chain or the stream runs over (at most the allocation) */
    int mode;                   /* enum chase_async_mode */
    unsigned inflight;          /* THROUGHPUT: copies a block keeps in flight, 1 .. CHASE_ASYNC_MAX_INFLIGHT
                                   (a thread's, for the per-thread copies); LATENCY: 1 */
    unsigned blocks_per_sm;     /* THROUGHPUT: 1 .. CHASE_ASYNC_MAX_BLOCKS; LATENCY: 1 */
    unsigned links;             /* LATENCY: copies a sample (at least 1); 0 with samples 0: the query below */
    uint64_t seed;
    unsigned samples;           /* timed samples wanted (at most CHASE_MAX_SAMPLES); 0: the backend's */
    const volatile sig_atomic_t *stop;
};

/* LATENCY: cycles[k] a copy in sample k (the timer's own cost removed),
 * ns[k] at the clock measured (NAN: unknown).  THROUGHPUT: each sample's
 * bytes landed, ns (the device's realtime counter) and SM cycles over the
 * same span (NAN: unknown).  Both: the instruction timed as the ISA names
 * it, the stride of the chain's blocks, the launch shape used. */
struct chase_async_samples {
    double cycles[CHASE_MAX_SAMPLES];
    double ns[CHASE_MAX_SAMPLES];
    double bytes[CHASE_MAX_SAMPLES];
    unsigned n;
    char instr[48];             /* "LDGSTS.E.BYPASS.128", "UBLKCP", "LDG + STS + LDS" */
    uint64_t stride;            /* LATENCY: bytes between the chain's blocks */
    unsigned blocks, threads;   /* THROUGHPUT: the grid and the block */
    unsigned units;             /* multiprocessors that took part */
    double clock_mhz;           /* the clock over the samples (NAN: unknown) */
};

/* The checks every async hook makes first, written once.  CHASE_OK, or
 * CHASE_EINVAL with why in err. */
static inline int chase_async_req_check(const struct chase_async_req *rq, char *err, size_t len)
{
    if (rq->op < 0 || rq->op >= CHASE_ASYNC_NOPS ||
        (rq->mode != CHASE_ASYNC_LATENCY && rq->mode != CHASE_ASYNC_THROUGHPUT)) {
        snprintf(err, len, "an operation or mode this ABI does not know");
        return CHASE_EINVAL;
    }
    if (rq->op == CHASE_ASYNC_BULK ? rq->bytes < 16 || rq->bytes > CHASE_ASYNC_MAX_BYTES || rq->bytes % 16
                                   : rq->bytes != 4 && rq->bytes != 8 && rq->bytes != 16) {
        snprintf(err, len, rq->op == CHASE_ASYNC_BULK ? "a bulk copy moves 16 B to 64 KiB in multiples of 16, not %u B"
                                                      : "a copy here moves 4, 8 or 16 bytes, not %u", rq->bytes);
        return CHASE_EINVAL;
    }
    if (rq->op == CHASE_ASYNC_CP_CG && rq->bytes != 16) {
        snprintf(err, len, "cp.async.cg copies 16 bytes only, not %u", rq->bytes);
        return CHASE_EINVAL;
    }
    if ((rq->op == CHASE_ASYNC_LDS_DIRECT || rq->op == CHASE_ASYNC_LDS_WAIT) && rq->bytes != 4) {
        snprintf(err, len, "a direct-to-LDS load moves 4 bytes a lane, not %u", rq->bytes);
        return CHASE_EINVAL;
    }
    if (rq->mode == CHASE_ASYNC_LATENCY ? rq->inflight != 1 || rq->blocks_per_sm != 1
                                        : rq->inflight < 1 || rq->inflight > CHASE_ASYNC_MAX_INFLIGHT ||
                                              rq->blocks_per_sm < 1 || rq->blocks_per_sm > CHASE_ASYNC_MAX_BLOCKS) {
        snprintf(err, len, "a latency request has one copy in flight and one block; a throughput request 1 to %d "
                 "copies and 1 to %d blocks a multiprocessor (not %u and %u)", CHASE_ASYNC_MAX_INFLIGHT,
                 CHASE_ASYNC_MAX_BLOCKS, rq->inflight, rq->blocks_per_sm);
        return CHASE_EINVAL;
    }
    if (rq->links > (1u << 24)) {
        snprintf(err, len, "at most %u copies a sample, not %u", 1u << 24, rq->links);
        return CHASE_EINVAL;
    }
    if (rq->samples > CHASE_MAX_SAMPLES) {
        snprintf(err, len, "at most %d samples, not %u", CHASE_MAX_SAMPLES, rq->samples);
        return CHASE_EINVAL;
    }
    if (rq->working_set < 2ull * rq->bytes) {
        snprintf(err, len, "a working set of %llu B holds fewer than two copies of %u B",
                 (unsigned long long)rq->working_set, rq->bytes);
        return CHASE_EINVAL;
    }
    return CHASE_OK;
}

/* A chain through offsets the host lists (ABI 9), for what no formula of
 * chain.h gives: eviction sets (the lines a hashed index puts in one set
 * are found by trial, from random lines) and replacement sequences (a
 * line visited again out of turn).  Position k reads the word at byte
 * offset[k] of the working set, which holds the address of offset[k + 1]
 * (offset[0] after the last): one cycle of n positions.  A line may hold
 * several positions, at distinct words: that is how a sequence visits a
 * line twice a lap.  The offsets must be distinct (the core's duty: a
 * word holds one successor; the walk stays in bounds whatever they are).
 * The backend writes the chain, walks `warm` laps, then `samples` samples
 * of `laps` laps each, in one launch on a GPU and from one thread (the
 * caches see nothing else between warming and timing).  Each lap times
 * its last `timed` positions, the first n - timed walked untimed between
 * (timed = n: whole laps; timed = 1: a probe line's latency after the
 * group that may evict it), the timer's own cost removed.  cycles[s]: the
 * cycles a timed access in sample s; ns[s] at the clock measured (NAN:
 * unknown).  With spread (ABI 10), where a lap's untimed positions matter
 * only as the lines they read and not in their order (a group that may
 * evict a probe), a backend may walk them as up to spread stretches of
 * the chain at once, then the timed tail as before: a GPU L2's group of
 * 200 000 lines took a tenth of a second a lap from one thread.  0 or 1:
 * one thread, in order. */
#define CHASE_LIST_MAX (1u << 22)
#define CHASE_LIST_MAX_LAPS 4096u

struct chase_list_req {
    const uint64_t *offset;     /* n byte offsets, multiples of 8, each word inside the working set */
    uint32_t n;                 /* 1 .. CHASE_LIST_MAX */
    uint32_t timed;             /* 1 .. n: the positions timed at the end of each lap */
    unsigned warm;              /* untimed laps first, 0 .. CHASE_LIST_MAX_LAPS */
    unsigned laps;              /* laps a sample, 1 .. CHASE_LIST_MAX_LAPS */
    unsigned samples;           /* 1 .. CHASE_MAX_SAMPLES */
    const volatile sig_atomic_t *stop;
    unsigned spread;            /* threads that may walk the untimed positions at once (0, 1: one) */
};

/* The checks every list hook makes first, written once, against the
 * working set's bytes.  CHASE_OK, or CHASE_EINVAL with why in err. */
static inline int chase_list_req_check(const struct chase_list_req *rq, uint64_t bytes, char *err, size_t len)
{
    uint32_t k;

    if (!rq->offset || rq->n < 1 || rq->n > CHASE_LIST_MAX || rq->timed < 1 || rq->timed > rq->n) {
        snprintf(err, len, "a list chain has 1 to %u positions and times 1 to all of them", CHASE_LIST_MAX);
        return CHASE_EINVAL;
    }
    if (rq->laps < 1 || rq->laps > CHASE_LIST_MAX_LAPS || rq->warm > CHASE_LIST_MAX_LAPS || rq->samples < 1 ||
        rq->samples > CHASE_MAX_SAMPLES) {
        snprintf(err, len, "a list chain walks 1 to %u laps a sample, at most %u warm, 1 to %d samples",
                 CHASE_LIST_MAX_LAPS, CHASE_LIST_MAX_LAPS, CHASE_MAX_SAMPLES);
        return CHASE_EINVAL;
    }
    for (k = 0; k < rq->n; k++)
        if (rq->offset[k] % 8 || bytes < 8 || rq->offset[k] > bytes - 8) {
            snprintf(err, len, "position %u's offset %llu is not a word inside the working set of %llu B", k,
                     (unsigned long long)rq->offset[k], (unsigned long long)bytes);
            return CHASE_EINVAL;
        }
    return CHASE_OK;
}

struct chase_backend {
    unsigned abi;               /* CHASE_BACKEND_ABI */
    const char *name;
    const char *summary;        /* one line for --list-backends */
    /* Is the backend usable here?  Fills the device count, or a reason. */
    int (*probe)(int *ndevices, char *why, size_t len);
    /* Opens a device; allocates what the largest point needs. */
    int (*open)(const struct chase_params *p, void **dev,
                struct chase_devinfo *info, char *err, size_t len);
    /* Builds the point's chain, warms it and times it. */
    int (*measure)(void *dev, const struct chase_point *pt,
                   struct chase_samples *out, char *err, size_t len);
    void (*close)(void *dev);
    /* Optional (NULL: this backend cannot): shared memory patterns. */
    int (*shared)(void *dev, const struct chase_shared_req *rq,
                  struct chase_samples *out, char *err, size_t len);
    /* Optional (NULL: this backend cannot): warp-wide global loads.
     * Called with rq and out NULL before any measurement, it answers
     * whether it can: CHASE_OK, or CHASE_ENOTSUP with the reason in err
     * (a backend that knows why it cannot says so this way). */
    int (*loads)(void *dev, const struct chase_loads_req *rq,
                 struct chase_samples *out, char *err, size_t len);
    /* Optional (NULL: nothing to tell): the bytes of huge pages the
     * process holds now (the cpu backend's mapping is in this process),
     * or -1 where unknown; a TLB measurement reports it after its points. */
    double (*huge_bytes)(void *dev);
    /* Optional (NULL: this backend cannot): the device's bandwidth over a
     * working set.  rq and out NULL: the query, as the loads hook's. */
    int (*bandwidth)(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err,
                     size_t len);
    /* Optional (NULL: this backend cannot): cross-lane operations (ABI 7).
     * rq NULL: can it at all (CHASE_OK, or CHASE_ENOTSUP with why).
     * rq->ops 0, the query of one operation: CHASE_OK with out's instr
     * and instrs filled (nothing timed); CHASE_ENOTSUP where this device
     * lacks an operation of its instruction set (err says why: a row
     * says so); CHASE_EINVAL where the operation is not of its
     * instruction set at all (no row).  Otherwise the samples. */
    int (*lanes)(void *dev, const struct chase_lanes_req *rq, struct chase_lanes_samples *out, char *err,
                 size_t len);
    /* Optional (NULL: this backend cannot): copies from global into
     * shared memory (ABI 8).  rq NULL: can it at all (CHASE_OK, or
     * CHASE_ENOTSUP with why).  rq->links and rq->samples 0 in a latency
     * request, the query of one operation and size: CHASE_OK with out's
     * instr filled (nothing timed); CHASE_ENOTSUP where this device lacks
     * it (err says why: a row says so); CHASE_EINVAL where it is not of
     * the backend's instruction set at all (no row).  Otherwise the samples. */
    int (*async)(void *dev, const struct chase_async_req *rq, struct chase_async_samples *out, char *err,
                 size_t len);
    /* Optional (NULL: this backend cannot): a chain through listed
     * offsets (ABI 9).  rq NULL: can it at all (CHASE_OK, or
     * CHASE_ENOTSUP with why).  Otherwise the samples. */
    int (*list)(void *dev, const struct chase_list_req *rq, struct chase_samples *out, char *err, size_t len);
};

/* Each loadable module exports this symbol. */
#define CHASE_BACKEND_SYMBOL "chase_backend_entry"
typedef const struct chase_backend *(*chase_backend_entry_fn)(void);

/* Appends key: value (text) to a settings or facts list; modules use it
 * too, so it lives here rather than in the core. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static inline void chase_kv_set(struct chase_kv *kv, int *n, const char *key, const char *fmt, ...)
{
    va_list ap;
    if (*n >= CHASE_MAX_KV)
        return;
    snprintf(kv[*n].key, sizeof kv[*n].key, "%s", key);
    va_start(ap, fmt);
    vsnprintf(kv[*n].val, sizeof kv[*n].val, fmt, ap);
    va_end(ap);
    kv[*n].is_num = 0;
    kv[*n].num = 0;
    (*n)++;
}

/* The shortest text that reads back as v (%.17g would print 0.1 as
 * 0.10000000000000001). */
static inline void chase_num_text(double v, char *buf, size_t len)
{
    int prec;
    /* A whole number is written whole (52428800, not 5.24288e+07): a
     * byte count reads as one, to people and to strtoull alike. */
    if (v == floor(v) && fabs(v) < 9007199254740992.0) {
        snprintf(buf, len, "%.0f", v);
        return;
    }
    for (prec = 6; prec < 17; prec++) {
        char *end;
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, &end) == v)
            return;
    }
    snprintf(buf, len, "%.17g", v);
}

/* Appends key: a number. */
static inline void chase_kv_num(struct chase_kv *kv, int *n, const char *key, double v)
{
    if (*n >= CHASE_MAX_KV)
        return;
    snprintf(kv[*n].key, sizeof kv[*n].key, "%s", key);
    chase_num_text(v, kv[*n].val, sizeof kv[*n].val);
    kv[*n].is_num = 1;
    kv[*n].num = v;
    (*n)++;
}

#endif
