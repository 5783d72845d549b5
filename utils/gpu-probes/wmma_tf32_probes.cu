// wmma m16n16k8 tf32 fragments from shared memory (LeetCUDA's tf32 HGEMMs
// use them): which SASS instructions nvcc emits for each fragment and
// layout, and the wavefronts per warp instruction for each ldm (in floats).
// Run by run_wmma_tf32_probes.sh; results: docs/measurements/h200-wmma.md.
#include <mma.h>
#include <cstdio>
using namespace nvcuda;

template <typename Use, typename Layout, int LDM>
__global__ void tf32Load(const float *in, float *out) {
  __shared__ __align__(128) float s[16 * 128 + 64];
  for (int i = threadIdx.x; i < 16 * 128 + 64; i += 32) s[i] = in[i];
  __syncwarp();
  wmma::fragment<Use, 16, 16, 8, wmma::precision::tf32, Layout> f;
  wmma::load_matrix_sync(f, s, LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i) acc += f.x[i];
  out[threadIdx.x] = acc;
}

template <int LDM, bool RowMajor>
__global__ void tf32Store(float *out) {
  __shared__ __align__(128) float s[16 * 128 + 64];
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
  wmma::fill_fragment(c, 1.0f);
  wmma::store_matrix_sync(s, c, LDM, RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  __syncwarp();
  out[threadIdx.x] = s[threadIdx.x * 3];
}

#define L(USE, LAY, LDM) tf32Load<wmma::USE, wmma::LAY, LDM><<<1, 32>>>(in, out);
#define S(LDM, R) tf32Store<LDM, R><<<1, 32>>>(out);
int main() {
  float *in, *out;
  cudaMalloc(&in, 65536); cudaMalloc(&out, 65536);
  cudaMemset(in, 0, 65536);
  L(matrix_a, row_major, 8) L(matrix_a, row_major, 12) L(matrix_a, row_major, 16)
  L(matrix_a, row_major, 20) L(matrix_a, row_major, 32) L(matrix_a, row_major, 36)
  L(matrix_a, row_major, 64)
  L(matrix_a, col_major, 16) L(matrix_a, col_major, 20) L(matrix_a, col_major, 32)
  L(matrix_a, col_major, 36) L(matrix_a, col_major, 64)
  L(matrix_b, row_major, 16) L(matrix_b, row_major, 20) L(matrix_b, row_major, 32)
  L(matrix_b, row_major, 36) L(matrix_b, row_major, 64)
  L(matrix_b, col_major, 8) L(matrix_b, col_major, 12) L(matrix_b, col_major, 16)
  L(matrix_b, col_major, 20) L(matrix_b, col_major, 32) L(matrix_b, col_major, 64)
  S(16, true) S(20, true) S(16, false) S(20, false)
  cudaDeviceSynchronize();
  printf("done %s\n", cudaGetErrorString(cudaGetLastError()));
}
