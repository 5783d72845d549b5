// Two instantiations of one kernel template run the same unmodelled inline
// PTX with the same block: one note names both, rather than one note each.
// Another block shape keeps its own note.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

template <int N> __global__ void k(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  unsigned a = static_cast<unsigned>(
      __cvta_generic_to_shared(&s[(threadIdx.x * N) % 1024]));
  asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(a), "r"(1u));
  // CHECK: not-analysed-instantiations.cu:[[@LINE-1]]:3: note: access not analysed: inline PTX 'red.shared.add.u32' updates shared memory; the analysis does not evaluate it, so its wavefronts and the races through it are not known (in 'k<1>' and 'k<2>', block 256x1, sm_90) [smem-lint-incomplete]
  // CHECK: not-analysed-instantiations.cu:[[@LINE-2]]:3: note: access not analysed: inline PTX 'red.shared.add.u32' updates shared memory; the analysis does not evaluate it, so its wavefronts and the races through it are not known (in 'k<2>', block 128x1, sm_90) [smem-lint-incomplete]
}

int main() {
  float *o;
  k<1><<<1, 256>>>(o);
  k<2><<<1, 256>>>(o);
  k<2><<<1, 128>>>(o);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 2 notes (2 accesses not analysed) in 1 file
