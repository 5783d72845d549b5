// Case h_r10: threads that skip a block barrier are not ordered by it.
// Warp 0 (threads 0-31) jumps over the __syncthreads(), or does not take the
// branch that holds it; every thread then reads s[255 - t]. Thread 0 reads
// s[255], written by thread 255 (warp 7) before the barrier: thread 255
// reached the barrier, thread 0 did not, so nothing orders them (racecheck
// on an H200 reports this pattern as a race). Thread 32 reads s[223], written
// by thread 223: both reached the barrier, ordered. Besides the divergent
// barrier, the user sees the race, and no fix-it that adds a second barrier
// (it would be skipped the same way).

// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

// CHECK: skipped-barrier-race.cu:[[@LINE+10]]:3: warning: divergent barrier: 32 of 256 threads of the block do not reach it (thread 0 skips it, thread 32 arrives) (block 256x1, sm_90) [smem-divergent-barrier]
// CHECK: skipped-barrier-race.cu:[[@LINE+9]]:3: note: every thread of the block must reach the same barrier
// CHECK: skipped-barrier-race.cu:[[@LINE+10]]:20: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line [[@LINE+5]], and thread 0 does not reach the barrier at line [[@LINE+8]] in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: skipped-barrier-race.cu:[[@LINE+4]]:3: note: thread 255 writes s[255] here
// CHECK: skipped-barrier-race.cu:[[@LINE+6]]:3: note: thread 0 skips this barrier, which orders only the threads that reach it: make every thread of the block reach it (smem-divergent-barrier)
__global__ void k_goto(float *o) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32)
    goto skip;
  __syncthreads();
skip:
  o[threadIdx.x] = s[255 - threadIdx.x];
}

// CHECK: skipped-barrier-race.cu:[[@LINE+8]]:26: warning: divergent barrier: 32 of 256 threads
// CHECK: skipped-barrier-race.cu:[[@LINE+7]]:26: note: every thread of the block must reach the same barrier
// CHECK: skipped-barrier-race.cu:[[@LINE+7]]:20: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line [[@LINE+5]], and thread 0 does not reach the barrier at line [[@LINE+6]] in between
// CHECK: skipped-barrier-race.cu:[[@LINE+4]]:3: note: thread 255 writes s[255] here
// CHECK: skipped-barrier-race.cu:[[@LINE+4]]:26: note: thread 0 skips this barrier
__global__ void k_if(float *o) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x >= 32) __syncthreads();
  o[threadIdx.x] = s[255 - threadIdx.x];
}

// Threads that returned before the barrier take no part in it: the threads
// that reach it are ordered, and their reads of each other's words are no
// race (the early return itself is the divergent-barrier finding's business).
// CHECK: skipped-barrier-race.cu:[[@LINE+7]]:3: warning: divergent barrier: 32 of 256 threads of the block do not reach it (thread 224 returned before it, thread 0 arrives)
// CHECK: skipped-barrier-race.cu:[[@LINE+6]]:3: note: every thread of the block must reach the same barrier
__global__ void k_returned(float *o, int n) {
  __shared__ float s[256];
  if (threadIdx.x >= 224)
    return;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.x] = s[223 - threadIdx.x];
}

int main() {
  float *o;
  k_goto<<<1, 256>>>(o);
  k_if<<<1, 256>>>(o);
  k_returned<<<1, 256>>>(o, 0);
}
// CHECK: smem-lint: 5 warnings and 0 errors in 1 file
