// Two wgmma kernels for --verify on an H200 (sm_90a): their operands' reads
// by the gmma pipe (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma),
// which smem-lint predicts at one wavefront per core matrix
// (docs/measurements/h200-wgmma.md). Each tile is filled by the block,
// fenced for the async proxy, and read by warpgroup 0's wgmma.
typedef unsigned long long u64;

// The 32 f32 accumulators of an m64n64 wgmma, as asm outputs.
#define ACCUMULATORS(d)                                                        \
  "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]),      \
      "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]),             \
      "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),         \
      "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]),         \
      "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]),         \
      "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]),         \
      "+f"(d[31])

__device__ u64 descriptor(const void *tile, unsigned lbo, unsigned sbo,
                          unsigned mode) {
  u64 address = __cvta_generic_to_shared(tile);
  return ((address & 0x3FFFF) >> 4) | u64((lbo & 0x3FFFF) >> 4) << 16 |
         u64((sbo & 0x3FFFF) >> 4) << 32 | u64(mode) << 62;
}

// A and B (64 x 16 bf16 each) K-major with the 128-byte swizzle: 2048 bytes
// each, 16 wavefronts each per wgmma.
__global__ void ssSwizzled(const unsigned short *in, float *out) {
  __shared__ __align__(1024) unsigned short sa[64 * 64];
  __shared__ __align__(1024) unsigned short sb[64 * 64];
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x) {
    sa[i] = in[i];
    sb[i] = in[i + 64 * 64];
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[32] = {};
  if (threadIdx.x < 128) {
    for (int k = 0; k < 4; ++k) {
      // CUTLASS's k-block advance: 32 bytes into the swizzle atom.
      u64 a = descriptor(sa + 16 * k, 16, 1024, 1);
      u64 b = descriptor(sb + 16 * k, 16, 1024, 1);
      asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
      asm volatile(
          "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
          "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
          "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, "
          "%28, %29, %30, %31}, %32, %33, 1, 1, 1, 0, 0;"
          : ACCUMULATORS(d)
          : "l"(a), "l"(b));
      asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
      asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    }
  }
  for (int i = 0; i < 32; ++i)
    out[threadIdx.x * 32 + i] = d[i];
}

// B alone (64 x 16 bf16, N-major, no swizzle), A from registers: 2048 bytes,
// 16 wavefronts per wgmma.
__global__ void rsInterleaved(const unsigned short *in, float *out) {
  __shared__ __align__(128) unsigned short sb[64 * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += blockDim.x)
    sb[i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned a[4] = {0x3f803f80u, 0x3f803f80u, 0x3f803f80u, 0x3f803f80u};
  float d[32] = {};
  u64 b = descriptor(sb, 128, 256, 0);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
      "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, "
      "%28, %29, %30, %31}, {%32, %33, %34, %35}, %36, 1, 1, 1, 1;"
      : ACCUMULATORS(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  for (int i = 0; i < 32; ++i)
    out[threadIdx.x * 32 + i] = d[i];
}

int main() {
  ssSwizzled<<<1, 128>>>(nullptr, nullptr);
  rsInterleaved<<<1, 128>>>(nullptr, nullptr);
}
