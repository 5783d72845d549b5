// Race suite: shared-memory tree reduction of 256 values per block.
// reduce_fixed: a barrier ends every step of the loop.
// reduce_racy: the barrier inside the loop is missing, so a step reads the
// partial sums of the step before while their writers may not have stored them.

__global__ void reduce_fixed(const float *in, float *out) {
  // label: race-free: every step is separated from the next by __syncthreads()
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void reduce_racy(const float *in, float *out) {
  // label: racy: with stride 64 thread 0 reads s[64], which thread 64 (warp 2) wrote in step 128
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
  }
  __syncthreads();
  if (t == 0)
    out[blockIdx.x] = s[0];
}

#include "Inputs/race-harness.cuh"

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 4 * 256 * sizeof(float));
  cudaMalloc(&out, 4 * sizeof(float));
  fill_ramp<<<4, 256>>>(in, 4 * 256);
  if (wanted(argc, argv, "reduce_fixed"))
    reduce_fixed<<<4, 256>>>(in, out);
  if (wanted(argc, argv, "reduce_racy"))
    reduce_racy<<<4, 256>>>(in, out);
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
// reduce_fixed (line 6): label race-free; racecheck clean; smem-lint clean
//
// reduce_racy (line 21): label racy; racecheck RAW/WAR errors and warp-level warnings at :29; smem-lint warns
// CHECK: reduction.cu:29:15: warning: missing barrier: thread 0 reads s[64], written by thread 64 at line 29 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
//
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
