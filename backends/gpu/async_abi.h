/* async_abi.h: what the host reads back from an async launch (async_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_ASYNC_ABI_H
#define CHASE_GPU_ASYNC_ABI_H

#define ASYNC_LACKS 0       /* 1: this architecture has no such copy (nothing was timed) */
#define ASYNC_REAL 1        /* latency: realtime ticks across the samples */
#define ASYNC_SPAN 2        /* latency: cycles across them, for the clock rate */
#define ASYNC_CURSOR 3      /* latency: the chain's index where the walk stopped (the next launch goes on) */
#define ASYNC_SINK 4        /* where the landed words could go (never read) */
#define ASYNC_T0 8          /* latency sample s: the dry lap's cycles at ASYNC_T0 + 2s, the timed lap's at + 2s + 1;
                               throughput: block b's realtime start and end, cycles start and end at + 4b */

/* The copies a thread keeps in flight in the per-thread throughput
 * kernels (one kernel each: a load's registers are a compile-time array). */
#define ASYNC_INFLIGHTS {1, 2, 4, 8}
#define ASYNC_NINFLIGHTS 4
/* Threads a block of the per-thread throughput kernels; the bulk kernels'
 * one thread issues, the rest of its warp waits. */
#define ASYNC_THREADS 128
#define ASYNC_BULK_THREADS 32
/* Blocks a throughput launch may have at most (a device's SMs x blocks an SM). */
#define ASYNC_MAX_GRID 8192

#endif
