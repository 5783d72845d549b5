// A 32-iteration k loop too large to unroll whole (five reads per iteration:
// a register tile of four rows times one Bs word). nvcc unrolls it by 8 and
// ptxas merges each row's 8 As reads into two LDS.128 (nvcc 13 `-O3
// -arch=sm_90 -lineinfo`, nvdisasm -g, 2026-12-06 on the H200 machine:
// utils/gpu-probes/unroll_probes.cu's heavy<32>, LDS.128 x2 at each As line
// and LDS x8 at the Bs line per iteration of the unrolled loop; the same for
// heavy<64> and heavy<128>). Every lane of a warp reads the same As words
// (r is the warp): a uniform 16-byte load takes 2 wavefronts
// (shared/ref/h200-shared-memory.md, "every lane reads a[0]"). Before, the
// copy compiled as nvcc would kept this loop rolled and 4-byte loads were
// predicted.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s

// CHECK-LABEL: kernel heavy
__global__ void heavy(float *out, int K) {
  __shared__ float As[4096], Bs[4096];
  int r = threadIdx.x / 32, c = threadIdx.x % 32;
  float tmp[4] = {0, 0, 0, 0};
  for (int t = 0; t < K; t += 32) {
    As[threadIdx.x] = out[threadIdx.x + t];
    Bs[threadIdx.x] = out[threadIdx.x + 2 * t];
    __syncthreads();
    for (int k = 0; k < 32; ++k) {
      // 32 LDS per warp and tile, conflict-free.
      // CHECK: access Bs load L[[@LINE+1]]:17 width=4 {{.*}}wavefronts=1 mean=1 ideal=1 ways=1 status=exact
      float b = Bs[k * 32 + c];
      // 8 LDS.128 per row, warp and tile: 8 warps x 2 tiles x 8 = 128
      // loads of 2 wavefronts each.
      // CHECK: access As load L[[@LINE+1]]:17 width=4 {{.*}}wavefronts=2 mean=2 ideal=2 ways=1 status=exact
      tmp[0] += As[r * 32 + k] * b;
      // CHECK: access As load L[[@LINE+1]]:17 width=4 {{.*}}wavefronts=2 mean=2 ideal=2 ways=1 status=exact
      tmp[1] += As[(r + 8) * 32 + k] * b;
      // CHECK: access As load L[[@LINE+1]]:17 width=4 {{.*}}wavefronts=2 mean=2 ideal=2 ways=1 status=exact
      tmp[2] += As[(r + 16) * 32 + k] * b;
      // CHECK: access As load L[[@LINE+1]]:17 width=4 {{.*}}wavefronts=2 mean=2 ideal=2 ways=1 status=exact
      tmp[3] += As[(r + 24) * 32 + k] * b;
    }
    __syncthreads();
  }
  out[threadIdx.x] = tmp[0] + tmp[1] + tmp[2] + tmp[3];
}
// Loads per block: Bs 8 warps x 2 tiles x 32 = 512 at 1 wavefront; As 4 rows
// x 128 = 512 at 2: 1024 loads, 1536 wavefronts.
// CHECK: totals heavy shape=0 load=1536/1024

void launch(float *out) { heavy<<<1, 256>>>(out, 64); }
