// 32x32 float tiles with a 32x32 block (h200-shared-memory.md rows 3-5).
// In a 32x32 block warp w is the row threadIdx.y = w, lanes = threadIdx.x.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel tile32 L[[@LINE+1]] block_dims=32x32x1(launch)
__global__ void tile32(float *out) {
  __shared__ float tile[32][32];
  // Word 32*w + l: 32 consecutive words -> 1; row "same, store
  // tile[threadIdx.y][threadIdx.x]" 1.00.
  // CHECK: access tile store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Word 32*l + w: every lane in bank w -> 32; row "tile[32][32], block
  // 32x32, tile[threadIdx.x][threadIdx.y]" 32.00.
  // CHECK: access tile load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  // TEXT: tile-32x32-block.cu:[[@LINE+2]]:22: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x32, sm_90)
  // TEXT: note: lanes 0-31 of warp 0 need 32 different words from bank 0: tile[0][0], tile[1][0], tile[2][0], ..., tile[31][0]
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// 32 warps, one instruction each way.
// CHECK: totals tile32 shape=0 load=1024/32 store=32/32 atomic=0/0
// TEXT: tile-32x32-block.cu:[[@LINE-15]]:29: note: pad the rows of 'tile' to 33 elements: conflict-free

// CHECK: kernel tile33 L[[@LINE+1]] block_dims=32x32x1(launch)
__global__ void tile33(float *out) {
  __shared__ float tile[32][33];
  // Word 33*w + l: consecutive -> 1 (arithmetic).
  // CHECK: access tile store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  // Word 33*l + w: bank (l + w) % 32 -> 1; row "tile[32][33] (padded)" 1.00.
  // CHECK: access tile load L[[@LINE+1]]:22 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK: totals tile33 shape=0 load=32/32 store=32/32 atomic=0/0

int main() {
  dim3 block(32, 32);
  tile32<<<1, block>>>(nullptr);
  tile33<<<1, block>>>(nullptr);
}
