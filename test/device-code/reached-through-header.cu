// A kernel whose shared access is written in a library header (CuTe's
// copy.hpp, CUB's block primitives). The diagnostic is placed where the
// access is, in the header, and a note names the line in the user's file
// that reaches it, the outermost call that the compiler inlined.
//
// 32 threads write Tile[tid][0]: word tid*32, all in bank 0, 32 wavefronts
// (32 different words of one bank).
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
#include "Inputs/tile-copy.h"

__global__ void copyKernel(const float *In, float *Out) {
  __shared__ float Tile[32][32];
  copyColumn(Tile, In, 0);
  __syncthreads();
  Out[threadIdx.x] = Tile[0][threadIdx.x];
}

int main() { copyKernel<<<1, 32>>>(nullptr, nullptr); }

// CHECK: tile-copy.h:6:3: warning: 32-way bank conflict: write of 'Tile'
// CHECK: reached-through-header.cu:14:3: note: the kernel reaches this access of 'Tile' through this call
// CHECK-NEXT: copyColumn(Tile, In, 0);
