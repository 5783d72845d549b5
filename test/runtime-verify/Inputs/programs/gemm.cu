// A tiled single-precision matrix multiply, C = A * B, with 16x16 tiles of
// A and B in shared memory; the sizes come from the command line
// (run-program-more.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int T = 16;

__global__ void gemmTiled(float *c, const float *a, const float *b, int m,
                          int n, int k) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
  float sum = 0;
  for (int t = 0; t < k; t += T) {
    as[threadIdx.y][threadIdx.x] = a[row * k + t + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int i = 0; i < T; ++i)
      sum += as[threadIdx.y][i] * bs[i][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 256, n = argc > 2 ? atoi(argv[2]) : 256,
      k = argc > 3 ? atoi(argv[3]) : 256;
  float *a, *b, *c;
  cudaMalloc(&a, sizeof(float) * m * k);
  cudaMalloc(&b, sizeof(float) * k * n);
  cudaMalloc(&c, sizeof(float) * m * n);
  cudaMemset(a, 0, sizeof(float) * m * k);
  cudaMemset(b, 0, sizeof(float) * k * n);
  gemmTiled<<<dim3(n / T, m / T), dim3(T, T)>>>(c, a, b, m, n, k);
  printf("gemm %dx%dx%d\n", m, n, k);
  return cudaDeviceSynchronize() != cudaSuccess;
}
