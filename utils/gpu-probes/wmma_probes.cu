// wmma::load_matrix_sync / store_matrix_sync from shared memory: which SASS
// (docs/measurements/h200-wmma.md)
// instruction, and wavefronts per warp instruction for each ldm.
#include <mma.h>
#include <cuda_fp16.h>
#include <cstdio>
using namespace nvcuda;

template <typename Use, typename Layout, int LDM>
__global__ void loadProbe(const half *in, float *out) {
  __shared__ __align__(128) half s[16 * 128 + 64];
  for (int i = threadIdx.x; i < 16 * 128 + 64; i += 32) s[i] = in[i];
  __syncwarp();
  wmma::fragment<Use, 16, 16, 16, half, Layout> f;
  wmma::load_matrix_sync(f, s, LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i) acc += __half2float(f.x[i]);
  out[threadIdx.x] = acc;
}

template <int LDM, bool RowMajor>
__global__ void storeProbe(float *out) {
  __shared__ __align__(128) float s[16 * 128 + 64];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::fill_fragment(c, 1.0f);
  wmma::store_matrix_sync(s, c, LDM, RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  __syncwarp();
  out[threadIdx.x] = s[threadIdx.x * 3];
}

#define L(USE, LAY, LDM) loadProbe<wmma::USE, wmma::LAY, LDM><<<1, 32>>>(in, out);
#define S(LDM, R) storeProbe<LDM, R><<<1, 32>>>(out);
int main() {
  half *in; float *out;
  cudaMalloc(&in, 65536); cudaMalloc(&out, 65536);
  cudaMemset(in, 0, 65536);
  L(matrix_a, row_major, 16) L(matrix_a, row_major, 24) L(matrix_a, row_major, 32)
  L(matrix_a, row_major, 40) L(matrix_a, row_major, 64) L(matrix_a, row_major, 72) L(matrix_a, row_major, 128)
  L(matrix_a, col_major, 16) L(matrix_a, col_major, 64) L(matrix_a, col_major, 72)
  L(matrix_b, row_major, 16) L(matrix_b, row_major, 64) L(matrix_b, row_major, 72)
  L(matrix_b, col_major, 16) L(matrix_b, col_major, 64) L(matrix_b, col_major, 72)
  S(16, true) S(20, true) S(32, true) S(64, true) S(68, true) S(16, false) S(64, false) S(68, false)
  cudaDeviceSynchronize();
  printf("done %s\n", cudaGetErrorString(cudaGetLastError()));
}
