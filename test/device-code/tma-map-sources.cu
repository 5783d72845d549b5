// Where a kernel's CUtensorMap comes from, as Hopper GEMMs write it: a
// static global assigned from a templated helper when the problem size
// changes, handed to the copy as an integer (`reinterpret_cast<uint64_t>`).
// The helper's box is the template's (64 x 8 x 1 halves, 1024 bytes), so the
// copy is followed: the tile read before the wait is reported. A global
// given two different boxes is not known: its copy is a note that says so.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not="note: access not analysed"

#include <cuda.h>
#include <cuda_fp16.h>
#include <cstdint>

__device__ static inline void load_async(__half *dst, void const *const map,
                                         uint64_t *bar) {
  uint64_t tma_ptr = reinterpret_cast<uint64_t>(map);
  uint32_t mbar_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(bar));
  uint32_t dst_ptr = static_cast<uint32_t>(__cvta_generic_to_shared(dst));
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(mbar_ptr));
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;"
               ::"r"(mbar_ptr) : "memory");
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile."
               "mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];"
               ::"r"(dst_ptr), "l"(tma_ptr), "r"(mbar_ptr), "n"(0), "r"(0),
                 "r"(0)
               : "memory");
  // CHECK: tma-map-sources.cu:[[#@LINE-5]]:3: note: access not analysed: inline PTX 'cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes' writes shared memory; the analysis does not evaluate it (the box of tensor map 'map' is not known: no launch shows the cuTensorMapEncodeTiled call that encodes it with constants)
}

template <int Rows, bool Swizzle = true>
CUtensorMap create_map(__half *g, int height, int width) {
  CUtensorMap map;
  uint64_t shape[5] = {64, (uint64_t)height, (uint64_t)width / 64, 1, 1};
  uint64_t stride[5] = {sizeof(__half) * width, 64 * sizeof(__half), 0, 0, 0};
  uint32_t box[5] = {64, uint32_t(Rows), 1, 1, 1};
  uint32_t step[5] = {1, 1, 1, 1, 1};
  cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 3, g, shape,
                         stride, box, step, CU_TENSOR_MAP_INTERLEAVE_NONE,
                         Swizzle ? CU_TENSOR_MAP_SWIZZLE_128B
                                 : CU_TENSOR_MAP_SWIZZLE_NONE,
                         CU_TENSOR_MAP_L2_PROMOTION_NONE,
                         CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return map;
}

__global__ void read_early(const __grid_constant__ CUtensorMap map,
                           float *out) {
  __shared__ __align__(1024) __half tile[8 * 64];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0)
    load_async(tile, &map, &bar);
  __syncthreads();
  out[threadIdx.x] = __half2float(tile[threadIdx.x]);
  // CHECK: tma-map-sources.cu:[[#@LINE-1]]:3: warning: missing wait: thread 0 reads tile[0], which its own TMA tensor copy at line 24 may not have written yet
}

__global__ void two_boxes(const __grid_constant__ CUtensorMap map,
                          float *out) {
  __shared__ __align__(1024) __half tile[16 * 64];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0)
    load_async(tile, &map, &bar);
  __syncthreads();
}

static CUtensorMap g_map, g_either;
static int g_height = 0;

void run(__half *a, float *out, int height, bool tall) {
  if (height != g_height) {
    g_map = create_map<8>(a, height, 4096);
    g_height = height;
  }
  g_either = tall ? create_map<16>(a, height, 4096) : create_map<8>(a, height, 4096);
  read_early<<<1, 128>>>(g_map, out);
  two_boxes<<<1, 128>>>(g_either, out);
}
