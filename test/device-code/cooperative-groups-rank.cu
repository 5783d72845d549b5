// Indices from cooperative groups ranks (case r2): thread_rank() and
// meta_group_rank() compile to thread-index arithmetic, so the race they
// index is seen. Warp 0 clears acc[0..31] at line 14; at line 16 every warp w
// writes acc[w] with no barrier between: thread 32 (warp 1) writes acc[1],
// which thread 1 (warp 0) cleared. The warp's sum may be 0 too (then the
// order does not matter), so the finding is a note that says so.
//
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit %s 2>&1 | FileCheck %s
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void partials(const float *in, float *out) {
  __shared__ float acc[32];
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  if (warp.meta_group_rank() == 0)
    acc[warp.thread_rank()] = 0.0f;
  // CHECK: cooperative-groups-rank.cu:[[@LINE+1]]:3: note: missing barrier: thread 32 writes acc[1], also written by thread 1 at line [[@LINE-1]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  acc[warp.meta_group_rank()] = cg::reduce(warp, in[threadIdx.x], cg::plus<float>());
  __syncthreads();
  out[threadIdx.x] = cg::reduce(warp, acc[warp.thread_rank()], cg::plus<float>());
}
int main() { partials<<<1, 256>>>(nullptr, nullptr); }
