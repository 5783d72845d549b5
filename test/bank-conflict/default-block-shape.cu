// Kernels with no launch of a constant shape are analysed with an assumed
// block: 256 threads (or the __launch_bounds__ maximum), as 32-wide rows when
// the kernel reads threadIdx.y (32x8) or threadIdx.z (32x4x2), else 1-D. The
// finding is a note that says the shape is assumed.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel oneD L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void oneD(float *out) {
  __shared__ float s[8192];
  // Word 32t -> 32 (row "tile[warp*1024 + lane*32]"), 8 warps.
  // CHECK: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: default-block-shape.cu:[[@LINE+2]]:22: note: 32-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90)
  // TEXT: default-block-shape.cu:[[@LINE-5]]:17: note: analysed with the assumed block 256x1: no launch of 'oneD' with a constant block shape was found; give the real shape with --block-dim or a {{.*}} comment above the kernel
  out[threadIdx.x] = s[threadIdx.x * 32];
}
// CHECK: totals oneD shape=0 load=256/8 store=0/0 atomic=0/0

// CHECK: kernel twoD L[[@LINE+1]] block_dims=32x8x1(default)
__global__ void twoD(float *out) {
  __shared__ float tile[32][32];
  // Block 32x8: word 32*lane + ty -> 32, as in the seed transpose.
  // CHECK: access tile load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: default-block-shape.cu:[[@LINE+2]]:22: note: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90)
  // TEXT: default-block-shape.cu:[[@LINE-5]]:17: note: analysed with the assumed block 32x8: no launch of 'twoD' with a constant block shape was found
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK: totals twoD shape=0 load=256/8 store=0/0 atomic=0/0

// CHECK: kernel threeD L[[@LINE+1]] block_dims=32x4x2(default)
__global__ void threeD(float *out) {
  __shared__ float cube[2][4][32];
  // Block 32x4x2: one row per warp, words 128tz + 32ty + tx -> 1.
  // CHECK: access cube load L[[@LINE+1]]:22 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  out[threadIdx.x] = cube[threadIdx.z][threadIdx.y][threadIdx.x];
}
// CHECK: totals threeD shape=0 load=8/8 store=0/0 atomic=0/0

// CHECK: kernel bounded L[[@LINE+1]] block_dims=128x1x1(default)
__global__ void __launch_bounds__(128) bounded(float *out) {
  __shared__ float s[4096];
  // 128 threads = 4 warps, word 32t -> 32.
  // CHECK: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: default-block-shape.cu:[[@LINE+2]]:22: note: 32-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 1 (block 128x1, sm_90)
  // TEXT: note: analysed with the assumed block 128x1
  out[threadIdx.x] = s[threadIdx.x * 32];
}
// CHECK: totals bounded shape=0 load=128/4 store=0/0 atomic=0/0

// Launched, but with a block shape known only at run time.
// CHECK: kernel runtimeShape L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void runtimeShape(float *out) {
  __shared__ float s[8192];
  // CHECK: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: default-block-shape.cu:[[@LINE+2]]:22: note: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90)
  // TEXT: note: analysed with the assumed block 256x1: no launch of 'runtimeShape' with a constant block shape was found
  out[threadIdx.x] = s[threadIdx.x * 2];
}
// CHECK: totals runtimeShape shape=0 load=16/8 store=0/0 atomic=0/0

int main(int argc, char **argv) {
  runtimeShape<<<1, argc * 32>>>(nullptr);
}
