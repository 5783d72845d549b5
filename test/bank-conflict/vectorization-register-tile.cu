// A 4x4 register tile of a double-buffered GEMM whose tile loop runs a
// runtime count: each thread reads 4 consecutive floats of each tile per k,
// and nvcc makes each run one 16-byte load. `nvcc -O3 -arch=sm_90 -ptx` of
// this file (CUDA 13.0) has `ld.shared.v4.f32` for both reads at line 37
// (NVVM's vectorizer, the arrays being .align 16); SGEMM_CUDA's kernel 12,
// the same shape with .align 4 arrays, ran LDS.128 on an H200 (issue 18's
// note). Two things hid it from the analysis's vectorizer run:
// - tr = (t / 16) * 4 is `x & 252` (x = t >> 2 < 256); InstCombine turns
//   tr + 3 into `x | 3`, which no longer names tr as its base;
// - an address that moves with a loop of unknown trip count was taken to be
//   merged across that loop's runtime-unrolled iterations, in pairs (what
//   ptxas does there), though here the loop only rotates the buffer.
// Each load: lanes 0-15 read tr = 0 (16 bytes, a broadcast), lanes 16-31
// tr = 4: 2 wavefronts; bs: lane l reads the 16 bytes at (l % 16) * 16, a
// 256-byte row: 4 wavefronts, as a whole warp of 16-byte loads needs.
//
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); print([(a['line'], a['array'], a['instruction_bytes'], a['merged_iterations'], a['wavefronts'], a['ideal_wavefronts']) for k in r['kernels'] for a in k['accesses'] if a['kind'] == 'load'])" | FileCheck %s
// CHECK: [(37, 'as', 16, 4, 2, 2), (37, 'bs', 16, 4, 4, 4)]

constexpr int BM = 64, BN = 64, BK = 16;

__global__ void registerTile(const float *a, const float *b, float *c, int k) {
  __shared__ alignas(16) float as[2][BK][BM];
  __shared__ alignas(16) float bs[2][BK][BN];
  int tr = (threadIdx.x / 16) * 4, tc = (threadIdx.x % 16) * 4;
  float sum[4][4] = {};
  int stage = 0;
  for (int t = 0; t < k; t += BK, stage ^= 1) {
    for (int i = threadIdx.x; i < BK * BM; i += 256) {
      as[stage][i / BM][i % BM] = a[t * BM + i];
      bs[stage][i / BN][i % BN] = b[t * BN + i];
    }
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          sum[i][j] += as[stage][kk][tr + i] * bs[stage][kk][tc + j];
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      c[(tr + i) * BN + tc + j] = sum[i][j];
}

void launch(const float *a, const float *b, float *c, int k) {
  registerTile<<<1, 256>>>(a, b, c, k);
}
