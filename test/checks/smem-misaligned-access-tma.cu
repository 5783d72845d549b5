// A TMA tensor copy's shared address must be a multiple of 128 bytes, or the
// kernel stops with 'misaligned address' (error). With a swizzled tensor map
// the TMA engine swizzles by the shared address, whose pattern repeats every
// 8 swizzle rows (1024 bytes for CU_TENSOR_MAP_SWIZZLE_128B): a destination
// 128-byte aligned but off that repeat lands permuted, without an error
// (warning). Both measured on the H200: docs/measurements/h200-tma.md. An
// array aligned from its start but declared with less than the repeat, next
// to other shared variables, is a note with the __align__ fix-it.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not="note: access not analysed"

#include <cuda.h>
#include <cstdint>

__device__ __forceinline__ unsigned smem(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void copy_and_wait(void *dst, const CUtensorMap *map,
                                              uint64_t *bar) {
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(bar)));
    asm volatile("fence.mbarrier_init.release.cluster;");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;"
                 ::"r"(smem(bar)) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
                 "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(smem(dst)), "l"(map), "r"(0), "r"(0), "r"(smem(bar))
                 : "memory");
  }
  __syncthreads();
  asm volatile("{\n .reg .pred p;\n W:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n"
               " @!p bra W;\n}" ::"r"(smem(bar)) : "memory");
}

// 16 bytes into the array: the copy stops the kernel.
__global__ void sixteen_bytes_in(const __grid_constant__ CUtensorMap map,
                                 float *out) {
  __shared__ __align__(1024) float tile[9][32];
  __shared__ uint64_t bar;
  copy_and_wait(&tile[0][4], &map, &bar);
  out[threadIdx.x] = tile[threadIdx.x / 32][4 + threadIdx.x % 28];
}
// CHECK: smem-misaligned-access-tma.cu:27:24: error: misaligned TMA tensor copy of 'tile': thread 0's address is tile[0][4], 16 bytes past a multiple of 128 from the start of 'tile'; the instruction needs a multiple of 128 and the GPU stops the kernel ('misaligned address') (in 'sixteen_bytes_in', block 256x1, sm_90) [smem-misaligned-access]
// CHECK: note: misaligned for threads 0
// CHECK: note: measured on the H200: a TMA tensor copy whose shared address is not a multiple of 128 bytes stops the kernel with 'misaligned address', whatever its swizzle (docs/measurements/h200-tma.md)

// One 128-byte row into a 1024-aligned array, with the 128B swizzle.
__global__ void one_row_in(const __grid_constant__ CUtensorMap map,
                           float *out) {
  __shared__ __align__(1024) float tile[9][32];
  __shared__ uint64_t bar;
  copy_and_wait(&tile[1][0], &map, &bar);
  out[threadIdx.x] = tile[1 + threadIdx.x / 32][threadIdx.x % 32];
}
// CHECK: smem-misaligned-access-tma.cu:27:24: warning: TMA tensor copy into 'tile' with CU_TENSOR_MAP_SWIZZLE_128B at tile[1][0], 128 bytes past a multiple of 1024 from the start of 'tile': the TMA engine swizzles by the shared address, whose pattern repeats every 1024 bytes, so the tile lands permuted from the layout its swizzled reads assume (in 'one_row_in', block 256x1, sm_90) [smem-misaligned-access]
// CHECK: note: measured on the H200: a 128-byte-aligned destination off the swizzle's repeat completes without an error and holds the box swizzled by its shared address, not by its offset in the tile (docs/measurements/h200-tma.md); start each stage at a multiple of 1024 bytes

// Aligned from its start, but declared 128-byte aligned next to 'bar'.
__global__ void declared_128(const __grid_constant__ CUtensorMap map,
                             float *out) {
  __shared__ __align__(128) float tile[8][32];
  // CHECK: smem-misaligned-access-tma.cu:[[#@LINE-1]]:35: note: 'tile' is written by TMA tensor copies with CU_TENSOR_MAP_SWIZZLE_128B (line 27), whose pattern repeats every 1024 bytes of shared address, but is declared 128-byte aligned: the copies land as its reads assume only if the compiler places it at a multiple of 1024 bytes (in 'declared_128', block 256x1, sm_90) [smem-misaligned-access]
  // CHECK: note: the kernel has other static shared variables; on the H200 a swizzled TMA copy 128 bytes past a multiple of its repeat landed permuted, without an error (docs/measurements/h200-tma.md)
  // The declared alignment is replaced, not joined by a second attribute.
  // CHECK: note: declare 'tile' __align__(1024)
  // CHECK: {{^}}                       1024{{$}}
  __shared__ uint64_t bar;
  copy_and_wait(tile, &map, &bar);
  out[threadIdx.x] = tile[threadIdx.x / 32][threadIdx.x % 32];
}

// The fix: 1024-byte aligned, copied at its start.
__global__ void declared_1024(const __grid_constant__ CUtensorMap map,
                              float *out) {
  __shared__ __align__(1024) float tile[8][32];
  __shared__ uint64_t bar;
  copy_and_wait(tile, &map, &bar);
  out[threadIdx.x] = tile[threadIdx.x / 32][threadIdx.x % 32];
}

CUtensorMap encode(float *g, CUtensorMapSwizzle swizzle) {
  CUtensorMap map;
  cuuint64_t dims[2] = {1024, 1024};
  cuuint64_t strides[1] = {1024 * sizeof(float)};
  cuuint32_t box[2] = {32, 8};
  cuuint32_t one[2] = {1, 1};
  cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, g, dims,
                         strides, box, one, CU_TENSOR_MAP_INTERLEAVE_NONE,
                         swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                         CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return map;
}

int main() {
  float *g;
  cudaMalloc(&g, 1024 * 1024 * 4);
  CUtensorMap plain = encode(g, CU_TENSOR_MAP_SWIZZLE_NONE);
  CUtensorMap swizzled = encode(g, CU_TENSOR_MAP_SWIZZLE_128B);
  sixteen_bytes_in<<<1, 256>>>(plain, g);
  one_row_in<<<1, 256>>>(swizzled, g);
  declared_128<<<1, 256>>>(swizzled, g);
  declared_1024<<<1, 256>>>(swizzled, g);
}
