// Races whose two accesses are one statement of a library header, reached
// through two calls in the kernel (CuTe's copy loop, first into the tile and
// then out of it, with no barrier between the calls; LeetCUDA's
// mat_transpose_cute.cu has one). The finding is at the header's access,
// with a note at each call, and the barrier goes between the two calls in
// the user's file: not into the header, and not "read into a register,
// then write" as for one statement of the user's.
//
// RUN: not %smem-lint --checks='-*,smem-missing-barrier,smem-warp-sync' %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="in one statement"
#include "../device-code/Inputs/tile-copy.h"

// 256 threads: thread 0 reads Tile[255], which thread 255 (another warp)
// wrote through the first call.
__global__ void reverseThroughHeader(const float *In, float *Out) {
  __shared__ float Tile[256];
  copyElement(Tile, In, threadIdx.x, threadIdx.x);
  copyElement(Out, Tile, threadIdx.x, 255 - threadIdx.x);
}

// CHECK: tile-copy.h:[[ACCESS:[0-9]+]]:{{[0-9]+}}: warning: missing barrier: thread 0 reads Tile[255], written by thread 255 at line 16 (in tile-copy.h:[[ACCESS]]) with no __syncthreads() in between
// CHECK: tile-copy.h:[[ACCESS]]:{{[0-9]+}}: note: thread 255 writes Tile[255] here
// CHECK: race-through-header.cu:17:3: note: the kernel reaches the read of 'Tile' by thread 0 through this call
// CHECK: race-through-header.cu:16:3: note: the kernel reaches the write of 'Tile' by thread 255 through this call
// CHECK: race-through-header.cu:17:3: note: insert __syncthreads() here so that every thread of the block finishes the access at line 16 (in tile-copy.h:[[ACCESS]]) first
// CHECK-NEXT: copyElement(Out, Tile, threadIdx.x, 255 - threadIdx.x);
// CHECK-NEXT: ^
// CHECK-NEXT: __syncthreads();

// One warp: the same exchange between lanes wants a __syncwarp() between
// the calls.
__global__ void reverseWarpThroughHeader(const float *In, float *Out) {
  __shared__ float Tile[32];
  copyElement(Tile, In, threadIdx.x, threadIdx.x);
  copyElement(Out, Tile, threadIdx.x, 31 - threadIdx.x);
}

// CHECK: tile-copy.h:[[ACCESS]]:{{[0-9]+}}: warning: warp-synchronous exchange without __syncwarp(): thread 0 reads Tile[31], written by thread 31 of the same warp at line 33 (in tile-copy.h:[[ACCESS]])
// CHECK: race-through-header.cu:34:3: note: the kernel reaches the read of 'Tile' by thread 0 through this call
// CHECK: race-through-header.cu:33:3: note: the kernel reaches the write of 'Tile' by thread 31 through this call
// CHECK: race-through-header.cu:34:3: note: insert __syncwarp() here to order the lanes of the warp
// CHECK-NEXT: copyElement(Out, Tile, threadIdx.x, 31 - threadIdx.x);
// CHECK-NEXT: ^
// CHECK-NEXT: __syncwarp();

// Both accesses in one call: the barrier goes between them, in the
// header's function.
__global__ void exchangeInHeader(const float *In, float *Out) {
  __shared__ float Tile[256];
  Out[threadIdx.x] = exchangeUnordered(Tile, In[threadIdx.x], 255 - threadIdx.x);
}

// CHECK: tile-copy.h:[[READ:[0-9]+]]:10: warning: missing barrier: thread 0 reads Tile[255], written by thread 255 at line 49 (in tile-copy.h:[[WRITE:[0-9]+]]) with no __syncthreads() in between
// CHECK: tile-copy.h:[[WRITE]]:3: note: thread 255 writes Tile[255] here
// CHECK: race-through-header.cu:49:22: note: the kernel reaches the read of 'Tile' by thread 0 through this call
// CHECK: tile-copy.h:[[READ]]:3: note: insert __syncthreads() here
// CHECK-NEXT: return Tile[From];
// CHECK-NEXT: ^
// CHECK-NEXT: __syncthreads();

int main() {
  reverseThroughHeader<<<1, 256>>>(nullptr, nullptr);
  reverseWarpThroughHeader<<<1, 32>>>(nullptr, nullptr);
  exchangeInHeader<<<1, 256>>>(nullptr, nullptr);
}
