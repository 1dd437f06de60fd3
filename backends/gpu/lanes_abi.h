/* lanes_abi.h: what the host reads back from a lanes launch (lanes_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_LANES_ABI_H
#define CHASE_GPU_LANES_ABI_H

#define LANES_LACKS 0       /* 1: this architecture has no such instruction (nothing was timed) */
#define LANES_REAL 1        /* realtime ticks across the samples */
#define LANES_SPAN 2        /* cycles across them, for the clock rate */
#define LANES_SINK 3        /* where the chains' values could go (never read) */
#define LANES_T0 8          /* sample s: the dry lap's cycles at LANES_T0 + 2s, the timed lap's at + 2s + 1 */

/* Operations a lap, every chain's together, unrolled: the loop's own two
 * instructions are then a few percent of the warp's issue slots at most. */
#define LANES_LAP 64
/* The chain counts the kernels hold (chase_lanes_req.chains). */
#define LANES_CHAINS {1, 8, 32}
/* The widest warp: the shared-memory exchange's words a chain. */
#define LANES_MAX_LANES 64

#endif
