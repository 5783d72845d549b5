// An index fetched through a texture (the marching-cubes table lookup:
// tex1Dfetch, which the toolkit's headers implement as an inline PTX `tex.`
// instruction returning four words, and the built-in prelude declares). The
// index is data, so the read through it is not analysed, and the note names
// the function the index comes from in both modes, not the IR construct
// that carried it. The write s[t] is analysed
// (lane l writes word l: 1 wavefront) and draws no note.

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %if cuda-toolkit %{ %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: %}

// smem-lint: block_dim(32)
__global__ void k(float *out, cudaTextureObject_t table) {
  __shared__ float s[12 * 32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  unsigned edge = tex1Dfetch<unsigned>(table, threadIdx.x);
  // CHECK: texture-index.cu:[[@LINE+1]]:22: note: access not analysed: the address of this read of 's' depends on the result of 'tex1Dfetch', so its wavefronts and the races through it are not known (block 32x1, sm_90) [smem-lint-incomplete]
  out[threadIdx.x] = s[edge * 32 + threadIdx.x];
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note (1 access not analysed) in 1 file
