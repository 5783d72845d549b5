// A bulk copy out of shared memory (cp.async.bulk.global.shared::cta, the TMA
// engine's store) reads through the async proxy: the threads' st.shared
// reach it only through fence.proxy.async, in the writer after its writes or
// in the copying thread after the barrier, not through the barrier alone.
// Racy and fixed twins; the wrappers are those of cuda::ptx, written out so
// that the file needs no toolkit.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="bulk copy out of shared memory"

__device__ void store_to_global(float *out, const float *from, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
               :: "l"(out), "r"((unsigned)__cvta_generic_to_shared(from)),
                  "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

__device__ void fence_for_async_proxy() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// Every thread writes its element; after the barrier thread 0 copies the
// tile: thread 5's write is ordered before the copy by the barrier, but not
// made visible to the async proxy. 128 threads x 1 word = the copy's 128
// words, all unfenced.
// smem-lint: block_dim(128)
__global__ void unfenced(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
  // CHECK: async-proxy-fence.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'buf' through the async proxy, but the generic write at line [[#@LINE-4]] is not made visible to it with fence.proxy.async (thread 1 writes buf[1], a barrier orders it before thread 0's copy; no fence by either; block 128x1, sm_90) [smem-async-proxy-fence]
  // CHECK: async-proxy-fence.cu:[[#@LINE-5]]:3: note: the write the copy reads: 128 of the 128 words it copies come from it unfenced
  // CHECK: note: barriers order the generic proxy only: the TMA engine may read 'buf' as it was before the write. Put `fence.proxy.async.shared::cta`
}

// The fix of CUDA's programming guide: every writer fences, then the barrier.
// smem-lint: block_dim(128)
__global__ void fenced_by_writers(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  fence_for_async_proxy();
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
}

// The copying thread fences after the barrier: also ordered.
// smem-lint: block_dim(128)
__global__ void fenced_by_copier(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    fence_for_async_proxy();
    store_to_global(out, buf, sizeof(buf));
  }
}

// The copying thread fences before the barrier only: that covers its own
// write, not the 127 others'.
// smem-lint: block_dim(128)
__global__ void copier_fences_too_early(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 0)
    fence_for_async_proxy();
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
  // CHECK: async-proxy-fence.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'buf' {{.*}} (thread 1 writes buf[1], a barrier orders it before thread 0's copy; no fence by either;
  // CHECK: note: the write the copy reads: 127 of the 128 words it copies come from it unfenced
  // CHECK: note: barriers order
}

// A fence of the global state space does not cover shared memory.
// smem-lint: block_dim(128)
__global__ void fence_of_another_space(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  asm volatile("fence.proxy.async.global;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
  // CHECK: async-proxy-fence.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'buf'
  // CHECK: note: the write the copy reads: 128 of the 128 words
  // CHECK: note: barriers order
}

// A write after the fence is not covered by it: the second write, the one
// the copy reads, is reported. The first one is overwritten.
// smem-lint: block_dim(128)
__global__ void write_after_fence(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = 0.0f;
  fence_for_async_proxy();
  buf[threadIdx.x] += threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
  // CHECK: async-proxy-fence.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'buf' through the async proxy, but the generic write at line [[#@LINE-4]] is not made
  // CHECK: note: the write the copy reads: 128 of the 128 words
  // CHECK: note: barriers order
}

// A warp writes and copies its own slice with no block barrier: each lane's
// write reaches lane 0's copy through __syncwarp, which the analysis does
// not count as ordering for this check, and lane 0's own write is in the
// copy unfenced.
// smem-lint: block_dim(32)
__global__ void own_write(float *out) {
  __shared__ alignas(128) float buf[32];
  if (threadIdx.x == 0) {
    buf[0] = 1.0f;
    store_to_global(out, buf, 16);
  }
  // CHECK: async-proxy-fence.cu:[[#@LINE-2]]:5: warning: bulk copy out of shared memory reads 'buf' {{.*}} (thread 0 writes buf[0] and copies it without a fence;
  // CHECK: note: the write the copy reads: 1 of the 4 words it copies come from it unfenced
  // CHECK: note: barriers order
}

// Whether thread 0 writes depends on data: a note, not a warning.
// smem-lint: block_dim(128)
__global__ void data_dependent(float *out, const int *flags) {
  __shared__ alignas(128) float buf[128];
  if (flags[0] > 0)
    buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
  // CHECK: async-proxy-fence.cu:[[#@LINE-1]]:5: note: bulk copy out of shared memory reads 'buf'
  // CHECK: note: the write the copy reads
  // CHECK: note: barriers order
  // CHECK: note: reported as a note: the path rests on a branch on data the analysis could not read
}

// A bulk reduction into global memory (split-K's epilogue) reads its source
// the same way.
__device__ void reduce_to_global(float *out, const float *from,
                                 unsigned bytes) {
  asm volatile(
      "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;"
      :: "l"(out), "r"((unsigned)__cvta_generic_to_shared(from)), "r"(bytes)
      : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

// smem-lint: block_dim(128)
__global__ void reduce_unfenced(float *out) {
  __shared__ alignas(128) float partial[128];
  partial[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0)
    reduce_to_global(out, partial, sizeof(partial));
  // CHECK: async-proxy-fence.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'partial' through the async proxy, but the generic write at line [[#@LINE-4]]
  // CHECK: note: the write the copy reads: 128 of the 128 words
  // CHECK: note: barriers order
}

// smem-lint: block_dim(128)
__global__ void reduce_fenced(float *out) {
  __shared__ alignas(128) float partial[128];
  partial[threadIdx.x] = threadIdx.x;
  fence_for_async_proxy();
  __syncthreads();
  if (threadIdx.x == 0)
    reduce_to_global(out, partial, sizeof(partial));
}

// CHECK: smem-lint: 6 warnings and 0 errors, 1 note in 1 file
