// A tile the TMA engine writes (cp.async.bulk.tensor) is laid out by its
// tensor map, not by the array's declaration: padding the array's rows
// would not move what the copy writes, so no padding or swizzle fix-it is
// offered for it. The advice is the tensor map's swizzle mode, read through
// the same XOR: with CU_TENSOR_MAP_SWIZZLE_128B, 16-byte chunk c of 128-byte
// row r lands at chunk c ^ (r % 8), so lane l reading column 0 of row l
// (l = 0..7) reads chunk l of its row: 8 different 4-word chunks, banks
// 4(l) .. 4(l)+3, one wavefront per 8 lanes' 8 rows where the plain layout
// takes 8 (all in bank 0). Arithmetic: 32 rows of 32 floats, 4 bytes each.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not="pad the rows"

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
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;"
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

// Column 0 of the unswizzled tile: every lane in bank 0.
__global__ void column_of_plain_tile(const __grid_constant__ CUtensorMap map,
                                     float *out) {
  __shared__ __align__(1024) float tile[32][32];
  __shared__ uint64_t bar;
  copy_and_wait(tile, &map, &bar);
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK: tma-tile.cu:[[#@LINE-1]]:22: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1
  // CHECK: tma-tile.cu:[[#@LINE-5]]:36: note: 'tile' is written by a TMA tensor copy (line 28) in the tensor map's layout, which a change of its declaration would not move; encode the tensor map with a swizzle mode (CU_TENSOR_MAP_SWIZZLE_128B for 128-byte rows) and read it through the same XOR
}

// The same column of the 128B-swizzled tile, read through its XOR: lanes
// 8 apart share a chunk's banks (rows l and l + 8 swizzle alike), 4-way.
__global__ void column_of_swizzled_tile(const __grid_constant__ CUtensorMap map,
                                        float *out) {
  __shared__ __align__(1024) float tile[32][32];
  __shared__ uint64_t bar;
  copy_and_wait(tile, &map, &bar);
  unsigned row = threadIdx.x, chunk = 0 ^ (row % 8);
  out[threadIdx.x] = tile[row][chunk * 4];
  // CHECK: tma-tile.cu:[[#@LINE-1]]:22: warning: 4-way bank conflict: read of 'tile' takes 4 wavefronts per warp instead of 1
  // CHECK: tma-tile.cu:[[#@LINE-6]]:36: note: 'tile' is written by a TMA tensor copy (line 28) in the tensor map's layout, which a change of its declaration would not move; read it through the XOR of the tensor map's CU_TENSOR_MAP_SWIZZLE_128B
}

CUtensorMap encode(float *g, CUtensorMapSwizzle swizzle) {
  CUtensorMap map;
  cuuint64_t dims[2] = {1024, 1024};
  cuuint64_t strides[1] = {1024 * sizeof(float)};
  cuuint32_t box[2] = {32, 32};
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
  column_of_plain_tile<<<1, 32>>>(encode(g, CU_TENSOR_MAP_SWIZZLE_NONE), g);
  column_of_swizzled_tile<<<1, 32>>>(encode(g, CU_TENSOR_MAP_SWIZZLE_128B), g);
}
