// Race suite: bitonic sort of 256 floats by 256 threads in shared memory.
// In each step thread t pairs with t ^ j; the lower thread of the pair does
// a branchless compare-exchange of the two elements.
// bitonic_fixed: a barrier after every step.
// bitonic_racy: the barrier inside the inner loop is missing, so a step
// reads elements the previous step may not have written yet.

__global__ void bitonic_fixed(const float *in, float *out) {
  // label: race-free: every compare-exchange step ends with __syncthreads()
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned k = 2; k <= 256; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned p = t ^ j;
      if (p > t) {
        float a = s[t], b = s[p];
        bool up = (t & k) == 0;
        s[t] = up ? fminf(a, b) : fmaxf(a, b);
        s[p] = up ? fmaxf(a, b) : fminf(a, b);
      }
      __syncthreads();
    }
  }
  out[t] = s[t];
}

__global__ void bitonic_racy(const float *in, float *out) {
  // label: racy: with j = 64, thread 0 reads s[64], which thread 64 (warp 2) wrote at j = 128 unordered
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned k = 2; k <= 256; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned p = t ^ j;
      if (p > t) {
        float a = s[t], b = s[p];
        bool up = (t & k) == 0;
        s[t] = up ? fminf(a, b) : fmaxf(a, b);
        s[p] = up ? fmaxf(a, b) : fminf(a, b);
      }
    }
    __syncthreads();
  }
  out[t] = s[t];
}

#include "Inputs/race-harness.cuh"

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  fill_ramp<<<1, 256>>>(in, 256);
  if (wanted(argc, argv, "bitonic_fixed"))
    bitonic_fixed<<<1, 256>>>(in, out);
  if (wanted(argc, argv, "bitonic_racy"))
    bitonic_racy<<<1, 256>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}

// ---------------------------------------------------------------------------
// smem-lint's current verdict on this file, kernel by kernel (docs/measurements/
// race-suite.md). The checks sit down here, with absolute line numbers, so that
// the kernels above stay line for line the source racecheck ran on the H200.
// RUN: not %smem-lint --checks='-*,smem-missing-barrier,smem-warp-sync,smem-conflicting-writes,smem-barrier-reuse,smem-divergent-barrier' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="[smem-"
//
// bitonic_fixed (line 8): label race-free; racecheck clean; smem-lint clean
//
// bitonic_racy (line 29): label racy; racecheck RAW/WAR/WAW errors and warp-level warnings :39-:42; smem-lint warns (9 findings)
// CHECK: bitonic.cu:39:19: warning: missing barrier: thread 32 reads s[32], written by thread 0 at line 42 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: bitonic.cu:39:29: warning: missing barrier: thread 0 reads s[32], written by thread 32 at line 41 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: bitonic.cu:39:29: warning: missing barrier: thread 32 reads s[48], written by thread 16 at line 42 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: bitonic.cu:41:9: note: missing barrier: thread 32 writes s[32], also written by thread 0 at line 42 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: bitonic.cu:41:9: warning: missing second barrier: the loop at line 36 refills 's' while other threads may still read the previous iteration: thread 32 writes s[32], which thread 0 reads at line 39 in the iteration before (block 256x1, sm_90) [smem-barrier-reuse]
// CHECK: bitonic.cu:42:9: note: missing barrier: thread 0 writes s[32], also written by thread 32 at line 41 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: bitonic.cu:42:9: note: missing barrier: thread 32 writes s[48], also written by thread 16 at line 42 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: bitonic.cu:42:9: warning: missing second barrier: the loop at line 36 refills 's' while other threads may still read the previous iteration: thread 0 writes s[32], which thread 32 reads at line 39 in the iteration before (block 256x1, sm_90) [smem-barrier-reuse]
// CHECK: bitonic.cu:42:9: warning: missing second barrier: the loop at line 36 refills 's' while other threads may still read the previous iteration: thread 32 writes s[48], which thread 16 reads at line 39 in the iteration before (block 256x1, sm_90) [smem-barrier-reuse]
//
// CHECK: smem-lint: 6 warnings and 0 errors, 3 notes in 1 file
