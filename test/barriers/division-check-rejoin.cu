// The side of an `if` that divides by a value not known to be nonzero has
// the division check DeviceModule keeps the division with: a branch to a
// trap block, which the evaluator never takes. The two sides of the `if`
// rejoin where the source's `if` ends, before the barrier after it, though
// the trap block, an exit of the function, keeps the code after the `if`
// from post-dominating the branch. Once, under a uniform condition the
// evaluation could not read (every thread running both sides of it, so that
// the barrier's two arrivals were not paired), the y % 4 == 0 threads ran
// on alone to the barrier after the `if`: "divergent barrier: 192 of 256
// threads of the block do not reach it" (llama.cpp's fattn-mma-f16.cuh,
// flash_attn_ext_f16_process_tile, where the stream-k loop cut short leaves
// `if (kbc >= kbc_stop) return;` unknown).
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// smem-lint: block_dim(32, 8)
__global__ void combine(float *dst, const int *flag, int n) {
  __shared__ float tile[8][32];
  if (*flag)
    return;
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.y % 4 == 0)
    dst[threadIdx.y * 32 + threadIdx.x / n] = tile[threadIdx.y + 1][threadIdx.x];
  __syncthreads();
}

// A barrier inside the side that divides is still one its threads reach
// alone.
// smem-lint: block_dim(32, 8)
__global__ void inside(float *dst, const int *flag, int n) {
  __shared__ float tile[8][32];
  if (*flag)
    return;
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  if (threadIdx.y % 4 == 0) {
    __syncthreads();
    // CHECK: division-check-rejoin.cu:[[@LINE-1]]:5: warning: divergent barrier: 192 of 256 threads of the block do not reach it (thread (0,1,0) skips it, thread (0,0,0) arrives)
    dst[threadIdx.y * 32 + threadIdx.x / n] = tile[threadIdx.y + 1][threadIdx.x];
  }
  __syncthreads();
}

// CHECK: 1 warning
