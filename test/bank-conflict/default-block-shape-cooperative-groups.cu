// The assumed block of a kernel that indexes only threadIdx.x itself and
// synchronises its grid through cooperative groups, whose grid sync reads
// threadIdx.y and .z (to pick each block's master thread) for any block:
// 1-D, 256x1, as for any kernel without threadIdx.y of its own
// (default-block-shape.cu). Before, the header's reads made it 32x4x2; in
// cuda-samples' simpleAWBarrier (launched 1-D) a barrier counted with
// blockDim.x then had 32 arrivals expected of 256 threads, a protocol the
// evaluation could not follow.
//
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit --format=json %s | %summarize | FileCheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK: kernel gridSynced L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void gridSynced(float *out) {
  __shared__ float s[256];
  cg::grid_group grid = cg::this_grid();
  s[threadIdx.x] = threadIdx.x;
  grid.sync();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// Its own threadIdx.y still makes 32-wide rows.
// CHECK: kernel gridSyncedTwoD L[[@LINE+1]] block_dims=32x8x1(default)
__global__ void gridSyncedTwoD(float *out) {
  __shared__ float tile[32][33];
  cg::grid_group grid = cg::this_grid();
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  grid.sync();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
