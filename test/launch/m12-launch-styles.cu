// From ../shared/cases/m12_launch_styles.cu: the same 16x16 kernel launched
// six ways. Every launch uses a 16x16 block, so s[ty][tx] is in bounds and
// the row write is conflict-free; the column read s[tx][ty] (16-word rows):
// lanes 0-15 (ty = 0) read words 0, 16, ..., 240 -> banks 0, 16 -> 8 words
// per bank; lanes 16-31 (ty = 1): 1, 17, ... -> banks 1, 17: 8-way.
// Five launches give their shape. The device-side launch in k_parent is one
// Clang 19 cannot parse (it needs -fgpu-rdc and then still rejects it): that
// is said at the launch, and k_child is analysed with an assumed shape, which
// says so: not the default 32x8, which would send threads 16-31 of each row
// past the 16-element rows of 's', but the tile's own 16x16 (ProblemSizes.h),
// so it gets the launches' 8-way, as a note.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
// CHECK-DAG: m12-launch-styles.cu:[[#READ_TMPL:]]:38: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (in 'k_tmpl<16>', block 16x16, sm_90)
// CHECK-DAG: m12-launch-styles.cu:[[#READ_TMPL+6]]:39: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK-DAG: m12-launch-styles.cu:[[#READ_TMPL+12]]:39: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK-DAG: m12-launch-styles.cu:[[#READ_TMPL+18]]:39: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK-DAG: m12-launch-styles.cu:[[#READ_TMPL+24]]:39: note: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
// CHECK-DAG: note: analysed with the assumed block 16x16, which keeps the threads inside the shared tile 's[16][16]' they index (the default block sends them past it): no launch of 'k_child' with a constant block shape was found
// CHECK-DAG: note: a device-side kernel launch (dynamic parallelism), which Clang 19 cannot parse: this launch is not analysed
// The same 16x16 kernel launched six ways. Every launch uses a 16x16 block, so
// s[ty][tx] is in bounds and the row write is conflict-free; the column read
// s[tx][ty] (16-word rows): lanes 0-15 (ty=0) words 0,16,..,240 -> banks 0,16
// -> 8 words per bank; lanes 16-31 (ty=1): 1,17,... -> banks 1,17 -> 8-way conflict.
// With a wrong (default 32x8) shape the tool would see tx up to 31: out of bounds.
#include <cuda_runtime.h>
constexpr int TILE_C = 16;
template <int T> __global__ void k_tmpl(float *o) {
  __shared__ float s[T][T];
  s[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.y * T + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void k_plain(float *o) {
  __shared__ float s[16][16];
  s[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void k_launchkernel(float *o) {
  __shared__ float s[16][16];
  s[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void k_launchex(float *o) {
  __shared__ float s[16][16];
  s[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void k_child(float *o) {
  __shared__ float s[16][16];
  s[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void k_parent(float *o) {
  if (threadIdx.x == 0) k_child<<<1, dim3(16, 16)>>>(o);   // dynamic parallelism
}
template <int TILE> void launch_tmpl(float *o) {
  dim3 block(TILE, TILE);
  k_tmpl<TILE><<<1, block>>>(o);
}
int main() {
  float *o;
  constexpr dim3 cblock(TILE_C, TILE_C);
  k_plain<<<1, cblock>>>(o);                    // constexpr dim3
  launch_tmpl<16>(o);                           // dim3 block(TILE, TILE), TILE a template parameter
  void *args[] = {&o};
  cudaLaunchKernel((const void *)k_launchkernel, dim3(1), dim3(16, 16), args, 0, 0);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1);
  cfg.blockDim = dim3(16, 16);
  cudaLaunchKernelEx(&cfg, k_launchex, o);
  k_parent<<<1, 1>>>(o);
}
