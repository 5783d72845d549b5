// A 32-iteration k loop whose body reads two arrays, the shared-memory tiling
// of SGEMM_CUDA's kernel 3: `tmp += As[r * 32 + k] * Bs[k * 32 + c]`, r the
// warp (every lane of a warp reads the same As word). nvcc unrolls the loop
// whole and ptxas merges each four As reads into one LDS.128: 8 per tile
// (nvcc 13 `-O3 -arch=sm_90`, cuobjdump -sass, 2026-12-05 on the H200
// machine: LDS.128 x8 for dot<32>, x16 for dot<64>, x16 for an unrolled
// 16-iteration loop of five reads). A uniform 16-byte load takes 2
// wavefronts (shared/ref/h200-shared-memory.md, "every lane reads a[0]").
// SGEMM_CUDA's kernel 3 itself, measured with `smem-lint --verify --run` on
// an H100 (issue 18's note of 2026-12-05): line 48 LDS.128 x8, 2.00
// wavefronts x 2048 instructions at K = 256, as predicted here. Before, the
// copy compiled as nvcc would unrolled this loop by two (8-byte loads
// predicted). Measured: runtime-verify/compare-vectorization-loops.test.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s

// CHECK-LABEL: kernel dot<32>
template <int N> __global__ void dot(float *out, int K) {
  __shared__ float As[N * N], Bs[N * N];
  int r = threadIdx.x / N, c = threadIdx.x % N;
  float tmp = 0;
  for (int t = 0; t < K; t += N) {
    As[threadIdx.x] = out[threadIdx.x + t];
    Bs[threadIdx.x] = out[threadIdx.x + 2 * t];
    __syncthreads();
    for (int k = 0; k < N; ++k)
      // 32 warps x 2 tiles x 8 LDS.128 = 512 loads, 2 wavefronts each.
      // CHECK: access As load L[[@LINE+3]]:14 width=4 {{.*}}wavefronts=2 mean=2 ideal=2 ways=1 status=exact
      // 32 warps x 2 tiles x 32 LDS, conflict-free.
      // CHECK: access Bs load L[[@LINE+1]]:30 width=4 {{.*}}wavefronts=1 mean=1 ideal=1 ways=1 status=exact
      tmp += As[r * N + k] * Bs[k * N + c];
    __syncthreads();
  }
  out[threadIdx.x] = tmp;
}
// 512 As + 2048 Bs loads: 1024 + 2048 wavefronts.
// CHECK: totals dot<32> shape=0 load=3072/2560

void launch(float *out) { dot<32><<<1, 1024>>>(out, 64); }
