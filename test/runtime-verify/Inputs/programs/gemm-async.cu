// A tiled single-precision matrix multiply, C = A * B, whose tiles arrive in
// shared memory by cuda::memcpy_async (libcu++) in two stages, as
// double-buffered GEMMs load them. A's tile is stored transposed (k-major)
// so that the inner product reads it along m; each thread copies 4 elements
// of A's row into 4 rows of the tile, which puts 4 lanes of a warp on one
// bank per copy. nvcc gives the copies the line of the library function it
// inlined (cp_async_shared_global.h), not the kernel's line
// (run-program-inline.test). The sizes come from the command line: m and n
// multiples of 64, k of 16.
#include <cstdio>
#include <cstdlib>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_runtime.h>

constexpr int BM = 64, BN = 64, BK = 16, Threads = 256;

__device__ void loadTiles(float (*as)[BM], float (*bs)[BN], const float *a,
                          const float *b, int n, int k, int rowA, int colB,
                          int t, cuda::pipeline<cuda::thread_scope_thread> &pipe) {
  // A: 64 rows x 16 columns, one float4's worth (4 columns) per thread.
  int r = threadIdx.x / 4, c = (threadIdx.x % 4) * 4;
  for (int i = 0; i < 4; ++i)
    cuda::memcpy_async(&as[c + i][r], &a[(rowA + r) * k + t + c + i],
                       cuda::aligned_size_t<4>(sizeof(float)), pipe);
  // B: 16 rows x 64 columns, 4 consecutive floats per thread.
  int rb = threadIdx.x / 16, cb = (threadIdx.x % 16) * 4;
  cuda::memcpy_async(&bs[rb][cb], &b[(t + rb) * n + colB + cb],
                     cuda::aligned_size_t<16>(4 * sizeof(float)), pipe);
}

__global__ void gemmAsync(float *c, const float *a, const float *b, int m,
                          int n, int k) {
  __shared__ alignas(16) float as[2][BK][BM];
  __shared__ alignas(16) float bs[2][BK][BN];
  auto pipe = cuda::make_pipeline();
  int rowA = blockIdx.y * BM, colB = blockIdx.x * BN;
  // Each thread computes a 4x4 block of C.
  int tr = (threadIdx.x / 16) * 4, tc = (threadIdx.x % 16) * 4;
  float sum[4][4] = {};

  pipe.producer_acquire();
  loadTiles(as[0], bs[0], a, b, n, k, rowA, colB, 0, pipe);
  pipe.producer_commit();
  for (int t = 0, stage = 0; t < k; t += BK, stage ^= 1) {
    if (t + BK < k) {
      pipe.producer_acquire();
      loadTiles(as[stage ^ 1], bs[stage ^ 1], a, b, n, k, rowA, colB, t + BK,
                pipe);
      pipe.producer_commit();
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    } else {
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    }
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          sum[i][j] += as[stage][kk][tr + i] * bs[stage][kk][tc + j];
    __syncthreads();
    pipe.consumer_release();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      c[(rowA + tr + i) * n + colB + tc + j] = sum[i][j];
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 256, n = argc > 2 ? atoi(argv[2]) : 256,
      k = argc > 3 ? atoi(argv[3]) : 256;
  if (m % BM || n % BN || k % BK) {
    fprintf(stderr, "m, n must be multiples of %d, k of %d\n", BM, BK);
    return 2;
  }
  float *a, *b, *c;
  cudaMalloc(&a, sizeof(float) * m * k);
  cudaMalloc(&b, sizeof(float) * k * n);
  cudaMalloc(&c, sizeof(float) * m * n);
  cudaMemset(a, 0, sizeof(float) * m * k);
  cudaMemset(b, 0, sizeof(float) * k * n);
  gemmAsync<<<dim3(n / BN, m / BM), Threads>>>(c, a, b, m, n, k);
  printf("gemm-async %dx%dx%d\n", m, n, k);
  return cudaDeviceSynchronize() != cudaSuccess;
}
