// smem-async-copy-wait through the toolkit's own wrappers, compiled from the
// CUDA headers: the pipeline primitives, cooperative groups' memcpy_async
// and wait, and cuda::memcpy_async with a thread-scope cuda::pipeline (whose
// consumer_wait is a cp.async.wait_group on the pipeline's count).
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit --checks='-*,smem-async-copy-wait,smem-missing-barrier' %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

__global__ void primitivesNoWait(const float *in, float *out) {
  __shared__ float s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: async-copy-wait-toolkit.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[255] before the cp.async at line [[@LINE-4]] that writes it has landed: thread 255 issued the copy
}

__global__ void primitivesWaited(const float *in, float *out) {
  __shared__ float s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// cg::memcpy_async spreads the copy over the block; cg::wait completes it.
__global__ void groupCopyRead(const float *in, float *out) {
  __shared__ float s[256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(float) * 256);
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: async-copy-wait-toolkit.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[255] before the cp.async at line [[@LINE-2]] that writes it has landed
  cg::wait(block);
}

__global__ void groupCopyWaited(const float *in, float *out) {
  __shared__ float s[256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(float) * 256);
  cg::wait(block);
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// The pattern of cuda-samples' globalToShmemAsyncCopy: the producer loop
// runs Stages + Ahead times before the first consumer_wait, into Stages
// buffers. With Ahead = 1 the fifth copy refills buffer 0 while the first is
// in flight, and the read of buffer 0 may see either tile; Ahead = 0 keeps
// one copy per buffer.
template <int Ahead>
__global__ void threadPipeline(const float4 *in, float *out, int tiles) {
  constexpr int Stages = 4;
  __shared__ float4 buf[Stages][64];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  float acc = 0;
  int next = 0;
  for (int t = 0; t < 8; ++t) {
    for (; next <= t + Stages - 1 + Ahead; ++next) {
      pipe.producer_acquire();
      if (next < 8)
        cuda::memcpy_async(&buf[next % Stages][threadIdx.x],
                           &in[next * 64 + threadIdx.x],
                           cuda::aligned_size_t<16>(16), pipe);
      // CHECK: async-copy-wait-toolkit.cu:[[@LINE-3]]:9: warning: missing wait: thread 0's cp.async writes buf[0][0] while the cp.async at line [[@LINE-3]] of the same thread may still write it, so either value may stay; {{.*}}(in 'threadPipeline<1>', block 64x1, sm_90) [smem-async-copy-wait]
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    acc += buf[t % Stages][63 - threadIdx.x].x;
    // CHECK: async-copy-wait-toolkit.cu:[[@LINE-1]]:12: warning: missing wait: thread 0 reads buf[0][63] before the cp.async at line [[@LINE-9]] that writes it has landed{{.*}}(in 'threadPipeline<1>', block 64x1, sm_90) [smem-async-copy-wait]
    pipe.consumer_release();
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

int main() {
  float *i, *o;
  primitivesNoWait<<<1, 256>>>(i, o);
  primitivesWaited<<<1, 256>>>(i, o);
  groupCopyRead<<<1, 256>>>(i, o);
  groupCopyWaited<<<1, 256>>>(i, o);
  threadPipeline<0><<<1, 64>>>((const float4 *)i, o, 8);
  threadPipeline<1><<<1, 64>>>((const float4 *)i, o, 8);
}
