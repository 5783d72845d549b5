// An mbarrier used as a block barrier through inline PTX: every thread
// arrives and waits, so thread 0's write of s[0] is ordered before the
// others' reads. The analysis does not follow mbarriers: the wait gets a
// note saying so, and the race analysis starts anew after it, as after a
// barrier, rather than report a race the wait prevents.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

__global__ void k(float *out) {
  __shared__ float s[128];
  __shared__ alignas(8) unsigned long long bar;
  unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 128;" ::"r"(b));
  // CHECK: mbarrier-wait-not-followed.cu:[[@LINE-1]]:5: note: access not analysed: inline PTX 'mbarrier.init.shared::cta.b64' updates an mbarrier
  __syncthreads();
  if (threadIdx.x == 0)
    s[0] = 1.0f;
  unsigned long long state;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(state)
               : "r"(b)
               : "memory");
  // CHECK: mbarrier-wait-not-followed.cu:[[@LINE-4]]:3: note: access not analysed: inline PTX 'mbarrier.arrive.shared::cta.b64' updates an mbarrier
  asm volatile("{\n .reg .pred p;\n WAIT:\n mbarrier.try_wait.shared::cta.b64 p, "
               "[%0], %1;\n @!p bra WAIT;\n}" ::"r"(b),
               "l"(state)
               : "memory");
  // CHECK: mbarrier-wait-not-followed.cu:[[@LINE-4]]:3: note: synchronisation not followed: inline PTX 'mbarrier.try_wait.shared::cta.b64' waits on an mbarrier; the analysis does not know what it orders, so it reports no race across it (block 128x1, sm_90) [smem-lint-incomplete]
  out[threadIdx.x] = s[0];
}

int main() {
  float *o;
  k<<<1, 128>>>(o);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 3 notes (3 accesses not analysed) in 1 file
