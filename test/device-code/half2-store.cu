// A __half2 store goes through the type's operator= (case h_r05): in the
// compiled code it is one 4-byte store. Lane t writes h2[32t], word 32t,
// all 32 lanes in bank 0 -> 32 wavefronts; the __half store h[64t] is at the
// same byte stride (128 bytes) -> 32 as well.
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s
#include <cuda_fp16.h>
__global__ void k(float *o) {
  __shared__ __half2 h2[32 * 32];
  __shared__ __half h[64 * 32];
  int t = threadIdx.x;
  // CHECK: half2-store.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: write of 'h2' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90) [smem-bank-conflict]
  h2[t * 32] = __floats2half2_rn(1.f, 2.f);
  // CHECK: half2-store.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: 2-byte write of 'h' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90) [smem-bank-conflict]
  h[t * 64] = __float2half(1.f);
  __syncwarp();
  o[t] = __low2float(h2[t]) + __half2float(h[t]);
}
int main() { k<<<1, 32>>>(nullptr); }
