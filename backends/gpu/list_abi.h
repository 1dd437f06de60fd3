/* list_abi.h: what the host reads back from a list chain's launch (see list_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_LIST_ABI_H
#define CHASE_GPU_LIST_ABI_H

#define LIST_OVERHEAD 0     /* cycles of an empty timed region (two clock reads) */
#define LIST_REAL 1         /* realtime ticks across all samples */
#define LIST_SPAN 2         /* cycles across all samples, for the clock rate */
#define LIST_SM 3           /* the multiprocessor that walked */
#define LIST_SINK 4         /* where the walk ended (so its loads are used) */
#define LIST_SAMPLE0 5      /* then one sum of cycles per sample */

#endif
