// Partial warps: blocks that are not a multiple of 32 threads, and branches
// that leave lanes inactive. Inactive lanes ask for nothing; a warp with no
// active lane does not execute the instruction.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// 48 threads: warp 0 is full, warp 1 has lanes 0-15 (threads 32-47).
// CHECK: kernel block48 L[[@LINE+1]] block_dims=48x1x1(launch)
__global__ void block48(float *out) {
  __shared__ float s[2048];
  int lane = threadIdx.x & 31;
  // Word 32*t: warp 0 32 words of bank 0 -> 32, warp 1 16 words -> 16;
  // worst 32, mean (32 + 16) / 2 = 24.
  // CHECK: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=32 mean=24 ideal=1 ways=32
  // TEXT: partial-warps.cu:[[@LINE+2]]:22: warning: 32-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 1 (block 48x1, sm_90)
  // TEXT: note: lanes 0-31 of warp 0 need 32 different words from bank 0
  out[threadIdx.x] = s[threadIdx.x * 32];
  // h200-bank-probes.md f_lt16x32 ("if (lane < 16) s[lane * 32]"): 16 in each
  // warp.
  // CHECK: access s load L[[@LINE+4]]:25 width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16
  // TEXT: partial-warps.cu:[[@LINE+3]]:25: warning: 16-way bank conflict: read of 's' takes 16 wavefronts per warp instead of 1 (block 48x1, sm_90)
  // TEXT: note: lanes 0-15 of warp 0 need 16 different words from bank 0
  if (lane < 16)
    out[threadIdx.x] += s[lane * 32];
}
// 2 warps x 2 loads; 32 + 16 + 16 + 16 = 80.
// CHECK: totals block48 shape=0 load=80/4 store=0/0 atomic=0/0

// Block 12x4 (48 threads): warp 0 holds rows ty = 0, 1 and tx 0-7 of row 2;
// warp 1 holds tx 8-11 of row 2 and row 3.
// CHECK: kernel rows12 L[[@LINE+1]] block_dims=12x4x1(launch)
__global__ void rows12(float *out) {
  __shared__ float s[32][32];
  // Words 32*tx + ty, bank ty: warp 0 has 12 words in banks 0 and 1 (8 in
  // bank 2) -> 12; warp 1 has 4 in bank 2 and 12 in bank 3 -> 12.
  // CHECK: access s load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=12 mean=12 ideal=1 ways=12
  // TEXT: partial-warps.cu:[[@LINE+1]]:22: warning: 12-way bank conflict: read of 's' takes 12 wavefronts per warp instead of 1 (block 12x4, sm_90)
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
// CHECK: totals rows12 shape=0 load=24/2 store=0/0 atomic=0/0

// 16 threads: one half-warp.
// CHECK: kernel halfwarp L[[@LINE+1]] block_dims=16x1x1(launch)
__global__ void halfwarp(float *out) {
  __shared__ float4 a[64];
  __shared__ double d[64];
  // Two active quarter-warps, 32 words each -> 2 (h200-bank-probes.md
  // f4_lt16: 2).
  // CHECK: access a load L[[@LINE+1]]:14 width=16 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  float4 v = a[threadIdx.x];
  // One active half-warp -> 1 (h200-bank-probes.md d_lt16: 1).
  // CHECK: access d load L[[@LINE+1]]:14 width=8 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  double w = d[threadIdx.x];
  // Every field is used, so the float4 load stays one 16-byte instruction.
  out[threadIdx.x] = v.x + v.y + v.z + v.w + w;
}
// CHECK: totals halfwarp shape=0 load=3/2 store=0/0 atomic=0/0

// 64 threads and an early return: threads 40-63 leave.
// CHECK: kernel early L[[@LINE+1]] block_dims=64x1x1(launch)
__global__ void early(float *out) {
  __shared__ float s[2048];
  if (threadIdx.x >= 40)
    return;
  // Warp 0: 32 lanes in bank 0 -> 32; warp 1: lanes 0-7 -> 8; mean 20.
  // CHECK: access s load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=32 mean=20 ideal=1 ways=32
  // TEXT: partial-warps.cu:[[@LINE+1]]:22: warning: 32-way bank conflict
  out[threadIdx.x] = s[threadIdx.x * 32];
  // Only warp 0 has a lane < 32, so 1 instruction; stride 2 words: lanes l
  // and l + 16 share a bank -> 2.
  // CHECK: access s load L[[@LINE+3]]:25 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: partial-warps.cu:[[@LINE+2]]:25: warning: 2-way bank conflict
  if (threadIdx.x < 32)
    out[threadIdx.x] += s[threadIdx.x * 2];
}
// loads: 32 + 8 + 2 = 42 over 3 instructions.
// CHECK: totals early shape=0 load=42/3 store=0/0 atomic=0/0

int main() {
  block48<<<1, 48>>>(nullptr);
  rows12<<<1, dim3(12, 4)>>>(nullptr);
  halfwarp<<<1, 16>>>(nullptr);
  early<<<1, 64>>>(nullptr);
}
