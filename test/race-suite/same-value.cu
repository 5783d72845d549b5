// Race suite: every thread of the block stores to one shared word.
// same_value_all: every thread stores the same value (the block size, and a
// cleared flag), then reads it after a barrier. By the letter of the CUDA
// memory model these are still unordered writes; racecheck compares the
// values and the project treats it as benign.
// last_writer_racy: every thread stores its own index; which one remains
// depends on scheduling.

__global__ void same_value_all(int *out) {
  // label: race-free: every writer stores the same value, so the word ends the same whichever lands
  __shared__ int count;
  __shared__ int done;
  count = blockDim.x;
  done = 0;
  __syncthreads();
  out[threadIdx.x] = count + done;
}

__global__ void last_writer_racy(int *out) {
  // label: racy: threads 0-255 store different values to last in one statement
  __shared__ int last;
  last = threadIdx.x;
  __syncthreads();
  out[256 + threadIdx.x] = last;
}

#include "Inputs/race-harness.cuh"

int main(int argc, char **argv) {
  int *out;
  cudaMalloc(&out, 512 * sizeof(int));
  if (wanted(argc, argv, "same_value_all"))
    same_value_all<<<1, 256>>>(out);
  if (wanted(argc, argv, "last_writer_racy"))
    last_writer_racy<<<1, 256>>>(out);
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
// same_value_all (line 9): label race-free; racecheck clean (info level: identical-data WAW only); smem-lint clean
//
// last_writer_racy (line 19): label racy; racecheck WAW errors at :22; smem-lint warns (smem-conflicting-writes)
// CHECK: same-value.cu:22:3: warning: conflicting writes: thread 0 (warp 0) and thread 32 (warp 1) both write last in this statement, with different values; warps run the statement at different times, so the last one wins (block 256x1, sm_90) [smem-conflicting-writes]
//
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
