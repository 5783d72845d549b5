// Race suite: a loop over 4 tiles of 256 inputs staged in shared memory; each
// thread combines its own value with its mirror's (s[255 - t], another warp).
// tile_one_barrier: one buffer, a barrier after the load but none at the end
// of the body, so the next refill can overwrite values still being read.
// tile_two_barriers: the same with the second barrier.
// double_buffered: two buffers; iteration k loads tile k+1 into the other
// buffer while tile k is read, one barrier per iteration.
// double_buffered_racy: two buffers, but the barrier sits between the read
// and the prefetch, so the next iteration reads the prefetched tile unordered.

#define TILES 4

__global__ void tile_one_barrier(const float *in, float *out) {
  // label: racy: thread 0 refills s[0] for tile k+1 while thread 255 (warp 7) may still read it for tile k
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < TILES; ++k) {
    s[t] = in[k * 256 + t];
    __syncthreads();
    acc += s[t] * s[255 - t];
  }
  out[t] = acc;
}

__global__ void tile_two_barriers(const float *in, float *out) {
  // label: race-free: the second barrier keeps each refill behind the last read of the tile
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < TILES; ++k) {
    s[t] = in[k * 256 + t];
    __syncthreads();
    acc += s[t] * s[255 - t];
    __syncthreads();
  }
  out[t] = acc;
}

__global__ void double_buffered(const float *in, float *out) {
  // label: race-free: buffer (k+1)&1 was last read in iteration k-1, before the barrier ending it
  __shared__ float s[2][256];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  s[0][t] = in[t];
  __syncthreads();
  for (int k = 0; k < TILES; ++k) {
    if (k + 1 < TILES)
      s[(k + 1) & 1][t] = in[(k + 1) * 256 + t];
    acc += s[k & 1][t] * s[k & 1][255 - t];
    __syncthreads();
  }
  out[t] = acc;
}

__global__ void double_buffered_racy(const float *in, float *out) {
  // label: racy: iteration k+1 reads s[(k+1)&1][255 - t], prefetched by thread 255 - t after the last barrier
  __shared__ float s[2][256];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  s[0][t] = in[t];
  __syncthreads();
  for (int k = 0; k < TILES; ++k) {
    acc += s[k & 1][t] * s[k & 1][255 - t];
    __syncthreads();
    if (k + 1 < TILES)
      s[(k + 1) & 1][t] = in[(k + 1) * 256 + t];
  }
  out[t] = acc;
}

#include "Inputs/race-harness.cuh"

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, TILES * 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  fill_ramp<<<4, 256>>>(in, TILES * 256);
  if (wanted(argc, argv, "tile_one_barrier"))
    tile_one_barrier<<<1, 256>>>(in, out);
  if (wanted(argc, argv, "tile_two_barriers"))
    tile_two_barriers<<<1, 256>>>(in, out);
  if (wanted(argc, argv, "double_buffered"))
    double_buffered<<<1, 256>>>(in, out);
  if (wanted(argc, argv, "double_buffered_racy"))
    double_buffered_racy<<<1, 256>>>(in, out);
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
// tile_one_barrier (line 13): label racy; racecheck WAR/RAW errors :19/:21; smem-lint warns (smem-barrier-reuse)
// CHECK: tiled-loop.cu:19:5: warning: missing second barrier: the loop at line 18 refills 's' while other threads may still read the previous iteration: thread 0 writes s[0], which thread 255 reads at line 21 in the iteration before (block 256x1, sm_90) [smem-barrier-reuse]
//
// tile_two_barriers (line 26): label race-free; racecheck clean; smem-lint clean
//
// double_buffered (line 40): label race-free; racecheck clean; smem-lint clean
//
// double_buffered_racy (line 56): label racy; racecheck RAW/WAR errors :67/:64; smem-lint warns
// CHECK: tiled-loop.cu:64:26: warning: missing barrier: thread 0 reads s[1][255], written by thread 255 at line 67 with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
//
// CHECK: smem-lint: 2 warnings and 0 errors in 1 file
