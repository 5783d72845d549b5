// An mbarrier arrival marks where a thread's released accesses end; it is
// no barrier. A divergent __syncthreads() after it is still the barrier the
// reading thread skips, and the race through it names it.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__global__ void k(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[128];
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;" ::"r"(smem(&bar)));
  __syncthreads();
  if (threadIdx.x == 0)
    s[0] = 1;
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(&bar))
               : "memory");
  if (threadIdx.x < 64)
    __syncthreads();
  // CHECK: :[[@LINE-1]]:5: warning: divergent barrier: 64 of 128 threads of the block do not reach it
  out[threadIdx.x] = s[0];
  // CHECK: :[[@LINE-1]]:22: warning: missing barrier: thread 64 reads s[0], written by thread 0 at line 17, and thread 64 does not reach the barrier at line 21 in between (block 128x1, sm_90) [smem-missing-barrier]
}
int main() {
  float *o;
  k<<<1, 128>>>(o);
}
