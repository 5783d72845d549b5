// wmma fragments from shared memory that wmma_probes.cu and
// wmma_tf32_probes.cu do not cover: accumulator loads (f32, f16, s32, f64),
// f16/s32/f64 accumulator stores, 8-bit A/B fragments (the imma GEMMs), the
// double m8n8k4 fragments (the dmma GEMMs) and half A/B fragments of the
// m32n8k16 and m8n32k16 shapes. One warp, one load_matrix_sync or
// store_matrix_sync per launch; which SASS instructions nvcc emits for each,
// and the shared wavefronts of the launch for each ldm (in elements). Run by
// run_wmma_more_probes.sh; results: docs/measurements/h200-wmma.md.
#include <mma.h>
#include <cuda_fp16.h>
#include <cstdio>
using namespace nvcuda;

constexpr int Bytes = 16384;

// Loads one fragment of Use/M/N/K/T (Layout for A and B) with ldm LDM.
template <typename Use, int M, int N, int K, typename T, typename Layout,
          int LDM>
__global__ void loadAb(const int *in, float *out) {
  __shared__ __align__(128) int s[Bytes / 4];
  for (int i = threadIdx.x; i < Bytes / 4; i += 32) s[i] = in[i];
  __syncwarp();
  wmma::fragment<Use, M, N, K, T, Layout> f;
  wmma::load_matrix_sync(f, reinterpret_cast<const T *>(s), LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i) acc += float(f.x[i]);
  out[threadIdx.x] = acc;
}

// Loads an accumulator of type T (shape M/N/K) with ldm LDM.
template <int M, int N, int K, typename T, int LDM, bool RowMajor>
__global__ void loadC(const int *in, float *out) {
  __shared__ __align__(128) int s[Bytes / 4];
  for (int i = threadIdx.x; i < Bytes / 4; i += 32) s[i] = in[i];
  __syncwarp();
  wmma::fragment<wmma::accumulator, M, N, K, T> c;
  wmma::load_matrix_sync(c, reinterpret_cast<const T *>(s), LDM,
                         RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  float acc = 0;
  for (int i = 0; i < c.num_elements; ++i) acc += float(c.x[i]);
  out[threadIdx.x] = acc;
}

// Stores an accumulator of type T (shape M/N/K) with ldm LDM.
template <int M, int N, int K, typename T, int LDM, bool RowMajor>
__global__ void storeC(float *out) {
  __shared__ __align__(128) int s[Bytes / 4];
  wmma::fragment<wmma::accumulator, M, N, K, T> c;
  wmma::fill_fragment(c, T(1));
  wmma::store_matrix_sync(reinterpret_cast<T *>(s), c, LDM,
                          RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  __syncwarp();
  out[threadIdx.x] = float(s[threadIdx.x * 3]);
}

// The same from global memory (the samples' simple_wmma_gemm kernels): the
// SASS instructions and the sectors and requests of the launch.
template <typename Use, int M, int N, int K, typename T, typename Layout,
          int LDM>
__global__ void loadAbGlobal(const int *in, float *out) {
  wmma::fragment<Use, M, N, K, T, Layout> f;
  wmma::load_matrix_sync(f, reinterpret_cast<const T *>(in), LDM);
  float acc = 0;
  for (int i = 0; i < f.num_elements; ++i) acc += float(f.x[i]);
  out[threadIdx.x] = acc;
}

template <int M, int N, int K, typename T, int LDM, bool RowMajor>
__global__ void loadStoreCGlobal(const int *in, float *out) {
  wmma::fragment<wmma::accumulator, M, N, K, T> c;
  wmma::load_matrix_sync(c, reinterpret_cast<const T *>(in), LDM,
                         RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  wmma::store_matrix_sync(reinterpret_cast<T *>(out), c, LDM,
                          RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
}

#define AB(USE, M, N, K, T, LAY, LDM)                                          \
  loadAb<wmma::USE, M, N, K, T, wmma::LAY, LDM><<<1, 32>>>(in, out);
#define LC(M, N, K, T, LDM, R) loadC<M, N, K, T, LDM, R><<<1, 32>>>(in, out);
#define ABG(USE, M, N, K, T, LAY, LDM)                                         \
  loadAbGlobal<wmma::USE, M, N, K, T, wmma::LAY, LDM><<<1, 32>>>(in, out);
#define CG(M, N, K, T, LDM, R) loadStoreCGlobal<M, N, K, T, LDM, R><<<1, 32>>>(in, out);
#define SC(M, N, K, T, LDM, R) storeC<M, N, K, T, LDM, R><<<1, 32>>>(out);

using u8 = unsigned char;
using s8 = signed char;

int main() {
  int *in;
  float *out;
  cudaMalloc(&in, 65536);
  cudaMalloc(&out, 65536);
  cudaMemset(in, 0, 65536);
  // f32 accumulator loads (every tensor-core GEMM sample loads C this way).
  LC(16, 16, 16, float, 16, true) LC(16, 16, 16, float, 20, true)
  LC(16, 16, 16, float, 24, true) LC(16, 16, 16, float, 32, true)
  LC(16, 16, 16, float, 64, true) LC(16, 16, 16, float, 68, true)
  LC(16, 16, 16, float, 16, false) LC(16, 16, 16, float, 20, false)
  LC(16, 16, 16, float, 32, false) LC(16, 16, 16, float, 68, false)
  // f16 accumulators, loaded and stored (ldm in halves).
  LC(16, 16, 16, half, 16, true) LC(16, 16, 16, half, 24, true)
  LC(16, 16, 16, half, 32, true) LC(16, 16, 16, half, 40, true)
  LC(16, 16, 16, half, 64, true) LC(16, 16, 16, half, 16, false)
  LC(16, 16, 16, half, 24, false) LC(16, 16, 16, half, 64, false)
  SC(16, 16, 16, half, 16, true) SC(16, 16, 16, half, 24, true)
  SC(16, 16, 16, half, 32, true) SC(16, 16, 16, half, 40, true)
  SC(16, 16, 16, half, 64, true) SC(16, 16, 16, half, 16, false)
  SC(16, 16, 16, half, 24, false) SC(16, 16, 16, half, 64, false)
  // s32 accumulators of the 8-bit GEMMs.
  LC(16, 16, 16, int, 16, true) LC(16, 16, 16, int, 20, true)
  LC(16, 16, 16, int, 32, true) LC(16, 16, 16, int, 68, true)
  LC(16, 16, 16, int, 16, false) LC(16, 16, 16, int, 20, false)
  SC(16, 16, 16, int, 16, true) SC(16, 16, 16, int, 20, true)
  SC(16, 16, 16, int, 32, true) SC(16, 16, 16, int, 68, true)
  SC(16, 16, 16, int, 16, false) SC(16, 16, 16, int, 20, false)
  // 8-bit A and B (ldm in bytes, a multiple of 16).
  AB(matrix_a, 16, 16, 16, u8, row_major, 16) AB(matrix_a, 16, 16, 16, u8, row_major, 32)
  AB(matrix_a, 16, 16, 16, u8, row_major, 48) AB(matrix_a, 16, 16, 16, u8, row_major, 64)
  AB(matrix_a, 16, 16, 16, u8, row_major, 80) AB(matrix_a, 16, 16, 16, u8, row_major, 128)
  AB(matrix_a, 16, 16, 16, u8, row_major, 144)
  AB(matrix_a, 16, 16, 16, u8, col_major, 16) AB(matrix_a, 16, 16, 16, u8, col_major, 48)
  AB(matrix_a, 16, 16, 16, u8, col_major, 128) AB(matrix_a, 16, 16, 16, u8, col_major, 144)
  AB(matrix_b, 16, 16, 16, u8, col_major, 16) AB(matrix_b, 16, 16, 16, u8, col_major, 32)
  AB(matrix_b, 16, 16, 16, u8, col_major, 48) AB(matrix_b, 16, 16, 16, u8, col_major, 64)
  AB(matrix_b, 16, 16, 16, u8, col_major, 80) AB(matrix_b, 16, 16, 16, u8, col_major, 128)
  AB(matrix_b, 16, 16, 16, u8, col_major, 144)
  AB(matrix_b, 16, 16, 16, u8, row_major, 16) AB(matrix_b, 16, 16, 16, u8, row_major, 48)
  AB(matrix_b, 16, 16, 16, u8, row_major, 128) AB(matrix_b, 16, 16, 16, u8, row_major, 144)
  AB(matrix_a, 16, 16, 16, s8, row_major, 16) AB(matrix_a, 16, 16, 16, s8, row_major, 80)
  // double m8n8k4 (ldm in doubles, a multiple of 2).
  AB(matrix_a, 8, 8, 4, double, row_major, 4) AB(matrix_a, 8, 8, 4, double, row_major, 6)
  AB(matrix_a, 8, 8, 4, double, row_major, 8) AB(matrix_a, 8, 8, 4, double, row_major, 10)
  AB(matrix_a, 8, 8, 4, double, row_major, 16) AB(matrix_a, 8, 8, 4, double, row_major, 18)
  AB(matrix_a, 8, 8, 4, double, col_major, 8) AB(matrix_a, 8, 8, 4, double, col_major, 10)
  AB(matrix_a, 8, 8, 4, double, col_major, 16) AB(matrix_a, 8, 8, 4, double, col_major, 18)
  AB(matrix_b, 8, 8, 4, double, col_major, 4) AB(matrix_b, 8, 8, 4, double, col_major, 6)
  AB(matrix_b, 8, 8, 4, double, col_major, 8) AB(matrix_b, 8, 8, 4, double, col_major, 10)
  AB(matrix_b, 8, 8, 4, double, col_major, 16) AB(matrix_b, 8, 8, 4, double, col_major, 18)
  AB(matrix_b, 8, 8, 4, double, row_major, 8) AB(matrix_b, 8, 8, 4, double, row_major, 10)
  AB(matrix_b, 8, 8, 4, double, row_major, 16) AB(matrix_b, 8, 8, 4, double, row_major, 18)
  LC(8, 8, 4, double, 8, true) LC(8, 8, 4, double, 10, true)
  LC(8, 8, 4, double, 16, true) LC(8, 8, 4, double, 18, true)
  LC(8, 8, 4, double, 8, false) LC(8, 8, 4, double, 10, false)
  SC(8, 8, 4, double, 8, true) SC(8, 8, 4, double, 10, true)
  SC(8, 8, 4, double, 16, true) SC(8, 8, 4, double, 18, true)
  SC(8, 8, 4, double, 8, false) SC(8, 8, 4, double, 10, false)
  // half A and B of the other two shapes (ldm in halves).
  AB(matrix_a, 32, 8, 16, half, row_major, 16) AB(matrix_a, 32, 8, 16, half, row_major, 24)
  AB(matrix_a, 32, 8, 16, half, row_major, 64) AB(matrix_a, 32, 8, 16, half, col_major, 32)
  AB(matrix_a, 32, 8, 16, half, col_major, 40) AB(matrix_a, 32, 8, 16, half, col_major, 64)
  AB(matrix_b, 32, 8, 16, half, row_major, 8) AB(matrix_b, 32, 8, 16, half, row_major, 16)
  AB(matrix_b, 32, 8, 16, half, row_major, 64) AB(matrix_b, 32, 8, 16, half, col_major, 16)
  AB(matrix_b, 32, 8, 16, half, col_major, 24) AB(matrix_b, 32, 8, 16, half, col_major, 64)
  AB(matrix_a, 8, 32, 16, half, row_major, 16) AB(matrix_a, 8, 32, 16, half, row_major, 24)
  AB(matrix_a, 8, 32, 16, half, row_major, 64) AB(matrix_a, 8, 32, 16, half, col_major, 8)
  AB(matrix_a, 8, 32, 16, half, col_major, 16) AB(matrix_a, 8, 32, 16, half, col_major, 64)
  AB(matrix_b, 8, 32, 16, half, row_major, 32) AB(matrix_b, 8, 32, 16, half, row_major, 40)
  AB(matrix_b, 8, 32, 16, half, row_major, 64) AB(matrix_b, 8, 32, 16, half, col_major, 16)
  AB(matrix_b, 8, 32, 16, half, col_major, 24) AB(matrix_b, 8, 32, 16, half, col_major, 64)
  LC(32, 8, 16, float, 8, true) LC(32, 8, 16, float, 12, true)
  LC(32, 8, 16, float, 32, false) LC(32, 8, 16, float, 36, false)
  SC(32, 8, 16, float, 8, true) SC(32, 8, 16, float, 12, true)
  SC(32, 8, 16, float, 32, false) SC(32, 8, 16, float, 36, false)
  SC(8, 32, 16, float, 32, true) SC(8, 32, 16, float, 36, true)
  SC(8, 32, 16, float, 8, false) SC(8, 32, 16, float, 12, false)
  LC(8, 32, 16, float, 32, true) LC(8, 32, 16, float, 36, true)
  LC(8, 32, 16, float, 8, false) LC(8, 32, 16, float, 12, false)
  // The tf32 GEMMs' accumulator (m16n16k8), loaded.
  LC(16, 16, 8, float, 16, true) LC(16, 16, 8, float, 32, true)
  LC(16, 16, 8, float, 16, false) LC(16, 16, 8, float, 20, false)
  // From global memory.
  ABG(matrix_a, 16, 16, 16, half, row_major, 16) ABG(matrix_a, 16, 16, 16, half, row_major, 64)
  ABG(matrix_a, 16, 16, 16, half, col_major, 64) ABG(matrix_b, 16, 16, 16, half, col_major, 64)
  ABG(matrix_a, 16, 16, 16, u8, row_major, 128) ABG(matrix_a, 8, 8, 4, double, row_major, 64)
  CG(16, 16, 16, float, 16, true) CG(16, 16, 16, float, 64, true) CG(16, 16, 16, float, 64, false)
  CG(16, 16, 16, half, 64, true) CG(16, 16, 16, int, 64, true) CG(8, 8, 4, double, 64, true)
  cudaDeviceSynchronize();
  printf("done %s\n", cudaGetErrorString(cudaGetLastError()));
}
