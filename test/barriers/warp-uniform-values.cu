// Values the analysis cannot compute but can show equal (case
// h_r02_warp_uniform_values): a cg::reduce result (the same in the 32 lanes
// of a tile), a shuffle broadcast (lane 0's value in every lane), and a load
// of one global address the kernel only reads. Each value gets a number from
// how it was computed; threads that store equal numbers to one word do not
// conflict. A value read through a pointer the kernel also writes may change
// between two reads, and stays "may be the same".
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="[smem-"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void k_reduce(const float *in, float *o, const float *bias_g) {
  __shared__ float warp_sum[8];
  __shared__ float bias;
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  float v = in[blockIdx.x * 256 + threadIdx.x];
  // Butterfly sums: lane l adds in another order than lane l^16, the same
  // terms; one value number.
  float total = cg::reduce(warp, v, cg::plus<float>());
  warp_sum[threadIdx.x / 32] = total;
  float b = __shfl_sync(0xffffffff, v, 0);
  // Lane 31's store of `total` above may land after lane 0's store of
  // `total + 0 * b` here (nothing orders the lanes of a warp): the values
  // differ only when b is infinite or NaN, so the finding is a note
  // (racecheck on an H200 calls these writes identical data). Within this
  // statement every lane stores total + 0 * b of its warp's lane 0.
  // CHECK: warp-uniform-values.cu:[[@LINE+3]]:3: note: warp-synchronous exchange without __syncwarp(): thread 0 writes warp_sum[0], also written by thread 31 of the same warp at line 22; {{.*}} [smem-warp-sync]
  // CHECK: warp-uniform-values.cu:22:3: note: thread 31 writes warp_sum[0] here
  // CHECK: warp-uniform-values.cu:[[@LINE+1]]:3: note: insert __syncwarp() here
  warp_sum[threadIdx.x / 32] += 0 * b;
  // One address of a pointer the kernel only reads: one value.
  bias = bias_g[blockIdx.x];
  __syncthreads();
  o[threadIdx.x] = warp_sum[threadIdx.x % 8] + bias;
}

// The same loads through a pointer the kernel writes: two threads may read
// before and after another block's (or this block's) write.
__global__ void k_written(float *buf) {
  __shared__ float first;
  // CHECK: warp-uniform-values.cu:[[@LINE+1]]:3: note: conflicting writes: thread 0 (warp 0) and thread 32 (warp 1) both write first in this statement; their values depend on what the analysis could not compute, and may be the same {{.*}} [smem-conflicting-writes]
  first = buf[blockIdx.x];
  __syncthreads();
  buf[blockIdx.x * 256 + threadIdx.x] = first;
}

// Shared memory is not numbered: the evaluation runs the lanes of a warp
// together, so two lanes of `bins[k] += 1` would read one value, though on
// the GPU one may read after the other's write. A broadcast through shared
// memory stays "may be the same".
__global__ void k_reread(const float *in, float *o) {
  __shared__ float leader;
  __shared__ float copy[8];
  if (threadIdx.x == 0)
    leader = in[0] * 2.0f;
  __syncthreads();
  // CHECK: warp-uniform-values.cu:[[@LINE+1]]:3: note: conflicting writes: thread 0 (warp 0) and thread 1 (warp 0) both write copy[0] in this statement; their values depend on what the analysis could not compute, and may be the same {{.*}} [smem-conflicting-writes]
  copy[threadIdx.x / 32] = leader + 1.0f;
  __syncthreads();
  o[threadIdx.x] = copy[threadIdx.x % 8];
}

int main() {
  float *i, *o, *b;
  k_reduce<<<1, 256>>>(i, o, b);
  k_written<<<1, 256>>>(o);
  k_reread<<<1, 256>>>(i, o);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 3 notes in 1 file
