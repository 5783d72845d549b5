// Kernels with no launch of a constant shape are analysed with an assumed
// block: 256 threads (or the __launch_bounds__ maximum), as 32-wide rows when
// the kernel reads threadIdx.y (32x8) or threadIdx.z (32x4x2), else 1-D. The
// finding is a note that says the shape is assumed.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s
// RUN: %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

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

// A 16x16 tile indexed [ty][tx]: the default 32x8 would send threads 16-31
// of each row past the 16-element rows, so the kernel is analysed with the
// tile's own shape, 16x16 (ProblemSizes.h), which the note says. Its column
// read t[tx][ty]: lane l (tx = l % 16, ty = l / 16) reads word 16 tx + ty,
// bank 16 (tx % 2) + ty: 4 banks, 8 words each: 8-way, as the m12 case's
// launches measure.
// CHECK: kernel tile16 L[[@LINE+1]] block_dims=16x16x1(default)
__global__ void tile16(const float *in, float *out) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  // CHECK: access t load L[[@LINE+3]]:41 width=4 shape=0 wavefronts=8 mean=8 ideal=1 ways=8
  // TEXT: default-block-shape.cu:[[@LINE+2]]:41: note: 8-way bank conflict: read of 't' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
  // TEXT: default-block-shape.cu:[[@LINE-6]]:17: note: analysed with the assumed block 16x16, which keeps the threads inside the shared tile 't[16][16]' they index (the default block sends them past it): no launch of 'tile16' with a constant block shape was found
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// JSON: "from_tile": "'t[16][16]'",
// JSON-NEXT: "inferred_values": [],
// JSON-NEXT: "parameter_values": {},
// JSON-NEXT: "source": "default",
// JSON-NEXT: "tensor_maps": [],
// JSON-NEXT: "x": 16,
// JSON-NEXT: "y": 16,

// A tile padded for its transposed read, t[16][17] (cuda-samples'
// recursiveGaussian d_transpose): 17x16 keeps the row write inside but not
// the read t[tx][ty] (tx = 16 past the 16 rows), so the square of the
// smaller side is taken, 16x16. Write: lane l writes word 17 ty + tx; lanes
// 0 and 31 (word 32) share bank 0: 2-way, the padding made for 32-wide rows.
// Read: word 17 tx + ty; lanes 0 and 31 (word 256) share bank 0: 2-way.
// CHECK: kernel padded16 L[[@LINE+1]] block_dims=16x16x1(default)
__global__ void padded16(const float *in, float *out) {
  __shared__ float t[16][17];
  // CHECK: access t store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: default-block-shape.cu:[[@LINE+1]]:3: note: 2-way bank conflict: write of 't' takes 2 wavefronts per warp instead of 1 (block 16x16, sm_90)
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  // CHECK: access t load L[[@LINE+2]]:41 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: default-block-shape.cu:[[@LINE+1]]:41: note: 2-way bank conflict: read of 't' takes 2 wavefronts per warp instead of 1 (block 16x16, sm_90)
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// JSON: "from_tile": "'t[16][17]'",
// JSON-NEXT: "inferred_values": [],
// JSON-NEXT: "parameter_values": {},
// JSON-NEXT: "source": "default",
// JSON-NEXT: "tensor_maps": [],
// JSON-NEXT: "x": 16,
// JSON-NEXT: "y": 16,

int main(int argc, char **argv) {
  runtimeShape<<<1, argc * 32>>>(nullptr);
}
