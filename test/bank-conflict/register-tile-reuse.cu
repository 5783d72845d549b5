// A register tile's inner product, sum[i][j] += as[k][tr + i] * bs[k][tc +
// j]: nvcc unrolls the i and j loops whole, merges each four consecutive
// reads into one 16-byte load, and loads bs[k][tc..tc+3] once for the four
// i (CSE of the same address): two LDS.128 per k (nvcc 13, `-arch=sm_90
// -O3 -ptx`: ld.shared.v4.f32 twice per k; measured on an H100 in the same
// loop of runtime-verify/Inputs/programs/gemm-async.cu, 2048 LDS.128 per
// block: runtime-verify/run-program-gemm-async.test). The analysis counts
// the read of bs once per k, not once per i.
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s

// CHECK-LABEL: kernel tile L12
__global__ void tile(float *c) {
  __shared__ alignas(16) float as[16][64];
  __shared__ alignas(16) float bs[16][64];
  int tr = (threadIdx.x / 16) * 4, tc = (threadIdx.x % 16) * 4;
  as[threadIdx.x / 16][threadIdx.x % 64] = threadIdx.x;
  bs[threadIdx.x / 16][threadIdx.x % 64] = threadIdx.x;
  __syncthreads();
  float sum[4][4] = {};
  for (int k = 0; k < 16; ++k)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        sum[i][j] += as[k][tr + i] * bs[k][tc + j];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      c[(tr + i) * 64 + tc + j] = sum[i][j];
}
// 8 warps x 16 k, one 16-byte load of each array per k: 128 each, 256 in
// all. as: 2 wavefronts, bs: 4 (the same loads in gemm-async measured 3.00
// per instruction on average, 6144 per block).
// CHECK: access as load L23:22 width=4 {{.*}}wavefronts=2
// CHECK: access bs load L23:38 width=4 {{.*}}wavefronts=4
// CHECK: totals tile shape=0 load=768/256

int main() { tile<<<1, 256>>>(nullptr); }
