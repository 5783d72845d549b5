// A kernel whose shared access is written in a library header (CuTe's
// copy.hpp, CUB's block primitives). The diagnostic is placed where the
// access is, in the header, and a note names the line in the user's file
// that reaches it, the outermost call that the compiler inlined.
//
// 32 threads write Tile[tid][0]: word tid*32, all in bank 0, 32 wavefronts
// (32 different words of one bank).
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=reached-through-header.cu:26
#include "Inputs/tile-copy.h"

__global__ void copyKernel(const float *In, float *Out) {
  __shared__ float Tile[32][32];
  copyColumn(Tile, In, 0);
  __syncthreads();
  Out[threadIdx.x] = Tile[0][threadIdx.x];
}

// Two calls reach one access of the header with different costs: each is
// an access of its own, with its own cost and its own note. Stride 1: 32
// words in 32 banks, 1 wavefront. Stride 2: lanes t and t + 16 share bank
// 2t mod 32 with different words, 2 wavefronts. (Merged, the 2-way finding
// named the first call, the conflict-free one.)
__global__ void stridedKernel(const float *In, float *Out) {
  __shared__ float Flat[64];
  storeStrided(Flat, In, 1);
  __syncthreads();
  storeStrided(Flat, In, 2);
  __syncthreads();
  Out[threadIdx.x] = Flat[threadIdx.x];
}

// Two calls that find the same thing: one finding names both.
__global__ void stridedTwiceKernel(const float *In, float *Out) {
  __shared__ float Flat[64];
  storeStrided(Flat, In, 2);
  __syncthreads();
  storeStrided(Flat, In, 2);
  __syncthreads();
  Out[threadIdx.x] = Flat[threadIdx.x];
}

int main() {
  copyKernel<<<1, 32>>>(nullptr, nullptr);
  stridedKernel<<<1, 32>>>(nullptr, nullptr);
  stridedTwiceKernel<<<1, 32>>>(nullptr, nullptr);
}

// CHECK: tile-copy.h:6:3: warning: 32-way bank conflict: write of 'Tile'
// CHECK: reached-through-header.cu:14:3: note: the kernel reaches this access of 'Tile' through this call
// CHECK-NEXT: copyColumn(Tile, In, 0);

// CHECK: tile-copy.h:[[STRIDED:[0-9]+]]:3: warning: 2-way bank conflict: write of 'Flat' takes 2 wavefronts per warp instead of 1 (in 'stridedKernel'
// CHECK: reached-through-header.cu:28:3: note: the kernel reaches this access of 'Flat' through this call
// CHECK-NEXT: storeStrided(Flat, In, 2);

// CHECK: tile-copy.h:[[STRIDED]]:3: warning: 2-way bank conflict: write of 'Flat' takes 2 wavefronts per warp instead of 1 (in 'stridedTwiceKernel'
// CHECK: reached-through-header.cu:36:3: note: the kernel reaches this access of 'Flat' through this call
// CHECK: reached-through-header.cu:38:3: note: the kernel reaches it the same way through this call (the counts above are each call's)
