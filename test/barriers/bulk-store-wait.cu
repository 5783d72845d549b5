// A bulk copy out of shared memory (cp.async.bulk.global.shared::cta, a TMA
// store) reads its source until the copying thread's
// cp.async.bulk.wait_group.read completes its bulk group; a barrier does not
// wait for it. Refilling the buffer for the next tile before that wait lets
// the copy store the new values (smem-async-copy-wait); waiting, then a
// barrier, is the fix. The writes are fenced for the async proxy in both.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="missing wait: thread"
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=EXIT %s --implicit-check-not="the block exits"

__device__ void store_to_global(float *out, const float *from, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
               :: "l"(out), "r"((unsigned)__cvta_generic_to_shared(from)),
                  "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.commit_group;");
}
__device__ void wait_until_read() {
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}
__device__ void fence_for_async_proxy() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// The second tile's writes come while the first tile's copy may still read
// 'buf' (and, without a second barrier, before thread 0 has even issued it).
// smem-lint: block_dim(128)
__global__ void refill_before_wait(float *out) {
  __shared__ alignas(128) float buf[128];
  for (int tile = 0; tile < 2; ++tile) {
    buf[threadIdx.x] = tile * 128 + threadIdx.x;
    // CHECK: bulk-store-wait.cu:[[#@LINE-1]]:5: warning: missing second barrier: the loop at line [[#@LINE-2]] refills 'buf'
    // CHECK: bulk-store-wait.cu:[[#@LINE-2]]:5: warning: missing wait: thread 0 writes buf[0] while the bulk copy out of shared memory at line 13 of the same thread may still be reading it, so the copy may store the new value to global memory; a bulk copy has read its source only once its thread's cp.async.bulk.wait_group.read completes its bulk group, and none did before this access (block 128x1, sm_90) [smem-async-copy-wait]
    // CHECK: bulk-store-wait.cu:13:33: note: thread 0 issues the bulk copy out of shared memory that reads buf[0] here, in iteration 0 of the loop at line [[#@LINE-4]]
    // CHECK: note: wait for the copy to have read its source before writing it again: cp.async.bulk.wait_group.read 0
    fence_for_async_proxy();
    __syncthreads();
    if (threadIdx.x == 0)
      store_to_global(out + tile * 128, buf, sizeof(buf));
  }
  if (threadIdx.x == 0)
    wait_until_read();
}

// The copying thread waits until the copy has read 'buf', then the barrier
// holds the others until it has.
// smem-lint: block_dim(128)
__global__ void wait_then_refill(float *out) {
  __shared__ alignas(128) float buf[128];
  for (int tile = 0; tile < 2; ++tile) {
    buf[threadIdx.x] = tile * 128 + threadIdx.x;
    fence_for_async_proxy();
    __syncthreads();
    if (threadIdx.x == 0) {
      store_to_global(out + tile * 128, buf, sizeof(buf));
      wait_until_read();
    }
    __syncthreads();
  }
}

// Two buffers: the copy of one may still read while the other is filled;
// wait_group.read 1 leaves only the newest copy in flight, so the buffer
// written next is free. The last copy is waited for before the exit.
// smem-lint: block_dim(128)
__global__ void double_buffered(float *out) {
  __shared__ alignas(128) float buf[2][128];
  for (int tile = 0; tile < 4; ++tile) {
    float *stage = buf[tile % 2];
    stage[threadIdx.x] = tile * 128 + threadIdx.x;
    fence_for_async_proxy();
    __syncthreads();
    if (threadIdx.x == 0) {
      store_to_global(out + tile * 128, stage, sizeof(buf[0]));
      asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");
    }
    __syncthreads();
  }
  if (threadIdx.x == 0)
    wait_until_read();
}

// Without that last wait the block may exit while the last copy still reads
// its buffer, which may then go to another block: a note, since CUDA's
// examples wait there but the H200 showed no wrong value without the wait.
// smem-lint: block_dim(128)
__global__ void exits_while_reading(float *out) {
  __shared__ alignas(128) float buf[128];
  buf[threadIdx.x] = threadIdx.x;
  fence_for_async_proxy();
  __syncthreads();
  if (threadIdx.x == 0)
    store_to_global(out, buf, sizeof(buf));
}
// EXIT: bulk-store-wait.cu:13:33: note: possibly missing wait: the block exits while the bulk copy out of shared memory here may still be reading buf[0]: thread 0 issues it and no cp.async.bulk.wait_group.read completes it before the thread returns, so the block's shared memory may go to another block before the copy has read it (block 128x1, sm_90) [smem-async-copy-wait]
// EXIT: note: wait in the copying thread before it returns, as CUDA's TMA examples do: cp.async.bulk.wait_group.read 0

// CHECK: smem-lint: 2 warnings and 0 errors, 1 note in 1 file
