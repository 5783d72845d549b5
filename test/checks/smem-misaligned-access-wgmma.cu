// A swizzled wgmma operand: the swizzle flips bits of the shared address, so
// its pattern starts over at multiples of 256 (32-byte swizzle), 512 or 1024
// bytes (128-byte swizzle) of address. An array declared with less alignment
// is read in the layout its writes made only if the compiler happens to
// place it on such a multiple: a note with the __align__ fix. Twin: declared
// 1024-byte aligned, nothing to say.
//
// RUN: %smem-lint --arch=sm_90a %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

typedef unsigned long long u64;

// K-major, 128-byte swizzle: rows of 128 bytes, eight to a 1024-byte group.
__device__ u64 descriptor(const void *tile) {
  unsigned address = (unsigned)__cvta_generic_to_shared(tile);
  return (u64)((address & 0x3FFFF) >> 4) | (u64)(16 >> 4) << 16 |
         (u64)(1024 >> 4) << 32 | (u64)1 << 62;
}

__device__ void mma_64x8x16(float (&acc)[4], u64 a, u64 b) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 "
               "{%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;"
               : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
               : "l"(a), "l"(b));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

// smem-lint: block_dim(128)
__global__ void aligned_to_16(const unsigned short *in, float *out) {
  __shared__ alignas(16) unsigned short sa[64 * 64];
  // CHECK: smem-misaligned-access-wgmma.cu:[[#@LINE-1]]:41: note: 'sa' is read by wgmma with the 128-byte swizzle (line 24), whose pattern repeats every 1024 bytes of shared address, but is declared 16-byte aligned: the wgmma reads the layout its writes assume only if the compiler places it at a multiple of 1024 bytes (in 'aligned_to_16', block 128x1, sm_90a) [smem-misaligned-access]
  // CHECK: note: the swizzle flips bits 4 and up of each 16-byte piece's shared address by bits 7 and up (PTX ISA, matrix descriptor): placed elsewhere, the wgmma reads the pieces in another order
  // CHECK: note: declare 'sa' __align__(1024)
  __shared__ alignas(1024) unsigned short sb[8 * 64];
  for (int i = threadIdx.x; i < 64 * 64; i += 128)
    sa[i] = in[i];
  for (int i = threadIdx.x; i < 8 * 64; i += 128)
    sb[i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float acc[4] = {};
  mma_64x8x16(acc, descriptor(sa), descriptor(sb));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = acc[i];
}

// smem-lint: block_dim(128)
__global__ void aligned_to_1024(const unsigned short *in, float *out) {
  __shared__ alignas(1024) unsigned short sa[64 * 64];
  __shared__ alignas(1024) unsigned short sb[8 * 64];
  for (int i = threadIdx.x; i < 64 * 64; i += 128)
    sa[i] = in[i];
  for (int i = threadIdx.x; i < 8 * 64; i += 128)
    sb[i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float acc[4] = {};
  mma_64x8x16(acc, descriptor(sa), descriptor(sb));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = acc[i];
}
