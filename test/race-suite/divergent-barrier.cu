// Race suite: a barrier that only half of the block reaches.
// div_barrier_racy: threads 128-255 skip the barrier, so their read of the
// mirror value is ordered with nothing; the barrier itself is undefined
// behaviour (CUDA C++ Programming Guide).
// div_barrier_fixed: the barrier is out of the branch; the work is guarded.

__global__ void div_barrier_racy(const float *in, float *out) {
  // label: racy: thread 255 skips the barrier and reads s[0], written by thread 0 (warp 0)
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  if (t < 128)
    __syncthreads();
  out[t] = s[255 - t];
}

__global__ void div_barrier_fixed(const float *in, float *out) {
  // label: race-free: every thread reaches the barrier before reading
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 128)
    out[t] = s[255 - t];
  else
    out[t] = s[t];
}

#include "Inputs/race-harness.cuh"

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  fill_ramp<<<1, 256>>>(in, 256);
  if (wanted(argc, argv, "div_barrier_racy"))
    div_barrier_racy<<<1, 256>>>(in, out);
  if (wanted(argc, argv, "div_barrier_fixed"))
    div_barrier_fixed<<<1, 256>>>(in, out);
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
// div_barrier_racy (line 7): label racy; racecheck RAW/WAR errors :11/:14 (synccheck silent); smem-lint warns
// CHECK: divergent-barrier.cu:13:5: warning: divergent barrier: 128 of 256 threads of the block do not reach it (thread 128 skips it, thread 0 arrives) (block 256x1, sm_90) [smem-divergent-barrier]
// CHECK: divergent-barrier.cu:14:12: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line 11, and thread 255 does not reach the barrier at line 13 in between (block 256x1, sm_90) [smem-missing-barrier]
//
// div_barrier_fixed (line 17): label race-free; racecheck clean; smem-lint clean
//
// CHECK: smem-lint: 2 warnings and 0 errors in 1 file
