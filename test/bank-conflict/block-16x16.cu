// Block (16, 16): one warp covers two 16-thread rows (lanes 0-15 ty = 2w,
// lanes 16-31 ty = 2w + 1). float t[16][W], store t[ty][tx], load t[tx][ty]
// (h200-bank-probes.md: W = 16: store 1, load 8; W = 17: 2, 2; W = 18: 2, 1;
// W = 33: 2, 2; h200-shared-memory.md's section "More cases": s[16][16]
// column read 8, s[16][17] 2 with 2-way stores too).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel w16 L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void w16(float *out) {
  __shared__ float t[16][16];
  // Words 16*ty + tx of two consecutive rows: 32 consecutive words -> 1.
  // CHECK: access t store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Words 16*tx + ty: banks 0/16 (ty even) and 1/17, 8 words each -> 8.
  // CHECK: access t load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=8 mean=8 ideal=1 ways=8
  // TEXT: block-16x16.cu:[[@LINE+2]]:22: warning: 8-way bank conflict: read of 't' takes 8 wavefronts per warp instead of 1 (block 16x16, sm_90)
  // TEXT: note: lanes 0, 2, ..., 14 of warp 0 need 8 different words from bank 0: t[0][0], t[2][0], t[4][0], ..., t[14][0]
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// 8 warps.
// CHECK: totals w16 shape=0 load=64/8 store=8/8 atomic=0/0
// No padding makes both accesses conflict-free; 18 gives store 2 + load 1.
// TEXT: block-16x16.cu:[[@LINE-14]]:{{[0-9]+}}: note: padding the rows of 't' to 18 elements leaves the fewest wavefronts {{.*}}; no padding removes every conflict of 't' with block 16x16

// CHECK: kernel w17 L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void w17(float *out) {
  __shared__ float t[16][17];
  // Words 17*ty + tx: tx = 0-15 and 17-32, word 32 (lane 31) meets word 0 in
  // bank 0 -> 2.
  // CHECK: access t store L[[@LINE+3]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-16x16.cu:[[@LINE+2]]:3: warning: 2-way bank conflict: write of 't' takes 2 wavefronts per warp instead of 1 (block 16x16, sm_90)
  // TEXT: note: lanes 0, 31 of warp 0 need 2 different words from bank 0: t[0][0], t[1][15]
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Words 17*tx + ty: banks (17tx + ty) % 32; tx = 15, ty = 1 gives 256 = bank
  // 0 with tx = 0, ty = 0 -> 2.
  // CHECK: access t load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-16x16.cu:[[@LINE+1]]:22: warning: 2-way bank conflict: read of 't' takes 2 wavefronts per warp instead of 1 (block 16x16, sm_90)
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// CHECK: totals w17 shape=0 load=16/8 store=16/8 atomic=0/0

// CHECK: kernel w18 L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void w18(float *out) {
  __shared__ float t[16][18];
  // Words tx and 18 + tx: 18-31 and 32-33 (banks 0, 1 again) -> 2.
  // CHECK: access t store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-16x16.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 't'
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Words 18*tx + ty: 18tx % 32 is even and distinct for tx = 0-15, + ty -> 1.
  // CHECK: access t load L[[@LINE+1]]:22 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// CHECK: totals w18 shape=0 load=8/8 store=16/8 atomic=0/0

// CHECK: kernel w33 L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void w33(float *out) {
  __shared__ float t[16][33];
  // Words tx and 33 + tx: banks 0-15 and 1-16 -> 2.
  // CHECK: access t store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-16x16.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 't'
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Words 33*tx + ty: bank tx + ty, (tx, 1) meets (tx + 1, 0) -> 2.
  // CHECK: access t load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-16x16.cu:[[@LINE+1]]:22: warning: 2-way bank conflict: read of 't'
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// CHECK: totals w33 shape=0 load=16/8 store=16/8 atomic=0/0

int main() {
  dim3 block(16, 16);
  w16<<<1, block>>>(nullptr);
  w17<<<1, block>>>(nullptr);
  w18<<<1, block>>>(nullptr);
  w33<<<1, block>>>(nullptr);
}
