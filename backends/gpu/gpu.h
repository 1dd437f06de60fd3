/* gpu.h: what a GPU vendor layer gives the shared GPU host code (gpu_host.c).
 * cuda_vendor.c and hip_vendor.c implement it; everything vendor-neutral
 * about driving a chase on a GPU lives in gpu_host.c, once. */
#ifndef CHASE_GPU_H
#define CHASE_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "chain.h"
#include "chase_backend.h"

struct gpu;     /* one opened device: the vendor's context, module, functions */

/* Loads the runtime and counts devices; a reason on failure. */
int gpu_probe(int *ndevices, char *why, size_t len);
/* Opens device index; fills the driver's figures into info. */
int gpu_open(int index, struct gpu **g, struct chase_devinfo *info, char *err, size_t len);
void gpu_close(struct gpu *g);
/* Chooses the load for walks ("ca", "cg", ...; NULL: the default) and
 * records it in info's settings. */
int gpu_select_load(struct gpu *g, const char *cache_op, struct chase_devinfo *info, char *err, size_t len);
/* Sets the L1/shared split as percent of shared (-1: the default) and
 * records it. */
int gpu_set_carveout(struct gpu *g, int percent, struct chase_devinfo *info, char *err, size_t len);
int gpu_mem_free(struct gpu *g, uint64_t *bytes, char *err, size_t len);
int gpu_alloc(struct gpu *g, uint64_t bytes, uint64_t *dptr, char *err, size_t len);
void gpu_free(struct gpu *g, uint64_t dptr);
int gpu_build(struct gpu *g, uint64_t base, const struct chase_chain *c, uint64_t stride,
              uint64_t head, char *err, size_t len);
/* Walks from the chain at cursor; target >= 0 pins the walk to that
 * multiprocessor, claimed being a device int the kernel sets when it does. */
int gpu_walk(struct gpu *g, uint64_t cursor, unsigned warm, unsigned loads, unsigned samples,
             uint64_t out, int target, uint64_t claimed, char *err, size_t len);
int gpu_memset32(struct gpu *g, uint64_t dptr, unsigned value, size_t count, char *err, size_t len);
/* How many multiprocessors, and whether a walk can be pinned to one. */
int gpu_multiprocessors(struct gpu *g, int *pinnable);
int gpu_copy_out(struct gpu *g, void *host, uint64_t dptr, size_t bytes, char *err, size_t len);
/* The realtime counter's rate in Hz (CUDA's globaltimer counts ns: 1e9). */
double gpu_realtime_hz(struct gpu *g);

#endif
