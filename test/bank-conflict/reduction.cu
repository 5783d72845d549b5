// The two classic reductions, 256 threads (h200-shared-memory.md rows
// "reduction sdata[2*s*tid] += sdata[2*s*tid + s]" 3.80 / 2.75 averaged over
// the whole kernel, and "sdata[tid] += sdata[tid + s]" 1.00 / 1.00).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel interleaved L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void interleaved(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  // 8 warps x 1 wavefront.
  // CHECK: access sdata store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  sdata[tid] = in[tid];
  __syncthreads();
  // Threads with 2*s*tid < 256 work; lane stride 2s words.
  //   s    active warps (lanes)   wavefronts per warp    sum
  //   1    4 (32)                 2 (stride 2)           8
  //   2    2 (32)                 4                      8
  //   4    1 (32)                 8                      8
  //   8    1 (16)                 8 (banks 0, 16)        8
  //   16   1 (8)                  8 (bank 0)             8
  //   32   1 (4)                  4                      4
  //   64   1 (2)                  2                      2
  //   128  1 (1)                  1                      1
  // per access: 47 wavefronts over 12 instructions, worst 8, mean 3.917.
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    // CHECK: access sdata load L[[@LINE+8]]:{{[0-9]+}} width=4 shape=0 wavefronts=8 mean=3.917 ideal=1 ways=8
    // CHECK: access sdata load L[[@LINE+7]]:7 width=4 shape=0 wavefronts=8 mean=3.917 ideal=1 ways=8
    // CHECK: access sdata store L[[@LINE+6]]:7 width=4 shape=0 wavefronts=8 mean=3.917 ideal=1 ways=8
    // TEXT: reduction.cu:[[@LINE+5]]:7: warning: 8-way bank conflict: read-modify-write of 'sdata' takes 8 wavefronts per warp instead of 1 (block 256x1, sm_90)
    // TEXT: note: lanes 0, 4, ..., 28 of warp 0 need 8 different words from bank 0: sdata[0], sdata[32], sdata[64], ..., sdata[224]; consecutive lanes are 8 words apart
    // TEXT: reduction.cu:[[@LINE+3]]:{{[0-9]+}}: warning: 8-way bank conflict: read of 'sdata' takes 8 wavefronts per warp instead of 1 (block 256x1, sm_90)
    // TEXT: note: lanes 0, 4, ..., 28 of warp 0 need 8 different words from bank 4: sdata[4], sdata[36], sdata[68], ..., sdata[228]; consecutive lanes are 8 words apart
    if (2 * s * tid < blockDim.x)
      sdata[2 * s * tid] += sdata[2 * s * tid + s];
    __syncthreads();
  }
  // Only thread 0: 1 wavefront, 1 instruction.
  // CHECK: access sdata load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// load: 2 x 47 + 1 = 95 over 2 x 12 + 1 = 25 (3.80);
// store: 47 + 8 = 55 over 12 + 8 = 20 (2.75).
// CHECK: totals interleaved shape=0 load=95/25 store=55/20 atomic=0/0

// CHECK: kernel sequential L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void sequential(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  // CHECK: access sdata store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  sdata[tid] = in[tid];
  __syncthreads();
  // Threads tid < s read adjacent words: 1 wavefront per active warp;
  // s = 128, 64, 32, ..., 1: 4 + 2 + 1 + 1 + 1 + 1 + 1 + 1 = 12 instructions.
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    // CHECK: access sdata load L[[@LINE+4]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
    // CHECK: access sdata load L[[@LINE+3]]:7 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
    // CHECK: access sdata store L[[@LINE+2]]:7 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  // CHECK: access sdata load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// load: 2 x 12 + 1 = 25 over 25; store: 12 + 8 = 20 over 20 (1.00 / 1.00).
// CHECK: totals sequential shape=0 load=25/25 store=20/20 atomic=0/0

// Two bank-conflict warnings in all, both in the interleaved loop.

int main() {
  interleaved<<<1, 256>>>(nullptr, nullptr);
  sequential<<<1, 256>>>(nullptr, nullptr);
}
