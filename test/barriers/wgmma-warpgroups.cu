// A wgmma reads for its whole warpgroup once every thread of it has issued
// it: what those threads wrote before is ordered before the read (given a
// proxy fence), whatever warp wrote it, and any thread of it that waited for
// the read orders it before what follows. Another warpgroup's writes need a
// barrier. A from registers: only B is read from shared memory. A sparse
// wgmma's compressed A is not modelled: a note, not silence. A wgmma in one
// asm statement with its fence and commit is followed too.
//
// RUN: not %smem-lint --arch=sm_90a %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
//
// The race is reported at the helper's B operand, where the wgmma reads:
// CHECK: wgmma-warpgroups.cu:[[#B_OPERAND:]]:66: warning: missing barrier: the wgmma of warpgroup 0 reads sb[0], written by thread 128 at line [[#WRITE:]] with no __syncthreads() in between (in 'other_warpgroup_writes', block 256x1, sm_90a) [smem-missing-barrier]
// CHECK: wgmma-warpgroups.cu:[[#WRITE]]:5: note: thread 128 writes sb[0] here
// CHECK: note: access not analysed: inline PTX 'wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.bf16.bf16' reads shared memory; the analysis does not evaluate it (the compressed A operand of a sparse wgmma is not modelled), so its wavefronts and the races through it are not known (block 128x1, sm_90a) [smem-lint-incomplete]
// CHECK: wgmma-warpgroups.cu:[[#]]:68: warning: missing barrier: the wgmma of warpgroup 0 reads sb[0], written by thread 128 at line [[#STATEMENT_WRITE:]] with no __syncthreads() in between (block 256x1, sm_90a) [smem-missing-barrier]
// CHECK: wgmma-warpgroups.cu:[[#STATEMENT_WRITE]]:5: note: thread 128 writes sb[0] here
// CHECK: note: insert __syncthreads() here

typedef unsigned long long u64;

// K-major, no swizzle: core matrices of 8 rows x 16 bytes, the two K halves
// 128 bytes apart, 8-row groups 256 bytes apart (a tile of 8 x 16 bf16 in
// that order is one group).
__device__ u64 descriptor(const void *tile) {
  unsigned address = (unsigned)__cvta_generic_to_shared(tile);
  return (u64)((address & 0x3FFFF) >> 4) | (u64)(128 >> 4) << 16 |
         (u64)(256 >> 4) << 32;
}

// A (64x16) in registers, B (8x16) from shared memory.
__device__ void mma_rs_64x8x16(float (&acc)[4], const unsigned (&a)[4], u64 b) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, 1, 1, 1, 0;"
               : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

// Warpgroup 0 multiplies; its own threads wrote B, every warp a part of it:
// ordered by the wgmma itself.
// smem-lint: block_dim(128)
__global__ void own_warpgroup_writes(const unsigned short *in, float *out) {
  __shared__ alignas(128) unsigned short sb[8 * 16];
  if (threadIdx.x < 8 * 16)
    sb[threadIdx.x] = in[threadIdx.x];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  unsigned a[4] = {1, 2, 3, 4};
  float acc[4] = {};
  mma_rs_64x8x16(acc, a, descriptor(sb));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = acc[i];
}

// Warpgroup 1 (threads 128-255) loads B for warpgroup 0's wgmma, with no
// barrier between.
// smem-lint: block_dim(256)
__global__ void other_warpgroup_writes(const unsigned short *in, float *out) {
  __shared__ alignas(128) unsigned short sb[8 * 16];
  if (threadIdx.x >= 128)
    sb[threadIdx.x - 128] = in[threadIdx.x];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  if (threadIdx.x < 128) {
    unsigned a[4] = {1, 2, 3, 4};
    float acc[4] = {};
    mma_rs_64x8x16(acc, a, descriptor(sb));
    for (int i = 0; i < 4; ++i)
      out[threadIdx.x * 4 + i] = acc[i];
  }
}

// The fix: a barrier after the fence.
// smem-lint: block_dim(256)
__global__ void other_warpgroup_writes_then_barrier(const unsigned short *in,
                                                    float *out) {
  __shared__ alignas(128) unsigned short sb[8 * 16];
  if (threadIdx.x >= 128)
    sb[threadIdx.x - 128] = in[threadIdx.x];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x < 128) {
    unsigned a[4] = {1, 2, 3, 4};
    float acc[4] = {};
    mma_rs_64x8x16(acc, a, descriptor(sb));
    for (int i = 0; i < 4; ++i)
      out[threadIdx.x * 4 + i] = acc[i];
  }
}

// Sparse: A is stored compressed with its metadata.
// smem-lint: block_dim(128)
__global__ void sparse(const unsigned short *in, float *out, unsigned meta) {
  __shared__ alignas(128) unsigned short sa[64 * 16], sb[8 * 32];
  for (int i = threadIdx.x; i < 64 * 16; i += 128)
    sa[i] = in[i];
  for (int i = threadIdx.x; i < 8 * 32; i += 128)
    sb[i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float acc[4] = {};
  asm volatile("wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.bf16.bf16 "
               "{%0, %1, %2, %3}, %4, %5, %6, 0, 1, 1, 1, 0, 0;"
               : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
               : "l"(descriptor(sa)), "l"(descriptor(sb)), "r"(meta));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = acc[i];
}

#include <cstdint>

__device__ void init(uint64_t *bar, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar)),
               "r"(count)
               : "memory");
}

__device__ void arrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar))
               : "memory");
}

__device__ void wait(uint64_t *bar, int phase) {
  asm volatile("{\n.reg .pred P1;\nLAB_WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
               "@P1 bra DONE;\nbra LAB_WAIT;\nDONE:\n}\n" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar)),
               "r"(phase)
               : "memory");
}

// Thread 128 produces B, warpgroup 0 consumes it, and one consumer thread
// releases the buffer once the warpgroup's wgmma.wait_group retired the
// read: the wgmma is the warpgroup's, so that thread's release orders the
// whole read before the refill. Nothing to report.
// smem-lint: block_dim(256)
__global__ void one_thread_releases(const unsigned short *in, float *out) {
  __shared__ alignas(128) unsigned short sb[8 * 16];
  __shared__ uint64_t full, empty;
  if (threadIdx.x == 0) {
    init(&full, 1);
    init(&empty, 1);
  }
  __syncthreads();
  float acc[4] = {};
  for (int round = 0; round < 2; ++round) {
    if (threadIdx.x == 128) {
      if (round > 0)
        wait(&empty, (round - 1) & 1);
      for (int i = 0; i < 8 * 16; ++i)
        sb[i] = in[round * 128 + i];
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      arrive(&full);
    }
    if (threadIdx.x < 128) {
      wait(&full, round & 1);
      unsigned a[4] = {1, 2, 3, 4};
      mma_rs_64x8x16(acc, a, descriptor(sb));
      if (threadIdx.x == 0)
        arrive(&empty);
    }
  }
  if (threadIdx.x < 128)
    for (int i = 0; i < 4; ++i)
      out[threadIdx.x * 4 + i] = acc[i];
}

// The fence, the wgmma and its commit in one asm statement, as some kernels
// write them: the same race as other_warpgroup_writes.
// smem-lint: block_dim(256)
__global__ void one_statement(const unsigned short *in, float *out) {
  __shared__ alignas(128) unsigned short sb[8 * 16];
  if (threadIdx.x >= 128)
    sb[threadIdx.x - 128] = in[threadIdx.x];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  if (threadIdx.x < 128) {
    unsigned a[4] = {1, 2, 3, 4};
    float acc[4] = {};
    u64 b = descriptor(sb);
    asm volatile("wgmma.fence.sync.aligned;\n"
                 "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, 1, 1, 1, 0;\n"
                 "wgmma.commit_group.sync.aligned;\n"
                 : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b)
                 : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    for (int i = 0; i < 4; ++i)
      out[threadIdx.x * 4 + i] = acc[i];
  }
}
