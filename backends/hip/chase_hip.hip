/* chase_hip.hip: the HIP kernels: what is AMD's in them, and nothing else. */
#include <hip/hip_runtime.h>

/* s_memtime counts core clocks; s_memrealtime counts at a constant rate
 * that the runtime reports (100 MHz on MI300, 25 MHz on MI200).  The
 * scheduling barriers keep the compiler from moving work across a read. */
static __device__ __forceinline__ long long memtime(void)
{
    long long t;
    __builtin_amdgcn_sched_barrier(0);
    t = (long long)__builtin_amdgcn_s_memtime();
    __builtin_amdgcn_sched_barrier(0);
    return t;
}
static __device__ __forceinline__ long long memrealtime(void)
{
    long long t;
    __builtin_amdgcn_sched_barrier(0);
    t = (long long)__builtin_amdgcn_s_memrealtime();
    __builtin_amdgcn_sched_barrier(0);
    return t;
}
#define GPU_CYCLES() memtime()
#define GPU_REALTIME() memrealtime()
#define GPU_SMID() __smid()
#define GPU_TIMED_FN __forceinline__
#define GPU_SYNC() __syncthreads()

/* ca: an ordinary load, cached in the vector L1.  cg: a relaxed atomic load
 * at device (agent) scope, which the compiler must serve from the L2: it
 * sets the bits that skip the L1 (glc before gfx940, sc1 on gfx940). */
#define GPU_LOAD_CA(a) ((a) = *(const unsigned long long *)(a))
#define GPU_LOAD_CG(a) ((a) = __hip_atomic_load((unsigned long long *)(a), __ATOMIC_RELAXED, \
                                                 __HIP_MEMORY_SCOPE_AGENT))

#include "kernels.h"
