// A block barrier that part of the block does not reach.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// RUN: %if cuda-toolkit %{ not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="warning:" %}
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void halfBlock(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  if (threadIdx.x < 128)
    __syncthreads();
  // CHECK: divergent-barrier.cu:[[@LINE-1]]:5: warning: divergent barrier: 128 of 256 threads of the block do not reach it (thread 128 skips it, thread 0 arrives) (block 256x1, sm_90) [smem-divergent-barrier]
  // CHECK: note: every thread of the block must reach the same barrier
  out[threadIdx.x] = s[threadIdx.x];
}

// After a thread-dependent early return.
__global__ void earlyReturn(float *out, int n) {
  __shared__ float s[256];
  if (threadIdx.x >= n)
    return;
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  // CHECK: divergent-barrier.cu:[[@LINE-1]]:3: warning: divergent barrier: 56 of 256 threads of the block do not reach it (thread 200 returned before it, thread 0 arrives) (block 256x1, sm_90) [smem-divergent-barrier]
  // CHECK: divergent-barrier.cu:[[@LINE-2]]:3: note: every thread of the block must reach the same barrier: instead of returning early, keep those threads and guard only their work with the condition, so that they reach the barrier too
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// A loop whose trip count differs between threads.
__global__ void perThreadTrips(float *out) {
  __shared__ float s[64];
  for (int i = 0; i < threadIdx.x % 4; ++i)
    cg::this_thread_block().sync();
  // CHECK: divergent-barrier.cu:[[@LINE-1]]:5: warning: divergent barrier: 16 of 64 threads of the block do not reach it (thread 0 skips it, thread 1 arrives) (block 64x1, sm_90) [smem-divergent-barrier]
  out[threadIdx.x] = s[threadIdx.x];
}

// A uniform condition is fine, and so is __syncthreads_count in a loop every
// thread runs the same number of times.
__global__ void uniform(float *out, int flag) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  if (blockIdx.x == 0 && flag)
    __syncthreads();
  for (int i = 0; i < 4; ++i)
    if (__syncthreads_count(s[threadIdx.x] > 0.0f) == 0)
      break;
  out[threadIdx.x] = s[threadIdx.x];
}

// __syncwarp(mask) needs only the lanes its mask names (as a 16-thread
// tile's sync does, case dxtc); __syncwarp() needs the whole warp.
__global__ void halfWarp(float *out) {
  __shared__ float s[64];
  unsigned lane = threadIdx.x & 31;
  if (lane < 16) {
    s[threadIdx.x] = 1.0f;
    __syncwarp(0xffffu);
    out[threadIdx.x] = s[threadIdx.x ^ 1];
    __syncwarp();
    // CHECK: divergent-barrier.cu:[[@LINE-1]]:5: warning: divergent __syncwarp(): 16 of the 32 lanes of the warp skip it (thread 16 does, thread 0 does not) but the mask names the whole warp (block 64x1, sm_90) [smem-divergent-barrier]
  }
  if (lane >= 8) {
    __syncwarp(0xffffu);
    // CHECK: divergent-barrier.cu:[[@LINE-1]]:5: warning: divergent __syncwarp(): 8 of the 16 lanes its mask names skip it (thread 0 does, thread 8 does not) (block 64x1, sm_90) [smem-divergent-barrier]
  }
  // Lanes that have exited need not arrive; these go on.
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *f) {
  halfWarp<<<1, 64>>>(f);
  halfBlock<<<1, 256>>>(f);
  earlyReturn<<<1, 256>>>(f, 200);
  perThreadTrips<<<1, 64>>>(f);
  uniform<<<1, 256>>>(f, 1);
}
