/* loads_abi.h: what the host reads back from a loads launch (loads_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_LOADS_ABI_H
#define CHASE_GPU_LOADS_ABI_H

#define LOADS_SM 0          /* the multiprocessor that ran the timed warp(s) */
#define LOADS_REAL 1        /* realtime ticks across the timed samples */
#define LOADS_SPAN 2        /* cycles across them, for the clock rate */
#define LOADS_SINK 3        /* where the warm's loads could go (never read) */
#define LOADS_DRY0 8        /* bursts: `samples` dry-run samples, then `samples` timed ones; a block:
                               (pass x samples + sample) x warps + warp: that warp's start and end */

/* The bursts a launch can time (one unrolled function each) and the
 * loads per warp a block round can hold (its registers are shared by
 * every warp of a full block). */
#define LOADS_BURSTS {1, 2, 4, 8, 11, 16, 24, 32}
#define LOADS_NBURSTS 8
#define LOADS_BLOCK_BURSTS {1, 2, 4}
#define LOADS_NBLOCK_BURSTS 3

#define LOADS_MAX_CURSORS 256  /* loads in flight in a launch, every warp's together */
#define LOADS_THREADS 256       /* the burst kernel's block: it warms, then one warp times */
#define LOADS_SECTOR 32         /* the warm touches every 32-byte sector a lane reads */

#endif
