// A 1D convolution with its mask in constant memory: each block stages its
// part of the signal and a halo of RADIUS cells on each side in shared
// memory. The signal length comes from the command line
// (run-program-more.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int RADIUS = 4, BLOCK = 128;
__constant__ float mask[2 * RADIUS + 1];

__global__ void convolve(float *out, const float *in, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  tile[threadIdx.x + RADIUS] = i < n ? in[i] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = i - RADIUS, right = i + BLOCK;
    tile[threadIdx.x] = left >= 0 ? in[left] : 0.0f;
    tile[threadIdx.x + BLOCK + RADIUS] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  float sum = 0;
  for (int j = -RADIUS; j <= RADIUS; ++j)
    sum += mask[j + RADIUS] * tile[threadIdx.x + RADIUS + j];
  if (i < n)
    out[i] = sum;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 16;
  float host[2 * RADIUS + 1];
  for (int j = 0; j <= 2 * RADIUS; ++j)
    host[j] = 1.0f / (2 * RADIUS + 1);
  cudaMemcpyToSymbol(mask, host, sizeof(host));
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  convolve<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, n);
  printf("convolved %d\n", n);
  return cudaDeviceSynchronize() != cudaSuccess;
}
