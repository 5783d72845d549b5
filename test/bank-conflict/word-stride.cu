// A 32-word lane stride and its remap to adjacent words, 256 threads, 1-D
// (h200-shared-memory.md rows 1 and 2).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel stride32 L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void stride32(float *out) {
  __shared__ float tile[8 * 1024];
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  // Word warp*1024 + lane*32: bank 0 for every lane, 32 different words ->
  // 32; row "tile[warp*1024 + lane*32] (32-word stride)" 4 B st 32.00.
  // One-dimensional: no padding, but an XOR swizzle of the index, checked by
  // evaluating both accesses again (lane L then uses word 32L ^ L: bank L).
  // CHECK: access tile store L[[@LINE+4]]:3 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  // TEXT: word-stride.cu:[[@LINE+3]]:3: warning: 32-way bank conflict: write of 'tile' takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90)
  // TEXT: note: lanes 0-31 of warp 0 need 32 different words from bank 0: tile[0], tile[32], tile[64], ..., tile[992]; consecutive lanes are 32 words apart
  // TEXT: note: swizzle 'tile' with an XOR at its 2 accesses (tile[k ^ ((k >> 5) & 31)]): conflict-free (this write: 32 -> 1, the read at line [[@LINE+6]]: 32 -> 1 wavefronts), no extra shared memory
  tile[warp * 1024 + lane * 32] = 1.0f;
  __syncthreads();
  // Same words, 4 B ld: 32.00.
  // CHECK: access tile load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  // TEXT: word-stride.cu:[[@LINE+1]]:22: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90)
  out[threadIdx.x] = tile[warp * 1024 + lane * 32];
}
// 8 warps x 32 wavefronts.
// CHECK: totals stride32 shape=0 load=256/8 store=256/8 atomic=0/0

// CHECK: kernel adjacent L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void adjacent(float *out) {
  __shared__ float tile[256];
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  // Word warp*32 + lane: 32 consecutive words, 32 banks -> 1; row
  // "tile[warp*32 + lane] (adjacent words)" 1.00 ld and st.
  // CHECK: access tile store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  tile[warp * 32 + lane] = 1.0f;
  __syncthreads();
  // CHECK: access tile load L[[@LINE+1]]:22 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[threadIdx.x] = tile[warp * 32 + lane];
}
// CHECK: totals adjacent shape=0 load=8/8 store=8/8 atomic=0/0

// Two bank-conflict warnings in all, both in stride32.

int main() {
  stride32<<<1, 256>>>(nullptr);
  adjacent<<<1, 256>>>(nullptr);
}
