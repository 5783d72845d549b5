// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

// Every warp stores to a[0..7] in the same statement. Warps run it at
// different times, so each word keeps whichever warp came last: racecheck
// reports a write-write hazard of the statement with itself (H200,
// test/runtime-verify/Inputs/h200-2026-11-29, f4StoreAnd7).
__global__ void everyWarpWrites(float *out) {
  __shared__ float a[1024];
  float f = threadIdx.x;
  a[threadIdx.x & 7] = f;
  // CHECK: conflicting-writes.cu:[[@LINE-1]]:3: warning: conflicting writes: thread 0 (warp 0) and thread 32 (warp 1) both write a[0] in this statement, with different values; warps run the statement at different times, so the last one wins (block 256x1, sm_90) [smem-conflicting-writes]
  // CHECK: conflicting-writes.cu:[[@LINE-2]]:3: note: a barrier cannot order a statement with itself: let one thread write each word, or give each thread a word of its own
  // CHECK-NOT: __syncthreads();
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x & 63];
}

// Within one warp too: lanes 0, 8, 16 and 24 store different values to b[0]
// in one instruction, and one of them lands. racecheck reports 24 write-write
// hazards on this line (H200, test/runtime-verify/Inputs/h200-2026-11-29b,
// oneWarp).
__global__ void oneWarp(int *out) {
  __shared__ int b[8];
  if (threadIdx.x < 32)
    b[threadIdx.x & 7] = threadIdx.x;
  // CHECK: conflicting-writes.cu:[[@LINE-1]]:5: warning: conflicting writes: thread 0 (warp 0) and thread 8 (warp 0) both write b[0] in this statement, with different values; one lane's value lands, and which one is undefined (block 256x1, sm_90) [smem-conflicting-writes]
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x & 7];
}

// Every thread writing the same value is benign, and racecheck agrees (no
// hazard in sameValue, same run): no finding.
__global__ void sameValue(int *out) {
  __shared__ int flag;
  __shared__ int b[8];
  flag = 0;
  b[threadIdx.x & 7] = threadIdx.x & 7;
  __syncthreads();
  out[threadIdx.x] = flag + b[threadIdx.x & 7];
}

// One writer per word: no finding.
__global__ void oneWriterPerWord(int *out) {
  __shared__ int b[8];
  if (threadIdx.x < 8)
    b[threadIdx.x] = threadIdx.x * 3;
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
  oneWarp<<<1, 256>>>(nullptr);
  sameValue<<<1, 256>>>(nullptr);
  oneWriterPerWord<<<1, 256>>>(nullptr);
  atomicFromEveryWarp<<<1, 256>>>(nullptr);
}
