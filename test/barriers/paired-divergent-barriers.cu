// Two halves of a block that call __syncthreads() on their own sides of a
// branch: the GPU completes barrier 0 once every thread of the block waits
// at one, whichever call it waits at, so the two calls are one barrier
// (siboehm's SGEMM_CUDA double-buffering kernel relies on it). CUDA still
// requires every thread to reach the same call, so each is a divergent
// barrier; the race analysis pairs them as the hardware does, and reports
// only the races that remain.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

// Each half fills its buffer and reads the other's after the pair.
__global__ void halves(const float *in, float *out) {
  __shared__ float buf[2][128];
  if (threadIdx.x < 128) {
    buf[0][threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:5: warning: divergent barrier: 128 threads of the block wait here (thread 0) and 128 at the __syncthreads() at line [[@LINE+5]] (thread 128); the GPU completes the two as one barrier, but CUDA requires every thread of the block to reach the same one (block 256x1, sm_90) [smem-divergent-barrier]
    // CHECK: note: the behaviour is undefined (__syncthreads() is PTX's bar.sync, which the compiler may treat as reached by the whole block); the race analysis pairs the two calls as the GPU does
    out[threadIdx.x] = buf[1][threadIdx.x];
  } else {
    buf[1][threadIdx.x - 128] = in[threadIdx.x];
    __syncthreads();
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:5: warning: divergent barrier: 128 threads of the block wait here (thread 128) and 128 at the __syncthreads() at line [[@LINE-7]] (thread 0)
    out[threadIdx.x] = buf[0][threadIdx.x - 128];
  }
}

// The producer/consumer loop of the SGEMM kernel, two pairs per iteration:
// half 0 computes on buffer 0 while half 1 loads buffer 1, and the other
// way round; every buffer changes hands at a pair.
__global__ void double_buffered(const float *in, float *out, int n) {
  __shared__ float buf[2][128];
  bool second = threadIdx.x >= 128;
  unsigned lane = threadIdx.x % 128;
  if (!second)
    buf[0][lane] = in[lane];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 4; ++k) {
    if (!second) {
      sum += buf[0][127 - lane];
      __syncthreads();
      // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:7: warning: divergent barrier: 128 threads of the block wait here (thread 0) and 128 at the __syncthreads() at line [[@LINE+7]] (thread 128)
      sum += buf[1][127 - lane];
      __syncthreads();
      // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:7: warning: divergent barrier: 128 threads of the block wait here (thread 0) and 128 at the __syncthreads() at line [[@LINE+7]] (thread 128)
      buf[0][lane] = in[(k + 2) * 128 + lane];
    } else {
      buf[1][lane] = in[(k + 1) * 128 + lane];
      __syncthreads();
      // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:7: warning: divergent barrier: 128 threads of the block wait here (thread 128) and 128 at the __syncthreads() at line [[@LINE-9]] (thread 0)
      sum += buf[0][127 - lane];
      __syncthreads();
      // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:7: warning: divergent barrier: 128 threads of the block wait here (thread 128) and 128 at the __syncthreads() at line [[@LINE-9]] (thread 0)
      sum += buf[1][127 - lane];
    }
    __syncthreads();
  }
  out[threadIdx.x] = sum;
}

// Paired, but half 0 refills its buffer after the pair while half 1 still
// reads it: the race the pair does not order is reported.
__global__ void refill_too_early(const float *in, float *out) {
  __shared__ float buf[128];
  if (threadIdx.x < 128) {
    buf[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:5: warning: divergent barrier: 128 threads of the block wait here (thread 0) and 128 at the __syncthreads() at line [[@LINE+5]] (thread 128)
    buf[threadIdx.x] = in[128 + threadIdx.x];
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:5: warning: missing barrier: thread 0 writes buf[0], which thread 255 reads at line [[@LINE+5]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
    // CHECK: note: thread 255 reads buf[0] here
  } else {
    __syncthreads();
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:5: warning: divergent barrier: 128 threads of the block wait here (thread 128) and 128 at the __syncthreads() at line [[@LINE-7]] (thread 0)
    out[threadIdx.x] = buf[255 - threadIdx.x];
  }
}

// Only one side has a barrier: the other half never waits at one, and the
// barrier orders only the threads that reach it.
__global__ void one_side(const float *in, float *out) {
  __shared__ float buf[128];
  if (threadIdx.x < 128) {
    buf[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:5: warning: divergent barrier: 128 of 256 threads of the block do not reach it (thread 128 skips it, thread 0 arrives)
  } else {
    out[threadIdx.x] = buf[255 - threadIdx.x];
    // CHECK: paired-divergent-barriers.cu:[[@LINE-1]]:24: warning: missing barrier: thread 128 reads buf[127], written by thread 127 at line [[@LINE-5]], and thread 128 does not reach the barrier at line [[@LINE-4]] in between
  }
}

void run(const float *in, float *out) {
  halves<<<1, 256>>>(in, out);
  double_buffered<<<1, 256>>>(in, out, 1024);
  refill_too_early<<<1, 256>>>(in, out);
  one_side<<<1, 256>>>(in, out);
}
