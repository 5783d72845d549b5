// An mbarrier used as a block barrier through inline PTX: every thread
// arrives and waits for the phase its arrival's state token names, so
// thread 0's write of s[0] is ordered before the others' reads: the wait is
// followed (no note, no race). When threads 0-63 wait and threads 64-127
// read without waiting (second RUN), their read races with thread 0's
// write: the phase orders it before the waiters only.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: sed -e 's|^  WAIT_ALL;|  if (threadIdx.x < 64) WAIT_HALF; else|' %s > %t.cu
// RUN: not %smem-lint %t.cu 2>&1 | FileCheck %s --check-prefix=SPLIT --implicit-check-not=warning:

#define WAIT_HALF                                                              \
  asm volatile("{\n .reg .pred p;\n WAIT:\n mbarrier.try_wait.shared::cta.b64 " \
               "p, [%0], %1;\n @!p bra WAIT;\n}" ::"r"(b),                      \
               "l"(state)                                                      \
               : "memory")
#define WAIT_ALL WAIT_HALF

__global__ void k(float *out) {
  __shared__ float s[128];
  __shared__ alignas(8) unsigned long long bar;
  unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;" ::"r"(b));
  __syncthreads();
  if (threadIdx.x == 0)
    s[0] = 1.0f;
  unsigned long long state;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(state)
               : "r"(b)
               : "memory");
  WAIT_ALL;
  out[threadIdx.x] = s[0];
  // SPLIT: mbarrier-wait-followed.cu.tmp.cu:[[@LINE-1]]:22: warning: missing barrier: thread 64 reads s[0], written by thread 0 at line 27 with no __syncthreads() in between (block 128x1, sm_90) [smem-missing-barrier]
}

int main() {
  float *o;
  k<<<1, 128>>>(o);
}
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file
