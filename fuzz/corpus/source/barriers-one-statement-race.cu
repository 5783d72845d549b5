// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

// Every warp stores to a[0..7] in the same statement. Warps run it at
// different times, so the word keeps whichever warp came last: racecheck
// reports a write-write hazard of line 10 with itself (H200, 2026-11-29,
// test/runtime-verify/Inputs/h200-2026-11-29, f4StoreAnd7).
__global__ void everyWarpWrites(float *out) {
  __shared__ float a[1024];
  float f = threadIdx.x;
  a[threadIdx.x & 7] = f;
  // CHECK: one-statement-race.cu:[[@LINE-1]]:3: warning: write-write race: thread 0 (warp 0) and thread 32 (warp 1) both write a[0] in this statement, with different values; warps execute it at different times, so which value remains is undefined (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: one-statement-race.cu:[[@LINE-2]]:3: note: a barrier cannot order a statement with itself: let one warp write these words (e.g. under 'if (threadIdx.x < 32)'), or give each thread a word of its own
  // CHECK-NOT: __syncthreads();
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x & 63];
}

// Every thread writing the same value is benign: no finding.
__global__ void sameValue(int *out) {
  __shared__ int flag;
  __shared__ int b[8];
  flag = 0;
  b[threadIdx.x & 7] = threadIdx.x & 7;
  __syncthreads();
  out[threadIdx.x] = flag + b[threadIdx.x & 7];
}

// Within one warp a store is one instruction: one lane's value lands, and no
// other warp writes the words. No finding.
__global__ void oneWarp(int *out) {
  __shared__ int b[8];
  if (threadIdx.x < 32)
    b[threadIdx.x & 7] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x & 7];
}

// An atomic from every warp is ordered by the hardware: no finding.
__global__ void atomicFromEveryWarp(int *out) {
  __shared__ int b[8];
  atomicAdd(&b[threadIdx.x & 7], 1);
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x & 7];
}

int main() {
  everyWarpWrites<<<1, 256>>>(nullptr);
  sameValue<<<1, 256>>>(nullptr);
  oneWarp<<<1, 256>>>(nullptr);
  atomicFromEveryWarp<<<1, 256>>>(nullptr);
}
