// An index made of the fields of an int4 read from memory (llm.c's
// wte_backward bucket table): the optimizer loads the four fields as one
// vector and extracts each. The read through them is not analysed, and the
// note says the index is data read from 'info', not which IR construct
// carried it.

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %if cuda-toolkit %{ %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: %}

// smem-lint: block_dim(32)
__global__ void k(const int4 *info, float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = 0;
  __syncthreads();
  int4 b = info[blockIdx.x];
  // CHECK: vector-member-index.cu:[[@LINE+1]]:22: note: access not analysed: the address of this read of 's' depends on data read from memory 'info', so its wavefronts and the races through it are not known (block 32x1, sm_90) [smem-lint-incomplete]
  out[threadIdx.x] = s[b.x + b.y + b.z * b.w + threadIdx.x];
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note (1 access not analysed) in 1 file
