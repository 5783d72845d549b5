// 2-D and 3-D blocks: threads are numbered x fastest, then y, then z, and a
// warp is 32 consecutive threads, so a warp can span several rows or planes.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// Block 8x32: warp w has tx = 0-7, ty = 4w..4w+3.
// CHECK: kernel narrow L[[@LINE+1]] block_dims=8x32x1(launch)
__global__ void narrow(float *out) {
  __shared__ float s[32][32];
  // Words 32*ty + tx: bank tx, 4 rows -> 4 words per bank -> 4.
  // CHECK: access s store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=4 mean=4 ideal=1 ways=4
  // TEXT: block-2d-3d.cu:[[@LINE+1]]:3: warning: 4-way bank conflict: write of 's' takes 4 wavefronts per warp instead of 1 (block 8x32, sm_90)
  s[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Words 32*tx + ty: bank ty % 32, 8 words each -> 8.
  // CHECK: access s load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=8 mean=8 ideal=1 ways=8
  // TEXT: block-2d-3d.cu:[[@LINE+1]]:22: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 8x32, sm_90)
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
// 256 threads = 8 warps.
// CHECK: totals narrow shape=0 load=64/8 store=32/8 atomic=0/0

// Block 8x8x4: warp w is the plane tz = w/2, ty = 4(w%2)..4(w%2)+3, tx = 0-7.
// CHECK: kernel cube L[[@LINE+1]] block_dims=8x8x4(launch)
__global__ void cube(float *out) {
  __shared__ float s[4][8][8];
  // Words 64*tz + 8*ty + tx: 32 consecutive words -> 1.
  // CHECK: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  s[threadIdx.z][threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Words 64*tz + 8*tx + ty: tx and tx + 4 are 32 words apart -> 2.
  // CHECK: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-2d-3d.cu:[[@LINE+2]]:22: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 8x8x4, sm_90)
  // TEXT: note: lanes 0, 4 of warp 0 need 2 different words from bank 0: s[0][0][0], s[0][4][0]
  out[threadIdx.x] = s[threadIdx.z][threadIdx.x][threadIdx.y];
}
// CHECK: totals cube shape=0 load=16/8 store=8/8 atomic=0/0

// Block 16x1x4: warp w holds planes tz = 2w (lanes 0-15) and 2w + 1.
// CHECK: kernel planes L[[@LINE+1]] block_dims=16x1x4(launch)
__global__ void planes(float *out) {
  __shared__ float wide[4][32];
  __shared__ float tight[4][16];
  // Words 32*tz + tx: the two planes hit banks 0-15 twice -> 2.
  // CHECK: access wide store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: block-2d-3d.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 'wide' takes 2 wavefronts per warp instead of 1 (block 16x1x4, sm_90)
  wide[threadIdx.z][threadIdx.x] = 1.0f;
  // Words 16*tz + tx: 32 consecutive words -> 1.
  // CHECK: access tight store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  tight[threadIdx.z][threadIdx.x] = 1.0f;
}
// 64 threads = 2 warps.
// CHECK: totals planes shape=0 load=0/0 store=6/4 atomic=0/0

int main() {
  narrow<<<1, dim3(8, 32)>>>(nullptr);
  cube<<<1, dim3(8, 8, 4)>>>(nullptr);
  planes<<<1, dim3(16, 1, 4)>>>(nullptr);
}
