/* banks_abi.h: what the host reads back from a chase banks launch (see
 * banks_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_BANKS_ABI_H
#define CHASE_GPU_BANKS_ABI_H

#define BANKS_OVERHEAD 0    /* cycles of an empty timed region, the least of several */
#define BANKS_REAL 1        /* realtime ticks across all samples */
#define BANKS_SPAN 2        /* cycles across all samples, for the clock rate */
#define BANKS_SM 3          /* the multiprocessor that ran the block */
#define BANKS_SINK 4        /* where the loaded values could go (never read) */
#define BANKS_SAMPLE0 8     /* chain, burst: a cycle count a sample; block: per sample, per warp, start and end */

#define BANKS_CHAIN 0       /* the modes: chase_backend.h's enum chase_shared_mode */
#define BANKS_BURST 1
#define BANKS_BLOCK 2

#define BANKS_CHAIN_LOADS 256   /* dependent accesses a chain sample */
#define BANKS_BLOCK_ROUNDS 32   /* bursts each warp issues a block sample */
#define BANKS_SAMPLES 7         /* timed samples a launch (one more untimed first) */
#define BANKS_MAX_WARPS 32

/* The largest burst each width's kernel has (b32, b64, b128: width index
 * 0, 1, 2): 32 registers of loaded data, so that a block of 1024 threads
 * fits the register file (banks_kernels.h's BK_CASES_*).  The host refuses
 * a larger one: timing the largest in its place would give T(N) for a
 * burst that was not run. */
#define BANKS_MOST_BURST(wi) ((wi) == 0 ? 32u : (wi) == 1 ? 16u : 8u)

#endif
