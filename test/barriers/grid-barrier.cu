// Case x_griddiv: a grid barrier only some blocks reach. grid.sync() waits
// until every block of the grid has arrived; with `blockIdx.x % 2 == 0` the
// odd blocks never arrive and the even ones wait forever. The analysis runs
// block 0 and, for kernels with a grid barrier, its neighbours along each
// axis the grid has (block (1,0,0) here), and compares how often each
// reaches every grid barrier. A grid barrier every block reaches, or a
// block-index condition every block answers the same, is not reported.

// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// grid-barrier-toolkit.test runs this file with the CUDA headers too.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK: grid-barrier.cu:[[@LINE+5]]:28: warning: divergent grid barrier: block (1,0,0) never reaches it, block (0,0,0) does (block 256x1, sm_90) [smem-divergent-barrier]
// CHECK: grid-barrier.cu:[[@LINE+4]]:28: note: a grid barrier waits until every block of the grid arrives: the blocks that reach it wait for the others forever (the kernel hangs); make every block reach it the same number of times
// smem-lint: block_dim(256)
__global__ void odd_blocks_skip(int *a) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x % 2 == 0) g.sync();
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}

// Every block: no finding (the condition on the grid size is the same for
// all of them).
// smem-lint: block_dim(256)
__global__ void every_block(int *a, int steps) {
  cg::grid_group g = cg::this_grid();
  for (int i = 0; i < steps; ++i) {
    a[g.thread_rank()] += i;
    if (gridDim.x > 1)
      cg::sync(g);
  }
}

// Block 0 alone runs a second round: the other blocks pass the barrier
// fewer times than it, and the grid hangs in block 0's extra round.
// CHECK: grid-barrier.cu:[[@LINE+7]]:5: warning: divergent grid barrier: block (1,0,0) reaches it fewer times than block (0,0,0)
// CHECK: grid-barrier.cu:[[@LINE+6]]:5: note: a grid barrier waits until every block
// smem-lint: block_dim(128)
__global__ void block_zero_twice(int *a) {
  cg::grid_group g = cg::this_grid();
  for (int round = 0; round < (blockIdx.x == 0 ? 2 : 1); ++round) {
    a[blockIdx.x] += round;
    g.sync();
  }
}
// CHECK: smem-lint: 2 warnings and 0 errors in 1 file
