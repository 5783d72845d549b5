// __nv_bfloat16 A and B fragments of m16n16k16 loaded from shared memory.
// CUDA 13's mma.hpp loads them through __mma_bf16_m16n16k16_ld_a/b, which
// nvcc emits as the generic `wmma.load...bf16` (no .shared, unlike the
// half fragments' `wmma.load...shared.f16`), so ptxas cannot use ldmatrix.
// One warp, one load_matrix_sync per launch, each layout at several ldm (in
// elements): which SASS instructions nvcc emits, and the shared wavefronts
// of the launch. Run by run_wmma_bf16_probes.sh; results:
// docs/measurements/h200-wmma.md.
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

constexpr int Words = 4096;

template <typename Use, typename Layout, int LDM>
__global__ void loadBf16(const int *in, float *out) {
  __shared__ __align__(128) int s[Words];
  for (int i = threadIdx.x; i < Words; i += 32)
    s[i] = in[i];
  __syncwarp();
  wmma::fragment<Use, 16, 16, 16, __nv_bfloat16, Layout> f;
  wmma::load_matrix_sync(f, reinterpret_cast<const __nv_bfloat16 *>(s), LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i)
    acc += __bfloat162float(f.x[i]);
  out[threadIdx.x] = acc;
}

// The same from global memory (the samples' simple_wmma_bf16gemm): the
// generic loads reach global memory, their sectors and requests.
template <typename Use, typename Layout, int LDM>
__global__ void loadBf16Global(const int *in, float *out) {
  wmma::fragment<Use, 16, 16, 16, __nv_bfloat16, Layout> f;
  wmma::load_matrix_sync(f, reinterpret_cast<const __nv_bfloat16 *>(in), LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i)
    acc += __bfloat162float(f.x[i]);
  out[threadIdx.x] = acc;
}

#define L(USE, LAY, LDM)                                                       \
  loadBf16<wmma::USE, wmma::LAY, LDM><<<1, 32>>>(in, out);
#define G(USE, LAY, LDM)                                                       \
  loadBf16Global<wmma::USE, wmma::LAY, LDM><<<1, 32>>>(in, out);

int main() {
  int *in;
  float *out;
  cudaMalloc(&in, Words * 4);
  cudaMalloc(&out, 4096);
  cudaMemset(in, 0, Words * 4);
  L(matrix_a, row_major, 16) L(matrix_a, row_major, 24)
  L(matrix_a, row_major, 32) L(matrix_a, row_major, 40)
  L(matrix_a, row_major, 64) L(matrix_a, row_major, 72)
  L(matrix_a, col_major, 16) L(matrix_a, col_major, 24)
  L(matrix_a, col_major, 64) L(matrix_a, col_major, 72)
  L(matrix_b, row_major, 16) L(matrix_b, row_major, 24)
  L(matrix_b, row_major, 64) L(matrix_b, row_major, 72)
  L(matrix_b, col_major, 16) L(matrix_b, col_major, 24)
  L(matrix_b, col_major, 64) L(matrix_b, col_major, 72)
  G(matrix_a, row_major, 16) G(matrix_a, row_major, 64)
  G(matrix_a, col_major, 16) G(matrix_a, col_major, 64)
  G(matrix_b, row_major, 16) G(matrix_b, row_major, 64)
  G(matrix_b, col_major, 16) G(matrix_b, col_major, 72)
  return cudaDeviceSynchronize() != cudaSuccess;
}
