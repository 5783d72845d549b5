// A grid-stride loop over rows, a barrier in each iteration, one row per
// z-slice of the block (llm.c's fused_residual_forward_kernel6): where the
// rows do not divide by the grid's slices, the slices of the last sweep that
// run out exit while the others wait at the barrier. Whether block 0 sees
// that depends on gridDim.x: with a grid the launch does not show, the
// analysis takes gridDim.x = 1, and the finding rests on that value: a note
// that says so. With the grid from the launch it is a fact: a warning.
// The first launch's grid comes from the device (rows<0>), the second's is
// 1 (rows<1>), the third's 3 (rows<2>).
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:" --implicit-check-not="note: divergent"
int blocksFromDevice();

// N = 10, 4 slices, one block: slices 0 and 1 take rows 8 and 9, slices 2
// and 3 (64 threads) have exited.
template <int Variant> __global__ void rows(float *out, int N) {
  __shared__ float partial[4];
  for (int row = blockIdx.x * blockDim.z + threadIdx.z; row < N;
       row += gridDim.x * blockDim.z) {
    if (threadIdx.x == 0)
      partial[threadIdx.z] = row;
    __syncthreads();
    // CHECK-DAG: divergent-barrier-assumed-grid.cu:[[@LINE-1]]:5: note: divergent barrier: 64 of 128 threads of the block do not reach it (thread (0,0,2) returned before it, thread (0,0,0) arrives) with gridDim.x = 1, a value the analysis assumed (block 32x1x4, sm_90) [smem-divergent-barrier]
    // CHECK-DAG: divergent-barrier-assumed-grid.cu:[[@LINE-2]]:5: warning: divergent barrier: 64 of 128 threads of the block do not reach it (thread (0,0,2) returned before it, thread (0,0,0) arrives) (block 32x1x4, sm_90) [smem-divergent-barrier]
    out[row] = partial[3 - threadIdx.z];
    __syncthreads();
    // CHECK-DAG: divergent-barrier-assumed-grid.cu:[[@LINE-1]]:5: note: divergent barrier: {{.*}} with gridDim.x = 1, a value the analysis assumed (block 32x1x4
    // CHECK-DAG: divergent-barrier-assumed-grid.cu:[[@LINE-2]]:5: warning: divergent barrier: {{.*}} arrives) (block 32x1x4
  }
}

void run(float *out) {
  rows<0><<<blocksFromDevice(), dim3(32, 1, 4)>>>(out, 10);
  rows<1><<<1, dim3(32, 1, 4)>>>(out, 10);
  // Three blocks of four slices take the ten rows in one sweep: block 0
  // runs rows 0-3 and all its threads leave together, no finding.
  rows<2><<<3, dim3(32, 1, 4)>>>(out, 10);
}
