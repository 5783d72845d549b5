// wmma m16n16k8 tf32 fragments loaded from shared memory, evaluated as the
// instructions nvcc makes of them on sm_80 and later: four 4-byte loads in
// the m16n8k8 tf32 fragment layout (lane l, g = l / 4, t = l % 4; A: rows
// g and g + 8, columns t and t + 4; B: rows t and t + 4, columns g and
// g + 8; a column-major tile stored transposed), no ldmatrix. Every number
// is the H200's (docs/measurements/h200-wmma.md, "tf32",
// utils/gpu-probes/wmma_tf32_probes.cu: wavefronts per launch over the 4
// loads): A row-major ldm 8: 8 (lanes g and g + 4 meet: 8 g + t and
// 8 (g + 4) + t are 32 words apart); ldm 12: 4, the ideal; B row-major ldm
// 32: 16 (the 4 rows t share banks); B col-major ldm 64: 32.
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="bank conflict" --implicit-check-not="not analysed"
#include <mma.h>
using namespace nvcuda;

template <typename Use, typename Layout, int Ldm>
__global__ void loadTf32(const float *In, float *Out) {
  __shared__ __align__(128) float S[16 * 128];
  for (int I = threadIdx.x; I < 16 * 128; I += 32)
    S[I] = In[I];
  __syncwarp();
  wmma::fragment<Use, 16, 16, 8, wmma::precision::tf32, Layout> F;
  wmma::load_matrix_sync(F, S, Ldm);
  // CHECK: wmma-tf32.cu:[[@LINE-1]]:3: warning: 2-way bank conflict: read of 'S' takes 2 wavefronts per warp instead of 1 (in 'loadTf32<nvcuda::wmma::matrix_a, nvcuda::wmma::row_major, 8>'
  // CHECK: wmma-tf32.cu:[[@LINE-2]]:3: warning: 4-way bank conflict: read of 'S' takes 4 wavefronts per warp instead of 1 (in 'loadTf32<nvcuda::wmma::matrix_b, nvcuda::wmma::row_major, 32>'
  // CHECK: wmma-tf32.cu:[[@LINE-3]]:3: warning: 8-way bank conflict: read of 'S' takes 8 wavefronts per warp instead of 1 (in 'loadTf32<nvcuda::wmma::matrix_b, nvcuda::wmma::col_major, 64>'
  Out[threadIdx.x] = F.x[0];
}

// The m16n16k8 accumulator is stored as m16n16k16's: row-major ldm 16, four
// STS.64 of 4 wavefronts (16 measured).
template <int Ldm> __global__ void storeTf32Accumulator(float *Out) {
  __shared__ __align__(128) float S[16 * 128];
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> C;
  wmma::fill_fragment(C, 1.0f);
  wmma::store_matrix_sync(S, C, Ldm, wmma::mem_row_major);
  // CHECK: wmma-tf32.cu:[[@LINE-1]]:3: warning: 2-way bank conflict: 8-byte write of 'S' takes 4 wavefronts per warp instead of 2 (in 'storeTf32Accumulator<16>'
  __syncwarp();
  Out[threadIdx.x] = S[threadIdx.x];
}

int main() {
  float *In, *Out;
  loadTf32<wmma::matrix_a, wmma::row_major, 8><<<1, 32>>>(In, Out);
  loadTf32<wmma::matrix_a, wmma::row_major, 12><<<1, 32>>>(In, Out);
  loadTf32<wmma::matrix_b, wmma::row_major, 32><<<1, 32>>>(In, Out);
  loadTf32<wmma::matrix_b, wmma::col_major, 64><<<1, 32>>>(In, Out);
  storeTf32Accumulator<16><<<1, 32>>>(Out);
}
