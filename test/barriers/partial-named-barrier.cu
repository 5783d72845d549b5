// A barrier for part of the block (a named barrier with a thread count, an
// arrival that does not wait) is synchronisation the analysis does not
// follow: a note at each, no divergent barrier and no race across them. A
// named barrier without a count (`bar.sync 0`) is a block barrier.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="[smem-"
__global__ void k(const float *in, float *out) {
  __shared__ float slot[32];
  unsigned lane = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    slot[lane] = in[lane];
    // CHECK: partial-named-barrier.cu:[[@LINE+1]]:5: note: synchronisation not followed: inline PTX 'barrier.cta.arrive.aligned 1, 64' is a barrier for part of the block (a thread count, or an arrival that does not wait); the analysis does not follow which threads it orders, so it reports no race across it (block 64x1, sm_90) [smem-lint-incomplete]
    asm volatile("barrier.cta.arrive.aligned 1, 64;" ::: "memory");
  } else {
    // CHECK: partial-named-barrier.cu:[[@LINE+1]]:5: note: synchronisation not followed: inline PTX 'barrier.cta.sync.aligned 1, 64' is a barrier {{.*}} [smem-lint-incomplete]
    asm volatile("barrier.cta.sync.aligned 1, 64;" ::: "memory");
    out[lane] = slot[lane];
  }
  asm volatile("bar.sync 0;" ::: "memory");
  // Thread 63 reads slot[0] ((31 + 1) % 32) while thread 0 overwrites it.
  out[lane] = slot[(lane + 1) % 32];
  // CHECK: partial-named-barrier.cu:[[@LINE+1]]:3: warning: missing barrier: thread 0 writes slot[0], which thread 63 reads at line [[@LINE-1]] with no __syncthreads() in between (block 64x1, sm_90) [smem-missing-barrier]
  slot[lane] = 0;
}
int main() { float *i, *o; k<<<1, 64>>>(i, o); }
// CHECK: smem-lint: 1 warning and 0 errors, 2 notes (2 accesses not analysed) in 1 file
