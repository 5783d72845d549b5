// cuda::barrier and cuda::pipeline, as libcu++ builds them on mbarriers
// (CUDA 13 headers: inline PTX mbarrier.init, arrive with a state token,
// try_wait with that token or a parity, cp.async.mbarrier.arrive): the
// phases are followed through the library. A barrier counted for one
// thread more than the block never completes; counted for the block, the
// wait orders the writes before the reads; a two-stage pipeline's
// consumer_wait sees its stage's copies land (no note, no race); without
// it, the read comes before the copy has landed (second RUN).
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="not followed" --implicit-check-not="not analysed"
// RUN: sed 's/    pipe.consumer_wait();//' %s > %t.cu
// RUN: not %smem-lint-toolkit %t.cu 2>&1 | FileCheck %s --check-prefix=NO-WAIT
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void count_high(float *out) {
  __shared__ float s[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size() + 1);
  // CHECK-DAG: mbarrier-protocol-libcuxx.cu:[[@LINE-1]]:5: note: 'bar' is initialised for 257 arrivals per phase
  block.sync();
  s[threadIdx.x] = threadIdx.x;
  bar.arrive_and_wait();
  // CHECK-DAG: mbarrier-protocol-libcuxx.cu:[[@LINE-1]]:3: warning: mbarrier wait never completes: needs 257 arrivals and has 256; every thread of the block that has not returned waits here, so none is left to complete it (thread 0 waits for phase 0 on 'bar'; block 256x1, sm_90) [smem-mbarrier-protocol]
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void count_right(float *out) {
  __shared__ float s[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  s[threadIdx.x] = threadIdx.x;
  bar.arrive_and_wait();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void two_stages(const float *in, float *out) {
  __shared__ float s[2][256];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  for (int stage = 0; stage < 2; ++stage) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, s[stage], in + stage * 256, sizeof(float) * 256,
                       pipe);
    pipe.producer_commit();
  }
  float acc = 0;
  for (int stage = 0; stage < 2; ++stage) {
    pipe.consumer_wait();
    acc += s[stage][255 - threadIdx.x];
    // NO-WAIT: .cu:[[@LINE-1]]:12: warning: missing wait: thread 0 reads s[0][255] before the cp.async at line [[@LINE-8]] that writes it has landed: thread 255 issued the copy
    pipe.consumer_release();
  }
  out[threadIdx.x] = acc;
}

int main() {
  float *in, *out;
  count_high<<<1, 256>>>(out);
  count_right<<<1, 256>>>(out);
  two_stages<<<1, 256>>>(in, out);
}
// CHECK: smem-lint: 1 warning and 0 errors, 3 notes in 1 file
