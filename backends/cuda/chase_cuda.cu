/* chase_cuda.cu: the CUDA kernels: what is NVIDIA's in them, and nothing else. */

/* clock64() reads the SM's clock() counter; %globaltimer counts ns. */
#define GPU_CYCLES() clock64()
static __device__ __forceinline__ long long globaltimer(void)
{
    long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
#define GPU_REALTIME() globaltimer()
static __device__ __forceinline__ unsigned smid(void)
{
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    return s;
}
#define GPU_SMID() smid()
#define GPU_TIMED_FN __noinline__
#define GPU_SYNC() __syncthreads()

/* ld.global.ca caches in L1 and L2; ld.global.cg in L2 only.  The asm reads
 * and writes one register, so each load depends on the one before. */
#define GPU_LOAD_CA(a) asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(a) :: "memory")
#define GPU_LOAD_CG(a) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(a) :: "memory")
/* ld.global.nc reads through the read-only (texture) path. */
#define GPU_LOAD_NC(a) asm volatile("ld.global.nc.u64 %0, [%0];" : "+l"(a) :: "memory")

#include "kernels.h"
