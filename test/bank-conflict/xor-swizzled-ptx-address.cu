// Inline PTX addresses XOR-swizzled by their own bits, as ThunderKittens
// and hand-written Hopper kernels compute them: addr ^ ((addr % 1024) >> 7
// << 4) on a cvta'd shared address. Where the array is declared 1024-byte
// aligned, the address bits the XOR reads are its offset's wherever ptxas
// puts it, and the accesses are followed: the swizzled column reads are
// conflict-free, the unswizzled twin's are 8-way. Declared 16-byte aligned,
// the XOR would read bits of the placement: a note, as before.
// A 16-byte access is served 8 lanes at a time (docs/measurements/
// h200-bank-probes.md): 8 lanes on one 16-byte column of 128-byte rows all
// need the same 4 banks, 8 ways, 4 x 8 = 32 wavefronts per warp; swizzled,
// lane r's row puts the column at chunk 3 ^ (r % 8), 8 different chunks:
// 4 wavefronts, the ideal.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %smem-lint --format=json %s | python3 -c "import json, sys; [print(k['name'], a['line'], a['kind'], a['wavefronts'], a['ideal_wavefronts'], a['status']) for k in json.load(sys.stdin)['kernels'] for a in k['accesses']]" | FileCheck --check-prefix=JSON %s
// JSON: column_reads 35 store 4 4 exact
// JSON-NEXT: column_reads 42 load 4 4 exact
// JSON-NEXT: column_reads_unswizzled 53 store 32 4 exact
// JSON-NEXT: column_reads_unswizzled 61 load 32 4 exact

#include <cstdint>
// ThunderKittens-style: a 64 x 64 half tile in 128-byte rows, each 16-byte
// piece at an address XOR-ed with the row's bits: addr ^ ((addr % 1024) >> 7 << 4).
__device__ uint32_t swizzled(uint32_t addr) {
  return addr ^ (((addr % 1024) >> 7) << 4);
}

// smem-lint: block_dim(64)
__global__ void column_reads(const uint4 *in, uint4 *out) {
  __shared__ alignas(1024) uint4 tile[64 * 8];
  uint32_t base = (uint32_t)__cvta_generic_to_shared(tile);
  for (int c = 0; c < 8; ++c) {
    uint4 v = in[threadIdx.x * 8 + c];
    uint32_t a = swizzled(base + threadIdx.x * 128 + c * 16);
    asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v.x),
                 "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
  }
  __syncthreads();
  uint4 r;
  uint32_t a = swizzled(base + threadIdx.x * 128 + 3 * 16);
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
               : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "r"(a));
  out[threadIdx.x] = r;
}

// smem-lint: block_dim(64)
__global__ void column_reads_unswizzled(const uint4 *in, uint4 *out) {
  __shared__ alignas(1024) uint4 tile[64 * 8];
  uint32_t base = (uint32_t)__cvta_generic_to_shared(tile);
  for (int c = 0; c < 8; ++c) {
    uint4 v = in[threadIdx.x * 8 + c];
    uint32_t a = base + threadIdx.x * 128 + c * 16;
    asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v.x),
                 "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
    // CHECK: xor-swizzled-ptx-address.cu:[[#@LINE-2]]:67: warning: 8-way bank conflict: 16-byte write of 'tile' takes 32 wavefronts per warp instead of 4
  }
  __syncthreads();
  uint4 r;
  uint32_t a = base + threadIdx.x * 128 + 3 * 16;
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
               : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "r"(a));
  // CHECK: xor-swizzled-ptx-address.cu:[[#@LINE-1]]:67: warning: 8-way bank conflict: 16-byte read of 'tile' takes 32 wavefronts per warp instead of 4
  out[threadIdx.x] = r;
}

// smem-lint: block_dim(64)
__global__ void swizzled_but_16_aligned(const uint4 *in, uint4 *out) {
  __shared__ uint4 tile[64 * 8];
  uint32_t base = (uint32_t)__cvta_generic_to_shared(tile);
  uint4 r;
  uint32_t a = swizzled(base + threadIdx.x * 128 + 3 * 16);
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
               : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "r"(a));
  // CHECK: xor-swizzled-ptx-address.cu:[[#@LINE-2]]:3: note: access not analysed: inline PTX 'ld.shared.v4.b32' reads shared memory; the analysis could not compute its address (arithmetic on an address)
  out[threadIdx.x] = r;
}
