// The TMA store of CUDA's programming guide through cuda::ptx (CUDA 13
// headers: inline PTX in <cuda/ptx>): without fence_proxy_async the bulk
// copy reads the block's writes unfenced; with it, nothing. The finding is
// at the kernel's call of the wrapper.
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="bulk copy out of shared memory" --implicit-check-not="not analysed"
#include <cuda/ptx>
namespace ptx = cuda::ptx;

// smem-lint: block_dim(128)
__global__ void store_unfenced(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out, buf, sizeof(buf));
    // CHECK: async-proxy-fence-toolkit.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'buf' through the async proxy, but the generic write at line [[#@LINE-4]] is not made visible to it with fence.proxy.async (thread 1 writes buf[1], a barrier orders it before thread 0's copy; no fence by either; block 128x1, sm_90) [smem-async-proxy-fence]
    // CHECK: note: the write the copy reads: 128 of the 128 words it copies come from it unfenced
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}

// smem-lint: block_dim(128)
__global__ void store_fenced(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out, buf, sizeof(buf));
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
}

// CHECK: smem-lint: 1 warning and 0 errors in 1 file
