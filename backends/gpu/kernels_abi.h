/* kernels_abi.h: what the host reads back from a walk launch (see kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_KERNELS_ABI_H
#define CHASE_GPU_KERNELS_ABI_H

#define WALK_OVERHEAD 0     /* cycles of an empty timed region */
#define WALK_REAL 1         /* realtime ticks across all samples */
#define WALK_SPAN 2         /* cycles across all samples, for the clock rate */
#define WALK_SM 3           /* the multiprocessor that walked */
#define WALK_SINK 4         /* where the parallel warm's loads could go (never read) */
#define WALK_SAMPLE0 5      /* then one cycle count per sample */

#endif
