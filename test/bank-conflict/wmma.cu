// wmma fragments loaded from and stored to shared memory, evaluated as the
// instructions nvcc makes of them for sm_80 and later: a 16x16 half A or B
// fragment is one ldmatrix.x4 (lane l gives row l % 16, 16-byte chunk
// l / 16, of the tile as stored, ldm elements apart), an f32 accumulator is
// four STS.64 (row-major) or eight STS (column-major) in HMMA's layout.
// Every expected number is the H200's (docs/measurements/h200-wmma.md,
// utils/gpu-probes/wmma_probes.cu: wavefronts per launch over 1 load or
// 4 / 8 stores).
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="bank conflict" --implicit-check-not="not analysed"
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

template <typename Use, typename Layout, int Ldm>
__global__ void loadFragment(const half *In, float *Out) {
  __shared__ __align__(128) half S[16 * 128];
  for (int I = threadIdx.x; I < 16 * 128; I += 32)
    S[I] = In[I];
  __syncwarp();
  wmma::fragment<Use, 16, 16, 16, half, Layout> F;
  wmma::load_matrix_sync(F, S, Ldm);
  // Measured: ldm 16: 8 wavefronts; 24: 4; 64: 32; 72: 4 (4 ideal).
  // CHECK: wmma.cu:[[@LINE-2]]:3: warning: 2-way bank conflict: 'wmma::load_matrix_sync' (ldmatrix.x4) of 'S' takes 8 wavefronts per warp instead of 4 (in 'loadFragment<nvcuda::wmma::matrix_a, nvcuda::wmma::row_major, 16>'
  // CHECK: wmma.cu:[[@LINE-3]]:3: warning: 8-way bank conflict: 'wmma::load_matrix_sync' (ldmatrix.x4) of 'S' takes 32 wavefronts per warp instead of 4 (in 'loadFragment<nvcuda::wmma::matrix_b, nvcuda::wmma::col_major, 64>'
  Out[threadIdx.x] = __half2float(F.x[0]);
}

template <int Ldm, bool RowMajor> __global__ void storeAccumulator(float *Out) {
  __shared__ __align__(128) float S[16 * 128];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> C;
  wmma::fill_fragment(C, 1.0f);
  wmma::store_matrix_sync(S, C, Ldm,
                          RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  // Measured: row-major ldm 16: 16 wavefronts in 4 stores; 32: 32; 68: 16;
  // column-major ldm 16: 32 in 8 stores; 68: 8 (the ideal).
  // CHECK: wmma.cu:[[@LINE-4]]:3: warning: 2-way bank conflict: 8-byte write of 'S' takes 4 wavefronts per warp instead of 2 (in 'storeAccumulator<16, true>' and 'storeAccumulator<68, true>'
  // CHECK: wmma.cu:[[@LINE-5]]:3: warning: 4-way bank conflict: 8-byte write of 'S' takes 8 wavefronts per warp instead of 2 (in 'storeAccumulator<32, true>'
  // CHECK: wmma.cu:[[@LINE-6]]:3: warning: 4-way bank conflict: write of 'S' takes 4 wavefronts per warp instead of 1 (in 'storeAccumulator<16, false>'
  __syncwarp();
  Out[threadIdx.x] = S[threadIdx.x];
}

int main() {
  loadFragment<wmma::matrix_a, wmma::row_major, 16><<<1, 32>>>(nullptr, nullptr);
  loadFragment<wmma::matrix_a, wmma::row_major, 24><<<1, 32>>>(nullptr, nullptr);
  loadFragment<wmma::matrix_b, wmma::col_major, 64><<<1, 32>>>(nullptr, nullptr);
  loadFragment<wmma::matrix_b, wmma::col_major, 72><<<1, 32>>>(nullptr, nullptr);
  storeAccumulator<16, true><<<1, 32>>>(nullptr);
  storeAccumulator<32, true><<<1, 32>>>(nullptr);
  storeAccumulator<68, true><<<1, 32>>>(nullptr);
  storeAccumulator<16, false><<<1, 32>>>(nullptr);
  storeAccumulator<68, false><<<1, 32>>>(nullptr);
}
