// A register tile of one column (SGEMM_CUDA's 1D-blocktiling kernel): for
// each k the thread reads TM consecutive rows of As, a row BK words long,
// `As[(row * TM + i) * BK + k]`, i inner, k outer. The address moves by one
// word per iteration of the outer loop, not of the inner one: nvcc unrolls
// both and ptxas merges four k of each row into one LDS.128, 16 per tile.
// Measured in SGEMM_CUDA's kernel 4 (the same loops; `smem-lint --verify
// --run` on an H100, 2026-12-05, issue 18's note): line 68, LDS.128 x16,
// 2.00 wavefronts x 8192 instructions at K = 256 (row is the warp's: every
// lane reads the same word, and a uniform 16-byte load takes 2 wavefronts,
// shared/ref/h200-shared-memory.md). Before, the analysis grouped only
// iterations of the innermost loop (4-byte loads predicted). This file,
// measured: runtime-verify/compare-vectorization-loops.test.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); print([(a['line'], a['instruction_bytes'], a['merged_iterations']) for k in r['kernels'] for a in k['accesses'] if a['kind'] == 'load'])" | FileCheck --check-prefix=JSON %s
// JSON: [(32, None, None), (36, 16, 4)]

// CHECK-LABEL: kernel blocktile1d<64, 64, 8, 8>
template <int BM, int BN, int BK, int TM>
__global__ void blocktile1d(const float *A, const float *B, float *C, int K) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  int col = threadIdx.x % BN, row = threadIdx.x / BN;
  float acc[TM] = {};
  for (int tile = 0; tile < K; tile += BK) {
    As[threadIdx.x] = A[tile * BM + threadIdx.x];
    Bs[threadIdx.x] = B[tile * BN + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      // 16 warps x 2 tiles x 8 k: 256 LDS, conflict-free.
      // CHECK: access Bs load L[[@LINE+1]]:17 width=4 {{.*}}wavefronts=1 mean=1 ideal=1 ways=1 status=exact
      float b = Bs[k * BN + col];
      // 16 warps x 2 tiles x 8 rows x 2 LDS.128: 512, 2 wavefronts each.
      // CHECK: access As load L[[@LINE+2]]:19 width=4 {{.*}}wavefronts=2 mean=2 ideal=2 ways=1 status=exact
      for (int i = 0; i < TM; ++i)
        acc[i] += As[(row * TM + i) * BK + k] * b;
    }
    __syncthreads();
  }
  for (int i = 0; i < TM; ++i)
    C[(row * TM + i) * BN + col] = acc[i];
}
// 256 + 1024 wavefronts in 768 loads.
// CHECK: totals blocktile1d<64, 64, 8, 8> shape=0 load=1280/768

void launch(const float *A, const float *B, float *C) {
  blocktile1d<64, 64, 8, 8><<<1, 512>>>(A, B, C, 16);
}
