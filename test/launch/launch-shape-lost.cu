// From ../shared/cases/h_r07_launch_shape_lost.cu: every launch uses a 16x16
// block, through a constant, a variable, a function pointer and
// cudaLaunchKernel. Each kernel's column read s[tx][ty] of 16-word rows is
// then 8-way (lanes 0-15 on banks 0 and 16, lanes 16-31 on banks 1 and 17,
// 8 words each), and nothing is out of bounds or written twice; with the
// default 32x8 the last two were reported 16-way, out of bounds and with
// conflicting writes.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck --implicit-check-not='assumed' --implicit-check-not='out of bounds' --implicit-check-not='conflicting writes' %s
// CHECK: launch-shape-lost.cu:[[#K:]]:40: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK: launch-shape-lost.cu:[[#K+1]]:40: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK: launch-shape-lost.cu:[[#K+2]]:37: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK: launch-shape-lost.cu:[[#K+3]]:44: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
#include <cuda_runtime.h>
#define BODY                                                 \
  __shared__ float s[16][16];                                \
  s[threadIdx.y][threadIdx.x] = threadIdx.x;                 \
  __syncthreads();                                           \
  o[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
__global__ void k_constant(float *o) { BODY }       // 8-way
__global__ void k_variable(float *o) { BODY }       // block from a non-const variable
__global__ void k_fnptr(float *o) { BODY }          // launched through a function pointer
__global__ void k_launchkernel(float *o) { BODY }   // cudaLaunchKernel
int main() {
  float *o;
  k_constant<<<1, dim3(16, 16)>>>(o);
  int side = 16;
  k_variable<<<1, dim3(side, side)>>>(o);
  void (*fp)(float *) = k_fnptr;
  fp<<<1, dim3(16, 16)>>>(o);
  void *args[] = {&o};
  cudaLaunchKernel((const void *)k_launchkernel, dim3(1), dim3(16, 16), args, 0, 0);
}
