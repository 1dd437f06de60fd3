/* bandwidth_abi.h: what the host and chase bandwidth's kernels
 * (bandwidth_kernels.h) agree on. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_BANDWIDTH_ABI_H
#define CHASE_GPU_BANDWIDTH_ABI_H

/* A block's four words in the results: its first thread's realtime and
 * clock after the block's opening barrier, and again after its closing
 * one. */
#define BW_R0 0
#define BW_R1 1
#define BW_C0 2
#define BW_C1 3
#define BW_WORDS 4
/* Past the blocks' results: 32 words a read kernel may write what it read
 * to (so nothing read is dropped), then a stream's chunk counter, whose
 * two 32-bit halves the host zeroes before each launch. */
#define BW_COUNTER 32
#define BW_TAIL_WORDS (BW_COUNTER + 1)

/* The placements (chase_backend.h's enum chase_bw_place). */
#define BW_STREAM 0
#define BW_REPLICATED 1
#define BW_PARTITIONED 2

/* Independent accesses a thread keeps in flight: one load a thread is
 * issue-bound (gpu-stream's read kernel on a GH200). */
#define BW_ILP 4

#endif
