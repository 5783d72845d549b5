// Dynamic shared memory that only the TMA engine and the mbarrier
// instructions touch still counts as touched: a ring of 3 stages of 32 x 8
// floats (3 x 1024 bytes) written by TMA tensor copies, and 3 mbarriers
// after them (bytes 3072 to 3096), all read by no C++ access beyond the
// first row of a stage. A launch asking for exactly what the kernel uses
// gets no note; one asking for 8192 bytes is told the kernel touches the
// first 3096 (3 x 1024 + 3 x 8).
//
// RUN: %smem-lint --checks=-*,smem-capacity %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not="note:"

#include <cuda.h>
#include <cstdint>

constexpr int Stages = 3;

__device__ __forceinline__ unsigned smem(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}

__global__ void ring(const __grid_constant__ CUtensorMap map, float *out) {
  extern __shared__ __align__(1024) unsigned char buffer[];
  float *tiles = reinterpret_cast<float *>(buffer);
  uint64_t *full = reinterpret_cast<uint64_t *>(buffer + Stages * 1024);
  if (threadIdx.x == 0)
    for (int s = 0; s < Stages; ++s)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&full[s])));
  __syncthreads();
  if (threadIdx.x == 0)
    for (int s = 0; s < Stages; ++s) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;"
                   ::"r"(smem(&full[s])) : "memory");
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                   ::"r"(smem(tiles + s * 256)), "l"(&map), "r"(0), "r"(8 * s),
                     "r"(smem(&full[s]))
                   : "memory");
    }
  float sum = 0;
  for (int s = 0; s < Stages; ++s) {
    asm volatile("{\n .reg .pred p;\n W:\n"
                 " mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n"
                 " @!p bra W;\n}" ::"r"(smem(&full[s])) : "memory");
    sum += tiles[s * 256 + threadIdx.x];
  }
  out[threadIdx.x] = sum;
}

int main() {
  float *g;
  cudaMalloc(&g, 1024 * 1024 * 4);
  CUtensorMap map;
  cuuint64_t dims[2] = {1024, 1024};
  cuuint64_t strides[1] = {1024 * sizeof(float)};
  cuuint32_t box[2] = {32, 8};
  cuuint32_t one[2] = {1, 1};
  cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, g, dims,
                         strides, box, one, CU_TENSOR_MAP_INTERLEAVE_NONE,
                         CU_TENSOR_MAP_SWIZZLE_NONE,
                         CU_TENSOR_MAP_L2_PROMOTION_NONE,
                         CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  ring<<<1, 32, Stages * 1024 + Stages * 8>>>(map, g);
  ring<<<1, 32, 8192>>>(map, g);
  // CHECK: dynamic-tma-stages.cu:[[#@LINE-1]]:3: note: launch of 'ring' asks for 8192 bytes (8 KB) of dynamic shared memory, but the kernel touches only the first 3096 bytes
  // CHECK: dynamic-tma-stages.cu:[[#@LINE-2]]:3: note: asking for what it uses would allow 25 -> 32 blocks per SM on sm_90
}
