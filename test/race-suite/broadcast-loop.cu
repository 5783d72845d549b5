// Race suite: thread 0 publishes a per-iteration scale in a shared word that
// the whole block reads.
// bcast_loop_racy: a barrier after the publish but none at the end of the
// body, so thread 0 can overwrite the scale while other warps still read the
// old one.
// bcast_loop_fixed: the same with the second barrier.

__global__ void bcast_loop_racy(const float *in, const float *scale, float *out) {
  // label: racy: thread 0 rewrites scale_s for iteration k+1 while thread 32 (warp 1) may still read it for k
  __shared__ float scale_s;
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    if (t == 0)
      scale_s = scale[k];
    __syncthreads();
    acc += scale_s * in[k * 256 + t];
  }
  out[t] = acc;
}

__global__ void bcast_loop_fixed(const float *in, const float *scale, float *out) {
  // label: race-free: the second barrier keeps each publish behind the last read of the previous one
  __shared__ float scale_s;
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    if (t == 0)
      scale_s = scale[k];
    __syncthreads();
    acc += scale_s * in[k * 256 + t];
    __syncthreads();
  }
  out[t] = acc;
}

#include "Inputs/race-harness.cuh"

int main(int argc, char **argv) {
  float *in, *scale, *out;
  cudaMalloc(&in, 4 * 256 * sizeof(float));
  cudaMalloc(&scale, 4 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  fill_ramp<<<4, 256>>>(in, 4 * 256);
  fill_ramp<<<1, 4>>>(scale, 4);
  if (wanted(argc, argv, "bcast_loop_racy"))
    bcast_loop_racy<<<1, 256>>>(in, scale, out);
  if (wanted(argc, argv, "bcast_loop_fixed"))
    bcast_loop_fixed<<<1, 256>>>(in, scale, out);
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
// bcast_loop_racy (line 8): label racy; racecheck WAR/RAW errors :17/:15; smem-lint warns (smem-barrier-reuse)
// CHECK: broadcast-loop.cu:15:7: warning: missing second barrier: the loop at line 13 refills 'scale_s' while other threads may still read the previous iteration: thread 0 writes scale_s, which thread 255 reads at line 17 in the iteration before (block 256x1, sm_90) [smem-barrier-reuse]
//
// bcast_loop_fixed (line 22): label race-free; racecheck clean; smem-lint clean
//
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
