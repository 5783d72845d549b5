// wgmma.mma_async reads its shared operands through the async proxy from its
// issue until a wgmma.wait_group retires its group (PTX ISA, "Asynchronous
// Warpgroup Level Matrix Multiply-Accumulate"): the threads' st.shared reach
// it only through fence.proxy.async, and a write of an operand before the
// wait races with the read. The descriptors are built as CUTLASS's
// GmmaDescriptor and hand-written Hopper GEMMs build them, from
// __cvta_generic_to_shared; the evaluator decodes them into the 16-byte
// pieces each operand reads. Racy and fixed twins.
//
// RUN: not %smem-lint --arch=sm_90a %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
//
// The JSON lists each operand's decoded descriptor, the warpgroup instructions
// that read it (once per kernel, 4 times in overwritten_before_wait's k loop),
// its bytes (64 rows x 32 bytes of K) and gmma wavefronts per instruction:
// 2048 / 128 = 16 (docs/measurements/h200-wgmma.md: this layout's SS probe, 32).
// RUN: not %smem-lint --arch=sm_90a --format=json %s | python3 -c "import json, sys; [print(k['name'], r['line'], r['operand'], r['array'], r['layout'], r['bytes_per_instruction'], r['instructions'], r['wavefronts']) for k in json.load(sys.stdin)['kernels'] for r in k['warpgroup_mma_reads']]" | FileCheck --check-prefix=JSON %s
// JSON: unfenced 51 A sa K-major, 32-byte swizzle, stride byte offset 256 2048 1 16
// JSON-NEXT: unfenced 51 B sb K-major, 32-byte swizzle, stride byte offset 256 2048 1 16
// JSON: overwritten_before_wait 51 A sa K-major, 32-byte swizzle, stride byte offset 256 2048 4 16
// JSON: stride_past_the_tile 51 B sb K-major, 32-byte swizzle, stride byte offset 512 2048 1 16

typedef unsigned long long u64;

// K-major, 32-byte swizzle: each row of the 64x16 bf16 tile is one 32-byte
// span, eight rows (256 bytes) to a core matrix group (SBO).
__device__ u64 descriptor(const void *tile, unsigned stride_bytes) {
  unsigned address = (unsigned)__cvta_generic_to_shared(tile);
  u64 d = (u64)((address & 0x3FFFF) >> 4);
  d |= (u64)(16 >> 4) << 16;
  d |= (u64)((stride_bytes & 0x3FFFF) >> 4) << 32;
  d |= (u64)3 << 62; // 32-byte swizzle
  return d;
}

__device__ void mma_64x64x16(float (&acc)[32], u64 a, u64 b) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, "
      "%30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
      : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]),
        "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]),
        "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]),
        "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]),
        "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]),
        "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]),
        "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]),
        "+f"(acc[30]), "+f"(acc[31])
      : "l"(a), "l"(b));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}

// Findings about what a kernel's wgmma reads are reported here, at the
// operand's descriptor, in the order of the file: stride_past_the_tile's
// (below) comes first.
// CHECK: wgmma-operands.cu:51:21: error: wgmma's read of its B operand through descriptor 'b' is out of bounds for its warpgroup: bytes 2048 to 3824 (16-byte access) of 'sb', an object of 2048 bytes (in 'stride_past_the_tile', block 128x1, sm_90a) [smem-out-of-bounds]
// CHECK: wgmma-operands.cu:51:21: note: the descriptor (K-major, 32-byte swizzle, stride byte offset 512) reaches sb[1024]

__device__ void wait_for_mmas() {
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

__device__ void fence_for_async_proxy() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// The tiles are written by the threads and read by the wgmma after a
// barrier, with no proxy fence: the tensor cores may read them as they were
// before the writes.
// smem-lint: block_dim(128)
__global__ void unfenced(const unsigned short *a, const unsigned short *b,
                         float *c) {
  __shared__ alignas(256) unsigned short sa[64 * 16], sb[64 * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += 128) {
    sa[i] = a[i];
    sb[i] = b[i];
  }
  __syncthreads();
  float acc[32] = {};
  mma_64x64x16(acc, descriptor(sa, 256), descriptor(sb, 256));
  // CHECK: wgmma-operands.cu:[[#@LINE-1]]:3: warning: wgmma reads 'sa' through the async proxy, but the generic write at line [[#@LINE-6]] is not made visible to it with fence.proxy.async (thread 1 writes sa[0], a barrier orders it before the wgmma of warpgroup 0; no fence by either; block 128x1, sm_90a) [smem-async-proxy-fence]
  // CHECK: note: the wgmma that call reaches
  // CHECK: wgmma-operands.cu:[[#@LINE-8]]:5: note: the write the wgmma reads: 512 of the 512 words it reads come from it unfenced
  // CHECK: note: barriers order the generic proxy only: the tensor cores may read 'sa' as it was before the write. Put `fence.proxy.async.shared::cta`
  // CHECK: wgmma-operands.cu:[[#@LINE-5]]:3: warning: wgmma reads 'sb' through the async proxy, but the generic write at line [[#@LINE-9]]
  // CHECK: note: the wgmma that call reaches
  // CHECK: note: the write the wgmma reads
  // CHECK: note: barriers order
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// The fix: every writer fences before the barrier.
// smem-lint: block_dim(128)
__global__ void fenced(const unsigned short *a, const unsigned short *b,
                       float *c) {
  __shared__ alignas(256) unsigned short sa[64 * 16], sb[64 * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += 128) {
    sa[i] = a[i];
    sb[i] = b[i];
  }
  fence_for_async_proxy();
  __syncthreads();
  float acc[32] = {};
  mma_64x64x16(acc, descriptor(sa, 256), descriptor(sb, 256));
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// A loop over K that loads the next tile while the last wgmma may still read
// the current one: the wait comes only after the loop.
// smem-lint: block_dim(128)
__global__ void overwritten_before_wait(const unsigned short *a,
                                        const unsigned short *b, float *c) {
  __shared__ alignas(256) unsigned short sa[64 * 16], sb[64 * 16];
  float acc[32] = {};
  for (int k = 0; k < 4; ++k) {
    for (int i = threadIdx.x; i < 64 * 16; i += 128) {
      sa[i] = a[k * 1024 + i];
      // CHECK: wgmma-operands.cu:[[#@LINE-1]]:7: warning: missing wait: thread 0 writes sa[0] while the wgmma at line 51 of warpgroup 0 may still be reading it, so the wgmma may multiply the new value; a wgmma has read its operands only once a wgmma.wait_group of its warpgroup retires its group, and none did before this access (block 128x1, sm_90a) [smem-async-copy-wait]
      // CHECK: wgmma-operands.cu:51:13: note: warpgroup 0 issues the wgmma that reads sa[0] here, in iteration 0 of the loop at line [[#@LINE-4]]
      // CHECK: note: wait for the wgmma to have read its operands before writing them again: wgmma.wait_group.sync.aligned 0 (warpgroup_wait<0>() in CUTLASS) in every thread of the warpgroup, then __syncthreads() before the other threads write
      sb[i] = b[k * 1024 + i];
      // CHECK: wgmma-operands.cu:[[#@LINE-1]]:7: warning: missing wait:
      // CHECK: note: warpgroup 0 issues the wgmma
      // CHECK: note: wait for the wgmma
    }
    fence_for_async_proxy();
    __syncthreads();
    mma_64x64x16(acc, descriptor(sa, 256), descriptor(sb, 256));
    __syncthreads();
  }
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// The fix: wait for the wgmma before the barrier that lets the next tile in.
// smem-lint: block_dim(128)
__global__ void waited(const unsigned short *a, const unsigned short *b,
                       float *c) {
  __shared__ alignas(256) unsigned short sa[64 * 16], sb[64 * 16];
  float acc[32] = {};
  for (int k = 0; k < 4; ++k) {
    for (int i = threadIdx.x; i < 64 * 16; i += 128) {
      sa[i] = a[k * 1024 + i];
      sb[i] = b[k * 1024 + i];
    }
    fence_for_async_proxy();
    __syncthreads();
    mma_64x64x16(acc, descriptor(sa, 256), descriptor(sb, 256));
    wait_for_mmas();
    __syncthreads();
  }
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// A stride byte offset of 512 where the tile's 8-row groups are 256 bytes
// apart: B's eight groups reach 7 x 512 + 256 = 3840 bytes into a 2048-byte
// tile. The first piece past it is group 4's first, at 4 x 512 = 2048 bytes
// (sb[1024]); the last starts at 7 x 512 + 7 x 32 + 16 = 3824.
// smem-lint: block_dim(128)
__global__ void stride_past_the_tile(const unsigned short *a,
                                     const unsigned short *b, float *c) {
  __shared__ alignas(256) unsigned short sa[64 * 16], sb[64 * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += 128) {
    sa[i] = a[i];
    sb[i] = b[i];
  }
  fence_for_async_proxy();
  __syncthreads();
  float acc[32] = {};
  mma_64x64x16(acc, descriptor(sa, 256), descriptor(sb, 512));
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// The fix: the stride the tile has.
// smem-lint: block_dim(128)
__global__ void stride_of_the_tile(const unsigned short *a,
                                   const unsigned short *b, float *c) {
  __shared__ alignas(256) unsigned short sa[64 * 16], sb[64 * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += 128) {
    sa[i] = a[i];
    sb[i] = b[i];
  }
  fence_for_async_proxy();
  __syncthreads();
  float acc[32] = {};
  mma_64x64x16(acc, descriptor(sa, 256), descriptor(sb, 256));
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// Two stages: the wgmma of stage k % 2 may still read while the next tile
// goes into the other stage; wgmma.wait_group 1 retires the older group
// before its stage is written again. Nothing to report.
// smem-lint: block_dim(128)
__global__ void two_stages(const unsigned short *a, const unsigned short *b,
                           float *c) {
  __shared__ alignas(256) unsigned short sa[2][64 * 16], sb[2][64 * 16];
  float acc[32] = {};
  for (int k = 0; k < 4; ++k) {
    int stage = k % 2;
    for (int i = threadIdx.x; i < 64 * 16; i += 128) {
      sa[stage][i] = a[k * 1024 + i];
      sb[stage][i] = b[k * 1024 + i];
    }
    fence_for_async_proxy();
    __syncthreads();
    mma_64x64x16(acc, descriptor(sa[stage], 256), descriptor(sb[stage], 256));
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
    __syncthreads();
  }
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}

// The same with wgmma.wait_group 2: the group that read the stage being
// written may still be in flight.
// smem-lint: block_dim(128)
__global__ void two_stages_waiting_too_little(const unsigned short *a,
                                              const unsigned short *b,
                                              float *c) {
  __shared__ alignas(256) unsigned short sa[2][64 * 16], sb[2][64 * 16];
  float acc[32] = {};
  for (int k = 0; k < 4; ++k) {
    int stage = k % 2;
    for (int i = threadIdx.x; i < 64 * 16; i += 128) {
      sa[stage][i] = a[k * 1024 + i];
      // CHECK: wgmma-operands.cu:[[#@LINE-1]]:7: warning: missing wait: thread 0 writes sa[0][0] while the wgmma at line 51 of warpgroup 0 may still be reading it
      // CHECK: note: warpgroup 0 issues the wgmma that reads sa[0][0] here, in iteration 0 of the loop at line [[#@LINE-5]]
      // CHECK: note: wait for the wgmma
      sb[stage][i] = b[k * 1024 + i];
      // CHECK: wgmma-operands.cu:[[#@LINE-1]]:7: warning: missing wait: thread 0 writes sb[0][0]
      // CHECK: note: warpgroup 0 issues
      // CHECK: note: wait for the wgmma
    }
    fence_for_async_proxy();
    __syncthreads();
    mma_64x64x16(acc, descriptor(sa[stage], 256), descriptor(sb[stage], 256));
    asm volatile("wgmma.wait_group.sync.aligned 2;" ::: "memory");
    __syncthreads();
  }
  wait_for_mmas();
  for (int i = 0; i < 32; ++i)
    c[threadIdx.x * 32 + i] = acc[i];
}
