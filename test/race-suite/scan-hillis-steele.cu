// Race suite: inclusive Hillis-Steele scan of 256 values in one block.
// Each step adds the value 'offset' places to the left. The step must read
// every value before any thread overwrites its own: a barrier between the
// read and the write, and another after the write.
// scan_hs_fixed: both barriers.
// scan_hs_racy: the barrier between the read and the write is missing.

__global__ void scan_hs_fixed(const float *in, float *out) {
  // label: race-free: reads and writes of each step sit in different barrier intervals
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned offset = 1; offset < 256; offset <<= 1) {
    float left = t >= offset ? s[t - offset] : 0.0f;
    __syncthreads();
    s[t] += left;
    __syncthreads();
  }
  out[t] = s[t];
}

__global__ void scan_hs_racy(const float *in, float *out) {
  // label: racy: thread 32 writes s[32] while thread 64 (offset 32) may not have read it yet
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned offset = 1; offset < 256; offset <<= 1) {
    float left = t >= offset ? s[t - offset] : 0.0f;
    s[t] += left;
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
  if (wanted(argc, argv, "scan_hs_fixed"))
    scan_hs_fixed<<<1, 256>>>(in, out);
  if (wanted(argc, argv, "scan_hs_racy"))
    scan_hs_racy<<<1, 256>>>(in, out);
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
// scan_hs_fixed (line 8): label race-free; racecheck clean; smem-lint clean
//
// scan_hs_racy (line 23): label racy; racecheck WAR/RAW errors :30/:31; smem-lint warns
// CHECK: scan-hillis-steele.cu:31:5: warning: missing barrier: thread 31 writes s[31], which thread 32 reads at line 30 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
//
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
