// A loop evaluated in part (its condition depends on inline PTX the
// evaluation does not compute, as in cuda-samples' simpleAWBarrier) that
// holds no mbarrier instruction: the iterations it skips arrive on nothing,
// so the mbarrier's phases after it are still followed. Before, any loop evaluated in part dropped every
// mbarrier: the wait was "not followed" and the twin below, counted for one
// thread more than the block, went unreported.
//
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit --param n=1024 %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="not followed" --implicit-check-not="not analysed"
// RUN: %smem-lint-toolkit --param n=1024 --format=json %s | python3 -c "import json,sys; [print('kernel', k['name'], k['mbarrier_variables'], k['compiled_shared_variables']) for k in json.load(sys.stdin)['kernels']]" | FileCheck --check-prefix=JSON %s
// RUN: sed 's/init(&bar, blockDim.x)/init(\&bar, blockDim.x + 1)/' %s > %t.cu
// RUN: not %smem-lint-toolkit --param n=1024 %t.cu 2>&1 | FileCheck --check-prefix=TWICE %s --implicit-check-not="not followed"
#include <cuda/barrier>

// CHECK: smem-lint: 0 warnings and 0 errors
// The mbarrier is named apart from the loads and stores: its instructions
// were followed.
// JSON: kernel sumThenShare ['bar'] ['bar', 'partial']
// 257 arrivals asked, 256 threads to arrive.
// TWICE: warning: mbarrier wait never completes: needs 257 arrivals and has 256
// smem-lint: block_dim(256)
__global__ void sumThenShare(const float *in, float *out, int n) {
  __shared__ float partial[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  partial[threadIdx.x] = 0;
  // A stride the evaluation cannot compute: the loop runs in part.
  unsigned stride;
  asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(stride));
  for (int i = threadIdx.x; i < n; i += stride | 1)
    partial[threadIdx.x] += in[i];
  bar.arrive_and_wait();
  out[threadIdx.x] = partial[255 - threadIdx.x];
}
