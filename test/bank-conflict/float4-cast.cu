// A float4 read through a cast pointer into a float array: Clang splits the
// copy into four 4-byte loads, nvcc makes it one LDS.128 (SASS of
// utils/gpu-probes/misaligned_probes.cu's vector_aligned, read on the H200
// on 2026-12-04: `LDS.128 R8, [R4+UR4]`). It is served as the 16-byte
// access: 8 lanes per phase (docs/measurements/h200-bank-probes.md).
//
// RUN: not %smem-lint --arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// Lane l reads bytes 16 l to 16 l + 15: each quarter-warp covers 128
// bytes, 4 wavefronts, the ideal. Nothing to report (read as four 4-byte
// loads it would be a 4-way conflict).
// smem-lint: block_dim(32)
__global__ void rows(float *out) {
  __shared__ __align__(16) float s[256];
  for (int i = threadIdx.x; i < 256; i += 32)
    s[i] = i;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * threadIdx.x]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// Lane l reads 16 bytes at 128 l: the 8 lanes of a phase hit the same 4
// banks, 8 wavefronts per phase, 32 in all instead of 4.
// smem-lint: block_dim(32)
__global__ void column(float *out) {
  __shared__ __align__(16) float s[32 * 32];
  for (int i = threadIdx.x; i < 1024; i += 32)
    s[i] = i;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[32 * threadIdx.x]);
  // CHECK: float4-cast.cu:[[#@LINE-1]]:14: warning: 8-way bank conflict: 16-byte read of 's' takes 32 wavefronts per warp instead of 4 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-7 of warp 0 need 8 different words from bank 0: s[0], s[32], s[64], ..., s[224] (this 16-byte access is served 8 lanes at a time); consecutive lanes are 32 words apart
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}
