// Shared-memory atomics, 256 threads, 1-D: h200-bank-probes.md row
// "atomicAdd(&s_int[lane*K], 1), K = 0, 1, 2, 32": 1, 1, 2, 32 (K = 0 compiled
// to one warp-aggregated atomic).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel atomics L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void atomics(int *out) {
  __shared__ int s[1024];
  int lane = threadIdx.x & 31;
  // K = 0: one word -> 1.
  // CHECK: access s atomic L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  atomicAdd(&s[lane * 0], 1);
  // K = 1: 32 consecutive words -> 1.
  // CHECK: access s atomic L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  atomicAdd(&s[lane * 1], 1);
  // K = 2: lanes l and l+16 share a bank -> 2.
  // CHECK: access s atomic L[[@LINE+2]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: atomics.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: atomic of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90)
  atomicAdd(&s[lane * 2], 1);
  // K = 32: all lanes bank 0, 32 words -> 32.
  // CHECK: access s atomic L[[@LINE+2]]:3 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: atomics.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: atomic of 's' takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90)
  atomicAdd(&s[lane * 32], 1);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// atomics 8 x (1 + 1 + 2 + 32) = 288 over 32; load s[threadIdx.x] 8 x 1.
// CHECK: totals atomics shape=0 load=8/8 store=0/0 atomic=288/32

int main() { atomics<<<1, 256>>>(nullptr); }
